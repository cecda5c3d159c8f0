"""The ``taiwanese`` settlement: a win is worth a base plus so much a tai, paid by whoever gave it.

* a win on a discard (or on a robbed kong, or on a flower robbed as it is set aside, whose drawer pays as its
  discarder): the discarder alone pays ``base + tai * per_tai``, for himself, not
  for the other losers;
* a self-drawn win (from the wall or as a replacement): every loser pays it;
* a dealer who pays adds the dealer's tai (``dealer_tai + N * dealer_repeat_tai`` after keeping the deal N
  times) to what he pays: the dealer's tai count "winning or paying" (the ruleset cites where); a dealer who
  wins has them in his score already;
* an exhaustive draw pays nothing.

``base``, ``per_tai``, ``dealer_tai`` and ``dealer_repeat_tai`` are read from the ruleset's ``scoring`` section.
The times the dealer has kept the deal are the table's ``deal_in_round`` (reset whenever the deal passes).
"""

from __future__ import annotations

from mahjong_rulesets.families.taiwanese.scoring import dealer_tai, scoring_number

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, Table, hookimpl

__all__ = ["SETTLEMENT", "payments_for", "settle"]

#: The name a ruleset's data gives this settlement (``settlement: taiwanese``).
SETTLEMENT = "taiwanese"
_SELF_DRAWN = ("self_drawn", "replacement")


def payments_for(ruleset: Ruleset, *, players: int, dealer: int, repeats: int, winner: int, tai: int, how: str,
                 discarder: int | None) -> list[Payment]:
    """The payments for a win of ``tai`` tai (see the module docstring).

    :raises MahjongError: for a win on a discard that names no discarder, or a bad seat.
    """
    if not 0 <= winner < players:
        raise MahjongError(f"winner seat {winner} is not at a table of {players}", place="winner")
    base, per_tai = scoring_number(ruleset, "base")[0], scoring_number(ruleset, "per_tai")[0]
    if how in _SELF_DRAWN:
        payers = [seat for seat in range(players) if seat != winner]
        why = "self-drawn"
    else:
        if discarder is None or not 0 <= discarder < players or discarder == winner:
            raise MahjongError(f"a win by {how} needs the seat that gave the tile, got {discarder!r}",
                               place="discarder")
        payers, why = [discarder], "discarder"
    payments = []
    for seat in payers:
        owed, reason = tai, f"{SETTLEMENT}: base + {tai} tai ({why})"
        if seat == dealer:
            extra = dealer_tai(ruleset, repeats)
            owed += extra
            reason = f"{SETTLEMENT}: base + {tai} tai + {extra} dealer's tai ({why})"
        payments.append(Payment(seat, winner, base + owed * per_tai, reason))
    return [p for p in payments if p.amount]


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome (see the module docstring)."""
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}", place="outcome")
    return payments_for(ruleset, players=table.players, dealer=table.dealer, repeats=table.deal_in_round,
                        winner=winner, tai=int(outcome.scores[winner].total), how=str(outcome.how),
                        discarder=outcome.discarder)


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The deal's payments, asked by every game of a ruleset whose ``settlement`` is ``taiwanese``."""
    return settle(ruleset, table, outcome)
