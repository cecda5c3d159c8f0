"""The riichi family's plugin: yaku, dora and fu counted into han and fu, then base points and payments.

Registered in the ``mahjong_core.plugins`` entry-point group as ``riichi``,
exactly as a third party's family would be; a ruleset chooses it with
``scoring.family: riichi`` and ``settlement: riichi``.  Everything riichi is in
this folder: the division of a hand (:mod:`.divide`), the tables read from the
ruleset (:mod:`.tables`), the arithmetic (:mod:`.evaluate`), the situation and
the score (:mod:`.scoring`), the score card's steps (:mod:`.card`) and the
settlement (:mod:`.settlement`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.riichi import settlement as riichi_settlement
from mahjong_rulesets.families.riichi.card import explain_total
from mahjong_rulesets.families.riichi.scoring import facts_read, score, score_reading
from mahjong_rulesets.families.riichi.tables import FAMILY, rules_of

from mahjong_core.plugin import Arrangement, Contribution, FactsRead, Hand, Ruleset, Score, TotalSteps, hookimpl

UNITS = {"han": "han", "fu": "fu", "yakuman": "yakuman"}


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("family", FAMILY, sys.modules[__name__], units=UNITS,
                         description="riichi: yaku and dora in han, fu, base points, limits and payments (ema_2016)",
                         hand_sizes=frozenset({13})),  # four sets and a pair (and seven pairs, thirteen orphans)
            Contribution("settlement", "riichi", riichi_settlement,
                         description="the discarder pays the hand, or every loser a share of a self-drawn one",
                         several_wins=frozenset({"one_discard"}))]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    return score(ruleset, hand, context)


@hookimpl
def mahjong_score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any],
                          arrangement: Arrangement) -> Score:
    return score_reading(ruleset, hand, context, arrangement)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    rules_of(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    return facts_read(ruleset)


@hookimpl
def mahjong_explain_total(score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps:
    return explain_total(score, units, label)
