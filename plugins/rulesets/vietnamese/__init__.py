"""Vietnamese mahjong (Mạt chược): the rules are in ``ruleset.yaml`` next to this module.

176 tiles -- the 136 to play, the flowers and seasons, four emperors and four empresses, three flower jokers and
seven typed jokers three times over (a joker of anything, of dots, of bamboo, of characters, of winds, of dragons,
of any suited tile) --, Phán counted from a table and paid doubling to six Phán, then by the Mủn of six Phán, on
the Hong Kong family's tables.  The typed jokers are the core's (``jokers.stands_for``), and declaring one for Phán
instead of playing it is the ``joker_declaration`` mechanism's; this module contributes the table rows' predicates
the installed ones do not say (:mod:`.predicates`), the declared jokers' among them.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.vietnamese import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The seat's numbered bonus tiles, the flower joker, the declared jokers, the Vietnamese hands and the big
    hands' extras."""
    return [*predicates.VOCABULARY]
