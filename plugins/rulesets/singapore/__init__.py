"""Singapore mahjong: the rules are in ``ruleset.yaml`` next to this module.

Its tai are the Hong Kong family's fan table read as data (a row per pattern, a band of points per tai, the top
band the 5-tai limit) and its payments the family's (the discarder pays double, every loser double on a
self-draw).  The bites are the bundled mechanisms :mod:`mahjong_rulesets.mechanisms.bites` (bonus tiles) and
:mod:`mahjong_rulesets.mechanisms.kong_money` (kongs), paid as they happen; its pao cases the mechanism
:mod:`mahjong_rulesets.mechanisms.pays_for_all`.  What the family's predicates cannot say -- the animals, a seat's
own flower among animals, Singapore's all-chows hand, the half-terminals all-pungs hand -- is this module's
(:mod:`.predicates`).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.singapore import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """Singapore's animals, its seat flowers, its all-chows hand and its half-terminals all-pungs hand."""
    return list(predicates.VOCABULARY)
