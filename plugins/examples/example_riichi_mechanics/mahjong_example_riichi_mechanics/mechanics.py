"""The example_riichi_mechanics ruleset's mechanics: riichi's declaration, its stick and the pot, dora indicators
from the dead wall, and the uma -- the rules its data cannot say, written as a third party would, from
``mahjong_core.plugin``.

A mechanism contribution, found through this package's ``mahjong_core.plugins`` entry point and switched on by a
ruleset that sets ``x_stick`` (this package's ruleset), so these hooks play in its games and in no other:

* **the lock** (riichi): a seat whose hand is concealed (no claimed meld) and one discard from ready, holding the
  points of a stick, with a draw of its own still to come, may declare (``declare_lock``, a turn action of this
  package's vocabulary).  The ``hand_locked`` event sets the seat's ``locked`` flag to the tiles it had drawn
  (``Seat.taken``), so the declaring turn is told apart from the later ones, each of which begins with a draw
  (its discards would not do: a claimed discard leaves the row), and the seat pays a stick into the table's pot at once
  (``payment`` from the seat to the pot).  Then options are taken away (``mahjong_refused_options``): in the
  declaring turn every kong and every discard that would leave the hand not ready; in every later turn all but a
  win, the discard of the tile just drawn, and a concealed kong of that tile that leaves the waits as they were;
  in a claim window all but a win.  (The hand "remains locked and unchangeable": Japanese Mahjong Wiki, "Riichi";
  its conditions and the concealed kong after it: the same page, and EMA 2016 rules section 3.3.14.)
* **the pot**: the next win takes every stick in it (``payment`` from the pot); a drawn deal, abortive or not,
  leaves it for the next deal, and what is left at the game's end goes to the first place.
* **dora indicators**: one tile of the dead wall turned face up as the hands are dealt (a ``dora_indicator``
  event whose ``show`` effect puts it among the table's shown tiles), and one more for each kong -- at once for a
  concealed kong, after the konger's next discard for a kong on a discard or an added one, as the ruleset's
  ``x_kong_indicator`` says.  The tiles are looked at, not taken (``table.wall.dead_wall_tile``): the top tile of
  the third stack from the dead end, then of the stacks behind it; the ruleset keeps a dead wall of 14 tiles
  (``loose_tiles: 0``, ``exhaustive_draw_tiles_left: 14``), so no draw ever reaches them.  At most four kongs
  stand (a fifth is refused, as is a kong on the wall's last tile: ``mahjong_refused_options`` again), so the
  four replacement tiles in front of the indicators are all a deal takes.
* **the uma**: at the game's end, after the pot goes to the first place, each place is paid its ``x_uma`` (first
  to last), seats with equal points sharing their places' uma evenly.

Four declarations ending the deal (suucha riichi) is the bundled ``abortive_draws`` mechanism's, told which
flag marks a declaration (``abortive_draw_declaration_flag: locked``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import (
    Action,
    Contribution,
    Effect,
    MeldKind,
    Ruleset,
    Table,
    Term,
    hookimpl,
    payment_event,
    shanten,
    waits,
)

DECLARE = "declare_lock"
LOCKED = "hand_locked"
INDICATOR = "dora_indicator"
#: The seat flag the declaration sets: the tiles the seat had drawn this deal when it declared.
FLAG = "locked"
#: The dead-wall tiles the indicators are, in order, counted from the dead end as ``Wall.dead_wall_tile`` counts
#: them: the top of the third stack (tiles 0 to 3 are the kongs' replacement tiles), then the top of each stack
#: behind it -- the first indicator and one for each of at most four kongs.
INDICATORS = (4, 6, 8, 10, 12)
MOST_KONGS = 4

TERMS = (
    Term("action", DECLARE, label="declares riichi (locks the hand)"),
    Term("event", LOCKED, label="riichi: hand locked",
         fields={"type": "object", "required": ["seat", "drawn"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "drawn": {"type": "integer", "minimum": 0}}},
         effects=(Effect("flag", name=FLAG, seat="seat", value="drawn"),)),
    Term("event", INDICATOR, label="dora indicator",
         fields={"type": "object", "required": ["tile", "indicator"], "additionalProperties": False,
                 "properties": {"tile": {"$ref": "#/$defs/tile"},
                                "indicator": {"type": "integer", "minimum": 1, "maximum": len(INDICATORS)}}},
         effects=(Effect("show", tile="tile"),)),
)


def switched_on(ruleset: Ruleset) -> bool:
    """On where the ruleset says when a kong's indicator is turned (``x_kong_indicator``): this package's ruleset.

    Not ``x_stick``, which another ruleset may name for its own sticks (the core's money test ruleset does)."""
    return ruleset.get("x_kong_indicator") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "riichi_mechanics", this,
                         "riichi's declaration locking the hand, its stick and the pot, dora indicators from the dead "
                         "wall, the uma", switched_on=switched_on),
            Contribution("vocabulary", "example_riichi_mechanics", this,
                         "the declaration, the locked hand and the dora indicator", terms=TERMS)]


# -- the declaration and the lock ----------------------------------------------------------------------------------


def ready_without(counts: list[int], tile: int) -> bool:
    """Whether the hand is ready after discarding ``tile``."""
    counts[tile] -= 1
    try:
        return shanten(bytes(counts)) <= 0
    finally:
        counts[tile] += 1


def draws_left(ruleset: Ruleset, table: Table) -> int:
    """Tiles still to be drawn before the exhaustive draw (the dead wall not counted)."""
    wall = table.wall
    return 0 if wall is None else wall.live_count() - int(ruleset.value("exhaustive_draw_tiles_left"))


@hookimpl
def mahjong_ready_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    """The declaration: a concealed hand one discard from ready, the stick's points held, a draw still to come.

    ("at least four tiles left in the wall", so that the declarer draws again, and 1,000 points to pay: EMA 2016
    section 3.3.14; Japanese Mahjong Wiki, "Riichi".)
    """
    s = table.seats[seat]
    if FLAG in s.flags or any(m.exposed for m in s.melds):
        return None
    if table.scores[seat] < int(ruleset.value("x_stick")) or draws_left(ruleset, table) < table.players:
        return None
    if not any(n and ready_without(s.counts, k) for k, n in enumerate(s.counts)):
        return None
    return [Action(DECLARE)]


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != DECLARE:
        return None
    return [{"type": LOCKED, "seat": seat, "drawn": table.seats[seat].taken}]


def same_waits(counts: list[int], tile: int) -> bool:
    """Whether a concealed kong of the tile just drawn leaves the waits the hand had before the draw."""
    counts[tile] -= 1
    before = waits(bytes(counts))
    counts[tile] -= 3
    after = waits(bytes(counts))
    counts[tile] += 4
    return before == after


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """No kong where none may be made (:func:`kongs_closed`); what a declared seat may no longer do."""
    refused = [o for o in options if o.kind == "kong"] if kongs_closed(ruleset, table) else []
    locked = refused_by_lock(table, seat, phase, options) or ()
    return [*refused, *(o for o in locked if o not in refused)] or None


def refused_by_lock(table: Table, seat: int, phase: str, options: Sequence[Action]) -> Sequence[Action] | None:
    """What a declared seat may no longer do (see the module docstring)."""
    s = table.seats[seat]
    declared = s.flags.get(FLAG)
    if declared is None:
        return None
    if phase == "claim":
        return [o for o in options if o.kind not in ("win", "pass")]
    if phase != "turn":
        return None
    if s.taken == declared:  # the declaring turn (no tile drawn since): a discard that leaves the hand ready, a win
        return [o for o in options if o.kind == "kong"
                or (o.kind == "discard" and o.tile is not None and not ready_without(s.counts, o.tile))]
    drawn = table.drawn_tile
    if drawn is None:
        return None
    return [o for o in options if not (
        o.kind == "win" or o == Action("discard", drawn)
        or (o.kind == "kong" and o.way == "concealed" and o.tile == drawn and same_waits(s.counts, drawn)))]


# -- kongs: at most four, none on the wall's last tile ---------------------------------------------------------


def kongs(table: Table) -> int:
    return sum(1 for s in table.seats for m in s.melds if m.kind is MeldKind.KONG)


def kongs_closed(ruleset: Ruleset, table: Table) -> bool:
    """No fifth kong (there are four replacement tiles), and none when no tile is left to draw ("forbidden to
    declare a kan while the wall is empty": Japanese Mahjong Wiki, "Kan"); otherwise as the ruleset's data says."""
    return kongs(table) >= MOST_KONGS or draws_left(ruleset, table) <= 0


# -- events in reply: the stick, the pot, the indicators -------------------------------------------------------


def indicators_due(table: Table, kong_timing: Mapping[str, str], event: Mapping[str, Any]) -> int:
    """How many indicators should lie face up once ``event`` has happened (0: the event turns none): the first as
    the hands are dealt; one more for each kong at its moment -- the kong itself where ``kong_timing`` says
    ``at_once`` for its way, else the next discard (which turns every indicator still owed)."""
    type_ = event["type"]
    if type_ == "hands":
        return 1
    if type_ == "kong":
        way = event.get("way")
    elif type_ == "claim" and event.get("kind") == "kong":
        way = "from_discard"
    elif type_ == "decision" and event.get("action") == "discard":
        return 1 + min(kongs(table), MOST_KONGS)
    else:
        return 0
    return 1 + min(kongs(table), MOST_KONGS) if kong_timing.get(str(way)) == "at_once" else 0


def indicator_events(table: Table, kong_timing: Mapping[str, str], event: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The ``dora_indicator`` events the event calls for, each the next indicator tile of the dead wall."""
    due = indicators_due(table, kong_timing, event)
    if due <= len(table.shown):
        return []
    wall, tiles = table.wall, table.tiles
    if wall is None or tiles is None:
        return []
    codes = tiles.codes()
    out: list[dict[str, Any]] = []
    for k in range(len(table.shown), due):
        tile = wall.dead_wall_tile(INDICATORS[k])
        if tile is None:  # a physical table's tiles, which show what was taken, not what was looked at
            return out
        out.append({"type": INDICATOR, "tile": codes[tile], "indicator": k + 1})
    return out


@hookimpl
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """The stick as the hand locks, the pot to the winner, an indicator when one is due."""
    type_ = event["type"]
    if type_ == LOCKED:
        return [payment_event(event["seat"], None, int(ruleset.value("x_stick")), "riichi_stick")]
    if type_ == "mahjong":
        return [payment_event(None, event["seat"], table.pot, "riichi_sticks")] if table.pot else None
    return indicator_events(table, ruleset.value("x_kong_indicator"), event) or None


# -- the game's end: the pot left, the uma ------------------------------------------------------------------------


def places(scores: Sequence[int]) -> list[list[int]]:
    """Seats grouped by place, first place first: seats with equal points share a group (in seat order)."""
    groups: dict[int, list[int]] = {}
    for seat in sorted(range(len(scores)), key=lambda n: (-scores[n], n)):
        groups.setdefault(scores[seat], []).append(seat)
    return list(groups.values())


def uma_by_seat(scores: Sequence[int], uma: Sequence[int]) -> list[int]:
    """Each seat's uma: its place's, or, for seats tied on points, the uma of the places they take shared evenly
    (a remainder, where the share is not whole, to the tied seats in seat order, one point each)."""
    out = [0] * len(scores)
    place = 0
    for group in places(scores):
        total = sum(uma[place:place + len(group)])
        share, rest = divmod(total, len(group))
        for k, seat in enumerate(group):
            out[seat] = share + (1 if k < rest else 0)
        place += len(group)
    return out


def transfers(net: Sequence[int], reason: str) -> list[dict[str, Any]]:
    """Payments that move ``net`` (summing to zero): each seat that loses pays the seats that gain, in seat
    order, as much as each is owed."""
    owed = [[seat, -x] for seat, x in enumerate(net) if x < 0]
    due = [[seat, x] for seat, x in enumerate(net) if x > 0]
    out = []
    for payer in owed:
        for payee in due:
            amount = min(payer[1], payee[1])
            if amount > 0:
                out.append(payment_event(payer[0], payee[0], amount, reason))
                payer[1] -= amount
                payee[1] -= amount
    return out


@hookimpl
def mahjong_game_settlement(ruleset: Ruleset, table: Table) -> Sequence[Mapping[str, Any]]:
    """The sticks left in the pot to the first place (the first in seat order among seats tied first), then the
    uma on the points as the game ended."""
    first = places(table.scores)[0][0]
    out = [payment_event(None, first, table.pot, "riichi_sticks_left")] if table.pot else []
    return out + transfers(uma_by_seat(table.scores, list(ruleset.value("x_uma"))), "uma")
