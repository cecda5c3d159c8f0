"""The Hong Kong family's plugin: the fan table engine and fan-laak settlement, contributed by entry point.

Registered in the ``mahjong_core.plugins`` entry-point group as ``hongkong``,
exactly as a third party's family would be; the ``hongkong`` and
``hongkong_plus`` rulesets choose it with ``scoring.family: hongkong`` and
``settlement: hongkong`` (the hooks of :mod:`.settlement`).  This module is
the family's plugin: its games ask it to score a hand, and the loader asks it
to read the tables.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.hongkong import predicates
from mahjong_rulesets.families.hongkong import settlement as hongkong_settlement
from mahjong_rulesets.families.hongkong.bounds import hongkong_most
from mahjong_rulesets.families.hongkong.scoring import FAMILY, check_tables, explain_total, facts_read, score

from mahjong_core.plugin import (
    Contribution,
    FactsRead,
    Hand,
    Predicate,
    Ruleset,
    Score,
    TotalSteps,
    hookimpl,
    load_schema,
)


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return list(predicates.VOCABULARY)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__],
                         description="fans from a fan table, turned into points by a fan-to-points table (000)",
                         parameters=load_schema(__package__, "parameters.schema.json"),
                         hand_sizes=frozenset({13})),  # four sets and a pair: the fan table reads no other
            Contribution("settlement", "hongkong", hongkong_settlement,
                         description="fan-laak: the discarder pays double, no loser settlement",
                         several_wins=frozenset({"one_discard"}))]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    return score(ruleset, hand, context)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    check_tables(ruleset)


@hookimpl
def mahjong_score_bound(ruleset: Ruleset, measure: str) -> int | None:
    return hongkong_most(ruleset, measure)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    return facts_read(ruleset)


@hookimpl
def mahjong_explain_total(score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps:
    return explain_total(score, units, label)
