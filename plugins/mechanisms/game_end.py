"""When a game played for points ends: its rounds, a target, a seat below zero, the last dealer stopping first.

Switched on by ``game_end``; the game is over (``mahjong_game_over``, asked between deals) when

* ``below_zero_ends``: a seat's points are below 0 (riichi's tobi; a seat at exactly 0 plays on: Japanese
  Mahjong Wiki, "Rule variations", Tobi);
* the ``rounds_per_game`` are played (two for a hanchan, one for a tonpuusen) and some seat holds ``target``
  points or more -- or no ``target`` is set;
* otherwise the game goes on into ``extension_rounds`` more rounds (Tenhou's West round after a hanchan, its South
  round after a tonpuusen), in which it ends after the first deal that leaves a seat at the target or more, and
  at the end of those rounds whatever the points ("Tenhou.net rules": sudden death, to West 4 in a hanchan);
  the number is bounded by the schema, so no game runs on for ever;
* ``dealer_stops_when_first`` (agari-yame and tenpai-yame): in the last deal of the last round the dealer kept
  the deal (a win or a ready hand at the draw: :mod:`.dealer_repeat`) and is first, at the target or more --
  first as :mod:`.placement` ranks seats (the dealer of that deal sits last in seat order, so under ``seat_order``
  ties it must be strictly ahead).  At a real table the dealer may choose to play on; here the dealer always
  stops (on Tenhou the game stops by itself: "Tenhou.net rules"), the bots and people alike, until a seat can be
  offered the choice between deals.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of
from mahjong_rulesets.mechanisms.placement import places

from mahjong_core.plugin import Contribution, Ruleset, Table, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("game_end") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "game_end", sys.modules[__name__], switched_on=switched_on,
                         description="the game's end for points: a target, an extension, a seat below zero, the last "
                                     "dealer stopping first",
                         parameters=parameters_of("game_end"))]


def reached(target: int | None, scores: Sequence[int]) -> bool:
    return target is None or max(scores) >= target


def dealer_stops(rule: Mapping[str, Any], ties: str, table: Table, rounds: int) -> bool:
    """The last deal of the last round, repeated by its dealer, who is first and at the target."""
    dealer = table.dealer
    if table.round_index != rounds - 1 or dealer != table.players - 1 or table.deal_in_round == 0:
        return False
    target = rule.get("target")
    return dealer in places(table.scores, ties)[0] and (target is None or table.scores[dealer] >= target)


def over(rule: Mapping[str, Any], ties: str, table: Table, rounds: int) -> bool:
    """Whether the game ends before the next deal (see the module's docstring)."""
    scores = table.scores
    if rule.get("below_zero_ends") and any(points < 0 for points in scores):
        return True
    target = rule.get("target")
    if table.round_index >= rounds + int(rule.get("extension_rounds", 0)):
        return True
    if table.round_index >= rounds:
        return reached(target, scores)
    return bool(rule.get("dealer_stops_when_first")) and dealer_stops(rule, ties, table, rounds)


@hookimpl
def mahjong_game_over(ruleset: Ruleset, table: Table) -> bool:
    placement = ruleset.get("placement_payments") or {}
    return over(ruleset.value("game_end"), str(placement.get("ties", "seat_order")), table,
                int(ruleset.get("rounds_per_game", 4)))
