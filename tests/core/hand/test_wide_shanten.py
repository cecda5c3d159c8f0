"""The wide path (hands of 16 and 17 tiles) joins interned per-slice vectors; it must answer exactly as the
whole-hand programme it replaced, kept here as the oracle, and hand out its ids safely across threads."""

from __future__ import annotations

import random
import threading

import pytest

from mahjong_core.hand import shanten as sh


def _oracle(h: bytes) -> int:
    """The wide path as it was: the four slices' (sets, paired) vectors combined in order, the hand's slot read."""
    n = sum(h)
    w = sh.MAX_SETS + 1
    sets, paired = sh._wide_part(h[0:9])
    for lo, hi in ((9, 18), (18, 27), (27, 34)):
        b, q = sh._wide_part(h[lo:hi])
        sets, paired = (
            tuple(min(sets[i] + b[m - i] for i in range(m + 1)) for m in range(w)),
            tuple(min(min(paired[i] + b[m - i], sets[i] + q[m - i]) for i in range(m + 1)) for m in range(w)),
        )
    return paired[n // 3] - 1


def _random_hand(rng: random.Random, n: int, kinds: int = 34) -> bytes:
    """``n`` tiles drawn from the first ``kinds`` kinds' copies (fewer kinds crowd the hand with fours)."""
    wall = [k for k in range(kinds) for _ in range(4)]
    counts = [0] * 34
    for tile in rng.sample(wall, n):
        counts[tile] += 1
    return bytes(counts)


@pytest.mark.parametrize("size", [16, 17])
def test_the_wide_path_answers_as_the_whole_hand_programme_on_random_hands(size: int) -> None:
    rng = random.Random(20261205 + size)
    seen = set()
    for i in range(6000):
        # every third hand from one suit and the honours, or from two suits: crowded, with many fours
        kinds = (34, 16, 18)[i % 3]
        h = _random_hand(rng, size, kinds)
        if kinds == 16:  # the first suit and the honours only
            h = h[0:9] + bytes(18) + h[9:16]
        assert sh._wide_shanten(h) == _oracle(h), list(h)
        assert sh.shanten(h) == _oracle(h), list(h)
        seen.add(_oracle(h))
    assert len(seen) >= 4  # the hands reach from complete or ready to far away


def test_the_wide_path_answers_as_the_whole_hand_programme_on_hands_near_complete() -> None:
    """Complete 17-tile hands and each of their 16-tile remainders, where a wrong slot or join shows at once."""
    rng = random.Random(34)
    for _ in range(1500):
        counts = [0] * 34
        while True:
            counts = [0] * 34
            for _ in range(5):
                if rng.random() < 0.6:
                    first = 9 * rng.randrange(3) + rng.randrange(7)
                    for d in range(3):
                        counts[first + d] += 1
                else:
                    counts[rng.randrange(34)] += 3
            counts[rng.randrange(34)] += 2
            if max(counts) <= 4:
                break
        h = bytes(counts)
        assert sh._wide_shanten(h) == _oracle(h) == -1, counts
        kind = rng.choice([k for k in range(34) if h[k]])
        less = h[:kind] + bytes((h[kind] - 1,)) + h[kind + 1:]
        assert sh._wide_shanten(less) == _oracle(less) == 0, list(less)


def test_the_wide_path_answers_the_same_cold_and_warm() -> None:
    rng = random.Random(7)
    hands = [_random_hand(rng, 16 + i % 2) for i in range(300)]
    warm = [sh._wide_shanten(h) for h in hands]
    sh.clear_caches()
    assert not sh._WIDE_VECTORS and not sh._WIDE_FINAL
    assert [sh._wide_shanten(h) for h in reversed(hands)] == warm[::-1] == [_oracle(h) for h in reversed(hands)]


class _Interleaved(list):  # type: ignore[type-arg]
    """The wide vector list, where another thread interns its own vector between this one's reading of the next
    id and its taking it."""

    def __init__(self, other: tuple[int, ...]) -> None:
        super().__init__()
        self.other = other
        self.armed = True

    def append(self, item: tuple[int, ...]) -> None:
        if self.armed:
            self.armed = False
            rival = threading.Thread(target=sh._wide_intern, args=(self.other[:-1], self.other[-1]))
            rival.start()
            rival.join(timeout=0.5)  # it finishes now unless the first thread holds the table
            self.rival = rival
        super().append(item)


def test_two_threads_interning_wide_vectors_at_once_give_each_its_own_id(monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tuple(range(12))
    other = tuple(range(12, 0, -1)) + (16,)
    vectors = _Interleaved(other)
    monkeypatch.setattr(sh, "_WIDE_VECTORS", vectors)
    monkeypatch.setattr(sh, "_WIDE_VECTOR_ID", {})
    first = sh._wide_intern(mine, 17)
    vectors.rival.join(timeout=5)
    second = sh._WIDE_VECTOR_ID[other]
    assert first != second
    assert list.__getitem__(vectors, first) == mine + (17,)
    assert list.__getitem__(vectors, second) == other


@pytest.mark.parametrize("size", [17, 18])
def test_every_discard_of_a_wide_hand_is_measured_as_the_hand_it_leaves(size: int) -> None:
    """:func:`shanten_after_discards` walks a 17- or 18-tile hand's discards on the wide vectors; each value must be
    the oracle's for the hand less that tile, and every kind held must be there, in ascending order."""
    rng = random.Random(1600 + size)
    for i in range(1500):
        h = _random_hand(rng, size, (34, 18)[i % 2])
        got = sh.shanten_after_discards(h)
        held = [k for k in range(34) if h[k]]
        assert list(got) == held
        for kind, value in got.items():
            less = h[:kind] + bytes((h[kind] - 1,)) + h[kind + 1:]
            assert value == _oracle(less), (list(h), kind)
        if size == 18:
            assert sh.shanten_best_discard(h) == min(got.values())
