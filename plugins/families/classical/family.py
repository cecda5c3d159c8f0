"""The classical family's plugin: what it contributes, and the hooks every game of its rulesets registers.

Registered in the ``mahjong_core.plugins`` entry-point group as ``classical``,
exactly as a third party's family would be.  Its rulesets choose it with
``scoring.family: classical`` (the points-and-doublings engine with limits)
and ``settlement: classical`` (losers pay the winner and settle their
differences, East double, the bank and the pay-the-limit rules: the hooks of
:mod:`.settlement`).  This module is the family's plugin: its games ask it
to score a hand, and the loader asks it to read the tables; the
dangerous-discard penalties are this family's too, so its games register the
penalties hook.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.classical import named_hands, predicates
from mahjong_rulesets.families.classical import settlement as classical_settlement
from mahjong_rulesets.families.classical.bounds import classical_most
from mahjong_rulesets.families.classical.penalties import dangerous_discard_penalty
from mahjong_rulesets.families.classical.scoring import FAMILY, classical_score, explain_total, score_reading
from mahjong_rulesets.families.classical.tables import classical_tables

from mahjong_core.plugin import (
    Arrangement,
    Contribution,
    FactsRead,
    Hand,
    Outcome,
    Penalty,
    Predicate,
    Ruleset,
    Score,
    Table,
    TotalSteps,
    hookimpl,
    load_schema,
)


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return [*named_hands.VOCABULARY, *predicates.VOCABULARY]


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__],
                         description="points for sets and the hand, doublings, limits (seeds 000-003)",
                         parameters=load_schema(__package__, "parameters.schema.json"),
                         hand_sizes=frozenset({13})),  # four sets and a pair: the tables read no other
            # Several winners on one discard are each settled once every hand is scored; a win while play goes on
            # is not: the losers settle among themselves by every hand's value, unknown until the deal ends.
            Contribution("settlement", "classical", classical_settlement,
                         description="losers pay the winner, then settle their differences (000)",
                         several_wins=frozenset({"one_discard"}))]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    return classical_score(ruleset, hand, context)


@hookimpl
def mahjong_score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any],
                          arrangement: Arrangement) -> Score:
    return score_reading(ruleset, hand, context, arrangement)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    classical_tables(ruleset)


@hookimpl
def mahjong_score_bound(ruleset: Ruleset, measure: str) -> int | None:
    return classical_most(ruleset, measure)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts the ruleset's compiled tables read: the engine's own, and those of every row's predicate."""
    tables = classical_tables(ruleset)
    if not tables.losing_hands:
        return FactsRead(tables.winner_facts, None, "this ruleset's scoring.losing_hands is false: only the "
                                                    "winner's hand is scored")
    return FactsRead(tables.winner_facts, tables.loser_facts)


@hookimpl
def mahjong_explain_total(score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps:
    return explain_total(score, units, label)


@hookimpl
def mahjong_penalties(ruleset: Ruleset, table: Table, outcome: Outcome) -> Penalty | None:
    return dangerous_discard_penalty(ruleset, table, outcome)
