"""Riichi settlement: the losers pay the winner what the family's score says, honba included.

EMA 2016 section 4.1.3: from a discard the discarder pays the whole hand;
self-drawn, the dealer pays twice what each other loser pays (a dealer's
self-drawn win: every loser pays the same).  The family's score already holds
each payment (``raw``: ``payment_from_discarder`` or ``payment_from_<wind>``),
so this settlement only hands them over by seat, the liable player's
(``payment_from_pao_<wind>``, EMA 2016 section 3.3.9) among them.  The riichi sticks are the
table's pot, which the play mechanics pay out when they land (issue 31's
item 2): nothing of them moves here, and an exhaustive draw pays nothing yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, Table, hookimpl

__all__ = ["settle"]

_WIND_NAMES = ("east", "south", "west", "north")


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome (see the module docstring)."""
    del ruleset
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}", place="outcome")
    raw = outcome.scores[winner].raw
    liable = _liable(table, raw, winner)
    if "payment_from_discarder" in raw:
        if outcome.discarder is None:
            raise MahjongError("a win on a discard needs the seat that discarded", place="discarder")
        return [Payment(outcome.discarder, winner, int(raw["payment_from_discarder"]), "the discarder pays the hand"),
                *liable]
    payments = []
    for seat in range(table.players):
        if seat == winner:
            continue
        wind = _WIND_NAMES[(seat - table.dealer) % table.players]
        amount = int(raw.get(f"payment_from_{wind}", 0))
        if amount:
            payments.append(Payment(seat, winner, amount, f"self-drawn: {wind} pays its share"))
    return [*payments, *liable]


def _liable(table: Table, raw: Mapping[str, Any], winner: int) -> list[Payment]:
    """The liable player's payment (pao: ``payment_from_pao_<wind>`` in the score), by the seat of that wind."""
    out = []
    for index, wind in enumerate(_WIND_NAMES[:table.players]):
        amount = int(raw.get(f"payment_from_pao_{wind}", 0) or 0)
        seat = (table.dealer + index) % table.players
        if amount and seat != winner:
            out.append(Payment(seat, winner, amount, f"pao: {wind} is liable for the yakuman"))
    return out


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    return settle(ruleset, table, outcome)
