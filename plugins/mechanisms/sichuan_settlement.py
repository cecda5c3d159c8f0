"""The ``sichuan`` settlement of the bundled Sichuan rulesets: each win paid as it happens, then the end-of-deal
checks of the hands still in play when the wall runs out.

Chosen by ``settlement: sichuan``.  Where play goes on after a win (``deal_ends_at_wins``), the core asks the
settlement for each win as it happens, with the winner's hand alone scored and the table's ``wins`` naming
the seats that have won so far, and once more, with a ``draw`` outcome, if the wall runs out first:

* a win on a discard (or a robbed kong) is paid its value by the seat that gave the tile;
* a self-drawn win is paid its value by every seat still in play (a seat that has won has left the deal);
* when the wall runs out, the seats still in play pay one another what the ruleset's end-of-deal checks say
  (:mod:`.end_of_deal_checks`): a hand still holding its missing suit, an unready hand.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms.end_of_deal_checks import end_of_deal_payments

from mahjong_core.plugin import Contribution, Outcome, Payment, Ruleset, Table, hookimpl

SETTLEMENT = "sichuan"


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("settlement", SETTLEMENT, sys.modules[__name__],
                         description="each win paid as it happens by the seats still in play (the discarder alone "
                                     "on a discard); at the wall's end, the end-of-deal checks",
                         several_wins=frozenset({"one_discard", "play_on"}))]


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    if outcome.kind == "win" and outcome.winner is not None:
        return win_payments(table, outcome)
    if outcome.kind == "draw":
        return end_of_deal_payments(ruleset, table)
    return []


def win_payments(table: Table, outcome: Outcome) -> list[Payment]:
    """One win's payments: the discarder alone, or every seat still in play for a self-drawn win."""
    winner = outcome.winner
    assert winner is not None
    score = outcome.scores.get(winner)
    value = score.total if score is not None else 0
    if value <= 0:
        return []
    if outcome.discarder is not None:  # on a discard, or a robbed kong: the seat that gave the tile
        return [Payment(outcome.discarder, winner, value, "mahjong")]
    # Every seat still in play pays: where winners stay in play (bloody flow) that is every other seat.
    return [Payment(seat, winner, value, "mahjong") for seat in range(table.players)
            if seat != winner and not (table.wins and table.out_of_play(seat))]
