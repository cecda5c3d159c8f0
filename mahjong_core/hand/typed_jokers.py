"""Typed jokers: a joker that may stand only for some kinds (a joker of dots, of winds, of any suited tile).

A ruleset whose set holds several joker kinds says which kinds each stands for (``jokers.stands_for``);
:class:`~mahjong_core.hand.jokers.JokerRule` carries them as one bitmask of the 34 playing kinds per joker
*type* (the tile set's joker kinds in order), and a hand's jokers are then a count per type instead of one
number.  :mod:`mahjong_core.hand.jokers` sends such hands here; hands of untyped jokers never come here.

The measure is the one of :mod:`mahjong_core.hand.jokers` -- the least number of empty places over the
complete hands a target may be -- with one change: an empty place of kind ``x`` is filled only by a joker
whose type stands for ``x``.  The types' kinds must nest or be apart (laminar: a dots joker inside a suited
joker inside a joker of anything; winds apart from dots), which the ruleset's load checks.  Then filling each
empty place, in any order, with the narrowest held type that stands for it fills as many places as any
assignment could: a narrower type stands for fewer kinds, every kind it stands for is stood for by every wider
type holding the same place, so keeping the wider joker never loses a place later (an exchange argument).  The
search therefore branches on the hand's tiles exactly as the untyped one does, and fills places greedily.

The search is remembered per whole hand, so a bot weighing each discard pays a search for each.  Where the types
decompose (each suit within one class of kinds: the ``vietnamese`` ruleset's do), :mod:`.typed_tables` gives the
same distance from per-group tables, and :mod:`.jokers` asks it instead; :func:`distance` stays the measure of
types that do not, and the oracle its tests hold the tables to.  :func:`complete` and :func:`reading` serve every
typed hand (the complete test is asked once a turn, and is cheap: it follows only shapes whose places jokers fill).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

#: Playing kinds: three suits of nine ranks, then seven honours.
_KINDS = 34
_SUITED = 27


@lru_cache(maxsize=64)
def narrowest_first(masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each playing kind, the joker types standing for it, the narrowest (fewest kinds) first."""
    order = []
    for kind in range(_KINDS):
        covering = [t for t, mask in enumerate(masks) if mask >> kind & 1]
        order.append(tuple(sorted(covering, key=lambda t: (bin(masks[t]).count("1"), t))))
    return tuple(order)


def is_laminar(masks: Sequence[int]) -> tuple[int, int] | None:
    """``None`` where every two types' kinds nest or are apart, else the first two types that overlap."""
    for a, first in enumerate(masks):
        for b in range(a + 1, len(masks)):
            both = first & masks[b]
            if both and both != first and both != masks[b]:
                return a, b
    return None


def fill(jokers: tuple[int, ...], places: Sequence[int], masks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Fill places of the given kinds with held jokers, each with the narrowest type standing for it: the number
    filled and the jokers left."""
    if not places:
        return 0, jokers
    order = narrowest_first(masks)
    left = list(jokers)
    filled = 0
    for kind in places:
        for t in order[kind]:
            if left[t]:
                left[t] -= 1
                filled += 1
                break
    return filled, tuple(left)


@lru_cache(maxsize=1 << 17)
def distance(h: bytes, j: tuple[int, ...], sets: int, pair: int, masks: tuple[int, ...],
             where: tuple[bool, bool, bool]) -> int:
    """Empty places left in the best target for playing tiles ``h`` and typed jokers ``j`` (counts per type).

    :param where: whether a joker may stand in a pung, in the pair, in a chow.
    """
    pungs, pairs, chows = where
    k = next((i for i, n in enumerate(h) if n), -1)
    if k < 0:
        return 3 * sets + 2 * pair - _whole(j, sets, pair, masks, where)
    counts = bytearray(h)
    counts[k] -= 1
    best = distance(bytes(counts), j, sets, pair, masks, where)  # the tile left unused
    counts[k] += 1
    if best == 0:
        return 0
    if sets:
        for used in range(1, min(3, counts[k]) + 1):
            empty = 3 - used
            filled, left = fill(j, (k,) * empty, masks) if pungs else (0, j)
            counts[k] -= used
            best = min(best, empty - filled + distance(bytes(counts), left, sets - 1, pair, masks, where))
            counts[k] += used
        if k < _SUITED:
            for taken, wild in _chow_shapes(counts, k):
                filled, left = fill(j, wild, masks) if chows else (0, j)
                for t in taken:
                    counts[t] -= 1
                best = min(best, len(wild) - filled + distance(bytes(counts), left, sets - 1, pair, masks, where))
                for t in taken:
                    counts[t] += 1
    if pair:
        for used in range(1, min(2, counts[k]) + 1):
            empty = 2 - used
            filled, left = fill(j, (k,) * empty, masks) if pairs else (0, j)
            counts[k] -= used
            best = min(best, empty - filled + distance(bytes(counts), left, sets, 0, masks, where))
            counts[k] += used
    return best


def _templates() -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
    """For each suited kind ``k``, the chows it may sit in as the lowest held tile: (the higher tiles it takes,
    the kinds of its places left empty), each run's places below ``k`` empty."""
    out = []
    for k in range(_SUITED):
        shapes = []
        rank = k % 9
        for start in (rank - 2, rank - 1, rank):
            if start < 0 or start + 2 > 8:
                continue
            base = k - rank + start
            higher = [base + i for i in range(3) if base + i > k]
            for mask in range(1 << len(higher)):
                take = tuple(kind for bit, kind in enumerate(higher) if mask >> bit & 1)
                wild = tuple(x for x in (base, base + 1, base + 2) if x != k and x not in take)
                shapes.append((take, wild))
        out.append(tuple(shapes))
    return tuple(out)


_TEMPLATES = _templates()


def _chow_shapes(counts: bytearray, k: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The chows the lowest held tile ``k`` may sit in: the held tiles each takes (``k`` first) and the kinds of
    its places left empty (below ``k``, or a higher tile not taken)."""
    return [((k, *take), wild) for take, wild in _TEMPLATES[k] if all(counts[t] for t in take)]


@lru_cache(maxsize=1 << 12)
def _whole(j: tuple[int, ...], sets: int, pair: int, masks: tuple[int, ...], where: tuple[bool, bool, bool]) -> int:
    """The most jokers that whole sets (and the pair) of jokers alone can hold: each set a pung of one kind
    (or a chow, where jokers go only in chows), the pair two of one kind."""
    if not any(j) or not sets + pair:
        return 0
    best = 0
    for places, rest_sets, rest_pair in whole_shapes(sets, pair, where):
        filled, left = fill(j, places, masks)
        if filled:
            best = max(best, filled + _whole(left, rest_sets, rest_pair, masks, where))
    return best


def whole_shapes(sets: int, pair: int, where: tuple[bool, bool, bool]
                 ) -> list[tuple[tuple[int, ...], int, int]]:
    """The whole sets and pair jokers alone may make: (the kinds of its places, sets left, pair left)."""
    pungs, pairs, chows = where
    shapes: list[tuple[tuple[int, ...], int, int]] = []
    if sets and pungs:
        shapes += [((kind,) * 3, sets - 1, pair) for kind in range(_KINDS)]
    if sets and chows:
        shapes += [((b, b + 1, b + 2), sets - 1, pair) for b in range(_SUITED) if b % 9 <= 6]
    if pair and pairs:
        shapes += [((kind,) * 2, sets, 0) for kind in range(_KINDS)]
    return shapes


def read_whole(j: tuple[int, ...], sets: int, pair: int, masks: tuple[int, ...], where: tuple[bool, bool, bool]
               ) -> list[tuple[tuple[int, ...], bool]]:
    """The whole sets and pair of jokers a complete reading ends with: each as its kinds and whether it is a
    chow, every place filled (the caller knows the jokers fill them all)."""
    out: list[tuple[tuple[int, ...], bool]] = []
    while sets + pair:
        for places, rest_sets, rest_pair in whole_shapes(sets, pair, where):
            filled, left = fill(j, places, masks)
            if filled == len(places) and _whole(left, rest_sets, rest_pair, masks, where) == \
                    3 * rest_sets + 2 * rest_pair:
                out.append((places, len(places) == 3 and places[0] != places[1]))
                j, sets, pair = left, rest_sets, rest_pair
                break
        else:  # pragma: no cover - the caller reads only a hand whose jokers fill every whole place
            raise AssertionError("whole sets of jokers that do not fill their places")
    return out


def reading(h: bytes, j: tuple[int, ...], sets: int, pair: int, masks: tuple[int, ...],
            where: tuple[bool, bool, bool]) -> list[tuple[str, tuple[int, ...], tuple[int, ...]]]:
    """One reading of a complete hand (distance 0): each meld as (``pung``, ``chow`` or ``pair``, its kinds,
    the kinds its jokers stand for), following the search's choices."""
    pungs, pairs, chows = where
    counts = bytearray(h)
    melds: list[tuple[str, tuple[int, ...], tuple[int, ...]]] = []
    while True:
        k = next((i for i, n in enumerate(counts) if n), -1)
        if k < 0:
            for places, chow in read_whole(j, sets, pair, masks, where):
                melds.append(("chow" if chow else "pung" if len(places) == 3 else "pair", places, places))
            return melds
        candidates: list[tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = []
        if sets:
            for used in range(min(3, counts[k]), 0, -1):
                if used == 3 or pungs:
                    candidates.append(("pung", (k,) * 3, (k,) * used, (k,) * (3 - used)))
            if k < _SUITED:
                for taken, wild in _chow_shapes(counts, k):
                    if not wild or chows:
                        run = tuple(sorted(taken + wild))
                        candidates.append(("chow", run, taken, wild))
        if pair:
            for used in range(min(2, counts[k]), 0, -1):
                if used == 2 or pairs:
                    candidates.append(("pair", (k, k), (k,) * used, (k,) * (2 - used)))
        for shape, kinds, taken, wild in candidates:
            filled, left = fill(j, wild, masks)
            if filled < len(wild):
                continue
            rest = bytearray(counts)
            for t in taken:
                rest[t] -= 1
            left_sets, left_pair = (sets, 0) if shape == "pair" else (sets - 1, pair)
            if complete(bytes(rest), left, left_sets, left_pair, masks, where):
                melds.append((shape, kinds, wild))
                counts, j, sets, pair = rest, left, left_sets, left_pair
                break
        else:  # pragma: no cover - a complete hand always has a next meld
            raise AssertionError("a complete hand with no next meld")


@lru_cache(maxsize=1 << 17)
def complete(h: bytes, j: tuple[int, ...], sets: int, pair: int, masks: tuple[int, ...],
             where: tuple[bool, bool, bool]) -> bool:
    """Whether the tiles and typed jokers fill ``sets`` sets and ``pair`` pairs with no place empty: the
    distance-0 test, searched only along shapes whose every empty place a joker fills (far fewer than the
    measure's), for the complete test asked at every discard."""
    pungs, pairs, chows = where
    k = next((i for i, n in enumerate(h) if n), -1)
    if k < 0:
        return _whole(j, sets, pair, masks, where) == 3 * sets + 2 * pair
    counts = bytearray(h)
    if sets:
        for used in range(min(3, counts[k]), 0, -1):
            if used < 3 and not pungs:
                continue
            filled, left = fill(j, (k,) * (3 - used), masks)
            if filled == 3 - used:
                counts[k] -= used
                if complete(bytes(counts), left, sets - 1, pair, masks, where):
                    return True
                counts[k] += used
        if k < _SUITED:
            for taken, wild in _chow_shapes(counts, k):
                if wild and not chows:
                    continue
                filled, left = fill(j, wild, masks)
                if filled < len(wild):
                    continue
                rest = bytearray(counts)
                for t in taken:
                    rest[t] -= 1
                if complete(bytes(rest), left, sets - 1, pair, masks, where):
                    return True
    if pair:
        for used in range(min(2, counts[k]), 0, -1):
            if used < 2 and not pairs:
                continue
            filled, left = fill(j, (k,) * (2 - used), masks)
            if filled == 2 - used:
                counts[k] -= used
                if complete(bytes(counts), left, sets, 0, masks, where):
                    return True
                counts[k] += used
    return False
