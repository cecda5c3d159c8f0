"""Piter's chow pause: a chow may be declared only after a pause, during which the others may still pung (003).

Switched on by ``timing.chow_pause_seconds``.  A chow declared sooner is
refused (``mahjong_claim_refused``, asked only of the claims made), and a
pung claimed after the first chow was declared comes too late; at the same
moment the pung wins, as everywhere.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from mahjong_core.plugin import Claim, Contribution, Ruleset, Table, claims_in_priority_order, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    pause = (ruleset.get("timing") or {}).get("chow_pause_seconds")
    return isinstance(pause, Mapping) and bool(pause.get("min"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "chow_pause", sys.modules[__name__], switched_on=switched_on,
                         description="a chow only after a pause in which a pung may still be claimed")]


@hookimpl
def mahjong_claim_refused(table: Table, claim: Claim) -> str | None:
    """A chow declared inside the pause is refused; anything else is the core's seat rules' business."""
    limits = table.time_limits
    pause = limits.chow_pause_min if limits is not None else None
    if claim.kind == "chow" and pause and claim.delay_ms is not None and claim.delay_ms < pause * 1000:
        return f"a chow declared inside the {pause:g} s pause"
    return None


@hookimpl
def mahjong_claim_priority(ruleset: Ruleset, table: Table, claims: Sequence[Claim]) -> list[Claim]:
    """Drop the pungs and kongs claimed after the first chow, then order the rest as the core does."""
    limits = table.time_limits
    chows = [c.delay_ms for c in claims if c.kind == "chow" and c.delay_ms is not None]
    if chows and limits is not None and limits.chow_pause_min:
        first_chow = min(chows)
        late = [c for c in claims if c.kind in ("pung", "kong") and (c.delay_ms or 0) > first_chow]
        claims = [c for c in claims if c not in late]
    return claims_in_priority_order(ruleset, table, claims)
