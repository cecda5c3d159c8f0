"""A third-party ruleset for mahjong-core: eight jokers, held and played where a pung or a kong takes them.

Everything it changes is data (``ruleset.yaml`` next to this module): a tile
set with eight jokers (``{group: jokers, copies: 8}``) and the ruleset's
``jokers`` parameter, which says jokers are played, where a joker may stand
(pungs and kongs) and that a discarded joker is dead.  The core holds the
jokers in the hands, tests completeness and shanten with them wild
(the core's hand algebra), lets the bots weigh them, and scores a
complete hand as the tiles its jokers stand for.  It is installed through
the ``mahjong_core.rulesets`` entry point in this package's ``pyproject.toml``.
"""

from __future__ import annotations

__version__ = "1.0.0"
