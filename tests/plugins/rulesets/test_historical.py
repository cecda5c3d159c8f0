"""Two historical tables written as data with no Python of their own: Harr's Pung Chow card (1922) and
Babcock's Red Book (1923), the second as its differences from the first.  The worked hands are the books'
own (Babcock's chapter VI figures), so a wrong row fails against the published totals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_core import Given, score_text
from mahjong_core.audit.check import check
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset

PACKAGE = Path(__file__).resolve().parents[3] / "plugins" / "rulesets"


def total(ruleset_id: str, text: str) -> int:
    return score_text(load_ruleset(ruleset_id), text, Given(), "<test>").score.total


def items(ruleset_id: str, text: str) -> set[str]:
    return {item.name for item in score_text(load_ruleset(ruleset_id), text, Given(), "<test>").score.items}


@pytest.mark.parametrize("ruleset_id", ["pung_chow", "babcock_1923"])
def test_the_tables_need_no_python(ruleset_id: str) -> None:
    folder = PACKAGE / ruleset_id
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".py") == ["__init__.py"]
    assert "import" not in (folder / "__init__.py").read_text(encoding="utf-8")


def test_babcock_is_harr_s_card_with_a_300_limit_and_the_dead_hand() -> None:
    babcock, harr = load_ruleset("babcock_1923"), load_ruleset("pung_chow")
    assert babcock.parent == "pung_chow"
    assert harr.value("usual_limit") is None and babcock.value("usual_limit") == 300
    assert babcock.value("dead_hand")["enabled"] and not harr.value("dead_hand")["enabled"]


@pytest.mark.parametrize(("text", "expected"), [
    # Babcock chapter VI, fig. 18: 42 points, doubled for the green dragons and again for East's own wind.
    ("123m111z55z66z [8888p^] +6z", 168),
    # fig. 17 held by West and completed by drawing the two of characters: 36 points doubled once.
    ("777m13m99s [111p<] [333z<] +2m !self_drawn !seat_wind_west", 72),
])
def test_babcock_s_worked_hands(text: str, expected: int) -> None:
    assert total("babcock_1923", text) == expected


def test_babcock_cuts_at_300_and_harr_does_not() -> None:
    hand = "111z22z33z [777z<] [555z<] +3z !self_drawn"  # all honours: 3 doublings and the dragon sets
    assert total("babcock_1923", hand) == 300
    assert total("pung_chow", hand) > 300


def test_a_hand_of_sequences_earns_ten_unless_anything_else_scores() -> None:
    plain = "123m456m789p23s88s +4s"
    assert total("pung_chow", plain) == 30
    assert "no_other_score" in items("pung_chow", plain)
    drawn = items("pung_chow", plain + " !self_drawn")
    assert "no_other_score" not in drawn and "self_drawn" in drawn
    assert total("pung_chow", plain + " !self_drawn") == 22


def test_no_sequence_and_loose_tile_bonuses_are_ten_points() -> None:
    # three concealed pungs of simples (12), an exposed kong of nines (16), mahjong 20, no sequence 10,
    # the loose tile 10 and the drawn tile 2
    hand = "222m444p66s88m [9999s^] +8m !replacement"
    assert {"no_sequences", "loose_tile", "self_drawn"} <= items("pung_chow", hand)
    assert total("pung_chow", hand) == 12 + 16 + 20 + 10 + 10 + 2


@pytest.mark.parametrize("ruleset_id", ["pung_chow", "babcock_1923"])
def test_games_replay_and_audit(ruleset_id: str, tmp_path: Path) -> None:
    path = tmp_path / f"{ruleset_id}.jsonl"
    result = play_game(load_ruleset(ruleset_id), 3, ["greedy"] * 4, replay=path, max_deals=8).result
    assert sum(result.scores) == 0
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert any(e["type"] == "score" and e["value"] > 0 for e in events)
    assert check(str(path), "audit").ok
