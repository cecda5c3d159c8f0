"""The play-on settlement: each win paid as it happens, by the seats still in play, on the winner's value alone.

Where play goes on after a win (``deal_ends_at_wins``), the core asks the settlement for each win as it
happens, with only the winner's hand scored (the others are still being played, and stay hidden), and the
table's ``wins`` naming the seats that have won so far -- this one, and any that won on the same tile.  So:

* a win on a discard (or a robbed kong): the seat that gave the tile pays the winner's value;
* a self-drawn win: every seat still in play pays it (a seat that has won has left the deal and pays nothing);
* a drawn deal pays nothing (the wins before the wall ran out were settled as they came).

Sichuan's bloody battle pays a winner before the others play on ("after the first player has a winning hand
and has been paid his due, the remaining players continue": Mahjong News, "Chengdu 2016 World Grand Prix",
Day 1 Report).  Registered through the ``mahjong_core.plugins`` entry point of this package, chosen by the
ruleset's ``settlement: play_on``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_core.plugin import Contribution, Outcome, Payment, Ruleset, Table, hookimpl

SETTLEMENT = "play_on"


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("settlement", SETTLEMENT, sys.modules[__name__],
                         description="each win paid as it happens by the seats still in play: the discarder "
                                     "alone on a discard, every one of them on a self-drawn win",
                         several_wins=frozenset({"one_discard", "play_on"}))]


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    if outcome.kind != "win" or outcome.winner is None:
        return []
    winner = outcome.winner
    score = outcome.scores.get(winner)
    value = score.total if score is not None else 0
    if value <= 0:
        return []
    if outcome.discarder is not None:  # on a discard, or a robbed kong: the seat that gave the tile
        return [Payment(outcome.discarder, winner, value, "mahjong")]
    won = {w.winner for w in table.wins} | {winner}
    return [Payment(seat, winner, value, "mahjong") for seat in range(table.players) if seat not in won]
