"""Money at any moment (issue 30, item 7): starting points from data, payments during a deal, a pot carried between
deals, payments at the game's end, and points conserved after every event.

The proof is a test ruleset, ``sticks_test`` (``tests/money_plugin/``): 25,000 points each, a 1,000-point stick
into the pot when a seat declares a calling hand, the pot to the next winner, a counter of drawn deals, and an uma
at the game's end.  Its games are simulated, re-played byte for byte, audited and folded; a tampered log is
refused at the line where its points stop adding up.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from money_plugin.install import RULESET, on_path

from mahjong_core.audit.check import check
from mahjong_core.conformance.invariants import ZeroSumPayments
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.log.money import money_problem
from mahjong_core.log.simulate import simulate
from mahjong_core.plugin import counter_event, hookimpl, payment_event
from mahjong_core.rules import Ruleset, load_ruleset
from mahjong_core.table.state import Table

GAMES = 12


@pytest.fixture(scope="module")
def sticks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ruleset]:
    """The test ruleset, installed in this process for the module's tests."""
    with on_path(tmp_path_factory.mktemp("sticks-site")):
        yield load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(sticks: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Simulated games of the test ruleset, each written to its log."""
    out = tmp_path_factory.mktemp("sticks-logs")
    simulate(sticks, 300, GAMES, ["greedy"] * 4, out)
    return sorted(out.glob("*.jsonl"))


def events_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


# ---------------------------------------------------------------------------------------------- starting points


def test_starting_points_are_a_ruleset_value_that_says_where_it_came_from(sticks: Ruleset) -> None:
    assert sticks.starting_points() == 25000
    assert "test ruleset" in str(sticks.source_of("starting_points"))
    # A ruleset that does not say starts every seat at 0, as every game did before the value existed.
    assert load_ruleset("mcr").starting_points() == 0
    game = Game(sticks, make_bots(["greedy"] * 4, 1), 1)
    assert game.table.scores == [25000] * 4 and game.table.pot == 0


def test_the_header_carries_the_starting_points_only_where_they_are_not_0(logs: list[Path]) -> None:
    assert all(read_log(path).header["starting_points"] == 25000 for path in logs)
    golden = read_log(Path(__file__).resolve().parents[3] / "replays" / "mcr-seed20261130.jsonl")
    assert "starting_points" not in golden.header


# ---------------------------------------------------------------------------------------------- the games


def test_the_games_replay_byte_for_byte_and_audit_clean(logs: list[Path]) -> None:
    for path in logs:
        replayed, audited = check(str(path), "replay"), check(str(path), "audit")
        assert replayed.ok, replayed.error
        assert audited.ok, audited.error


def test_points_are_conserved_after_every_event_in_the_fold(logs: list[Path]) -> None:
    """The seats' scores and the pot add up to 4 x 25,000 after every event, in the one fold of events."""
    for path in logs:
        log = read_log(path)
        for event, table in zip(log.events, fold(log.header, log.events), strict=True):
            assert table.imbalance == 0, (path.name, event["n"], table.scores, table.pot)
        assert money_problem(log.header, log.events) is None


def test_sticks_go_into_the_pot_and_the_next_winner_takes_it(logs: list[Path]) -> None:
    sticks_paid = carried = taken = 0
    for path in logs:
        log = read_log(path)
        pot_before = 0
        for event, table in zip(log.events, fold(log.header, log.events), strict=True):
            if event["type"] == "decision" and event.get("way") == "declare_calling":
                sticks_paid += 1
            if event["type"] == "deal_start" and table.pot:
                carried += 1  # a pot left by an earlier deal, still on the table as this one starts
            if event["type"] == "payment" and event["reason"] == "pot":
                assert event["payer"] is None and event["amount"] == pot_before and table.pot == 0
                taken += 1
            if event["type"] == "mahjong" and pot_before:
                following = log.events[event["n"] + 1]
                assert following["type"] == "payment" and following["payee"] == event["seat"], following
            pot_before = table.pot
    assert sticks_paid and carried and taken, (sticks_paid, carried, taken)


def test_the_uma_is_paid_before_game_end_and_the_final_scores_hold_it(logs: list[Path]) -> None:
    for path in logs:
        events = events_of(path)
        end = events[-1]
        last_settlement = next(e for e in reversed(events) if e["type"] == "settlement")
        tail = events[last_settlement["n"] + 1:-1]
        uma = [e for e in tail if e["type"] == "payment" and e["reason"] == "uma"]
        assert len(uma) == 2 and {e["amount"] for e in uma} == {10000, 5000}
        assert end["scores"] != last_settlement["scores"]
        assert sum(end["scores"]) == 100000  # the pot left over went to the first place
        ranked = sorted(range(4), key=lambda s: (-end["scores"][s], s))
        assert uma[0]["payee"] in ranked[:2] and uma[0]["payer"] in ranked[2:]


def test_counters_are_table_state_kept_across_deals(logs: list[Path]) -> None:
    seen = []
    for path in logs:
        log = read_log(path)
        for event, table in zip(log.events, fold(log.header, log.events), strict=True):
            if event["type"] == "counter":
                seen.append(event["value"])
                assert table.counters["draws"] == event["value"]
    assert max(seen) >= 1 and 0 in seen


def test_the_fold_ends_where_the_engine_does(sticks: Ruleset) -> None:
    events: list[dict[str, Any]] = []
    game = Game(sticks, make_bots(["greedy"] * 4, 5), 5, emit=events.append)
    result = game.play()
    header = {"seats": [{}] * 4, "starting_points": 25000}
    *_, last = fold(header, events)
    assert last.scores == result.scores == game.table.scores and last.pot == game.table.pot
    assert last.view()["pot"] == game.table.pot and last.view()["counters"] == game.table.counters


def test_the_conformance_observer_checks_conservation(sticks: Ruleset) -> None:
    observer = ZeroSumPayments(4, sticks.starting_points())
    result = Game(sticks, make_bots(["greedy"] * 4, 9), 9, observers=(observer,)).play()
    assert observer.scores == result.scores and observer.settlements == result.deals


# ---------------------------------------------------------------------------------------------- tampered logs


def test_a_log_whose_points_do_not_add_up_is_refused_at_that_event(logs: list[Path]) -> None:
    log = read_log(logs[0])
    events = [dict(e) for e in log.events]
    k = next(k for k, e in enumerate(events) if e["type"] == "settlement")
    events[k]["scores"] = [events[k]["scores"][0] + 1000, *events[k]["scores"][1:]]
    problem = money_problem(log.header, events)
    assert problem is not None and problem[0] == events[k]["n"]
    assert "add up to 101000, not the 100000 the game began with" in problem[1]
    # A payment that takes more from the pot than it holds.
    events = [dict(e) for e in log.events]
    k = next(k for k, e in enumerate(events) if e["type"] == "payment" and e["payer"] is None)
    events[k]["amount"] += 1000
    problem = money_problem(log.header, events)
    assert problem is not None and problem[0] == events[k]["n"] and "from a pot that held" in problem[1]


def test_the_audit_refuses_a_tampered_payment_with_its_line(logs: list[Path], tmp_path: Path) -> None:
    lines = logs[0].read_text(encoding="utf-8").splitlines()
    k = next(k for k, line in enumerate(lines) if '"type":"payment"' in line)
    event = json.loads(lines[k])
    event["amount"] = 2000
    lines[k] = json.dumps(event, separators=(",", ":"), sort_keys=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(str(bad), "audit")
    assert not verdict.ok and verdict.line == k + 1, (verdict.line, verdict.error)


def test_a_header_whose_starting_points_are_not_the_rulesets_is_refused(logs: list[Path], tmp_path: Path) -> None:
    lines = logs[0].read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["starting_points"] = 30000
    lines[0] = json.dumps(head, separators=(",", ":"), sort_keys=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(str(bad), "audit")
    assert not verdict.ok and verdict.line == 1 and "starting_points 30000 are not the ruleset's, 25000" in str(
        verdict.error)


# ---------------------------------------------------------------------------------------------- the hooks


class Echo:
    """Replies to every event with a counter, to show the replies themselves are never asked about."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    @hookimpl
    def mahjong_event_reactions(self, table: Table, event: Mapping[str, Any]) -> Sequence[Mapping[str, Any]]:
        self.asked.append(event["type"])
        return [counter_event("events", len(self.asked))]


def test_reactions_are_not_asked_about_themselves(sticks: Ruleset) -> None:
    echo = Echo()
    events: list[dict[str, Any]] = []
    Game(sticks, make_bots(["greedy"] * 4, 3), 3, emit=events.append, house_tweaks=(echo,), max_deals=1).play()
    # Asked about the game's events, never about a reply (its own counters, the test ruleset's sticks) or game_end.
    assert "counter" not in echo.asked and "game_end" not in echo.asked
    assert {"deal_start", "hands", "draw", "decision", "settlement", "deal_end"} <= set(echo.asked)
    replies = sum(1 for e in events if e["type"] == "counter" and e["name"] == "events")
    assert replies == len(echo.asked)
    sticks_paid = [e for e in events if e["type"] == "payment" and e["reason"] == "stick"]
    # The payments at the game's end answer no event, so they are asked about like the game's own.
    assert echo.asked.count("payment") == len([e for e in events if e["reason" if e["type"] == "payment" else
                                                                              "type"] in ("uma", "pot_left")])
    assert all(e["payer"] is not None for e in sticks_paid)


def test_a_game_whose_plugins_do_not_react_never_asks() -> None:
    game = Game(load_ruleset("mcr"), make_bots(["greedy"] * 4, 1), 1, max_deals=1)
    assert "mahjong_event_reactions" not in game.implemented and "mahjong_game_settlement" not in game.implemented
    assert not game._reacts


class Overdraw:
    @hookimpl
    def mahjong_event_reactions(self, event: Mapping[str, Any]) -> Sequence[Mapping[str, Any]] | None:
        return [payment_event(None, 0, 500, "nothing there")] if event["type"] == "hands" else None


class Unknown:
    @hookimpl
    def mahjong_event_reactions(self, event: Mapping[str, Any]) -> Sequence[Mapping[str, Any]] | None:
        return [{"type": "dora", "tile": "5m"}] if event["type"] == "hands" else None


class Takes:
    """Replies to the ``hands`` event by moving a bonus tile from ``holder``'s row to seat 0's."""

    def __init__(self, holder: int, tile: str) -> None:
        self.holder, self.tile = holder, tile

    @hookimpl
    def mahjong_event_reactions(self, event: Mapping[str, Any]) -> Sequence[Mapping[str, Any]] | None:
        if event["type"] != "hands":
            return None
        return [{"type": "bonus_robbed", "seat": 0, "drawer": self.holder, "tile": self.tile}]


@pytest.mark.parametrize(("holder", "tile", "message"), [
    (1, "1f", "seat 1's bonus row holds no 1f"),          # a game without bonus tiles: no row holds one
    (0, "1f", "seat and drawer are the same"),
    (7, "1f", "drawer 7 is no seat of 4"),
])
def test_a_bonus_tile_move_the_rows_cannot_make_is_one_located_error(holder: int, tile: str, message: str) -> None:
    """A plugin's ``bonus_robbed`` reply (a predator taking its prey: the bites mechanism) is applied to the rows as
    it is logged, as a payment is; one the rows cannot make is refused, naming the event."""
    game = Game(load_ruleset("riichi_tenhou"), make_bots(["greedy"] * 4, 1), 1,
                house_tweaks=(Takes(holder, tile),), max_deals=1)
    with pytest.raises(MahjongError, match=f"returned a bonus tile the table cannot move: {message}") as caught:
        game.play()
    assert caught.value.place is not None and caught.value.place.startswith("event ")


@pytest.mark.parametrize(("plugin", "message"), [
    (Overdraw(), "returned a payment the table cannot make: the pot holds 0, not 500"),
    (Unknown(), "returned an event of type 'dora', which neither the event catalogue nor a vocabulary of this game "
               "declares"),
])
def test_a_reply_the_table_cannot_take_is_one_located_error(plugin: object, message: str) -> None:
    game = Game(load_ruleset("mcr"), make_bots(["greedy"] * 4, 1), 1, house_tweaks=(plugin,), max_deals=1)
    with pytest.raises(MahjongError, match=message) as caught:
        game.play()
    assert caught.value.place is not None and caught.value.place.startswith("event ")
