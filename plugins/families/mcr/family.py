"""The MCR family's plugin: the 81-fan engine with its exclusion principles, and the sport settlement.

Registered in the ``mahjong_core.plugins`` entry-point group as ``mcr``,
exactly as a third party's family would be; the ``mcr`` ruleset (and any
house rule extending it) chooses it with ``scoring.family: mcr`` and
``settlement: sport`` (the hook of :mod:`.settlement`).  Everything MCR is in
this folder: the fans (:mod:`.predicates`), the hand divider (:mod:`.divide`),
the facts the fans read (:mod:`.facts`), the engine (:mod:`.scoring`), the
settlement and the test-only bridge to the reference implementation
(:mod:`.reference`).  This module is the family's plugin: its games ask it to
score a hand, and the loader asks it to read the fan table.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.mcr import predicates
from mahjong_rulesets.families.mcr import settlement as sport_settlement
from mahjong_rulesets.families.mcr.scoring import (
    FAMILY,
    facts_read,
    fan_table,
    minimum_figures,
    score_mcr,
    score_reading,
)

from mahjong_core.plugin import Arrangement, Contribution, FactsRead, Hand, Predicate, Ruleset, Score, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    return list(predicates.VOCABULARY)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__], units={"fan": "points"},
                         description="the 81 fans of the Chinese official rules and their five principles (000)",
                         hand_sizes=frozenset({13})),  # four sets and a pair: the 81 fans read no other
            Contribution("settlement", "sport", sport_settlement,
                         description="8 from each loser, plus the hand's value from the discarder or from all",
                         several_wins=frozenset({"one_discard"}))]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    return score_mcr(ruleset, hand, context)


@hookimpl
def mahjong_minimum_figures(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Mapping[str, int] | None:
    return minimum_figures(ruleset, hand, context)


@hookimpl
def mahjong_score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any],
                          arrangement: Arrangement) -> Score:
    return score_reading(ruleset, hand, context, arrangement)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    fan_table(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    return facts_read(ruleset)
