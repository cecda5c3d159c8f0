"""The wide path (hands of 16 and 17 tiles) joins interned per-slice vectors; it must answer exactly as the
whole-hand programme it replaced, kept here as the oracle, and hand out its ids safely across threads."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

import pytest

from mahjong_core.errors import HandError
from mahjong_core.hand import shanten as sh

# ---------------------------------------------------------------- the oracle: the wide path as it was, copied

_WO = sh.MAX_SETS + 1
_NO = -sh._INF
_ORACLE_SUFFIX: dict[tuple[bytes, int, int], list[int]] = {}
_ORACLE_PART: dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _wide_suffix(rest: bytes, back1: int, back2: int) -> list[int]:
    """:func:`_suffix_used` with up to :data:`sh.MAX_SETS` sets: most hand tiles a target uses in ``rest``, by slot.

    The same exact programme, over a whole suit rather than windows (the
    argument that lets windows stand apart counts on four sets at most), and
    memoised apart, so the 13-tile tables keep their shape.
    """
    key = (rest, back1, back2)
    best = _ORACLE_SUFFIX.get(key)
    if best is not None:
        return best
    best = [_NO] * (2 * _WO)
    if not rest:
        best[0] = 0
        _ORACLE_SUFFIX[key] = best
        return best
    held = rest[0]
    running = back1 + back2
    chow_cap = min(4 - running, max(held - running, rest[1] - back1, rest[2])) if len(rest) >= 3 else 0
    tail = rest[1:]
    for start in range(chow_cap + 1):
        child = _wide_suffix(tail, start, back1)
        for pung in (0, 1) if held else (0,):
            for pair in (0, 1) if held else (0,):
                target = running + start + 3 * pung + 2 * pair
                if target > 4:
                    continue
                gain = target if target < held else held
                sets = start + pung
                for p in range(2 - pair):
                    for m in range(_WO - sets):
                        value = child[_WO * p + m] + gain
                        dst = _WO * (p + pair) + m + sets
                        if value > best[dst]:
                            best[dst] = value
    _ORACLE_SUFFIX[key] = best
    return best


def _wide_together(u: Sequence[int], v: Sequence[int]) -> list[int]:
    """Most hand tiles two disjoint groups of kinds use together, by slot (the pair from one of them at most)."""
    out = [_NO] * (2 * _WO)
    for p in range(2):
        for q in range(2 - p):
            for m in range(_WO):
                a = u[_WO * p + m]
                if a < 0:
                    continue
                for k in range(_WO - m):
                    b = v[_WO * q + k]
                    if b >= 0 and a + b > out[_WO * (p + q) + m + k]:
                        out[_WO * (p + q) + m + k] = a + b
    return out


def _wide_part(part: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Least tiles one slice still needs for ``m`` sets (``m`` = 0..sh.MAX_SETS), without and with the pair.

    Sets and the pair on kinds the hand lacks (fillers) cost 3 and 2 tiles: a
    hand of at most :data:`MAX_TILES` tiles leaves more than enough kinds of
    the 34 empty for them.
    """
    found = _ORACLE_PART.get(part)
    if found is None:
        if len(part) == 9:
            used = _wide_suffix(part, 0, 0)
        else:  # honours: no chows, each kind alone
            used = [0] + [_NO] * (2 * _WO - 1)
            for count in part:
                if count:
                    used = _wide_together(used, _wide_suffix(bytes((count,)), 0, 0))
        need = [(3 * (slot % _WO) + 2 * (slot // _WO) - u) if u >= 0 else sh._INF for slot, u in enumerate(used)]
        sets = tuple(min(need[k] + 3 * (m - k) for k in range(m + 1)) for m in range(_WO))
        paired = tuple(min(min(need[_WO + k], need[k] + 2) + 3 * (m - k) for k in range(m + 1)) for m in range(_WO))
        found = _ORACLE_PART[part] = (sets, paired)
    return found


def _oracle(h: bytes) -> int:
    """The wide path as it was: the four slices' (sets, paired) vectors combined in order, the hand's slot read."""
    n = sum(h)
    w = sh.MAX_SETS + 1
    sets, paired = _wide_part(h[0:9])
    for lo, hi in ((9, 18), (18, 27), (27, 34)):
        b, q = _wide_part(h[lo:hi])
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


def test_a_hand_whose_discards_leave_too_many_tiles_is_refused() -> None:
    h = bytes([2] * 9 + [1] * 1 + [0] * 24)  # 19 tiles: a discard leaves 18, more than five sets and a pair
    with pytest.raises(HandError, match="concealed tiles, got 18"):
        sh.shanten_after_discards(h)


def test_a_slice_shares_its_vector_with_its_mirror_and_its_trimmed_form_exactly() -> None:
    """Suits are measured by a canonical form (mirror image, empty ends trimmed to two) and the honours sorted:
    every slice must still get the vector the old programme gives it, sparse slices with empty ends above all."""
    rng = random.Random(99)
    for i in range(4000):
        width = 9 if i % 4 else 7
        tiles = rng.randrange(0, 18)
        counts = [0] * width
        reach = rng.sample(range(width), rng.randrange(1, width + 1))  # often a few kinds only, leaving empty ends
        for _ in range(tiles):
            open_kinds = [k for k in reach if counts[k] < 4]
            if not open_kinds:
                break
            counts[rng.choice(open_kinds)] += 1
        part = bytes(counts)
        assert sh._wide_part(part) == _wide_part(part), counts
        if width == 9:
            assert sh._wide_part(part[::-1]) == _wide_part(part), counts
