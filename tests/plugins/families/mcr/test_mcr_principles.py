"""The five principles of 000 lines 641-647 as the engine applies them, on hands checked by hand."""

from __future__ import annotations

import pytest
from mahjong_rulesets.families.mcr.facts import division_facts, hand_facts, situation
from mahjong_rulesets.families.mcr.samples import samples
from mahjong_rulesets.families.mcr.scoring import FanTable, _evaluate, _total, divisions, fan_table, score_points

from mahjong_core.hand.notation import parse_hand
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import load_ruleset


@pytest.fixture(scope="module")
def mcr():
    return load_ruleset("mcr")


def fans_of(ruleset, text: str, **context) -> dict[str, int]:
    score = score_hand(ruleset, parse_hand(text), context)
    out: dict[str, int] = {}
    for item in score.items:
        out[item.name] = out.get(item.name, 0) + item.value * item.count
    return out


def excluded_of(ruleset, text: str) -> list[tuple[str, str]]:
    return [(i.name, i.detail) for i in score_hand(ruleset, parse_hand(text), {}).excluded]


def test_non_repeat_per_set(mcr) -> None:
    """A seat-wind pung is not also a pung of honours; the pung of 9s still is (000 line 643)."""
    text = "999m123p456p5s EEE +5s !seat_wind_east !prevalent_wind_south"
    assert fans_of(mcr, text) == {"seat_wind": 2, "concealed_hand": 2, "two_concealed_pungs": 2,
                                  "short_straight": 1, "pung_of_terminals_or_honours": 1, "single_wait": 1}
    [(name, why)] = excluded_of(mcr, text)
    assert name == "pung_of_terminals_or_honours" and "pung 111z" in why and "seat_wind" in why


def test_non_repeat_whole_hand(mcr) -> None:
    """Four concealed pungs imply all pungs and the concealed hands; an excluded fan excludes nothing itself."""
    fans = fans_of(mcr, "555m666p777s9m 111z +9m !self_drawn !seat_wind_north !prevalent_wind_north")
    assert fans == {"four_concealed_pungs": 64, "mixed_shifted_pungs": 8, "pung_of_terminals_or_honours": 1,
                    "single_wait": 1, "self_drawn": 1}  # fully concealed (4) is implied, so self-drawn counts


def test_big_three_winds_takes_only_its_own_pungs(mcr) -> None:
    fans = fans_of(mcr, "999m5p EEE SSS WWW +5p !seat_wind_north !prevalent_wind_north")
    assert fans["big_three_winds"] == 12 and fans["pung_of_terminals_or_honours"] == 1


def test_non_identical(mcr) -> None:
    """1-2-3, 2-3-4, 2-3-4, 3-4-5 make pure shifted chows once, not twice (000 line 645)."""
    fans = fans_of(mcr, "123s234s234s345s9p +9p")
    assert fans["pure_shifted_chows"] == 16 and fans["pure_double_chow"] == 1
    assert any(name == "pure_shifted_chows" and "non-identical" in why
               for name, why in excluded_of(mcr, "123s234s234s345s9p +9p"))


def test_account_once(mcr) -> None:
    """Four chows make at most three pairwise chow fans (000 line 647)."""
    fans = fans_of(mcr, "123m456m456m5p [123m<] +5p")
    assert fans["pure_double_chow"] == 2 and fans["short_straight"] == 1
    reasons = " ".join(why for _, why in excluded_of(mcr, "123m456m456m5p [123m<] +5p"))
    assert "account-once" in reasons and "non-identical" in reasons


def test_higher_over_lower_chooses_the_best_reading(mcr) -> None:
    """111222333m reads as three pungs or three chows; the engine keeps what scores most (000 line 646)."""
    pungs = fans_of(mcr, "111222333m789p5s +5s")
    assert pungs["pure_shifted_pungs"] == 24 and "pure_triple_chow" not in pungs
    assert score_hand(mcr, parse_hand("111222333m789p5s +5s"), {}).arrangement.melds[0].kind.value == "pung"


def test_robbing_the_kong_implies_last_tile(mcr) -> None:
    base = "123m456m78p55s [111z<] +9p !seat_wind_south !prevalent_wind_south"
    assert fans_of(mcr, base + " !last_tile_of_kind")["last_tile"] == 4
    robbed = fans_of(mcr, base + " !robbing_kong !last_tile_of_kind")
    assert robbed["robbing_the_kong"] == 8 and "last_tile" not in robbed


def test_chicken_hand_counts_only_when_nothing_else_does(mcr) -> None:
    assert fans_of(mcr, "12367p22z [234m<] [567s<] +8p") == {"chicken_hand": 8}
    assert "chicken_hand" not in fans_of(mcr, "12367p22z [234m<] [567s<] +8p !self_drawn")


def test_flowers_count_but_not_toward_the_minimum(mcr) -> None:
    score = score_hand(mcr, parse_hand("45m [123p<] [678s<] [999m>] 55z +3m 1234f"), {})
    assert score.total == 5 and score.raw["points_excluding_bonus"] == 1 and score.raw["bonus_points"] == 4


def test_the_seeds_kong_values(mcr) -> None:
    """000 line 605: two concealed kongs 8; line 614: an exposed and a concealed kong 6."""
    assert fans_of(mcr, "78m77z (2222m) (4444p) [789s<] +6m")["two_concealed_kongs"] == 8
    mixed = fans_of(mcr, "456p3z [7777p+^] (2222m) [234s<] +3z !self_drawn")
    assert mixed["melded_and_concealed_kong"] == 6
    assert not {"melded_kong", "concealed_kong", "two_melded_kongs"} & set(mixed)


def test_fast_path_and_explanation_agree(mcr) -> None:
    """The engine picks the best division by a fast path and explains it by another; they must agree."""
    table = fan_table(mcr)
    for sample in samples(99, per_fan=4, random_hands=400):
        h = hand_facts(sample.hand, situation(sample.hand, sample.context, table.defaults))
        for form, groups in divisions(h, table):
            f = division_facts(h, form, groups)
            assert _total(table, f) == _evaluate(table, division_facts(h, form, groups)).total
        assert score_points(mcr, sample.hand, sample.context) == score_hand(mcr, sample.hand, sample.context).total


def test_gates_only_save_time(mcr) -> None:
    """A predicate's gate never hides a match: with every gate open (and every predicate asked, even those
    their gates decide) the scores are the same."""
    table = fan_table(mcr)
    asking = FanTable(mcr, exact_gates=False)
    for sample in samples(7, per_fan=4, random_hands=300):
        h = hand_facts(sample.hand, situation(sample.hand, sample.context, table.defaults))
        for form, groups in divisions(h, table):
            gated = division_facts(h, form, groups)
            open_ = division_facts(h, form, groups)
            open_.have = -1  # every gate bit set
            assert _evaluate(table, gated).total == _evaluate(asking, open_).total
            for row in table.rows:
                if row.needs & ~gated.have and not row.last:
                    assert not row.test(open_), (row.id, sample.hand)


def test_exact_gates_decide_their_fans(mcr) -> None:
    """A fan declared ``exact`` holds wherever its gates open and nowhere else, so the engine may count it
    without asking (its gates are then the whole test); every other row is still asked."""
    table = fan_table(mcr)
    exact = [row for row in table.rows if row.exact]
    assert len(exact) >= 20 and {c.row.id for c in table.compiled if c.test is None} == {r.id for r in exact}
    seen: dict[str, int] = {}
    hands = [(s.hand, s.context) for s in samples(5, per_fan=4, random_hands=600)]
    hands += [(parse_hand(text), {}) for text in (
        "1112223334445z +5z !seat_wind_east !prevalent_wind_east", "22334466888s66z +6z", "19m19p19s1234567z +1z",
        "111m999p111s99m11z +1z !self_drawn !last_tile !seat_wind_south !prevalent_wind_east",
        "12m456p789s55p [999s<] +3m !robbing_kong")]
    for hand, context in hands:
        h = hand_facts(hand, situation(hand, context, table.defaults))
        for form, groups in divisions(h, table):
            f = division_facts(h, form, groups)
            for row in exact:
                opened = not row.needs & ~f.have
                assert bool(row.test(f)) is opened, (row.id, hand)
                seen[row.id] = seen.get(row.id, 0) + opened
    assert all(seen[row.id] for row in exact), [row.id for row in exact if not seen[row.id]]
