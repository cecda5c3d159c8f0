"""Jokers in chows and kongs of two or more jokers (issue 30, item 3), played.

The test ruleset ``jokers/joker_chows.yaml`` is example_jokers with its jokers let into chows
(``in: [pungs, chows, calls]``) and kongs declared with one tile of their kind and three jokers
(``kong_naturals: 1``).  Seeded games between greedy and random bots claim chows with a joker, declare
concealed kongs of one, two and three jokers, add a joker to a pung, and exchange jokers out of chows and
kongs; each game replays byte for byte and audits clean, its log folds to the engine's table, and every tile of
the set is somewhere after every event.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.conformance.invariants import TileConservation
from mahjong_core.engine.game import Game
from mahjong_core.engine.jokers import chow_runs, chow_stand_ins, joker_chow_shapes, joker_kong_shapes
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import HandError
from mahjong_core.hand.jokers import ANY_JOKER, JokerRule
from mahjong_core.hand.melds import ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.notation import format_hand, parse_hand
from mahjong_core.hand.tiles import KINDS
from mahjong_core.log.fold import fold
from mahjong_core.log.redaction import full_table_view
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Action, Seat

RULESET = Path(__file__).parent / "jokers" / "joker_chows.yaml"
BOTS = ["greedy", "random", "greedy", "random"]
SEEDS = range(6)
DEALS = 4
KIND = {kind.code: index for index, kind in enumerate(KINDS)}


@pytest.fixture(scope="module")
def ruleset() -> Any:
    return load_ruleset(str(RULESET))


@pytest.fixture(scope="module")
def logs(ruleset: Any, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = tmp_path_factory.mktemp("joker_melds")
    paths = []
    for seed in SEEDS:
        path = out / f"g{seed}.jsonl"
        play_game(ruleset, seed, BOTS, replay=path, max_deals=DEALS)
        paths.append(path)
    return paths


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return lines[0], lines[1:]


def melds_made(logs: list[Path]) -> Counter[tuple[str, str, int]]:
    """The joker melds the logs made: (event, kind or way, jokers in it)."""
    made: Counter[tuple[str, str, int]] = Counter()
    for path in logs:
        for e in read(path)[1]:
            if e["type"] == "claim" and e.get("jokers"):
                made["claim", e["kind"], len(e["jokers"])] += 1
            elif e["type"] == "kong" and e.get("jokers"):
                made["kong", e["way"], len(e["jokers"])] += 1
    return made


def test_the_ruleset_lets_jokers_into_chows_and_kongs_of_one_tile(ruleset: Any) -> None:
    assert ruleset.value("jokers")["in"] == ("pungs", "chows", "calls")
    assert ruleset.value("jokers")["kong_naturals"] == 1


def test_a_chow_is_claimed_with_a_joker_in_the_place_its_decision_names(logs: list[Path]) -> None:
    chows = 0
    for path in logs:
        events = read(path)[1]
        for k, e in enumerate(events):
            if e["type"] == "claim" and e["kind"] == "chow" and e.get("jokers"):
                chows += 1
                decision = next(d for d in reversed(events[:k]) if d["type"] == "decision" and d["actor"] == e["seat"])
                assert decision["phase"] == "claim" and decision["action"] == "chow", decision
                assert "1j" in decision["tiles"] and len(decision["tiles"]) == 2
                tiles = tuple(ANY_JOKER if c == "1j" else KIND[c] for c in decision["tiles"])
                stood = chow_stand_ins(tiles, KIND[e["tile"]])
                assert e["jokers"] == [KINDS[k].code for k in stood] and len(stood) == 1
                run = sorted(KIND[c] for c in e["tiles"])
                assert run == list(range(run[0], run[0] + 3)) and stood[0] in run, e
    assert chows >= 5, "too few joker chows claimed in the seeded games"


def test_kongs_hold_one_two_and_three_jokers(logs: list[Path]) -> None:
    made = melds_made(logs)
    assert made["kong", "concealed", 1] and made["kong", "concealed", 2] and made["kong", "concealed", 3], made
    assert made["kong", "added", 1], made  # a joker added to an exposed pung
    assert made["claim", "kong", 2], made  # a discard claimed into a kong with one tile and two jokers
    assert not made["claim", "chow", 2], made  # a chow of the discard and two jokers is never offered


def test_a_joker_is_exchanged_out_of_chows_and_kongs_from_the_first_meld_in_turn(logs: list[Path]) -> None:
    """Each exchange takes the joker standing for the tile given out of the first exposed meld holding one, looking
    at the seat's own melds and then the next seats' in turn (``exchange: any``)."""
    taken: Counter[tuple[str, int]] = Counter()
    for path in logs:
        header, events = read(path)
        before = None
        for e, table in zip(events, fold(header, events), strict=True):
            if e["type"] == "joker_exchange":
                assert before is not None
                order = [(e["seat"] + off) % 4 for off in range(4)]
                holders = [s for s in order if any(m["exposed"] and e["tile"] in m.get("jokers", [])
                                                   for m in before.seats[s].melds)]
                assert holders and holders[0] == e["owner"], (e, holders)
                meld = next(m for m in before.seats[e["owner"]].melds if e["tile"] in m.get("jokers", []))
                taken[meld["kind"], len(meld["jokers"])] += 1
                after = next(m for m in table.seats[e["owner"]].melds if m["tiles"] == meld["tiles"])
                assert len(after.get("jokers", [])) == len(meld["jokers"]) - 1
            before = copy.deepcopy(table)
    assert taken["chow", 1] and taken["kong", 2], taken


def test_every_game_replays_byte_identically_and_audits_clean(ruleset: Any, logs: list[Path],
                                                              tmp_path: Path) -> None:
    for seed, path in zip(SEEDS, logs, strict=True):
        again = tmp_path / f"again{seed}.jsonl"
        play_game(ruleset, seed, BOTS, replay=again, max_deals=DEALS)
        assert again.read_bytes() == path.read_bytes()
        for mode in ("replay", "audit"):
            verdict = check(str(path), mode)
            assert verdict.ok, verdict.text()


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_any_joker_meld_folds_back_to_the_table_and_keeps_every_tile(seed: int) -> None:
    """Wherever a seat decides and at every deal's end, the table folded from the log is the engine's; the tile
    conservation invariant watches every event; every kind a joker stands for is a playing kind of the set."""
    ruleset = load_ruleset(str(RULESET))
    tiles = ruleset.tiles()
    engine: dict[int, dict[str, Any]] = {}
    events: list[dict[str, Any]] = []
    holder: dict[str, Game] = {}

    def emit(event: dict[str, Any]) -> None:
        events.append(json.loads(json.dumps(event)))
        if event["type"] in ("decision", "deal_end"):
            at = event["n"] - 1 if event["type"] == "decision" else event["n"]
            engine[at] = full_table_view(holder["game"].table)

    conservation = TileConservation()
    holder["game"] = game = Game(ruleset, make_bots(BOTS, seed), seed, emit=emit, observers=(conservation,),
                                 max_deals=2)
    game.play()
    assert conservation.checked > 100
    header = {"seats": [{"seat": i} for i in range(4)], "ruleset": {"id": ruleset.id}, "players": 4}
    playing = {tiles.code(k) for k in tiles.tiles if tiles.plays_as[k] >= 0}
    for event, table in zip(events, fold(header, events), strict=True):
        for kind in event.get("jokers", []):
            assert kind in playing, event
        if event["n"] in engine:
            folded, expected = table.view(), engine[event["n"]]
            for view in (folded, expected):
                del view["phase"], view["clock_ms"]
            assert folded == expected, (event, folded, expected)


def test_joker_chow_shapes_name_the_jokers_place() -> None:
    counts = [0] * 34
    counts[KIND["4p"]] = counts[KIND["7p"]] = 1
    shapes = joker_chow_shapes(counts, KIND["5p"])
    assert [(tuple(KINDS[t].code if t != ANY_JOKER else "1j" for t in a.tiles)) for a in shapes] == \
        [("1j", "4p"), ("4p", "1j"), ("1j", "7p")]  # the runs 345, 456 and 567 of the 5p discarded
    assert [chow_stand_ins(a.tiles, KIND["5p"]) for a in shapes] == [(KIND["3p"],), (KIND["6p"],), (KIND["6p"],)]
    assert chow_runs(KIND["1z"]) == [] and chow_runs(KIND["1m"]) == [(KIND["2m"], KIND["3m"])]
    assert chow_stand_ins((ANY_JOKER, KIND["4p"]), KIND["5p"]) == (KIND["3p"],)


def test_kongs_declared_with_jokers_keep_the_rulesets_fewest_tiles() -> None:
    seat = Seat(counts=[0] * 34, joker_rule=JokerRule())
    seat.counts[KIND["5p"]], seat.counts[KIND["9s"]], seat.counts[KIND["1z"]] = 3, 2, 1
    seat.held_jokers = [34, 34, 34]

    def shapes(fewest: int) -> list[tuple[str, int]]:
        return [(KINDS[a.tile].code, len(a.tiles)) for a in joker_kong_shapes(seat, fewest) if a.tile is not None]

    assert shapes(3) == [("5p", 1)]  # as before: three of a kind held and a joker
    assert shapes(2) == [("5p", 1), ("9s", 2)]
    assert shapes(1) == [("5p", 1), ("9s", 2), ("1z", 3)]
    seat.held_jokers = [34]
    assert shapes(1) == [("5p", 1)]  # one joker makes only the kong of three held
    assert all(isinstance(a, Action) and a.way == "concealed" for a in joker_kong_shapes(seat, 1))


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(["pung", "kong", "chow"]), suit=st.sampled_from("mps"), rank=st.integers(1, 7),
       wild=st.integers(1, 3), mask=st.integers(0, 7), exposed=st.booleans())
def test_any_joker_meld_is_written_and_read_back_the_same(kind: str, suit: str, rank: int, wild: int, mask: int,
                                                          exposed: bool) -> None:
    """A pung or kong with jokers beside at least one playing tile, a chow with one joker: the notation writes it
    and reads it back."""
    tiles = load_ruleset("example_jokers").tiles()
    base = KIND[f"{rank}{suit}"]
    if kind == "chow":
        places = [i for i in range(3) if mask >> i & 1][:1] or [1]  # a chow holds one joker beside two tiles
        melded = Meld(MeldKind.CHOW, (base, base + 1, base + 2), True, ClaimedFrom.LEFT,
                      jokers=tuple(base + i for i in places))
    else:
        size = 3 if kind == "pung" else 4
        wild = min(wild, size - 1)
        melded = Meld(MeldKind.PUNG if kind == "pung" else MeldKind.KONG, (base,) * size, exposed or size == 3,
                      ClaimedFrom.LEFT if exposed or size == 3 else None, jokers=(base,) * wild)
    hand = Hand((KIND["1z"],) * 2, (melded,))
    text = format_hand(hand, tiles)
    assert parse_hand(text, tiles=tiles) == hand, text
    assert text.count("1j") == len(melded.jokers) if melded.kind is MeldKind.CHOW else "1j" in text


def test_a_chow_written_with_a_joker_out_of_its_run_is_refused_at_the_joker() -> None:
    tiles = load_ruleset("example_jokers").tiles()
    with pytest.raises(HandError, match="a joker in a meld stands for the kind of its pung or kong, or for its "
                                        "place in a chow") as refused:
        parse_hand("11z [58p1j<]", tiles=tiles)
    assert refused.value.place == "char 9"
    assert parse_hand("11z [5p1j7p<]", tiles=tiles).melds[0].jokers == (KIND["6p"],)
    two = Hand((KIND["1z"],) * 2, (Meld(MeldKind.CHOW, (0, 1, 2), True, ClaimedFrom.LEFT, jokers=(0, 1)),))
    with pytest.raises(HandError, match="one kind of its chow, beside two"):
        format_hand(two, tiles)


def test_the_viewer_shows_a_chows_joker_in_its_place_and_what_it_stands_for(
        logs: list[Path], capsys: pytest.CaptureFixture[str]) -> None:

    shown = set()
    for path in logs:
        for seat in range(4):
            assert main(["view", str(path), "--seat", str(seat), "--ascii"]) == 0
            out = capsys.readouterr().out
            for first, second, third, stands in re.findall(r"\[(\w\w) (\w\w) (\w\w)\] 1j=(\w\w)", out):
                run = [first, second, third]
                if len({t for t in run if t != "1j"}) < 2:
                    continue  # a pung
                place = run.index("1j")
                natural = next(i for i, t in enumerate(run) if t != "1j")
                assert stands == f"{int(run[natural][0]) - natural + place}{run[natural][1]}", (run, stands)
                shown.add(place)
    assert len(shown) >= 2, shown  # jokers in more than one place of their runs (the low end and the middle)
