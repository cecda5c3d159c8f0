"""Piter (seed 003): its scoring tables on the classical engine, the internal-doubling minimum, and pair play.

The golden hands (``tests/golden/piter.yaml``) were scored by hand from 003's tables; each names the
line it checks.  003 line 9 admits a mahjong only with an "internal" doubling, read as one of the
doublings "contained inside the hand" of line 60 (lines 61-71); the engine reports their number as
``raw["doublings_in_hand"]`` (``scoring.doubling_figures``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.families.classical.scoring import score_arrangement, situation_context
from mahjong_rulesets.families.classical.tables import RAW_FIGURES, classical_tables

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import ClaimedFrom, Meld, MeldKind
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.score import Score
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.plugin.scoring import score_hand, scoring_value
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Table

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "piter.yaml"
CASES: list[dict[str, Any]] = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))["hands"]
CITES = re.compile(r"\b00[13] lines? \d+")
SEEDS = (1, 2, 3, 4, 5, 6)


def piter() -> Any:
    return load_ruleset("piter")


def with_internal_minimum() -> Any:
    """Piter with ``minimum_value: {doublings_in_hand: 1}``: the figure 003 line 9 asks for.

    The ruleset schema lets ``minimum_value`` name only ``points``, ``fan`` or ``doublings``, so the
    shipped ruleset keeps ``{doublings: 1}`` until the schema admits the engine's figure.
    """
    rs = piter()
    tables = json.loads(json.dumps(rs.raw_tables))
    tables["parameters"]["minimum_value"] = {"value": {"doublings_in_hand": 1}, "source": "003 line 9"}
    return dataclasses.replace(rs, raw_tables=tables)


def context_for(hand: Any, case: dict[str, Any]) -> dict[str, Any]:
    return situation_context(hand, case.get("seat", "S"), case.get("prevalent", "E"), **case.get("facts", {}))


def score_case(case: dict[str, Any], ruleset: Any = None) -> Score:
    hand = parse_hand(case["hand"])
    score = score_hand(ruleset or piter(), hand, context_for(hand, case))
    assert score is not None
    return score


# ---------------------------------------------------------------- golden hands


def test_at_least_25_golden_hands_each_citing_its_line() -> None:
    assert len(CASES) >= 25
    assert len({case["id"] for case in CASES}) == len(CASES)
    for case in CASES:
        assert CITES.search(case["checks"]), case["id"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_hand(case: dict[str, Any]) -> None:
    score = score_case(case)
    assert score.family == "classical"
    assert score.total == case["total"], score.to_json()
    assert score.limit == case.get("limit"), score.to_json()
    assert score.raw["total"] == score.total
    for figure in ("points", "doublings", "doublings_in_hand"):
        if figure in case:
            assert score.raw[figure] == case[figure], (figure, score.to_json())
    counted: Counter[str] = Counter()
    for item in score.items:
        counted[item.name] += item.count
        assert item.source, f"{item.name} has no source"
    assert dict(counted) == case["items"], score.to_json()
    for name, count in (case.get("excluded") or {}).items():
        dropped = sum(i.count for i in score.excluded if i.name == name and not i.detail.startswith("replaced"))
        assert dropped == count, score.to_json()


def test_every_scoring_row_is_checked_by_a_golden_hand() -> None:
    seen = {name for case in CASES for name in case["items"]}
    rows = [row_id for table in ("points", "doublings") for row_id, row in piter().table(table).items()
            if row["value"]]
    assert sorted(set(rows) - seen) == []
    assert {case.get("limit") for case in CASES} >= {"usual_limit", "imperial_retinue", "heavenly_twins"}


def test_every_row_cites_003_and_the_limits_say_the_list_is_cut_off() -> None:
    rs = piter()
    for table in ("points", "doublings"):
        for row_id, row in rs.table(table).items():
            assert row.get("source", "").startswith("003 line"), (table, row_id)
    limits = rs.table("limit_hands")
    assert len(limits) == 15
    assert all("cut off" in row["assumption"] and "001" in row["assumption"] for row in limits.values())
    assert scoring_value(rs, "family") == "classical"
    assert rs.value("usual_limit") == 2000


def test_set_values_double_for_majors_for_concealment_and_four_for_a_kong() -> None:
    # 003 lines 37-45: the exposed block 2/4/8/16, the concealed block twice that.
    points = {row_id: row["value"] for row_id, row in piter().table("points").items()}
    for kind in ("pung", "kong"):
        for shown in ("exposed", "concealed"):
            assert points[f"{kind}_{shown}_major"] == 2 * points[f"{kind}_{shown}_simple"]
        for size in ("simple", "major"):
            assert points[f"{kind}_concealed_{size}"] == 2 * points[f"{kind}_exposed_{size}"]
    assert points["kong_exposed_simple"] == 4 * points["pung_exposed_simple"] == 8
    assert points["chow"] == 0 and points["mahjong"] == 20 and points["bonus_tile"] == 4


def test_a_loose_tile_is_not_taken_from_the_wall_nor_the_last_wall_tile() -> None:
    # 003 line 51: loose tiles are not wall tiles; line 76: "не считая Свободных Костей".
    score = score_case({"hand": "123m456p789s6p [5555s^] +6p !replacement !last_tile"})
    names = {i.name for i in score.items}
    assert "loose_tile" in names
    assert not names & {"last_tile_from_wall", "last_wall_tile"}


def test_a_chow_claimed_from_an_opponent_on_the_right_scores_like_any_chow() -> None:
    # A house rule extending Piter (plugins/examples/no_chow_from_partner) lets a chow come from either opponent;
    # whom the tile came from never changes a classical score.
    left = parse_hand("456p789s5p [123m<] [777s<] +5p")
    right = dataclasses.replace(left, melds=(Meld(MeldKind.CHOW, (0, 1, 2), exposed=True,
                                                  claimed_from=ClaimedFrom.RIGHT), left.melds[1]))
    context = situation_context(left, "S", "E")
    assert score_hand(piter(), right, context) == score_hand(piter(), left, context)


def test_a_malformed_shown_count_is_named() -> None:
    with pytest.raises(Exception, match="winning_tile_shown must count"):
        score_case({"hand": "123m456p789s5p [777s<] +5p", "facts": {"winning_tile_shown": 4}})


# ---------------------------------------------------------------- the internal doubling (003 line 9)


def test_internal_doublings_are_line_60s_list_and_not_the_winners() -> None:
    rs = piter()
    (figure,) = classical_tables(rs).figures
    assert figure.name == "doublings_in_hand" and figure.limit_floor == 1
    for row_id, row in rs.table("doublings").items():
        line = int(re.match(r"003 line (\d+)", row["source"]).group(1))  # type: ignore[union-attr]
        inside = row.get("applies_to") == "everyone"
        assert inside == (61 <= line <= 71), row_id
        assert (row.get("category") in figure.categories) == inside, row_id


@pytest.mark.parametrize("case", [c for c in CASES if "+" in c["hand"]], ids=lambda c: c["id"])
def test_the_internal_figure_does_not_depend_on_the_reading(case: dict[str, Any]) -> None:
    # Line 60's doublings are honour pongs, the tiles the hand holds and its bonus tiles: every reading has them.
    hand = parse_hand(case["hand"])
    context = context_for(hand, case)
    figures = {score_arrangement(piter(), hand, a, context).raw["doublings_in_hand"] for a in arrangements(hand)
               if a.form.value == "standard"}
    assert len(figures) <= 1, figures


def test_other_classical_rulesets_keep_their_raw_figures() -> None:
    score = score_case({"hand": "123m456p789s5p [777s<] +5p"}, load_ruleset("harbin"))
    assert sorted(score.raw) == sorted(RAW_FIGURES)


def overlay(tmp_path: Path, body: str) -> Any:
    path = tmp_path / "piter_figures.yaml"
    path.write_text(f"id: piter_figures\nversion: 1.0.0\nname: x\nextends: piter\nscoring:\n{body}", encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize(
    ("figure", "message"),
    [
        ("{doublings: {categories: [sets]}}", "would replace the engine's own raw figure"),
        ("{x: {categories: [nope]}}", "categories \\['nope'\\] that no doublings row has"),
        ("{x: {categories: []}}", "non-empty list of categories"),
        ("{x: {categories: [sets], at_least_for_limit_hands: -1}}", "non-negative integer"),
        ("{x: {categories: [sets], extra: 1}}", "must be \\{categories"),
        ("[sets]", "must map raw figure names"),
    ],
)
def test_bad_doubling_figures_fail_with_their_place(tmp_path: Path, figure: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message) as caught:  # read when the ruleset is loaded
        classical_tables(overlay(tmp_path, f"  doubling_figures: {{value: {figure}, assumption: test}}\n"))
    assert caught.value.place and caught.value.place.startswith("$.scoring.doubling_figures")


def objections(ruleset: Any, notation: str, seat: str = "S", **facts: Any) -> list[str]:
    """The core's objections to declaring ``notation`` as seat 1's mahjong (seat 1 declared its calling hand)."""
    hand = parse_hand(notation)
    context = dict(situation_context(hand, seat, "E", **facts), winner=True)
    pm = build_plugin_manager(bind(ruleset).plugins)
    table = Table(players=4, scores=[0] * 4)
    table.new_deal()
    table.seats[1].calling = True  # Piter requires the declaration (003 line 10); these tests are of the minimum
    return [o for o in pm.hook.mahjong_win_objections(ruleset=ruleset, table=table, seat=1, hand=hand,
                                                      context=context) if o]


def test_a_hand_without_a_doubling_is_below_the_minimum() -> None:
    (objection,) = objections(piter(), "123m456p789s5p [777s<] +5p")
    assert objection.startswith("below the minimum value: 0 doublings") and objection.endswith("at least 1 needed")
    assert objections(piter(), "123m456p5s [777z<] [999p^] +5s") == []


def test_only_an_internal_doubling_admits_a_mahjong() -> None:
    rs = with_internal_minimum()
    # No points in the combinations (line 74) and calling from the start (line 81) are the winner's.
    assert objections(rs, "123m456p789s23s44z +4s !calling_from_start") == [
        "below the minimum value: 0 doublings_in_hand, at least 1 needed"]  # fmt: skip
    assert objections(rs, "111m999p99s44z [222s<] +4z") == [
        "below the minimum value: 0 doublings_in_hand, at least 1 needed"]  # fmt: skip
    assert objections(rs, "123m456p789s23s44z +4s 2f") == []  # own flower, line 69
    assert objections(rs, "234m456p678s33s55p +3s") == []  # only minors, line 67
    assert objections(rs, "123m456p5s [777z<] [999p^] +5s") == []  # dragon pong, line 61


def test_a_limit_hand_may_be_declared_without_an_internal_doubling() -> None:
    rs = with_internal_minimum()
    moon = "123m456p789s1p [777s<] +1p !self_drawn !last_tile"
    assert score_case({"hand": moon}).limit == "moon_from_the_bottom_of_the_sea"
    assert objections(rs, moon) == []
    heavenly = "123m456p789s23s44z +4s !self_drawn !first_go_around"
    assert score_case({"hand": heavenly, "seat": "E"}).limit == "heavenly"
    assert objections(rs, heavenly, seat="E") == []


# ---------------------------------------------------------------- seeded games and pair play


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def wins(log: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """(dealer, winner's score event with its seat, the deal's settlement) for every mahjong in a log."""
    found = []
    dealer = None
    for i, event in enumerate(log):
        if event["type"] == "deal_start":
            dealer = event["dealer"]
        if event["type"] == "mahjong":
            winner = next(e for e in log[i + 1:] if e["type"] == "score" and e["seat"] == event["seat"])
            settlement = next(e for e in log[i + 1:] if e["type"] == "settlement")
            found.append((dealer, winner, settlement))
    return found


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Any, Path]]:
    where = tmp_path_factory.mktemp("piter_games")
    played = []
    for seed in SEEDS:
        path = where / f"piter_{seed}.jsonl"
        played.append((play_game(piter(), seed, ["greedy"] * 4, replay=path, max_deals=4).result, path))
    return played


def test_games_settle_classically_in_pairs(games: list[tuple[Any, Path]]) -> None:
    settled = 0
    for result, path in games:
        assert result.teams == [[0, 2], [1, 3]]
        assert result.team_scores() == [result.scores[0] + result.scores[2], result.scores[1] + result.scores[3]]
        assert sum(result.scores) == 0 and sum(result.team_scores()) == 0
        log = events(path)
        running = [0] * 4
        for event in log:
            if event["type"] != "settlement":
                continue
            delta = [0] * 4
            for payer, payee, amount, _reason in event["payments"]:
                delta[payer] -= amount
                delta[payee] += amount
            assert sum(delta) == 0
            running = [a + b for a, b in zip(running, delta, strict=True)]
            assert running == event["scores"]
            settled += any(delta)
        assert running == result.scores
        end = log[-1]
        assert end["type"] == "game_end" and end["team_scores"] == result.team_scores()
    assert settled >= len(games)


def test_each_loser_pays_the_winner_the_hand_east_double(games: list[tuple[Any, Path]]) -> None:
    # Classical settlement (001 lines 119-121): every loser pays the winner's value, doubled to or from East.
    checked = 0
    for _result, path in games:
        log = events(path)
        for dealer, winner, settlement in wins(log):
            paid = {payer: amount for payer, payee, amount, reason in settlement["payments"]
                    if reason == "mahjong"}
            seat = winner["seat"]
            assert paid == {s: winner["value"] * (2 if dealer in (s, seat) else 1) for s in range(4) if s != seat}
            checked += 1
    assert checked >= len(games)


def test_games_replay_and_audit_clean(games: list[tuple[Any, Path]]) -> None:
    for _result, path in games:
        verdict = check(str(path), "audit")
        assert verdict.ok, verdict


def test_bots_win_only_above_the_shipped_minimum(games: list[tuple[Any, Path]]) -> None:
    minimum = dict(piter().value("minimum_value"))
    for _result, path in games:
        for _dealer, winner, _settlement in wins(events(path)):
            for key, need in minimum.items():
                assert winner["raw"][key] >= need, winner


def test_every_score_in_play_keeps_the_limit_and_counts_internal_doublings_among_all(
        games: list[tuple[Any, Path]]) -> None:
    scores = [e for _result, path in games for e in events(path) if e["type"] == "score"]
    assert scores
    for score in scores:
        raw = score["raw"]
        assert 0 <= raw["doublings_in_hand"] <= raw["doublings"] or score.get("limit") not in (None, "usual_limit")
        assert score["value"] <= 2000 and score["value"] == raw["total"]
        if score.get("limit") is None:
            assert score["value"] == raw["points"] << raw["doublings"]


def test_bots_win_only_with_an_internal_doubling() -> None:
    rs = with_internal_minimum()
    won = 0
    for seed in SEEDS:
        log: list[dict[str, Any]] = []
        Game(rs, make_bots(["greedy"] * 4, seed), seed, emit=log.append, max_deals=4).play()
        for _dealer, winner, _settlement in wins(log):
            assert winner["raw"]["doublings_in_hand"] >= 1, winner
            won += 1
    assert won >= len(SEEDS)
