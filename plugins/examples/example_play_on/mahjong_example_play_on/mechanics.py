"""The example_play_on ruleset's mechanics: a missing suit declared after the deal, no chows, kong money paid
during the deal -- the rules its data cannot say, written as a third party would, from ``mahjong_core.plugin``.

A mechanism contribution, found through this package's ``mahjong_core.plugins`` entry point and switched on
by a ruleset that sets ``x_kong_money`` (this package's ruleset), so these hooks play in its games and in no
other:

* after the deal each seat declares the suit it plays without (Sichuan's missing suit): a phase of this
  module's own (``missing_suits``) whose ``choose_missing_suit`` action is applied as a
  ``missing_suit_chosen`` event setting the seat's ``missing_suit`` flag.  Every word is declared in a
  vocabulary contribution, so the core writes, checks, folds and shows them.  It is enforced by removing
  options (``mahjong_refused_options``): while a seat holds a tile of its missing suit it discards only
  such tiles and neither wins nor kongs, and no seat claims a tile of its own missing suit (the voided suit
  is discarded, and no win holds it: webgames4you.com, "Sichuan Mahjong", How to Play and Tips; the World
  Mahjong Tour rules this package cites elsewhere do not say it in the part the search tool holds);
* no chows (``mahjong_claim_allowed``): Sichuan claims pungs and kongs only ("Players may declare Pung or
  Kong but cannot Chow": World Mahjong Tour, Sichuan Mahjong Blood Battle Rules, 2.2);
* kong money, paid the moment a kong stands (``mahjong_event_reactions`` replying with ``payment`` events):
  a kong on a discard is paid by its discarder, a concealed or added kong by every seat still in play.

Play going on until three have won and several winners on one discard are the core's, switched on by the
ruleset's data (``deal_ends_at_wins``, ``most_winners_on_one_discard``); each win is paid by this package's
``play_on`` settlement (:mod:`.settlement`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from mahjong_core.plugin import Action, Claim, Contribution, Effect, Ruleset, Table, Term, hookimpl, payment_event

#: The suits a seat may declare missing, as the decision's way (``no_bamboo``: plays without bamboo).  The words
#: are this package's own: another plugin's missing suit may be installed beside it under its own words.
SUITS = ("no_bamboo", "no_characters", "no_circles")
#: The tile-code letter of each missing suit.
LETTER = {"no_bamboo": "s", "no_characters": "m", "no_circles": "p"}
#: The suit each missing suit gives up, by the name the viewer and `view` give its tiles ("5 dots").
NAMES = {"no_bamboo": "bamboo", "no_characters": "characters", "no_circles": "dots"}
PHASE = "missing_suits"
ACTION = "choose_missing_suit"
EVENT = "missing_suit_chosen"

TERMS = (
    Term("phase", PHASE, label="missing suits"),
    Term("action", ACTION, label="declares a missing suit",
         fields={"type": "object", "required": ["way"], "properties": {"way": {"enum": list(SUITS)}}}),
    *(Term("way", suit) for suit in SUITS),
    Term("event", EVENT, label="missing suit",
         fields={"type": "object", "required": ["seat", "suit"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "suit": {"enum": list(SUITS)}}},
         effects=(Effect("flag", name="missing_suit", seat="seat", value="suit"),),
         # What a person reads: "missing suit: dots", not the words the log writes.
         words={"missing_suit": "missing suit", **{suit: NAMES[suit] for suit in SUITS}}),
)


def switched_on(ruleset: Ruleset) -> bool:
    """On where the ruleset says what a kong is paid (``x_kong_money``): this package's ruleset."""
    return ruleset.get("x_kong_money") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "play_on_mechanics", this,
                         "a declared missing suit, no chows, kong money as the kong stands", switched_on=switched_on),
            Contribution("vocabulary", "example_play_on", this, "the missing suit's phase, action and event",
                         terms=TERMS)]


@hookimpl
def mahjong_phase_options(ruleset: Ruleset, table: Table, seat: int, phase: str) -> Sequence[Action] | None:
    """Each suit to go without, the suit the seat holds most first and the one it holds least last: a seat gives
    up the suit it must then discard first, so the fewest tiles lost is a plain player's choice, and the core's
    greedy bot takes the option a plugin lists last (as it takes ``pass``, last, in the core's phases)."""
    if phase != PHASE:
        return None
    counts = table.seats[seat].counts
    held = {suit: sum(counts[kind] for kind in missing_kinds(ruleset, suit) if kind < len(counts)) for suit in SUITS}
    return [Action(ACTION, way=suit) for suit in sorted(SUITS, key=lambda suit: -held[suit])]


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != ACTION:
        return None
    return [{"type": EVENT, "seat": seat, "suit": action.way}]


@hookimpl
def mahjong_claim_allowed(ruleset: Ruleset, table: Table, claim: Claim) -> bool | None:
    """No chows; every other claim as the core allows it."""
    return False if claim.kind == "chow" else None


@hookimpl
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Kong money as the kong stands: from the discarder for a kong on its discard, else from each seat in play."""
    money = ruleset.value("x_kong_money")
    if event["type"] == "claim" and event.get("kind") == "kong":
        return [payment_event(event["discarder"], event["seat"], int(money["from_discard"]), "kong_money")]
    if event["type"] == "kong":
        konger = event["seat"]
        amount = int(money["concealed" if event.get("way") == "concealed" else "added"])
        won = {w.winner for w in table.wins}
        return [payment_event(seat, konger, amount, "kong_money") for seat in range(table.players)
                if seat != konger and seat not in won]
    return None


@lru_cache(maxsize=32)
def missing_kinds(ruleset: Ruleset, suit: str) -> frozenset[int]:
    """The kinds of the declared missing suit in the ruleset's own tile set (its ranks, whatever they are).

    Asked at every decision of a seat that declared one, so it is worked out once a ruleset and suit.
    """
    tiles = ruleset.tiles()
    found = (tiles.kind_of(f"{rank}{LETTER[suit]}") for rank in range(1, 10))
    return frozenset(kind for kind in found if kind is not None)


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """The missing suit goes first: while a seat holds it, only its tiles leave, and the seat neither wins nor
    kongs; no seat claims a tile of its own missing suit (nor wins on one).

    At a turn a tile of the suit is held, so a discard of it is always left; in a claim window ``pass`` is.
    """
    suit = table.seats[seat].flags.get("missing_suit")
    if suit is None or phase not in ("turn", "claim", "rob_kong"):
        return None
    missing = missing_kinds(ruleset, suit)
    holds = any(table.seats[seat].counts[kind] for kind in missing)
    if phase == "turn":
        if not holds:
            return None
        return [o for o in options if o.kind in ("win", "kong") or (o.kind == "discard" and o.tile not in missing)]
    return [o for o in options if o.kind != "pass" and (o.tile in missing or (o.kind == "win" and holds))]
