"""A kind made wild for each deal (``jokers.wild``, :mod:`mahjong_core.engine.wild`): read from the data, turned
after the deal and announced, its copies held as jokers for the deal only, robbed where the data says (never before
the dealer's winning dealt hand), and folded by the log's reader as the engine holds it.  Played under ``fuzhou``,
the ruleset that makes its gold so.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.audit.check import _players
from mahjong_core.engine.flow import DealOver
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.engine.wild import rob_wild
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.log.redaction import full_table_view
from mahjong_core.log.simulate import simulate
from mahjong_core.plugin import Action, hookimpl, parse_tiles
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.jokers import joker_play
from mahjong_core.table.state import Table

RULESET = "fuzhou"


def test_the_wild_rule_is_read_from_the_data_without_joker_tiles() -> None:
    ruleset = load_ruleset(RULESET)
    assert not ruleset.tiles().jokers
    play = joker_play(ruleset)
    assert play is not None and play.wild is not None
    assert play.wild.chosen_by == "turned_tile" and play.wild.robbed
    assert not play.calls and not play.declared_kongs and play.exchange == "none"
    assert play.rule.pungs and play.rule.pairs and play.rule.chows
    assert joker_play(load_ruleset("taiwanese_16")) is None  # a game without a wild kind plays as it did


class WildWatcher:
    """At each ``wild_revealed``: the kind is wild, no seat counts it, every copy dealt is held as a joker."""

    def __init__(self) -> None:
        self.deals: list[tuple[int, int]] = []

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "deal_start":
            assert table.wild == () and table.wild_tile is None
        if event["type"] != "wild_revealed":
            return
        (kind,) = table.wild
        assert table.wild_tile is not None and table.shown == [table.wild_tile]
        assert all(s.counts[kind] == 0 for s in table.seats)
        held = sum(s.held_jokers.count(kind) for s in table.seats)
        assert all(set(s.held_jokers) <= {kind} for s in table.seats)
        self.deals.append((kind, held))


def test_each_deal_turns_its_own_wild_kind_and_the_last_one_plays_as_itself_again() -> None:
    watcher = WildWatcher()
    game = Game(load_ruleset(RULESET), make_bots(["greedy"] * 4, 3), 3, observers=[watcher], max_deals=6)
    game.play()
    assert len(watcher.deals) == 6
    assert len({kind for kind, _ in watcher.deals}) > 1  # the kinds differ from deal to deal
    assert any(held for _, held in watcher.deals)  # copies dealt before the turn became jokers


def _fold_agrees(log: Path) -> int:
    parsed = read_log(log)
    engine: dict[int, dict[str, Any]] = {}
    holder: dict[str, Game] = {}

    def emit(event: dict[str, Any]) -> None:
        if event["type"] in ("deal_end", "wild_revealed", "wild_taken"):
            engine[event["n"]] = full_table_view(holder["game"].table)

    options = parsed.header["options"]
    holder["game"] = Game(load_ruleset(RULESET), _players(parsed, None), parsed.header["rng"]["seed"], emit=emit,
                          max_deals=options.get("max_deals"), max_rounds=options.get("max_rounds"))
    holder["game"].play()
    compared = 0
    for event, table in zip(parsed.events, fold(parsed.header, parsed.events), strict=True):
        if event["n"] not in engine:
            continue
        folded, expected = table.view(), engine[event["n"]]
        if event["type"] != "deal_end":  # the wall's count moves by its own events right after these
            assert folded["seats"] == expected["seats"] and folded.get("wild") == expected.get("wild") \
                and folded.get("shown") == expected.get("shown"), (log.name, event)
        else:
            for view in (folded, expected):
                del view["phase"], view["clock_ms"]
            assert folded == expected, (log.name, event["n"])
        compared += 1
    return compared


def test_the_fold_holds_the_gold_as_the_engine_does_in_the_golden_replay() -> None:
    golden = Path(__file__).resolve().parents[4] / "replays" / "fuzhou-seed20261130.jsonl"
    assert _fold_agrees(golden) >= 8


@pytest.mark.parametrize("seed", [1, 2])
def test_the_fold_follows_a_robbed_gold(seed: int, tmp_path: Path) -> None:
    played = simulate(load_ruleset(RULESET), seed, 1, ["random"] * 4, tmp_path, max_deals=40)
    log = played[0].replay
    assert log is not None
    text = log.read_text(encoding="utf-8")
    assert '"wild_taken"' in text, "the seeded game robs no gold"
    assert _fold_agrees(log) > 40


class TakesEveryWin:
    """A player that takes every win it is offered and notes each offer."""

    kind = "greedy"

    def __init__(self) -> None:
        self.name = "takes-every-win"
        self.asked: list[str] = []

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        self.asked.append(phase)
        return next(o for o in options if o.kind == "win").after(0)


@pytest.mark.parametrize(("dealer_hand", "robbed_by"), [("111m222m333m444m555m66m", None),
                                                         ("111m222m333m444m555m6m9p", 1)])
def test_a_dealer_s_winning_dealt_hand_comes_before_a_non_dealer_s_robbing(dealer_hand: str,
                                                                           robbed_by: int | None) -> None:
    """kityou section 30: the heavenly hand comes before a non-dealer's robbing of the gold.  South's dealt hand
    waits on the 7s alone, which the gold completes; the dealer's 17 tiles win as dealt, or are one tile off."""
    players = [TakesEveryWin() for _ in range(4)]
    game = Game(load_ruleset(RULESET), players, 1)
    t = game.table
    t.new_deal()
    (gold,) = parse_tiles("9s")
    game.plays_as[gold] = -1
    t.wild, t.wild_tile = (gold,), gold
    t.shown.append(gold)
    for seat, hand in ((0, dealer_hand), (1, "123p456p789p123s456s7s")):
        for kind in parse_tiles(hand):
            t.seats[seat].counts[kind] += 1
    if robbed_by is None:
        rob_wild(game, gold, gold)  # nobody is offered the gold: the dealer wins at his first turn
        assert not any(p.asked for p in players) and t.wild_tile == gold
    else:
        with pytest.raises(DealOver) as over:
            rob_wild(game, gold, gold)
        assert over.value.outcome.winner == robbed_by and t.wild_taken == robbed_by
        assert players[robbed_by].asked == ["declaration"]


def test_the_fold_follows_the_dealer_s_robbing_after_his_first_discard(tmp_path: Path) -> None:
    """Seed 4 of greedy bots: the dealer of the fourth deal robs the gold once his first discard leaves him ready
    (``jokers.wild.robbed_by_dealer``); the log's reader holds the gold, his discard and his win as the engine."""
    played = simulate(load_ruleset(RULESET), 4, 1, ["greedy"] * 4, tmp_path, max_deals=8)
    log = played[0].replay
    assert log is not None
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    dealer, robbed_by_dealer = None, False
    for e in events:
        if e["type"] == "deal_start":
            dealer = e["dealer"]
        robbed_by_dealer |= e["type"] == "wild_taken" and e["seat"] == dealer
    assert robbed_by_dealer, "the seeded game has no dealer's robbing"
    assert _fold_agrees(log) >= 8
