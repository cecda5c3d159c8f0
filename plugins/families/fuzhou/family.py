"""The Fuzhou family's plugin: flowers and golds on a base, the settlement, three golds and the robbed gold.

Registered in the ``mahjong_core.plugins`` entry-point group as ``fuzhou``, exactly as a third party's family
would be; the ``fuzhou`` ruleset chooses it with ``scoring.family: fuzhou`` and ``settlement: fuzhou``.  Its
games ask it to score a hand, whether a win robbed the turned gold (``mahjong_win_context``: the core's
wild kind offers the gold before any turn and notes who took it), and whether a
seat holding three golds has won (``mahjong_hand_complete``: that win needs no shape, so the tiles cannot decide
it).  The gold itself -- the kind turned after the deal, wild for the deal -- is the core's (``jokers.wild``).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.fuzhou import predicates
from mahjong_rulesets.families.fuzhou import settlement as fuzhou_settlement
from mahjong_rulesets.families.fuzhou.scoring import FAMILY, UNITS, check_tables, explain_total, facts_read, score

from mahjong_core.plugin import Contribution, FactsRead, Hand, Predicate, Ruleset, Score, Table, TotalSteps, hookimpl

#: Golds in one hand that win whatever the tiles (三金倒).
THREE_GOLDS = 3


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return list(predicates.VOCABULARY)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__], units=UNITS,
                         description="Fuzhou's count: golds, flowers and kongs on a base, doubled when self-drawn, "
                                     "and the largest special hand (three golds, the golden sparrow and dragon)",
                         hand_sizes=frozenset({16})),
            Contribution("settlement", fuzhou_settlement.SETTLEMENT, fuzhou_settlement,
                         description="the winner's points from the discarder alone, or from every loser of a "
                                     "self-drawn win; or as many times each as scoring.payments says (the "
                                     "Filipino game's discarder double)")]


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
    """Whether the win robbed the turned gold: the core notes the seat that took it (``Table.wild_taken``)."""
    return {"robbing_gold": table.wild_taken == seat}


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """Three golds held: a win, self-drawn, whatever the tiles (三金倒), where the ruleset's special hands count it
    (a ``limit_hands`` row naming ``fz_three_golds``); ``None`` otherwise, so the hand's shape decides as in any
    game."""
    if how in ("self_drawn", "replacement") and table.wild and len(table.seats[seat].held_jokers) >= THREE_GOLDS \
            and _three_golds_win(ruleset):
        return True
    return None


@functools.lru_cache(maxsize=64)
def _three_golds_win(ruleset: Ruleset) -> bool:
    """Whether the ruleset counts three golds as a win in itself: a special hand names ``fz_three_golds``."""
    return any(row.get("predicate") == "fz_three_golds" for row in ruleset.table("limit_hands").values())
