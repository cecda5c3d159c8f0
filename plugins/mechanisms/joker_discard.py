"""A joker thrown away: the seat that discarded one may win only by its own draw for the rest of the deal.

Switched on by ``joker_discarded_self_drawn_only`` (Fuzhou's gold: kityou's "福州麻雀", the line on a gold
discarded -- a gold may be thrown away, but its thrower may then win only self-drawn that deal).  A joker
discarded is dead (``jokers.dead_when_discarded``), so it stays in its thrower's row: the seat's discards say
whether it threw one -- a copy of the deal's wild kind, or a joker of the tile set.

The rule is an objection to a win (``mahjong_win_objections``), so the engine offers no such win: on another
seat's discard, on a robbed kong.  A win on the seat's own draw -- from the wall, a replacement tile, the turned
gold robbed -- is never refused.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Hand, Ruleset, Table, hookimpl

#: The ways of winning on another seat's tile.
ON_ANOTHER_S_TILE = frozenset({"discard", "robbing_kong"})


def switched_on(ruleset: Ruleset) -> bool:
    return bool(ruleset.get("joker_discarded_self_drawn_only"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "joker_discard", sys.modules[__name__], switched_on=switched_on,
                         description="a seat that has discarded a joker (a copy of the deal's wild kind) wins only "
                                     "by its own draw for the rest of the deal",
                         parameters=parameters_of("joker_discard"))]


def threw_a_joker(table: Table, seat: int) -> bool:
    """Whether the seat's discards this deal hold a joker: a copy of the wild kind, or a joker of the tile set."""
    wild = table.wild
    jokers = table.tiles.jokers if table.tiles is not None else frozenset()
    return any(tile in wild or tile in jokers for tile in table.seats[seat].discards)


@hookimpl
def mahjong_win_objections(table: Table, seat: int, hand: Hand, context: Mapping[str, Any]) -> str | None:
    """A win on another seat's tile by a seat that has thrown a joker away this deal."""
    if context.get("how") in ON_ANOTHER_S_TILE and threw_a_joker(table, seat):
        return "a seat that discarded a joker wins only by its own draw this deal"
    return None
