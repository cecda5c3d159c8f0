"""The exposed ready declaration: a ready hand declared as :mod:`.riichi_declaration` declares it, then shown to all.

Switched on by ``riichi_declaration.exposed`` (Korean 2-point mahjong's 불러, "open reach": Four Winds' Korean preset
"supports making an exposed ready declaration (all tiles are turned face-up)"; namu_korean section 4.2 pays it two
bonus points).  Everything but the showing is the concealed declaration's, so that the two cannot drift apart:

* **who may declare** (a turn action, ``open_riichi``): exactly the seat that may make the concealed declaration,
  at the same moments -- the action is offered beside ``riichi`` wherever :mod:`.riichi_declaration` offers it.
* **the declaration** logs the ``riichi_declaration`` event as the concealed one does (its flags, its stick, the
  lock of its declaring turn: only a discard that leaves the hand ready), then ``open_declaration``, which flags
  the seat (``open_riichi``).  The declared hand is the concealed declaration's and more: its facts (``riichi``,
  ``double_riichi``) still hold, and the win adds the fact ``open_riichi``.
* **the hand shown**: once the declaring discard has passed -- at the next ``draw`` or ``claim``, the first event
  after its claim window that is not a win on it -- the table logs ``hand_shown`` with the seat's concealed
  tiles, the core's event for a hand turned face up: from then on every seat's view shows them, a tile the seat
  draws hidden until it is discarded or won with (the core's redaction).  Shown after the discard, not
  with the declaration, so that the tile it discards is never shown as part of the hand before it is let go.
* **the lock**: riichi's (:mod:`.locked_hand`), and no kong at all once the hand is shown: the hand stays as it
  was shown (an assumption where the sources are silent; a concealed kong's tiles would otherwise lie face down
  out of a hand every seat has seen).
* **the others' discards** (``exposed.others_discard_waits: false``): a seat may not discard a tile of a kind a
  shown hand waits on -- it cannot deal into a hand it can see -- unless every discard it holds is such a tile (it
  must discard something), or its own hand is locked by a declaration (it discards what its lock allows).  Where
  ``others_discard_waits`` is true, the waits may be discarded and won on as any tile.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import riichi_declaration

from mahjong_core.plugin import (
    KINDS,
    Action,
    Contribution,
    Effect,
    Ruleset,
    Table,
    Term,
    hookimpl,
    reacts_to,
    waits,
)

#: The turn action, the event and the seat flag (the fact a win reads, riichi.wiki's "Open riichi").
DECLARE = "open_riichi"
DECLARED = "open_declaration"
FLAG = "open_riichi"
#: The core's event of a hand turned face up.
SHOWN = "hand_shown"

TERMS = (
    Term("action", DECLARE, label="declares ready, hand shown"),
    Term("event", DECLARED, label="ready, hand shown",
         fields={"type": "object", "required": ["seat", "open"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "open": {"const": True}}},
         effects=(Effect("flag", name=FLAG, seat="seat", value="open"),),
         words={FLAG: "ready, hand shown"}),
)


def settings(ruleset: Ruleset) -> Mapping[str, Any]:
    """``riichi_declaration.exposed``: ``others_discard_waits`` (whether another seat may discard a shown hand's
    waits)."""
    value: Mapping[str, Any] = riichi_declaration.rule(ruleset)["exposed"]
    return value


def switched_on(ruleset: Ruleset) -> bool:
    value = ruleset.get("riichi_declaration")
    return isinstance(value, Mapping) and bool(value.get("exposed"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "open_declaration", this, switched_on=switched_on,
                         description="the exposed ready declaration: riichi_declaration's declaration, the hand then "
                                     "shown face up to every seat, locked, and its waits kept from the others' "
                                     "discards (riichi_declaration.exposed)"),
            Contribution("vocabulary", "open_declaration", this, "the exposed ready declaration and its flag",
                         terms=TERMS)]


# -- who may declare, and the declaration -------------------------------------------------------------------------


@hookimpl
def mahjong_ready_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    offered = riichi_declaration.mahjong_ready_turn_actions(ruleset=ruleset, table=table, seat=seat)
    return [Action(DECLARE)] if offered else None


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != DECLARE:
        return None
    declared = riichi_declaration.mahjong_apply_action(ruleset=ruleset, table=table, seat=seat,
                                                       action=Action(riichi_declaration.DECLARE), phase=phase)
    return [*(declared or ()), {"type": DECLARED, "seat": seat, "open": True}]


# -- the hand shown ---------------------------------------------------------------------------------------------


@hookimpl
@reacts_to({"draw", "claim"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """The hand of a seat that declared open, once its declaring discard has passed (the module docstring): the
    first ``draw`` or ``claim`` after it.  The seat that draws is never the one shown (it holds a tile more)."""
    out = []
    for n, s in enumerate(table.seats):
        if s.flags.get(FLAG) and not s.laid and n != event.get("seat"):
            code = table.tiles.code if table.tiles is not None else (lambda k: KINDS[k].code)
            out.append({"type": SHOWN, "seat": n, "tiles": [code(k) for k in s.concealed_tiles()]})
    return out or None


def shown_seats(table: Table) -> list[int]:
    """The seats whose hands lie face up by this declaration."""
    return [n for n, s in enumerate(table.seats) if s.laid and s.flags.get(FLAG)]


# -- the lock, and the others' discards ---------------------------------------------------------------------------


#: ``table.extra`` key: ``(seat, concealed tiles, waits)`` of the last shown hand whose waits were asked.
WAITS = "open_declaration_waits"


def shown_waits(table: Table, seat: int) -> frozenset[int]:
    """The kinds a shown hand waits on (its concealed tiles, which every seat sees), kept for the hand asked last:
    a locked hand keeps its tiles, so the answer serves every turn until it wins or the deal ends."""
    held = bytes(table.seats[seat].counts)
    memo = table.extra.get(WAITS)
    if isinstance(memo, tuple) and memo[0] == seat and memo[1] == held:
        found: frozenset[int] = memo[2]
        return found
    found = frozenset(waits(held))
    table.extra[WAITS] = (seat, held, found)
    return found


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    if phase != "turn":
        return None
    s = table.seats[seat]
    if s.flags.get(FLAG) and s.laid:  # shown: the hand stays as it was shown, no kong
        return [o for o in options if o.kind == "kong"] or None
    if riichi_declaration.FLAG in s.flags or settings(ruleset).get("others_discard_waits", True):
        return None
    shown = [n for n in shown_seats(table) if n != seat]
    if not shown:
        return None
    kept: set[int] = set()
    for n in shown:
        kept |= shown_waits(table, n)
    discards = [o for o in options if o.kind == "discard" and o.tile is not None]
    refused = [o for o in discards if o.tile in kept]
    if not refused or len(refused) == len(discards):  # nothing to keep back, or nothing else to discard
        return None
    return refused


# -- the facts of a win -------------------------------------------------------------------------------------------


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any]:
    return {FLAG: bool(table.seats[seat].flags.get(FLAG))}
