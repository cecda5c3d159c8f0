"""Dora indicators (``plugins/mechanisms/dora_indicators.py``): the first at the deal, one for each kong at its
moment, the tiles under them for a declarer's win, and the facts scoring reads -- in seeded ``riichi_tenhou`` games
between declaring greedy bots and random bots (which make kongs of every way), and on tables set up by hand.

Sources: riichi.wiki, "Dora", "Kan" (Kandora timing), "Dead wall"; EMA 2016 riichi rules section 2.7.
"""

from __future__ import annotations

from typing import Any

import pytest
from mahjong_rulesets.families.riichi.scoring import indicated
from mahjong_rulesets.mechanisms import dora_indicators as mechanism
from riichi_play import deals, play

from mahjong_core import Game, load_ruleset, make_bots
from mahjong_core.plugin import Action, Rng, Ruleset, Table, Wall, parse_tiles
from mahjong_core.table.state import MeldKind, meld_of

RULESET = "riichi_tenhou"
RED = {"0m": "5m", "0p": "5p", "0s": "5s"}


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def games(ruleset: Ruleset) -> list[list[dict[str, Any]]]:
    """Eight games of declaring bots, and four where random bots sit beside them (kongs of every way)."""
    out = [play(ruleset, seed) for seed in range(8)]
    for seed in range(4):
        events: list[dict[str, Any]] = []
        Game(ruleset, make_bots(["random", "greedy", "random", "greedy"], seed), seed, emit=events.append).play()
        out.append(events)
    return out


def test_one_indicator_at_the_deal_and_one_per_kong_at_its_moment(games: list[list[dict[str, Any]]]) -> None:
    """A concealed kong's indicator follows it at once; an open or added kong's follows the konger's next discard."""
    timings = {"concealed": 0, "open": 0}
    for events in games:
        for deal in deals(events):
            shown = [e for e in deal if e["type"] == mechanism.INDICATOR]
            hands = next(k for k, e in enumerate(deal) if e["type"] == "hands")
            assert deal[hands + 1]["type"] == mechanism.INDICATOR and deal[hands + 1]["indicator"] == 1
            assert [e["indicator"] for e in shown] == list(range(1, len(shown) + 1)) and len(shown) <= 5
            kongs = 0
            for k, e in enumerate(deal):
                if e["type"] == "kong" and e["way"] == "concealed":
                    kongs += 1
                    assert deal[k + 1]["type"] == mechanism.INDICATOR and deal[k + 1]["indicator"] == kongs + 1
                    timings["concealed"] += 1
                elif e["type"] == "kong" or (e["type"] == "claim" and e["kind"] == "kong"):
                    kongs += 1
                    rest = deal[k + 1:]
                    discard = next((j for j, x in enumerate(rest) if x["type"] == "decision"
                                    and x["action"] == "discard"), None)
                    early = [x for x in rest[:discard] if x["type"] == mechanism.INDICATOR]
                    assert not early or early[0]["indicator"] <= kongs, "an open kong's indicator before the discard"
                    if discard is not None:
                        after = rest[discard + 1]
                        assert after["type"] == mechanism.INDICATOR and after["indicator"] == kongs + 1
                        timings["open"] += 1
            assert len(shown) == kongs + 1 or len(shown) == kongs  # a deal may end on a kong's replacement
    assert timings["concealed"] and timings["open"], timings


def test_the_first_indicator_is_the_top_of_the_third_stack_of_the_dead_wall(ruleset: Ruleset,
                                                                            games: list[list[dict[str, Any]]]) -> None:
    for seed in range(3):
        wall = Wall(ruleset.tile_set(), Rng.from_seed(seed).derive("deal", 0, 0), ruleset.value("wall_ceremony"),
                    exhaustive_draw_tiles_left=14)
        first = next(e for e in games[seed] if e["type"] == mechanism.INDICATOR)
        assert ruleset.tiles().codes()[wall.dead_wall_tile(4)] == first["tile"]


def test_ura_dora_are_shown_at_a_declarer_s_win_and_only_then(games: list[list[dict[str, Any]]]) -> None:
    shown = 0
    for events in games:
        for deal in deals(events):
            declared = {e["seat"] for e in deal if e["type"] == "riichi_declaration"}
            indicators = sum(e["type"] == mechanism.INDICATOR for e in deal)
            winners = [e["seat"] for e in deal if e["type"] == "mahjong"]
            ura = [e for e in deal if e["type"] == mechanism.URA]
            assert len(ura) == (1 if set(winners) & declared else 0), (winners, declared)
            if ura:
                assert len(ura[0]["tiles"]) == indicators
                shown += 1
    assert shown >= 5


def test_a_won_deal_s_dora_are_counted_from_the_indicators_shown(ruleset: Ruleset,
                                                                 games: list[list[dict[str, Any]]]) -> None:
    """The facts reach the family: each winner's dora (and a declarer's ura-dora) are its tiles the indicators
    shown by the win name, and its score has han and fu."""
    tiles = ruleset.tiles()
    counted = 0
    for events in games:
        for deal in deals(events):
            kinds: dict[str, list[int]] = {mechanism.INDICATOR: [], mechanism.URA: []}
            for e in deal:
                if e["type"] == mechanism.INDICATOR:
                    kinds[mechanism.INDICATOR].append(tiles.kind_of(RED.get(e["tile"], e["tile"])) or 0)
                elif e["type"] == mechanism.URA:
                    kinds[mechanism.URA] = [tiles.kind_of(RED.get(t, t)) or 0 for t in e["tiles"]]
                elif e["type"] == "score" and e["value"]:
                    held = [tiles.kind_of(RED.get(t, t)) for m in e["arrangement"]["melds"] for t in m["tiles"]]
                    items = {i["name"]: i["value"] * i.get("count", 1) for i in e["items"]}
                    expected = sum(held.count(indicated(k)) for k in kinds[mechanism.INDICATOR])
                    assert items.get("dora", 0) == expected, (e, kinds)
                    assert items.get("ura_dora", 0) <= sum(held.count(indicated(k)) for k in kinds[mechanism.URA])
                    assert e["raw"]["han"] >= 1 and e["raw"]["fu"] >= 20 or "yakuman" in e["raw"]
                    counted += bool(expected)
    assert counted >= 5


def test_no_fifth_kong_and_none_without_a_tile_to_draw(ruleset: Ruleset) -> None:
    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    t.wall = Wall(ruleset.tile_set(), Rng.from_seed(1).derive("deal", 0, 0), ruleset.value("wall_ceremony"),
                  exhaustive_draw_tiles_left=14)
    kong, discard = Action("kong", 0, way="concealed"), Action("discard", 0)
    ask = mechanism.mahjong_refused_options
    assert ask(ruleset=ruleset, table=t, seat=0, phase="turn", options=[kong, discard]) is None
    for seat, kind in ((1, 5), (1, 6), (2, 7), (3, 8)):
        t.seats[seat].melds.append(meld_of(MeldKind.KONG, (kind,) * 4, exposed=False))
    assert ask(ruleset=ruleset, table=t, seat=0, phase="turn", options=[kong, discard]) == [kong]
    t.wall = None  # no live wall: nothing to draw
    t.seats[3].melds.clear()
    assert ask(ruleset=ruleset, table=t, seat=0, phase="turn", options=[kong, discard]) == [kong]


def test_the_facts_are_the_indicators_as_played_and_ura_only_for_a_declarer(ruleset: Ruleset) -> None:
    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    t.tiles = ruleset.tiles()
    t.wall = Wall(ruleset.tile_set(), Rng.from_seed(2).derive("deal", 0, 0), ruleset.value("wall_ceremony"),
                  exhaustive_draw_tiles_left=14)
    red = t.tiles.kind_of("0p")
    assert red is not None
    t.shown = [red, parse_tiles("7z")[0]]
    facts = mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=0, how="discard")
    assert facts == {"dora_indicators": [parse_tiles("5p")[0], parse_tiles("7z")[0]]}
    t.seats[0].flags["riichi"] = 0
    facts = mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=0, how="discard")
    under = [t.tiles.plays_as[k] if t.tiles.plays_as[k] >= 0 else k
             for k in (t.wall.dead_wall_tile(5), t.wall.dead_wall_tile(7))]
    assert facts["ura_dora_indicators"] == under
