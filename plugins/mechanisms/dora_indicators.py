"""Dora indicators: tiles of the dead wall turned face up, one as the hands are dealt and one for each kong, and the
tiles under them for a declarer's win.

Switched on by ``dora_indicators``.  The rules, as the Japanese Mahjong Wiki's "Dora", "Dead wall" and "Kan" pages
and the EMA's 2016 riichi rules (section 2.7, cited, not quoted) give them:

* **the dead wall** is the last fourteen tiles of the wall: the ruleset keeps it with ``loose_tiles: 0`` and
  ``exhaustive_draw_tiles_left: 14``, so a kong's replacement is taken off its end and the live wall ends a tile
  sooner (``Wall.dead_wall_tile`` counts its tiles from that end).  Its first four tiles are the replacements; the
  indicators are the tops of the stacks behind them (tiles 4, 6, 8, 10 and 12 from the end), the ura indicators
  the tiles under them (5, 7, 9, 11 and 13).  A ruleset that keeps more replacement tiles says how many
  (``replacement_tiles``: eight in three-player riichi, riichi.wiki "Sanma", The dead wall), and the indicators
  lie behind those (the first on tile 8).  No more than ``most_kongs`` kongs stand, and none is made with no
  tile left to draw ("Kan": a kong needs a replacement tile and one to draw after it): both refused
  (``mahjong_refused_options``).
* **when an indicator turns** (``mahjong_event_reactions``, a ``dora_indicator_shown`` event whose ``show`` effect puts
  the tile among the table's shown tiles): the first as the hands are dealt; a kong's at the moment
  ``kong_indicator`` names for its way -- ``at_once`` (as the kong stands), ``after_discard`` (as its konger
  discards next) or ``next_draw`` (as the next tile is taken, from the wall or the dead wall); a moment that comes
  turns every indicator still owed.
* **ura-dora** (``ura_dora``): at a win by a seat that declared riichi, the ``ura_dora_shown`` event shows
  the tiles under every indicator turned (shown, not folded into the table's shown tiles).
* **facts** (``mahjong_win_context``): ``dora_indicators`` (the shown indicators' playing kinds, a red five as a
  five) and, for a declarer, ``ura_dora_indicators``, by the riichi family's names.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, Effect, MeldKind, Ruleset, Table, Term, hookimpl, reacts_to

INDICATOR = "dora_indicator_shown"
URA = "ura_dora_shown"
#: The dead-wall tiles the indicators are, counted from its end as ``Wall.dead_wall_tile`` counts them, and those
#: under them, behind the four replacement tiles of a kong.
INDICATORS = (4, 6, 8, 10, 12)
UNDER = (5, 7, 9, 11, 13)


def places(ruleset: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The indicators' places and those under them: behind ``replacement_tiles`` replacement tiles (4 unless the
    ruleset says more: three-player riichi keeps eight, for the Norths set aside as well as the kongs)."""
    first = int(rule(ruleset).get("replacement_tiles", 4))
    if first == 4:
        return INDICATORS, UNDER
    return tuple(first + 2 * k for k in range(5)), tuple(first + 1 + 2 * k for k in range(5))
#: The seat flag a riichi declaration sets (the ``riichi_declaration`` mechanism's ``riichi``).
DECLARED = "riichi"
#: ``table.extra`` key: the deal whose ura-dora have been shown (once, however many declarers win on one tile).
SHOWN_URA = "ura_dora_turned"

TERMS = (
    Term("event", INDICATOR, label="dora indicator",
         fields={"type": "object", "required": ["tile", "indicator"], "additionalProperties": False,
                 "properties": {"tile": {"$ref": "#/$defs/tile"},
                                "indicator": {"type": "integer", "minimum": 1, "maximum": len(INDICATORS)}}},
         effects=(Effect("show", tile="tile"),)),
    Term("event", URA, label="ura-dora indicators",
         fields={"type": "object", "required": ["tiles"], "additionalProperties": False,
                 "properties": {"tiles": {"type": "array", "maxItems": len(UNDER),
                                          "items": {"$ref": "#/$defs/tile"}}}}),
)


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``dora_indicators``: ``kong_indicator``, ``ura_dora``, ``most_kongs``."""
    value: Mapping[str, Any] = ruleset.value("dora_indicators")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("dora_indicators") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "dora_indicators", this, switched_on=switched_on,
                         description="dora indicators from a dead wall of fourteen: one at the deal, one for each "
                                     "kong at its moment, ura-dora for a declarer's win",
                         parameters=parameters_of("dora_indicators")),
            Contribution("vocabulary", "dora_indicators", this, "the dora and ura-dora indicators", terms=TERMS)]


# -- kongs: how many, and none without a tile to draw ---------------------------------------------------------------


def kongs(table: Table) -> int:
    """Kongs on the table (asked at every discard: plain loops, cheaper than a generator in CPython)."""
    n = 0
    for s in table.seats:
        for m in s.melds:
            if m.kind is MeldKind.KONG:
                n += 1
    return n


def tiles_left(ruleset: Ruleset, table: Table) -> int:
    wall = table.wall
    return 0 if wall is None else wall.live_count() - int(ruleset.value("exhaustive_draw_tiles_left"))


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    if phase not in ("turn", "claim"):
        return None
    for o in options:  # asked at every decision, and most offer no kong: a plain loop, cheaper than any() over a
        if o.kind == "kong":  # generator in CPython
            break
    else:
        return None
    if kongs(table) >= int(rule(ruleset)["most_kongs"]) or tiles_left(ruleset, table) <= 0:
        return [o for o in options if o.kind == "kong"]
    return None


# -- the indicators ------------------------------------------------------------------------------------------------


def due(table: Table, timing: Mapping[str, str], event: Mapping[str, Any]) -> int:
    """How many indicators lie face up once ``event`` has happened (0: the event turns none): the first at the
    deal; each kong's at its moment (see the module docstring), which turns every indicator the kongs standing
    call for."""
    type_ = event["type"]
    if type_ == "hands":
        return 1
    if type_ == "kong":
        moment = timing.get(str(event.get("way"))) == "at_once"
    elif type_ == "claim":
        moment = event.get("kind") == "kong" and timing.get("from_discard") == "at_once"
    elif type_ == "decision":
        moment = event.get("action") == "discard" and "after_discard" in timing.values()
    else:  # a draw or a replacement tile
        moment = "next_draw" in timing.values()
    return 1 + min(kongs(table), len(INDICATORS) - 1) if moment else 0


#: The events at which an indicator may be turned (every other event is passed by at once: this runs for each).
MOMENTS = frozenset({"hands", "kong", "claim", "decision", "draw", "replacement"})


def indicator_events(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The indicators to turn once ``event`` has happened: those :func:`due` calls for beyond the ones face up."""
    face_up = len(table.shown)
    if face_up and face_up > min(kongs(table), len(INDICATORS) - 1):
        return []  # every indicator the kongs standing can call for is face up: :func:`due` could give no more
    upto = due(table, rule(ruleset)["kong_indicator"], event)
    wall, tiles = table.wall, table.tiles
    if upto <= len(table.shown) or wall is None or tiles is None:
        return []
    codes = tiles.codes()
    indicators = places(ruleset)[0]
    out: list[dict[str, Any]] = []
    for k in range(len(table.shown), upto):
        tile = wall.dead_wall_tile(indicators[k])
        if tile is None:  # a physical table's tiles show what was taken, not what was looked at
            break
        out.append({"type": INDICATOR, "tile": codes[tile], "indicator": k + 1})
    return out


def under(table: Table, ruleset: Ruleset | None = None) -> list[int]:
    """The tiles under the indicators turned (their kinds as the wall holds them), or none where not known."""
    wall = table.wall
    if wall is None:
        return []
    beneath = UNDER if ruleset is None else places(ruleset)[1]
    found = [wall.dead_wall_tile(beneath[k]) for k in range(min(len(table.shown), len(beneath)))]
    return [t for t in found if t is not None]


def moments(ruleset: Ruleset) -> frozenset[str]:
    """The events at which this ruleset may turn an indicator or show the ura-dora (:func:`due` is 0 at every
    other, and :func:`mahjong_event_reactions` answers nothing): the deal and every kong; a claimed kong where it
    turns its indicator at once; a discard where one waits for the konger's discard; a draw where one waits for
    the next draw; a win where ura-dora are played.  The game asks about these alone (``reacts_to``)."""
    timing = rule(ruleset)["kong_indicator"]
    out = {"hands", "kong"}
    if timing.get("from_discard") == "at_once":
        out.add("claim")
    if "after_discard" in timing.values():
        out.add("decision")
    if "next_draw" in timing.values():
        out.update(("draw", "replacement"))
    if rule(ruleset)["ura_dora"]:
        out.add("mahjong")
    return frozenset(out)


@hookimpl
@reacts_to(moments)
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    if event["type"] == "mahjong":
        seat = event["seat"]
        if not rule(ruleset)["ura_dora"] or DECLARED not in table.seats[seat].flags or table.tiles is None:
            return None
        if table.extra.get(SHOWN_URA) == table.deal_number:
            return None  # shown already, for an earlier declarer's win on the same tile
        table.extra[SHOWN_URA] = table.deal_number
        codes = table.tiles.codes()
        return [{"type": URA, "tiles": [codes[t] for t in under(table, ruleset)]}]
    if event["type"] not in MOMENTS:
        return None
    return indicator_events(ruleset, table, event) or None


# -- the facts of a win ---------------------------------------------------------------------------------------------


def played(table: Table, kinds: Sequence[int]) -> list[int]:
    tiles = table.tiles
    if tiles is None:
        return list(kinds)
    return [k if tiles.plays_as[k] < 0 else tiles.plays_as[k] for k in kinds]


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any]:
    facts: dict[str, Any] = {"dora_indicators": played(table, table.shown)}
    if rule(ruleset)["ura_dora"] and DECLARED in table.seats[seat].flags:
        facts["ura_dora_indicators"] = played(table, under(table, ruleset))
    return facts
