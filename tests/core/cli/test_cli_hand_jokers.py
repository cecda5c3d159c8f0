"""``mahjong hand`` under a ruleset that plays jokers: a joker is a held tile, wild where the ruleset lets it stand.

example_jokers lets a joker into pungs and kongs only; the test ruleset ``engine/jokers/joker_chows.yaml``
(example_jokers with ``in: [pungs, chows, calls]``) into chows too.  Without such a ruleset, a joker is set aside
as before (the hand reads as it always has).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.cli import main

CHOWS = str(Path(__file__).parents[1] / "engine" / "jokers" / "joker_chows.yaml")


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def report(capsys: pytest.CaptureFixture[str], hand: str, ruleset: str = "example_jokers") -> dict[str, Any]:
    code, out, err = run_cli(capsys, "hand", hand, "--ruleset", ruleset, "--json")
    assert code == 0, err
    facts: dict[str, Any] = json.loads(out)
    return facts


def test_a_joker_completes_the_hand_and_its_stand_in_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    facts = report(capsys, "123m456p789s11z22z1j")
    assert facts["tiles"] == 14 and facts["jokers"] == 1 and facts["jokers_in"] == ["pungs"]
    assert facts["complete"] is True and facts["shanten"]["best"] == facts["shanten"]["standard"] == -1
    assert "set_aside" not in facts  # held, not set aside
    (arrangement,) = facts["arrangements"]
    with_joker = [m for m in arrangement["melds"] if "jokers" in m]
    assert with_joker == [{"kind": "pung", "tiles": ["1z", "1z", "1z"], "exposed": False, "jokers": ["1z"]}]
    assert facts["stand_ins"] == ["1z"]
    text = facts["text"].splitlines()
    assert "jokers    1 held, wild in pungs" in text
    assert "complete  yes; 1 arrangement(s)" in text and "stand-ins 1j as 1z" in text
    assert any("pung:11z1j" in line for line in text)


def test_thirteen_tiles_with_a_joker_wait_as_the_joker_allows(capsys: pytest.CaptureFixture[str]) -> None:
    facts = report(capsys, "123m456p789s112z1j")  # 11z and 1j a pung, 2z waits for its pair (never a joker pair)
    assert facts["tiles"] == 13 and facts["waits"] == ["2z"] and facts["shanten"]["best"] == 0
    facts = report(capsys, "123m456p789s1z1j1j1j")  # a pung of jokers, 1z waits; the jokers never pair 1z
    assert facts["waits"] == ["1z"]
    facts = report(capsys, "123m456p789s1z1j1j1j1j")  # 14 tiles: no pair can be made, the jokers refuse it
    assert facts["complete"] is False and facts["arrangements"] == [] and "stand_ins" not in facts


def test_where_jokers_go_is_the_rulesets(capsys: pytest.CaptureFixture[str]) -> None:
    """A joker in a chow is wild only where the ruleset's jokers.in holds chows."""
    hand = "123m456p79s11z222z1j"
    assert report(capsys, hand)["complete"] is False  # example_jokers: no joker in a chow
    facts = report(capsys, hand, CHOWS)
    assert facts["complete"] is True and facts["jokers_in"] == ["pungs", "chows"] and facts["stand_ins"] == ["8s"]
    chow = next(m for m in facts["arrangements"][0]["melds"] if "jokers" in m)
    assert chow == {"kind": "chow", "tiles": ["7s", "8s", "9s"], "exposed": False, "jokers": ["8s"]}
    assert "chow:7s1j9s" in facts["text"]  # the joker written in the place of the kind it stands for
    assert report(capsys, "123m456p7s11z222z1j", CHOWS)["waits"] == ["5s", "6s", "7s", "8s", "9s"]


def test_seven_pairs_with_a_joker_where_jokers_pair(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pairs = tmp_path / "pairs.yaml"
    pairs.write_text("id: pairs\nversion: 1.0.0\nname: P\nextends: example_jokers\nparameters:\n"
                     "  jokers: {value: {played: true, in: [pungs, pairs]}, assumption: a test}\n", encoding="utf-8")
    facts = report(capsys, "1122m3344p5566s7z1j", str(pairs))
    assert facts["complete"] is True and facts["shanten"] == {"best": -1, "standard": 2, "seven_pairs": -1}
    (arrangement,) = facts["arrangements"]
    assert arrangement["form"] == "seven_pairs" and len(arrangement["melds"]) == 7
    assert arrangement["melds"][-1] == {"kind": "pair", "tiles": ["7z", "7z"], "exposed": False, "jokers": ["7z"]}
    assert facts["stand_ins"] == ["7z"] and "pair:7z1j" in facts["text"]
    assert report(capsys, "1122m3344p5566s7z1j")["complete"] is False  # example_jokers: no joker in the pair


def test_declared_melds_and_a_winning_tile_read_beside_the_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    facts = report(capsys, "123m456p11z2z1j [777s<] +2z")
    assert facts["complete"] is True and facts["tiles"] == 14
    melds = facts["arrangements"][0]["melds"]
    assert melds[-1] == {"kind": "pung", "tiles": ["7s", "7s", "7s"], "exposed": True}
    assert melds[facts["arrangements"][0]["winning_meld"]]["tiles"][0] == "2z"
    assert "seven_pairs" not in facts["shanten"]  # a hand with a declared meld is no seven pairs


def test_more_jokers_than_the_set_holds_is_one_located_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "hand", "123m11z" + "1j" * 9, "--ruleset", "example_jokers")
    assert code == 2 and out == ""
    assert err.strip() == "<argument>::char 24: one 1j too many: the tile set holds 8"
    code, out, _ = run_cli(capsys, "hand", "123m11z" + "1j" * 9, "--ruleset", "example_jokers", "--json")
    assert code == 2 and json.loads(out)["place"] == "char 24"


def test_a_wrong_count_counts_the_jokers(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "hand", "123m456p789s1j", "--ruleset", "example_jokers")
    assert code == 2 and "this one has 10 with its 1 joker(s)" in err and "Traceback" not in err


def test_without_a_ruleset_that_plays_jokers_the_hand_reads_as_before(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    """A ruleset whose jokers are set aside: the joker is shown set aside and not counted, as it always was."""
    aside = tmp_path / "aside.yaml"
    aside.write_text("id: aside\nversion: 1.0.0\nname: A\nextends: example_jokers\nparameters:\n"
                     "  jokers: {value: {played: false}, assumption: a test}\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "hand", "123m456p789s11z22z1j", "--ruleset", str(aside))
    assert code == 0
    assert out.splitlines()[2:] == ["set aside 1j (joker)", "shanten   best 0, standard 0, seven_pairs 4, "
                                    "thirteen_orphans 8", "waits     12z"]
    code, out, _ = run_cli(capsys, "hand", "123m456p789s11z22z")
    assert code == 0 and "jokers" not in out and out.splitlines()[-1] == "waits     12z"


def test_the_guides_example_is_what_the_command_prints(capsys: pytest.CaptureFixture[str]) -> None:
    page = (Path(__file__).parents[3] / "docs" / "command.rst").read_text(encoding="utf-8")
    shown = page.split('$ mahjong hand --ruleset example_jokers "123m456p789s11z22z1j"', 1)[1]
    block = shown.split(".. code-block:: text", 1)[1].split("\n\n", 2)[1]
    code, out, _ = run_cli(capsys, "hand", "--ruleset", "example_jokers", "123m456p789s11z22z1j")
    assert code == 0 and [line[3:] for line in block.splitlines()] == out.splitlines()
