"""``mahjong score``: one hand as text or JSON, and a JSON Lines batch that survives bad lines."""

from __future__ import annotations

import io
import json

import pytest

from mahjong_core.cli.score import run
from mahjong_core.errors import MahjongError

HAND = "999m123p456p5s EEE +5s !seat_wind_east !prevalent_wind_south 1f"


def call(hand: str | None, *, as_json: bool = False, batch: bool = False, stdin: str = "",
         ruleset: str = "mcr") -> tuple[int, str]:
    out = io.StringIO()
    code = run(ruleset, hand, as_json=as_json, batch=batch, stdin=io.StringIO(stdin), stdout=out)
    return code, out.getvalue()


def test_text_lists_items_exclusions_and_the_minimum() -> None:
    code, text = call(HAND)
    assert code == 0
    assert "2 points  Seat Wind  [000 line 618]: pung 111z" in text
    assert "- 1 point  Pung of Terminals or Honours  [000 line 630]: pung 111z: implied by seat_wind" in text
    assert "2 + 2 + 2 + 1 + 1 + 1 + 1 = 10 points\ntotal    10 points" in text
    assert "minimum  8 points without bonus tiles: met" in text


def test_json_is_the_score_with_the_minimum() -> None:
    code, text = call(HAND, as_json=True)
    data = json.loads(text)
    assert code == 0 and data["score"]["value"] == 10 and data["score"]["raw"]["points_excluding_bonus"] == 9
    assert data["minimum"] == {"measure": "points", "excluding_bonus_tiles": True, "needed": 8, "have": 9,
                               "met": True}
    assert {i["name"] for i in data["score"]["excluded"]} == {"pung_of_terminals_or_honours"}


def test_a_hand_under_the_minimum_says_so() -> None:
    code, text = call("45m [123p<] [678s<] [999m>] 55z +3m 1234f")
    assert code == 0 and "NOT met (1): not a valid mahjong" in text


def test_batch_keeps_going_past_bad_lines() -> None:
    lines = "\n".join([
        json.dumps({"hand": "123m456m78p55s [111z<] +9p", "context": {"seat_wind": "south",
                                                                     "prevalent_wind": "east"}, "id": "a"}),
        "not json",
        json.dumps({"hand": "123m456m78p55s +9p"}),
        "",
        json.dumps({"hand": "123m456m78p55s [111z<] +9p", "context": {"seat_wind": "up"}}),
        json.dumps(["no", "object"]),
    ])
    code, text = call(None, batch=True, stdin=lines)
    out = [json.loads(line) for line in text.splitlines()]
    assert code == 1
    assert [o["line"] for o in out] == [1, 2, 3, 5, 6]
    assert out[0]["id"] == "a" and out[0]["score"]["value"] == out[0]["score"]["raw"]["points"]
    assert "not a JSON object" in out[1]["error"] and "line 2" in out[1]["error"]
    assert "has 14 tiles" in out[2]["error"] and "line 3" in out[2]["error"]
    assert "E, S, W or N" in out[3]["error"]
    assert "object with a \"hand\"" in out[4]["error"]


def test_batch_all_good_exits_zero() -> None:
    code, text = call(None, batch=True, stdin=json.dumps({"hand": HAND}) + "\n")
    assert code == 0 and json.loads(text)["score"]["value"] == 10


@pytest.mark.parametrize("hand, batch, ruleset, message", [
    (None, False, "mcr", "expected a hand"),
    (HAND, True, "mcr", "not both"),
    ("123m +4m", False, "mcr", "14 tiles"),
    (HAND, False, "no_such_ruleset", "unknown ruleset"),
])
def test_errors_are_mahjong_errors(hand: str | None, batch: bool, ruleset: str, message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        call(hand, batch=batch, ruleset=ruleset)
