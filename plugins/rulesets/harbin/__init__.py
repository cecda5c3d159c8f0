"""Harbin (Харбинские, ХБ), seed 000: the rules are in ``ruleset.yaml`` next to this module.

The one thing the data cannot say is the beggar's hand (000 line 231), a
hand defined by what it is worth; this module contributes that predicate to
Harbin and the rulesets that extend it (Shanghai, Orsk).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.harbin import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The beggar's hand (000 line 231): a hand worth 22 points with no doubling under Harbin's tables."""
    return list(predicates.VOCABULARY)
