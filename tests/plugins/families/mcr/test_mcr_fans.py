"""The fan table of the Chinese official rules: 81 rows from 000 lines 558-638, and a golden hand for each."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mahjong_core.hand.notation import parse_hand
from mahjong_core.plugin.binding import installed_predicates
from mahjong_core.plugin.scoring import score_hand, scoring_value
from mahjong_core.rules import load_ruleset

PREDICATES = installed_predicates()

GOLDEN = yaml.safe_load((Path(__file__).resolve().parents[3] / "golden" / "mcr" / "fans.yaml")
                        .read_text(encoding="utf-8"))
LEVELS = {88, 64, 48, 32, 24, 16, 12, 8, 6, 4, 2, 1}  # 000 line 555


@pytest.fixture(scope="module")
def mcr():
    return load_ruleset("mcr")


def test_the_table_has_the_81_fans_of_000_in_order(mcr) -> None:
    fans = mcr.table("fans")
    numbered = [rid for rid in fans if rid != "melded_and_concealed_kong"]
    assert len(numbered) == 81
    for number, rid in enumerate(numbered, start=1):
        assert fans[rid]["source"] == f"000 line {557 + number}", rid
        assert fans[rid]["predicate"] == f"mcr_{rid}"
        assert PREDICATES[f"mcr_{rid}"].name == f"mcr_{rid}"
    assert {fans[rid]["value"] for rid in numbered} == LEVELS
    values = [fans[rid]["value"] for rid in numbered]
    assert values == sorted(values, reverse=True)  # the table runs from 88 down to 1
    assert fans["melded_and_concealed_kong"] == {
        **fans["melded_and_concealed_kong"], "value": 6, "source": "000 line 614"}


def test_the_seeds_values_where_the_official_table_differs(mcr) -> None:
    fans = mcr.table("fans")
    assert fans["two_concealed_kongs"]["value"] == 8  # 000 line 605 (the official rules: 6)
    assert fans["melded_and_concealed_kong"]["value"] == 6  # 000 line 614
    assert fans["flower_tiles"]["per"] == "bonus_tile"


def test_exclusions_name_rows_and_only_point_down(mcr) -> None:
    """Non-repeat (000 line 643) removes a fan implied by a fan of at least its value, never a bigger one."""
    fans = mcr.table("fans")
    for rid, row in fans.items():
        for other in row.get("excludes", ()):
            assert other in fans, (rid, other)
            assert fans[other]["value"] <= row["value"], (rid, other)
            assert other != rid


def test_principle_lists_are_rows(mcr) -> None:
    fans = mcr.table("fans")
    assert set(scoring_value(mcr, "account_once_fans")) <= set(fans)
    assert set(scoring_value(mcr, "non_identical_fans")) <= set(fans)
    # 000 line 653: account-once concerns fans 23, 28, 39, 41 and 69-72 only
    numbers = {rid: n for n, rid in enumerate([r for r in fans if r != "melded_and_concealed_kong"], start=1)}
    assert sorted(numbers[r] for r in scoring_value(mcr, "account_once_fans")) == [23, 28, 39, 41, 69, 70, 71, 72]


def test_the_golden_file_has_a_hand_for_every_row(mcr) -> None:
    assert [g["fan"] for g in GOLDEN] == list(mcr.table("fans"))


@pytest.mark.parametrize("case", GOLDEN, ids=[g["fan"] for g in GOLDEN])
def test_golden_hand(mcr, case: dict) -> None:
    score = score_hand(mcr, parse_hand(case["hand"]), {})
    fans: dict[str, int] = {}
    for item in score.items:
        fans[item.name] = fans.get(item.name, 0) + item.value * item.count
    assert fans == case["fans"]
    assert score.total == case["total"] == sum(case["fans"].values())
    assert case["fan"] in fans
    assert score.raw["points_excluding_bonus"] == score.total - fans.get("flower_tiles", 0)
