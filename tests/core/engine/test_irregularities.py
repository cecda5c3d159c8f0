"""Irregularities at the table: a wrongly declared mahjong (003) is a penalty event, not a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game, IllegalAction
from mahjong_core.engine.players import GreedyBot
from mahjong_core.errors import MahjongError
from mahjong_core.log.format import ReplayWriter, header, write_lines
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import ALGORITHM, Rng
from mahjong_core.table.state import Action, Table


class FalseDeclarer(GreedyBot):
    """Declares mahjong on its first turn whatever it holds, then plays greedily; ends or continues as told."""

    def __init__(self, rng: Rng, *, end_deal: bool):
        super().__init__(rng, name="false-declarer")
        self.declared = False
        self.end_deal = end_deal

    def choose(self, table: Table, seat: int, options: Any, phase: str) -> Action:
        if phase == "turn" and not self.declared:
            self.declared = True
            return Action("win", next(i for i, n in enumerate(table.seats[seat].counts) if n))
        if phase == "false_mahjong":
            return Action("end_deal" if self.end_deal else "continue")
        return super().choose(table, seat, options, phase)


def play(rid: str, end_deal: bool, path: Path | None = None) -> tuple[Game, list[dict[str, Any]]]:
    ruleset = load_ruleset(rid)
    players = [FalseDeclarer(Rng.from_seed(3).derive("bot", s), end_deal=end_deal) for s in range(4)]
    events: list[dict[str, Any]] = []
    writer = ReplayWriter(path) if path else None

    def emit(e: dict[str, Any]) -> None:
        events.append(e)
        if writer:
            writer.write(e)

    game = Game(ruleset, players, 3, emit=emit, max_deals=1)
    if writer:
        seats = [{"seat": i, "name": p.name, "kind": "human"} for i, p in enumerate(players)]
        writer.write(header(ruleset, 3, ALGORITHM, seats, game.table.teams, {"max_deals": 1}))
    game.play()
    if writer:
        writer.close()
    return game, events


@pytest.mark.parametrize("end_deal", [True, False])
def test_a_wrong_mahjong_costs_the_guilty_pair_a_tenth_of_the_limit(end_deal: bool) -> None:
    game, events = play("piter", end_deal)
    false = [e for e in events if e["type"] == "false_mahjong"]
    assert false, "the false declaration was not logged"
    first = false[0]
    guilty = first["seat"]
    team = next(t for t in game.table.teams if guilty in t)
    paid: dict[int, int] = {}
    for payer, payee, amount, _ in first["payments"]:
        assert payer in team and payee not in team
        paid[payer] = paid.get(payer, 0) + amount
    assert paid == {s: 200 for s in team}  # 0.1 of the 2000 limit, each partner (003 line 8)
    assert sum(first["scores"]) == 0
    if end_deal:
        assert any(e["type"] == "deal_abandoned" for e in events)
    else:
        assert any(e["type"] in ("mahjong", "exhaustive_draw") for e in events)


def test_a_logged_wrong_mahjong_replays_and_audits(tmp_path: Path) -> None:
    path = tmp_path / "false.jsonl"
    play("piter", False, path)
    assert check(str(path), "replay").ok
    verdict = check(str(path), "audit")
    assert verdict.ok, verdict.text()
    lines = path.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if '"type":"false_mahjong"' in line)
    event = json.loads(lines[k])
    event["payments"][0][2] += 50
    lines[k] = json.dumps(event, sort_keys=True, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    verdict = check(str(path), "audit")
    assert not verdict.ok and verdict.event == event["n"] and "payments" in verdict.error


def test_without_a_rule_for_it_a_wrong_mahjong_is_simply_illegal() -> None:
    with pytest.raises(IllegalAction, match="not legal"):
        play("harbin", True)


def test_a_seat_view_hides_the_other_pairs_exchange_and_concealed_tiles(tmp_path: Path) -> None:
    from mahjong_core.log.format import read_log
    from mahjong_core.log.redaction import HIDDEN, seat_view
    from mahjong_core.log.simulate import play_game

    path = tmp_path / "piter.jsonl"
    play_game(load_ruleset("piter"), 12, ["greedy"] * 4, replay=path, max_deals=1)
    log = read_log(path)
    view = seat_view(log.events, 0)
    exchanges = {e["actor"]: e for e in view if e["type"] == "decision" and e["phase"] == "exchange"}
    assert exchanges, "no partner exchange in a piter deal"
    for actor, event in exchanges.items():
        if event["action"] != "exchange":
            continue
        visible = actor in (0, 2)  # seat 0 sees its own pass and the one its partner (seat 2) gives it
        assert (HIDDEN not in event["tiles"]) == visible
    hands = next(e for e in view if e["type"] == "hands")["hands"]
    assert HIDDEN not in hands[0] and all(set(h) == {HIDDEN} for h in hands[1:])
    assert all(e["tile"] == HIDDEN for e in view if e["type"] == "draw" and e["seat"] != 0)
    assert any(e["tile"] != HIDDEN for e in view if e["type"] == "draw" and e["seat"] == 0)


def test_the_false_mahjong_mechanism_reads_the_wrong_mahjong_rule() -> None:
    from mahjong_core.plugin.manager import build_plugin_manager

    def false_win(ruleset_id: str) -> Any:
        ruleset = load_ruleset(ruleset_id)
        return build_plugin_manager(bind(ruleset).plugins).hook.mahjong_false_win(ruleset=ruleset, table=table, seat=1,
                                                                           reason="test")

    table = Table(players=4, scores=[0] * 4, teams=[[0, 2], [1, 3]])
    penalty = false_win("piter")
    assert penalty is not None and penalty.rule == "wrong_mahjong"
    assert sorted((p.payer, p.payee, p.amount) for p in penalty.payments) == [
        (1, 0, 100), (1, 2, 100), (3, 0, 100), (3, 2, 100)]
    assert penalty.chooser == 2  # the wronged player next in turn after seat 1
    assert false_win("harbin") is None  # harbin has no wrong_mahjong rule: the mechanism is not in its games


def test_under_mcr_a_false_mahjong_costs_ten_points_to_each_other_player_and_play_goes_on() -> None:
    game, events = play("mcr", end_deal=True)
    false = [e for e in events if e["type"] == "false_mahjong"]
    assert false
    first = false[0]
    assert sorted(p[1] for p in first["payments"]) == sorted(s for s in range(4) if s != first["seat"])
    assert all(p[0] == first["seat"] and p[2] == 10 for p in first["payments"])
    assert not any(e["type"] == "deal_abandoned" for e in events)  # nobody may end the deal for it


class MisdealingWall:
    """A house tweak for tests: the deal gives one seat a tile of its neighbour's (14 and 12 tiles)."""

    @hookimpl
    def mahjong_build_wall(self, ruleset: Any, tiles: Any, rng: Any) -> Any:
        from mahjong_core.table.wall import Wall

        class Misdealt(Wall):
            __slots__ = ()

            def deal(self, players: int | None = None) -> list[list[int]]:
                hands = super().deal(players)
                hands[3].append(hands[2].pop())
                return hands

        return Misdealt(tiles, rng, ruleset.value("wall_ceremony"), players=4,
                        exhaustive_draw_tiles_left=int(ruleset.value("exhaustive_draw_tiles_left")))


def misdealt_game(rid: str, path: Path | None = None, tweaks: tuple[object, ...] = ()) -> list[dict[str, Any]]:
    from mahjong_core.engine.players import make_bots

    ruleset = load_ruleset(rid)
    events: list[dict[str, Any]] = []
    writer = ReplayWriter(path) if path else None
    players = make_bots(["random"] * 4, 21)

    def emit(e: dict[str, Any]) -> None:
        events.append(e)
        if writer:
            writer.write(e)

    game = Game(ruleset, players, 21, emit=emit, max_deals=1, house_tweaks=[MisdealingWall(), *tweaks])
    if writer:
        seats = [{"seat": i, "name": f"player {i}", "kind": "human"} for i in range(4)]
        writer.write(header(ruleset, 21, ALGORITHM, seats, game.table.teams, {"max_deals": 1}))
    game.play()
    if writer:
        writer.close()
    return events


def test_piter_a_player_with_too_many_or_too_few_tiles_corrects_it_at_its_turn() -> None:
    """003 line 12: announce it, then skip the draw (too many) or draw out of turn (too few)."""
    events = misdealt_game("piter")
    corrections = {e["correction"]: e for e in events if e["type"] == "wrong_count"}
    assert set(corrections) == {"skip_draw", "draw_out_of_turn"}
    many, few = corrections["skip_draw"], corrections["draw_out_of_turn"]
    assert many["tiles"] == 14 and few["tiles"] == 12
    after_many = events[events.index(many) + 1]
    assert after_many["type"] == "decision" and after_many["actor"] == many["seat"]  # no draw first
    draws_after_few = [e for e in events[events.index(few) + 1:] if e["type"] in ("draw", "decision")][:2]
    assert [e["type"] for e in draws_after_few] == ["draw", "draw"] and all(
        e["seat"] == few["seat"] for e in draws_after_few)


def test_without_the_correction_rule_nobody_announces_a_wrong_count() -> None:
    events = misdealt_game("harbin")
    assert not [e for e in events if e["type"] == "wrong_count"]


def test_the_correction_is_the_mechanism_answering_mahjong_wrong_count_not_an_engine_rule() -> None:
    """A ruleset without the rule gets it from a house tweak that answers the hook as the mechanism does."""
    from mahjong_rulesets.mechanisms import count_correction

    events = misdealt_game("harbin", tweaks=(count_correction,))
    assert {e["correction"] for e in events if e["type"] == "wrong_count"} == {"skip_draw", "draw_out_of_turn"}


class UnknownCorrection:
    """A house rule answering ``mahjong_wrong_count`` with something the engine cannot do."""

    @hookimpl
    def mahjong_wrong_count(self, tiles: int) -> str:
        return "reshuffle"


def test_an_unknown_answer_to_mahjong_wrong_count_is_one_clear_error() -> None:
    with pytest.raises(MahjongError, match=r"mahjong_wrong_count answered 'reshuffle' for seat \d holding 1[24] "
                                           r"tiles; it answers 'skip_draw', 'draw_out_of_turn' or None") as info:
        misdealt_game("piter", tweaks=(UnknownCorrection(),))
    assert info.value.place and info.value.place.startswith("event ")


def test_a_recorded_wrong_count_audits_as_the_rules_name_it(tmp_path: Path) -> None:
    path = tmp_path / "misdeal.jsonl"
    misdealt_game("piter", path)
    # As a table's own record (no seed): its tiles are the ones the log shows, the misdeal included.
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["rng"] = None
    events = [json.loads(x) for x in lines[1:]]
    for e in events:
        if e["type"] == "deal_start":
            e["wall_commitment"] = None
        if e["type"] == "deal_end":
            e["salt"] = None
    physical = tmp_path / "physical.jsonl"
    write_lines(physical, [head, *events])
    assert check(str(physical), "audit").ok
    # Dropping the announcement is caught at its place.
    k = next(i for i, e in enumerate(events) if e["type"] == "wrong_count")
    missing = [head, *events[:k], *[{**e, "n": e["n"] - 1} for e in events[k + 1:]]]
    write_lines(physical, missing)
    verdict = check(str(physical), "audit")
    assert not verdict.ok and verdict.event == k
