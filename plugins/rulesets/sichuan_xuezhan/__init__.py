"""Sichuan's bloody battle (xue zhan dao di): the rules are in ``ruleset.yaml`` next to this module.

Its play is the core's and the bundled mechanisms' (the missing suit, kong money, the one-suit exchange, the
``sichuan`` settlement), switched on by its data, and its scoring is the classical family's tables: a base
of one doubled per fan, capped.  The one thing the classical predicates do not say is the root (gen), four
equal tiles in the hand, which doubles once for each such kind: this module contributes that predicate
(:mod:`.predicates`) to the ruleset and to the rulesets that extend it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.sichuan_xuezhan import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """Sichuan's root: each kind of which the hand holds all four tiles."""
    return list(predicates.VOCABULARY)
