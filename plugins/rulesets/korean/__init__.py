"""Korean 2-point mahjong: the rules are in ``ruleset.yaml`` next to this module.

Its play is the core's with two switches of its data: no chow claimed except to win (``chow_from: nobody``
keeps chows off the claim window; a discard may still complete any set for the win), and the sacred
discard (``sacred_discard: whole_deal``, the bundled mechanism :mod:`mahjong_rulesets.mechanisms.sacred_discard`).
Its scoring is the classical family's points, added and never doubled, with a minimum counted on the
"basic" points only (``scoring.point_figures``).  Three things the classical predicates do not say are this
module's (:mod:`.predicates`): a concealed hand won on a discard, the all-sequences hand with a pair of no
value, and the count of the winning tile's kind.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.korean import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """Korea's concealed hand, its all-sequences hand and its winning-tile count."""
    return list(predicates.VOCABULARY)
