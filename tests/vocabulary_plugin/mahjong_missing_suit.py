"""A test plugin, written as a third party would from the plugin API: Sichuan's missing suit, declared.

After the deal (and its declarations) each seat declares the suit it will
play without -- characters, circles or bamboo -- in a phase of this plugin's
own (``missing_suit``): a ``declare_missing_suit`` action whose ``way`` is the
suit, applied by this plugin as a ``missing_suit_declared`` event that sets
the seat's ``missing_suit`` flag.  Every word is declared in a vocabulary
contribution, so the core writes, checks, folds and shows them.

Where a house rule also says ``x_missing_suit_first: true``
(``house_rule_enforced.yaml``), the plugin enforces the suit as Sichuan does,
by taking options away (``mahjong_refused_options``): while a seat holds a
tile of its declared suit it may discard only such tiles (no other
discard, no kong, no win), and no seat may claim a tile of its missing suit
("each player must void a suit: you may only win with tiles of the other two
suits, and must discard all of your voided suit" -- webgames4you.com,
"Sichuan Mahjong (血战到底)", How to Play; the same page: "you can't win
while holding it").

It also shows an event a plugin adds in reply to another
(``mahjong_event_reactions``): after a pung or kong claimed on a discard,
an ``indicator_shown`` event lays its tile face up for all (a ``show``
effect), as a dora indicator is turned after a kong.

It is switched on by a house rule's ``x_missing_suit: true`` (``house_rule.yaml``
beside this module).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import Action, Contribution, Effect, Ruleset, RulesetError, Table, Term, hookimpl

#: The suits a seat may declare missing, as the decision's way, with each suit's letter in the notation.
SUITS = {"characters": "m", "circles": "p", "bamboo": "s"}
PHASE = "missing_suit"
ACTION = "declare_missing_suit"
EVENT = "missing_suit_declared"
INDICATOR = "indicator_shown"

TERMS = (
    Term("phase", PHASE, label="missing suits"),
    Term("action", ACTION, label="declares a missing suit",
         fields={"type": "object", "required": ["way"], "properties": {"way": {"enum": sorted(SUITS)}}}),
    *(Term("way", suit) for suit in sorted(SUITS)),
    Term("event", EVENT, label="missing suit",
         fields={"type": "object", "required": ["seat", "suit"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "suit": {"enum": sorted(SUITS)}}},
         effects=(Effect("flag", name="missing_suit", seat="seat", value="suit"),)),
    Term("event", INDICATOR, label="indicator shown",
         fields={"type": "object", "required": ["tile"], "additionalProperties": False,
                 "properties": {"tile": {"$ref": "#/$defs/tile"}}},
         effects=(Effect("show", tile="tile"),)),
)


def switched_on(ruleset: Ruleset) -> bool:
    try:
        return ruleset.value("x_missing_suit") is True
    except RulesetError:
        return False


def enforced(ruleset: Ruleset) -> bool:
    """Whether the missing suit must go first (``x_missing_suit_first``); only declared otherwise."""
    try:
        return ruleset.value("x_missing_suit_first") is True
    except RulesetError:
        return False


def suit_kinds(suit: str) -> range:
    """The kinds of a suit by its name: characters 0-8, circles 9-17, bamboo 18-26."""
    first = 9 * list(SUITS.values()).index(SUITS[suit])
    return range(first, first + 9)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return (
        Contribution("mechanism", "missing suit", this, "each seat declares a suit it plays without",
                     switched_on=switched_on),
        Contribution("vocabulary", "sichuan_missing_suit", this, "the missing suit's phase, action and event",
                     terms=TERMS),
    )


@hookimpl
def mahjong_phase_options(ruleset: Ruleset, table: Table, seat: int, phase: str) -> Sequence[Action] | None:
    if phase != PHASE:
        return None
    return [Action(ACTION, way=suit) for suit in sorted(SUITS)]


@hookimpl
def mahjong_timeout(ruleset: Ruleset, table: Table, seat: int, what: str) -> Action | None:
    """A seat out of time in this phase declares the first suit (a timed table needs an answer in every phase)."""
    return Action(ACTION, way=sorted(SUITS)[0]) if table.phase == PHASE else None


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != ACTION:
        return None
    return [{"type": EVENT, "seat": seat, "suit": action.way}]


@hookimpl
def mahjong_event_reactions(event: Mapping[str, Any]) -> Sequence[Mapping[str, Any]] | None:
    """After a pung or kong claimed on a discard, its tile is shown to all (as an indicator turned after a kong)."""
    if event["type"] == "claim" and event.get("kind") in ("pung", "kong"):
        return [{"type": INDICATOR, "tile": event["tile"]}]
    return None


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """The missing suit goes first: while it is held only its tiles leave; nobody takes a tile of it, nor wins.

    A turn keeps only the discards of the missing suit (one is always left,
    since a tile of it is held) and any plugin action; a claim window keeps
    ``pass``.
    """
    if phase not in ("turn", "claim", "rob_kong") or not enforced(ruleset):
        return None
    suit = table.seats[seat].flags.get("missing_suit")
    if suit is None:  # not declared yet
        return None
    missing = suit_kinds(suit)
    counts = table.seats[seat].counts
    holds = any(counts[k] for k in missing)
    if phase == "turn":
        if not holds:
            return None
        return [o for o in options if o.kind in ("win", "kong") or (o.kind == "discard" and o.tile not in missing)]
    return [o for o in options if o.kind != "pass" and (o.tile in missing or (o.kind == "win" and holds))]
