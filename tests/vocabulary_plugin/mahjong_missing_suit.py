"""A test plugin, written as a third party would from the plugin API: Sichuan's missing suit, declared.

After the deal (and its declarations) each seat declares the suit it will
play without -- characters, circles or bamboo -- in a phase of this plugin's
own (``missing_suit``): a ``declare_missing_suit`` action whose ``way`` is the
suit, applied by this plugin as a ``missing_suit_declared`` event that sets
the seat's ``missing_suit`` flag.  Every word is declared in a vocabulary
contribution, so the core writes, checks, folds and shows them.  Enforcing
"the missing suit goes first" is a later rule (an option filter), not here.

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
