"""The three-seat house rule, played: who claims from whom, the winds, the wall, the payments, the audit.

A game at three seats runs through everything the core measures by the seat
count, so these tests play whole games and read what they did from their
logs and from the table an observer sees; the last one runs the mahjong-core
conformance suite on the ruleset (about 5 s).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, available, check, load_ruleset, make_bots, simulate
from mahjong_core.plugin import ClaimedFrom, Ruleset, Table, hookimpl

RULESET = "example_three_players"
SEEDS = range(4)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    assert RULESET in available(), "install this package first: pip install ./plugins/examples/example_three_players"
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Four seeded games between greedy bots, written as replay logs."""
    out = tmp_path_factory.mktemp("logs")
    played = simulate(ruleset, 0, len(SEEDS), ["greedy"] * 3, out)
    return [game.replay for game in played if game.replay is not None]


def events(path: Path, kind: str) -> list[dict[str, Any]]:
    lines = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return [e for e in lines if e.get("type") == kind]


def test_it_extends_harbin_with_three_seats(ruleset: Ruleset) -> None:
    harbin = load_ruleset("harbin")
    assert ruleset.ancestry == ("harbin", RULESET)
    assert ruleset.value("players") == 3 and harbin.value("players") == 4
    assert ruleset.value("chow_from") == "left"
    assert ruleset.source_of("players").defined_in == RULESET
    assert "Sanma" in ruleset.source_of("players").text
    assert ruleset.params() == {**harbin.params(), "players": 3, "tile_set": ruleset.params()["tile_set"]}
    assert ruleset.params()["tile_set"] != harbin.params()["tile_set"]
    assert "Sanma" in ruleset.source_of("tile_set").text


class Melds:
    """Every meld made on a claimed discard, with the claimer and the discarder, as the table holds it."""

    def __init__(self) -> None:
        self.claimed: list[tuple[str, int, int, Any]] = []

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "claim":
            meld = table.seats[event["seat"]].melds[-1]
            self.claimed.append((event["kind"], event["seat"], event["discarder"], meld.claimed_from))


def test_a_chow_comes_only_from_the_left_and_every_meld_names_its_discarder(ruleset: Ruleset) -> None:
    observer = Melds()
    for seed in SEEDS:
        Game(ruleset, make_bots(["greedy"] * 3, seed), seed, observers=(observer,), max_deals=3).play()
    kinds = {kind for kind, *_ in observer.claimed}
    assert {"chow", "pung"} <= kinds, f"the bots made only {kinds} in {len(SEEDS)} games"
    for kind, seat, discarder, source in observer.claimed:
        assert source.seats == 3 and source.offset == (discarder - seat) % 3 and 1 <= source.offset <= 2
        if kind == "chow":  # the player before the claimer: the left, at three seats two places on
            assert discarder == (seat - 1) % 3 and source.is_left and source is ClaimedFrom.left_of(3)


def test_the_seats_are_east_south_west_and_a_round_is_three_deals(logs: list[Path]) -> None:
    for path in logs:
        starts = events(path, "deal_start")
        rotations = events(path, "rotation")
        assert {s["dealer"] for s in starts} <= {0, 1, 2}
        for before, after in zip(starts, starts[1:], strict=False):
            if after["dealer"] != before["dealer"]:
                assert after["dealer"] == (before["dealer"] + 1) % 3
            passed_round = after["dealer"] == 0 and before["dealer"] == 2
            assert after["round"] == before["round"] + passed_round
            assert after["prevalent_wind"] == (before["prevalent_wind"] + passed_round) % 4
        assert rotations, "no deal ended"


def test_the_wall_has_three_sides_one_per_player(logs: list[Path]) -> None:
    for path in logs:
        for build in events(path, "wall_build"):
            assert len(build["sides"]) == 3 and 2 * sum(build["sides"]) == build["tiles"] == 116
        for dice in events(path, "wall_dice"):
            assert 0 <= dice["thrower"] <= 2
        for broken in events(path, "wall_break"):
            assert 0 <= broken["side"] <= 2


def test_the_tile_set_has_no_characters_2_to_8_and_sets_every_north_aside(logs: list[Path]) -> None:
    """144 tiles less the 28 characters 2-8 (Sanma's set, plus Harbin's flowers); a North is a bonus tile."""
    assert len(load_ruleset(RULESET).tiles().tiles) == 116
    norths = 0
    for path in logs:
        lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        seen = [t for e in lines for t in ([e["tile"]] if isinstance(e.get("tile"), str) else [])
                + [t for hand in e.get("hands") or [] for t in hand]]
        assert not {f"{rank}m" for rank in range(2, 9)} & set(seen), path.name
        assert {"1m", "9m"} & set(seen), path.name  # the terminals stay
        for event in lines:
            # a North is only ever drawn and set aside: never discarded, claimed or melded
            tiles = event.get("tiles")
            if event.get("tile") == "4z" or (isinstance(tiles, list) and "4z" in tiles):
                assert event["type"] in ("draw", "replacement", "bonus"), event
        norths += sum(1 for e in lines if e.get("type") == "bonus" and e.get("tile") == "4z")
    assert norths, "no North set aside in four games"


def test_a_hand_with_a_character_the_set_lacks_is_refused_in_one_line() -> None:
    """``mahjong score`` reads the ruleset's tile set: a 2m is named as the tile this set does not hold."""
    result = subprocess.run([sys.executable, "-m", "mahjong_core", "score", "--ruleset", RULESET,
                             "123m456p78s11z [777s<] +9s"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "<argument>::tiles: the hand holds 1 of 2m, but the example_three_players tile set has no 2m"]
    scored = subprocess.run([sys.executable, "-m", "mahjong_core", "score", "--ruleset", RULESET,
                             "123p456p78s11z [777s<] +9s"], capture_output=True, text=True, timeout=60)
    assert scored.returncode == 0, scored.stderr


def test_everyone_pays_and_the_payments_add_up(logs: list[Path]) -> None:
    for path in logs:
        scores = [0, 0, 0]
        for settled in events(path, "settlement"):
            for payer, payee, amount, *_ in settled["payments"]:
                assert {payer, payee} <= {0, 1, 2} and payer != payee
                scores[payer] -= amount
                scores[payee] += amount
            assert scores == settled["scores"] and sum(scores) == 0


def test_each_game_replays_byte_identically_and_audits_clean(logs: list[Path]) -> None:
    assert len(logs) == len(SEEDS)
    for path in logs:
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        assert len(header["seats"]) == 3
        for mode in ("replay", "audit"):
            verdict = check(str(path), mode)
            assert verdict.ok, verdict.text()


def test_the_conformance_suite_passes(tmp_path: Path) -> None:
    """The same checks every bundled ruleset passes, run the way a plugin author runs them."""
    result = subprocess.run([sys.executable, "-m", "pytest", f"--mahjong-ruleset={RULESET}", "-p", "no:cacheprovider",
                             "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
