"""Seven flowers robbing the eighth (七搶一) in ``taiwanese_16``: a seat holding seven flowers and seasons wins on
the eighth as another seat sets it aside, the drawer paying (the ruleset's ``seven_rob_eighth`` row cites where).

The deal is the constructed one of ``tests/seven_flowers.py`` (the dealer dealt seven flowers, the next seat
drawing the eighth).  Its log, as a physical table records it, replays and audits, and is refused at the line of
its robbery once that decision is changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mahjong_rulesets.families.taiwanese.scoring import scoring_number
from seven_flowers import RULESET, play, wall_order, write_robbed_log

from mahjong_core import check as replay_check
from mahjong_core import load_ruleset
from mahjong_core.log.format import write_lines
from mahjong_core.log.redaction import HIDDEN, seat_view
from mahjong_core.plugin import Action, Ruleset


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def test_the_seat_with_seven_flowers_robs_the_eighth_and_the_drawer_pays(ruleset: Ruleset) -> None:
    seen, bots = play(ruleset, robs=True)
    _, eighth = wall_order(ruleset)
    code = ruleset.tiles().code(eighth)
    dealer = next(e for e in seen if e["type"] == "deal_start")["dealer"]
    drawer = (dealer + 1) % 4
    assert next(e for e in seen if e["type"] == "draw") == {**next(e for e in seen if e["type"] == "draw"),
                                                            "seat": drawer, "tile": code}
    offer = next(e for e in seen if e["type"] == "decision" and e["phase"] == "rob_bonus")
    assert (offer["actor"], offer["action"], offer["tile"]) == (dealer, "win", code)
    assert ("rob_bonus", [Action("win", eighth), Action("pass")]) in bots[dealer].offers
    assert not any(phase == "rob_bonus" for bot in bots[:dealer] + bots[dealer + 1:] for phase, _ in bot.offers)
    robbed = next(e for e in seen if e["type"] == "bonus_robbed")
    assert (robbed["seat"], robbed["drawer"], robbed["tile"]) == (dealer, drawer, code)
    replacement = seen[seen.index(robbed) + 1]  # the robber makes good the flower he now holds
    assert (replacement["type"], replacement["seat"], replacement["reason"]) == ("replacement", dealer, "bonus")
    win = next(e for e in seen if e["type"] == "mahjong")
    assert (win["seat"], win["how"], win["discarder"]) == (dealer, "robbing_bonus", drawer)
    assert win["tile"] == replacement["tile"]
    score = next(e for e in seen if e["type"] == "score" and e["seat"] == dealer)
    assert [(i["name"], i["value"]) for i in score["items"]] == [("seven_rob_eighth", 8)]  # no flower's tai besides
    settlement = next(e for e in seen if e["type"] == "settlement")
    base, per_tai = scoring_number(ruleset, "base")[0], scoring_number(ruleset, "per_tai")[0]
    assert [(p[0], p[1], p[2]) for p in settlement["payments"]] == [(drawer, dealer, base + 8 * per_tai)]


def test_a_seat_that_passes_leaves_the_flower_to_its_drawer_and_the_deal_goes_on(ruleset: Ruleset) -> None:
    seen, _ = play(ruleset, robs=False)
    dealer = next(e for e in seen if e["type"] == "deal_start")["dealer"]
    offer = next(e for e in seen if e["type"] == "decision" and e["phase"] == "rob_bonus")
    assert (offer["actor"], offer["action"]) == (dealer, "pass")
    assert not any(e["type"] == "bonus_robbed" for e in seen)
    after = seen[seen.index(offer) + 1]
    assert (after["type"], after["seat"], after["reason"]) == ("replacement", (dealer + 1) % 4, "bonus")
    assert not any(e["type"] == "mahjong" and e.get("how") == "robbing_bonus" for e in seen)


def test_the_offer_shows_the_robber_nothing_of_the_drawers_concealed_tiles(ruleset: Ruleset) -> None:
    seen, _ = play(ruleset, robs=True)
    bonus = {ruleset.tiles().code(k) for k in ruleset.tiles().bonus}
    dealer = next(e for e in seen if e["type"] == "deal_start")["dealer"]
    drawer = (dealer + 1) % 4
    view = seat_view(seen, dealer)
    end = next(i for i, e in enumerate(view) if e["type"] == "mahjong")
    hands = next(e for e in view if e["type"] == "hands")
    assert set(hands["hands"][drawer]) == {HIDDEN}
    for event in view[:end]:
        if event.get("seat") == drawer and event["type"] in ("draw", "replacement"):
            assert event["tile"] in bonus or event["tile"] == HIDDEN, event
        if event["type"] == "decision" and event["phase"] == "rob_bonus":
            assert event["tile"] in bonus and "tiles" not in event


def test_a_ruleset_without_the_row_offers_no_robbery(ruleset: Ruleset, tmp_path: Path) -> None:
    """The robbery is the data's: a house rule that drops the ``seven_rob_eighth`` row plays without it."""
    house = tmp_path / "no_rob.yaml"
    house.write_text(f"id: no_rob\nextends: {RULESET}\nversion: 1.0.0\nname: without 七搶一\n"
                     "limit_hands:\n  seven_rob_eighth: null\n", encoding="utf-8")
    without = load_ruleset(str(house))
    assert "seven_rob_eighth" not in without.raw_tables.get("limit_hands", {})
    seen, _ = play(without, robs=True)
    assert not any(e["type"] == "decision" and e["phase"] == "rob_bonus" for e in seen)
    assert not any(e["type"] == "bonus_robbed" for e in seen)


# --------------------------------------------------------------------------- its log, replayed and audited


@pytest.fixture(scope="module")
def robbed_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_robbed_log(tmp_path_factory.mktemp("seven") / "robbed.jsonl")


def test_the_robbery_replays_and_audits(robbed_log: Path) -> None:
    events = [json.loads(line) for line in robbed_log.read_text(encoding="utf-8").splitlines()]
    assert [e["type"] for e in events if e.get("type") in ("bonus_robbed", "mahjong")] == ["bonus_robbed",
                                                                                           "mahjong"]
    for mode in ("replay", "audit"):
        verdict = replay_check(str(robbed_log), mode)
        assert verdict.ok, verdict.text()


@pytest.mark.parametrize("field, value", [("action", "pass"), ("tile", "1m")])
def test_a_tampered_robbery_is_refused_at_its_line(robbed_log: Path, tmp_path: Path, field: str,
                                                    value: str) -> None:
    """The rob taken changed to a pass, or to a win on another tile: the replay refuses that very line."""
    objects = [json.loads(line) for line in robbed_log.read_text(encoding="utf-8").splitlines()]
    at = next(i for i, e in enumerate(objects) if e.get("type") == "decision" and e.get("phase") == "rob_bonus")
    objects[at][field] = value
    tampered = tmp_path / "tampered.jsonl"
    write_lines(tampered, objects)
    verdict = replay_check(str(tampered), "replay")
    assert not verdict.ok
    assert f"line {at + 1} " in verdict.text(), verdict.text()
