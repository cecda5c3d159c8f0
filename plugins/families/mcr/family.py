"""The MCR family's plugin: the 81-fan engine with its exclusion principles, and the sport settlement.

Registered in the ``mahjong_core.plugins`` entry-point group as ``mcr``,
exactly as a third party's family would be; the ``mcr`` ruleset (and any
house rule extending it) chooses it with ``scoring.family: mcr`` and
``settlement: sport``.  Everything MCR is in this folder: the fans
(:mod:`.predicates`), the hand divider (:mod:`.divide`), the facts the fans
read (:mod:`.facts`), the engine (:mod:`.scoring`), the settlement and the
test-only bridge to the reference implementation (:mod:`.reference`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.families.mcr import predicates
from mahjong_rulesets.families.mcr.scoring import FAMILY, facts_read, fan_table, score_mcr, score_reading
from mahjong_rulesets.families.mcr.settlement import settle_sport

from mahjong_core.plugin import Predicate, ScoringFamily, Settlement, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return list(predicates.VOCABULARY)


@hookimpl
def mahjong_scoring_families() -> Sequence[ScoringFamily]:
    return [ScoringFamily(FAMILY, score_mcr, score_reading, plugin=sys.modules[__name__], check=fan_table,
                          facts=facts_read, units={"fan": "points"},
                          description="the 81 fans of the Chinese official rules and their five principles (000)")]


@hookimpl
def mahjong_settlements() -> Sequence[Settlement]:
    return [Settlement("sport", settle_sport,
                       description="8 from each loser, plus the hand's value from the discarder or from all")]
