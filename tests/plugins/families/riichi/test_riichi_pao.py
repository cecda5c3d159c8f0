"""Pao: the feeder of the last dragon (wind) set is liable, and the settlement makes the liable player pay.

Found importing Tenhou's ``pao-tsumo`` game: the family scored the liable player's share (``payment_from_pao_*``)
but nothing in play told it who was liable, and the settlement did not pay that share.
"""

from __future__ import annotations

from types import SimpleNamespace

from mahjong_rulesets.families.riichi.pao import liable_seat
from mahjong_rulesets.families.riichi.settlement import settle

from mahjong_core.plugin import ClaimedFrom, Meld, MeldKind, Outcome, Score


def _table(melds: list[Meld], dealer: int = 0) -> SimpleNamespace:
    seats = [SimpleNamespace(melds=[]) for _ in range(4)]
    seats[1].melds = melds
    return SimpleNamespace(seats=seats, players=4, dealer=dealer)


def test_the_feeder_of_the_third_dragon_set_is_liable() -> None:
    white = Meld(MeldKind.PUNG, (31, 31, 31), True, ClaimedFrom(1, 4))
    green = Meld(MeldKind.PUNG, (32, 32, 32), True, ClaimedFrom(3, 4))
    red = Meld(MeldKind.KONG, (33,) * 4, True, ClaimedFrom(2, 4))
    assert liable_seat(_table([white, green, red]), 1) == 3  # seat 1's third set came from two seats on
    assert liable_seat(_table([white, green]), 1) is None
    concealed = Meld(MeldKind.KONG, (33,) * 4)
    assert liable_seat(_table([white, green, concealed]), 1) is None  # made of its own tiles: nobody fed it


def test_the_settlement_pays_the_liable_players_share() -> None:
    table = _table([])
    score = Score(total=32000, family="riichi", raw={"payment_from_south": 0, "payment_from_pao_west": 32000})
    outcome = Outcome("win", winner=3, discarder=None, scores={3: score})
    payments = settle(None, table, outcome)  # type: ignore[arg-type]
    assert [(p.payer, p.payee, p.amount) for p in payments] == [(2, 3, 32000)]
    assert "liable" in payments[0].reason
