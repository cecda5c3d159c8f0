"""Filipino mahjong: sixteen tiles, honours as flowers, a wild kind chosen by the dice, payments as kongs stand.

The rules are in ``ruleset.yaml`` next to this module.  The wild is the core's ``jokers.wild`` (``chosen_by:
dice``); the count -- a base and what a hand adds to it -- and the settlement are the ``fuzhou`` family's, whose
shape (a base plus whole-number items) this game shares, with its ``scoring.payments`` multipliers (the discarder
double); the kong and thirteen-flower payments are the bundled mechanisms ``kong_money`` and ``bites``.  What no
installed vocabulary names -- five chows, the 1-9 straight, every set shown, the two-pair wait, no flower -- is
this module's (:mod:`.predicates`).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.filipino import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The Filipino hands no family names."""
    return list(predicates.VOCABULARY)
