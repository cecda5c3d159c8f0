"""Fuzhou mahjong (``fuzhou``): its tile set (honours as flowers), the gold opened after every deal and played as a
joker in the winning hand only, the gold robbed and three golds, its count (flowers and golds on a base, doubled
when self-drawn, the largest special hand) and its settlement, and seeded games of every bot that replay and
audit clean.
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

from mahjong_core import check, load_ruleset, load_ruleset_text, simulate
from mahjong_core.errors import RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Hand, Outcome, Ruleset, Table, bind
from mahjong_core.plugin.scoring import score_hand

RULESET = "fuzhou"
_KIND = {c + s: i for s, base in (("m", 0), ("p", 9), ("s", 18), ("z", 27)) for c, i in
         zip("123456789", range(base, base + 9), strict=False)}


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def play(ruleset: Ruleset, folder: Path, seeds: range, bots: list[str], deals: int) -> list[list[dict[str, Any]]]:
    games = []
    for seed in seeds:
        played = simulate(ruleset, seed, 1, bots, folder, max_deals=deals)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Twelve seeded games of eight deals between greedy bots."""
    return play(ruleset, tmp_path_factory.mktemp("fuzhou"), range(1, 13), ["greedy"] * 4, 8)


@pytest.fixture(scope="module")
def random_logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Eight seeded games of forty deals between random bots, who rob the gold and throw golds away."""
    return play(ruleset, tmp_path_factory.mktemp("fuzhou-random"), range(1, 9), ["random"] * 4, 40)


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


def deals(log: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    deal: list[dict[str, Any]] = []
    for e in log:
        if e["type"] == "deal_start" and deal:
            yield deal
            deal = []
        deal.append(e)
    if deal:
        yield deal


# ---------------------------------------------------------------- tiles


def test_144_tiles_every_honour_a_flower(ruleset: Ruleset) -> None:
    tiles = bind(ruleset).tiles
    assert len(ruleset.tile_set()) == 144
    assert ruleset.value("hand_size") == 16
    bonus = Counter(tiles.code(t) for t in ruleset.tile_set() if t in tiles.bonus)
    assert sum(bonus.values()) == 36  # 28 honours and the 8 flowers and seasons
    assert {code[-1] for code in bonus} == {"z", "f", "y"}


# ---------------------------------------------------------------- the gold


def test_every_deal_opens_a_suited_gold_before_any_turn(logs: list[list[dict[str, Any]]]) -> None:
    seen = 0
    for log in logs:
        for deal in deals(log):
            if deal[0]["type"] != "deal_start":
                continue
            types = [e["type"] for e in deal]
            assert types.count("wild_revealed") == 1
            opened = types.index("wild_revealed")
            assert types.index("hands") < opened
            assert not any(e["type"] == "decision" and e["phase"] == "turn" for e in deal[:opened])
            gold = deal[opened]
            assert gold["kinds"] == [gold["tile"]] and gold["tile"][-1] in "mps"  # an honour is a flower
            seen += 1
    assert seen >= 12


def test_a_gold_goes_into_no_meld_and_a_discarded_gold_is_dead(random_logs: list[list[dict[str, Any]]]) -> None:
    discarded = 0
    for log in random_logs:
        for deal in deals(log):
            gold = next((e["tile"] for e in deal if e["type"] == "wild_revealed"), None)
            for i, e in enumerate(deal):
                if e["type"] in ("claim", "kong"):
                    assert "jokers" not in e and gold not in e.get("tiles", [e["tile"]])
                if e["type"] == "decision" and e["phase"] == "turn" and e["action"] == "discard" \
                        and e["tile"] == gold:
                    discarded += 1
                    later = deal[i + 1:i + 6]
                    assert not any(x["type"] in ("claim", "mahjong") and x.get("tile") == gold for x in later)
    assert discarded


def test_a_robbed_gold_wins_at_once_counted_as_self_drawn(random_logs: list[list[dict[str, Any]]]) -> None:
    robbed = [(log, i) for log in random_logs for i, e in enumerate(log) if e["type"] == "wild_taken"]
    assert robbed, "no gold robbed in the seeded games"
    for log, i in robbed:
        taken = log[i]
        before, win = log[i - 1], log[i + 1]
        assert before["type"] == "decision" and before["phase"] == "declaration" and before["action"] == "win"
        assert win["type"] == "mahjong" and win["how"] == "self_drawn" and win["seat"] == taken["seat"]
        start = max(j for j in range(i) if log[j]["type"] == "deal_start")
        if taken["seat"] == log[start]["dealer"]:  # the dealer robs only after his first discard
            assert dealer_discards(log[start:i], taken["seat"]) == 1
        score = next(e for e in log[i:] if e["type"] == "score" and e["seat"] == taken["seat"])
        names = {item["name"] for item in score["items"]} | {item["name"] for item in score.get("excluded", [])}
        assert "robbing_gold" in names and "self_drawn" in names


def dealer_discards(deal: list[dict[str, Any]], dealer: int) -> int:
    return sum(1 for e in deal if e["type"] == "decision" and e["actor"] == dealer and e["action"] == "discard")


def dealer_robberies(logs: list[list[dict[str, Any]]]) -> Iterator[tuple[list[dict[str, Any]], int]]:
    """(the deal, the index of its ``wild_taken``) where the dealer took the gold."""
    for log in logs:
        for deal in deals(log):
            dealer = deal[0].get("dealer")
            for i, e in enumerate(deal):
                if e["type"] == "wild_taken" and e["seat"] == dealer:
                    yield deal, i


def test_the_dealer_robs_the_gold_once_his_first_discard_leaves_him_ready(logs: list[list[dict[str, Any]]]) -> None:
    """kityou section 30: the dealer whose first discard leaves his hand ready for the gold robs it, counted as
    self-drawn -- after the others' claims on that discard (a win on it comes first), before any meld of it."""
    robbed = list(dealer_robberies(logs))
    assert len(robbed) >= 2, "no dealer robs the gold in the seeded games"
    for deal, i in robbed:
        dealer = deal[0]["dealer"]
        first = next(j for j, e in enumerate(deal) if e["type"] == "decision" and e["action"] == "discard")
        assert deal[first]["actor"] == dealer and dealer_discards(deal[:i], dealer) == 1
        between = deal[first + 1:i]
        assert not any(e["type"] in ("claim", "draw", "mahjong") for e in between)  # no meld made, nobody drew
        claims = [e for e in between if e["type"] == "decision"]
        assert claims[-1]["actor"] == dealer and claims[-1]["phase"] == "declaration" and claims[-1]["action"] == "win"
        assert all(e["actor"] != dealer and e["phase"] == "claim" and e["action"] != "win" for e in claims[:-1])
        win = deal[i + 1]
        assert win["type"] == "mahjong" and win["how"] == "self_drawn" and win["seat"] == dealer
        score = next(e for e in deal[i:] if e["type"] == "score" and e["seat"] == dealer)
        names = {item["name"] for item in score["items"]} | {item["name"] for item in score.get("excluded", [])}
        assert "robbing_gold" in names and "heavenly" not in names


def test_without_the_dealer_s_robbing_the_same_games_have_none(tmp_path: Path) -> None:
    """The control: ``robbed_by_dealer: false`` (only non-dealers rob, before play) in the same seeded games."""
    text = (Path(__file__).parents[3] / "plugins/rulesets/fuzhou/ruleset.yaml").read_text(encoding="utf-8")
    lifted = text.replace("robbed: true, robbed_by_dealer: true", "robbed: true, robbed_by_dealer: false")
    assert lifted != text
    ruleset = load_ruleset_text(lifted.replace("id: fuzhou", "id: fuzhou_no_dealer_rob"), "<test>")
    assert not list(dealer_robberies(play(ruleset, tmp_path, range(1, 13), ["greedy"] * 4, 8)))


def test_the_dealer_s_robbing_without_robbing_is_refused_at_load() -> None:
    text = (Path(__file__).parents[3] / "plugins/rulesets/fuzhou/ruleset.yaml").read_text(encoding="utf-8")
    bad = text.replace("robbed: true, robbed_by_dealer: true", "robbed: false, robbed_by_dealer: true")
    with pytest.raises(RulesetError, match="robbed_by_dealer") as caught:
        load_ruleset_text(bad.replace("id: fuzhou", "id: fuzhou_dealer_only"), "<test>")
    assert "expected false, or robbed: true" in str(caught.value)


def wins_after_throwing_a_gold(logs: list[list[dict[str, Any]]]) -> tuple[int, int, int]:
    """(golds thrown away, wins on another's tile, of which by a seat that had thrown a gold away that deal)."""
    thrown = on_another_s = after = 0
    for log in logs:
        for deal in deals(log):
            gold = next((e["kinds"][0] for e in deal if e["type"] == "wild_revealed"), None)
            if gold is None:  # the log's header, before the first deal
                continue
            throwers: set[int] = set()
            for e in deal:
                if e["type"] == "decision" and e.get("action") == "discard" and e.get("tile") == gold:
                    throwers.add(e["actor"])
                    thrown += 1
                elif e["type"] == "mahjong" and e["how"] in ("discard", "robbing_kong"):
                    on_another_s += 1
                    after += e["seat"] in throwers
    return thrown, on_another_s, after


def test_a_seat_that_threw_a_gold_away_wins_only_by_its_own_draw(random_logs: list[list[dict[str, Any]]],
                                                                 tmp_path: Path) -> None:
    """kityou_play section discard: random bots throw golds away; none of them then wins on another's tile that
    deal.  The control: the same seeds with ``joker_discarded_self_drawn_only: false`` have such wins."""
    thrown, wins, after = wins_after_throwing_a_gold(random_logs)
    assert thrown > 100 and wins > 0 and after == 0
    text = (Path(__file__).parents[3] / "plugins/rulesets/fuzhou/ruleset.yaml").read_text(encoding="utf-8")
    switch = "  joker_discarded_self_drawn_only:\n    value: true"
    assert switch in text
    lifted = load_ruleset_text(text.replace(switch, switch.replace("true", "false"))
                               .replace("id: fuzhou", "id: fuzhou_gold_thrown"), "<test>")
    _, _, after = wins_after_throwing_a_gold(play(lifted, tmp_path, range(1, 9), ["random"] * 4, 40))
    assert after > 0


def test_three_golds_win_whatever_the_tiles(logs: list[list[dict[str, Any]]]) -> None:
    wins = [e for e in events(logs, "score") if any(i["name"] == "three_golds" for i in e["items"])]
    assert wins
    assert all(any(i["name"] == "self_drawn" for i in e["items"]) for e in wins)


# ---------------------------------------------------------------- the count


def hand(ruleset: Ruleset, text: str, wild: str = "", **fields: Any) -> Hand:
    parsed = parse_hand(text, tiles=bind(ruleset).tiles)
    return replace(parsed, wild=tuple(sorted(_KIND[w] for w in wild.split())), **fields)


def total(ruleset: Ruleset, h: Hand, *flags: str, **facts: Any) -> tuple[int, dict[str, int]]:
    score = score_hand(ruleset, h, win_context(flags, facts=facts))
    assert score is not None
    return score.total, {i.name: i.value * i.count for i in score.items}


def test_base_and_flowers_doubled_when_self_drawn_and_the_special_added(ruleset: Ruleset) -> None:
    # Five sets and a pair, two flowers, one gold standing for 9s in the pair: base 5 + 2 flowers + 1 gold.
    h = hand(ruleset, "123m456m789m123p45p99s1f2f +6p", wild="9s")
    assert total(ruleset, h) == (8, {"base": 5, "flower": 2, "gold": 1})
    value, items = total(ruleset, h, "self_drawn")
    assert value == 16 and items["self_drawn"] == 1  # one doubling


def test_no_flower_no_gold_no_kong_is_30(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "123m456m789m123p45p99s +6p"))
    assert value == 5 + 30 and items["no_flower_gold_kong"] == 30


def test_one_flower_alone_is_15(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "123m456m789m123p45p99s1f +6p"))
    assert value == 5 + 1 + 15 and items["single_flower_or_gold"] == 15


def test_two_golds_as_the_pair_are_the_golden_sparrow(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "123m456m789m123p45p99s1f +6p", wild="9s 9s"))
    assert items["golden_sparrow"] == 60 and value == 5 + 1 + 2 + 60
    # The same golds standing in a chow are no sparrow.
    value, items = total(ruleset, hand(ruleset, "123m456m789m123p45p99s1f +6p", wild="9s 4p"))
    assert "golden_sparrow" not in items and value == 8


def test_three_golds_as_a_pung_are_the_golden_dragon_the_largest_special(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "123m456m789m222p45p99s1f +6p", wild="2p 2p 2p"), "self_drawn")
    assert items["golden_dragon"] == 120 and "three_golds" not in items  # the special hands do not combine
    assert value == (5 + 1 + 3) * 2 + 120


def test_robbing_the_gold_counts_as_self_drawn(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "123m456m789m123p45p99s1f2f +6p", wild="6p"), robbing_gold=True)
    assert items["robbing_gold"] == 30 and items["self_drawn"] == 1 and value == (5 + 2 + 1) * 2 + 30


def test_the_dealer_s_robbing_is_no_heavenly_hand(ruleset: Ruleset) -> None:
    """Self-drawn by the dealer in the first go-around, but after a discard: the robbing's 30, not the dealt hand's."""
    robbing = hand(ruleset, "123m456m789m123p45p99s1f2f +6p", wild="6p")

    def special(**facts: Any) -> set[str]:  # the special hands that applied, the one counted and those left out
        score = score_hand(ruleset, robbing, win_context(("self_drawn", "first_go_around"), facts=facts))  # East
        assert score is not None
        return {i.name for i in (*score.items, *score.excluded)} & {"robbing_gold", "heavenly"}

    assert special(robbing_gold=True) == {"robbing_gold"}
    assert special() == {"heavenly"}


def test_kongs_count_one_exposed_two_concealed(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "[1111m] (2222s) 789m123p45p99s1f +6p"))
    assert items["exposed_kong"] == 1 and items["concealed_kong"] == 2 and value == 5 + 1 + 1 + 2


def test_a_whole_group_of_flowers_counts_two_more(ruleset: Ruleset) -> None:
    value, items = total(ruleset, hand(ruleset, "123m456m789m123p45p99s1f2f3f4f +6p"))
    assert items["flower"] == 4 and items["flower_group"] == 2 and value == 5 + 4 + 2


# ---------------------------------------------------------------- the settlement


def test_the_discarder_pays_alone_and_every_loser_a_self_drawn_win(ruleset: Ruleset) -> None:
    from mahjong_rulesets.families.fuzhou.settlement import settle

    from mahjong_core.plugin import Score

    table = Table(players=4)
    scores = {1: Score(20, "fuzhou")}
    by_discard = settle(ruleset, table, Outcome("win", 1, "discard", 5, 3, scores=scores))
    assert [(p.payer, p.payee, p.amount) for p in by_discard] == [(3, 1, 20)]
    drawn = settle(ruleset, table, Outcome("win", 1, "self_drawn", 5, None, scores=scores))
    assert sorted((p.payer, p.amount) for p in drawn) == [(0, 20), (2, 20), (3, 20)]
    assert settle(ruleset, table, Outcome("draw")) == []


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


def test_a_wild_kind_in_a_claimed_meld_is_refused_at_load(ruleset: Ruleset) -> None:
    text = (Path(__file__).parents[3] / "plugins/rulesets/fuzhou/ruleset.yaml").read_text(encoding="utf-8")
    bad = text.replace("in: [pungs, pairs, chows]", "in: [pungs, pairs, chows, calls]")
    with pytest.raises(RulesetError, match="calls"):
        load_ruleset_text(bad.replace("id: fuzhou", "id: fuzhou_calls"), "<test>")


def test_mahjong_hand_reads_the_gold_given_and_asks_for_it(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "mahjong_core.cli", "hand", "--ruleset", RULESET]
    asked = subprocess.run([*cmd, "123m456p789s11s234m5p5p"], capture_output=True, text=True)
    assert asked.returncode != 0 and "--wild" in asked.stderr
    read = subprocess.run([*cmd, "--wild", "5p", "--json", "123m456p789s11s234m5p5p"], capture_output=True,
                          text=True)
    assert read.returncode == 0, read.stderr
    report = json.loads(read.stdout)
    assert report["wild"] == "5p" and report["jokers"] == 3 and report["shanten"]["best"] == 0
    assert "45556p" in report["hand"]  # the golds shown as written, by their own code


def test_mahjong_view_says_which_tile_is_turned_and_which_kind_is_wild() -> None:
    """The gold is public: a seat's view of the golden replay names it at its event."""
    log = Path(__file__).resolve().parents[3] / "replays" / "fuzhou-seed20261130.jsonl"
    turned = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"wild_revealed"' in line]
    shown = subprocess.run([sys.executable, "-m", "mahjong_core", "view", "--seat", "1", str(log)],
                           capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    for event in turned:
        assert f"{event['tile']} is turned: {', '.join(event['kinds'])} wild for the deal" in shown.stdout
