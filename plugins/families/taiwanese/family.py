"""The Taiwanese family's plugin: the tai engine, the base-plus-tai settlement and the eight-flowers win.

Registered in the ``mahjong_core.plugins`` entry-point group as ``taiwanese``, exactly as a third party's family
would be; the ``taiwanese_16`` ruleset chooses it with ``scoring.family: taiwanese`` and ``settlement:
taiwanese`` (the hooks of :mod:`.settlement`).  Its games ask it to score a hand, to say how many times the dealer
has kept the deal (``mahjong_win_context``), and whether a seat holding all eight flowers has won
(``mahjong_hand_complete``): that win needs no shape, so the hand's tiles cannot decide it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.taiwanese import predicates
from mahjong_rulesets.families.taiwanese import settlement as taiwanese_settlement
from mahjong_rulesets.families.taiwanese.predicates import EIGHT
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


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> dict[str, Any]:
    """How many times the winning dealer has kept the deal (連莊): the table's deals in a row with one dealer."""
    return {"dealer_repeats": table.deal_in_round if seat == table.dealer else 0}


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """All eight flowers and seasons drawn: a win on the draw that brought the last of them, whatever the tiles.

    ``None`` otherwise, so the hand's shape decides as in any game.
    """
    if how in ("self_drawn", "replacement") and len(set(table.seats[seat].bonus)) == EIGHT:
        return True
    return None
