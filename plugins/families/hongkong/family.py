"""The Hong Kong family's plugin: the fan table engine and fan-laak settlement, contributed by entry point.

Registered in the ``mahjong_core.plugins`` entry-point group as ``hongkong``,
exactly as a third party's family would be; the ``hongkong`` and
``hongkong_plus`` rulesets choose it with ``scoring.family: hongkong`` and
``settlement: hongkong``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.families.hongkong import predicates
from mahjong_rulesets.families.hongkong.bounds import hongkong_most
from mahjong_rulesets.families.hongkong.scoring import FAMILY, check_tables, explain_total, facts_read, score
from mahjong_rulesets.families.hongkong.settlement import settle

from mahjong_core.plugin import Predicate, ScoringFamily, Settlement, hookimpl, load_schema


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return list(predicates.VOCABULARY)


@hookimpl
def mahjong_scoring_families() -> Sequence[ScoringFamily]:
    return [ScoringFamily(FAMILY, score, plugin=sys.modules[__name__], check=check_tables,
                          facts=facts_read, explain=explain_total, most=hongkong_most,
                          description="fans from a fan table, turned into points by a fan-to-points table (000)",
                          parameters=load_schema(__package__, "parameters.schema.json"))]


@hookimpl
def mahjong_settlements() -> Sequence[Settlement]:
    return [Settlement("hongkong", settle, description="fan-laak: the discarder pays double, no loser settlement")]
