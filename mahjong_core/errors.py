"""One exception family for every kind of bad input.

Users of this project are club referees and engine authors feeding it files and
strings written by hand.  They need one line that says *which* input, *where* in
it, and *what was expected* -- never a traceback.  Every module raises
:class:`MahjongError` (or a subclass) with those three facts, and the CLI turns
it into ``file::place: message`` and a non-zero exit status.
"""

from __future__ import annotations

from typing import Self


class MahjongError(Exception):
    """Bad input, located.

    :param message: what is wrong and what was expected.
    :param source: the file (or ``<argument>``, ``<stdin>``) the input came from.
    :param place: where inside it: a JSON path (``$.parameters.usual_limit``),
        a character offset (``char 7``), an event number (``event 12``).
    """

    exit_code = 2

    def __init__(self, message: str, *, source: str | None = None, place: str | None = None):
        super().__init__(message)
        self.message = message
        self.source = source
        self.place = place

    def located(self, *, source: str | None = None, place: str | None = None) -> Self:
        """Return the same error with a source/place filled in where still unknown."""
        if self.source is None and source is not None:
            self.source = source
        if self.place is None and place is not None:
            self.place = place
        return self

    def __str__(self) -> str:
        where = "::".join(p for p in (self.source, self.place) if p)
        return f"{where}: {self.message}" if where else self.message


class NotationError(MahjongError):
    """A tile or hand string that does not follow the notation."""


class HandError(MahjongError):
    """A hand that is well written but impossible (fifth copy, wrong tile count)."""


class RulesetError(MahjongError):
    """A ruleset table that does not load: schema, inheritance or predicate errors."""


class ReplayError(MahjongError):
    """A replay log that is corrupt, cut off, tampered with, or names an unknown ruleset."""

    exit_code = 3
