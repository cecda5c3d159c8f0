"""Divisions of a hand for the Chinese official rules, on count vectors, cached.

The MCR engine scores every *division* of a winning hand -- the concealed
tiles (winning tile included) split into sets and a pair, or read as one of
the special forms -- and keeps the best.  It scores tens of thousands of
hands a second, so this module works on 34-entry count vectors (``bytes``,
hashable, so every answer is cached) and returns groups as plain
``(kind, tile)`` tuples instead of :class:`~mahjong_core.melds.Meld` objects;
the engine builds melds only for the division it reports.

A division differs from :func:`mahjong_core.arrangements.arrangements` in one
way: it does not say which group the winning tile completed.  The Chinese
official rules let the winner read the winning tile in whichever group
favours him (a pung stays concealed when the discard can complete a chow,
000 line 178; the wait is judged over the whole hand), so the engine decides
that per fan, as the reference calculator does.  ``tests/test_mcr_divide.py``
checks that the groups are exactly those the core enumerates.

Group kinds: :data:`CHOW` (``tile`` = its lowest tile), :data:`PUNG`,
:data:`KONG`, :data:`PAIR`, :data:`KNIT` (a knitted run such as 1-4-7,
``tile`` = its lowest tile) and :data:`SINGLE`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

CHOW, PUNG, KONG, PAIR, KNIT, SINGLE = range(6)
KIND_NAMES = ("chow", "pung", "kong", "pair", "knitted", "single")

#: The thirteen terminals and honours.
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Group = tuple[int, int]
Division = tuple[Group, ...]


def _knitted_assignments() -> tuple[tuple[int, int, int], ...]:
    """The six ways to give 1-4-7, 2-5-8 and 3-6-9 to the three suits, as the first tile of each run."""
    return tuple(tuple(9 * suit + offset for suit, offset in enumerate(offsets)) for offsets in permutations(range(3)))


#: Each knitted straight as the lowest tiles of its three runs (runs are t, t+3, t+6).
KNITTED_STRAIGHTS = _knitted_assignments()


@lru_cache(maxsize=1 << 17)
def standard(key: bytes, sets: int) -> tuple[Division, ...]:
    """Every multiset of ``sets`` chows/pungs and one pair using exactly the tiles of ``key``.

    At the lowest kind still held, its copies go to at most one pung, at
    most one pair and chows starting there, so each multiset comes out once.
    Counts above four are allowed: the wait test asks about a fifth copy.
    """
    counts = list(key)
    found: list[Division] = []
    groups: list[Group] = []

    def walk(kind: int, sets_left: int, pair_left: int) -> None:
        while kind < 34 and not counts[kind]:
            kind += 1
        if kind == 34:
            if not sets_left and not pair_left:
                found.append(tuple(groups))
            return
        held = counts[kind]
        chow_room = kind < 27 and kind % 9 <= 6
        for pung in (0, 1):
            for pair in (0, 1) if pair_left else (0,):
                chows = held - 3 * pung - 2 * pair
                if chows < 0 or pung + chows > sets_left:
                    continue
                if chows and not (chow_room and counts[kind + 1] >= chows and counts[kind + 2] >= chows):
                    continue
                added = pung + pair + chows
                if pung:
                    groups.append((PUNG, kind))
                if pair:
                    groups.append((PAIR, kind))
                groups.extend([(CHOW, kind)] * chows)
                counts[kind] = 0
                if chows:
                    counts[kind + 1] -= chows
                    counts[kind + 2] -= chows
                walk(kind + 1, sets_left - pung - chows, pair_left - pair)
                if chows:
                    counts[kind + 1] += chows
                    counts[kind + 2] += chows
                counts[kind] = held
                del groups[len(groups) - added:]

    walk(0, sets, 1)
    return tuple(found)


def seven_pairs(key: bytes) -> Division | None:
    """Seven pairs (four equal tiles are two pairs), or ``None``."""
    if sum(key) != 14 or any(c & 1 for c in key):
        return None
    return tuple((PAIR, kind) for kind in range(34) for _ in range(key[kind] // 2))


def thirteen_orphans(key: bytes) -> Division | None:
    """Thirteen orphans (twelve singles and the pair of the doubled orphan), or ``None``."""
    if sum(key) != 14 or any(not key[k] for k in ORPHANS) or sum(key[k] for k in ORPHANS) != 14:
        return None
    return tuple((PAIR if key[k] == 2 else SINGLE, k) for k in ORPHANS)


def honours_and_knitted(key: bytes) -> Division | None:
    """Fourteen different honours and knitted tiles (lesser or greater form), or ``None``."""
    if sum(key) != 14 or max(key) > 1:
        return None
    suited = {kind for kind in range(27) if key[kind]}
    for firsts in KNITTED_STRAIGHTS:
        allowed = {f + 3 * i for f in firsts for i in range(3)}
        if suited <= allowed:
            return tuple((SINGLE, kind) for kind in range(34) if key[kind])
    return None


def knitted_straights(key: bytes, sets: int) -> tuple[tuple[tuple[int, ...], Division], ...]:
    """Knitted straight readings: ``(firsts, rest)`` for each knitted straight held, ``rest`` its sets and pair."""
    if sets < 3:
        return ()
    out = []
    for firsts in KNITTED_STRAIGHTS:
        kinds = [f + 3 * i for f in firsts for i in range(3)]
        if all(key[k] for k in kinds):
            counts = bytearray(key)
            for k in kinds:
                counts[k] -= 1
            for rest in standard(bytes(counts), sets - 3):
                out.append((firsts, rest))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def waits(key: bytes, sets: int, with_seven_pairs: bool) -> tuple[int, ...]:
    """Tiles that complete ``key`` (a hand one tile short) as sets and a pair, or as seven pairs.

    As the reference calculator judges a unique wait: knitted and thirteen
    orphans waits are not considered, and a tile all four of which the hand
    already holds still counts as waited for.
    """
    counts = bytearray(key)
    candidates = set()
    for kind in range(34):
        if counts[kind]:
            candidates.add(kind)
            if kind < 27:
                base = kind - kind % 9
                for near in (kind - 2, kind - 1, kind + 1, kind + 2):
                    if base <= near < base + 9:
                        candidates.add(near)
    out = []
    for tile in sorted(candidates):
        counts[tile] += 1
        full = bytes(counts)
        if standard(full, sets) or (with_seven_pairs and seven_pairs(full) is not None):
            out.append(tile)
        counts[tile] -= 1
    return tuple(out)


def counts_of(tiles: list[int] | tuple[int, ...]) -> bytes:
    """The 34-entry count vector of playing tiles."""
    counts = bytearray(34)
    for t in tiles:
        counts[t] += 1
    return bytes(counts)


def clear_caches() -> None:
    """Empty the caches (benchmarks measure cold and warm runs)."""
    standard.cache_clear()
    waits.cache_clear()
