"""Agreement with the reference calculator (PyMahjongGB, a test-only dependency) on generated hands.

Every fan's template hands plus random complete hands, seeded.  Every total
must equal the reference's, or differ by one of the documented, deliberate
differences of ``docs/mcr-differences.md`` (the seed's own fan values).  The
full 10,000-hand run is ``python benchmarks/bench_mcr.py --agreement``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from mahjong_rulesets.families.mcr.reference import DIFFERENCES, classify, reference_arguments, reference_fans, row_id
from mahjong_rulesets.families.mcr.samples import TEMPLATES, samples
from MahjongGB import MahjongFanCalculator

from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import load_ruleset


def _ours(score) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in score.items:
        out[item.name] = out.get(item.name, 0) + item.value * item.count
    return out


@pytest.fixture(scope="module")
def compared() -> list[tuple[str, dict[str, int], dict[str, int], str | None]]:
    ruleset = load_ruleset("mcr")
    rows = []
    for sample in samples(20240601, per_fan=15, random_hands=1500):
        ours = _ours(score_hand(ruleset, sample.hand, sample.context))
        ref = reference_fans(MahjongFanCalculator, sample.hand, sample.context)
        rows.append((sample.template, ours, ref, classify(ours, ref)))
    return rows


def test_every_total_agrees_or_differs_for_a_documented_reason(compared) -> None:
    unexplained = [(template, ours, ref) for template, ours, ref, kind in compared if kind is None]
    assert not unexplained, unexplained[:5]
    kinds = Counter(kind for *_, kind in compared)
    assert kinds["equal"] / len(compared) > 0.97
    assert len(compared) > 2500


def test_each_documented_difference_occurs_and_is_the_seeds(compared) -> None:
    seen = Counter(kind for *_, kind in compared)
    for name in DIFFERENCES:
        assert any(name in kind.split("+") for kind in seen if kind not in (None, "equal")), name


def test_every_fan_occurs_on_both_sides(compared) -> None:
    ruleset = load_ruleset("mcr")
    ours_seen = Counter(fan for _, ours, _, _ in compared for fan in ours)
    ref_seen = Counter(fan for _, _, ref, _ in compared for fan in ref)
    rows = set(ruleset.table("fans"))
    assert rows - set(ours_seen) == set()
    assert rows - set(ref_seen) == set()
    assert set(ref_seen) <= rows  # every reference fan name maps to one of our rows


def test_fans_agree_one_by_one_where_totals_agree(compared) -> None:
    """Equal totals come from equal fans, not from compensating errors."""
    for template, ours, ref, kind in compared:
        if kind == "equal":
            assert ours == ref, (template, ours, ref)


def test_templates_cover_every_row() -> None:
    assert set(TEMPLATES) == set(load_ruleset("mcr").table("fans"))


def test_argument_translation() -> None:
    from mahjong_core.hand.notation import parse_hand

    hand = parse_hand("1m456p (1111z) [555s^] [789s<] +1m 2f")
    args = reference_arguments(hand, {"self_drawn": True, "seat_wind": 28, "prevalent_wind": 27})
    assert args["pack"] == (("GANG", "F1", 0), ("PENG", "T5", 2), ("CHI", "T8", 1))
    assert args["hand"] == ("W1", "B4", "B5", "B6") and args["winTile"] == "W1"
    assert MahjongFanCalculator(**args)
    assert (args["flowerCount"], args["isSelfDrawn"], args["seatWind"], args["prevalentWind"]) == (1, True, 1, 0)
    assert row_id("Pung of Terminals or Honors") == "pung_of_terminals_or_honours"
    assert row_id("Concealed Kong and Melded Kong") == "melded_and_concealed_kong"
