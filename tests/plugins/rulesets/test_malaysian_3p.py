"""Malaysian three-player mahjong (``malaysian_3p``): three seats, 84 tiles with the faces and animals set aside
and four Fly jokers, fan added on the Hong Kong family's tables with a five-fan minimum and a ten-fan maximum,
the Fly swapped back by its owner, and the Singapore bites -- each watched as a unit and in seeded games.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.mechanisms import bites
from mahjong_rulesets.rulesets.malaysian_3p.predicates import FACES
from mahjong_rulesets.rulesets.singapore.predicates import ANIMALS

from mahjong_core import Given, check, load_ruleset, score_text, simulate
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.hand.tiles import FLOWERS, SEASONS, WINDS
from mahjong_core.plugin import Ruleset
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.rules.jokers import joker_play
from mahjong_core.table.state import Table

RULESET = "malaysian_3p"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Six seeded games of six deals at three seats, greedy and random bots, each as its events."""
    folder = tmp_path_factory.mktemp("malaysian")
    games = []
    for seed in range(1, 7):
        bots = ["greedy"] * 3 if seed % 2 else ["greedy", "random", "greedy"]
        played = simulate(load_ruleset(RULESET), seed, 1, bots, folder, max_deals=6)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


# ---------------------------------------------------------------- the tiles


def test_the_set_is_84_tiles_of_dots_honours_bonus_tiles_and_four_flies(ruleset: Ruleset) -> None:
    tiles = bind(ruleset).tiles
    assert len(tiles.tiles) == 84 and ruleset.param("players") == 3
    assert not any(tiles.code(t).endswith(("m", "s")) for t in tiles.tiles)          # no characters, no bamboo
    assert [tiles.code(k) for k in ANIMALS] == ["1a", "2a", "3a", "4a"]               # what the predicates read
    assert [tiles.code(k) for k in FACES] == ["1h", "2h", "3h", "4h"]
    assert tiles.bonus == frozenset((*FLOWERS, *SEASONS, *ANIMALS, *FACES))
    assert [tiles.code(k) for k in tiles.jokers] == ["1j"] and sum(t in tiles.jokers for t in tiles.tiles) == 4


def test_the_flies_are_played_anywhere_and_swapped_back_by_their_owner(ruleset: Ruleset) -> None:
    play = joker_play(ruleset)
    assert play is not None
    assert (play.rule.pungs, play.rule.pairs, play.rule.chows) == (True, True, True)
    assert play.exchange == "own" and play.dead_when_discarded


# ---------------------------------------------------------------- fan, the minimum and the maximum


def scored(text: str) -> tuple[int, int, str | None]:
    result = score_text(load_ruleset(RULESET), text, Given(), "<test>")
    return result.score.total, int(result.score.raw["fan"]), result.score.limit


@pytest.mark.parametrize(("hand", "points", "fan"), [
    ("123p456p789p111z5p 1h2h3h +5p", 6, 6),             # three faces, East twice (seat, round), one suit and honours
    ("123p456p789p111z5p 1h2h3h4h +5p", 8, 8),           # all four faces: one more
    ("111p222p333p444z5p 1a +5p", 5, 5),                 # an animal, North (everyone's), half flush, all pungs
    ("123p456p789p234p5p 1a2a3a4a1f +5p", 9, 9),         # four animals and one more, one suit 3, the seat's flower
])
def test_fan_are_added_and_paid_one_point_each(hand: str, points: int, fan: int) -> None:
    assert scored(hand)[:2] == (points, fan)


def test_ten_fan_is_the_maximum_and_a_maximum_hand_is_paid_it() -> None:
    assert scored("111p222p333p444z5p 1a2a3a4a1h2h3h4h +5p")[:2] == (10, 14)     # fourteen fan, paid ten
    assert scored("123p456p789p555z5p +5p") == (10, 10, "no_bonus_tiles")          # no bonus tile: the maximum


def test_a_table_that_doubles_above_ten_fan_sets_one_band_and_a_maximum_hand_stays_at_the_maximum(
        ruleset: Ruleset, tmp_path: Path) -> None:
    eleven, ten, limit = ("111p333p555p7p [999p<] 1234h1a +7p", "111p333p555p7p [999p<] 1234h +7p",
                          "123p456p789p555z5p +5p")
    assert [scored(hand)[:2] for hand in (eleven, ten, limit)] == [(10, 11), (10, 10), (10, 10)]   # off by default
    document = yaml.safe_load(Path(ruleset.location).read_text(encoding="utf-8"))
    band = dict(document["scoring"]["fan_points"]["above_ten"])
    band["value"] = {**band["value"], "points": 20}
    house = tmp_path / "doubling.yaml"
    house.write_text(yaml.safe_dump({"id": "malaysian_doubling", "version": "1.0.0", "name": "Malaysian, doubled",
                                     "extends": RULESET, "scoring": {"fan_points": {"above_ten": band}}}),
                     encoding="utf-8")
    club = load_ruleset(house)
    doubled = [score_text(club, hand, Given(), "<test>").score for hand in (eleven, ten, limit)]
    assert [(s.total, int(s.raw["fan"])) for s in doubled] == [(20, 11), (10, 10), (10, 10)]
    assert club.sha256 != ruleset.sha256


def test_a_hand_below_five_fan_is_refused(ruleset: Ruleset) -> None:
    hooks = ruleset_hooks(ruleset)
    table = Table(players=3)
    table.new_deal()
    for text, refused in (("123p456p789p111z5p 1h +5p", True), ("123p456p789p111z5p 1h2h +5p", False)):
        hand = parse_hand(text, tiles=bind(ruleset).tiles)
        context = win_context(seat=WINDS[0], winning_tile=hand.winning_tile)
        objections = [o for o in hooks.mahjong_win_objections(ruleset=ruleset, table=table, seat=0, hand=hand,
                                                              context=context) if o]
        assert bool(objections) == refused, (text, objections)
        if refused:
            assert "below the minimum value: 4 fan, at least 5 needed" in objections


def test_every_win_in_play_has_five_fan(logs: list[list[dict[str, Any]]]) -> None:
    wins = [e for e in events(logs, "score") if e["value"] > 0]
    assert len(wins) >= 15
    assert all(e["raw"]["fan"] >= 5 for e in wins)


# ---------------------------------------------------------------- the Fly jokers in play


def test_a_fly_is_swapped_only_by_the_owner_of_its_set(logs: list[list[dict[str, Any]]]) -> None:
    swaps = list(events(logs, "joker_exchange"))
    assert swaps, "no Fly was swapped in the seeded games"
    assert all(e["owner"] == e["seat"] for e in swaps)


def test_sets_are_made_with_flies_and_wins_hold_them(logs: list[list[dict[str, Any]]]) -> None:
    with_flies = [e for e in events(logs, "claim") if e.get("jokers")] + \
        [e for e in events(logs, "kong") if e.get("jokers")]
    assert len(with_flies) >= 5


# ---------------------------------------------------------------- bites and whole games


def test_the_bites_of_the_bonus_tiles_are_paid_at_three_seats(logs: list[list[dict[str, Any]]]) -> None:
    paid = [e for e in events(logs, "payment") if e["reason"] == bites.REASON]
    assert paid and all(e["payer"] != e["payee"] and e["payer"] in (0, 1, 2) for e in paid)
    assert len(paid) % 2 == 0                             # each bite paid by the two other seats


def test_seeded_games_conserve_points_and_audit_clean(tmp_path: Path) -> None:
    for seed, bots in ((11, ["greedy", "random", "greedy"]), (12, ["random"] * 3)):
        played = simulate(load_ruleset(RULESET), seed, 1, bots, tmp_path, max_deals=6)
        replay = played[0].replay
        assert replay is not None and sum(played[0].result.scores) == 0
        assert check(replay).ok
