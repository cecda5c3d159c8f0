"""Zung Jung (v3.3) as data on the classical engine: the source's worked totals, the series rule, the limit, the
payoff scheme, and games that play, replay and audit.

The worked totals are those the Zung Jung texts give: four concealed triplets is "at least 125+5+30=160"
(Basic Rules, section 4), a mixed one-suit hand of triplets with a green dragon triplet and two concealed
triplets 40+30+10+5 = 85 (the system's introduction), and two identical sequences, concealed, without
terminals 10+5+5 = 20 (zungjungmahjong.com on Basic Rule 4).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.rulesets.zung_jung import payoff

from mahjong_core import Given, score_text
from mahjong_core.audit.check import check
from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import Ruleset, load_ruleset
from mahjong_core.table.state import Outcome, Table


def zung_jung() -> Ruleset:
    return load_ruleset("zung_jung")


def scored(text: str) -> tuple[int, set[str], set[str]]:
    result = score_text(zung_jung(), text, Given(), "<test>")
    return (result.score.total, {item.name for item in result.score.items},
            {item.name for item in result.score.excluded})


@pytest.mark.parametrize(("hand", "total", "items"), [
    ("111m555p999s222s3z +3z !self_drawn", 160,
     {"concealed_hand", "all_triplets", "four_concealed_triplets"}),
    ("555777p9p [666z<] [222p<] +9p", 85,
     {"mixed_one_suit", "all_triplets", "value_honour_dragon", "two_concealed_triplets"}),
    ("223344m555p234s8s +8s", 20, {"two_identical_sequences", "concealed_hand", "no_terminals"}),
])
def test_the_sources_worked_totals(hand: str, total: int, items: set[str]) -> None:
    got, names, _ = scored(hand)
    assert (got, names) == (total, items)


def test_a_hand_without_a_pattern_is_a_chicken_hand_of_one_point() -> None:
    got, names, excluded = scored("123m456p789s2z [555s<] +2z")
    assert (got, names) == (1, {"chicken_hand"})
    assert not excluded


def test_a_series_counts_once_at_its_highest_pattern() -> None:
    got, names, excluded = scored("111m555p999s222s3z +3z !self_drawn")
    assert "four_concealed_triplets" in names
    assert {"two_concealed_triplets", "three_concealed_triplets", "chicken_hand"} <= excluded


def test_freedom_of_count_takes_the_best_arrangement() -> None:
    """Two identical sequences twice (60) + all sequences + concealed beats seven pairs (30)."""
    got, names, _ = scored("11m22p33p44p55s66s7s +7s")
    assert got == 70 and "two_identical_sequences_twice" in names and "seven_pairs" not in names


def test_value_honours_count_per_set_and_the_prevailing_wind_earns_nothing() -> None:
    """Two dragon triplets, a pair of the third dragon and a triplet of the round's wind held by South."""
    got, names, _ = scored("555z666z111z7z [234m<] +7z !seat_wind_south")
    assert names == {"small_three_dragons", "value_honour_dragon", "three_concealed_triplets", "mixed_one_suit"}
    assert got == 40 + 2 * 10 + 30 + 40


def test_the_compound_limit_stops_a_hand_at_320() -> None:
    got, names, _ = scored("1112345678999p +5p !self_drawn")
    assert "nine_gates" in names and "pure_one_suit" in names
    assert got == 320


def test_thirteen_terminals_is_not_also_a_greater_terminals_hand() -> None:
    got, names, _ = scored("19m19p19s1234567z +1m")
    assert (got, names) == (160, {"thirteen_terminals"})


@pytest.mark.parametrize(("value", "how", "expected"), [
    (5, "discard", {1: 5, 2: 5, 3: 5}),
    (40, "discard", {1: 70, 2: 25, 3: 25}),   # the discarder (1) bears the others' 15 above the par, each
    (40, "self_drawn", {1: 40, 2: 40, 3: 40}),
    (40, "robbing_kong", {1: 70, 2: 25, 3: 25}),
])
def test_the_formal_payoff_puts_what_the_par_leaves_on_the_discarder(value: int, how: str,
                                                                     expected: dict[int, int]) -> None:
    payments = payoff.payments_for(25, players=4, winner=0, value=value, how=how, discarder=1)
    assert {p.payer: p.amount for p in payments} == expected
    assert all(p.payee == 0 for p in payments)
    assert sum(p.amount for p in payments) == 3 * value


def test_the_uniform_payoff_has_everyone_pay_the_value() -> None:
    payments = payoff.payments_for(None, players=4, winner=2, value=40, how="discard", discarder=1)
    assert {p.payer: p.amount for p in payments} == {0: 40, 1: 40, 3: 40}


def test_a_win_by_discard_without_a_discarder_is_refused() -> None:
    with pytest.raises(MahjongError, match="needs the seat that gave the tile"):
        payoff.payments_for(25, players=4, winner=0, value=40, how="discard", discarder=None)


def test_a_bad_par_is_a_located_ruleset_error() -> None:
    rs = zung_jung()
    tables = dict(rs.raw_tables)
    tables["scoring"] = {**tables["scoring"], "payoff_par": {"value": -1, "source": "zj_rules section Payoff"}}
    bad = dataclasses.replace(rs, raw_tables=tables)
    table = Table(players=4)
    with pytest.raises(RulesetError, match="payoff_par"):
        payoff.settle(bad, table, Outcome("draw"))


def test_the_deal_always_passes() -> None:
    rs = zung_jung()
    assert rs.value("dealer_keeps_deal_on_win") is False and rs.value("dealer_keeps_deal_on_draw") is False


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    where = tmp_path_factory.mktemp("zung_jung_games")
    paths = []
    for seed, bots in ((1, "greedy"), (2, "greedy"), (3, "random")):
        path = where / f"zj_{seed}.jsonl"
        result = play_game(zung_jung(), seed, [bots] * 4, replay=path, max_deals=8).result
        assert sum(result.scores) == 0
        paths.append(path)
    return paths


def test_games_pay_only_the_winner_by_the_formal_scheme(games: list[Path]) -> None:
    checked = 0
    for path in games:
        log = events(path)
        for i, event in enumerate(log):
            if event["type"] != "mahjong":
                continue
            value = next(e for e in log[i + 1:] if e["type"] == "score" and e["seat"] == event["seat"])["value"]
            settlement = next(e for e in log[i + 1:] if e["type"] == "settlement")
            paid = {payer: amount for payer, payee, amount, _ in settlement["payments"] if payee == event["seat"]}
            assert sum(paid.values()) == 3 * value
            assert all(payee == event["seat"] for _, payee, _, _ in settlement["payments"])
            checked += 1
    assert checked >= 3


def test_the_deal_passes_after_every_hand(games: list[Path]) -> None:
    for path in games:
        dealers = [e["dealer"] for e in events(path) if e["type"] == "deal_start"]
        assert dealers == [n % 4 for n in range(len(dealers))]


def test_games_replay_and_audit_clean(games: list[Path]) -> None:
    for path in games:
        verdict = check(str(path), "audit")
        assert verdict.ok, verdict


def test_the_wsom_table_keeps_the_worked_total_by_its_older_values() -> None:
    """The tournament page works the same hand as 115 + 5 + 40 = 160, and refuses a chicken hand."""
    wsom = load_ruleset("zung_jung_wsom")
    result = score_text(wsom, "111m555p999s222s3z +3z !self_drawn", Given(), "<test>").score
    assert result.total == 160
    assert {item.name: item.value for item in result.items} == {
        "concealed_hand": 5, "all_triplets": 40, "four_concealed_triplets": 115}
    assert wsom.value("minimum_value") == {"points": 5}
    assert wsom.parent == "zung_jung"


def test_the_uniform_variant_has_every_loser_pay_the_value() -> None:
    uniform = load_ruleset("zung_jung_uniform")
    table = Table(players=4)
    win = Outcome("win", winner=0, how="discard", discarder=1,
                  scores={0: score_text(uniform, "223344m555p234s8s +8s", Given(), "<test>").score})
    assert {p.payer: p.amount for p in payoff.settle(uniform, table, win)} == {1: 20, 2: 20, 3: 20}
    assert {p.payer: p.amount for p in payoff.settle(zung_jung(), table, win)} == {1: 20, 2: 20, 3: 20}
    big = Outcome("win", winner=0, how="discard", discarder=1,
                  scores={0: score_text(uniform, "555777p9p [666z<] [222p<] +9p", Given(), "<test>").score})
    assert {p.payer: p.amount for p in payoff.settle(uniform, table, big)} == {1: 85, 2: 85, 3: 85}
    assert {p.payer: p.amount for p in payoff.settle(zung_jung(), table, big)} == {1: 205, 2: 25, 3: 25}


@pytest.mark.parametrize(("hand", "pattern"), [
    ("123m123p123s789m5z +5z", "three_similar_sequences"),
    ("555m555p5s123m789p +5s", "small_three_similar_triplets"),
    ("555m555p555s123m9p +9p", "three_similar_triplets"),
    ("222333444555m6z +6z", "four_consecutive_triplets"),
    ("[1111m] [2222p] 345s678s5z +5z", "two_kongs"),
    ("123m789m123p999s1s +1s", "pure_lesser_terminals"),
    ("123m789m123p111z9s +9s", "mixed_lesser_terminals"),
    ("111m999p111s222z3z +3z", "mixed_greater_terminals"),
    ("111z222z333z123m5z +5z", "big_three_winds"),
    ("111z222z3z123m456m +3z", "small_three_winds"),
    ("[123m<] 123123m456p5z +5z", "three_identical_sequences"),
    ("123123123123m5z +5z", "four_identical_sequences"),
])
def test_each_pattern_of_the_patterns_module_is_found(hand: str, pattern: str) -> None:
    _, names, _ = scored(hand)
    assert pattern in names
    assert "chicken_hand" not in names
