"""Filipino mahjong (``filipino``): its tile set (honours as flowers), the wild kind the dice choose at every deal,
its count (a base of 4 quarters and a quarter or a half for each pattern), its settlement (the discarder double,
every loser double on a self-drawn win), the payments made the moment a kong stands or a thirteenth flower is
shown, which add up to nothing, and seeded games of every bot that replay and audit clean.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.errors import RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Outcome, Ruleset, Score, Table, bind
from mahjong_core.plugin.scoring import score_hand

RULESET = "filipino"
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Six seeded games of twelve deals between greedy bots and six between random bots."""
    games = []
    folder = tmp_path_factory.mktemp("filipino")
    for bots in (["greedy"] * 4, ["random"] * 4):
        for seed in range(1, 7):
            played = simulate(ruleset, seed, 1, bots, folder / bots[0], max_deals=12)
            assert played[0].replay is not None
            games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


# ---------------------------------------------------------------- tiles and the wild


def test_144_tiles_every_honour_a_flower(ruleset: Ruleset) -> None:
    tiles = bind(ruleset).tiles
    assert len(ruleset.tile_set()) == 144 and ruleset.value("hand_size") == 16
    bonus = Counter(tiles.code(t) for t in ruleset.tile_set() if t in tiles.bonus)
    assert sum(bonus.values()) == 36 and {code[-1] for code in bonus} == {"z", "f", "y"}


def test_every_deal_throws_for_a_suited_wild_before_any_turn(logs: list[list[dict[str, Any]]]) -> None:
    seen = 0
    for log in logs:
        for k, e in enumerate(log):
            if e["type"] != "wild_revealed":
                continue
            assert e["kinds"] == [e["tile"]] and e["tile"][-1] in "mps"  # a flower is passed over
            assert len(e["dice"]) == 2 and all(1 <= d <= 6 for d in e["dice"])
            start = max(i for i in range(k) if log[i]["type"] == "deal_start")
            assert not any(x["type"] == "decision" and x["phase"] == "turn" for x in log[start:k])
            seen += 1
    assert seen >= 24


# ---------------------------------------------------------------- the count


def total(ruleset: Ruleset, text: str, *flags: str) -> tuple[int, dict[str, int]]:
    score = score_hand(ruleset, parse_hand(text, tiles=bind(ruleset).tiles), win_context(flags, facts={}))
    assert score is not None
    return score.total, {i.name: i.value * i.count for i in score.items}


def test_five_chows_the_straight_concealed_and_no_flower(ruleset: Ruleset) -> None:
    assert total(ruleset, "123m456m789m123p45p99s +6p") == (
        9, {"base": 4, "all_chows": 1, "pure_straight": 2, "concealed": 1, "no_flowers": 1})
    # Two flowers in the row: no "no flowers"; a self-drawn win is worth no more (the losers pay it double).
    assert total(ruleset, "123m456m789m123p45p99s1f2f +6p") == (
        8, {"base": 4, "all_chows": 1, "pure_straight": 2, "concealed": 1})
    assert total(ruleset, "123m456m789m123p45p99s +6p", "self_drawn")[0] == 9


def test_all_pungs_won_back_to_back(ruleset: Ruleset) -> None:
    assert total(ruleset, "111m222m333p444p55s66s +5s") == (
        8, {"base": 4, "all_pungs": 1, "back_to_back": 1, "concealed": 1, "no_flowers": 1})


def test_a_full_flush_with_its_straight(ruleset: Ruleset) -> None:
    value, items = total(ruleset, "123m456m789m234m678m5m +5m")
    assert items["full_flush"] == 2 and items["pure_straight"] == 2 and value == 4 + 1 + 1 + 2 + 2 + 1


def test_all_revealed_won_on_a_single_wait(ruleset: Ruleset) -> None:
    assert total(ruleset, "[123m<] [456m<] [789p<] [234s<] [567s<] 9s +9s") == (
        8, {"base": 4, "all_chows": 1, "all_revealed": 1, "difficult_wait": 1, "no_flowers": 1})


def test_a_closed_wait_is_difficult(ruleset: Ruleset) -> None:
    value, items = total(ruleset, "123m456m789m123p46p99s +5p")
    assert items["difficult_wait"] == 1 and value == 10
    assert "difficult_wait" not in total(ruleset, "123m456m789m123p45p99s +6p")[1]  # two-sided


def test_a_wild_making_a_fifth_copy_of_a_kind_is_scored_with_no_difficult_wait(ruleset: Ruleset) -> None:
    """A pung and a pair of 1m, one of the five a wild standing for 1m: no count of natural tiles holds five, so
    the wait is judged on a hand holding a wild, which waits on many kinds (no difficult wait)."""
    parsed = parse_hand("111m22m234m456p789p45s +6s", tiles=bind(ruleset).tiles)
    concealed = list(parsed.concealed)
    concealed.remove(1)
    concealed.remove(1)
    h = replace(parsed, concealed=tuple(sorted([*concealed, 0, 0])), wild=(0,))
    score = score_hand(ruleset, h, win_context((), facts={}))
    assert score is not None
    assert (score.total, {i.name: i.value * i.count for i in score.items}) == (
        6, {"base": 4, "concealed": 1, "no_flowers": 1})


# ---------------------------------------------------------------- the settlement


def test_the_discarder_pays_double_the_others_single_and_every_loser_double_a_self_drawn_win(
        ruleset: Ruleset) -> None:
    from mahjong_rulesets.families.fuzhou.settlement import settle

    table = Table(players=4)
    scores = {1: Score(9, "fuzhou")}
    by_discard = settle(ruleset, table, Outcome("win", 1, "discard", 5, 3, scores=scores))
    assert sorted((p.payer, p.payee, p.amount) for p in by_discard) == [(0, 1, 9), (2, 1, 9), (3, 1, 18)]
    drawn = settle(ruleset, table, Outcome("win", 1, "self_drawn", 5, None, scores=scores))
    assert sorted((p.payer, p.amount) for p in drawn) == [(0, 18), (2, 18), (3, 18)]
    assert settle(ruleset, table, Outcome("draw")) == []


# ---------------------------------------------------------------- payments at once


def test_kongs_and_thirteen_flowers_are_paid_at_once_and_every_payment_adds_up(
        logs: list[list[dict[str, Any]]]) -> None:
    kinds: Counter[str] = Counter()
    for log in logs:
        for k, e in enumerate(log):
            if e["type"] == "claim" and e.get("kind") == "kong":
                paid = [x for x in log[k + 1:k + 4] if x["type"] == "payment"]
                assert sorted(x["payer"] for x in paid) == sorted({0, 1, 2, 3} - {e["seat"]})
                assert all(x["amount"] == 1 and x["payee"] == e["seat"] for x in paid)
                kinds["melded"] += 1
            if e["type"] == "kong":
                paid = [x for x in log[k + 1:k + 4] if x["type"] == "payment" and x["reason"] == "kong_money"]
                assert len(paid) == 3 and all(x["amount"] == 2 and x["payee"] == e["seat"] for x in paid)
                kinds[e["way"]] += 1
            if e["type"] == "payment" and e["reason"] == "bite":
                kinds["thirteen_flowers"] += 1
                assert e["amount"] == 1
        finals = [e for e in log if e["type"] == "game_end"]
        assert finals and sum(finals[-1]["scores"]) == 0  # everything paid was paid by someone
    assert kinds["melded"] and (kinds["concealed"] or kinds["added"]), kinds


def test_thirteen_flowers_are_paid_once_by_each_other_seat() -> None:
    from mahjong_rulesets.mechanisms import bites

    from mahjong_core.plugin import bind as bound

    ruleset = load_ruleset(RULESET)
    table = Table(players=4, tiles=bound(ruleset).tiles)
    table.new_deal()
    flowers = [t for t in ruleset.tile_set() if t in bound(ruleset).tiles.bonus]
    replies = []
    for n, tile in enumerate(flowers[:14], start=1):
        table.seats[2].bonus.append(tile)
        reply = bites.mahjong_event_reactions(ruleset=ruleset, table=table, event={
            "type": "bonus", "seat": 2, "tile": bound(ruleset).tiles.code(tile)})
        replies.append((n, reply))
    paid = [(n, reply) for n, reply in replies if reply]
    assert [n for n, _ in paid] == [13]
    assert sorted((p["payer"], p["payee"], p["amount"]) for p in paid[0][1]) == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]


# ---------------------------------------------------------------- every bot


@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy"] * 4])
def test_every_bot_plays_wins_and_the_games_audit_clean(ruleset: Ruleset, tmp_path: Path, bots: list[str]) -> None:
    played = simulate(ruleset, 5, 2, bots, tmp_path, max_deals=12)
    wins = 0
    for game in played:
        assert game.replay is not None
        report = check(game.replay)
        assert report.ok, report
        wins += game.replay.read_text(encoding="utf-8").count('"type":"mahjong"')
    assert wins


# ---------------------------------------------------------------- data


BAD_PAYMENTS = """\
id: filipino_bad
version: 1.0.0
name: Filipino with a payment that is no number
extends: filipino
scoring:
  payments:
    discarder: {value: double, source: "wiki section Payments"}
    other_losers: {value: 1, source: "wiki section Payments"}
    self_drawn: {value: 2, source: "wiki section Payments"}
"""


def test_a_payment_that_is_no_whole_number_is_refused_at_its_line(tmp_path: Path) -> None:
    house = tmp_path / "bad.yaml"
    house.write_text(BAD_PAYMENTS, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(house))
    message = str(caught.value)
    assert "bad.yaml::$.scoring.payments.discarder.value" in message and "(line 7" in message, message
    assert "'double'" in message


def test_a_thirteen_flower_count_of_none_is_refused_at_its_line(tmp_path: Path) -> None:
    text = (ROOT / "plugins/rulesets/filipino/ruleset.yaml").read_text(encoding="utf-8")
    house = tmp_path / "bad.yaml"
    house.write_text("id: filipino_no_flowers\nversion: 1.0.0\nname: x\nextends: filipino\nparameters:\n"
                     "  bites:\n    value: {own_flowers: 0, flower_group: 0, animal_pair: 0, dealt_double: false,"
                     " bonus_count: {tiles: 0, amount: 1}}\n    assumption: \"a count no row can reach\"\n",
                     encoding="utf-8")
    assert "bonus_count: {tiles: 13, amount: 1}" in text
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(house))
    assert "bad.yaml::$.parameters.bites.value.bonus_count.tiles" in str(caught.value), str(caught.value)


def test_mahjong_view_says_what_the_dice_turned() -> None:
    """The wild is public: a seat's view of the golden replay names the throw and the tile at its event."""
    log = ROOT / "replays" / "filipino-seed20261130.jsonl"
    turned = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"wild_revealed"' in line]
    assert turned
    shown = subprocess.run([sys.executable, "-m", "mahjong_core", "view", "--seat", "1", str(log)],
                           capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    for event in turned:
        dice = event["dice"]
        assert (f"the dice show {dice[0]}+{dice[1]}: counting {sum(dice)} from the wall's end, {event['tile']} is "
                f"turned where it lies: {event['tile']} wild for the deal") in shown.stdout
