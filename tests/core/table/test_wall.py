"""The wall ceremony of seed 001 and the wall's bookkeeping.

Geometry expected here is written out independently of ``wall.py``: the ring
of stacks clockwise from the dealer's right end is East's side, then North's,
West's, South's (seats go counter-clockwise E, S, W, N: 000 line 306).
"""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.errors import RulesetError
from mahjong_core.hand.tiles import build_tile_set
from mahjong_core.table.rng import Rng, deal_rng
from mahjong_core.table.wall import CLOCKWISE_SIDES, Ceremony, Wall, WallError, clockwise_sides, side_lengths

SUITS_AND_HONOURS = [{"group": g, "copies": 4} for g in ("characters", "dots", "bamboo", "winds", "dragons")]
SET_136 = build_tile_set(SUITS_AND_HONOURS)
SET_144 = build_tile_set(SUITS_AND_HONOURS + [{"group": "flowers", "copies": 1}, {"group": "seasons", "copies": 1}])
TRADITIONAL = {"dice": 2, "loose_tiles": 2, "deal_pattern": [4, 4, 4, 1], "dealer_extra": 1}
# 001 line 51: first total -> side whose wall is broken (0 East, 1 South, 2 West, 3 North).
SIDE_OF_TOTAL = {2: 1, 6: 1, 10: 1, 3: 2, 7: 2, 11: 2, 4: 3, 8: 3, 12: 3, 5: 0, 9: 0}


def shuffled(tile_set: tuple[int, ...], seed: int) -> list[int]:
    tiles = list(tile_set)
    Rng.from_seed(seed).shuffle(tiles)
    return tiles


def ring_start(side: int, stacks_per_side: int) -> int:
    """Global stack index of a side's first stack (its owner's right end)."""
    return {0: 0, 3: 1, 2: 2, 1: 3}[side] * stacks_per_side


def throw_for(total: int) -> list[int]:
    return [total // 2, total - total // 2]


@pytest.mark.parametrize("tile_set", [SET_136, SET_144], ids=["136", "144"])
@pytest.mark.parametrize("first", range(2, 13))
@pytest.mark.parametrize("second", [2, 7, 12])
def test_dice_choose_side_and_break(tile_set: tuple[int, ...], first: int, second: int) -> None:
    order = shuffled(tile_set, first * 100 + second)
    wall = Wall.from_order(order, TRADITIONAL, dice=[throw_for(first), throw_for(second)], tile_set=tile_set)
    side = SIDE_OF_TOTAL[first]
    per_side = len(tile_set) // 8
    g = ring_start(side, per_side) + second - 1  # counted clockwise from the right end (001 line 53)
    assert [e for e in wall.events if e["type"] == "break"] == [{"type": "break", "side": side, "position": second}]
    assert [e["thrower"] for e in wall.events if e["type"] == "dice"] == [0, side]
    # The live wall runs clockwise from the stack after the break; the break
    # stack's two tiles are the loose tiles, top one taken first.
    live = order[2 * g + 2 :] + order[: 2 * g]
    assert wall.remaining() == live + [order[2 * g], order[2 * g + 1]]
    assert wall.live_count() == len(tile_set) - 2
    assert wall.draw() == order[(2 * g + 2) % len(order)]


def test_replacements_and_refill_follow_001() -> None:
    order = shuffled(SET_136, 7)
    wall = Wall.from_order(order, TRADITIONAL, dice=[[1, 2], [3, 2]], tile_set=SET_136)  # West, stack 5
    g = ring_start(2, 17) + 4
    live_before = wall.live_count()
    assert wall.draw_replacement() == order[2 * g]  # top of the break stack
    assert wall.live_count() == live_before
    assert wall.draw_replacement() == order[2 * g + 1]
    # Both loose tiles gone: two new ones from the end of the wall (001 line 91).
    assert wall.live_count() == live_before - 2
    assert wall.loose_count() == 2
    assert wall.events[-1] == {"type": "loose", "count": 2, "refill": True}
    assert wall.draw_replacement() == order[2 * g - 2]  # top of the stack before the break
    assert wall.draw_replacement() == order[2 * g - 1]
    wall.verify()


def test_dead_end_without_loose_tiles() -> None:
    order = shuffled(SET_144, 8)
    wall = Wall.from_order(order, {**TRADITIONAL, "loose_tiles": 0}, dice=[[2, 3], [1, 1]], tile_set=SET_144)
    g = ring_start(0, 18) + 1  # East, stack 2
    assert wall.live_count() == 144
    assert wall.remaining()[-2:] == [order[2 * g], order[2 * g + 1]]
    assert wall.draw_replacement() == order[2 * g]
    assert wall.draw_replacement() == order[2 * g + 1]
    assert wall.draw_replacement() == order[2 * g - 2]
    assert wall.live_count() == 141


def test_dead_wall_tile_looks_at_the_dead_end_without_taking() -> None:
    """A rule may turn a tile of the dead end face up (riichi's dora indicator): counted from the break as the wall
    was broken, top tile before bottom, the position stays put while replacement tiles are taken in front of it."""
    order = shuffled(SET_136, 11)
    wall = Wall.from_order(order, {**TRADITIONAL, "loose_tiles": 0}, dice=[[2, 3], [1, 1]], tile_set=SET_136)
    wall.deal()
    g = ring_start(0, 17) + 1  # East, stack 2: the break stack ends the wall
    expected = {k: order[(2 * (g - k // 2) + k % 2) % 136] for k in range(14)}
    before = (wall.remaining(), wall.live_count())
    assert {k: wall.dead_wall_tile(k) for k in range(14)} == expected
    assert (wall.remaining(), wall.live_count()) == before  # looked at, not taken
    assert [wall.draw_replacement() for _ in range(3)] == [expected[0], expected[1], expected[2]]
    assert wall.dead_wall_tile(4) == expected[4] and wall.dead_wall_tile(3) == expected[3]
    for taken in (0, 2):
        with pytest.raises(WallError, match="has been taken"):
            wall.dead_wall_tile(taken)
    for bad in (-1, 136, True, "4"):
        with pytest.raises(WallError, match="no tile"):
            wall.dead_wall_tile(bad)  # type: ignore[arg-type]


def test_dead_wall_tile_refuses_a_tile_drawn_or_laid_out_as_a_loose_tile() -> None:
    order = shuffled(SET_136, 12)
    wall = Wall.from_order(order, TRADITIONAL)  # no dice: the order is the draw order, the last stack loose
    with pytest.raises(WallError, match="has been taken"):
        wall.dead_wall_tile(1)  # a loose tile lies apart, no longer in the wall
    assert wall.dead_wall_tile(2) == order[132]
    wall.deal()
    while wall.live_count() > 2:
        wall.draw()
    assert wall.dead_wall_tile(2) == order[132]  # the last stack of the live wall, its top drawn first
    wall.draw()
    with pytest.raises(WallError, match="has been taken"):
        wall.dead_wall_tile(2)
    assert wall.dead_wall_tile(3) == order[133]


def test_break_count_variants() -> None:
    order = shuffled(SET_144, 9)
    both = Wall.from_order(order, {"break_count": "both_throws"}, dice=[[6, 6], [6, 6]])
    # 12 -> North; 24 stacks from North's right end run on clockwise to West's 6th.
    assert both.events[3] == {"type": "break", "side": 2, "position": 6}
    single = Wall.from_order(order, {"throws": 1}, dice=[[3, 4]])
    assert [e["type"] for e in single.events] == ["build", "dice", "break", "loose"]
    assert single.events[2] == {"type": "break", "side": 2, "position": 7}


def test_deal_pattern_order() -> None:
    """4-4-4 in turn from the dealer, then 1 each, then the dealer's 14th (001 line 57)."""
    order = shuffled(SET_144, 10)
    wall = Wall.from_order(order, TRADITIONAL)  # no dice: order is the draw order
    hands = wall.deal()
    assert [len(h) for h in hands] == [14, 13, 13, 13]
    expected: list[list[int]] = [[], [], [], []]
    pos = 0
    for k in (4, 4, 4, 1):
        for seat in range(4):
            expected[seat] += order[pos : pos + k]
            pos += k
    expected[0].append(order[pos])
    assert hands == expected
    assert wall.remaining() == order[53:142] + order[142:]
    assert wall.live_count() == 144 - 53 - 2
    assert [e for e in wall.events if e["type"] == "deal"][:2] == [
        {"type": "deal", "seat": 0, "count": 4},
        {"type": "deal", "seat": 1, "count": 4},
    ]
    assert wall.events[-1] == {"type": "deal", "seat": 0, "count": 1}
    with pytest.raises(WallError):
        wall.deal()


def test_three_players() -> None:
    wall = Wall(SET_136, deal_rng(5, 0, 0), TRADITIONAL, players=3, exhaustive_draw_tiles_left=14)
    assert [len(h) for h in wall.deal()] == [14, 13, 13]
    assert wall.live_count() == 136 - 40 - 2


def test_exhaustive_draw_counts_live_tiles_only() -> None:
    wall = Wall(SET_136, deal_rng(1, 0, 0), TRADITIONAL, exhaustive_draw_tiles_left=14)
    wall.deal()
    assert wall.live_count() == 81
    draws = 0
    while not wall.is_exhausted():
        wall.draw()
        draws += 1
    assert draws == 67
    assert wall.live_count() == 14
    assert wall.loose_count() == 2
    wall.verify()


@pytest.mark.parametrize("tile_set", [SET_136, SET_144], ids=["136", "144"])
def test_seeded_wall_is_the_tile_set(tile_set: tuple[int, ...]) -> None:
    wall = Wall(tile_set, deal_rng("club", 2, 3), TRADITIONAL)
    assert sorted(wall.order) == sorted(tile_set)
    assert len(wall.throws) == 2
    assert all(1 <= d <= 6 for throw in wall.throws for d in throw)
    assert [e["values"] for e in wall.events if e["type"] == "dice"] == [list(t) for t in wall.throws]


def test_seeded_wall_uses_its_own_substreams() -> None:
    rng = deal_rng(42, 0, 0)
    wall = Wall(SET_144, rng, TRADITIONAL)
    tiles = sorted(SET_144)
    rng.derive("wall").shuffle(tiles)
    assert list(wall.order) == tiles
    dice = rng.derive("dice")
    assert wall.throws == (dice.dice(2), dice.dice(2))
    fresh = deal_rng(42, 0, 0)
    assert rng.next_u64() == fresh.next_u64()  # building the wall consumed nothing


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**64), st.integers(0, 2**64))
def test_same_seed_same_wall_different_seed_different_wall(a: int, b: int) -> None:
    first = Wall(SET_136, deal_rng(a, 0, 0), TRADITIONAL)
    again = Wall(SET_136, deal_rng(a, 0, 0), TRADITIONAL)
    assert first.order == again.order and first.events == again.events
    assert first.deal() == again.deal()
    if a != b:
        assert Wall(SET_136, deal_rng(b, 0, 0), TRADITIONAL).order != first.order
    assert Wall(SET_136, deal_rng(a, 0, 1), TRADITIONAL).order != first.order


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    big=st.booleans(),
    loose=st.integers(0, 3),
    threshold=st.integers(0, 20),
    ops=st.lists(st.sampled_from(["draw", "draw", "draw", "replace"]), max_size=200),
)
def test_conservation_until_exhausted(seed: int, big: bool, loose: int, threshold: int, ops: list[str]) -> None:
    tile_set = SET_144 if big else SET_136
    ceremony = {**TRADITIONAL, "loose_tiles": loose}
    wall = Wall(tile_set, deal_rng(seed, 0, 0), ceremony, exhaustive_draw_tiles_left=threshold)
    given_out = [t for hand in wall.deal() for t in hand]
    for op in ops:
        if wall.is_exhausted():
            break
        live = wall.live_count()
        if op == "draw":
            given_out.append(wall.draw())
            assert wall.live_count() == live - 1
        else:
            given_out.append(wall.draw_replacement())
            assert 0 <= live - wall.live_count() <= max(loose, 1)
        assert Counter(given_out) + Counter(wall.remaining()) == Counter(tile_set)
        assert len(wall.remaining()) == wall.live_count() + wall.loose_count()
    assert sorted(wall.taken()) == sorted(given_out)
    wall.verify()
    # Past the threshold the wall still gives what it has, then refuses.
    while wall.live_count():
        wall.draw()
    with pytest.raises(WallError):
        wall.draw()
    while wall.loose_count() or (loose == 0 and wall.live_count()):
        wall.draw_replacement()
    with pytest.raises(WallError):
        wall.draw_replacement()
    assert wall.remaining() == []
    assert sorted(wall.taken()) == sorted(tile_set)


@given(st.lists(st.integers(1, 6), min_size=4, max_size=4), st.integers(0, 1000))
def test_any_recorded_dice_conserve_tiles(dice: list[int], seed: int) -> None:
    order = shuffled(SET_144, seed)
    wall = Wall.from_order(order, TRADITIONAL, dice=[dice[:2], dice[2:]], tile_set=SET_144)
    assert sorted(wall.remaining()) == sorted(SET_144)
    hands = wall.deal()
    assert sorted([t for h in hands for t in h] + wall.remaining()) == sorted(SET_144)


def test_commitment() -> None:
    order = shuffled(SET_144, 11)
    wall = Wall.from_order(order, TRADITIONAL)
    assert wall.commitment(b"abc") == hashlib.sha256(b"abc" + bytes(order)).hexdigest()
    assert wall.commitment(b"abc") != wall.commitment(b"abd")
    i = next(i for i in range(1, len(order)) if order[i] != order[0])
    swapped = list(order)
    swapped[0], swapped[i] = swapped[i], swapped[0]
    assert Wall.from_order(swapped, TRADITIONAL).commitment(b"abc") != wall.commitment(b"abc")
    wall.deal()
    wall.draw()
    assert wall.commitment(b"abc") == hashlib.sha256(b"abc" + bytes(order)).hexdigest()  # fixed at the build


def test_from_order_rejects_a_wrong_set() -> None:
    order = list(SET_136)
    order[0] = order[-1]
    with pytest.raises(WallError) as info:
        Wall.from_order(order, TRADITIONAL, tile_set=SET_136)
    assert info.value.place == "wall"
    assert "missing 1m" in info.value.message and "extra 7z" in info.value.message
    with pytest.raises(WallError):
        Wall.from_order(list(SET_136) + [0], TRADITIONAL)
    with pytest.raises(WallError):
        Wall.from_order([0, 1, 2, 256] * 34, TRADITIONAL)


@pytest.mark.parametrize(
    ("dice", "place"),
    [
        ([[1, 2]], "dice"),
        ([[1, 2], [3]], "dice[1]"),
        ([[1, 7], [3, 3]], "dice[0][1]"),
        ([[0, 1], [3, 3]], "dice[0][0]"),
    ],
)
def test_from_order_rejects_bad_dice(dice: list[list[int]], place: str) -> None:
    with pytest.raises(WallError) as info:
        Wall.from_order(list(SET_136), TRADITIONAL, dice=dice)
    assert info.value.place == place


@pytest.mark.parametrize(
    ("params", "place"),
    [
        ({"dice": 0}, "$.wall_ceremony.dice"),
        ({"throws": 3}, "$.wall_ceremony.throws"),
        ({"throws": True}, "$.wall_ceremony.throws"),
        ({"loose_tiles": -1}, "$.wall_ceremony.loose_tiles"),
        ({"deal_pattern": []}, "$.wall_ceremony.deal_pattern"),
        ({"deal_pattern": [4, 0]}, "$.wall_ceremony.deal_pattern[1]"),
        ({"break_count": "sum"}, "$.wall_ceremony.break_count"),
        ({"dealer_extra": 1.5}, "$.wall_ceremony.dealer_extra"),
        ({"dices": 2}, "$.wall_ceremony.dices"),
        ([2, 2], "$.wall_ceremony"),
    ],
)
def test_bad_ceremony_params_are_located(params: object, place: str) -> None:
    with pytest.raises(RulesetError) as info:
        Ceremony.from_params(params)  # type: ignore[arg-type]
    assert info.value.place == place


def test_ceremony_defaults_are_001() -> None:
    assert Ceremony.from_params(None) == Ceremony.from_params(TRADITIONAL) == Ceremony()
    assert Ceremony.from_params({"deal_pattern": [4, 4, 4, 1]}).deal_pattern == (4, 4, 4, 1)


def test_bad_threshold_and_too_small_deal() -> None:
    with pytest.raises(RulesetError):
        Wall(SET_136, deal_rng(0, 0, 0), TRADITIONAL, exhaustive_draw_tiles_left=-1)
    tiny = Wall.from_order(list(range(8)) * 2, TRADITIONAL)
    with pytest.raises(WallError):
        tiny.deal()


# ---------------------------------------------------------------------------
# Two and three players: one side each (the module's "Two and three players")
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "sides"), [(4, [18, 18, 18, 18]), (3, [24, 24, 24]), (2, [36, 36])])
def test_each_player_builds_one_side(players: int, sides: list[int]) -> None:
    wall = Wall(SET_144, deal_rng(3, 0, 0), TRADITIONAL, players=players)
    assert wall.events[0] == {"type": "build", "tiles": 144, "sides": sides}


def test_uneven_stacks_go_to_the_first_sides() -> None:
    assert side_lengths(136, 3) == (23, 23, 22) and side_lengths(136, 2) == (34, 34)
    assert side_lengths(136) == (17, 17, 17, 17) and side_lengths(140) == (18, 18, 17, 17)
    assert clockwise_sides(3) == (0, 2, 1) and clockwise_sides(2) == (0, 1) and clockwise_sides() == CLOCKWISE_SIDES


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([2, 3]), st.integers(0, 10**6))
def test_the_dice_pick_a_side_of_the_players_and_count_round_their_ring(players: int, seed: int) -> None:
    wall = Wall(SET_144, deal_rng(seed, 0, 0), TRADITIONAL, players=players)
    stacks = 72 // players
    first, second = wall.throws
    side = (sum(first) - 1) % players  # counted counter-clockwise from the dealer, dealer = 1
    assert [e["thrower"] for e in wall.events if e["type"] == "dice"] == [0, side]
    # The ring clockwise: side 0, then the last side down to side 1; the count runs clockwise from the side's
    # right end, past its end onto the next side.
    ring_index = {s: i for i, s in enumerate([0, *range(players - 1, 0, -1)])}
    stack = (ring_index[side] * stacks + sum(second) - 1) % 72
    broken = next(e for e in wall.events if e["type"] == "break")
    assert (broken["side"], broken["position"]) == ([0, *range(players - 1, 0, -1)][stack // stacks],
                                                    stack % stacks + 1)
    assert broken["side"] < players
    dealt = wall.deal()
    assert [len(h) for h in dealt] == [14] + [13] * (players - 1)
    assert wall.live_count() == 144 - 14 - 13 * (players - 1) - 2
