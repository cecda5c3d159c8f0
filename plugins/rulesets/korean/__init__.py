"""Korean 2-point mahjong: the rules are in ``ruleset.yaml`` next to this module.

Its play is the core's with four switches of its data: no chow claimed except to win (``chow_from: nobody``
keeps chows off the claim window; a discard may still complete any set for the win), the sacred
discard (``sacred_discard: whole_deal``, the bundled mechanism :mod:`mahjong_rulesets.mechanisms.sacred_discard`),
the missed discard (``furiten.passed: same_kind``, :mod:`mahjong_rulesets.mechanisms.furiten`) and the optional
ready declaration, uper (``riichi_declaration`` with no stick, :mod:`mahjong_rulesets.mechanisms.riichi_declaration`).
Its scoring is the classical family's points, added and never doubled, with a minimum counted on the
"basic" points only (``scoring.point_figures``).  Four things the classical predicates do not say are this
module's (:mod:`.predicates`): a concealed hand won on a discard, the all-sequences hand with a pair of no
value, the count of the winning tile's kind, and the declared ready hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.korean import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """Korea's concealed hand, its all-sequences hand, its winning-tile count and its ready declaration."""
    return list(predicates.VOCABULARY)
