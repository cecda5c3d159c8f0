"""The Taiwanese family's plugin: the tai engine, the base-plus-tai settlement and the eight-flowers win.

Registered in the ``mahjong_core.plugins`` entry-point group as ``taiwanese``, exactly as a third party's family
would be; the ``taiwanese_16`` ruleset chooses it with ``scoring.family: taiwanese`` and ``settlement:
taiwanese`` (the hooks of :mod:`.settlement`).  Its games ask it to score a hand, to say how many times the dealer
has kept the deal (``mahjong_win_context``), and whether a seat holding all eight flowers has won
(``mahjong_hand_complete``): that win needs no shape, so the hand's tiles cannot decide it.

Seven flowers robbing the eighth (七搶一) is played where the ruleset's ``limit_hands`` has a row of the predicate
``tw_seven_rob_eighth`` (its value and citation are the ruleset's data): the family then lets a bonus tile being
set aside be robbed (``mahjong_kong_robbable`` with the way ``bonus``) by a seat holding the seven others
(``mahjong_hand_complete`` with how ``robbing_bonus``), as the engine asks of every bonus tile set aside; the
drawer pays as the discarder of the tile (:mod:`.settlement`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.taiwanese import predicates
from mahjong_rulesets.families.taiwanese import settlement as taiwanese_settlement
from mahjong_rulesets.families.taiwanese.predicates import EIGHT, ROBBING_BONUS
from mahjong_rulesets.families.taiwanese.scoring import (
    FAMILY,
    UNITS,
    check_tables,
    explain_total,
    facts_read,
    score,
)

from mahjong_core.plugin import (
    Contribution,
    FactsRead,
    Hand,
    Predicate,
    Ruleset,
    Score,
    Table,
    TotalSteps,
    hookimpl,
)


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return list(predicates.VOCABULARY)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__], units=UNITS,
                         description="Taiwanese tai added up from a table: the dealer and his kept deals, "
                                     "concealment, winds, dragons, flowers by seat, suits, concealed pungs; "
                                     "eight flowers a win in itself",
                         hand_sizes=frozenset({16})),  # five sets and a pair: the tai table reads no other
            Contribution("settlement", taiwanese_settlement.SETTLEMENT, taiwanese_settlement,
                         description="a base plus so much a tai, from the discarder alone or from every loser of "
                                     "a self-drawn win; a paying dealer adds the dealer's tai")]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    return score(ruleset, hand, context)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    check_tables(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    return facts_read(ruleset)


@hookimpl
def mahjong_explain_total(score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps:
    return explain_total(score, units, label)


#: The predicate whose ``limit_hands`` row switches the robbery of the eighth flower on, and the win's way.
ROB_PREDICATE = "tw_seven_rob_eighth"


def robs_eighth(ruleset: Ruleset) -> bool:
    """Whether the ruleset plays seven flowers robbing the eighth: a ``limit_hands`` row of its predicate."""
    rows = ruleset.raw_tables.get("limit_hands", {})  # read, not copied: asked at every bonus tile set aside
    return any(isinstance(row, dict) and row.get("predicate") == ROB_PREDICATE for row in rows.values())


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> dict[str, Any]:
    """How many times the winning dealer has kept the deal (連莊): the table's deals in a row with one dealer."""
    return {"dealer_repeats": table.deal_in_round if seat == table.dealer else 0}


@hookimpl
def mahjong_kong_robbable(ruleset: Ruleset, way: str) -> bool | None:
    """A bonus tile being set aside may be robbed where the ruleset plays seven flowers robbing the eighth; any
    other way is another plugin's question (``None``)."""
    return robs_eighth(ruleset) if way == "bonus" else None


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """All eight flowers and seasons drawn: a win on the draw that brought the last of them, whatever the tiles;
    seven held, the eighth being set aside by another seat: a win by robbing it where the ruleset plays that.

    ``None`` otherwise, so the hand's shape decides as in any game.
    """
    held = table.seats[seat].bonus
    if how in ("self_drawn", "replacement") and len(set(held)) == EIGHT:
        return True
    if how == ROBBING_BONUS:  # the seven others held, this one being set aside by another seat
        return len(set(held)) == EIGHT - 1 and tile not in held and robs_eighth(ruleset)
    return None
