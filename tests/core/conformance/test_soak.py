"""mahjong soak: many seeded games with every invariant observer seated, stopping at the first broken one."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from mahjong_core.conformance.soak import lineups, soak
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.rules import available, load_ruleset


def test_a_short_soak_of_every_installed_ruleset_holds_every_invariant() -> None:
    report = soak(list(available()), games=len(lineups(4)), max_deals=2)
    assert report.failure is None, str(report.failure)
    assert set(report.games) == set(available())
    assert all(n == len(lineups(4)) for n in report.games.values())
    assert all(report.deals[rid] >= report.games[rid] for rid in report.games)


def test_every_installed_bot_sits_at_every_seat_and_they_meet() -> None:
    teams = lineups(4)
    assert ("greedy",) * 4 in teams and ("random",) * 4 in teams
    assert any(len(set(team)) > 1 for team in teams)


class PaysItself:
    """A broken house rule: the winner is also paid by itself, which no settlement may do."""

    @hookimpl(wrapper=True)
    def mahjong_settle(self) -> Any:
        from mahjong_core.table.state import Payment

        payments = yield
        return [*(payments or []), Payment(0, 0, 1, "broken")]


def test_a_broken_invariant_stops_the_soak_naming_the_game() -> None:
    report = soak(["harbin"], games=5, seed=40, max_deals=1, house_tweaks=(PaysItself(),))
    failure = report.failure
    assert failure is not None and failure.ruleset == "harbin" and failure.seed == 40
    assert "seat 0 pays itself 1" in failure.message and report.games["harbin"] == 0
    assert str(failure).startswith("harbin seed 40 bots ")


def test_the_command_prints_a_line_per_ruleset_and_json_on_request() -> None:
    cmd = [sys.executable, "-m", "mahjong_core", "soak", "--ruleset", "mcr", "--ruleset", "piter", "--games", "2",
           "--max-deals", "1"]
    text = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[-1] == "all invariants held: 4 games"
    data = subprocess.run([*cmd, "--json"], capture_output=True, text=True, check=False)
    assert data.returncode == 0 and json.loads(data.stdout)["games"] == {"mcr": 2, "piter": 2}
    bad = subprocess.run([sys.executable, "-m", "mahjong_core", "soak", "--games", "0"], capture_output=True,
                         text=True, check=False)
    assert bad.returncode == 2 and "--games must be at least 1" in bad.stderr and "Traceback" not in bad.stderr


def test_piter_seed_39_plays_through_a_soak() -> None:
    """The game that once held 15 tiles (a refused partner exchange still handed over, issue 18)."""
    report = soak([load_ruleset("piter")], games=1, seed=39)
    assert report.failure is None, str(report.failure)
    assert report.deals["piter"] >= 16


def test_a_soak_on_dask_workers_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_core.cli import main

    args = ["soak", "--ruleset", "harbin", "--ruleset", "piter", "--games", "10", "--max-deals", "2", "--json"]
    assert main(args) == 0
    here = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == here and here["games"] == {"harbin": 10, "piter": 10}


def test_a_long_run_played_in_parts_plays_the_games_of_one_run() -> None:
    """--seed 1 --games 7 and then --seed 8 --games 7 are the 14 games (seed and line-up) of --seed 1 --games 14."""
    from mahjong_core.conformance.soak import GameOutcome

    def planned(seed: int, games: int) -> list[tuple[int, tuple[str, ...]]]:
        plans: list[tuple[int, tuple[str, ...]]] = []

        def run(tasks: list[tuple[Any, ...]], on_result: Any) -> None:
            for k, task in enumerate(tasks):
                plans.extend(task[1])
                on_result(k, [GameOutcome(1)] * len(task[1]))

        report = soak(["piter"], games=games, seed=seed, run=run)
        assert report.games == {"piter": games}
        return plans

    whole = planned(1, 14)
    assert planned(1, 7) + planned(8, 7) == whole
    assert [seed for seed, _ in whole] == list(range(1, 15))
    assert len({bots for _, bots in whole}) == len(lineups(4))
