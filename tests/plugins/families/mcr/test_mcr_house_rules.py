"""Rules are data: a house rule over ``mcr`` changes scores with YAML alone, and bad rows fail clearly."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from mahjong_rulesets.families.mcr.reference import reference_fans
from mahjong_rulesets.families.mcr.samples import samples
from MahjongGB import MahjongFanCalculator

from mahjong_core.errors import RulesetError
from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.notation import parse_hand
from mahjong_core.plugin.binding import installed_predicates
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import load_ruleset

PREDICATES = installed_predicates()

GOLDEN = yaml.safe_load((Path(__file__).resolve().parents[3] / "golden" / "mcr" / "fans.yaml")
                        .read_text(encoding="utf-8"))

OFFICIAL = """\
id: mcr_official_kongs
version: 1.0.0
name: MCR with the official kong values
extends: mcr
fans:
  two_concealed_kongs:
    predicate: mcr_two_concealed_kongs
    value: 6
    per: hand
    excludes: [concealed_kong, two_concealed_pungs]
    assumption: "the official table (and the reference calculator) value"
  melded_and_concealed_kong:
    predicate: mcr_melded_and_concealed_kong
    value: 5
    per: hand
    excludes: [melded_kong, concealed_kong, two_melded_kongs]
    assumption: "the reference calculator's value"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_house_rule_with_the_official_values_agrees_with_the_reference_everywhere(tmp_path: Path) -> None:
    house = load_ruleset(_write(tmp_path, OFFICIAL))
    hands = [s for s in samples(5, per_fan=12, random_hands=0)
             if s.template in ("two_concealed_kongs", "melded_and_concealed_kong", "three_kongs", "four_kongs")]
    for sample in hands:
        ref = sum(reference_fans(MahjongFanCalculator, sample.hand, sample.context).values())
        assert score_hand(house, sample.hand, sample.context).total == ref


def test_a_row_excluding_an_unknown_row_is_a_ruleset_error(tmp_path: Path) -> None:
    bad = OFFICIAL.replace("excludes: [concealed_kong, two_concealed_pungs]", "excludes: [concealed_kongs]")
    with pytest.raises(RulesetError, match="excludes 'concealed_kongs', which is no row"):  # read on loading
        load_ruleset(_write(tmp_path, bad.replace("mcr_official_kongs", "mcr_bad_excludes")))


def test_dropping_a_fan_is_one_line(tmp_path: Path) -> None:
    text = "id: mcr_no_flowers\nversion: 1.0.0\nname: no flower points\nextends: mcr\nfans:\n  flower_tiles: null\n"
    house = load_ruleset(_write(tmp_path, text))
    hand = parse_hand("45m [123p<] [678s<] [999m>] 55z +3m 1234f")
    assert score_hand(house, hand, {}).total == 1
    assert score_hand(load_ruleset("mcr"), hand, {}).total == 5


def test_predicates_read_core_arrangements_too() -> None:
    """Outside the engine each predicate builds its facts from an arrangement and a plain context."""
    for case in GOLDEN:
        hand = parse_hand(case["hand"])
        predicate = PREDICATES[f"mcr_{case['fan']}"]
        assert any(predicate(a, hand, {}) for a in arrangements(hand, knitted=True)), case["fan"]
