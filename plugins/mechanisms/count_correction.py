"""The count correction: a seat holding the wrong number of tiles puts it right at its turn (003 line 12).

Switched on where ``dead_hand.correction`` is ``skip_turn_or_draw``.  Too
many tiles: the seat skips its draw and discards from what it holds.  Too
few: it draws the missing tiles out of turn, then draws as usual.  Either
way its hand is the right size again after its discard.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_core.plugin import Contribution, Ruleset, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    return (ruleset.get("dead_hand") or {}).get("correction") == "skip_turn_or_draw"


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "count_correction", sys.modules[__name__], switched_on=switched_on,
                         description="a hand of the wrong size skips a draw or draws out of turn")]


@hookimpl
def mahjong_wrong_count(ruleset: Ruleset, tiles: int) -> str:
    """Skip the draw with too many tiles; draw the missing ones out of turn with too few."""
    return "skip_draw" if tiles > int(ruleset.param("hand_size")) else "draw_out_of_turn"
