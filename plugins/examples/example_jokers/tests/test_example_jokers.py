"""The joker ruleset, played: jokers held and kept, joker pungs and kongs with the kind each joker stands for,
the joker exchange, a dead discarded joker, wins the jokers complete, a byte-identical replay and a clean audit.

These tests play seeded games and read what they did from their logs; the last one runs the mahjong-core
conformance suite on the ruleset.  Seed 4 (two deals, four greedy bots) holds joker pungs claimed, a joker kong,
joker exchanges and a dead discarded joker: its log is kept beside the repository's golden replays
(``replays/jokers/``), and the game played again here must write it byte for byte.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, available, check, load_ruleset, make_bots, simulate
from mahjong_core.plugin import Ruleset, Table, hookimpl

RULESET = "example_jokers"
SEEDS = range(4)
KEPT_SEED = 4
#: The log of seed 4 (two deals) kept beside the golden replays, where this package is tested from its repository.
KEPT = Path(__file__).resolve().parents[4] / "replays" / "jokers" / f"example_jokers-seed{KEPT_SEED}.jsonl"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    assert RULESET in available(), "install this package first: pip install ./plugins/examples/example_jokers"
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Four seeded games of two deals between greedy bots, and seed 4's, written as replay logs."""
    out = tmp_path_factory.mktemp("logs")
    played = simulate(ruleset, 0, len(SEEDS), ["greedy"] * 4, out, max_deals=2)
    played += simulate(ruleset, KEPT_SEED, 1, ["greedy"] * 4, tmp_path_factory.mktemp("kept"), max_deals=2)
    return [game.replay for game in played if game.replay is not None]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def test_eight_jokers_are_played_in_pungs_and_kongs(ruleset: Ruleset) -> None:
    assert ruleset.ancestry == ("chinese_classical", RULESET)
    assert len(ruleset.tile_set()) == 136 + 8
    assert ruleset.tiles().code(max(ruleset.tile_set())) == "1j"
    assert ruleset.value("jokers") == {"played": True, "in": ("pungs", "calls"), "dead_when_discarded": True,
                                       "exchange": "any"}


def test_jokers_are_held_never_set_aside(logs: list[Path]) -> None:
    for path in logs:
        events = lines(path)
        assert not [e for e in events if e["type"] == "bonus"], "a joker was set aside like a bonus tile"
        assert [e for e in events if e["type"] in ("draw", "replacement") and e["tile"] == "1j"]


def test_a_joker_meld_records_the_kind_each_joker_stands_for(logs: list[Path]) -> None:
    made = 0
    for path in logs:
        for e in lines(path):
            if e["type"] in ("claim", "kong") and "jokers" in e:
                made += 1
                kind = e["tile"]
                assert e["jokers"] and all(j == kind for j in e["jokers"]), e
                if e["type"] == "claim":
                    assert e["kind"] in ("pung", "kong") and e["tiles"].count(kind) == len(e["tiles"]), e
    assert made, "no joker pung or kong in the seeded games"


def test_a_discarded_joker_is_dead(logs: list[Path]) -> None:
    """Nobody is offered a claim on a discarded joker: the next seat's draw follows it."""
    dead = 0
    for path in logs:
        events = [e for e in lines(path) if not e["type"].startswith("wall_")]
        for k, e in enumerate(events):
            if e["type"] == "decision" and e.get("action") == "discard" and e.get("tile") == "1j":
                dead += 1
                after = events[k + 1]
                assert after["type"] in ("draw", "exhaustive_draw"), after
                assert not (after["type"] == "decision" and after["phase"] == "claim")
    assert dead, "no joker discarded in the seeded games"


def test_a_joker_is_exchanged_for_the_tile_it_stands_for(logs: list[Path]) -> None:
    """Each exchange gives the kind a joker in the owner's exposed meld stood for, and takes a joker."""
    exchanged = 0
    for path in logs:
        standing: dict[int, list[str]] = {}
        for e in lines(path):
            if e["type"] == "deal_start":
                standing = {}
            elif e["type"] == "claim" and "jokers" in e:
                standing.setdefault(e["seat"], []).extend(e["jokers"])
            elif e["type"] == "kong" and "jokers" in e and e["way"] == "added":
                standing.setdefault(e["seat"], []).extend(e["jokers"])
            elif e["type"] == "joker_exchange":
                exchanged += 1
                assert e["tile"] in standing.get(e["owner"], []), e
                standing[e["owner"]].remove(e["tile"])
    assert exchanged, "no joker exchanged in the seeded games"


class JokerWatch:
    """Wins with jokers in the winner's hand, and the jokers the greedy bots drew and discarded."""

    def __init__(self) -> None:
        self.wins_with_jokers = 0
        self.drawn = 0
        self.discarded = 0

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "mahjong" and table.seats[event["seat"]].held_jokers:
            self.wins_with_jokers += 1
        elif event["type"] in ("draw", "replacement") and event["tile"] == "1j":
            self.drawn += 1
        elif event["type"] == "decision" and event.get("action") == "discard" and event.get("tile") == "1j":
            self.discarded += 1


def test_greedy_bots_keep_their_jokers_and_win_with_them() -> None:
    watch = JokerWatch()
    for seed in range(6):
        Game(load_ruleset(RULESET), make_bots(["greedy"] * 4, seed), seed, observers=(watch,), max_deals=2).play()
    assert watch.wins_with_jokers, "no hand won with a joker in it"
    assert watch.drawn >= 10 and watch.discarded * 5 < watch.drawn, (watch.drawn, watch.discarded)


def test_the_points_add_up(logs: list[Path]) -> None:
    for path in logs:
        scores = [0, 0, 0, 0]
        for e in lines(path):
            if e["type"] == "settlement":
                for payer, payee, amount, _ in e["payments"]:
                    scores[payer] -= amount
                    scores[payee] += amount
                assert scores == e["scores"]
        assert sum(scores) == 0


def test_each_game_replays_byte_identically_and_audits_clean(logs: list[Path]) -> None:
    for path in logs:
        for mode in ("replay", "audit"):
            verdict = check(str(path), mode)
            assert verdict.ok, verdict.text()


def test_seed_4_writes_the_kept_log_byte_for_byte(logs: list[Path]) -> None:
    assert KEPT.exists(), f"run these tests from the repository: the kept log {KEPT} is not beside this package"
    assert logs[-1].read_bytes() == KEPT.read_bytes()


def test_the_conformance_suite_passes(tmp_path: Path) -> None:
    """The same checks every bundled ruleset passes, run the way a plugin author runs them."""
    result = subprocess.run([sys.executable, "-m", "pytest", f"--mahjong-ruleset={RULESET}", "-p", "no:cacheprovider",
                             "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
