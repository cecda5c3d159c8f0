"""A third-party house ruleset for mahjong-core: Piter with chows from either opponent, never from the partner.

The YAML next to this module switches the rule on with a third-party
parameter (``x_chow_from: opponents``; names starting with ``x_`` are free for
plugins).  The rule itself needs to know who sits with whom, which no data
value of the core can say, so it is this one hook.

The hook decides chow claims only while the parameter says ``opponents`` and
answers ``None`` for everything else, so pungs, kongs and wins -- and every
claim in a ruleset that extends this one and sets the parameter back to
``null`` -- go on to the rules below it (Piter's data and the core defaults).
It is installed through the ``mahjong_core.rulesets`` entry point in this
package's ``pyproject.toml``; mahjong-core registers this module after
Piter's, so its answer comes first.
"""

from __future__ import annotations

from typing import Any

from mahjong_core.plugin import Claim, Ruleset, RulesetError, Table, hookimpl

__version__ = "1.0.0"
PARAMETER = "x_chow_from"


def partners_of(table: Any, seat: int) -> set[int]:
    """The other seats of ``seat``'s team (empty when every seat plays alone)."""
    for team in table.teams:
        if seat in team:
            return set(team) - {seat}
    return set()


def chow_rule(ruleset: Ruleset) -> str | None:
    """The ``x_chow_from`` value, or ``None`` where a ruleset does not set it."""
    try:
        return ruleset.value(PARAMETER)
    except RulesetError:
        return None


@hookimpl
def mahjong_claim_allowed(ruleset: Ruleset, table: Table, claim: Claim) -> bool | None:
    """A chow only from an opponent's discard: never from the partner's.

    :return: for a chow under ``x_chow_from: opponents``, whether the discarder
        is an opponent; otherwise ``None``, leaving the claim to the rules below.
    """
    if claim.kind != "chow" or chow_rule(ruleset) != "opponents":
        return None
    discarder = table.last_discarder
    return discarder != claim.seat and discarder not in partners_of(table, claim.seat)
