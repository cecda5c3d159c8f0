"""The house rule itself, and the mahjong-core conformance suite run on it (about 5 s)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, available, load_ruleset, make_bots
from mahjong_core.plugin import Claim, Ruleset, Table, bind, build_plugin_manager, hookimpl

RULESET = "no_chow_from_partner"
M1, M2, M3 = 0, 1, 2  # 1m 2m 3m


@pytest.fixture(scope="module")
def ruleset() -> Any:
    assert RULESET in available(), "install this package first: pip install ./plugins/examples/no_chow_from_partner"
    return load_ruleset(RULESET)


def allowed(ruleset: Ruleset, claim: Claim, discarder: int) -> bool:
    """Ask the game's hook, with this ruleset's plugins registered as a game registers them."""
    pm = build_plugin_manager(bind(ruleset).plugins)
    table = Table(players=4, scores=[0] * 4, teams=[[0, 2], [1, 3]], last_discarder=discarder)
    return bool(pm.hook.mahjong_claim_allowed(ruleset=ruleset, table=table, claim=claim))


def test_it_extends_piter_and_changes_one_value(ruleset: Ruleset) -> None:
    piter = load_ruleset("piter")
    assert ruleset.ancestry == ("piter", RULESET)
    assert ruleset.value("x_chow_from") == "opponents" and piter.value("chow_from") == "left"
    assert ruleset.source_of("x_chow_from").defined_in == RULESET
    assert ruleset.params() == {**piter.params(), "x_chow_from": "opponents"}
    assert ruleset.source_of("usual_limit").defined_in == "piter"
    assert ruleset.sha256 != piter.sha256


def test_no_chow_from_the_partner(ruleset: Ruleset) -> None:
    # Seat 0's partner is seat 2 (opposite); seats 1 and 3 are the opponents.
    assert not allowed(ruleset, Claim(0, "chow", (M2, M3)), discarder=2)
    assert allowed(ruleset, Claim(0, "chow", (M2, M3)), discarder=3)  # the left opponent, as in Piter
    assert allowed(ruleset, Claim(0, "chow", (M2, M3)), discarder=1)  # the right opponent: this club only


def test_pungs_and_wins_from_the_partner_are_still_allowed(ruleset: Ruleset) -> None:
    assert allowed(ruleset, Claim(0, "pung", (M1, M1)), discarder=2)
    assert allowed(ruleset, Claim(0, "win", ()), discarder=2)


def test_piter_itself_allows_a_chow_only_from_the_left(ruleset: Ruleset) -> None:
    piter = load_ruleset("piter")
    assert allowed(piter, Claim(0, "chow", (M2, M3)), discarder=3)
    assert not allowed(piter, Claim(0, "chow", (M2, M3)), discarder=1)
    assert not allowed(piter, Claim(0, "chow", (M2, M3)), discarder=2)


def test_a_child_that_removes_the_parameter_gets_piters_chow_rule_back(tmp_path: Path) -> None:
    path = tmp_path / "back_to_piter.yaml"
    path.write_text(f"id: back_to_piter\nversion: 1.0.0\nname: Back to Piter\nextends: {RULESET}\n"
                    "parameters:\n  x_chow_from: null\n", encoding="utf-8")
    child = load_ruleset(path)
    assert child.sha256 == load_ruleset("piter").sha256
    assert not allowed(child, Claim(0, "chow", (M2, M3)), discarder=1)
    assert allowed(child, Claim(0, "chow", (M2, M3)), discarder=3)


class Claims:
    """Records every chow made in a game, with the discarder's seat."""

    def __init__(self) -> None:
        self.chows: list[tuple[int, int, list[list[int]]]] = []

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "claim" and event["kind"] == "chow":
            self.chows.append((event["seat"], event["discarder"], [list(t) for t in table.teams]))


def test_in_play_chows_come_from_both_opponents_and_never_the_partner(ruleset: Ruleset) -> None:
    observer = Claims()
    for seed in range(6):
        Game(ruleset, make_bots(["greedy"] * 4, seed), seed, observers=(observer,), max_deals=2).play()
    assert observer.chows, "the bots made no chow in six games"
    offsets = set()
    for seat, discarder, teams in observer.chows:
        team = next(t for t in teams if seat in t)
        assert discarder not in team, f"seat {seat} chowed its partner {discarder}'s discard"
        offsets.add((seat - discarder) % 4)
    assert offsets == {1, 3}, f"chows came only from offsets {offsets}; both opponents should be chowable"


def test_the_conformance_suite_passes(tmp_path: Path) -> None:
    """The same checks every bundled ruleset passes, run the way a plugin author runs them."""
    result = subprocess.run([sys.executable, "-m", "pytest", f"--mahjong-ruleset={RULESET}", "-p", "no:cacheprovider",
                             "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout
