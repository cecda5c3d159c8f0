"""Sichuan's bloody battle (``sichuan_xuezhan``): its scoring as classical data, and the bundled mechanisms its
data switches on -- the exchange of three tiles of one suit, the missing suit, kong money, the ``sichuan``
settlement and its end-of-deal checks -- watched in seeded games of greedy and random bots.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import end_of_deal_checks, missing_suit

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.engine.exchange import one_suit_options
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.hand.notation import parse_hand, parse_tiles
from mahjong_core.hand.situation import win_context
from mahjong_core.hand.tiles import suit_of
from mahjong_core.plugin import Ruleset
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.table.state import Action, Seat, Table

RULESET = "sichuan_xuezhan"
LETTER = missing_suit.LETTER


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Six seeded games of four deals, greedy and random bots, each as its events."""
    folder = tmp_path_factory.mktemp("sichuan")
    games = []
    for seed, bots in ((1, ["greedy"] * 4), (2, ["random", "greedy", "random", "greedy"]), (3, ["random"] * 4),
                       (4, ["greedy"] * 4), (5, ["greedy", "random"] * 2), (6, ["greedy"] * 4)):
        played = simulate(load_ruleset(RULESET), seed, 1, bots, folder, max_deals=4)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


# ---------------------------------------------------------------- scoring: 1 doubled per fan, capped at 8


@pytest.mark.parametrize(("hand", "flags", "value"), [
    ("123m456m789m234p5p +5p", (), 1),                    # no fan: the base
    ("123m456m789m234p5p +5p", ("self_drawn",), 2),       # self-drawn, one fan
    ("111m222m333p444p5p +5p", (), 2),                    # all pungs
    ("11m33m55m77p99p22p4p +4p", (), 4),                  # seven pairs, two fan
    ("11m11m33m55p77p99p2p +2p", (), 8),                  # seven pairs with a root: three fan
    ("111m234m567m789m5m +5m", (), 4),                    # pure suit, two fan
    ("1111m22335577m9m +9m", (), 8),                      # pure suit, seven pairs, a root: five fan, capped
    ("123m456m789m234p5p +5p", ("self_drawn", "replacement"), 4),  # won on a kong's replacement tile
])
def test_a_hand_is_one_point_doubled_for_each_fan_up_to_three(ruleset: Ruleset, hand: str, flags: tuple[str, ...],
                                                               value: int) -> None:
    parsed = parse_hand(hand)
    score = score_hand(ruleset, parsed, win_context(flags, winning_tile=parsed.winning_tile))
    assert score is not None and score.total == value


def test_the_root_counts_each_kind_of_four(ruleset: Ruleset) -> None:
    parsed = parse_hand("111m123m222m345p5p +5p")  # all four 1m and all four 2m, in three sets
    score = score_hand(ruleset, parsed, win_context(winning_tile=parsed.winning_tile))
    assert score is not None and score.total == 4
    doublings = {item.name: item.value * item.count for item in score.items if item.kind == "doubling"}
    assert doublings == {"root": 2}


# ---------------------------------------------------------------- the exchange of one suit


def test_an_exchange_of_one_suit_offers_every_choice_within_a_suit_and_no_other() -> None:
    counts = [0] * 34
    for tile in parse_tiles("11234m55p123789s"):
        counts[tile] += 1
    choices = one_suit_options(counts, 3, ())
    assert all(len({suit_of(t) for t in c.tiles}) == 1 for c in choices)
    by_suit = Counter(suit_of(c.tiles[0]) for c in choices)
    # characters 1,1,2,3,4: 7 different threes; dots: only two tiles; bamboo 1,2,3,7,8,9: C(6,3) = 20
    assert by_suit == {"m": 7, "s": 20}
    assert len(set(choices)) == len(choices)


def test_every_seat_passes_three_tiles_to_the_next(logs: list[list[dict[str, Any]]]) -> None:
    passes = list(events(logs, "exchange"))
    assert passes and all(e["count"] == 3 and e["receiver"] == (e["giver"] + 1) % 4 for e in passes)
    decisions = [e for e in events(logs, "decision") if e.get("phase") == "exchange"]
    assert decisions and all(len({t[-1] for t in e["tiles"]}) == 1 for e in decisions)


# ---------------------------------------------------------------- the missing suit


def test_each_seat_declares_a_missing_suit_every_deal(logs: list[list[dict[str, Any]]]) -> None:
    for log in logs:
        deals = sum(1 for e in log if e["type"] == "deal_start")
        declared = [e for e in log if e["type"] == missing_suit.EVENT]
        assert len(declared) == 4 * deals
        assert all(e["suit"] in LETTER for e in declared)


def missing_by_seat(log: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], dict[int, str]]]:
    """Each event with the missing suit each seat declared in its deal so far."""
    missing: dict[int, str] = {}
    for e in log:
        if e["type"] == "deal_start":
            missing = {}
        elif e["type"] == missing_suit.EVENT:
            missing[e["seat"]] = LETTER[e["suit"]]
        yield e, missing


def test_no_win_holds_its_missing_suit_and_no_claim_takes_it(logs: list[list[dict[str, Any]]]) -> None:
    scored = claimed = 0
    for log in logs:
        for e, missing in missing_by_seat(log):
            if e["type"] == "score" and "arrangement" in e:
                tiles = [t for meld in e["arrangement"]["melds"] for t in meld["tiles"]]
                assert not [t for t in tiles if t[-1] == missing[e["seat"]]], e
                scored += 1
            elif e["type"] == "claim":
                assert e["tile"][-1] != missing[e["seat"]], e
                claimed += 1
    assert scored >= 12 and claimed >= 6


def test_while_a_seat_holds_its_missing_suit_it_only_discards_it_and_neither_wins_nor_kongs(
        ruleset: Ruleset) -> None:
    table = table_of(["1111m23m456m789m1s", "", "", ""], ["missing_bamboo", None, None, None])
    s1, m1, m2 = (parse_tiles(t)[0] for t in ("1s", "1m", "2m"))
    options = [Action("discard", s1), Action("discard", m1), Action("discard", m2), Action("kong", m1, way="concealed"),
               Action("win", s1)]
    refused = missing_suit.mahjong_refused_options(ruleset, table, 0, "turn", options)
    assert refused is not None and set(refused) == set(options) - {Action("discard", s1)}
    table.seats[0].counts[s1] = 0  # the suit gone: nothing is refused at a turn
    assert missing_suit.mahjong_refused_options(ruleset, table, 0, "turn", options) is None


def test_no_seat_claims_a_tile_of_its_missing_suit(ruleset: Ruleset) -> None:
    table = table_of(["11s", "", "", ""], ["missing_bamboo", None, None, None])
    s1 = parse_tiles("1s")[0]
    options = [Action("pung", s1, (s1, s1)), Action("win", s1), Action("pass")]
    refused = missing_suit.mahjong_refused_options(ruleset, table, 0, "claim", options)
    assert refused is not None and set(refused) == {Action("pung", s1, (s1, s1)), Action("win", s1)}


# ---------------------------------------------------------------- kong money and wins paid as they happen


def test_a_kong_is_paid_the_moment_it_stands(ruleset: Ruleset, logs: list[list[dict[str, Any]]]) -> None:
    money = ruleset.value("kong_money")
    paid = 0
    for log in logs:
        for k, e in enumerate(log):
            if e["type"] == "claim" and e["kind"] == "kong":
                assert log[k + 1]["type"] == "payment" and log[k + 1]["reason"] == "kong_money"
                assert (log[k + 1]["payer"], log[k + 1]["payee"]) == (e["discarder"], e["seat"])
                assert log[k + 1]["amount"] == money["from_discard"]
                paid += 1
            elif e["type"] == "kong":
                replies = [r for r in log[k + 1:k + 4] if r["type"] == "payment"]
                assert replies and all(r["payee"] == e["seat"] for r in replies)
                assert all(r["amount"] == money["concealed" if e.get("way") == "concealed" else "added"]
                           for r in replies)
                paid += 1
    assert paid >= 3


def test_play_goes_on_until_three_have_won_and_each_win_is_paid_as_it_happens(
        logs: list[list[dict[str, Any]]]) -> None:
    played_on = [e for e in events(logs, "mahjong") if e.get("play_on")]
    assert len(played_on) >= 6
    for log in logs:
        wins = 0
        for e in log:
            if e["type"] == "deal_start":
                wins = 0
            elif e["type"] == "mahjong":
                wins += 1
                assert wins <= 3


def test_the_games_audit_clean(tmp_path: Path) -> None:
    played = simulate(load_ruleset(RULESET), 11, 1, ["greedy", "random", "greedy", "random"], tmp_path, max_deals=4)
    assert played[0].replay is not None
    assert check(played[0].replay).ok


# ---------------------------------------------------------------- the end-of-deal checks


def table_of(hands: list[str], missing: list[str | None]) -> Table:
    seats = []
    for hand, way in zip(hands, missing, strict=True):
        seat = Seat()
        for tile in parse_tiles(hand):
            seat.counts[tile] += 1
        if way is not None:
            seat.flags["missing_suit"] = way
        seats.append(seat)
    return Table(players=4, scores=[0] * 4, seats=seats)


def test_at_the_wall_s_end_a_hand_holding_its_missing_suit_pays_the_limit_and_an_unready_one_pays_the_ready(
        ruleset: Ruleset) -> None:
    table = table_of(["123m456m789m11p22p",       # ready on 1p or 2p: no fan -> 1
                      "111m222m333p444p5p",        # ready on 5p: all pungs -> 2
                      "123m456m789m1p2p5p7p",      # not ready, and clean of bamboo, its missing suit
                      "123m456m789m1p2p3s"],       # holds bamboo, its missing suit
                     ["missing_bamboo", "missing_bamboo", "missing_bamboo", "missing_bamboo"])
    payments = end_of_deal_checks.end_of_deal_payments(ruleset, table)
    pig = [(p.payer, p.payee, p.amount) for p in payments if p.reason == "missing_suit_held"]
    assert pig == [(3, 0, 8), (3, 1, 8), (3, 2, 8)]
    unready = [(p.payer, p.payee, p.amount) for p in payments if p.reason == "not_ready"]
    assert unready == [(2, 0, 1), (2, 1, 2)]


def test_a_wait_in_the_missing_suit_does_not_make_a_hand_ready(ruleset: Ruleset) -> None:
    table = table_of(["123m456m789m111p2s", "123m456m789m1p2p3s", "123m456m789m1p2p3s", "123m456m789m1p2p3s"],
                     ["missing_bamboo", "missing_dots", "missing_dots", "missing_dots"])
    # seat 0 waits on 2s only, a tile of its missing suit -- yet it holds 2s, so it is a holder, not ready
    assert end_of_deal_checks.most_it_could_win(ruleset, table, 0) == 0


# ---------------------------------------------------------------- greedy bots win


def test_greedy_bots_win_in_nearly_every_deal(ruleset: Ruleset) -> None:
    wins = deals = 0
    for seed in range(1, 5):
        game = Game(ruleset, make_bots(["greedy"] * 4, seed), seed, max_deals=8)
        result = game.play()
        deals += result.deals
        wins += game.wins
    assert deals == 32 and wins >= 28


def test_a_soak_holds_every_invariant_through_two_wins_on_one_discard_with_play_going_on() -> None:
    """Game 9 of this soak (seed 9, four greedy bots) has two seats win one discard while play goes on: each
    holds the tile, which tile conservation counts once (``Table.shared_wins``)."""
    from mahjong_core.conformance.soak import soak

    report = soak([RULESET], games=10, seed=1)
    assert report.failure is None, report.failure
