"""Bites (咬, "yao"): points paid the moment a seat shows a matching set of bonus tiles (Singapore, Malaysia).

Switched on by ``bites`` (its amounts).  The engine logs every bonus tile a seat sets aside as a ``bonus`` event,
the tile already in the seat's row; this module replies to those events (``mahjong_event_reactions``) with
``payment`` events, which the core applies and the audit checks.  A bite is paid once a deal, by every other
seat still in play, when its last tile is shown:

* ``own_flowers`` -- the seat's own flower and its own season (the two bonus tiles of its wind's number);
* ``flower_group`` -- all four flowers, or all four seasons;
* ``animal_pair`` -- a predator with its prey: the cat (``1a``) and the mouse (``2a``), the rooster (``3a``) and
  the centipede (``4a``);
* ``bonus_count`` (optional, ``{tiles, amount}``) -- so many bonus tiles in the seat's row, whatever they are (the
  Filipino game's thirteen flowers, where every honour is a flower): paid as the row reaches that many.

With ``animal_capture`` a predator shown while another seat's row already holds its prey captures it: the prey
moves from that row to the predator's (a ``bonus_robbed`` event, which the core applies as it logs it), so its
tai are counted for the predator's holder and not for the seat that showed it first, and the pair so made is the
predator's holder's bite, paid as any other.  A prey shown after its predator is not captured.

With ``paid_draw_passes_deal`` a drawn deal in which a bite or a kong was paid passes the deal to the next seat
(``mahjong_next_deal``), where a drawn deal otherwise leaves it with the dealer.

With ``dealt_double`` a bite already complete when the dealt bonus tiles are shown and replaced (the table's
``bonus`` phase) is paid double.  The bites a seat has been paid this deal are kept in ``table.extra`` (as
:mod:`.furiten` keeps its record), so a bite shown with both its tiles dealt is paid at the first of them and not
again at the second; a re-play asks the same events in the same order and pays the same.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    FLOWERS,
    SEASONS,
    Contribution,
    MeldKind,
    Outcome,
    Ruleset,
    Table,
    hookimpl,
    payment_event,
    reacts_to,
)

REASON = "bite"
#: ``table.extra`` key of this deal's record of bites paid.
KEY = "bites"
#: ``table.extra`` key of this deal's record of the bonus tiles shown, where captures are played.
SHOWN = "bites_shown"
#: The animal pairs by their codes: each predator with its prey.
ANIMAL_PAIRS = (("1a", "2a"), ("3a", "4a"))


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("bites") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "bites", sys.modules[__name__], switched_on=switched_on,
                         description="bites paid as a seat shows its own flower and season, a group of four or an "
                                     "animal pair; a predator capturing its prey from another seat's row",
                         parameters=parameters_of("bites"))]


def bites_held(table: Table, seat: int, taken: Sequence[int] = ()) -> list[tuple[str, frozenset[int]]]:
    """Every bite the seat's bonus row completes (with the tiles ``taken`` into it), each as (the amount's name,
    its tiles)."""
    row = {*table.seats[seat].bonus, *taken}
    wind = table.seat_wind(seat)
    found: list[tuple[str, frozenset[int]]] = []
    if wind < 4 and {FLOWERS[wind], SEASONS[wind]} <= row:
        found.append(("own_flowers", frozenset((FLOWERS[wind], SEASONS[wind]))))
    for group in (FLOWERS, SEASONS):
        if set(group) <= row:
            found.append(("flower_group", frozenset(group)))
    tiles = table.tiles
    if tiles is not None:
        for codes in ANIMAL_PAIRS:
            kinds = {tiles.kind_of(code) for code in codes}
            if None not in kinds and kinds <= row:
                found.append(("animal_pair", frozenset(k for k in kinds if k is not None)))
    return found


def captured(table: Table, seat: int, shown: int, announced: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The prey the predator ``shown`` by ``seat`` captures: (the seat that holds it, the prey), the seats asked in
    turn from the seat's right and only those still in play; empty for a tile that is no predator.

    Only a prey its holder has shown (``announced``: the seats' ``bonus`` events of the deal) is taken: the bonus
    tiles dealt are in their rows before the table announces them one by one, and one not yet announced was not
    shown first.
    """
    tiles = table.tiles
    if tiles is None:
        return []
    won = {w.winner for w in table.wins}
    for predator, prey in ANIMAL_PAIRS:
        hunter, hunted = tiles.kind_of(predator), tiles.kind_of(prey)
        if shown != hunter or hunted is None:
            continue
        for off in range(1, table.players):
            holder = (seat + off) % table.players
            if holder not in won and (holder, hunted) in announced and hunted in table.seats[holder].bonus:
                return [(holder, hunted)]
    return []


def _announced(table: Table) -> set[tuple[int, int]]:
    """The (seat, bonus tile) of this deal's ``bonus`` events so far, kept in ``table.extra`` as the paid bites are."""
    record = table.extra.get(SHOWN)
    if not isinstance(record, tuple) or record[0] != table.deal_number:
        record = (table.deal_number, set())
        table.extra[SHOWN] = record
    announced: set[tuple[int, int]] = record[1]
    return announced


def _paid(table: Table) -> set[tuple[int, frozenset[int]]]:
    record = table.extra.get(KEY)
    if not isinstance(record, tuple) or record[0] != table.deal_number:
        record = (table.deal_number, set())
        table.extra[KEY] = record
    paid: set[tuple[int, frozenset[int]]] = record[1]
    return paid


@hookimpl
@reacts_to({"bonus"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """The prey the bonus tile just shown captures, where the ruleset plays captures, then the bites it completes,
    each paid by every other seat still in play."""
    if event["type"] != "bonus" or table.tiles is None:
        return None
    seat, shown = event["seat"], table.tiles.kind_of(str(event["tile"]))
    amounts = ruleset.value("bites")
    paid = _paid(table)
    doubled = 2 if table.phase == "bonus" and amounts.get("dealt_double") else 1
    won = {w.winner for w in table.wins}
    replies: list[Mapping[str, Any]] = []
    taken: list[tuple[int, int]] = []
    if amounts.get("animal_capture") and shown is not None:
        announced = _announced(table)
        announced.add((seat, shown))
        taken = captured(table, seat, shown, announced)
    replies += [{"type": "bonus_robbed", "seat": seat, "drawer": holder, "tile": table.tiles.code(prey)}
                for holder, prey in taken]
    count = amounts.get("bonus_count")
    if count and len(table.seats[seat].bonus) == int(count["tiles"]) and int(count["amount"]):
        # the row reaches the count with this tile: once a deal, as a row only grows
        replies += [payment_event(other, seat, int(count["amount"]) * doubled, REASON)
                    for other in range(table.players) if other != seat and other not in won]
    for name, tiles in bites_held(table, seat, [prey for _, prey in taken]):
        if shown not in tiles or (seat, tiles) in paid:
            continue
        paid.add((seat, tiles))
        amount = int(amounts[name]) * doubled
        if amount:
            replies += [payment_event(other, seat, amount, REASON) for other in range(table.players)
                        if other != seat and other not in won]
    return replies or None


@hookimpl
def mahjong_next_deal(ruleset: Ruleset, table: Table, outcome: Outcome) -> tuple[int, int, int] | None:
    """A drawn deal in which a bite or a kong was paid passes the deal on; anything else is the core's rule."""
    if outcome.kind == "win" or outcome.wins or not ruleset.value("bites").get("paid_draw_passes_deal"):
        return None
    count = ruleset.value("bites").get("bonus_count")
    paid = any(bites_held(table, seat) or any(m.kind is MeldKind.KONG for m in table.seats[seat].melds)
               or (count and int(count["amount"]) and len(table.seats[seat].bonus) >= int(count["tiles"]))
               for seat in range(table.players))
    if not paid:
        return None
    dealer = (table.dealer + 1) % table.players
    if dealer == 0:  # round the table: the next round, as the core's rotation counts it
        return dealer, (table.prevalent_wind + 1) % 4, table.round_index + 1
    return dealer, table.prevalent_wind, table.round_index
