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
def mahjong_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> list[Action]:
    """Discards that leave the hand ready, as declarations; once declared, withdrawals where allowed."""
    rule = ruleset.get("calling_hand_rule") or {}
    s = table.seats[seat]
    actions: list[Action] = []
    counts = s.counts
    if not s.calling:
        # Drawing a tile lowers shanten by one at most: a hand two or more away before the draw cannot be
        # left ready by any discard (the seat's remembered shanten is of its hand before the draw).
        drawn, memo = table.drawn_tile, s.shanten_memo
        if drawn is not None and memo is not None and memo[1] >= 2:
            counts[drawn] -= 1
            before = bytes(counts)
            counts[drawn] += 1
            if before == memo[0]:
                return actions
        # The full hand's shanten is the best any discard can leave: skip the search when none leaves it ready.
        if sum(counts) % 3 != 2 or shanten(bytes(counts)) > 0:
            return actions
    for tile in range(NUM_PLAYING_KINDS):
        if not counts[tile]:
            continue
        if not s.calling:
            counts[tile] -= 1
            ready = shanten(bytes(counts)) == 0
            counts[tile] += 1
            if ready:
                actions.append(Action("discard", tile, way="declare_calling"))
        elif rule.get("may_undeclare"):
            actions.append(Action("discard", tile, way="withdraw_calling"))
    return actions


@hookimpl
def mahjong_win_objections(table: Table, seat: int, hand: Hand, context: Mapping[str, Any]) -> str | None:
    """An undeclared hand may not win; only the dealer's dealt (heavenly) hand wins before it could declare."""
    s = table.seats[seat]
    if not s.calling and (s.discards or seat != table.dealer):
        return "calling hand not declared"
    return None
