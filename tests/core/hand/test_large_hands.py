"""Hands of five sets and a pair (16 tiles, 17 at a win): shanten, waits, completeness and arrangements.

The tables of :mod:`mahjong_core.hand.shanten` stop at four sets; a larger
hand goes through the wide path, which these tests hold to the tables where
both measure (any hand of at most 14 tiles) and to its own identities above.
"""

from __future__ import annotations

import random

import pytest

from mahjong_core.errors import HandError
from mahjong_core.hand import shanten as sh
from mahjong_core.hand.arrangements import arrangements, is_complete
from mahjong_core.hand.melds import Form, MeldKind
from mahjong_core.hand.notation import parse_hand


def _random_hand(rng: random.Random, n: int) -> bytes:
    wall = [k for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for tile in wall[:n]:
        counts[tile] += 1
    return bytes(counts)


def _complete_hand(rng: random.Random, sets: int) -> bytes:
    while True:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.5:
                first = 9 * rng.randrange(3) + rng.randrange(7)
                for d in range(3):
                    counts[first + d] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return bytes(counts)


@pytest.mark.parametrize("size", [1, 2, 4, 5, 7, 8, 10, 11, 13, 14])
def test_the_wide_path_agrees_with_the_tables_on_every_size_they_hold(size: int) -> None:
    rng = random.Random(size)
    for _ in range(800):
        h = _random_hand(rng, size)
        assert sh._wide_shanten(h) == sh.shanten_standard(h), list(h)


def test_a_complete_seventeen_tile_hand_is_complete_and_its_waits_hold_the_tile_taken_out() -> None:
    rng = random.Random(17)
    for _ in range(600):
        h = _complete_hand(rng, 5)
        assert sum(h) == 17 and sh.is_complete_counts(h) and sh.shanten(h) == -1
        kind = rng.choice([k for k in range(34) if h[k]])
        ready = bytearray(h)
        ready[kind] -= 1
        found = sh.waits(bytes(ready))
        assert kind in found and sh.shanten(bytes(ready)) == 0
        for wait in found:
            ready[wait] += 1
            assert sh.is_complete_counts(bytes(ready))
            ready[wait] -= 1


def test_sixteen_and_seventeen_tiles_keep_the_identities_of_shanten() -> None:
    rng = random.Random(16)
    for _ in range(1500):
        ready = _random_hand(rng, 16)
        assert (sh.shanten(ready) == 0) == bool(sh.waits(ready))
        full = _random_hand(rng, 17)
        assert (sh.shanten(full) == -1) == sh.is_complete_counts(full)
        if sh.shanten(full) >= 0:  # a hand not complete: its best discard keeps its shanten
            assert min(sh.shanten_after_discards(full).values()) == sh.shanten(full)


def test_known_sixteen_tile_hands() -> None:
    h = parse_hand("111222333m456p789s1z")
    counts = bytes(sum(1 for t in h.concealed if t == k) for k in range(34))
    assert sh.shanten(counts) == 0 and sh.waits(counts) == (27,)
    far = parse_hand("19m19p139s1234567z12m")
    counts = bytes(sum(1 for t in far.concealed if t == k) for k in range(34))
    assert sh.shanten(counts) > 3


def test_sizes_beyond_five_sets_are_refused_with_the_sizes_measured() -> None:
    twenty = bytes([4, 4, 4, 4, 4] + [0] * 29)
    with pytest.raises(HandError, match="16 or 17"):
        sh.shanten(twenty)
    with pytest.raises(HandError, match="17, 14, 11"):
        sh.is_complete_counts(bytes([3] * 6 + [2] + [0] * 27))
    with pytest.raises(HandError, match="16, 13, 10"):
        sh.waits(bytes([3] * 6 + [1] + [0] * 27))


def test_arrangements_read_five_sets_where_the_hand_size_says_so() -> None:
    hand = parse_hand("111222333m456p789s11z")
    assert arrangements(hand) == [] and not is_complete(hand)  # a 13-tile game: a long hand
    found = arrangements(hand, sets=5)
    assert is_complete(hand, sets=5)
    assert {tuple(m.kind for m in a.melds).count(MeldKind.PAIR) for a in found} == {1}
    assert all(len(a.melds) == 6 and a.form is Form.STANDARD for a in found)
    assert len(found) == 2  # 111222333m as three pungs or three chows
    with_meld = parse_hand("111222333m456p11z [789s]")
    assert len(arrangements(with_meld, sets=5)) == 2


def test_the_special_forms_stay_hands_of_fourteen() -> None:
    seven = parse_hand("1122m3344p5566s7z7z")
    assert any(a.form is Form.SEVEN_PAIRS for a in arrangements(seven))
    assert arrangements(seven, sets=5) == []
