"""The missing suit (Sichuan's ding que): each seat declares a suit it plays without, and gets rid of it first.

Switched on by ``missing_suit: true``.  After the deal and any exchange, a phase of this module's own
(``missing_suit``) asks every seat from the dealer which suit it goes without; the choice is logged as a
``missing_suit_declared`` event that sets the seat's ``missing_suit`` flag, so every view and both folds
know it.  The rule is then kept by removing options (``mahjong_refused_options``), never by a check the
engine does not know:

* at its turn, a seat that still holds a tile of its missing suit discards only such tiles, and neither
  wins nor kongs;
* in a claim window (and when a kong may be robbed) no seat claims a tile of its own missing suit, and a
  seat that still holds the suit cannot win.

So a hand wins only in the two suits it kept, and a hand still holding its missing suit when the wall runs
out is the one the end-of-deal check makes pay (:mod:`.sichuan_settlement`).

The words are this module's (a vocabulary contribution); a third party's missing suit, such as the
example package ``example_play_on``, declares its own.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, Effect, Ruleset, Table, Term, hookimpl

PHASE = "missing_suit"
ACTION = "declare_missing_suit"
EVENT = "missing_suit_declared"
FLAG = "missing_suit"
#: A declaration's way, and the tile-code letter of its suit.
LETTER = {"missing_characters": "m", "missing_dots": "p", "missing_bamboo": "s"}

TERMS = (
    Term("phase", PHASE, label="missing suit"),
    Term("action", ACTION, label="declares the suit it plays without",
         fields={"type": "object", "required": ["way"], "properties": {"way": {"enum": list(LETTER)}}}),
    *(Term("way", way) for way in LETTER),
    Term("event", EVENT, label="missing suit declared",
         fields={"type": "object", "required": ["seat", "suit"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "suit": {"enum": list(LETTER)}}},
         effects=(Effect("flag", name=FLAG, seat="seat", value="suit"),)),
)


def switched_on(ruleset: Ruleset) -> bool:
    return bool(ruleset.get("missing_suit"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "missing_suit", this, switched_on=switched_on,
                         description="a suit each seat declares it plays without, discarded first and never won on",
                         parameters=parameters_of("missing_suit")),
            Contribution("vocabulary", "missing_suit", this, "the missing suit's phase, action and event",
                         terms=TERMS)]


@lru_cache(maxsize=32)
def _kinds(ruleset: Ruleset, way: str) -> frozenset[int]:
    tiles = ruleset.tiles()
    found = (tiles.kind_of(f"{rank}{LETTER[way]}") for rank in range(1, 10))
    return frozenset(kind for kind in found if kind is not None)


def missing_kinds(ruleset: Ruleset, way: str) -> frozenset[int]:
    """The kinds of a declared missing suit in the ruleset's own tile set."""
    return _kinds(ruleset, way)


def holds_missing(ruleset: Ruleset, table: Table, seat: int) -> bool:
    """Whether the seat has declared a missing suit and still holds a tile of it (in its concealed tiles)."""
    way = table.seats[seat].flags.get(FLAG)
    if way is None:
        return False
    counts = table.seats[seat].counts
    return any(counts[kind] for kind in missing_kinds(ruleset, way))


@hookimpl
def mahjong_phase_options(ruleset: Ruleset, table: Table, seat: int, phase: str) -> Sequence[Action] | None:
    """The three suits, the one the seat holds most of first and the one it holds fewest of last (ties in the
    order characters, dots, bamboo), so that a bot taking the last choice goes without its shortest suit."""
    if phase != PHASE:
        return None
    counts = table.seats[seat].counts
    held = {way: sum(counts[k] for k in missing_kinds(ruleset, way)) for way in LETTER}
    order = sorted(LETTER, key=lambda way: -held[way])
    return [Action(ACTION, way=way) for way in order]


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != ACTION:
        return None
    return [{"type": EVENT, "seat": seat, "suit": action.way}]


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """The missing suit goes first: while the seat holds it, only its tiles are discarded and the seat neither
    wins nor kongs; no seat claims (or wins on) a tile of its own missing suit.

    At a turn a tile of the suit is held, so a discard of it is always left; in a claim window ``pass`` is.
    """
    if phase not in ("turn", "claim", "rob_kong"):
        return None
    way = table.seats[seat].flags.get(FLAG)
    if way is None:
        return None
    missing = missing_kinds(ruleset, way)
    counts = table.seats[seat].counts
    holds = any(counts[kind] for kind in missing)
    if phase == "turn":
        if not holds:
            return None
        return [o for o in options if o.kind in ("win", "kong") or (o.kind == "discard" and o.tile not in missing)]
    return [o for o in options if o.kind != "pass" and (o.tile in missing or (o.kind == "win" and holds))]
