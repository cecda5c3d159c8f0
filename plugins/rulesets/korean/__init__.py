"""Korean 2-point mahjong: the rules are in ``ruleset.yaml`` next to this module.

Its play is the core's with four switches of its data: no chow claimed except to win (``chow_from: nobody``
keeps chows off the claim window; a discard may still complete any set for the win), the sacred
discard (``sacred_discard: whole_deal``, the bundled mechanism :mod:`mahjong_rulesets.mechanisms.sacred_discard`),
the missed discard (``furiten.passed: same_kind``, :mod:`mahjong_rulesets.mechanisms.furiten`) and the optional
ready declaration, uper (``riichi_declaration`` with no stick, :mod:`mahjong_rulesets.mechanisms.riichi_declaration`),
with its exposed form, bullo, the hand shown to every seat (``riichi_declaration.exposed``,
:mod:`mahjong_rulesets.mechanisms.open_declaration`).
Its scoring is the classical family's points, added and never doubled, with a minimum counted on the
"basic" points only (``scoring.point_figures``).  What the classical predicates do not say is this module's
(:mod:`.predicates`): a concealed hand won on a discard, the all-sequences hand with a pair of no value won on a
discard, the double wind, the pure straight, four concealed pungs, the heavenly, earthly and human hands, the
count of the winning tile's kind, the declared ready hand and its first-discard form, and the three bonus hands
won on one named tile.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.korean import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The Korean hands the classical predicates do not say (:mod:`.predicates`)."""
    return list(predicates.VOCABULARY)
