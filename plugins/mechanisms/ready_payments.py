"""Ready-hand payments at an exhaustive draw (riichi's noten bappu): the hands not ready pay the ready ones.

Switched on by ``ready_payments`` (``{total: 3000}`` in Tenhou's games).  When the wall runs out with no win,
every hand still in play is looked at: it is *ready* when one more tile would complete it by its shape alone
(a hand without a yaku, or one that could not win on a discard for having passed the tile, still counts: the
Japanese Mahjong Wiki, "Tenhou.net rules", lists formal tenpai as counted; and "Ryuukyoku", Noten).  The
``total`` changes hands between the two groups: each seat that is not ready pays each ready seat
``total / (not ready x ready)`` -- with four seats, one ready seat takes 1,000 from each of the others, two take
1,500 each, three are paid 1,000 each by the last.  Nothing moves when every hand or no hand is ready.

The engine logs the draw as an ``exhaustive_draw`` event; this module replies to it
(``mahjong_event_reactions``) with a ``ready_hands`` event of its vocabulary naming the ready seats (so a viewer
and the log's reader can tell who was ready without seeing a concealed tile), then the ``payment`` events, which
the core applies and the audit checks.  A ready seat's tiles are not shown by it: the seats only.

A kind counts as a wait only where the seat does not hold all four of its copies, counting its declared sets (a
fifth copy does not exist), as the winning forms the core knows read the hand (:func:`mahjong_core.plugin.waits`).

Where the ruleset says so (``all_orphan_discards: {dealer, other}``), a seat still in play whose discards are
all terminals and honours, none of them claimed by another seat, is paid as a self-drawn mangan instead (riichi's
nagashi mangan: "Tenhou.net rules" plays it, and it takes the place of the ready-hand payments; the Japanese
Mahjong Wiki, "Nagashi mangan"): each other seat pays it ``other``, but the dealer, or every seat where the dealer
is the one paid, pays ``dealer`` (Tenhou: 2,000 and 4,000).  Its payments say ``all_orphan_discards``; it is no
win, so the hands and the dealer's repeat are read as at any draw.

The load-time check (``mahjong_check_tables``) refuses a ``total`` that cannot be split in whole points between
every possible count of ready and unready seats at the ruleset's table.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from math import lcm
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    TERMINALS_AND_HONOURS,
    Contribution,
    Ruleset,
    RulesetError,
    Table,
    Term,
    hookimpl,
    payment_event,
    reacts_to,
    waits,
)

REASON = "ready_hands"
ORPHANS_REASON = "all_orphan_discards"
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)
#: The event naming the ready seats at an exhaustive draw (this module's vocabulary).
EVENT = "ready_hands"

TERMS = (
    Term("event", EVENT, label="ready at the draw",
         fields={"type": "object", "required": ["seats"], "additionalProperties": False,
                 "properties": {"seats": {"type": "array", "items": {"$ref": "#/$defs/seat"}, "uniqueItems": True}}}),
)


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("ready_payments") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "ready_payments", this, switched_on=switched_on,
                         description="at an exhaustive draw the hands not ready pay the ready ones (noten bappu)",
                         parameters=parameters_of("ready_payments"),
                         sheet_keys=frozenset({"ready", "all_orphan_discards"})),
            Contribution("vocabulary", "ready_payments", this, "the seats ready at an exhaustive draw", terms=TERMS)]


def seat_ready(table: Table, seat: int) -> bool:
    """Whether the seat's concealed tiles are one tile from complete, on a kind of which a copy is left -- or, where
    a score sheet tells the deal without its tiles, whether it names the seat ready (``table.told["ready"]``)."""
    told = table.told.get("ready")
    if told is not None:
        return seat in told
    s = table.seats[seat]
    counts = s.counts
    if sum(counts) % 3 != 1:
        return False
    held = list(counts)
    for meld in s.melds:
        for tile in meld.tiles:
            held[tile] += 1
    return any(held[kind] < 4 for kind in waits(bytes(counts)))


def ready_seats(table: Table) -> list[int]:
    """The seats still in play whose hands are ready, in seat order."""
    return [seat for seat in range(table.players) if not table.out_of_play(seat) and seat_ready(table, seat)]


def split(total: int, ready: Sequence[int], in_play: Sequence[int]) -> list[dict[str, Any]]:
    """The payments: each seat in play that is not ready pays each ready seat its share of ``total``."""
    unready = [seat for seat in in_play if seat not in ready]
    if not ready or not unready:
        return []
    share = total // (len(ready) * len(unready))
    return [payment_event(payer, payee, share, REASON) for payer in unready for payee in ready]


def claimed_from(table: Table, seat: int) -> bool:
    """Whether another seat holds a meld made on one of this seat's discards."""
    n = table.players
    return any(m.claimed_from is not None and (owner + m.claimed_from.offset) % n == seat
               for owner, s in enumerate(table.seats) if owner != seat for m in s.melds)


def all_orphan_discards(table: Table, seat: int) -> bool:
    """The seat discarded, only terminals and honours, and no seat claimed any of them (or a score sheet, telling
    the deal without its discards, says so: ``table.told["all_orphan_discards"]``)."""
    told = table.told.get(ORPHANS_REASON)
    if told is not None:
        return seat in told
    discards = table.seats[seat].discards
    return bool(discards) and all(tile in _ORPHANS for tile in discards) and not claimed_from(table, seat)


def orphan_payments(amounts: Mapping[str, Any], table: Table, in_play: Sequence[int]) -> list[dict[str, Any]]:
    """Each seat of all-orphan discards paid as a self-drawn mangan by every other seat in play."""
    dealer, out = table.dealer, []
    for payee in in_play:
        if all_orphan_discards(table, payee):
            out += [payment_event(payer, payee, int(amounts["dealer" if dealer in (payer, payee) else "other"]),
                                  ORPHANS_REASON) for payer in in_play if payer != payee]
    return out


@hookimpl
@reacts_to({"exhaustive_draw"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """At an exhaustive draw: who was ready, then what the others pay them -- or, where a seat's discards were all
    terminals and honours and the ruleset pays it, that seat's mangan instead."""
    if event["type"] != "exhaustive_draw":
        return None
    ready = ready_seats(table)
    in_play = [seat for seat in range(table.players) if not table.out_of_play(seat)]
    rule = ruleset.value("ready_payments")
    orphans = rule.get("all_orphan_discards")
    paid = orphan_payments(orphans, table, in_play) if orphans else []
    return [{"type": EVENT, "seats": ready}, *(paid or split(int(rule["total"]), ready, in_play))]


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Refuse a total the groups cannot share in whole points (3,000 at four seats: 1,000, 750 or 1,000 each)."""
    rule = ruleset.get("ready_payments")
    if rule is None:
        return
    total, players = int(rule["total"]), int(ruleset.get("players", 4))
    for ready in range(1, players):
        pairs = ready * (players - ready)
        if total % pairs:
            raise RulesetError(f"ready_payments total {total} cannot be paid in whole points when {ready} of "
                               f"{players} seats are ready ({pairs} payments); expected a multiple of "
                               f"{_lcm(players)}", place="$.parameters.ready_payments.value.total")


def _lcm(players: int) -> int:
    return lcm(*(k * (players - k) for k in range(1, players)))
