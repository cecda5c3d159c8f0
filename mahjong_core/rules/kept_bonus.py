"""Bonus tiles kept in the hand by choice: a ruleset's ``bonus_kept`` data read once into a :class:`KeptBonus`.

A bonus tile (a flower) is set aside face up as it is drawn and replaced, in every ruleset that says nothing
here, so those games and their logs are what they were.  Where ``bonus_kept`` is given (Vietnamese mahjong: a
flower is declared on the seat's turn, or kept and discarded for the hand of no flowers), a bonus tile drawn or
dealt goes into the seat's concealed hand instead (``Seat.kept``), counted as a tile of the hand that is part of no
set: the seat may set it aside later, replaced as ever (the ``bonus_kept`` mechanism offers that action, in the
seat's turn and before play), or discard it.  ``won_on_discarded``: a discarded one may be won on, alone, by a
seat ready to win, taken as the joker ``jokers.claimed_to_win_as`` names (the Vietnamese General); else it is dead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mahjong_core.rules.ruleset import Ruleset


@dataclass(frozen=True)
class KeptBonus:
    """How a ruleset's bonus tiles are kept in the hand.

    :param after_claim: a kept one may be set aside in the turn of a pung or chow.
    :param before_play: those of the dealt hand may be set aside before the first discard, each seat in turn.
    :param won_on_discarded: a discarded one may be won on as the joker ``jokers.claimed_to_win_as`` names.
    """

    after_claim: bool
    before_play: bool
    won_on_discarded: bool


def kept_bonus(ruleset: Ruleset) -> KeptBonus | None:
    """The ruleset's ``bonus_kept``, or ``None`` where every bonus tile is set aside as it is drawn."""
    value = ruleset.get("bonus_kept")
    if not isinstance(value, Mapping):
        return None
    return KeptBonus(bool(value.get("after_claim")), bool(value.get("before_play")),
                     bool(value.get("won_on_discarded")))
