"""Vietnamese mahjong (Mạt chược): the rules are in ``ruleset.yaml`` next to this module.

176 tiles -- the 136 to play, the flowers and seasons, four emperors and four empresses, three flower jokers and
seven typed jokers three times over (a joker of anything, of dots, of bamboo, of characters, of winds, of dragons,
of any suited tile) --, Phán counted from a table and paid doubling to six Phán, then by the Mủn of six Phán, on
the Hong Kong family's tables.  The typed jokers are the core's (``jokers.stands_for``), and declaring one for Phán
instead of playing it is the ``joker_declaration`` mechanism's; this module contributes the table rows' predicates
the installed ones do not say (:mod:`.predicates`), the declared jokers' among them, and the two rules no data
says, both answers to the engine's "is this hand complete?": the win by discarding green jokers
(:mod:`.green_jokers`), whose discard, claimed by no one, wins, and the hand of no flowers and no leaves
(:mod:`.nfnl`), which wins in any shape.  A discarded joker or flower won on as a General is the core's
(``jokers.claimed_to_win_as``, ``bonus_kept``); this module only tells the win's facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.rulesets.vietnamese import green_jokers, nfnl, predicates

from mahjong_core.plugin import NUM_PLAYING_KINDS, Predicate, Ruleset, Table, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The seat's numbered bonus tiles, the flower joker, the declared jokers, the Vietnamese hands, the big
    hands' extras and the green jokers' win."""
    return [*predicates.VOCABULARY]


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """A green joker discarded, claimed by no one, wins for its discarder (how ``own_discard``): its third or a
    later one, and no red joker discarded (:mod:`.green_jokers`); a hand of no flowers and no leaves wins in any
    shape (:mod:`.nfnl`).  ``None`` otherwise: the hand's shape decides."""
    if how == green_jokers.OWN_DISCARD:
        return green_jokers.hand_complete(table, seat, how)
    return True if nfnl.complete(table, seat, tile, how) else None


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any]:
    """How many green jokers the winner discarded where their discard made the win, whether the win was on a
    discarded joker or flower (``won_on_discarded_joker``: the engine names a joker by its type, ``ANY_JOKER`` and
    up, and a flower by its own kind, both past the 34 playing kinds), and ``bonus_win`` for a hand of no flowers
    and no leaves (its rows score it, sets or none)."""
    facts = {**green_jokers.win_context(table, seat, how),
             predicates.WON_ON_JOKER: how == "discard" and tile >= NUM_PLAYING_KINDS}
    if nfnl.complete(table, seat, tile, how):  # a hand of no flowers and no leaves, which may be of no sets
        facts["bonus_win"] = True
    return facts
