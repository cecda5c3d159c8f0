"""Sport settlement (000 line 142) and Sport games that play and audit clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_core.audit.check import check
from mahjong_core.hand.score import Score
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.settlement import settle
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Outcome, Table


@pytest.fixture(scope="module")
def mcr():
    return load_ruleset("mcr")


def pay(ruleset, how: str, discarder: int | None, points: int = 24) -> list[tuple[int, int, int]]:
    outcome = Outcome("win", winner=1, how=how, tile=0, discarder=discarder, scores={1: Score(points, "mcr")})
    payments = settle(ruleset, Table(players=4), outcome)
    return [(p.payer, p.payee, p.amount) for p in payments]


def totals(payments: list[tuple[int, int, int]]) -> list[int]:
    out = [0] * 4
    for payer, payee, amount in payments:
        out[payer] -= amount
        out[payee] += amount
    return out


def test_discard_win_the_discarder_pays_the_hand(mcr) -> None:
    assert totals(pay(mcr, "discard", 3)) == [-8, 8 + 8 + 8 + 24, -8, -8 - 24]


def test_self_drawn_everyone_pays_the_hand(mcr) -> None:
    assert totals(pay(mcr, "self_drawn", None)) == [-32, 96, -32, -32]
    assert totals(pay(mcr, "replacement", None)) == [-32, 96, -32, -32]


def test_robbing_the_kong_the_konger_pays(mcr) -> None:
    assert totals(pay(mcr, "robbing_kong", 0)) == [-32, 48, -8, -8]


def test_draws_and_aborted_deals_pay_nothing(mcr) -> None:
    for kind in ("draw", "aborted"):
        assert settle(mcr, Table(players=4), Outcome(kind)) == []


def test_payments_sum_to_zero_and_need_the_winners_score(mcr) -> None:
    assert sum(totals(pay(mcr, "discard", 2, points=9))) == 0
    from mahjong_core.errors import RulesetError

    with pytest.raises(RulesetError, match="winner's score"):
        settle(mcr, Table(players=4), Outcome("win", winner=1, how="discard", tile=0, discarder=2))


def test_east_does_not_keep_the_deal(mcr) -> None:
    assert mcr.value("dealer_keeps_deal_on_win") is False and mcr.value("dealer_keeps_deal_on_draw") is False
    assert mcr.value("kong_ways") == ("concealed", "from_discard", "added")
    assert mcr.value("robbing_kong")["added"] is True
    assert mcr.value("minimum_value") == {"points": 8, "excluding_bonus_tiles": True}
    assert mcr.value("timing") == {"move_seconds": 10, "claim_seconds": 3, "game_minutes": 150}


@pytest.mark.parametrize("seed, bots", [(3, "greedy"), (11, "greedy"), (5, "random")])
def test_seeded_games_play_and_audit_clean(mcr, tmp_path: Path, seed: int, bots: str) -> None:
    path = tmp_path / f"mcr-{seed}.jsonl"
    game = play_game(mcr, seed, [bots] * 4, replay=path, max_deals=6)
    verdict = check(path, "audit")
    assert verdict.ok, verdict.text()
    events = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    for event in events:
        if event["type"] == "settlement" and event["payments"]:
            assert len({payee for _, payee, _, _ in event["payments"]}) == 1  # only the winner is paid
            assert [amount for _, _, amount, why in event["payments"] if why == "base points"] == [8, 8, 8]
    wins = [e for e in events if e["type"] == "score" and e["value"] > 0]
    for score in wins:  # every win met the 8-point minimum without flowers (000 line 651)
        assert score["raw"]["points_excluding_bonus"] >= 8
    assert sum(game.result.scores) == 0
    if bots == "greedy":
        assert wins
