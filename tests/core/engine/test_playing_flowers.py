"""Flowers as playing tiles (issue 34, the step American card play waits for): a tile set may say that its flowers
(and seasons) are ordinary tiles held in the hand -- ``{group: flowers, copies: 1, playing: true}`` -- and the
engine then keeps a drawn flower, offers it as a discard, lets it be claimed and passes it in an exchange, while
every ruleset without that flag plays exactly as before."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from flower_play import flower_ruleset

from mahjong_core.audit.check import check
from mahjong_core.conformance.invariants import TileConservation
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.hand.tiles import FLOWERS, NUM_PLAYING_KINDS, SEASONS, build_tiles
from mahjong_core.log.fold import fold
from mahjong_core.log.redaction import full_table_view
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import hookimpl
from mahjong_core.rules import load_ruleset

SUITS_AND_HONOURS = [{"group": g, "copies": 4} for g in ("characters", "dots", "bamboo", "winds", "dragons")]


def test_playing_flowers_widen_the_hand_and_leave_the_bonus_tiles() -> None:
    tiles = build_tiles([*SUITS_AND_HONOURS, {"group": "flowers", "copies": 2, "playing": True},
                         {"group": "seasons", "copies": 1}])
    assert tiles.width == 38 and tiles.extra_playing and not tiles.standard
    assert all(tiles.plays_as[f] == f and not tiles.is_bonus(f) for f in FLOWERS)
    assert all(tiles.plays_as[s] == -1 and tiles.is_bonus(s) for s in SEASONS)
    assert [tiles.code(t) for t in tiles.tiles].count("1f") == 2
    both = build_tiles([*SUITS_AND_HONOURS, {"group": "flowers", "copies": 1, "playing": True},
                        {"group": "seasons", "copies": 1, "playing": True}])
    assert both.width == 42 and not both.bonus


def test_a_set_without_playing_flowers_is_as_before() -> None:
    tiles = build_tiles([*SUITS_AND_HONOURS, {"group": "flowers", "copies": 1, "playing": False},
                         {"group": "seasons", "copies": 1}])
    assert tiles.width == NUM_PLAYING_KINDS and not tiles.extra_playing and tiles.standard
    assert all(tiles.is_bonus(f) and tiles.plays_as[f] == -1 for f in FLOWERS + SEASONS)


@pytest.mark.parametrize(
    ("entries", "place", "words"),
    [
        ([*SUITS_AND_HONOURS, {"group": "flowers", "copies": 1, "playing": True}, {"bonus": ["4z", "2f"]}],
         "$.tile_set[6].bonus[1]", "2f is a playing tile here ($.tile_set[5].playing is true)"),
        ([*SUITS_AND_HONOURS, {"bonus": ["1y"]}, {"group": "seasons", "copies": 1, "playing": True}],
         "$.tile_set[5].bonus[0]", "cannot also be a bonus tile"),
        ([*SUITS_AND_HONOURS, {"group": "animals", "copies": 1, "playing": True}], "$.tile_set[5].playing",
         "flowers and seasons only"),
        ([*SUITS_AND_HONOURS, {"group": "flowers", "copies": 1, "playing": "yes"}], "$.tile_set[5].playing",
         "true or false"),
    ],
)
def test_a_flower_both_playing_and_bonus_is_refused_at_its_place(entries: list[dict[str, Any]], place: str,
                                                                   words: str) -> None:
    with pytest.raises(RulesetError) as info:
        build_tiles(entries)
    assert info.value.place == place and words in info.value.message


def test_a_ruleset_file_with_flowers_playing_and_bonus_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "both.yaml"
    path.write_text(
        "id: both_ways\nname: Flowers both ways\nversion: 1.0.0\nextends: chinese_classical\n"
        "parameters:\n"
        "  tile_set:\n"
        "    value:\n"
        + "".join(f"      - {{group: {g}, copies: 4}}\n" for g in ("characters", "dots", "bamboo", "winds", "dragons"))
        + "      - {group: flowers, copies: 2, playing: true}\n"
        "      - {bonus: [3f]}\n"
        "    assumption: a test of the loader's refusal\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert str(path) in str(info.value) and "line 14" in str(info.value)
    assert info.value.place == "$.parameters.tile_set.value[6].bonus[0]"
    assert "3f is a playing tile here" in info.value.message


# --------------------------------------------------------------------------- a game that holds its flowers

FLOWER_CARD = Path(__file__).parent / "tile_sets" / "flower_card.yaml"
RANDOM = ["random"] * 4
F = FLOWERS[0]  # 1f: the test set's eight flowers are eight copies of one kind, as a card counts them


@pytest.fixture(scope="module")
def flower_card() -> Any:
    return load_ruleset(str(FLOWER_CARD))


def _played(ruleset: Any, seed: int, deals: int = 2, observers: Sequence[object] = ()) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    Game(ruleset, make_bots(RANDOM, seed), seed, emit=lambda e: events.append(json.loads(json.dumps(e))),
         max_deals=deals, observers=list(observers)).play()
    return events


class _FlowersHeld:
    """An observer noting the most flowers any seat held among its concealed tiles."""

    def __init__(self) -> None:
        self.most = 0
        self.widths: set[int] = set()

    @hookimpl
    def mahjong_event(self, table: Any, event: Mapping[str, Any]) -> None:
        for seat in table.seats:
            self.widths.add(len(seat.counts))
            self.most = max(self.most, seat.counts[F] if len(seat.counts) > F else 0)


def test_a_hand_holds_its_flowers_and_every_tile_is_conserved(flower_card: Any) -> None:
    held, conserved = _FlowersHeld(), TileConservation()
    events = _played(flower_card, 3, observers=[held, conserved])
    assert flower_card.tiles().width == 35 and held.widths == {35}
    assert held.most >= 2 and conserved.checked > 300
    drawn = [e for e in events if e["type"] in ("draw", "replacement") and e["tile"] == "1f"]
    assert drawn and not [e for e in events if e["type"] == "bonus"]  # kept in the hand: never set aside


def test_a_flower_is_discarded_and_claimed_as_the_card_allows(flower_card: Any) -> None:
    events = _played(flower_card, 2)
    discards = [e for e in events if e["type"] == "decision" and e.get("action") == "discard" and e["tile"] == "1f"]
    claims = [(e["kind"], e["tiles"]) for e in events if e["type"] == "claim" and e["tile"] == "1f"]
    assert discards and claims == [("kong", ["1f"] * 4)]
    # a pung of flowers is no group of the example card (its flowers come in pairs and fours): never offered
    for seed in range(1, 8):
        assert not [e for e in _played(flower_card, seed) if e["type"] == "claim"
                    and (e["kind"] == "chow" or (e["kind"] == "pung" and e["tile"] == "1f"))]


def test_the_charleston_passes_a_flower(flower_card: Any) -> None:
    events = _played(flower_card, 1)
    passed = [e for e in events if e["type"] == "decision" and e.get("phase") == "exchange" and "1f" in e["tiles"]]
    assert passed and passed[0]["tiles"] == ["3m", "1p", "1f"]


def test_a_game_with_flowers_held_replays_byte_identically_and_audits_clean(tmp_path: Path) -> None:
    flower_card = flower_ruleset(tmp_path)
    for seed in (2, 7):
        first, again = tmp_path / f"a{seed}.jsonl", tmp_path / f"b{seed}.jsonl"
        game = play_game(flower_card, seed, RANDOM, replay=first, max_deals=3)
        play_game(flower_card, seed, RANDOM, replay=again, max_deals=3)
        assert first.read_bytes() == again.read_bytes() and '"1f"' in first.read_text(encoding="utf-8")
        for mode in ("replay", "audit"):
            verdict = check(str(first), mode)
            assert verdict.ok, verdict.text()
        assert verdict.events == game.events


def test_the_fold_of_the_log_is_the_engines_table_with_flowers_held(flower_card: Any) -> None:
    """Wherever a seat decides, and at every deal's end, the table folded from the log (which reads no ruleset)
    is the engine's own: a flower in a hand, in the discards and in a claimed kong where the engine has it."""
    engine: dict[int, dict[str, Any]] = {}
    events: list[dict[str, Any]] = []
    holder: dict[str, Game] = {}

    def emit(event: dict[str, Any]) -> None:
        events.append(json.loads(json.dumps(event)))
        if event["type"] == "decision":
            engine[event["n"] - 1] = full_table_view(holder["game"].table)
        elif event["type"] == "deal_end":
            engine[event["n"]] = full_table_view(holder["game"].table)

    holder["game"] = game = Game(flower_card, make_bots(RANDOM, 7), 7, emit=emit, max_deals=2)
    header = {"seats": [{"seat": i} for i in range(4)], "ruleset": {"id": flower_card.id}, "players": 4}
    game.play()
    compared = flowered = 0
    for event, table in zip(events, fold(header, events), strict=True):
        if event["n"] in engine:
            folded, expected = table.view(), engine[event["n"]]
            for view in (folded, expected):
                del view["phase"], view["clock_ms"]
            assert folded == expected, (event, folded, expected)
            compared += 1
            flowered += any("1f" in s["concealed"] + s["discards"] for s in folded["seats"])
    assert compared > 100 and flowered > 50


def test_the_greedy_bot_plays_a_hand_holding_flowers_legally(flower_card: Any) -> None:
    """Shanten measures the 34 kinds only: where a hand counts more, the greedy bot plays plainly (a win taken,
    tiles outside the 34 let go first) instead of asking shanten of a hand it cannot measure."""
    conserved = TileConservation()
    events: list[dict[str, Any]] = []
    Game(flower_card, make_bots(["greedy"] * 4, 5), 5, emit=events.append, max_deals=2,
         observers=[conserved]).play()
    assert conserved.checked > 200 and sum(e["type"] == "deal_end" for e in events) == 2
    turns = [e for e in events if e["type"] == "decision" and e.get("phase") == "turn"]
    assert any(e["tile"] == "1f" for e in turns)
