"""Shanten numbers, waits and the complete-hand test on count vectors.

*Shanten* is the number of tile exchanges (draw one, discard one) a hand needs
before it is ready: ``0`` means ready (tenpai), ``-1`` means complete.  It is
the inner loop of bots, simulations and "is this a win?" checks, so this module
is built for speed first and exactness second-to-none.

Input
-----
``counts`` is a 34-long sequence of copies per playing kind (``bytes`` is the
fast path; lists and tuples are converted) for the *concealed* tiles.  With
``n`` tiles, ``(14 - n) // 3`` sets are taken as already declared, so a
13-tile hand needs four sets and a pair, a 10-tile hand three sets and a pair,
and so on.  ``n`` must be ``3k + 1`` or ``3k + 2`` and at most 14; any other
count, a length other than 34 or a count above 4 raises :class:`HandError`.
Seven pairs and thirteen orphans only count for 13 or 14 tiles.

Exact definition
----------------
A *target* is a complete hand: ``k`` sets and a pair, with **at most four
copies of any kind** in the target.  The distance of a hand is the number of
target tiles it lacks, minimised over targets; shanten is distance minus one.
Because a fifth copy never exists, a hand holding all four 1m never "waits" on
1m, and such a hand counts as ready only if some *other* tile completes it.
This makes two statements exactly true, and both are tested:

* ``shanten(h) == -1``  iff  ``is_complete_counts(h)`` (14 - 3k tiles);
* ``shanten(h) == 0``   iff  ``waits(h)`` is non-empty (13 - 3k tiles).

It also agrees with the riichi reference calculator (``mahjong`` on PyPI) on
random hands for each form separately.

Seven pairs convention
----------------------
``seven_pairs_allow_four=True`` (the default, as in the Chinese and most
classical rulesets) counts four identical tiles as two pairs.  ``False`` is the
riichi rule (seven *different* pairs), which is what the reference calculator
implements; the tests compare with it under that setting.

How it is fast
--------------
The standard form is the min-plus combination (tomohxx's method) of one small
vector per suit: for ``m = 0..4`` sets, without and with the pair, the least
number of tiles that suit still needs.  The vector depends only on that suit's
9 counts (7 for honours), so the 34 counts are cut into four ``bytes`` slices,
each looked up in a dict that maps the slice to an interned vector id, and the
ids are combined through memoised nested dicts.  A warm call is four slices,
four dict lookups and three memo lookups; seven pairs and thirteen orphans are
``bytes.count`` calls.  A slice seen for the first time is split into windows
that cannot interact (runs of two or more empty kinds separate them), and each
window's vector comes from an exact little dynamic programme, itself memoised,
so even the cold path stays cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from .errors import HandError

__all__ = [
    "as_counts",
    "is_complete_counts",
    "shanten",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "waits",
]

#: The thirteen terminal and honour kinds, in index order.
ORPHANS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_orphans_of = itemgetter(*ORPHANS)

#: "Impossible" distance; large enough that sums of a few stay impossible.
_INF = 99
#: Most sets a hand ever needs.
_MAX_SETS = 4

# Interned vectors: a vector is (a0..a4, b0..b4) where a[m] is the least number
# of tiles needed to make m sets and b[m] m sets and the pair.
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}
# bytes slice (9 = one suit, 7 = honours) -> vector id.
_PART: dict[bytes, int] = {}
# id, id -> id of the combined vector.
_JOIN: dict[int, dict[int, int]] = {}
# id of three parts, id of the fourth -> shanten by number of sets (index n // 3).
_FINAL: dict[int, dict[int, tuple[int, ...]]] = {}
# window of a suit (with its margins) -> vector id of the window on its own (no filler sets).
_WINDOW: dict[bytes, int] = {}
# bytes slice -> 0 if it is complete as sets, 1 if complete as sets + the pair, 9 otherwise.
_CODE: dict[bytes, int] = {}
# bytes slice -> (kinds that make it complete as sets, ... as sets + pair).
_PART_WAITS: dict[bytes, tuple[frozenset[int], frozenset[int]]] = {}


# --------------------------------------------------------------------------- input


def as_counts(counts: Sequence[int] | bytes) -> bytes:
    """The 34 counts as ``bytes``, validated (length 34, each 0..4).

    :raises HandError: for a wrong length or a count outside 0..4.
    """
    if counts.__class__ is bytes:
        h = counts
    else:
        try:
            h = bytes(counts)
        except (TypeError, ValueError) as exc:
            raise HandError(f"expected 34 tile counts between 0 and 4, got {counts!r}", place="counts") from exc
    if len(h) != 34:
        raise HandError(f"expected 34 tile counts, got {len(h)}", place="counts")
    if max(h) > 4:
        kind = max(range(34), key=h.__getitem__)
        raise HandError(f"a kind has at most 4 copies, got {h[kind]} of kind {kind}", place=f"counts[{kind}]")
    return h


def _tile_total(h: bytes, complete: bool) -> int:
    """Number of tiles, checked against the 3k+1 / 3k+2 shapes this module accepts."""
    n = sum(h)
    if n > 14 or n % 3 == 0:
        want = "14, 11, 8, 5 or 2" if complete else "13, 14, 10, 11, 7, 8, 4, 5, 1 or 2"
        raise HandError(f"expected {want} concealed tiles, got {n}", place="counts")
    return n


# --------------------------------------------------------------------------- vectors


def _intern(vector: Sequence[int]) -> int:
    vector = tuple(x if x < _INF else _INF for x in vector)
    vid = _VECTOR_ID.get(vector)
    if vid is None:
        vid = len(_VECTORS)
        _VECTORS.append(vector)
        _VECTOR_ID[vector] = vid
    return vid


def _min_plus(u: Sequence[int], v: Sequence[int]) -> tuple[int, ...]:
    """Combine the vectors of two disjoint groups of kinds; the pair comes from one of them."""
    a0, a1, a2, a3, a4, p0, p1, p2, p3, p4 = u
    b0, b1, b2, b3, b4, q0, q1, q2, q3, q4 = v
    return (
        a0 + b0,
        min(a0 + b1, a1 + b0),
        min(a0 + b2, a1 + b1, a2 + b0),
        min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        min(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
        min(p0 + b0, a0 + q0),
        min(p0 + b1, p1 + b0, a0 + q1, a1 + q0),
        min(p0 + b2, p1 + b1, p2 + b0, a0 + q2, a1 + q1, a2 + q0),
        min(p0 + b3, p1 + b2, p2 + b1, p3 + b0, a0 + q3, a1 + q2, a2 + q1, a3 + q0),
        min(p0 + b4, p1 + b3, p2 + b2, p3 + b1, p4 + b0, a0 + q4, a1 + q3, a2 + q2, a3 + q1, a4 + q0),
    )


# (sets added, pair added) -> [(slot in the result, slot in the child)], slot = 5 * pair + sets.
_SHIFTS = {
    (ds, dp): [(5 * (p + dp) + m + ds, 5 * p + m) for p in range(2 - dp) for m in range(5 - ds)]
    for ds in range(6)
    for dp in range(2)
}
_NONE = -_INF
# (remaining counts, chows started one back, two back) -> most hand tiles used, by slot.
_SUFFIX: dict[tuple[bytes, int, int], list[int]] = {}


def _suffix_used(rest: bytes, back1: int, back2: int) -> list[int]:
    """Most hand tiles a target can use in ``rest``, by (sets, pair) slot.

    ``back1``/``back2`` chows were started one and two places before ``rest``
    and still cover its first kinds.  At each kind the target chooses chows
    starting there, a pung and the pair; it never holds more than four of a
    kind and never puts a pung or the pair on a kind the hand lacks (those are
    filler sets, priced later).  A chow that uses no hand tile is a filler too,
    so no more chows start at a kind than the largest count they cover.
    Memoised on the suffix, which windows share.
    """
    key = (rest, back1, back2)
    best = _SUFFIX.get(key)
    if best is not None:
        return best
    if not rest:
        best = [_NONE] * 10
        best[0] = 0
        _SUFFIX[key] = best
        return best
    best = [_NONE] * 10
    held = rest[0]
    running = back1 + back2
    chow_cap = min(4 - running, max(rest[0:3])) if len(rest) >= 3 else 0
    tail = rest[1:]
    for start in range(chow_cap + 1):
        child = _suffix_used(tail, start, back1)
        for pung in (0, 1) if held else (0,):
            for pair in (0, 1) if held else (0,):
                target = running + start + 3 * pung + 2 * pair
                if target > 4:
                    continue
                gain = target if target < held else held
                for dst, src in _SHIFTS[start + pung, pair]:
                    value = child[src] + gain
                    if value > best[dst]:
                        best[dst] = value
    _SUFFIX[key] = best
    return best


def _window_id(window: bytes) -> int:
    """Vector id of one window of consecutive kinds on its own (no filler sets).

    A window and its mirror image need the same tiles, so both share one entry.
    """
    vid = _WINDOW.get(window)
    if vid is None:
        mirror = window[::-1]
        vid = _WINDOW.get(mirror)
        if vid is None:
            used = _suffix_used(window, 0, 0)
            vid = _intern(
                [(3 * (slot % 5) + 2 * (slot // 5) - u) if u >= 0 else _INF for slot, u in enumerate(used)]
            )
            _WINDOW[mirror] = vid
        _WINDOW[window] = vid
    return vid


def _windows(part: bytes) -> list[bytes]:
    """Cut a suit into windows that cannot share a set: two empty kinds separate them.

    Each window keeps up to two empty kinds of margin on each side, where a
    chow may reach (the margin matters: next to the edge of the suit a chow
    cannot reach out).  Windows never compete for a shared margin because a
    hand has at most four sets and no useful set stands on empty kinds alone.
    """
    out = []
    n = len(part)
    i = 0
    while i < n:
        if part[i] == 0:
            i += 1
            continue
        j = i
        while j < n and (part[j] or (j + 1 < n and part[j + 1])):
            j += 1
        out.append(part[max(0, i - 2) : min(n, j + 2)])
        i = j
    return out


_FILLED: dict[int, int] = {}


def _with_fillers(vid: int) -> int:
    """Allow sets and the pair on kinds the hand lacks (3 and 2 tiles needed each)."""
    done = _FILLED.get(vid)
    if done is None:
        v = _VECTORS[vid]
        a = [min(v[k] + 3 * (m - k) for k in range(m + 1)) for m in range(5)]
        b = [min(min(v[5 + k], v[k] + 2) + 3 * (m - k) for k in range(m + 1)) for m in range(5)]
        done = _FILLED[vid] = _intern(a + b)
    return done


_EMPTY = (0, _INF, _INF, _INF, _INF, _INF, _INF, _INF, _INF, _INF)


def _compute_part(part: bytes) -> int:
    if len(part) == 9:
        windows = _windows(part)
    else:  # honours: no chows, every kind stands alone
        windows = [part[i : i + 1] for i in range(len(part)) if part[i]]
    vid = _intern(_EMPTY)
    for window in windows:
        vid = _join(vid, _window_id(window))
    return _with_fillers(vid)


def _part_id(part: bytes) -> int:
    vid = _PART.get(part)
    if vid is None:
        if max(part, default=0) > 4:
            raise HandError("a kind has at most 4 copies", place="counts")
        vid = _PART[part] = _compute_part(part)
    return vid


def _join(u: int, v: int) -> int:
    row = _JOIN.get(u)
    if row is None:
        row = _JOIN[u] = {}
    w = row.get(v)
    if w is None:
        w = row[v] = _intern(_min_plus(_VECTORS[u], _VECTORS[v]))
    return w


def _final(u: int, v: int) -> tuple[int, ...]:
    row = _FINAL.get(u)
    if row is None:
        row = _FINAL[u] = {}
    done = row.get(v)
    if done is None:
        vector = _min_plus(_VECTORS[u], _VECTORS[v])
        done = row[v] = tuple(vector[5 + m] - 1 for m in range(5))
    return done


def _standard_slow(h: bytes) -> tuple[int, ...]:
    """Fill every table the fast path needs and return its answer."""
    ids = [_part_id(h[0:9]), _part_id(h[9:18]), _part_id(h[18:27]), _part_id(h[27:34])]
    return _final(_join(_join(ids[0], ids[1]), ids[2]), ids[3])


# --------------------------------------------------------------------------- shanten


def shanten_standard(counts: Sequence[int] | bytes) -> int:
    """Shanten for four sets and a pair (fewer sets when the hand has fewer tiles)."""
    h = as_counts(counts)
    n = _tile_total(h, False)
    try:
        return _FINAL[_JOIN[_JOIN[_PART[h[0:9]]][_PART[h[9:18]]]][_PART[h[18:27]]]][_PART[h[27:34]]][n // 3]
    except KeyError:
        return _standard_slow(h)[n // 3]


def shanten_seven_pairs(counts: Sequence[int] | bytes, *, allow_four: bool = True) -> int:
    """Shanten for seven pairs.  ``allow_four=False``: the pairs must be of seven different kinds (riichi)."""
    h = as_counts(counts)
    _tile_total(h, False)
    return _seven_pairs(h, allow_four)


def _seven_pairs(h: bytes, allow_four: bool) -> int:
    kinds = 34 - h.count(0)
    pairs = kinds - h.count(1)  # kinds held twice or more
    if allow_four:
        return 6 - pairs - h.count(4)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_thirteen_orphans(counts: Sequence[int] | bytes) -> int:
    """Shanten for thirteen orphans (one of each terminal and honour, plus one more of them)."""
    h = as_counts(counts)
    _tile_total(h, False)
    return _thirteen_orphans(h)


def _thirteen_orphans(h: bytes) -> int:
    held = _orphans_of(h)
    kinds = 13 - held.count(0)
    return 12 - kinds if kinds - held.count(1) else 13 - kinds


def shanten(
    counts: Sequence[int] | bytes,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    seven_pairs_allow_four: bool = True,
) -> int:
    """Least shanten over the standard form and, for 13-14 tiles, seven pairs and thirteen orphans.

    ``-1`` is complete, ``0`` ready.  See the module docstring for the exact
    definition and conventions.

    :raises HandError: for counts that are not a 3k+1 / 3k+2 concealed hand.
    """
    h = counts if counts.__class__ is bytes and len(counts) == 34 else as_counts(counts)
    n = sum(h)
    if n > 14 or n % 3 == 0:
        _tile_total(h, False)
    try:
        best = _FINAL[_JOIN[_JOIN[_PART[h[0:9]]][_PART[h[9:18]]]][_PART[h[18:27]]]][_PART[h[27:34]]][n // 3]
    except KeyError:
        best = _standard_slow(h)[n // 3]
    if n < 13 or best < 0:
        return best
    if seven_pairs:
        kinds = 34 - h.count(0)
        pairs = kinds - h.count(1)
        if seven_pairs_allow_four:
            other = 6 - pairs - h.count(4)
        else:
            other = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if other < best:
            best = other
    if thirteen_orphans:
        held = _orphans_of(h)
        kinds = 13 - held.count(0)
        other = 12 - kinds if kinds - held.count(1) else 13 - kinds
        if other < best:
            best = other
    return best


# --------------------------------------------------------------------------- complete / waits


def _code(part: bytes) -> int:
    code = _CODE.get(part)
    if code is None:
        vector = _VECTORS[_part_id(part)]
        n = sum(part)
        if n % 3 == 0 and vector[n // 3] == 0:
            code = 0
        elif n % 3 == 2 and vector[5 + n // 3] == 0:
            code = 1
        else:
            code = 9
        _CODE[part] = code
    return code


def is_complete_counts(
    counts: Sequence[int] | bytes,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    seven_pairs_allow_four: bool = True,
) -> bool:
    """Whether 14 (or 14 - 3k) concealed tiles form a complete hand; same as ``shanten(...) == -1``.

    :raises HandError: for counts that are not a 3k+2 concealed hand.
    """
    h = counts if counts.__class__ is bytes and len(counts) == 34 else as_counts(counts)
    n = sum(h)
    if n > 14 or n % 3 != 2:
        raise HandError(f"expected 14, 11, 8, 5 or 2 concealed tiles, got {n}", place="counts")
    code = _CODE
    try:
        if code[h[0:9]] + code[h[9:18]] + code[h[18:27]] + code[h[27:34]] == 1:
            return True
    except KeyError:
        if _code(h[0:9]) + _code(h[9:18]) + _code(h[18:27]) + _code(h[27:34]) == 1:
            return True
    if n != 14:
        return False
    if seven_pairs:
        if seven_pairs_allow_four:
            if not h.count(1) and not h.count(3):
                return True
        elif h.count(2) == 7:
            return True
    if thirteen_orphans:
        held = _orphans_of(h)
        if 0 not in held and sum(held) == 14:
            return True
    return False


def _part_waits(part: bytes) -> tuple[frozenset[int], frozenset[int]]:
    """Offsets in the part whose addition makes it complete as sets, and as sets + pair."""
    found = _PART_WAITS.get(part)
    if found is None:
        sets_only = set()
        with_pair = set()
        for i in range(len(part)):
            if part[i] < 4:
                code = _code(part[:i] + bytes((part[i] + 1,)) + part[i + 1 :])
                if code == 0:
                    sets_only.add(i)
                elif code == 1:
                    with_pair.add(i)
        found = _PART_WAITS[part] = (frozenset(sets_only), frozenset(with_pair))
    return found


_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def waits(
    counts: Sequence[int] | bytes,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    seven_pairs_allow_four: bool = True,
) -> tuple[int, ...]:
    """Kinds that complete a 13 - 3k tile concealed hand, ascending.

    A kind whose four copies are all in the hand is never a wait (there is no
    fifth tile), so ``waits(h)`` is non-empty exactly when ``shanten(h) == 0``.

    :raises HandError: for counts that are not a 3k+1 concealed hand.
    """
    h = as_counts(counts)
    n = sum(h)
    if n > 13 or n % 3 != 1:
        raise HandError(f"expected 13, 10, 7, 4 or 1 concealed tiles, got {n}", place="counts")
    parts = [h[lo:hi] for lo, hi in _BOUNDS]
    codes = [_code(p) for p in parts]
    total = sum(codes)
    found: set[int] = set()
    for (lo, _), part, code in zip(_BOUNDS, parts, codes, strict=True):
        others = total - code
        if others > 1:
            continue
        sets_only, with_pair = _part_waits(part)
        found.update(lo + i for i in (with_pair if others == 0 else sets_only))
    if n == 13:
        if seven_pairs:
            if seven_pairs_allow_four:
                if h.count(1) + h.count(3) == 1:
                    found.add(h.index(1) if 1 in h else h.index(3))
            elif h.count(2) == 6 and h.count(1) == 1:
                found.add(h.index(1))
        if thirteen_orphans:
            held = _orphans_of(h)
            if sum(held) == 13 and held.count(0) <= 1 and max(held) <= 2:
                if 0 in held:
                    found.add(ORPHANS[held.index(0)])
                else:
                    found.update(ORPHANS)
    return tuple(sorted(found))
