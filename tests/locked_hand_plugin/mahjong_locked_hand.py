"""A test plugin, written as a third party would from the plugin API: a riichi-like locked hand, and kuikae.

A seat whose concealed hand (no claimed meld) can be left ready by a discard
may declare (a ``declare_riichi`` turn action, a word of this plugin's
vocabulary); the plugin answers a ``riichi_declared`` event that sets the
seat's ``riichi`` flag to the number of tiles it had discarded, so the turn
of the declaration is told apart from the later ones.  Then the plugin takes
options away (``mahjong_refused_options``):

* in the declaring turn, every kong and every discard that would leave the
  hand not ready;
* in every later turn, all but the discard of the tile just drawn and a
  win: the hand is locked ("After a riichi declaration, the hand remains
  locked and unchangeable" -- Japanese Mahjong Wiki, 'Riichi'; "A player
  who declared riichi can no longer change his hand" -- Mahjong Time,
  Japanese rules 3.3.12).  The concealed kong such a hand may make where
  it does not change the waits is left out;
* in a claim window, all but a win for a seat that declared;
* kuikae: in the turn right after a chow or pung, the discard of the kind
  claimed and, for a chow claimed at one end, of the tile at its other end
  ("the following discard cannot be another copy of the tile they just
  called, nor can it be another tile that also completes the chii that the
  player just called for" -- Japanese Mahjong Wiki, 'Kuikae').  A claim
  after which every tile left would be such a tile is refused itself, so
  the seat always has a discard.

Kuikae needs to know which tile was claimed, which a chow's meld does not
say: the plugin answers each chow or pung with a ``kuikae_barred`` event
(``mahjong_event_reactions``) naming the barred kinds in the claimer's
``kuikae`` flag.

It is switched on by a house rule's ``x_locked_hand: true`` (``house_rule.yaml``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import (
    KINDS,
    Action,
    Contribution,
    Effect,
    Ruleset,
    RulesetError,
    Table,
    Term,
    hookimpl,
    shanten,
)

DECLARE = "declare_riichi"
DECLARED = "riichi_declared"
BARRED = "kuikae_barred"
INDEX = {k.code: k.index for k in KINDS}

TERMS = (
    Term("action", DECLARE, label="declares riichi"),
    Term("event", DECLARED, label="riichi",
         fields={"type": "object", "required": ["seat", "discards"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"},
                                "discards": {"type": "integer", "minimum": 0}}},
         effects=(Effect("flag", name="riichi", seat="seat", value="discards"),)),
    Term("event", BARRED, label="may not discard at once",
         fields={"type": "object", "required": ["seat", "tiles"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"},
                                "tiles": {"type": "array", "items": {"$ref": "#/$defs/tile"}}}},
         effects=(Effect("flag", name="kuikae", seat="seat", value="tiles"),)),
)


def switched_on(ruleset: Ruleset) -> bool:
    try:
        return ruleset.value("x_locked_hand") is True
    except RulesetError:
        return False


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return (
        Contribution("mechanism", "locked hand", this, "a riichi-like declaration locks the hand; kuikae",
                     switched_on=switched_on),
        Contribution("vocabulary", "riichi_locked_hand", this, "the declaration and the kuikae bar", terms=TERMS),
    )


@hookimpl
def mahjong_ready_turn_actions(table: Table, seat: int) -> Sequence[Action] | None:
    """The declaration, for a seat not yet declared whose melds are all concealed kongs."""
    s = table.seats[seat]
    if "riichi" in s.flags or any(m.exposed for m in s.melds):
        return None
    if not any(n and ready_without(s.counts, k) for k, n in enumerate(s.counts)):
        return None  # a seat standing calling whose hand is not ready (the hook is asked of those too)
    return [Action(DECLARE)]


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != DECLARE:
        return None
    return [{"type": DECLARED, "seat": seat, "discards": len(table.seats[seat].discards)}]


@hookimpl
def mahjong_event_reactions(event: Mapping[str, Any]) -> Sequence[Mapping[str, Any]] | None:
    """After a chow or pung, the kinds its claimer may not discard at once (kuikae)."""
    if event["type"] != "claim" or event.get("kind") not in ("chow", "pung"):
        return None
    return [{"type": BARRED, "seat": event["seat"], "tiles": [KINDS[k].code for k in barred(event)]}]


def barred(claim: Mapping[str, Any]) -> list[int]:
    """The kinds a claim bars from the claimer's next discard: the claimed kind, and a chow's other end."""
    tile = INDEX[claim["tile"][:2]]  # a marked copy's code names its kind first
    out = [tile]
    if claim["kind"] == "chow":
        run = sorted(INDEX[c[:2]] for c in claim["tiles"])
        beyond = run[2] + 1 if tile == run[0] else run[0] - 1 if tile == run[2] else None
        if beyond is not None and beyond // 9 == tile // 9 and 0 <= beyond < 27:
            out.append(beyond)
    return out


@hookimpl
def mahjong_refused_options(table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    s = table.seats[seat]
    declared = s.flags.get("riichi")
    if phase == "claim":
        if declared is not None:
            return [o for o in options if o.kind not in ("win", "pass")]
        return [o for o in options if o.kind in ("chow", "pung") and leaves_only_barred(s.counts, o)]
    if phase != "turn":
        return None
    if declared is not None and len(s.discards) > declared:  # locked: the drawn tile, or a win
        drawn = table.drawn_tile
        if drawn is None:
            return None
        keep = Action("discard", drawn)
        return [o for o in options if o.kind != "win" and o != keep]
    if declared is not None:  # the declaring turn: a discard that leaves the hand ready, or a win
        return [o for o in options if o.kind == "kong"
                or (o.kind == "discard" and o.tile is not None and not ready_without(s.counts, o.tile))]
    bar = s.flags.get("kuikae")
    if bar and table.drawn_tile is None:
        kinds = {INDEX[c] for c in bar}
        return [o for o in options if o.kind == "discard" and o.tile in kinds]
    return None


def ready_without(counts: list[int], tile: int) -> bool:
    counts[tile] -= 1
    try:
        return shanten(bytes(counts)) <= 0
    finally:
        counts[tile] += 1


def leaves_only_barred(counts: Sequence[int], claim: Action) -> bool:
    """Whether every tile left after the claim would be one its kuikae bars (so the claimer could not discard)."""
    assert claim.tile is not None
    left = list(counts)
    for used in claim.tiles:
        left[used] -= 1
    run = sorted((*claim.tiles, claim.tile))
    kinds = set(barred({"kind": claim.kind, "tile": KINDS[claim.tile].code,
                        "tiles": [KINDS[k].code for k in run]}))
    return all(n == 0 or k in kinds for k, n in enumerate(left))
