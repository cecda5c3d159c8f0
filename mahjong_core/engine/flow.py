"""How control leaves a phase of a deal early: the deal ends, a choice was not legal, a hook did not answer.

The phase modules (:mod:`.dealing`, :mod:`.exchange`, :mod:`.turn`,
:mod:`.claims`, :mod:`.winning`, :mod:`.deal_end`) all raise these, and the
game (:mod:`.game`) catches :class:`DealOver` once, around the whole deal; so
they live below every phase rather than in the game that imports the phases.
"""

from __future__ import annotations

from typing import TypeVar

from mahjong_core.errors import IllegalAction, MahjongError
from mahjong_core.table.state import Outcome

_T = TypeVar("_T")

#: Raised by the phases; defined with every exported error in :mod:`mahjong_core.errors`.
__all__ = ["DealOver", "IllegalAction", "PlayGoesOn", "answered"]


class DealOver(Exception):
    """Internal signal: the current deal has ended with ``outcome``.

    Raised from deep inside a phase (a win on a discard, a wall with no
    replacement tile left, the wronged side ending the deal after a false
    mahjong) so that every phase need not return "and the deal is over".
    """

    def __init__(self, outcome: Outcome):
        self.outcome = outcome


class PlayGoesOn(Exception):
    """Internal signal: a seat won, and the deal goes on without it (``deal_ends_at_wins`` above 1).

    Raised where the win was declared (a discard's claim window, a turn, a robbed kong) so that the turn in
    progress ends there; the game's loop of turns goes on from the seat after ``seat``, the last winner.
    """

    def __init__(self, seat: int):
        self.seat = seat


def answered(answer: _T | None, hook: str) -> _T:
    """The answer of a ``firstresult`` hook that the core's defaults always answer.

    ``None`` means no plugin answered, which only a game without the core's
    defaults registered can see: it is said so, rather than failing later on
    the missing value.
    """
    if answer is None:
        raise MahjongError(f"no plugin answers {hook}, which the core's defaults "
                           "(mahjong_core.plugin.defaults) answer: "
                           "are they registered?", place=hook)
    return answer
