"""Typed jokers in the hand algebra (:mod:`mahjong_core.hand.typed_jokers`): each joker stands only for its type's
kinds, the search's greedy fill (the narrowest joker held) agrees with trying every kind for every joker, and
kinds that overlap without nesting are named."""

from __future__ import annotations

import itertools
import random

import pytest

from mahjong_core.errors import HandError
from mahjong_core.hand.jokers import (
    ANY_JOKER,
    JOKER_TYPES,
    JokerRule,
    _distance,
    is_complete_with_jokers,
    shanten_with_jokers,
)
from mahjong_core.hand.typed_jokers import fill, is_laminar

ALL = (1 << 34) - 1
DOTS = sum(1 << k for k in range(9, 18))
SUITED = (1 << 27) - 1
WINDS = sum(1 << k for k in range(27, 31))
#: A joker of anything, of dots, of any suited tile, of winds: kinds that nest or are apart.
MASKS = (ALL, DOTS, SUITED, WINDS)
RULE = JokerRule(pungs=True, pairs=True, chows=True, stands_for=MASKS, kinds=(50, 51, 52, 53))


def test_kinds_that_nest_or_are_apart_pass_and_an_overlap_is_named() -> None:
    assert is_laminar(MASKS) is None
    assert is_laminar((DOTS, DOTS | WINDS, 1 << 27 | 1 << 9)) == (0, 2)   # 1p and 1z: part in the dots only


def test_the_narrowest_joker_held_fills_a_place() -> None:
    assert fill((1, 1, 1, 0), (13,), MASKS) == (1, (1, 0, 1, 0))     # a 5p: the dots joker, not the General
    assert fill((1, 0, 1, 0), (13,), MASKS) == (1, (1, 0, 0, 0))     # then the suited one
    assert fill((0, 1, 0, 1), (2, 27), MASKS) == (1, (0, 1, 0, 0))   # a 3m: no joker held stands for it


def _brute_complete(counts: bytes, jokers: tuple[int, ...]) -> bool:
    """Every kind for every joker, each within its type: some choice completes the hand as plain tiles."""
    choices = [[k for k in range(34) if MASKS[t] >> k & 1] for t, n in enumerate(jokers) for _ in range(n)]
    sets = (sum(counts) + sum(jokers)) // 3
    for kinds in itertools.product(*choices):
        h = bytearray(counts)
        for k in kinds:
            h[k] += 1
        if _distance(bytes(h), 0, sets, 1, JokerRule()) == 0:
            return True
    return False


def test_the_search_agrees_with_trying_every_kind_for_every_joker() -> None:
    rng = random.Random(20261205)
    tried = complete = 0
    while tried < 150:
        held = tuple(rng.randrange(2) for _ in MASKS)
        if not 1 <= sum(held) <= 2:
            continue
        wall = [k for k in (*range(9, 18), *range(18, 21), 27, 28) for _ in range(4)]  # few kinds: many wins
        tiles = rng.sample(wall, 14 - sum(held))
        counts = bytes(tiles.count(k) for k in range(34))
        expected = _brute_complete(counts, held)
        assert is_complete_with_jokers(counts, held, RULE) is expected, (tiles, held)
        assert (shanten_with_jokers(counts, held, RULE) == -1) is expected, (tiles, held)
        tried += 1
        complete += expected
    assert complete >= 5  # the sample holds complete hands, not only incomplete ones


def test_typed_jokers_are_a_count_per_type() -> None:
    with pytest.raises(HandError, match="a count for each of the 4 joker types"):
        is_complete_with_jokers(bytes(34), 2, RULE)


#: The rule above with a copy of each joker in a second frame (kinds 54-57) and of the first two in a third (58, 59).
FRAMED = JokerRule(pungs=True, pairs=True, chows=True, stands_for=MASKS, kinds=(50, 51, 52, 53),
                   framed=((54, 0, 1), (55, 1, 1), (56, 2, 1), (57, 3, 1), (58, 0, 2), (59, 1, 2)))


def test_a_framed_copy_plays_as_its_type_and_is_named_with_its_frame() -> None:
    """A joker's copy in another frame counts with its type, completes what its plain copy completes, and an action
    names it ``ANY_JOKER + JOKER_TYPES * frame + type``; a type named leaves its plain copy first."""
    assert FRAMED.held([50, 54, 58, 51, 59, 57]) == (3, 2, 0, 1)
    assert [FRAMED.type_of(k) for k in (50, 54, 58, 53, 57)] == [0, 0, 0, 3, 3]
    assert [FRAMED.name_of(k) for k in (50, 53, 54, 57, 58, 59)] == [
        ANY_JOKER, ANY_JOKER + 3, ANY_JOKER + JOKER_TYPES, ANY_JOKER + JOKER_TYPES + 3,
        ANY_JOKER + 2 * JOKER_TYPES, ANY_JOKER + 2 * JOKER_TYPES + 1]
    assert all(FRAMED.named(FRAMED.name_of(k)) == k for k in range(50, 60))
    assert FRAMED.named(ANY_JOKER + 2 * JOKER_TYPES + 2) is None and FRAMED.named(9) is None
    assert FRAMED.given_up([54, 50, 58], ANY_JOKER) == 50              # the plain copy first
    assert FRAMED.given_up([58, 54], ANY_JOKER) == 54                  # else the first frame held
    assert FRAMED.given_up([50, 58], ANY_JOKER + 2 * JOKER_TYPES) == 58  # a copy named by its frame
    hand = [0] * 34
    for kind in (*range(9, 18), 10, 11, 27, 27):  # 123456789p 23p 11z: a 1p or a 4p wins
        hand[kind] += 1
    counts = bytes(hand)
    for held in ([50], [54], [58]):
        assert is_complete_with_jokers(counts, FRAMED.held(held), FRAMED)
    assert not is_complete_with_jokers(counts, FRAMED.held([57]), FRAMED)   # a wind joker is no 1p or 4p
