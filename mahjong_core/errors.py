"""One exception family for every kind of bad input.

Users of this project are club referees and engine authors feeding it files and
strings written by hand.  They need one line that says *which* input, *where* in
it, and *what was expected* -- never a traceback.  Every module raises
:class:`MahjongError` (or a subclass) with those three facts, and the CLI turns
it into ``file::place: message`` and a non-zero exit status.
"""

from __future__ import annotations

from typing import Any, Self


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


class ReplayError(MahjongError):
    """A replay log that is corrupt, cut off, tampered with, or names an unknown ruleset.

    Raised where a log cannot be read at all, so its exit status is that of unreadable input (2); a log that
    reads and is found wrong is a verdict (``mahjong replay``/``audit`` exit 1).
    """
