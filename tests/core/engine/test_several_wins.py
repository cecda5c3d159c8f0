"""Several winners on one discard (``most_winners_on_one_discard``): each logged, scored, settled and folded.

A house rule of harbin lets up to three seats win on one discard.  Seeded greedy games give a double win
(seed 2 of the house rule, its fourth deal, found by playing); these tests read it from the log, the fold and
the audit, and check that the value is refused where it would leave no seat to discard.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.errors import RulesetError
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.plugin import Ruleset

HOUSE_RULE = """id: double_harbin
version: 1.0.0
name: Harbin, several winners on one discard
extends: harbin
parameters:
  most_winners_on_one_discard:
    value: {most}
    assumption: test house rule, every seat that declares a win on a discard wins
"""


def house_rule(tmp_path: Path, most: int) -> Path:
    path = tmp_path / f"double_harbin_{most}.yaml"
    path.write_text(HOUSE_RULE.format(most=most), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    return load_ruleset(house_rule(tmp_path_factory.mktemp("rules"), 3))


@pytest.fixture(scope="module")
def log(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> Path:
    played = simulate(ruleset, 2, 1, ["greedy"] * 4, tmp_path_factory.mktemp("logs"))
    assert played[0].replay is not None
    return played[0].replay


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def double_wins(events: list[dict[str, Any]]) -> list[int]:
    """Where a mahjong follows a mahjong (the index of the second)."""
    return [k for k in range(1, len(events)) if events[k]["type"] == events[k - 1]["type"] == "mahjong"]


def test_two_seats_win_on_one_discard_each_logged_scored_and_paid_by_the_discarder(log: Path) -> None:
    events = lines(log)
    found = double_wins(events)
    assert found, "the seeded game has no double win any more"
    k = found[0]
    first, second = events[k - 1], events[k]
    assert first["tile"] == second["tile"] and first["discarder"] == second["discarder"]
    assert first["how"] == second["how"] == "discard" and first["seat"] != second["seat"]
    claims = [e for e in events[k - 4:k - 1] if e["type"] == "decision" and e["phase"] == "claim"]
    assert [e["actor"] for e in claims if e["action"] == "win"] == [first["seat"], second["seat"]]
    end = next(i for i in range(k, len(events)) if events[i]["type"] == "settlement")
    scored = {e["seat"] for e in events[k:end] if e["type"] == "score"}
    assert {first["seat"], second["seat"]} <= scored
    paid = {(p[0], p[1]) for p in events[end]["payments"] if p[3] == "mahjong"}
    assert {(first["discarder"], first["seat"]), (first["discarder"], second["seat"])} <= paid


def test_the_fold_gives_each_winner_the_discard(log: Path) -> None:
    parsed = read_log(log)
    k = double_wins(parsed.events)[0]
    views = [(table.view(), table.revealed) for table in fold(parsed.header, parsed.events)]  # the fold moves one table
    (before, _), (after, revealed) = views[k - 2], views[k]
    tile, discarder = parsed.events[k]["tile"], parsed.events[k]["discarder"]
    for event in parsed.events[k - 1:k + 1]:
        seat = event["seat"]
        assert after["seats"][seat]["concealed"].count(tile) == before["seats"][seat]["concealed"].count(tile) + 1
    assert after["seats"][discarder]["discards"] == before["seats"][discarder]["discards"][:-1]
    assert revealed


def test_the_log_audits_clean(log: Path) -> None:
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()


def test_the_audit_report_names_both_winners(log: Path) -> None:
    from mahjong_core.audit.report import deal_reports

    parsed = read_log(log)
    k = double_wins(parsed.events)[0]
    doubled = [d for d in deal_reports(parsed) if d.more_wins]
    assert doubled and doubled[0].winner == parsed.events[k - 1]["seat"]
    assert doubled[0].more_wins[0][0] == parsed.events[k]["seat"]


@pytest.mark.parametrize("name", ["most_winners_on_one_discard", "deal_ends_at_wins"])
def test_more_winners_than_seats_less_one_is_a_load_error(tmp_path: Path, name: str) -> None:
    path = tmp_path / "four.yaml"
    path.write_text(f"id: four\nversion: 1.0.0\nname: x\nextends: harbin\nparameters:\n  {name}:\n"
                    "    value: 4\n    assumption: test\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=f"{name} is 4, but at 4 seats at most 3"):
        load_ruleset(path)


@pytest.mark.parametrize(("parent", "name", "words"), [
    ("harbin", "deal_ends_at_wins", "the classical settlement does not settle a win while play goes on (it settles "
                                    "several winners on one discard)"),
    ("flat_demo", "most_winners_on_one_discard", "the flat settlement does not settle several winners on one "
                                                 "discard (it settles one win a deal)"),
])
def test_several_wins_the_settlement_does_not_settle_are_a_load_error(tmp_path: Path, parent: str, name: str,
                                                                     words: str) -> None:
    """A settlement declares the several wins it settles (``Contribution.several_wins``): the classical one pays
    by every hand's value, so it cannot settle a win while play goes on; a ruleset asking for it is refused at the
    value's line, not stopped at its first play-on win."""
    path = tmp_path / "two.yaml"
    path.write_text(f"id: two\nversion: 1.0.0\nname: x\nextends: {parent}\nparameters:\n  {name}:\n"
                    "    value: 2\n    assumption: test\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert words in caught.value.message
    assert (caught.value.source, caught.value.place, caught.value.line) == (str(path), f"$.parameters.{name}.value", 7)


def test_one_winner_is_the_default_and_the_head_bump_stays(tmp_path: Path) -> None:
    from mahjong_core.engine.game import Game
    from mahjong_core.engine.players import make_bots

    game = Game(load_ruleset("harbin"), make_bots(["greedy"] * 4, 0), 0)
    assert game.wins_rule == (1, 1)
    assert Game(load_ruleset(house_rule(tmp_path, 2)), make_bots(["greedy"] * 4, 0), 0).wins_rule == (2, 1)


def test_the_text_view_shows_a_winner_sitting_out_and_both_winners_of_one_discard() -> None:
    from mahjong_core.cli.render.table import replay_states

    log = Path(__file__).resolve().parents[3] / "replays" / "several_wins" / "example_play_on-seed200.jsonl"
    parsed = read_log(log)
    out_seen, results = False, []
    for event, state in replay_states(parsed.header, parsed.events, 0):
        if event["type"] == "mahjong" and event.get("play_on"):
            assert state.seats[event["seat"]].out and state.last.endswith("play goes on without them")
            out_seen = True
        if event["type"] == "deal_end":
            results.append([line for line in state.result if " wins on " in line])
    assert out_seen
    assert any(len(wins) >= 3 for wins in results)  # a deal won by one who left, then two on one discard


def test_the_text_view_shows_a_plugins_flag_by_its_display_words() -> None:
    """example_play_on's vocabulary gives display words (``Term.words``): the missing suit ``no_circles`` is read
    "missing suit: dots" (as its tiles are named), in the seat's lines and the decision's."""
    from mahjong_core.cli.render.table import render, replay_states

    log = Path(__file__).resolve().parents[3] / "replays" / "several_wins" / "example_play_on-seed200.jsonl"
    parsed = read_log(log)
    assert parsed.header["vocabulary"]["example_play_on"]["events"]["missing_suit_chosen"]["words"][
        "no_circles"] == "dots"
    for event, state in replay_states(parsed.header, parsed.events, 0):
        if event["type"] == "decision" and event["action"] == "choose_missing_suit":
            shown = {"no_bamboo": "bamboo", "no_characters": "characters", "no_circles": "dots"}[event["way"]]
            assert state.last.endswith(f"declares a missing suit ({shown})"), state.last
        if event["type"] == "draw":  # every suit declared by now
            text = render(state, 0, ascii_only=True)
            flags = [line.strip() for line in text.splitlines() if "missing suit" in line]
            assert len(flags) == 4 and all(f.split(": ")[1] in ("bamboo", "characters", "dots") for f in flags)
            break
