"""The calling-hand rule: a player one tile from mahjong must say so, or may not win (000 line 362; 001 line 139).

Switched on by ``calling_hand_rule.required``.  It adds the declarations
(at once on a ready dealt hand, 001 line 161, or with a discard), their
withdrawal where ``may_undeclare`` allows it, and the objection to a win by
a seat that never declared.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import NUM_PLAYING_KINDS, Action, Contribution, Hand, Ruleset, Table, hookimpl, shanten


def switched_on(ruleset: Ruleset) -> bool:
    return bool((ruleset.get("calling_hand_rule") or {}).get("required"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "calling_hand", sys.modules[__name__], switched_on=switched_on,
                         description="a ready hand must be declared calling before it may win",
                         parameters=parameters_of("calling_hand"))]


@hookimpl
def mahjong_deal_declarations(table: Table, seat: int) -> list[Action]:
    """A ready hand may be declared calling at once (001 line 161).

    The dealer declares with its first discard like everyone later: it holds
    fourteen tiles, and a complete dealt hand is its heavenly hand.
    """
    s = table.seats[seat]
    if seat == table.dealer or s.calling or s.shanten() != 0:
        return []
    return [Action("declare_calling")]


@hookimpl
def mahjong_ready_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> list[Action]:
    """Discards that leave the hand ready, as declarations; once declared, withdrawals where allowed.

    Asked only where a discard can leave the hand ready or the seat stands
    calling, so most turns of a deal never reach it.
    """
    s = table.seats[seat]
    counts = s.counts
    if s.calling:
        if not (ruleset.get("calling_hand_rule") or {}).get("may_undeclare"):
            return []
        return [Action("discard", tile, way="withdraw_calling") for tile in range(NUM_PLAYING_KINDS) if counts[tile]]
    actions: list[Action] = []
    for tile in range(NUM_PLAYING_KINDS):
        if counts[tile]:
            counts[tile] -= 1
            ready = shanten(bytes(counts)) == 0
            counts[tile] += 1
            if ready:
                actions.append(Action("discard", tile, way="declare_calling"))
    return actions


@hookimpl
def mahjong_win_objections(table: Table, seat: int, hand: Hand, context: Mapping[str, Any]) -> str | None:
    """An undeclared hand may not win; only the dealer's dealt (heavenly) hand wins before it could declare."""
    s = table.seats[seat]
    if not s.calling and (s.discards or seat != table.dealer):
        return "calling hand not declared"
    return None
