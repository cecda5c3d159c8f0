"""A joker held declared for points: set aside face up as a bonus tile by choice, made good from the dead wall.

Switched on by ``joker_declaration``.  Vietnamese mahjong is the model: riichi_advanced's Vietnamese rules page
(section Calls) lets a seat declare any flower or joker in its turn and set it aside for points, replaced before
it draws on, and its Phán table (section Phan) prices each joker declared -- cited, not quoted.  Where a ruleset
plays its jokers (``jokers: {played: true}``) a joker is otherwise kept and played as what it stands for; setting
it aside instead is the seat's choice:

* **the action** (``mahjong_turn_actions``): in its turn a seat holding jokers may declare one of each type it
  holds (a typed joker named by its type, as its discard is: ``2j``), while the live wall has a tile to replace it
  with, and not in the turn of a pung or chow where ``after_claim`` is false.  The action's way is the core's
  ``as_bonus``: the engine logs the core's ``bonus`` event for the joker, sets it in the seat's bonus row and takes
  a replacement tile, which the turn goes on from.  A joker declared is never robbed.
* **the score**: it is among the hand's bonus tiles, so what it is worth is the ruleset's table -- rows counted per
  bonus tile (``per: bonus_tile``) whose predicates name the joker -- and a hand with one declared is no longer a
  hand without bonus tiles.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    ANY_JOKER,
    AS_BONUS,
    Action,
    Contribution,
    Ruleset,
    RulesetError,
    Table,
    Term,
    hookimpl,
    reacts_to,
)

#: The turn action.
DECLARE = "declare_joker"
#: ``table.extra`` key: ``(deal, seat)`` from a seat's claim of a discard until its next discard or draw: the turn
#: of a claim, in which ``after_claim: false`` lets no joker be declared.
CLAIMED = "joker_claimed_turn"

TERMS = (Term("action", DECLARE, label="declares a joker"),)


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``joker_declaration``: ``after_claim``."""
    value: Mapping[str, Any] = ruleset.value("joker_declaration")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("joker_declaration") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "joker_declaration", this, switched_on=switched_on,
                         description="a joker held declared by choice: set aside as a bonus tile, replaced from the "
                                     "dead wall, and scored with the bonus tiles (Vietnamese jokers for Phán)",
                         parameters=parameters_of("joker_declaration")),
            Contribution("vocabulary", "joker_declaration", this, "a joker declared for points", terms=TERMS)]


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Refuse a declaration of jokers a seat never holds: where the ruleset's jokers are not played, each is set
    aside as it is drawn, and there is nothing to declare."""
    if ruleset.get("joker_declaration") is None:
        return
    jokers = ruleset.get("jokers")
    if not isinstance(jokers, Mapping) or not jokers.get("played"):
        raise RulesetError("joker_declaration lets a seat declare a joker it holds, but the ruleset's jokers are not "
                           "played (jokers: {played: true}): each is set aside as it is drawn, and none is ever held",
                           place="$.parameters.joker_declaration")


@hookimpl
def mahjong_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    s = table.seats[seat]
    joker_rule = s.joker_rule
    if not s.held_jokers or joker_rule is None:
        return None
    if table.extra.get(CLAIMED) == (table.deal_number, seat) and not rule(ruleset)["after_claim"]:
        return None  # the turn of a claim
    wall = table.wall
    if wall is None or wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left")):
        return None  # no tile to make it good with
    return [Action(DECLARE, ANY_JOKER + joker_rule.type_of(j), way=AS_BONUS) for j in sorted(set(s.held_jokers))]


@hookimpl
@reacts_to({"decision", "claim"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Remember the turn of a pung or chow until the seat's next discard (``after_claim``)."""
    if event["type"] == "decision" and event.get("action") == "discard":
        table.extra.pop(CLAIMED, None)
    elif event["type"] == "claim" and event.get("kind") in ("pung", "chow"):
        table.extra[CLAIMED] = (table.deal_number, event.get("seat"))
    return None
