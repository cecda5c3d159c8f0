"""Jokers in the hand algebra: complete exactly when some substitution of the jokers, inside the rule, is.

The oracle is a brute force of its own: every multiset of kinds the jokers could stand for (on hands drawn
from one suit and two honours, a fresh honour standing for every kind the hand does not touch), then a
plain decomposition of the labelled tiles in which a set holding a joker must be one the rule allows.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.errors import HandError
from mahjong_core.hand.jokers import (
    JokerRule,
    distance,
    is_complete_with_jokers,
    shanten_with_jokers,
    stand_ins,
    waits_with_jokers,
)
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.hand.shanten import shanten

#: The kinds the oracle's hands hold (1m..9m, East) and the fresh kind (South) that stands for every other.
ALPHABET = (*range(9), 27, 28)
RULES = [JokerRule(p, q, c) for p in (True, False) for q in (True, False) for c in (True, False)]


def parse_counts(text: str) -> bytes:
    counts = bytearray(34)
    for kind in parse_tiles(text):
        counts[kind] += 1
    return bytes(counts)


@cache
def _decomposes(nat: tuple[int, ...], jok: tuple[int, ...], sets: int, pair: int, rule: JokerRule) -> bool:
    k = next((i for i in range(34) if nat[i] or jok[i]), -1)
    if k < 0:
        return sets == 0 and pair == 0
    nat_, jok_ = list(nat), list(jok)

    def take(kinds: tuple[int, ...], allowed: bool) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every way of taking these kinds as natural or joker tiles (a joker only where allowed)."""
        ways: list[tuple[tuple[int, ...], tuple[int, ...]]] = [(tuple(nat_), tuple(jok_))]
        for kind in kinds:
            nxt = []
            for n, j in ways:
                if n[kind]:
                    nxt.append((n[:kind] + (n[kind] - 1,) + n[kind + 1:], j))
                if allowed and j[kind]:
                    nxt.append((n, j[:kind] + (j[kind] - 1,) + j[kind + 1:]))
            ways = nxt
        return ways

    def uses_joker(n: tuple[int, ...], size: int) -> bool:
        return sum(nat) - sum(n) < size

    if sets:
        for n, j in take((k, k, k), True):
            if (rule.pungs or not uses_joker(n, 3)) and _decomposes(n, j, sets - 1, pair, rule):
                return True
        if k < 27 and k % 9 <= 6:
            for n, j in take((k, k + 1, k + 2), True):
                if (rule.chows or not uses_joker(n, 3)) and _decomposes(n, j, sets - 1, pair, rule):
                    return True
    if pair:
        for n, j in take((k, k), True):
            if (rule.pairs or not uses_joker(n, 2)) and _decomposes(n, j, sets, 0, rule):
                return True
    return False


def oracle_complete(counts: bytes, jokers: int, rule: JokerRule) -> bool:
    n = sum(counts) + jokers
    if n % 3 != 2:
        return False
    for stands in combinations_with_replacement(ALPHABET, jokers):
        jok = [0] * 34
        for kind in stands:
            jok[kind] += 1
        if _decomposes(tuple(counts), tuple(jok), n // 3, 1, rule):
            return True
    return False


@st.composite
def small_hands(draw: st.DrawFn, tiles: tuple[int, ...] = (5, 8, 11)) -> tuple[bytes, int]:
    """Playing tiles from 1m..9m and East, and up to three jokers, 3k + 2 in all."""
    total = draw(st.sampled_from(tiles))
    jokers = draw(st.integers(0, min(3, total)))
    counts = [0] * 34
    kinds = [*range(9), 27]
    for _ in range(total - jokers):
        open_kinds = [k for k in kinds if counts[k] < 4]
        counts[draw(st.sampled_from(open_kinds))] += 1
    return bytes(counts), jokers


@settings(max_examples=300, deadline=None)
@given(small_hands(), st.sampled_from(RULES))
def test_complete_iff_some_substitution_is(hand: tuple[bytes, int], rule: JokerRule) -> None:
    counts, jokers = hand
    assert is_complete_with_jokers(counts, jokers, rule) == oracle_complete(counts, jokers, rule)


@settings(max_examples=200, deadline=None)
@given(small_hands(), st.sampled_from(RULES))
def test_a_reading_uses_every_tile_and_the_rule(hand: tuple[bytes, int], rule: JokerRule) -> None:
    counts, jokers = hand
    reading = stand_ins(counts, jokers, rule)
    if not is_complete_with_jokers(counts, jokers, rule):
        assert reading is None
        return
    assert reading is not None
    melds, stood = reading
    assert len(stood) == jokers
    played = sorted(t for m in melds for t in m.tiles)
    natural = sorted(k for k, n in enumerate(counts) for _ in range(n))
    assert sorted([*natural, *stood]) == played
    assert [m.kind for m in melds].count(MeldKind.PAIR) == 1


@settings(max_examples=200, deadline=None)
@given(small_hands((4, 7, 10)), st.sampled_from(RULES))
def test_waits_are_the_kinds_that_complete(hand: tuple[bytes, int], rule: JokerRule) -> None:
    counts, jokers = hand
    waits = waits_with_jokers(counts, jokers, rule)
    for kind in (*range(9), 27):  # the kinds the oracle's alphabet covers with every neighbour
        more = bytearray(counts)
        if more[kind] == 4:
            assert kind not in waits
            continue
        more[kind] += 1
        assert (kind in waits) == oracle_complete(bytes(more), jokers, rule)
    if waits:
        assert shanten_with_jokers(counts, jokers, rule) <= 0


@settings(max_examples=200, deadline=None)
@given(small_hands((4, 7, 10, 13)))
def test_a_joker_where_every_set_takes_one_never_hurts(hand: tuple[bytes, int]) -> None:
    """A joker allowed everywhere is worth a tile: turning a playing tile into a joker never raises shanten."""
    counts, jokers = hand
    every = JokerRule(True, True, True)
    before = shanten_with_jokers(counts, jokers, every)
    k = next((i for i, n in enumerate(counts) if n), None)
    if k is None:
        return
    fewer = bytearray(counts)
    fewer[k] -= 1
    assert shanten_with_jokers(bytes(fewer), jokers + 1, every) <= before


@pytest.mark.parametrize(("hand", "jokers", "rule", "expected"), [
    ("123m456p789s111z55z", 0, JokerRule(), -1),
    ("123m456p789s111z5z", 1, JokerRule(), 0),  # the joker cannot pair the 5z under the default rule
    ("123m456p789s111z5z", 1, JokerRule(pairs=True), -1),
    ("123m456p78s111z55z", 1, JokerRule(), 0),  # no joker in a chow by default
    ("123m456p78s111z55z", 1, JokerRule(chows=True), -1),
    ("123m456p111z55z", 3, JokerRule(), -1),  # a whole pung of jokers
    ("123m456p111z55z", 3, JokerRule(pungs=False, chows=True), -1),  # ... or a whole chow where chows take them
    ("123m456p111z55z", 3, JokerRule(pungs=False), 2),  # a joker goes nowhere: a set's three tiles lack
])
def test_worked_hands(hand: str, jokers: int, rule: JokerRule, expected: int) -> None:
    counts = parse_counts(hand)
    assert shanten_with_jokers(counts, jokers, rule) == expected
    assert is_complete_with_jokers(counts, jokers, rule) == (expected == -1)


def test_without_jokers_the_measure_agrees_with_shanten_where_copies_do_not_bind() -> None:
    """No joker and at most two of a kind: the joker path measures the standard form as shanten does."""
    for hand in ("123m456p789s1z2z3z4z", "1122m3344p5566s7z", "19m19p19s1234567z", "112233m445566p7s"):
        counts = parse_counts(hand)
        assert shanten_with_jokers(counts, 0) == shanten(counts, seven_pairs=False, thirteen_orphans=False)


def test_seven_pairs_with_jokers() -> None:
    counts = parse_counts("1122m3344p5566s7z")  # six pairs and a single: a joker pairs the single
    assert is_complete_with_jokers(counts, 1, JokerRule(pairs=True), seven_pairs=True)
    assert not is_complete_with_jokers(counts, 1, JokerRule(), seven_pairs=True)


def test_bad_counts_are_one_located_message() -> None:
    with pytest.raises(HandError, match="jokers"):
        distance(bytes(34), -1)
    with pytest.raises(HandError, match="34 numbers"):
        distance(bytes(33), 0)
    with pytest.raises(HandError, match="3k"):
        shanten_with_jokers(parse_counts("123m"), 0)
