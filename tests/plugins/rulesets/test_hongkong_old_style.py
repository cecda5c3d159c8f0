"""Hong Kong Old Style as its differences from Hong Kong: the 3-faan minimum, the half-doubling table up to a
10-faan limit that limit hands are paid, pure one-suit at 7 faan, and the payments as parameters."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from mahjong_rulesets.families.hongkong import settlement as hk_settle
from mahjong_rulesets.families.hongkong.scoring import points_for_fan

from mahjong_core import Given, score_text
from mahjong_core.audit.check import check
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import Ruleset, load_ruleset


def old_style() -> Ruleset:
    return load_ruleset("hongkong_old_style")


def test_it_is_hong_kong_with_few_differences() -> None:
    rs = old_style()
    assert rs.parent == "hongkong"
    assert rs.value("minimum_value") == {"fan": 3}
    assert rs.value("tile_set") == load_ruleset("hongkong").value("tile_set")


def test_the_half_doubling_table_stops_at_ten_faan() -> None:
    rs = old_style()
    assert [points_for_fan(rs, fan) for fan in range(14)] == [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 128, 128, 128]


def score(text: str) -> tuple[int, int, bool]:
    result = score_text(old_style(), text, Given(), "<test>")
    return result.score.total, int(result.score.raw["fan"]), result.score.limit is not None


def test_two_faan_is_below_the_minimum_and_five_pays_24() -> None:
    assert score("123m456m789p234s8s +8s")[:2] == (4, 2)
    assert score("111m345m789m1z [999m^] +1z !self_drawn")[:2] == (24, 5)


def test_a_limit_hand_is_paid_the_ten_faan_limit() -> None:
    assert score("1112345678999p +5p !self_drawn") == (128, 10, True)


def test_pure_one_suit_is_seven_faan() -> None:
    total, fan, _ = score("123456789p1p [444p<] +1p")
    assert fan == 7 + 1  # pure suit and no flowers
    assert total == 64


@pytest.mark.parametrize(("discarder", "others", "expected"), [(2, 1, {1: 32, 2: 16, 3: 16}), (4, 0, {1: 64})])
def test_half_and_full_shooter_payments_are_parameters(discarder: int, others: int, expected: dict[int, int]) -> None:
    rs = old_style()
    tables = json.loads(json.dumps(rs.raw_tables))
    tables["scoring"]["payments"]["discarder"]["value"] = discarder
    tables["scoring"]["payments"]["other_losers"]["value"] = others
    club = dataclasses.replace(rs, raw_tables=tables)
    payments = hk_settle.payments_for(club, players=4, dealer=0, winner=0, points=16, how="discard", discarder=1)
    assert {p.payer: p.amount for p in payments} == expected


def test_games_reach_the_minimum_replay_and_audit(tmp_path: Path) -> None:
    path = tmp_path / "hkos.jsonl"
    result = play_game(old_style(), 1, ["greedy"] * 4, replay=path, max_deals=12).result
    assert sum(result.scores) == 0
    scores = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    wins = [e for e in scores if e["type"] == "score" and e.get("raw", {}).get("fan") is not None
            and e["value"] > 0]
    assert wins and all(e["raw"]["fan"] >= 3 for e in wins)
    assert check(str(path), "audit").ok
