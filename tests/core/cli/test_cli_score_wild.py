"""``mahjong score --wild KIND``: a hand scored under a ruleset that makes a kind wild at each deal (Fuzhou's
gold), its copies played as jokers as the game plays them; ``--fact wild=KIND`` and a batch line's ``"wild"``
say the same; a wild kind the ruleset cannot have is refused with one located message."""

from __future__ import annotations

import io
import json

import pytest

from mahjong_core.cli import main
from mahjong_core.cli.score import run

#: 16 tiles and the winning tile: the 5p is no 5s, so the hand is complete only where 5p is the gold.
GOLD_HAND = "123m456m789p123s4s5p99p +6s"


def score(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict | None, str]:
    """The exit code, the result (``None`` on an error) and the error's text, as the text output prints it."""
    code = main(["score", "--ruleset", "fuzhou", *args])
    out, err = capsys.readouterr()
    if code != 0:
        return code, None, err
    main(["score", "--json", "--ruleset", "fuzhou", *args])
    return code, json.loads(capsys.readouterr().out), err


def test_the_gold_completes_the_hand_it_could_not_without(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = score(capsys, GOLD_HAND)
    assert code != 0 and "neither" in err  # read with the 5p as itself: no hand
    code, result, err = score(capsys, "--wild", "5p", GOLD_HAND)
    assert code == 0, err
    assert result is not None and result["situation"]["wild"] == "5p"
    assert result["hand"] == "123456m578999p1234s +6s"  # shown as written
    gold = [i for i in result["score"]["items"] if i["name"] == "gold"]
    assert gold and gold[0].get("count", 1) == 1


def test_fact_wild_says_what_the_option_says(capsys: pytest.CaptureFixture[str]) -> None:
    _, by_option, _ = score(capsys, "--wild", "5p", GOLD_HAND)
    _, by_fact, _ = score(capsys, "--fact", "wild=5p", GOLD_HAND)
    assert by_option == by_fact


def test_a_batch_line_names_the_wild_kind() -> None:
    out = io.StringIO()
    line = json.dumps({"hand": GOLD_HAND, "wild": "5p"}) + "\n" + json.dumps({"hand": GOLD_HAND, "wild": 5}) + "\n"
    code = run("fuzhou", None, as_json=True, batch=True, stdin=io.StringIO(line), stdout=out)
    first, second = (json.loads(text) for text in out.getvalue().splitlines())
    assert first["score"]["value"] > 0 and first["situation"]["wild"] == "5p"
    assert code == 1 and "by its code" in second["error"]


@pytest.mark.parametrize(("args", "message"), [
    (["--wild", "1z"], "--wild: 1z is a bonus tile under fuzhou"),  # Fuzhou's honours are flowers
    (["--wild", "5q"], "--wild: the wild kind is one kind of fuzhou's tile set, as 5p; '5q' is none"),
    (["--wild", "5p", "--fact", "wild=5p"], "give it once"),
])
def test_a_wild_kind_the_ruleset_cannot_have_is_refused(capsys: pytest.CaptureFixture[str], args: list[str],
                                                         message: str) -> None:
    code, _, err = score(capsys, *args, GOLD_HAND)
    assert code != 0 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_ruleset_with_no_wild_kind_refuses_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["score", "--ruleset", "hongkong", "--wild", "5p", "123m456p78s11z [777s<] +9s"])
    err = capsys.readouterr().err
    assert code != 0 and "makes no kind wild at a deal" in err
