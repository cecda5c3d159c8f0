"""The flower hands (``flower_hands``): all eight flowers and seasons a win in itself, seven robbing the eighth as
another seat sets it aside, and the seat setting aside its seventh taking the eighth from the seat that holds it.

Played in constructed deals (``tests/flower_deals.py``) of ``malaysian_3p`` and ``singapore`` (the Hong Kong
family's tables: the win scored by its limit row alone, whatever the tiles) and of ``taiwanese_16`` (its second
case of 七搶一); each log, written as a physical table records it, replays and audits.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flower_deals import play

from mahjong_core import Given, load_ruleset, score_text
from mahjong_core import check as replay_check
from mahjong_core.errors import HandError
from mahjong_core.log.format import header, write_lines
from mahjong_core.plugin import FLOWERS, SEASONS, Ruleset

EIGHT = list(FLOWERS + SEASONS)


@pytest.fixture(scope="module", params=["malaysian_3p", "singapore"])
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    return load_ruleset(request.param)


def first(seen: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(e for e in seen if e["type"] == kind)


def some_playing_tile(ruleset: Ruleset) -> int:
    return min(t for t in ruleset.tiles().tiles if t not in ruleset.tiles().bonus)


def deal(ruleset: Ruleset, case: str, robs: bool = True) -> tuple[list[dict[str, Any]], list[Any]]:
    """``rob``: the dealer dealt seven, the next seat draws the eighth; ``held``: the dealer dealt six, the next
    seat dealt the eighth, the dealer's first draw the seventh; ``all``: the dealer dealt seven, drawing the
    eighth."""
    n = int(ruleset.param("players"))
    k = some_playing_tile(ruleset)
    if case == "rob":
        return play(ruleset, [EIGHT[:7]] + [[]] * (n - 1), [EIGHT[7]], robs)
    if case == "held":
        return play(ruleset, [EIGHT[:6], [EIGHT[7]]] + [[]] * (n - 2), [k] * (n - 1) + [EIGHT[6]], robs)
    return play(ruleset, [EIGHT[:7]] + [[]] * (n - 1), [k] * (n - 1) + [EIGHT[7]], robs)


def test_seven_rob_the_eighth_as_it_is_set_aside_and_the_drawer_pays_as_a_discarder(ruleset: Ruleset) -> None:
    seen, bots = deal(ruleset, "rob")
    dealer = first(seen, "deal_start")["dealer"]
    code = ruleset.tiles().code(EIGHT[7])
    robbed = first(seen, "bonus_robbed")
    assert (robbed["seat"], robbed["drawer"], robbed["tile"]) == (dealer, (dealer + 1) % len(bots), code)
    win = first(seen, "mahjong")
    assert (win["seat"], win["how"], win["discarder"]) == (dealer, "robbing_bonus", (dealer + 1) % len(bots))
    score = next(e for e in seen if e["type"] == "score" and e["seat"] == dealer)
    assert score["limit"] == "seven_rob_eighth" and [i["name"] for i in score["items"]] == ["seven_rob_eighth"]
    payments = first(seen, "settlement")["payments"]
    by_payer = {p[0]: p[2] for p in payments}
    assert by_payer[(dealer + 1) % len(bots)] == 2 * max(v for k, v in by_payer.items()
                                                         if k != (dealer + 1) % len(bots))


def test_the_seventh_set_aside_takes_the_eighth_from_the_seat_that_holds_it(ruleset: Ruleset) -> None:
    seen, bots = deal(ruleset, "held")
    dealer = first(seen, "deal_start")["dealer"]
    holder = (dealer + 1) % len(bots)
    seventh = ruleset.tiles().code(EIGHT[6])
    shown = [e for e in seen if e["type"] == "bonus" and e["seat"] == dealer]
    assert shown[-1]["tile"] == seventh
    offer = next(e for e in seen if e["type"] == "decision" and e["phase"] == "rob_bonus")
    assert (offer["actor"], offer["action"], offer["tile"]) == (dealer, "win", ruleset.tiles().code(EIGHT[7]))
    robbed = first(seen, "bonus_robbed")
    assert (robbed["seat"], robbed["drawer"]) == (dealer, holder)
    assert seen[seen.index(robbed) + 1]["type"] == "mahjong"  # no replacement for a flower taken from a row
    win = first(seen, "mahjong")
    assert (win["how"], win["discarder"]) == ("robbing_bonus", holder)
    assert next(e for e in seen if e["type"] == "score" and e["seat"] == dealer)["limit"] == "seven_rob_eighth"


def test_a_seat_that_passes_keeps_playing_and_nobody_takes_the_flower(ruleset: Ruleset) -> None:
    seen, _ = deal(ruleset, "held", robs=False)
    assert any(e["type"] == "decision" and e["phase"] == "rob_bonus" and e["action"] == "pass" for e in seen)
    assert not any(e["type"] == "bonus_robbed" for e in seen)
    assert not any(e["type"] == "mahjong" and e["how"] == "robbing_bonus" for e in seen)


def test_all_eight_win_on_the_draw_that_brings_the_last_whatever_the_tiles(ruleset: Ruleset) -> None:
    seen, _ = deal(ruleset, "all")
    dealer = first(seen, "deal_start")["dealer"]
    win = first(seen, "mahjong")
    assert (win["seat"], win["how"]) == (dealer, "replacement")
    score = next(e for e in seen if e["type"] == "score" and e["seat"] == dealer)
    assert score["limit"] == "eight_flowers" and "arrangement" not in score  # no reading of the tiles


def test_a_written_flower_win_is_scored_by_its_limit_and_an_incomplete_hand_without_it_refused(
        ruleset: Ruleset) -> None:
    codes = " ".join(ruleset.tiles().code(t) for t in EIGHT)
    text = f"123p456p789p1z2z3z5p {codes.replace(' ', '')} +6p"
    result = score_text(ruleset, text, Given(facts={"bonus_win": True}), "<test>")
    assert result.score.limit == "eight_flowers" and result.score.total == result.score.raw["points"]
    with pytest.raises(HandError):
        score_text(ruleset, text, Given(), "<test>")
    seven = f"123p456p789p1z2z3z5p {''.join(ruleset.tiles().code(t) for t in EIGHT[:7])} +6p"
    with pytest.raises(HandError):  # told it is a flower win, but no flower row holds for seven drawn
        score_text(ruleset, seven, Given(facts={"bonus_win": True}), "<test>")


def test_the_taking_of_a_held_flower_replays_and_audits(ruleset: Ruleset, tmp_path: Path) -> None:
    events = [dict(e) for e in deal(ruleset, "held")[0]]
    for event in events:
        if event["type"] == "deal_start":
            event["wall_commitment"] = None
        if event["type"] == "deal_end":
            event["salt"] = None
    n = int(ruleset.param("players"))
    seats = [{"seat": s, "name": f"player {s}", "kind": "human"} for s in range(n)]
    path = tmp_path / "held.jsonl"
    write_lines(path, [header(ruleset, None, None, seats, [[s] for s in range(n)], {"max_deals": 1}), *events])
    for mode in ("replay", "audit"):
        verdict = replay_check(str(path), mode)
        assert verdict.ok, verdict.text()
    objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    at = next(i for i, e in enumerate(objects) if e.get("type") == "decision" and e.get("phase") == "rob_bonus")
    objects[at]["action"] = "pass"
    write_lines(path, objects)
    verdict = replay_check(str(path), "replay")
    assert not verdict.ok and f"line {at + 1} " in verdict.text(), verdict.text()


def test_taiwanese_16_takes_the_eighth_from_its_holder_as_its_second_case() -> None:
    ruleset = load_ruleset("taiwanese_16")
    seen, _ = deal(ruleset, "held")
    dealer = first(seen, "deal_start")["dealer"]
    win = first(seen, "mahjong")
    assert (win["seat"], win["how"], win["discarder"]) == (dealer, "robbing_bonus", (dealer + 1) % 4)
    score = next(e for e in seen if e["type"] == "score" and e["seat"] == dealer)
    assert [(i["name"], i["value"]) for i in score["items"]] == [("seven_rob_eighth", 8)]
    assert [p[0] for p in first(seen, "settlement")["payments"]] == [(dealer + 1) % 4]  # the holder alone


def test_without_the_switch_no_held_flower_is_offered(tmp_path: Path) -> None:
    house = tmp_path / "no_take.yaml"
    house.write_text("id: no_take\nextends: malaysian_3p\nversion: 1.0.0\nname: without taking a held flower\n"
                     "parameters:\n  flower_hands:\n    value: {all_eight: true, rob_eighth: true, "
                     "take_held_eighth: false}\n    assumption: a test's house rule\n", encoding="utf-8")
    seen, _ = deal(load_ruleset(str(house)), "held")
    assert not any(e["type"] == "decision" and e["phase"] == "rob_bonus" for e in seen)
    assert not any(e["type"] == "bonus_robbed" for e in seen)
