"""Tiles as data (issue 30, item 1): a ruleset's own tile set plays, replays, audits, and sits beside others.

The proof ruleset (``tile_sets/odd_tiles.yaml``) is Chinese Classical with characters 1 and 9 only, North set
aside as a bonus tile, the four animals, a red five of dots and of bamboo, and four jokers.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.audit.check import check
from mahjong_core.conformance.invariants import TileConservation
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import InvariantBroken, RulesetError
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.tiles import NORTH, build_tiles, register_extra_kind
from mahjong_core.log.fold import fold
from mahjong_core.log.redaction import full_table_view
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import bind, hookimpl
from mahjong_core.rules import load_ruleset

ODD = Path(__file__).parent / "tile_sets" / "odd_tiles.yaml"
BOTS = ["greedy", "random", "greedy", "random"]
GAMES = 50
DEALS = 4  # the shorter games of the other tests: four deals deal every kind of this set


@pytest.fixture(scope="module")
def odd() -> Any:
    return load_ruleset(str(ODD))


def test_the_odd_set_is_what_its_data_says(odd: Any) -> None:
    tiles = odd.tiles()
    codes = [tiles.code(k) for k in tiles.tiles]
    assert len(tiles.tiles) == 8 + 36 + 36 + 16 + 12 + 4 + 4
    assert not {"2m", "5m", "8m"} & set(codes) and codes.count("1m") == codes.count("9m") == 4
    assert codes.count("5p") == codes.count("5s") == 3 and codes.count("0p") == codes.count("0s") == 1
    assert codes.count("1j") == 4 and [c for c in codes if c.endswith("a")] == ["1a", "2a", "3a", "4a"]
    assert tiles.is_bonus(NORTH) and tiles.plays_as[NORTH] == -1
    assert tiles.plays_as[tiles.kind_of("0p")] == tiles.kind_of("5p")
    assert not tiles.standard and load_ruleset("chinese_classical").tiles().standard
    # Built once and kept, so that a plugin may ask at every decision; the binding's is the same set.
    assert odd.tiles() is tiles and bind(odd).tiles is tiles


def _emitted(ruleset: Any, seed: int, events: list[str], wait: Callable[[], None] = lambda: None) -> Game:
    def emit(event: dict[str, Any]) -> None:
        events.append(json.dumps(event, sort_keys=True))
        wait()

    return Game(ruleset, make_bots(BOTS, seed), seed, emit=emit, max_deals=DEALS)


def test_fifty_games_simulate_replay_byte_identically_and_audit_clean(odd: Any, tmp_path: Path) -> None:
    seen: set[str] = set()
    for seed in range(GAMES):
        first, again = tmp_path / f"a{seed}.jsonl", tmp_path / f"b{seed}.jsonl"
        game = play_game(odd, seed, BOTS, replay=first)
        play_game(odd, seed, BOTS, replay=again)
        assert first.read_bytes() == again.read_bytes()
        for mode in ("replay", "audit"):
            verdict = check(str(first), mode)
            assert verdict.ok, verdict.text()
        assert verdict.events == game.events
        text = first.read_text(encoding="utf-8")
        seen |= {code for code in ("0p", "0s", "1j", "1a", "2a", "3a", "4a", "4z") if f'"{code}"' in text}
    assert seen == {"0p", "0s", "1j", "1a", "2a", "3a", "4a", "4z"}  # every kind of its own was dealt or drawn


def test_two_tile_sets_play_side_by_side_in_one_process(odd: Any) -> None:
    """The odd set's game and a standard one, event for event in turn, each as it plays alone."""
    standard = load_ruleset("chinese_classical")
    alone = {name: [] for name in ("odd", "standard")}  # type: dict[str, list[str]]
    _emitted(odd, 7, alone["odd"]).play()
    _emitted(standard, 7, alone["standard"]).play()

    together: dict[str, list[str]] = {"odd": [], "standard": []}
    turn = threading.Condition()
    state = {"next": "odd", "done": set()}  # type: dict[str, Any]

    def run(name: str, ruleset: Any) -> None:
        other = "standard" if name == "odd" else "odd"

        def wait() -> None:
            with turn:
                state["next"] = other
                turn.notify_all()
                turn.wait_for(lambda: state["next"] == name or other in state["done"])

        with turn:
            turn.wait_for(lambda: state["next"] == name)
        try:
            _emitted(ruleset, 7, together[name], wait).play()
        finally:
            with turn:
                state["done"].add(name)
                state["next"] = other
                turn.notify_all()

    threads = [threading.Thread(target=run, args=(n, r)) for n, r in (("odd", odd), ("standard", standard))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert together == alone
    assert sum(len(v) for v in together.values()) > 2 * 100


class _Scored:
    """A house tweak that keeps every hand the game asks a family to score (and scores none itself)."""

    def __init__(self) -> None:
        self.hands: list[Hand] = []

    @hookimpl
    def mahjong_score_hand(self, ruleset: Any, hand: Hand, context: Mapping[str, Any]) -> None:
        self.hands.append(hand)


def test_red_fives_and_jokers_reach_the_hand_a_family_scores(odd: Any) -> None:
    spy = _Scored()
    for seed in range(10):
        Game(odd, make_bots(BOTS, seed), seed, max_deals=DEALS, house_tweaks=[spy]).play()
    marked = [h for h in spy.hands if h.marked]
    assert marked and all(k in (13, 22) for h in marked for k in h.marked)  # 5p and 5s, the fives it marks
    assert all(h.all_tiles().count(k) >= h.marked.count(k) for h in marked for k in h.marked)
    assert any(h.jokers for h in spy.hands) and any(NORTH in h.bonus for h in spy.hands)


@pytest.mark.parametrize(
    ("entries", "place", "words"),
    [
        ([{"group": "dots", "copies": 0}], "$.tile_set[0].copies", "positive integer"),
        ([{"group": "dots", "copies": 4, "ranks": [0]}], "$.tile_set[0].ranks[0]", "ranks 1-9"),
        ([{"group": "dots", "copies": 4}, {"marked": "5m", "copies": 1}], "$.tile_set[1].marked",
         "does not hold 5m"),
        ([{"group": "dots", "copies": 4}, {"marked": "4p", "copies": 1}], "$.tile_set[1].marked", "a five"),
        ([{"group": "dots", "copies": 4}, {"marked": "5p", "copies": 5}], "$.tile_set[1].copies", "only 4"),
        ([{"group": "dots", "copies": 4}, {"bonus": ["1f"]}], "$.tile_set[1].bonus[0]", "bonus tiles already"),
        ([{"group": "dots", "copies": 4}, {"bonus": ["4z"]}], "$.tile_set", "does not hold it"),
        ([{"group": "dots", "copies": 4}, {"marked": "5p", "copies": 1}, {"bonus": ["5p"]}], "$.tile_set",
         "cannot also be a bonus tile"),
        ([{"group": "jokers", "copies": 8}], "$.tile_set[0]", "no playing tile"),
        ([{"group": "dots", "copies": 4}, {"group": "dots", "copies": 1}], "$.tile_set[1]", "twice"),
        ([{"group": "dots", "copies": 4, "marked": "5p"}], "$.tile_set[0].marked", "unknown key"),
        # joker frames: for jokers only, rectangle first, each once, the copies shared out evenly
        ([{"group": "dots", "copies": 4, "frames": ["rectangle", "circle"]}], "$.tile_set[0].frames",
         "for jokers only"),
        ([{"group": "dots", "copies": 4}, {"group": "jokers", "copies": 2, "frames": ["circle", "rectangle"]}],
         "$.tile_set[1].frames", "rectangle (the plain codes, 1j) first"),
        ([{"group": "dots", "copies": 4}, {"group": "jokers", "copies": 2, "frames": ["rectangle", "rectangle"]}],
         "$.tile_set[1].frames", "each once"),
        ([{"group": "dots", "copies": 4}, {"group": "jokers", "copies": 2, "frames": ["rectangle", "oval"]}],
         "$.tile_set[1].frames", "from ['rectangle', 'diamond', 'circle']"),
        ([{"group": "dots", "copies": 4}, {"group": "jokers", "copies": 4, "frames": ["rectangle", "diamond",
                                                                                    "circle"]}],
         "$.tile_set[1].copies", "4 copies of each joker cannot be shared out evenly among 3 frames"),
    ],
)
def test_a_bad_tile_set_is_named_at_its_place(entries: list[dict[str, Any]], place: str, words: str) -> None:
    with pytest.raises(RulesetError) as info:
        build_tiles(entries)
    assert info.value.place == place and words in info.value.message


def test_a_bad_tile_set_in_a_file_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "red.yaml"
    path.write_text(ODD.read_text(encoding="utf-8").replace("{marked: 5p, copies: 1}", "{marked: 5m, copies: 1}"),
                    encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert str(path) in str(info.value) and "line 18" in str(info.value)
    assert info.value.place == "$.parameters.tile_set.value[6].marked"
    assert "does not hold 5m" in info.value.message


def test_register_extra_kind_is_gone_and_says_where_kinds_are_declared() -> None:
    with pytest.raises(RulesetError) as info:
        register_extra_kind("1j", "joker", "\U0001F02A", "jokers")
    assert "tile_set" in info.value.message and "{group: jokers" in info.value.message



class _NoMiddleCharacters:
    """A plugin that plays a standard ruleset without 2m-8m: its tile set is this hook's answer, not the data's."""

    @hookimpl
    def mahjong_tile_set(self, ruleset: Any) -> tuple[int, ...]:
        return tuple(t for t in ruleset.tile_set() if not 1 <= t <= 7)


def test_tiles_are_conserved_counts_the_tiles_the_game_plays_with() -> None:
    ruleset = load_ruleset("chinese_classical")
    conserved = TileConservation()  # the game's own tiles, as its wall was built
    Game(ruleset, make_bots(BOTS, 3), 3, max_deals=2, observers=[conserved],
         house_tweaks=[_NoMiddleCharacters()]).play()
    assert conserved.checked > 100
    with pytest.raises(InvariantBroken, match="missing"):  # the data's 136 tiles are not on this table
        Game(ruleset, make_bots(BOTS, 3), 3, max_deals=1, observers=[TileConservation(ruleset.tile_set())],
             house_tweaks=[_NoMiddleCharacters()]).play()


def test_the_fold_of_the_log_is_the_engines_table_with_red_fives_jokers_and_animals(odd: Any) -> None:
    """Wherever a seat decides, and at every deal's end, the table folded from the log is the engine's own view:
    red fives where they lie (a discarded one by its own code), animals, North and jokers set aside."""
    engine: dict[int, dict[str, Any]] = {}
    events: list[dict[str, Any]] = []
    holder: dict[str, Game] = {}

    def emit(event: dict[str, Any]) -> None:
        events.append(json.loads(json.dumps(event)))
        if event["type"] == "decision":  # the table the seat decided on: the fold's after the event before
            engine[event["n"] - 1] = full_table_view(holder["game"].table)
        elif event["type"] == "deal_end":
            engine[event["n"]] = full_table_view(holder["game"].table)

    holder["game"] = game = Game(odd, make_bots(BOTS, 11), 11, emit=emit, max_deals=DEALS)
    header = {"seats": [{"seat": i} for i in range(4)], "ruleset": {"id": odd.id}, "players": 4}
    game.play()
    compared = marked = 0
    for event, table in zip(events, fold(header, events), strict=True):
        if event["n"] in engine:
            folded, expected = table.view(), engine[event["n"]]
            for view in (folded, expected):
                del view["phase"], view["clock_ms"]
                for seat in view["seats"]:  # the engine sets a dealt bonus tile aside at the deal, the log as it
                    seat["bonus"].sort()    # replaces it (as with flowers): the same tiles, in another order
            assert folded == expected, (event, folded, expected)
            compared += 1
            marked += any(t in ("0p", "0s") for s in folded["seats"] for t in s["concealed"] + s["discards"])
    assert compared > 100 and marked > 10


def test_jokers_told_apart_by_their_frames_are_joker_kinds_of_their_own() -> None:
    """``frames`` shares a joker's copies among its frames: the rectangle's keep the plain codes (``1j``), a
    diamond's and a circle's are joker kinds of their own (``1d``, ``1c``), each a copy of its plain kind."""
    tiles = build_tiles([{"group": "dots", "copies": 4},
                         {"group": "jokers", "copies": 3, "kinds": 2, "frames": ["rectangle", "diamond", "circle"]}])
    codes = [tiles.code(k) for k in sorted(tiles.jokers)]
    assert codes == ["1j", "2j", "1d", "2d", "1c", "2c"]
    assert all(n == 1 for k, n in tiles.copies().items() if k in tiles.jokers)
    j1, j2, d1, d2, c1, c2 = sorted(tiles.jokers)
    assert tiles.framed == ((d1, j1, 1), (d2, j2, 1), (c1, j1, 2), (c2, j2, 2))
    assert [tiles.plain_joker(k) for k in (j1, d1, c1, d2, 9)] == [j1, j1, j1, j2, 9]
    assert tiles.kinds[d2] is not None and tiles.kinds[d2].name == "joker 2 in a diamond frame"
    plain = build_tiles([{"group": "dots", "copies": 4}, {"group": "jokers", "copies": 3, "kinds": 2}])
    assert not plain.framed and [plain.code(k) for k in sorted(plain.jokers)] == ["1j", "2j"]
