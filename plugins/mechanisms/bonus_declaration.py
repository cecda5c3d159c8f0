"""A tile of a named kind set aside by choice, face up, made good from the dead wall, and counted by the scorer.

Switched on by ``bonus_declaration``.  Three-player riichi's North (kita, the nukidora) is the model: riichi.wiki's
"Sanma" (Rule modifications) and the Tenhou rules it translates ("Tenhou.net rules", Three-player rules) give it,
cited, not quoted.  Unlike a bonus tile of the core's (``tile_set``'s ``bonus``), which is always set aside as it is
drawn, this tile may be kept and played as any tile of its kind; setting it aside is the seat's choice:

* **the action** (``mahjong_turn_actions``): in its turn a seat holding a tile of the kind ``tile`` names may
  declare it -- not in the turn of a pung or chow where ``after_claim`` is false (Tenhou: not straight after a
  pon; a kong's turn goes on from its replacement tile), and
  not once the live wall has no tile left to give the replacement to.  The action's way is the core's
  ``set_aside``: the engine first lets the other seats win on the tile where ``robbable`` says so
  (``mahjong_kong_robbable``, asked with this action's kind as the way), then this plugin's ``bonus_declared``
  event sets the tile aside (its ``set_aside`` effect), and the seat takes a replacement tile from the dead wall,
  as for a kong.
* **as a call**: a tile set aside interrupts the first go-around and a declarer's one go-around as a call does
  (the riichi mechanisms count tiles set aside with the melds: no ippatsu, double riichi, chiihou or nine terminals
  after it).
* **facts** (``mahjong_win_context``), by the riichi family's names: ``nukidora``, the kinds the winner has set
  aside (each a dora of its own, and counted again by the dora indicators); a win on the tile as it is declared is
  a win on another's tile but no robbed kong (no ``chankan``); a win on its replacement tile is ``rinshan`` where
  ``rinshan`` says so.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import KINDS, Action, Contribution, Effect, Ruleset, Table, Term, hookimpl, reacts_to

#: The turn action, its event, and the core's way that has the engine rob, set aside and replace it.
DECLARE = "declare_bonus"
DECLARED = "bonus_declared"
WAY = "set_aside"
#: ``table.extra`` key: ``(deal, seat)`` while a declaration is being made (between the seat's decision and its
#: event), when a win on the tile is a win on the declared tile, not on a kong's.
DECLARING = "bonus_declaring"
#: ``table.extra`` key: ``(deal, seat)`` from a seat's claim of a discard until its next discard or draw: the turn
#: of a claim, in which ``after_claim: false`` lets no tile be set aside.
CLAIMED = "bonus_claimed_turn"

TERMS = (
    Term("action", DECLARE, label="sets a tile aside"),
    Term("event", DECLARED, label="tile set aside", actor="table",
         fields={"type": "object", "required": ["seat", "tile"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "tile": {"$ref": "#/$defs/tile"}}},
         effects=(Effect("set_aside", seat="seat", tile="tile"),)),
)


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``bonus_declaration``: ``tile``, ``robbable``, ``after_claim``, ``rinshan``."""
    value: Mapping[str, Any] = ruleset.value("bonus_declaration")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("bonus_declaration") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "bonus_declaration", this, switched_on=switched_on,
                         description="a tile of a named kind set aside by choice and replaced from the dead wall, "
                                     "counted as a dora (three-player riichi's North)",
                         parameters=parameters_of("bonus_declaration")),
            Contribution("vocabulary", "bonus_declaration", this, "a tile set aside by choice", terms=TERMS)]


def kind(ruleset: Ruleset, table: Table) -> int:
    """The playing kind the ruleset's ``tile`` names."""
    tiles = table.tiles
    code = str(rule(ruleset)["tile"])
    found = tiles.kind_of(code) if tiles is not None else None
    if found is None:  # a table without its tile set (a test's) reads the standard codes
        return next(i for i, k in enumerate(KINDS) if k.code == code)
    return found


def tiles_left(ruleset: Ruleset, table: Table) -> int:
    """Tiles still to be drawn from the live wall before the exhaustive draw (a replacement ends it one sooner)."""
    wall = table.wall
    return 0 if wall is None else wall.live_count() - int(ruleset.value("exhaustive_draw_tiles_left"))


@hookimpl
def mahjong_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    tile = kind(ruleset, table)
    if not table.seats[seat].counts[tile]:
        return None
    if table.extra.get(CLAIMED) == (table.deal_number, seat) and not rule(ruleset)["after_claim"]:
        return None  # the turn of a claim
    if tiles_left(ruleset, table) <= 0:
        return None
    return [Action(DECLARE, tile, way=WAY)]


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != DECLARE or action.tile is None or table.tiles is None:
        return None
    return [{"type": DECLARED, "seat": seat, "tile": table.tiles.code(action.tile)}]


@hookimpl
def mahjong_kong_robbable(ruleset: Ruleset, way: str) -> bool | None:
    """The declared tile may be won on where ``robbable`` says so; a kong is another plugin's question."""
    return bool(rule(ruleset)["robbable"]) if way == DECLARE else None


@hookimpl
@reacts_to({"decision", DECLARED, "claim"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    type_ = event["type"]
    if type_ == "decision":
        action = event.get("action")
        if action == DECLARE:
            table.extra[DECLARING] = (table.deal_number, event.get("actor"))
        elif action == "discard":
            table.extra.pop(CLAIMED, None)
    elif type_ == DECLARED:
        table.extra.pop(DECLARING, None)
    elif type_ == "claim" and event.get("kind") in ("pung", "chow"):
        table.extra[CLAIMED] = (table.deal_number, event.get("seat"))
    return None


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any]:
    facts: dict[str, Any] = {"nukidora": list(table.seats[seat].aside)}
    declaring = table.extra.get(DECLARING)
    if how == "robbing_kong" and declaring is not None and declaring[0] == table.deal_number:
        facts["robbing_kong"] = False  # a declared tile won on: a win on another's tile, no robbed kong
        facts["discarder"] = declaring[1]
    elif how == "replacement" and table.last_replacement_reason == DECLARE:
        facts["rinshan"] = bool(rule(ruleset)["rinshan"])
    return facts
