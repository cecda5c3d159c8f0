"""A test ruleset's module: sticks paid into the table's pot at a declaration, the pot to the next winner, a
counter of drawn deals, and an uma at the game's end -- money at any moment, written as a third party would.

It imports only ``mahjong_core.plugin``.  The tests put it on the path with an entry point of the group
``mahjong_core.rulesets`` (``tests/money_plugin/install.py``), as an installed package's would be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import Ruleset, Table, counter_event, hookimpl, payment_event

#: The counter of drawn deals since the last win (Riichi's honba, in spirit).
DRAWS = "draws"


def declares(event: Mapping[str, Any]) -> bool:
    """Whether the event is a seat declaring a calling hand: on a discard, or on the dealt hand."""
    return event["type"] == "decision" and (event.get("way") == "declare_calling"
                                           or event.get("action") == "declare_calling")


@hookimpl
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    if declares(event):
        return [payment_event(event["actor"], None, int(ruleset.value("x_stick")), "stick")]
    if event["type"] == "mahjong":
        replies = [payment_event(None, event["seat"], table.pot, "pot")] if table.pot else []
        if table.counters.get(DRAWS):
            replies.append(counter_event(DRAWS, 0))
        return replies
    if event["type"] == "exhaustive_draw":
        return [counter_event(DRAWS, table.counters.get(DRAWS, 0) + 1)]
    return None


def places(scores: Sequence[int]) -> list[int]:
    """Seats from first place to last: higher points first, a tie to the seat that was East first (seat 0 on)."""
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


@hookimpl
def mahjong_game_settlement(ruleset: Ruleset, table: Table) -> Sequence[Mapping[str, Any]]:
    """The pot left to the first place, then the uma: each place below the middle pays its mirror above it."""
    order = places(table.scores)
    out = [payment_event(None, order[0], table.pot, "pot_left")] if table.pot else []
    uma = list(ruleset.value("x_uma"))
    for k in range(len(order) // 2):
        if uma[k] > 0:
            out.append(payment_event(order[-1 - k], order[k], uma[k], "uma"))
    return out
