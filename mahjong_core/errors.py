"""One exception family for every kind of bad input, and every error the core exports.

Users of this project are club referees and engine authors feeding it files and
strings written by hand.  They need one line that says *which* input, *where* in
it, and *what was expected* -- never a traceback.  Every module raises
:class:`MahjongError` (or a subclass) with those three facts, and the CLI turns
it into ``file::place: message`` and a non-zero exit status.

Every error a program or a plugin may catch is defined here, so one page shows
what can go wrong and one ``except`` clause can name any of it::

    Exception
    ├── MahjongError             bad input, located (exit status 2)
    │   ├── NotationError        a tile or hand string off the notation
    │   ├── HandError            a well-written hand that cannot be
    │   ├── RulesetError         a ruleset table that does not load
    │   │   └── DataFileError    a hand-written data file (a card) with every error in it, each at its line
    │   ├── ReplayError          a log that cannot be read at all
    │   ├── SheetError           a score sheet that cannot be read as one
    │   ├── JournalError         a soak journal that cannot be resumed
    │   ├── WallError            a wall that cannot be built, or a draw it cannot serve
    │   ├── IllegalAction        a choice that was not among the legal ones
    │   └── UnendingGame         a game past the bound of deals its length allows
    ├── ValueError
    │   └── StrictJSONError      a JSON text the strict reader refuses (its caller locates it)
    └── AssertionError
        └── InvariantBroken      a game broke an invariant no ruleset may break

The older homes of these classes (``mahjong_core.table.wall.WallError``,
``mahjong_core.engine.game.IllegalAction`` ...) still import them from here.
Exceptions that never leave the module raising them (the engine's ``DealOver``
signal, the audit's ``Divergence``, the schema compiler's ``UnsupportedSchema``,
the command line's usage error) stay where they are: they are control flow, not
errors a caller sees.

This module imports nothing of the core, so every layer may raise from it.
"""

from __future__ import annotations

from typing import Any, Protocol, Self


class MahjongError(Exception):
    """Bad input, located.

    :param message: what is wrong and what was expected.
    :param source: the file (or ``<argument>``, ``<stdin>``) the input came from.
    :param place: where inside it: a JSON path (``$.parameters.usual_limit``),
        a character offset (``char 7``), an event number (``event 12``).
    """

    #: The exit status of the command it ends: 2, bad usage or unreadable input (see ``mahjong --help``).
    exit_code = 2

    def __init__(self, message: str, *, source: str | None = None, place: str | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.place = place
        #: The line and column (1-based) in ``source`` where the place is written, where known (a YAML file's).
        self.line: int | None = None
        self.column: int | None = None

    def located(self, *, source: str | None = None, place: str | None = None) -> Self:
        """Return the same error with a source/place filled in where still unknown."""
        if self.source is None and source is not None:
            self.source = source
        if self.place is None and place is not None:
            self.place = place
        return self

    def at(self, line: int, column: int) -> Self:
        """Return the same error, located at a line and column of its source as well."""
        self.line, self.column = line, column
        return self

    def __str__(self) -> str:
        place = self.place
        if self.line is not None:
            place = f"{place or ''} (line {self.line}, column {self.column})".lstrip()
        where = "::".join(p for p in (self.source, place) if p)
        return f"{where}: {self.message}" if where else self.message

    def to_json(self) -> dict[str, Any]:
        """The error as one JSON object: ``error`` (the message), ``source``, ``place``, ``line``, ``column``."""
        out: dict[str, Any] = {"error": self.message, "source": self.source, "place": self.place}
        if self.line is not None:
            out.update(line=self.line, column=self.column)
        out["exit_code"] = self.exit_code
        return out


class NotationError(MahjongError):
    """A tile or hand string that does not follow the notation."""


class HandError(MahjongError):
    """A hand that is well written but impossible (fifth copy, wrong tile count)."""


class RulesetError(MahjongError):
    """A ruleset table that does not load: schema, inheritance or predicate errors."""


class DataFileError(RulesetError):
    """Every error found in one hand-written data file (a card of fixed hands), each located at its line.

    A referee who fixes one mistake should not have to run the check again to learn of the next, so the reader
    collects them all; the first gives this error its own source and place, and ``str()`` lists each on its line.

    :param errors: the located errors, in the order of the file (at least one).
    """

    def __init__(self, errors: list[RulesetError]):
        first = errors[0]
        super().__init__(first.message, source=first.source, place=first.place)
        self.line, self.column = first.line, first.column
        self.errors = list(errors)

    def __str__(self) -> str:
        return "\n".join(RulesetError.__str__(e) for e in self.errors)


class ReplayError(MahjongError):
    """A replay log that is corrupt, cut off, tampered with, or names an unknown ruleset.

    Raised where a log cannot be read at all, so its exit status is that of unreadable input (2); a log that
    reads and is found wrong is a verdict (``mahjong replay``/``audit`` exit 1).
    """


class SheetError(MahjongError):
    """A score sheet that cannot be read as one: located at its file, line and column."""


class JournalError(MahjongError):
    """A journal that cannot be resumed: unreadable, malformed, or of another run."""


class WallError(MahjongError):
    """A wall that cannot be built as given, or a draw the wall cannot serve."""


class IllegalAction(MahjongError):
    """A player (or a replay) chose an action that was not among the legal ones."""


class _GameLength(Protocol):
    """What :class:`UnendingGame` reads of a ruleset (a :class:`mahjong_core.Ruleset` has it), named by shape
    so that this bottom module imports nothing of the layers above it."""

    @property
    def location(self) -> str | None: ...

    def get(self, name: str, default: Any = None) -> Any: ...


class UnendingGame(MahjongError):
    """A game that passed the bound of deals its ruleset's length allows (``mahjong_core.rules.playable.deal_bound``).

    Stopped rather than played on: a game that cannot end (every deal drawn while the dealer keeps the deal on a
    draw, a hook that never ends the game) would otherwise play, and log, deals until the disk is full.
    """

    def __init__(self, ruleset: _GameLength, deals: int, round_index: int, bound: int) -> None:
        rounds, players = ruleset.get("rounds_per_game", 4), ruleset.get("players", 4)
        super().__init__(
            f"the game has played {deals} deals and is still in round {round_index + 1} of {rounds}: a game "
            f"of {rounds} rounds of {players} deals is stopped as unending at {bound} deals "
            f"({bound // max(1, rounds * players)} times as many); do its players never win, or does a hook "
            f"never end the game?", source=ruleset.location, place=f"deal {deals}")


class StrictJSONError(ValueError):
    """A JSON text the strict reader (``mahjong_core.reading.strict_json``) refuses, with what is wrong and the
    column where it is (1-based, or None).

    A ``ValueError`` rather than a :class:`MahjongError`: the text alone does not say which file or event it
    came from, so its caller words the located error (a log's line, a websocket message).
    """

    def __init__(self, message: str, column: int | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.column = column
        #: The line within the text, for a text of several lines (a log's line is its caller's to name).
        self.line = line

    def __str__(self) -> str:
        if self.column is None:
            return self.message
        return f"{self.message} at {f'line {self.line}, ' if self.line else ''}column {self.column}"


class InvariantBroken(AssertionError):
    """A game broke an invariant no ruleset may break (an assertion failure to a test, a verdict to a soak)."""
