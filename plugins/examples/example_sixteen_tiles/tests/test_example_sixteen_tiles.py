"""Sixteen-tile hands, played: the deal, five sets and a pair, eight flowers, tai and the base-plus-tai payments.

Whole games are played between greedy bots and read from their logs; one
deal is dealt from a stacked wall so that the dealer holds all eight flowers
and seasons; the last test runs the mahjong-core conformance suite on the
ruleset, the way a plugin author runs it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, available, check, installed_bots, load_ruleset, parse_hand, simulate
from mahjong_core.plugin import Action, Hand, Ruleset, Table, Wall, score_hand

RULESET = "example_sixteen_tiles"
SEEDS = range(3)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    assert RULESET in available(), "install this package first: pip install ./plugins/examples/example_sixteen_tiles"
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Three seeded games between greedy bots, written as replay logs."""
    out = tmp_path_factory.mktemp("logs")
    played = simulate(ruleset, 0, len(SEEDS), ["greedy"] * 4, out)
    return [game.replay for game in played if game.replay is not None]


def events(path: Path, kind: str) -> list[dict[str, Any]]:
    lines = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return [e for e in lines if e.get("type") == kind]


def test_every_value_says_where_it_came_from(ruleset: Ruleset) -> None:
    assert ruleset.value("hand_size") == 16
    assert "fourwinds" in ruleset.source_of("hand_size").text
    for name in ("players", "tile_set", "settlement", "exhaustive_draw_tiles_left", "wall_ceremony"):
        assert ruleset.source_of(name).text, name


def test_the_deal_gives_sixteen_tiles_and_the_dealer_seventeen(logs: list[Path]) -> None:
    for path in logs:
        for deal in events(path, "hands"):
            sizes = sorted(len(hand) for hand in deal["hands"])  # bonus tiles dealt are listed with the hand
            assert sizes[0] >= 16 and sum(sizes) == 4 * 16 + 1, sizes


def test_games_are_won_with_five_sets_and_a_pair_and_paid_base_plus_tai(ruleset: Ruleset, logs: list[Path]) -> None:
    wins = 0
    for path in logs:
        for score in events(path, "score"):
            melds = score.get("arrangement", {}).get("melds")
            if melds:  # a winner's reading: five sets and a pair
                assert len(melds) == 6 and sum(m["kind"] == "pair" for m in melds) == 1, melds
                wins += 1
        for settle in events(path, "settlement"):
            for payer, payee, amount, reason in settle["payments"]:
                assert payer != payee and (amount - 3) % 2 == 0 and reason.startswith("base_plus_tai"), reason
    assert wins >= 10


def test_the_games_replay_byte_for_byte_and_audit_clean(logs: list[Path]) -> None:
    for path in logs:
        for mode in ("replay", "audit"):
            verdict = check(str(path), mode)
            assert verdict.ok, verdict.text()


def test_every_installed_bot_plays_sixteen_tile_hands(ruleset: Ruleset, tmp_path: Path) -> None:
    """Bots judge hands by shanten, which measures five sets and a pair: each installed bot plays a game out."""
    bots = sorted(installed_bots())
    (game,) = simulate(ruleset, 4, 1, [bots[i % len(bots)] for i in range(4)], tmp_path, max_deals=4)
    assert game.replay is not None
    assert events(game.replay, "mahjong") and check(str(game.replay), "audit").ok


@pytest.mark.parametrize(("size", "pattern"), [(7, "[4, 3]"), (10, "[4, 4, 2]"), (13, "[4, 4, 4, 1]")])
def test_a_house_rule_plays_any_hand_size_the_core_plays(tmp_path: Path, size: int, pattern: str) -> None:
    """The family reads its sets from the hand size, so a house rule of 7, 10 or 13 tiles plays, re-plays and
    audits as the 16 does: two, three or four sets and a pair."""
    house = tmp_path / f"tai{size}.yaml"
    house.write_text(f"id: tai{size}\nversion: 1.0.0\nname: Tai {size}\nextends: {RULESET}\nparameters:\n"
                     f"  hand_size: {{value: {size}, assumption: \"a test of the size\"}}\n  wall_ceremony:\n"
                     f"    value: {{dice: 2, throws: 2, loose_tiles: 2, deal_pattern: {pattern}, dealer_extra: 1}}\n"
                     f"    assumption: \"a deal of {size} tiles\"\n", encoding="utf-8")
    (game,) = simulate(load_ruleset(house), 2, 1, ["greedy"] * 4, tmp_path / "out", max_deals=3)
    assert game.replay is not None
    hands = events(game.replay, "hands")[0]["hands"]
    assert sum(len(h) for h in hands) == 4 * size + 1
    for mode in ("replay", "audit"):
        assert check(str(game.replay), mode).ok


def test_the_hand_command_reads_the_rulesets_hand_size() -> None:
    result = subprocess.run([str(Path(sys.executable).parent / "mahjong"), "hand", "--ruleset", RULESET, "--json",
                             "111222333m456p789s1z"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["waits"] == ["1z"]


def test_a_complete_seventeen_tile_hand_scores_its_tai(ruleset: Ruleset) -> None:
    hand = parse_hand("111222333m456p555z9m +9m")
    score = score_hand(ruleset, hand, {"winner": True})
    assert score is not None and score.arrangement is not None and len(score.arrangement.melds) == 7 - 1
    assert {item.name: item.count for item in score.items} == {"honour_set": 1, "no_flowers": 1}


class _TakesTheWin:
    """Wins when it may; else discards its first option, passes on claims."""

    name = "takes_the_win"
    kind = "bot"

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        for option in options:
            if option.kind == "win":
                return option
        if phase == "turn":
            return next(o for o in options if o.kind == "discard")
        return options[-1]


def _eight_flowers_order(ruleset: Ruleset) -> list[int]:
    """A draw order that deals the dealer (hands[0]) all eight flowers and seasons among its seventeen tiles."""
    tiles = ruleset.tiles()
    bonus = sorted(tiles.bonus)
    playing = sorted(t for t, n in tiles.copies().items() if t not in tiles.bonus for _ in range(n))
    dealer = bonus + playing[:9]
    rest = playing[9:]
    others = [rest[16 * i:16 * i + 16] for i in range(3)]
    rest = rest[48:]
    hands = [dealer[:16], *others]
    order: list[int] = []
    for block in range(4):
        for hand in hands:
            order += hand[4 * block:4 * block + 4]
    return order + [dealer[16]] + rest


def test_all_eight_flowers_win_whatever_the_tiles(ruleset: Ruleset) -> None:
    seen: list[dict[str, Any]] = []
    order = _eight_flowers_order(ruleset)
    Game(ruleset, [_TakesTheWin() for _ in range(4)], None, emit=seen.append, max_deals=1,
         tile_source_factory=lambda game: Wall.from_order(order, ruleset.param("wall_ceremony"), players=4,
                                                          exhaustive_draw_tiles_left=16)).play()
    dealer = next(e for e in seen if e["type"] == "deal_start")["dealer"]
    win = next(e for e in seen if e["type"] == "mahjong")
    assert win["seat"] == dealer
    score = next(e for e in seen if e["type"] == "score" and e["seat"] == dealer)
    assert [(i["name"], i["value"]) for i in score["items"]] == [("eight_flowers", 30)]
    settlement = next(e for e in seen if e["type"] == "settlement")
    assert sorted(amount for _, _, amount, _ in settlement["payments"]) == [3 + 30 * 2] * 3


def test_a_hand_of_eight_flowers_is_scored_as_the_win_it_is(ruleset: Ruleset) -> None:
    bonus = tuple(sorted(ruleset.tiles().bonus))
    hand = Hand(parse_hand("19m19p19s1234567z1m1p1s").concealed, bonus=bonus, winning_tile=0)
    score = score_hand(ruleset, hand, {"winner": True})
    assert score is not None and score.total == 30 and score.arrangement is None


def test_the_conformance_suite_passes(tmp_path: Path) -> None:
    """The same checks every bundled ruleset passes, run the way a plugin author runs them."""
    result = subprocess.run([sys.executable, "-m", "pytest", f"--mahjong-ruleset={RULESET}", "-p", "no:cacheprovider",
                             "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
