"""The late pung: a discard may still be punged or konged after the next player has drawn (001 line 109).

Switched on by ``pung_claim_until_next_discard``.  The engine's claim window
opens the late window only for the claims this mechanism names
(``mahjong_late_claims``); the claimer takes the turn and the drawn tile
goes back on the wall.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_core.plugin import Contribution, Ruleset, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    return bool(ruleset.get("pung_claim_until_next_discard"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "late_pung", sys.modules[__name__], switched_on=switched_on,
                         description="a discard may be punged or konged until the next discard covers it")]


@hookimpl
def mahjong_late_claims() -> Sequence[str]:
    """A pung or a kong of the last discard, until the next player discards (001 line 109)."""
    return ("pung", "kong")
