"""A joker held declared for points: set aside face up as a bonus tile by choice, made good from the dead wall.

Switched on by ``joker_declaration``.  Vietnamese mahjong is the model: riichi_advanced's Vietnamese rules page
(section Calls) lets a seat declare any flower or joker in its turn and set it aside for points, replaced before
it draws on, and its Phán table (section Phan) prices each joker declared -- cited, not quoted.  Where a ruleset
plays its jokers (``jokers: {played: true}``) a joker is otherwise kept and played as what it stands for; setting
it aside instead is the seat's choice:

* **the action** (``mahjong_turn_actions``): in its turn a seat holding jokers may declare one of each joker kind it
  holds (a typed joker named by its type, as its discard is: ``2j``; where the set tells the copies apart by their
  frames, each copy held by its frame too, ``2d``, so that the seat chooses which it lays down), while the live
  wall has a tile to replace it with, and not in the turn of a pung or chow where ``after_claim`` is false.  The
  action's way is the core's ``as_bonus``: the engine logs the core's ``bonus`` event for the joker, sets it in the
  seat's bonus row and takes a replacement tile, which the turn goes on from.  A joker declared is never robbed.
* **before play** (``mahjong_deal_declarations``, where ``before_play`` is true): once the hands are dealt and
  their flowers replaced, each seat from the dealer may lay its jokers down one by one, each replaced into the
  hand, before the first discard -- riichi_advanced's Vietnamese ruleset asks each seat in turn to reveal its
  flowers and jokers at the match's start, and its page (section Phan) pays a General or suited tiles' joker
  declared "before the start of the game" more.  The log holds each as a ``decision`` of the ``declaration``
  phase, the core's ``bonus`` event and a ``replacement``: public, as a flower's are, and re-played by the audit.
* **the score**: it is among the hand's bonus tiles, so what it is worth is the ruleset's table -- rows counted per
  bonus tile (``per: bonus_tile``) whose predicates name the joker -- and a hand with one declared is no longer a
  hand without bonus tiles.  The jokers a winner declared before play are the fact ``jokers_before_play`` (their
  codes, a framed copy's by its frame, ``["1j", "7d"]``; ``mahjong score --fact jokers_before_play='["1j"]'``),
  which rows may read.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    AS_BONUS,
    Action,
    Contribution,
    ItemExample,
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
#: ``table.extra`` key: ``(deal, {seat: [code, ...]})``, the jokers each seat declared before play this deal.
BEFORE_PLAY = "jokers_before_play"
#: The win's fact: the codes of the jokers the winner declared before play.
FACT = "jokers_before_play"

TERMS = (Term("action", DECLARE, label="declares a joker"),)


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``joker_declaration``: ``after_claim``, ``before_play``."""
    value: Mapping[str, Any] = ruleset.value("joker_declaration")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("joker_declaration") is not None


def examples() -> Sequence[ItemExample]:
    """Worked hands of the rows that price a declared joker, by the Vietnamese table's names (a ruleset whose
    tables lack a row shows none of its examples): a joker declared in play (``*2j``, the notation's declared
    joker), and the General and the suited tiles' joker declared together before play."""
    return [
        ItemExample("fans.declared_dots_joker", "123m456m789p234s5p *2j +5p !seat_wind_south", {},
                    ("declared_dots_joker", "declared_joker_own_seat"),
                    "The dots joker declared in play, set aside among the bonus tiles: its Phán, and one more for "
                    "South, the seat of its number; the hand is no longer one of no flowers.", "Jokers declared"),
        ItemExample("fans.general_and_suits_jokers_before_play", "123m456m789p222s5p *1j7d +5p !seat_wind_south",
                    {FACT: ["1j", "7d"]},
                    ("general_joker_before_play", "suits_joker_before_play", "general_and_suits_jokers_before_play"),
                    "The General and the suited tiles' joker laid down before play (the fact jokers_before_play), "
                    "in two frames (1j a rectangle, 7d a diamond): each joker's row and its Phán more, and the "
                    "pair's row, nine Phán in all.", "Jokers declared"),
        ItemExample("fans.general_and_suits_jokers_one_frame", "123m456m789p222s5p *1d7d +5p !seat_wind_south",
                    {FACT: ["1d", "7d"]},
                    ("general_and_suits_jokers_before_play", "general_and_suits_jokers_one_frame"),
                    "The two laid down before play are both in a diamond frame (1d, 7d: each joker's three copies "
                    "are told apart by their frames): twelve Phán for the two instead of nine.", "Jokers declared"),
    ]


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "joker_declaration", this, switched_on=switched_on,
                         description="a joker held declared by choice: set aside as a bonus tile, replaced from the "
                                     "dead wall, and scored with the bonus tiles (Vietnamese jokers for Phán)",
                         parameters=parameters_of("joker_declaration"), examples=examples),
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


def _offered(ruleset: Ruleset, table: Table, seat: int) -> list[Action] | None:
    """A declaration of each type of joker the seat holds, while the live wall can replace it."""
    s = table.seats[seat]
    joker_rule = s.joker_rule
    if not s.held_jokers or joker_rule is None:
        return None
    wall = table.wall
    if wall is None or wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left")):
        return None  # no tile to make it good with
    return [Action(DECLARE, joker_rule.name_of(j), way=AS_BONUS) for j in sorted(set(s.held_jokers))]


@hookimpl
def mahjong_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    if not table.seats[seat].held_jokers:
        return None
    if table.extra.get(CLAIMED) == (table.deal_number, seat) and not rule(ruleset)["after_claim"]:
        return None  # the turn of a claim
    return _offered(ruleset, table, seat)


@hookimpl
def mahjong_deal_declarations(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    """Before play (``before_play``): the same declarations, on the hand as dealt."""
    if not table.seats[seat].held_jokers or not rule(ruleset)["before_play"]:
        return None
    return _offered(ruleset, table, seat)


@hookimpl
@reacts_to({"decision", "claim"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Remember the turn of a pung or chow until the seat's next discard (``after_claim``), and the jokers each
    seat declares before play (``jokers_before_play``)."""
    if event["type"] == "decision":
        action = event.get("action")
        if action == "discard":
            table.extra.pop(CLAIMED, None)
        elif action == DECLARE and table.phase == "declarations":
            deal, by_seat = table.extra.get(BEFORE_PLAY, (None, {}))
            if deal != table.deal_number:
                by_seat = {}
                table.extra[BEFORE_PLAY] = (table.deal_number, by_seat)
            by_seat.setdefault(event.get("actor"), []).append(str(event.get("tile")))
    elif event["type"] == "claim" and event.get("kind") in ("pung", "chow"):
        table.extra[CLAIMED] = (table.deal_number, event.get("seat"))
    return None


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any]:
    """The jokers the winner declared before play, by their codes in the order declared."""
    deal, by_seat = table.extra.get(BEFORE_PLAY, (None, {}))
    return {FACT: list(by_seat.get(seat, ())) if deal == table.deal_number else []}
