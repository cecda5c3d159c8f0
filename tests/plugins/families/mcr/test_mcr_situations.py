"""How a hand won: the engine's context, the notation's flags, and the errors for impossible situations."""

from __future__ import annotations

import pytest
from mahjong_rulesets.families.mcr.facts import DEFAULT_SITUATION, situation

from mahjong_core.errors import HandError, MahjongError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.plugin.scoring import score_hand, scoring_value
from mahjong_core.rules import load_ruleset

PLAIN = "123m456m78p55s [111z<] +9p"


@pytest.fixture(scope="module")
def mcr():
    return load_ruleset("mcr")


def names(ruleset, text: str, **context) -> set[str]:
    return {item.name for item in score_hand(ruleset, parse_hand(text), context).items}


def test_defaults_match_the_ruleset_data(mcr) -> None:
    assert dict(scoring_value(mcr, "situation_defaults")) == DEFAULT_SITUATION


def test_engine_context_names(mcr) -> None:
    winds = {"seat_wind": 28, "prevalent_wind": 28}
    assert "self_drawn" in names(mcr, PLAIN, how="self_drawn", **winds)
    assert "robbing_the_kong" in names(mcr, PLAIN, how="robbing_kong", **winds)
    assert "last_tile_draw" in names(mcr, PLAIN, how="self_drawn", last_tile=True, **winds)
    assert "last_tile_claim" in names(mcr, PLAIN, how="discard", last_tile=True, **winds)
    assert "last_tile" in names(mcr, PLAIN, winning_tile_visible=3, **winds)
    assert "last_tile" not in names(mcr, PLAIN, winning_tile_visible=2, **winds)
    assert "prevalent_wind" not in names(mcr, PLAIN, **winds)
    assert {"prevalent_wind", "seat_wind"} <= names(mcr, PLAIN, seat_wind=27, prevalent_wind=27)


def test_flags_say_the_same(mcr) -> None:
    flags = " !seat_wind_east !prevalent_wind_south"
    assert "seat_wind" in names(mcr, PLAIN + flags) and "prevalent_wind" not in names(mcr, PLAIN + flags)
    assert "last_tile_draw" in names(mcr, PLAIN + flags + " !self_drawn !last_tile")
    assert "last_tile_claim" in names(mcr, PLAIN + flags + " !last_tile")


def test_replacement_win(mcr) -> None:
    kong = "123m456m78p55s (1111z) +9p !seat_wind_south !prevalent_wind_south"
    fans = names(mcr, kong + " !replacement")
    assert "out_with_replacement_tile" in fans and "self_drawn" not in fans
    # the engine's "replacement" without a kong in the hand replaced a flower: just self-drawn (000 line 603)
    fans = names(mcr, PLAIN, how="replacement", seat_wind=28, prevalent_wind=28)
    assert "self_drawn" in fans and "out_with_replacement_tile" not in fans
    assert "out_with_replacement_tile" not in names(mcr, kong, how="replacement", kong_replacement=False)
    with pytest.raises(HandError, match="needs a kong"):
        score_hand(mcr, parse_hand(PLAIN + " !replacement !seat_wind_south !prevalent_wind_south"), {})


def test_own_exposed_sets_showing_three_make_the_last_tile(mcr) -> None:
    assert "last_tile" in names(mcr, "23m456p789p55s [111m<] +1m")


@pytest.mark.parametrize("text, context, message", [
    (PLAIN + " !self_drawn !robbing_kong", {}, "cannot also be self-drawn"),
    (PLAIN + " !sideways", {}, "unknown situation flag"),
    (PLAIN + " !replacement", {"self_drawn": False}, "is self-drawn"),
    (PLAIN, {}, "wind decides its fan"),
    (PLAIN, {"seat_wind": 5}, "wind tile kind"),
    (PLAIN, {"how": "telepathy"}, "unknown win"),
    ("123m456m789p55s5p", {}, "has 12, and names no winning tile"),
    ("123m456m789p55s +5s [111z]", {}, "14 tiles"),
    ("123m456m789p5s [111z<] +5s !last_tile_of_kind !seat_wind_east !prevalent_wind_east", {}, "last of its kind"),
    ("123m456m789p5s [111z<] +5s !robbing_kong !seat_wind_east !prevalent_wind_east", {}, "fourth copy"),
    ("123m456m789p1s [111z<] +5s !seat_wind_east !prevalent_wind_east", {}, "not a complete hand"),
])
def test_bad_input_is_a_mahjong_error(mcr, text: str, context: dict, message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        score_hand(mcr, parse_hand(text), context)


def test_a_loser_scores_nothing(mcr) -> None:
    score = score_hand(mcr, parse_hand("123m456m789p5s"), {"winner": False, "seat_wind": 27, "prevalent_wind": 27})
    assert score.total == 0 and score.items[0].source == "000 line 142"


def test_situation_merges_in_order() -> None:
    hand = parse_hand(PLAIN + " !last_tile !seat_wind_west")
    sit = situation(hand, {"how": "discard", "seat_wind": 27, "prevalent_wind": 28}, DEFAULT_SITUATION)
    assert (sit.self_drawn, sit.last_tile, sit.seat_wind, sit.prevalent_wind) == (False, True, 29, 28)
