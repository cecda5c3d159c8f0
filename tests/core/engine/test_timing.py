"""Seated timing: the virtual table clock, time limits, timeouts, and the chow pause of pair play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.log.format import dumps
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Claim, Table, TimeLimits


def table_with(limits: TimeLimits | None, discarder: int = 0) -> Table:
    table = Table(players=4, scores=[0] * 4, time_limits=limits)
    table.last_discarder = discarder
    return table


PITER_LIMITS = TimeLimits(chow_pause_min=5, chow_pause_max=7)


def _hook(ruleset: Any) -> Any:
    """The hooks of a game of ``ruleset``: the core's defaults, then the mechanisms its data switches on."""
    return build_plugin_manager(bind(ruleset).plugins).hook


def test_no_chow_is_accepted_inside_the_pause() -> None:
    piter = load_ruleset("piter")
    table = table_with(PITER_LIMITS)
    hook = _hook(piter)
    for delay in (0, 1000, 4999):
        why = hook.mahjong_claim_refused(ruleset=piter, table=table, claim=Claim(1, "chow", (1, 2), delay))
        assert why == "a chow declared inside the 5 s pause"
    for delay in (5000, 6500, 7000):
        assert hook.mahjong_claim_refused(ruleset=piter, table=table, claim=Claim(1, "chow", (1, 2), delay)) is None
    # A pung is never held back by the pause, and offering a chow (no delay yet) is not judged by the clock.
    assert hook.mahjong_claim_refused(ruleset=piter, table=table, claim=Claim(1, "pung", (1, 1), 0)) is None
    assert hook.mahjong_claim_allowed(ruleset=piter, table=table, claim=Claim(1, "chow", (1, 2), None))


def test_pung_beats_a_simultaneous_chow_and_loses_to_an_earlier_one() -> None:
    piter = load_ruleset("piter")
    table = table_with(PITER_LIMITS)
    chow = Claim(1, "chow", (1, 2), 5000)
    same_time = Claim(3, "pung", (3, 3), 5000)
    assert _hook(piter).mahjong_claim_priority(ruleset=piter, table=table, claims=[chow, same_time])[0] is same_time
    late = Claim(3, "pung", (3, 3), 5200)
    assert _hook(piter).mahjong_claim_priority(ruleset=piter, table=table, claims=[chow, late]) == [chow]
    early = Claim(2, "pung", (3, 3), 800)
    assert _hook(piter).mahjong_claim_priority(ruleset=piter, table=table, claims=[chow, early])[0] is early


@pytest.mark.parametrize("delay", [100, 5000, 6999, 60_000])
def test_a_mahjong_claim_is_accepted_at_any_time_in_the_window(delay: int) -> None:
    piter = load_ruleset("piter")
    table = table_with(PITER_LIMITS)
    win = Claim(2, "win", (), delay)
    claims = [Claim(1, "chow", (1, 2), 5000), win]
    ordered = _hook(piter).mahjong_claim_priority(ruleset=piter, table=table, claims=claims)
    assert ordered[0] is win


def _events(rid: str, seed: int, bots: list[str], deals: int) -> list[dict[str, Any]]:
    lines: list[str] = []
    ruleset = load_ruleset(rid)
    Game(ruleset, make_bots(bots, seed), seed, emit=lambda e: lines.append(dumps(e)), max_deals=deals).play()
    return [json.loads(x) for x in lines]


def test_every_event_carries_a_non_decreasing_clock() -> None:
    events = _events("mcr", 4, ["random", "greedy", "random", "greedy"], 2)
    times = [e["t"] for e in events]
    assert times == sorted(times)
    assert times[-1] > 0


def test_piter_chows_come_only_after_the_pause_in_play() -> None:
    chows = []
    for seed in range(6):
        events = _events("piter", seed, ["random"] * 4, 2)
        chows += [e for e in events if e["type"] == "decision" and e["phase"] == "claim" and e["action"] == "chow"]
    assert chows, "no chow was claimed in six seeded games"
    assert all(5000 <= c["after_ms"] <= 7000 for c in chows)


def test_mcr_timeouts_are_logged_and_replace_the_late_decision() -> None:
    timeouts = []
    for seed in range(8):
        events = _events("mcr", seed, ["random"] * 4, 2)
        for i, e in enumerate(events):
            if e["type"] == "timeout":
                timeouts.append((events[i - 1], e))
    assert timeouts, "no decision overran the limits in eight seeded games"
    for late, timeout in timeouts:
        assert late["type"] == "decision" and late["after_ms"] > timeout["limit_ms"]
        assert timeout["limit_ms"] in (10_000, 3_000)
        if timeout["what"] == "claim":
            assert timeout["action"] == "pass"
        else:
            assert timeout["action"] == "discard"


def test_the_game_ends_when_its_time_is_up() -> None:
    ruleset = load_ruleset("mcr")
    players = make_bots(["greedy"] * 4, 1)
    game = Game(ruleset, players, 1)
    game.table.time_limits = TimeLimits(move=10, claim=3, game=600)  # a ten-minute game
    result = game.play()
    assert game.table.clock_ms >= 600_000
    assert result.deals < 16


def test_audit_names_a_chow_inside_the_pause(tmp_path: Path) -> None:
    from mahjong_core.audit.check import check
    from mahjong_core.log.simulate import play_game

    for seed in range(10):
        path = tmp_path / f"p{seed}.jsonl"
        play_game(load_ruleset("piter"), seed, ["random"] * 4, replay=path, max_deals=2)
        lines = path.read_text().splitlines()
        k = next((i for i, x in enumerate(lines) if '"action":"chow"' in x), None)
        if k is None:
            continue
        event = json.loads(lines[k])
        event["after_ms"] = 1200
        lines[k] = dumps(event)
        header = json.loads(lines[0])
        header["seats"] = [{**s, "kind": "human"} for s in header["seats"]]  # a table's own record
        lines[0] = dumps(header)
        path.write_text("\n".join(lines) + "\n")
        verdict = check(str(path), "audit")
        assert not verdict.ok
        assert verdict.event == event["n"] and "inside the 5 s pause" in verdict.error
        return
    pytest.fail("no chow in ten seeded piter games")
