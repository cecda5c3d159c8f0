"""The win by discarding green jokers: a seat whose third green joker discarded is claimed by no one may win.

riichi_advanced section Green (cited, not quoted): whatever its hand, a seat that has discarded three green jokers
-- the General, the dots, the bamboo and the characters jokers, 1j-4j -- and no red one (the winds, the dragons and
the suited tiles' jokers, 5j-7j; the flower joker is set aside as a flower here, never discarded) may declare a
win once no seat claims the third; it may instead play on, and may declare the win after each further green joker
no one claims.  The win is counted as self-drawn, every loser paying double; three or four green jokers are one
Mủn, five or more two (the ``limit_hands`` rows ``green_jokers_three`` and ``green_jokers_five``).

The engine asks, once no seat claims a joker discarded, whether its discard wins for its discarder
(``mahjong_hand_complete`` with how ``own_discard``); this module answers it from the seat's discards, and gives
the win's facts: ``green_jokers_discarded`` (how many the winner discarded, 0 for any other win) and
``bonus_win`` (a win its tiles did not make, scored by the limit rows alone).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong_rulesets.rulesets.vietnamese.predicates import GREEN_JOKERS, RED_JOKERS

from mahjong_core.plugin import Table

#: The win's fact: the green jokers the winner discarded, where their discard made the win.
FACT = "green_jokers_discarded"
#: The fewest green jokers discarded that win.
AT_LEAST = 3
#: How the engine asks whether a seat's own unclaimed joker wins for it.
OWN_DISCARD = "own_discard"


def green_discarded(table: Table, seat: int) -> int:
    """The green jokers the seat has discarded this deal, 0 where it has discarded a red one (which spoils the
    win: riichi_advanced section Green)."""
    discards = table.seats[seat].discards
    if any(tile in RED_JOKERS for tile in discards):
        return 0
    return sum(1 for tile in discards if tile in GREEN_JOKERS)


def wins_by_discard(table: Table, seat: int) -> bool:
    """Whether the joker the seat has just discarded, claimed by no one, wins for it: a green joker, its third or
    later, and no red joker discarded."""
    return table.last_discarder == seat and table.last_discard in GREEN_JOKERS \
        and green_discarded(table, seat) >= AT_LEAST


def hand_complete(table: Table, seat: int, how: str) -> bool | None:
    """``True`` where the seat's own green joker wins for it (how ``own_discard``); ``None`` for every other
    question, so the hand's shape decides as in any game."""
    return True if how == OWN_DISCARD and wins_by_discard(table, seat) else None


def win_context(table: Table, seat: int, how: str) -> Mapping[str, Any]:
    """The green jokers the winner discarded where their discard made the win (counted as self-drawn), and that
    the win is one its tiles did not make (``bonus_win``)."""
    if how == "self_drawn" and wins_by_discard(table, seat):
        return {FACT: green_discarded(table, seat), "bonus_win": True}
    return {FACT: 0}
