"""Divisions of a hand for the Chinese official rules, on count vectors, one suit at a time.

The MCR engine scores every *division* of a winning hand -- the concealed
tiles (winning tile included) split into sets and a pair, or read as one of
the special forms -- and keeps the best.  It scores tens of thousands of
hands a second, so this module works on 34-entry count vectors (``bytes``)
and returns groups as plain ``(kind, tile)`` tuples instead of
:class:`~mahjong_core.plugin.Meld` objects; the engine builds melds only for
the division it reports.

Sets never cross a suit, so a hand's divisions are the product of each
suit's splits, and a wait is a tile that completes its own suit while the
other suits are already complete.  Only those per-suit answers are cached,
keyed on one suit's count vector (:func:`suit_ways`, :func:`suit_fills` and
whether a vector splits at all): new hands share them with old ones, and
nothing is remembered per hand.

A division differs from :func:`mahjong_core.arrangements` in one
way: it does not say which group the winning tile completed.  The Chinese
official rules let the winner read the winning tile in whichever group
favours him (a pung stays concealed when the discard can complete a chow,
000 line 178; the wait is judged over the whole hand), so the engine decides
that per fan, as the reference calculator does.  ``tests/plugins/families/mcr/test_mcr_divide.py``
checks that the groups are exactly those the core enumerates.

Group kinds: :data:`CHOW` (``tile`` = its lowest tile), :data:`PUNG`,
:data:`KONG`, :data:`PAIR`, :data:`KNIT` (a knitted run such as 1-4-7,
``tile`` = its lowest tile) and :data:`SINGLE`.
"""

from __future__ import annotations

from itertools import permutations
from operator import itemgetter
from typing import Any

CHOW, PUNG, KONG, PAIR, KNIT, SINGLE = range(6)
KIND_NAMES = ("chow", "pung", "kong", "pair", "knitted", "single")

#: The thirteen terminals and honours.
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Group = tuple[int, int]
Division = tuple[Group, ...]


def _knitted_assignments() -> tuple[tuple[int, int, int], ...]:
    """The six ways to give 1-4-7, 2-5-8 and 3-6-9 to the three suits, as the first tile of each run."""
    return tuple((first, 9 + second, 18 + third) for first, second, third in permutations(range(3)))


#: Each knitted straight as the lowest tiles of its three runs (runs are t, t+3, t+6).
KNITTED_STRAIGHTS = _knitted_assignments()


#: The four "suits" of a count vector as slices: characters, dots, bamboo, and the honours (which make no chows).
SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))
_HONOURS = 3
#: Entries each per-suit cache keeps at most (a suit has far fewer count vectors that real hands reach); the
#: cache of whether a vector splits also holds the smaller vectors met on the way, so it may grow larger.
_CACHE_BOUND = 1 << 15
_SPLITS_BOUND = 1 << 16

SuitWays = tuple[int, tuple[Division, ...], Division | None]
_WAYS: tuple[dict[bytes, SuitWays], ...] = ({}, {}, {}, {})


def suit_ways(suit: int, counts: bytes) -> SuitWays:
    """``(pairs, splits, only)`` of one suit's count vector: every multiset of chows and pungs, with one pair
    when the suit's tile count leaves two over, using exactly its tiles (``splits`` is empty when none exists),
    and the split itself when it is the only one (``None`` otherwise: a division of suits that split one way
    each is one concatenation).

    At the lowest kind still held, its copies go to at most one pung, at
    most one pair and chows starting there, so each multiset comes out once,
    in the order a walk over the kinds finds them.  Counts above four are
    allowed: the wait test asks about a fifth copy.
    """
    cache = _WAYS[suit]
    found = cache.get(counts)
    if found is None:
        if len(cache) >= _CACHE_BOUND:
            cache.clear()
        found = cache[counts] = _split(counts, SUITS[suit][0], suit == _HONOURS)
    return found


def _split(key: bytes, base: int, honours: bool) -> SuitWays:
    pairs = (0, -1, 1)[sum(key) % 3]
    if pairs < 0:
        return 0, (), None
    counts = list(key)
    size = len(counts)
    found: list[Division] = []
    groups: list[Group] = []

    def walk(kind: int, pair_left: int) -> None:
        while kind < size and not counts[kind]:
            kind += 1
        if kind == size:
            if not pair_left:
                found.append(tuple(groups))
            return
        held = counts[kind]
        chow_room = not honours and kind <= 6
        tile = base + kind
        for pung in (0, 1):
            for pair in (0, 1) if pair_left else (0,):
                chows = held - 3 * pung - 2 * pair
                if chows < 0:
                    continue
                if chows and not (chow_room and counts[kind + 1] >= chows and counts[kind + 2] >= chows):
                    continue
                added = pung + pair + chows
                if pung:
                    groups.append((PUNG, tile))
                if pair:
                    groups.append((PAIR, tile))
                groups.extend([(CHOW, tile)] * chows)
                counts[kind] = 0
                if chows:
                    counts[kind + 1] -= chows
                    counts[kind + 2] -= chows
                walk(kind + 1, pair_left - pair)
                if chows:
                    counts[kind + 1] += chows
                    counts[kind + 2] += chows
                counts[kind] = held
                del groups[len(groups) - added:]

    walk(0, pairs)
    return pairs, tuple(found), found[0] if len(found) == 1 else None


def standard(key: bytes, sets: int) -> tuple[Division, ...]:
    """Every multiset of ``sets`` chows/pungs and one pair using exactly the tiles of ``key``.

    The product of the suits' splits (:func:`suit_ways`), characters
    outermost: the order a walk over all 34 kinds would find them in.
    """
    if sum(key) != 3 * sets + 2:
        return ()
    return divide(key)


def divide(key: bytes) -> tuple[Division, ...]:
    """:func:`standard` for a count vector already known to hold three tiles per set and two over."""
    ways = _WAYS
    part = key[:9]
    held, chars, c = ways[0].get(part) or suit_ways(0, part)
    part = key[9:18]
    pairs, dots, d = ways[1].get(part) or suit_ways(1, part)
    held += pairs
    part = key[18:27]
    pairs, bamboo, b = ways[2].get(part) or suit_ways(2, part)
    held += pairs
    part = key[27:]
    pairs, honours, h = ways[3].get(part) or suit_ways(3, part)
    if held + pairs != 1:
        return ()
    if c is not None and d is not None and b is not None and h is not None:  # each suit splits one way
        return (c + d + b + h,)
    return tuple(c + d + b + h for c in chars for d in dots for b in bamboo for h in honours)  # none if one fails


_EVEN_COUNTS = bytes((0, 2, 4))
_orphan_counts = itemgetter(*ORPHANS)


def seven_pairs(key: bytes) -> Division | None:
    """Seven pairs (four equal tiles are two pairs), or ``None``."""
    if key.translate(None, _EVEN_COUNTS) or sum(key) != 14:
        return None
    return tuple((PAIR, kind) for kind in range(34) for _ in range(key[kind] // 2))


def thirteen_orphans(key: bytes) -> Division | None:
    """Thirteen orphans (twelve singles and the pair of the doubled orphan), or ``None``."""
    held = _orphan_counts(key)
    if 0 in held or sum(held) != 14 or sum(key) != 14:
        return None
    return tuple((PAIR if key[k] == 2 else SINGLE, k) for k in ORPHANS)


def honours_and_knitted(key: bytes) -> Division | None:
    """Fourteen different honours and knitted tiles (lesser or greater form), or ``None``."""
    if key.translate(None, b"\x00\x01") or sum(key) != 14:
        return None
    suited = {kind for kind in range(27) if key[kind]}
    for firsts in KNITTED_STRAIGHTS:
        allowed = {f + 3 * i for f in firsts for i in range(3)}
        if suited <= allowed:
            return tuple((SINGLE, kind) for kind in range(34) if key[kind])
    return None


def knitted_straights(key: bytes, sets: int) -> tuple[tuple[tuple[int, ...], Division], ...]:
    """Knitted straight readings: ``(firsts, rest)`` for each knitted straight held, ``rest`` its sets and pair."""
    if sets < 3 or not (key[0] and key[3] and key[6] or key[1] and key[4] and key[7] or key[2] and key[5] and key[8]):
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


SuitFills = tuple[int, tuple[int, ...], int, tuple[int, ...]]
_FILLS: tuple[dict[bytes, SuitFills], ...] = ({}, {}, {}, {})


def suit_fills(suit: int, counts: bytes) -> SuitFills:
    """What one suit of a hand a tile short offers: ``(pairs, fills, pairs_after, odd)``.

    ``pairs`` is the pairs of the suit's split as it stands (-1 when it has
    none); ``fills`` the tiles of this suit whose addition splits it, each
    split then holding ``pairs_after`` pairs (the tile count decides how
    many); ``odd`` its kinds held an odd number of times.
    """
    cache = _FILLS[suit]
    found = cache.get(counts)
    if found is None:
        if len(cache) >= _CACHE_BOUND:
            cache.clear()
        base = SUITS[suit][0]
        honours = suit == _HONOURS
        size = len(counts)
        fills = []
        grown = bytearray(counts)
        for kind in range(size):
            near = counts[kind] if honours else any(counts[max(kind - 2, 0):kind + 3])
            if not near:
                continue
            grown[kind] += 1
            if _splits(bytes(grown), honours):
                fills.append(base + kind)
            grown[kind] -= 1
        odd = tuple(base + kind for kind in range(size) if counts[kind] & 1)
        held = sum(counts)
        pairs = (1 if held % 3 == 2 else 0) if _splits(counts, honours) else -1
        found = cache[counts] = (pairs, tuple(fills), 1 if (held + 1) % 3 == 2 else 0, odd)
    return found


_SPLITS: tuple[dict[bytes, bool], dict[bytes, bool]] = ({}, {})


def _splits(counts: bytes, honours: bool) -> bool:
    """Whether one suit's count vector splits into sets and, when two tiles are over, a pair.

    Remembered per vector, and found from what is left once the lowest
    kind's tiles are placed, so the vectors met along the way serve other
    hands too.
    """
    cache = _SPLITS[honours]
    found = cache.get(counts)
    if found is None:
        if len(cache) >= _SPLITS_BOUND:
            cache.clear()
        found = cache[counts] = _try_split(counts, honours)
    return found


def _try_split(counts: bytes, honours: bool) -> bool:
    left = sum(counts) % 3
    if left == 1:
        return False
    kind = next((k for k, held in enumerate(counts) if held), None)
    if kind is None:
        return True
    held = counts[kind]
    rest = bytearray(counts)
    if left == 2 and held >= 2:
        rest[kind] -= 2
        if _splits(bytes(rest), honours):
            return True
        rest[kind] += 2
    if held >= 3:
        rest[kind] -= 3
        if _splits(bytes(rest), honours):
            return True
        rest[kind] += 3
    if not honours and kind <= 6 and counts[kind + 1] and counts[kind + 2]:
        rest[kind] -= 1
        rest[kind + 1] -= 1
        rest[kind + 2] -= 1
        return _splits(bytes(rest), honours)
    return False


def waits(key: bytes, sets: int, with_seven_pairs: bool) -> tuple[int, ...]:
    """Tiles that complete ``key`` (a hand one tile short) as sets and a pair, or as seven pairs.

    As the reference calculator judges a unique wait: knitted and thirteen
    orphans waits are not considered, and a tile all four of which the hand
    already holds still counts as waited for.  A tile completes the hand
    when it completes its suit and every other suit is complete already,
    with one pair among them all.
    """
    suits = [_FILLS[suit].get(part) or suit_fills(suit, part)
             for suit, part in enumerate((key[:9], key[9:18], key[18:27], key[27:]))]
    size = sum(key)
    out: list[int] = []
    if size == 3 * sets + 1:
        broken = [suit for suit in suits if suit[0] < 0]
        pairs = sum(suit[0] for suit in suits if suit[0] > 0)
        if not broken:
            for held, fills, after, _ in suits:
                if pairs - held + after == 1:
                    out.extend(fills)
        elif len(broken) == 1 and pairs + broken[0][2] == 1:
            out.extend(broken[0][1])
    if with_seven_pairs and size == 13:
        odd = [kind for _, _, _, kinds in suits for kind in kinds]
        if len(odd) == 1 and odd[0] not in out:
            out.append(odd[0])
    return tuple(sorted(out))


_SUIT_OF = tuple(min(kind // 9, _HONOURS) for kind in range(34))


def only_wait(key: bytes, win: int, sets: int, with_seven_pairs: bool) -> bool:
    """Whether ``waits(key, sets, with_seven_pairs) == (win,)`` for a hand ``key`` that ``win`` completes
    as sets and a pair.

    The usual case costs one suit: when the winning tile's suit was
    incomplete without it, the other suits are complete and only that suit
    could take a tile, so its fills are the hand's waits.  Otherwise every
    suit is complete as it stands and any of them may take one.
    """
    suit = _SUIT_OF[win]
    low, high = SUITS[suit]
    part = key[low:high]
    held, fills, _, _ = _FILLS[suit].get(part) or suit_fills(suit, part)
    if held < 0:
        if len(fills) != 1:
            return False
    else:
        every = [_FILLS[index].get(piece) or suit_fills(index, piece)
                 for index, piece in enumerate((key[:9], key[9:18], key[18:27], key[27:]))]
        pairs = every[0][0] + every[1][0] + every[2][0] + every[3][0]
        found = 0
        for its_pairs, its_fills, after, _ in every:
            if pairs - its_pairs + after == 1:
                found += len(its_fills)
        if found != 1:
            return False
    if with_seven_pairs and sum(key) == 13:
        odd = key.translate(None, _EVEN_COUNTS)
        return len(odd) != 1 or key.find(odd) == win
    return True


def counts_of(tiles: list[int] | tuple[int, ...]) -> bytes:
    """The 34-entry count vector of playing tiles."""
    counts = bytearray(34)
    for t in tiles:
        counts[t] += 1
    return bytes(counts)


def clear_caches() -> None:
    """Empty the per-suit caches (to measure a cold start)."""
    caches: tuple[dict[bytes, Any], ...] = (*_WAYS, *_FILLS, *_SPLITS)
    for cache in caches:
        cache.clear()
