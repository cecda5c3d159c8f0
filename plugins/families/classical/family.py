"""The classical family's plugin: what it contributes, and the hooks every game of its rulesets registers.

Registered in the ``mahjong_core.plugins`` entry-point group as ``classical``,
exactly as a third party's family would be.  Its rulesets choose it with
``scoring.family: classical`` (the points-and-doublings engine with limits)
and ``settlement: classical`` (losers pay the winner and settle their
differences, East double, the bank and the pay-the-limit rules); the
dangerous-discard penalties are this family's too, so its games register
the penalties hook.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.families.classical import named_hands, predicates
from mahjong_rulesets.families.classical.bounds import classical_most
from mahjong_rulesets.families.classical.penalties import dangerous_discard_penalty
from mahjong_rulesets.families.classical.scoring import FAMILY, classical_score, explain_total, score_reading
from mahjong_rulesets.families.classical.settlement import classical_settlement, payment_note
from mahjong_rulesets.families.classical.tables import classical_tables

from mahjong_core.plugin import (
    FactsRead,
    Outcome,
    Penalty,
    Predicate,
    Ruleset,
    ScoringFamily,
    Settlement,
    Table,
    hookimpl,
    load_schema,
)


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return [*named_hands.VOCABULARY, *predicates.VOCABULARY]


@hookimpl
def mahjong_scoring_families() -> Sequence[ScoringFamily]:
    return [ScoringFamily(FAMILY, classical_score, score_reading, plugin=sys.modules[__name__], check=classical_tables,
                          facts=facts_read, explain=explain_total, most=classical_most,
                          description="points for sets and the hand, doublings, limits (seeds 000-003)",
                          parameters=load_schema(__package__, "parameters.schema.json"))]


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts the ruleset's compiled tables read: the engine's own, and those of every row's predicate."""
    tables = classical_tables(ruleset)
    if not tables.losing_hands:
        return FactsRead(tables.winner_facts, None, "this ruleset's scoring.losing_hands is false: only the "
                                                    "winner's hand is scored")
    return FactsRead(tables.winner_facts, tables.loser_facts)


@hookimpl
def mahjong_settlements() -> Sequence[Settlement]:
    return [Settlement("classical", classical_settlement, note=payment_note,
                       description="losers pay the winner, then settle their differences (000)")]


@hookimpl
def mahjong_penalties(ruleset: Ruleset, table: Table, outcome: Outcome) -> Penalty | None:
    return dangerous_discard_penalty(ruleset, table, outcome)
