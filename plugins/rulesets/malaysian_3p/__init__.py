"""Malaysian three-player mahjong: the rules are in ``ruleset.yaml`` next to this module.

Three seats, 84 tiles (dots, winds, dragons, the flowers and seasons, four animals, four faces and four Fly
jokers), fan added up on the Hong Kong family's tables with a five-fan minimum and a ten-fan maximum.  The Fly
jokers are the core's (``jokers`` data: played anywhere, swapped back by their owner for the tile they stand
for); the bites are the bundled :mod:`mahjong_rulesets.mechanisms.bites`.  This module contributes the fan rows'
predicates the installed ones do not say (:mod:`.predicates`), and the Singapore ruleset's, which the two games
share (the animals, the seat's flowers).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.malaysian_3p import predicates
from mahjong_rulesets.rulesets.singapore import predicates as singapore

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The faces, North, the little three dragons and the four Flies; the animals and seat flowers."""
    return [*predicates.VOCABULARY, *singapore.VOCABULARY]
