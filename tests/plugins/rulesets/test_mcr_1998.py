"""The 1998 Chinese official rules beside today's mcr: the kong fans as the 1998 table values them (and so total
agreement with the reference calculator, which follows that table), and the strict reading of the principles."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from mahjong_rulesets.families.mcr.reference import reference_fans
from mahjong_rulesets.families.mcr.samples import samples
from mahjong_rulesets.families.mcr.scoring import non_repeat_scope
from MahjongGB import MahjongFanCalculator

from mahjong_core import Given, score_text
from mahjong_core.audit.check import check
from mahjong_core.errors import RulesetError
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import load_ruleset


def total(ruleset: str, hand: str) -> int:
    return score_text(load_ruleset(ruleset), hand, Given(), "<test>").score.total


def test_the_differences_are_the_two_kong_rows_only() -> None:
    today, then = load_ruleset("mcr"), load_ruleset("mcr_1998")
    changed = {rid for rid, row in then.table("fans").items() if row["value"] != today.table("fans")[rid]["value"]}
    assert changed == {"two_concealed_kongs", "melded_and_concealed_kong"}
    assert then.table("fans")["two_concealed_kongs"]["value"] == 6
    assert then.table("fans")["melded_and_concealed_kong"]["value"] == 5


@pytest.mark.parametrize(("hand", "today", "then"), [
    ("(1111m) (2222z) 345p678s5z +5z !self_drawn", 21, 19),
    ("[1111m] (2222z) 345p678s5z +5z !self_drawn", 16, 15),
])
def test_kong_hands_score_by_each_table(hand: str, today: int, then: int) -> None:
    assert (total("mcr", hand), total("mcr_1998", hand)) == (today, then)


def test_the_1998_table_agrees_with_the_reference_on_every_total() -> None:
    """Today's mcr differs from the reference only by its two documented kong values; the 1998 table has none."""
    ruleset = load_ruleset("mcr_1998")
    kinds: Counter[str] = Counter()
    for sample in samples(20240601, per_fan=4, random_hands=400):
        ours = sum(item.value * item.count for item in score_hand(ruleset, sample.hand, sample.context).items)
        ref = sum(reference_fans(MahjongFanCalculator, sample.hand, sample.context).values())
        kinds["equal" if ours == ref else "different"] += 1
    assert kinds["different"] == 0 and kinds["equal"] > 600


def test_the_strict_reading_removes_an_implied_fan_from_the_whole_hand() -> None:
    hand = "111z999m123p456s7z +7z"  # a wind pung implies pung of terminals or honours; 999m is one too
    assert (total("mcr_1998", hand), total("mcr_1998_strict", hand)) == (16, 15)
    assert non_repeat_scope(load_ruleset("mcr_1998")) == "sets"
    assert non_repeat_scope(load_ruleset("mcr_1998_strict")) == "hand"


def test_a_bad_scope_is_a_located_error() -> None:
    rs = load_ruleset("mcr_1998_strict")
    tables = json.loads(json.dumps(rs.raw_tables))
    tables["scoring"]["non_repeat_scope"] = {"value": "letter", "source": "000 line 643"}
    with pytest.raises(RulesetError, match="non_repeat_scope"):
        non_repeat_scope(dataclasses.replace(rs, raw_tables=tables))


@pytest.mark.parametrize("ruleset", ["mcr_1998", "mcr_1998_strict"])
def test_games_replay_and_audit(tmp_path: Path, ruleset: str) -> None:
    path = tmp_path / f"{ruleset}.jsonl"
    result = play_game(load_ruleset(ruleset), 2, ["greedy"] * 4, replay=path, max_deals=6).result
    assert sum(result.scores) == 0
    assert check(str(path), "audit").ok
