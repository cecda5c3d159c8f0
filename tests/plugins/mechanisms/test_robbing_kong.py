"""Robbing a concealed kong is the robbing-kong mechanism's rule (thirteen orphans only), asked through a hook."""

from __future__ import annotations

import pytest

from mahjong_core.engine.claims import offer_robbing
from mahjong_core.engine.flow import DealOver
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Table


def _counts(tiles: str) -> list[int]:
    counts = [0] * 34
    for tile in parse_tiles(tiles):
        counts[tile] += 1
    return counts


@pytest.mark.parametrize(("hand", "tile", "way", "answer"), [
    ("19m19p19s123456z6z", "7z", "concealed", True),  # the missing orphan completes thirteen orphans
    ("19m19p19s123567z7z", "4z", "concealed", True),
    ("23m456p789s11122z", "1m", "concealed", False),  # any other hand may not rob a concealed kong
    ("23m456p789s11122z", "1m", "added", None),  # an added kong: the mechanism defers (anyone the tile completes)
])
def test_the_mechanism_says_which_hands_may_rob_a_kong(hand: str, tile: str, way: str, answer: bool | None) -> None:
    ruleset = load_ruleset("traditional")
    pm = build_plugin_manager(bind(ruleset).plugins)
    table = Table(players=4, scores=[0] * 4)
    table.new_deal()
    table.seats[1].counts = _counts(hand)
    assert sum(table.seats[1].counts) == 13
    (kind,) = parse_tiles(tile)
    assert pm.hook.mahjong_may_rob_kong(ruleset=ruleset, table=table, seat=1, way=way, tile=kind) is answer


def test_the_engine_lets_only_thirteen_orphans_rob_a_concealed_kong() -> None:
    """Seats 1 and 2 wait on the kong's tile in four sets and a pair, seat 3 in thirteen orphans: only seat 3 robs."""
    game = Game(load_ruleset("traditional"), make_bots(["greedy"] * 4, 1), 1)
    t = game.table
    t.new_deal()
    (north,) = parse_tiles("4z")
    t.seats[0].counts = _counts("4444z123m456p789s1z")
    t.seats[1].counts = _counts("123m456p789s111z4z")
    t.seats[2].counts = _counts("123m456p789s555z4z")
    t.seats[3].counts = _counts("19m19p19s123567z7z")
    for seat in (1, 2, 3):
        t.seats[seat].calling = True  # traditional's calling-hand rule: only a declared calling hand may win
    with pytest.raises(DealOver) as over:
        offer_robbing(game, 0, north, "concealed")
    assert (over.value.outcome.winner, over.value.outcome.how, over.value.outcome.tile) == (3, "robbing_kong", north)
