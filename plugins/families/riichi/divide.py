"""Every way a riichi hand's concealed tiles divide into sets and one pair, read on counts of the 34 kinds.

A riichi hand is scored on one division of its tiles, and the division that
pays most counts (EMA 2016 section 4.1: the hand is scored in the way that
gives it the highest value).  The core's :func:`~mahjong_core.plugin.arrangements`
answers the same question for every family in general terms; the riichi
family asks it tens of thousands of times in its agreement corpus and at
every win, so it divides on counts here, one suit at a time, and remembers
each suit's answer (there are few distinct suit shapes: the cache stays small).

A set is a pair ``(kind, tile)`` of small integers: :data:`CHOW` with the
chow's lowest tile, or :data:`PUNG` with its tile (a kong is a declared meld,
never found by division).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

__all__ = ["CHOW", "PUNG", "SUITS", "divisions", "divisions_of"]

CHOW = 0
PUNG = 1

Division = tuple[int, tuple[tuple[int, int], ...]]  # (the pair's tile, the sets)


@functools.lru_cache(maxsize=4096)
def _suit(counts: tuple[int, ...], honours: bool) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Divisions of one suit's counts (indexes 0..8, or 0..6 for the honours) as ``(pair or -1, sets)``.

    At most one pair per suit; honours make no chows.
    """
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    c = list(counts)

    def walk(i: int, pair: int, sets: list[tuple[int, int]]) -> None:
        while i < len(c) and c[i] == 0:
            i += 1
        if i == len(c):
            out.append((pair, tuple(sets)))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets.append((PUNG, i))
            walk(i, pair, sets)
            sets.pop()
            c[i] += 3
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(i, i, sets)
            c[i] += 2
        if not honours and i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            sets.append((CHOW, i))
            walk(i, pair, sets)
            sets.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    walk(0, -1, [])
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _suit_at(counts: tuple[int, ...], base: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """:func:`_suit`'s divisions with the tiles numbered among the 34 kinds (``base``: the suit's first kind)."""
    if sum(counts) % 3 == 1:
        return ()
    return tuple((pair + base if pair >= 0 else -1, tuple((kind, tile + base) for kind, tile in sets))
                 for pair, sets in _suit(counts, base == 27))


#: The first kind and the end of each suit among the 34 kinds, the honours last.
SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))


def divisions(counts: Sequence[int]) -> list[Division]:
    """Every division of ``counts`` (34 kinds) into sets and exactly one pair, each once.

    :param counts: how many of each kind the concealed part holds, the winning tile included.
    """
    return divisions_of(tuple(tuple(counts[base:end]) for base, end in SUITS))


def divisions_of(parts: Sequence[tuple[int, ...]]) -> list[Division]:
    """:func:`divisions` of counts already cut into their suits (:data:`SUITS`), as the scorer holds them."""
    partial: list[tuple[int, tuple[tuple[int, int], ...]]] = [(-1, ())]
    for (base, _), part in zip(SUITS, parts, strict=True):
        if not any(part):
            continue
        found = _suit_at(part, base)
        if not found:
            return []
        if len(found) == 1 and len(partial) == 1:
            (pair, sets), (suit_pair, suit_sets) = partial[0], found[0]
            if suit_pair >= 0:
                if pair >= 0:
                    return []
                pair = suit_pair
            partial = [(pair, sets + suit_sets)]
            continue
        grown = []
        for pair, sets in partial:
            for suit_pair, suit_sets in found:
                if suit_pair >= 0 and pair >= 0:
                    continue
                grown.append((pair if suit_pair < 0 else suit_pair, sets + suit_sets))
        partial = grown
        if not partial:
            return []
    return [(pair, sets) for pair, sets in partial if pair >= 0]
