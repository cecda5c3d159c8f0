"""Bonus tiles kept in the hand: the seat's choice to set one aside, in its turn or before play.

Switched on by ``bonus_kept`` (the core's rule: the engine keeps the bonus tiles in the hand).  Vietnamese mahjong
is the model: riichi_advanced's Vietnamese rules page (section Calls) lets a seat declare a flower on its turn, set
aside for points and replaced, and says declaring flowers is optional, since the hand of no flowers and no leaves
would rather discard them (section NFNL) -- cited, not quoted.  Where the ruleset keeps bonus tiles, the engine puts a
bonus tile drawn or dealt among the seat's concealed tiles (``Seat.kept``) and offers its discard like any tile's;
this plugin offers the other choice:

* **the action** (``mahjong_turn_actions``): in its turn a seat may set aside a bonus tile it kept, one action for
  each kind it holds, while the live wall has a tile to replace it with, and not in the turn of a pung or chow
  where ``after_claim`` is false.  The action's way is the core's ``as_bonus``: the engine logs the core's
  ``bonus`` event, sets the tile in the seat's bonus row, offers it to any seat it lets win as a bonus tile set
  aside is, and takes a replacement tile, which the turn goes on from -- the seat's decision at the draw is this
  turn's (set the flower aside, discard it, or keep it and discard another tile).
* **before play** (``mahjong_deal_declarations``, where ``before_play`` is true): once the hands are dealt, each
  seat from the dealer may lay its kept bonus tiles down one by one, each replaced into the hand, before the first
  discard, as it lays its jokers down (``joker_declaration``).

A discarded bonus tile is the engine's to offer (``won_on_discarded``: a seat ready to win takes it as the joker
``jokers.claimed_to_win_as`` names); this plugin refuses a ruleset that asks for that and names no such joker.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import AS_BONUS, Action, Contribution, Ruleset, RulesetError, Table, Term, hookimpl, reacts_to

#: The turn action (and the declaration before play).
DECLARE = "declare_flower"
#: ``table.extra`` key: ``(deal, seat)`` from a seat's claim of a discard until its next discard: the turn of a
#: claim, in which ``after_claim: false`` lets no kept bonus tile be set aside.
CLAIMED = "bonus_kept_claimed_turn"

TERMS = (Term("action", DECLARE, label="sets a flower aside"),)


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``bonus_kept``: ``after_claim``, ``before_play``, ``won_on_discarded``."""
    value: Mapping[str, Any] = ruleset.value("bonus_kept")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("bonus_kept") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "bonus_kept", this, switched_on=switched_on,
                         description="a bonus tile kept in the hand by choice, set aside later (replaced from the dead "
                                     "wall) or discarded, a discarded one won on as a joker (Vietnamese flowers)"),
            Contribution("vocabulary", "bonus_kept", this, "a flower kept in the hand and set aside later",
                         terms=TERMS)]


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Refuse a discarded bonus tile won on as a joker where the ruleset names no joker to take it as."""
    value = ruleset.get("bonus_kept")
    if not isinstance(value, Mapping) or not value.get("won_on_discarded"):
        return
    jokers = ruleset.get("jokers")
    if not isinstance(jokers, Mapping) or not jokers.get("played") or not jokers.get("claimed_to_win_as"):
        raise RulesetError("bonus_kept.won_on_discarded lets a seat win on a discarded bonus tile taken as a joker, "
                           "but the ruleset names no joker to take it as (jokers: {played: true, "
                           "claimed_to_win_as: 1j})", place="$.parameters.bonus_kept.won_on_discarded")


def _offered(ruleset: Ruleset, table: Table, seat: int) -> list[Action] | None:
    """Setting aside each kind of bonus tile the seat kept, while the live wall can replace it."""
    kept = table.seats[seat].kept
    wall = table.wall
    if not kept or wall is None or wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left")):
        return None  # nothing kept, or no tile to make it good with
    return [Action(DECLARE, kind, way=AS_BONUS) for kind in sorted(set(kept))]


@hookimpl
def mahjong_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    if not table.seats[seat].kept:
        return None
    if table.extra.get(CLAIMED) == (table.deal_number, seat) and not rule(ruleset)["after_claim"]:
        return None  # the turn of a claim
    return _offered(ruleset, table, seat)


@hookimpl
def mahjong_deal_declarations(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    """Before play (``before_play``): the same, on the hand as dealt."""
    if not table.seats[seat].kept or not rule(ruleset)["before_play"]:
        return None
    return _offered(ruleset, table, seat)


@hookimpl
@reacts_to({"decision", "claim"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Remember the turn of a pung or chow until the seat's next discard (``after_claim``)."""
    if event["type"] == "decision":
        if event.get("action") == "discard":
            table.extra.pop(CLAIMED, None)
    elif event.get("kind") in ("pung", "chow"):
        table.extra[CLAIMED] = (table.deal_number, event.get("seat"))
    return None
