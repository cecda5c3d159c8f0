"""Furiten: a complete hand that may not win on a discard, because of the tiles its seat has let go by.

Switched on by ``furiten`` (three switches, one for each way of being furiten).  The rule, as the Japanese
Mahjong Wiki's "Furiten" page gives it (its sections Furiten, Temporary furiten and Riichi furiten): a seat may
not claim a win on a discard (nor rob a kong) when

* ``own_discards`` -- one of its waits is among the tiles it has discarded this deal, those claimed from its row
  included (permanent furiten: it lasts while the waits do);
* ``passed`` -- it let a tile of its waits go by, discarded by another seat, since its own last discard (temporary
  furiten: its next discard ends it).  ``true`` refuses a win on any tile (riichi's reading); ``same_kind`` refuses
  only a win on a tile of a kind it let go by -- the "missed discard" of Four Winds' help ("Claiming rules --
  Missed Discard": no going out by claiming a tile identical to one missed since one's last discard, before one's
  next tile from the wall), which Korean tables play;
* ``after_declaration`` -- having declared riichi (the ``riichi`` flag of the ``riichi_declaration`` mechanism), it
  let a tile of its waits go by at any time since the declaration (riichi furiten: it lasts the deal).

A self-drawn win is never refused.  The waits are the concealed tiles' (every form: four sets and a pair, seven
pairs, thirteen orphans), whether or not the hand would have a yaku on the tile -- the wiki's rule counts any tile
that would complete the hand.

The tiles each seat has let go by are no table state the log folds: this module keeps them in
``table.extra["furiten"]`` for the current deal, written as each discard is logged (``mahjong_event_reactions``,
which answers nothing).  A re-played game runs the same hooks on the same events, so it keeps the same record, and
what a seat is refused is the same.  Nothing of it is logged, and a live table tells a seat its own furiten alone
(``mahjong_seat_notes``): a seat's furiten says what its waits are.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, Ruleset, Table, hookimpl, reacts_to, waits

#: ``table.extra`` key of the record of tiles let go by.
KEY = "furiten"
#: The seat flag a riichi declaration sets (the ``riichi_declaration`` mechanism's ``riichi``).
DECLARED = "riichi"
#: ``passed``'s narrower reading: only a tile of a kind let go by is refused.
SAME_KIND = "same_kind"
#: The decision phases in which a seat wins on another's tile.
PHASES = ("claim", "rob_kong")


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("furiten") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "furiten", sys.modules[__name__], switched_on=switched_on,
                         description="furiten: no win on a discard when a wait is among one's own discards, was "
                                     "let go by since one's last discard, or, after riichi, at any time since",
                         parameters=parameters_of("furiten"))]


class Record:
    """The tiles each seat has discarded (``own``), let go by since its last discard (``since``) and since its
    riichi (``declared``), and the last discard (``pending``: tile and seat), still in its claim window."""

    __slots__ = ("deal", "own", "since", "declared", "pending")

    def __init__(self, deal: int, players: int):
        self.deal = deal
        self.own: list[set[int]] = [set() for _ in range(players)]
        self.since: list[set[int]] = [set() for _ in range(players)]
        self.declared: list[set[int]] = [set() for _ in range(players)]
        self.pending: tuple[int, int] | None = None


def record(table: Table) -> Record:
    """This deal's record, begun afresh at a new deal."""
    found = table.extra.get(KEY)
    if not isinstance(found, Record) or found.deal != table.deal_number:
        found = Record(table.deal_number, table.players)
        table.extra[KEY] = found
    return found


def played_kind(table: Table, code: object) -> int | None:
    """The playing kind of a logged tile code (a red five plays as a five)."""
    tiles = table.tiles
    if not isinstance(code, str) or tiles is None:
        return None
    kind = tiles.kind_of(code)
    if kind is None:
        return None
    plays = tiles.plays_as[kind]
    return kind if plays < 0 else plays


@hookimpl
@reacts_to({"deal_start", "decision"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Note a discard: the one before it has now gone by every seat but its own and this discarder's."""
    if event["type"] == "deal_start":
        table.extra.pop(KEY, None)
        return None
    if event["type"] != "decision" or event.get("action") != "discard":
        return None
    seat, tile = event["actor"], played_kind(table, event.get("tile"))
    if not isinstance(seat, int) or tile is None:
        return None
    rec = record(table)
    if rec.pending is not None:
        gone, by = rec.pending
        seats = table.seats
        for other in range(table.players):
            if other == by:
                continue
            if other != seat:  # the discarder's own discard ends its temporary furiten (cleared below)
                rec.since[other].add(gone)
            # a seat without the flag has not declared (declared_before's first answer, without the call)
            if DECLARED in seats[other].flags and declared_before(table, other, other == seat):
                rec.declared[other].add(gone)
    rec.since[seat].clear()
    rec.own[seat].add(tile)
    rec.pending = (tile, seat)
    return None


def declared_before(table: Table, seat: int, discarding: bool) -> bool:
    """Whether the seat had declared riichi when the last discard went by it.  The seat now discarding let it go
    by before its draw: its riichi counts only if declared in an earlier turn (the flag's value is the tiles it had
    drawn at the declaration), not in this one, so a declarer who lets a winning tile go by just before its own
    turn is furiten for the rest of the deal as well."""
    s = table.seats[seat]
    declared = s.flags.get(DECLARED)
    if declared is None:
        return False
    return not discarding or not isinstance(declared, int) or s.taken > declared


def furiten(ruleset: Ruleset, table: Table, seat: int) -> bool:
    """Whether the seat may not win on another's tile now, or on some kinds of it (``passed: same_kind``; see the
    module docstring)."""
    return why_furiten(ruleset, table, seat) is not None


#: What each way of being furiten means for the seat, as its own view says it (``mahjong_seat_notes``).
REASONS = {
    "own_discards": "a tile you wait on is among your own discards: you may not win on a discard (a self-drawn win "
                    "still may)",
    "passed": "you let a tile you wait on go by since your last discard: you may not win on a discard until you "
              "discard again (a self-drawn win still may)",
    "passed_kind": "you let a tile you wait on go by since your last discard: you may not win on another tile of its "
                   "kind until you discard again (a self-drawn win still may)",
    "after_declaration": "you let a tile you wait on go by after your riichi: you may not win on a discard this "
                         "deal (a self-drawn win still may)",
}


def why_furiten(ruleset: Ruleset, table: Table, seat: int) -> str | None:
    """The first way (a switch of ``furiten``, in the order of :data:`REASONS`) in which the seat is furiten now,
    or ``None``: a hand of a complete count (its own turn, before its discard) is never furiten.  ``passed_kind``
    (``passed: same_kind``) refuses only the kinds let go by (:func:`passed_kinds`), not every win."""
    rule: Mapping[str, bool | str] = ruleset.value("furiten")
    s = table.seats[seat]
    if sum(s.counts) % 3 != 1:
        return None
    rec = record(table)
    kinds = waits(bytes(s.counts))
    narrow = None  # passed_kind, answered only where no switch refuses every win
    for reason, seen in (("own_discards", rec.own[seat]), ("passed", rec.since[seat]),
                         ("after_declaration", rec.declared[seat])):
        if rule[reason] and any(kind in seen for kind in kinds):
            if rule[reason] != SAME_KIND:
                return reason
            narrow = "passed_kind"
    return narrow


def passed_kinds(ruleset: Ruleset, table: Table, seat: int) -> set[int]:
    """The kinds the seat may not win on by another's tile under ``passed: same_kind``: those it let go by since
    its own last discard (empty where the switch reads otherwise)."""
    if ruleset.value("furiten")["passed"] != SAME_KIND:
        return set()
    return record(table).since[seat]


@hookimpl
def mahjong_seat_notes(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Mapping[str, str]] | None:
    """The seat's furiten, told to it alone: it says that one of its waits is among tiles all have seen."""
    reason = why_furiten(ruleset, table, seat)
    if reason is None:
        return None
    return [{"name": KEY, "label": "furiten", "detail": REASONS[reason]}]


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    if phase not in PHASES:
        return None
    for o in options:  # asked at every claim window: a plain loop, cheaper than any() over a generator in CPython
        if o.kind == "win":
            break
    else:
        return None
    if not furiten(ruleset, table, seat):
        return None
    if why_furiten(ruleset, table, seat) == "passed_kind":  # only a win on a kind let go by (nothing refuses all)
        kinds = passed_kinds(ruleset, table, seat)
        return [o for o in options if o.kind == "win" and o.tile in kinds] or None
    return [o for o in options if o.kind == "win"]
