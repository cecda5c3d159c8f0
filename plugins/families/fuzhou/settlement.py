"""The ``fuzhou`` settlement: the winner's points, from the discarder alone or from every loser of a self-drawn win.

* a win on a discard (or on a robbed kong): the discarder pays the hand's points;
* a self-drawn win (from the wall, a replacement, a robbed gold, three golds): every loser pays them;
* an exhaustive draw pays nothing.

The source gives the points, not who pays them; the ruleset cites this as its assumption (``settlement``).
"""

from __future__ import annotations

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, Table, hookimpl

__all__ = ["SETTLEMENT", "settle"]

#: The name a ruleset's data gives this settlement (``settlement: fuzhou``).
SETTLEMENT = "fuzhou"
_SELF_DRAWN = ("self_drawn", "replacement")


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome (see the module docstring).

    :raises MahjongError: for a won deal without the winner's score, or a win on a discard naming no discarder.
    """
    del ruleset
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}", place="outcome")
    points = int(outcome.scores[winner].total)
    if outcome.how in _SELF_DRAWN:
        payers, why = [seat for seat in range(table.players) if seat != winner], "self-drawn"
    else:
        discarder = outcome.discarder
        if discarder is None or not 0 <= discarder < table.players or discarder == winner:
            raise MahjongError(f"a win by {outcome.how} needs the seat that gave the tile, got {discarder!r}",
                               place="discarder")
        payers, why = [discarder], "discarder"
    return [Payment(seat, winner, points, f"{SETTLEMENT}: {points} points ({why})") for seat in payers if points]


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The deal's payments, asked by every game of a ruleset whose ``settlement`` is ``fuzhou``."""
    return settle(ruleset, table, outcome)
