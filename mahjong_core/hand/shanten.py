"""Shanten numbers, waits and the complete-hand test on count vectors.

*Shanten* is the number of tile exchanges (draw one, discard one) a hand needs
before it is ready: ``0`` means ready (tenpai), ``-1`` means complete.  It is
the inner loop of bots, simulations and "is this a win?" checks, so this module
is built for speed without giving up exactness.

Input
-----
``counts`` is a 34-long sequence of copies per playing kind for the
*concealed* tiles (``bytes`` is the fast path; lists and tuples are converted).
With ``n`` tiles the hand needs ``n // 3`` sets and a pair (the sets a
game's hand size asks for beyond them count as already declared), so a
13-tile hand needs four sets and a pair, a 10-tile hand three sets and a pair,
a 16-tile hand five.  ``n`` must be ``3k + 1`` or ``3k + 2`` and at most
:data:`MAX_TILES` (17: five sets and a pair); any other count, a length other
than 34 or a count above 4 raises :class:`HandError`.  Seven pairs and
thirteen orphans only take part for 13 or 14 tiles.

Exact definition
----------------
A *target* is a complete hand (``k`` sets and a pair) that holds **at most four
copies of any kind**.  A hand's distance is the number of target tiles it
lacks, minimised over targets; shanten is the distance minus one.  Because a
fifth copy never exists, a hand holding all four 1m can never wait on 1m; such
a hand is ready only if some *other* tile completes it.  So both of these hold
exactly (and are tested):

* ``shanten(h) == -1``  iff  ``is_complete_counts(h)`` (14 - 3k tiles);
* ``shanten(h) == 0``   iff  ``waits(h)`` is non-empty (13 - 3k tiles).

The riichi reference calculator (``mahjong`` on PyPI) agrees on every hand
the tests compare, form by form: random hands, and hands crowded with four
of a kind where the copy limit matters.

Seven pairs convention
----------------------
``seven_pairs_allow_four=True`` (the default, as in the Chinese official and
most classical rulesets) counts four identical tiles as two pairs.  ``False``
is the riichi rule (seven *different* pairs), which is what the reference
calculator implements; comparisons with it use that setting.

How it is fast
--------------
The standard form is the min-plus combination (tomohxx's method) of one small
vector per suit: for ``m = 0..4`` sets, without and with the pair, the least
number of tiles that suit still needs.  The vector depends only on that suit's
nine counts (seven for honours), so the 34 counts are cut into four ``bytes``
slices, each mapped by a dict to an interned id of (vector, tile count), and
the ids are combined through memoised nested dicts whose last level holds the
answer and the tile count.  A warm call is four slices, four dict lookups and
three memo lookups, plus two ``bytes.count`` calls for seven pairs.  The
complete-hand test needs no search at all: the 22,241 slices that are
complete on their own (as sets, or as sets and the pair) are listed once, on
first use, by adding sets to integers, so a hand is four dict lookups; a
hand that fails them is only checked for the two special forms.

The tables hold hands of at most 14 tiles.  A hand of 16 or 17 (five sets and
a pair) is measured by the same scheme with wider vectors (``m = 0..5``), each
made by an exact programme over the whole suit, interned, joined and
remembered in tables of their own (:func:`_wide_shanten`); they are reached
only where the 14-tile tables answer "not a hand's size", so a 13-tile game
never pays for them.

A slice seen for the first time is cut into windows that cannot interact (two
or more empty kinds separate them), and each window's vector comes from an
exact dynamic programme memoised on suffixes, so the cold path stays cheap.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from operator import itemgetter

from mahjong_core.errors import HandError
from mahjong_core.hand import suit_table

__all__ = [
    "ORPHANS",
    "as_counts",
    "clear_caches",
    "is_complete_counts",
    "shanten",
    "least_after_passing",
    "one_exchange_apart",
    "shanten_after_discards",
    "shanten_best_discard",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "waits",
]

#: The thirteen terminal and honour kinds, in index order.
ORPHANS: tuple[int, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_orphans_of = itemgetter(*ORPHANS)
_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))

#: "Impossible" number of tiles; sums of a few stay impossible, and vectors clamp to it.
_INF = 99
_NONE = -_INF

# Interned (a0..a4, b0..b4, tiles): a[m] is the least number of tiles needed for
# m sets, b[m] for m sets and the pair, ``tiles`` how many tiles the group holds.
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}
_INTERN_LOCK = threading.Lock()
# bytes slice (9 = a suit, 7 = the honours) -> vector id.
_PART: dict[bytes, int] = {}
# id, id -> id of the two groups together.
_JOIN: dict[int, dict[int, int]] = {}
# id of three slices, id of the fourth -> (standard shanten, tiles), tiles = -1 when not a hand size (any two
# groups of kinds that make up the 34, as :func:`shanten_after_discards` also asks).
_FINAL: dict[int, dict[int, tuple[int, int]]] = {}
#: Suit slice -> the vector ids of that slice less one tile of each kind (:func:`_minus_ids`).
_MINUS: dict[bytes, tuple[int, ...]] = {}
#: (first kind, slice, r) -> every different choice of r tiles of the slice with what it leaves (:func:`_passes`).
_PASSES: dict[tuple[int, bytes, int], tuple[tuple[tuple[int, ...], int], ...]] = {}
#: Entries kept in ``_PASSES`` before it is emptied (2,560 Orsk deals made 35,575, while the whole process grew by
#: 25 MB).
_PASSES_KEPT = 1 << 16
#: three suits' id -> honours' id -> the best discard's shanten of a 3k-tile hand (:func:`shanten_best_discard`).
_BEST_DISCARD: dict[int, dict[int, int]] = {}
# window of a suit, margins included -> vector id of the window alone (no filler sets).
_WINDOW: dict[bytes, int] = {}
# (remaining counts, chows started one back, two back) -> most hand tiles used, by slot.
_SUFFIX: dict[tuple[bytes, int, int], list[int]] = {}
# vector id -> the same with filler sets allowed.
_FILLED: dict[int, int] = {}
# Every slice (9 bytes = a suit, 7 = the honours) that is complete on its own as sets, or
# as sets and the pair: 21,743 + 498 entries, built on first use -> tiles << 6 | (1 if it holds the pair).
_COMPLETE: dict[bytes, int] = {}
# bytes slice -> (offsets whose addition completes it as sets, ... as sets and the pair).
_PART_WAITS: dict[bytes, tuple[frozenset[int], frozenset[int]]] = {}
_COMPLETE_14 = 14 << 6 | 1
_VALID_COUNTS = bytes(range(5))
#: The most sets a hand makes: five and a pair in a hand of 16 (17 at a win), as Taiwanese mahjong deals.  The
#: tables above stop at four sets (14 tiles), which every hand of a 13-tile game fits; a larger hand is measured by
#: the wide path below (:func:`_wide_shanten`), so the 13-tile path is not made any slower by hands it never sees.
MAX_SETS = 5
#: The most concealed tiles any function here measures: ``MAX_SETS`` sets and a pair.
MAX_TILES = 3 * MAX_SETS + 2
#: The longest hand (and so the longest suit) the 13-tile path's vectors serve: four sets and the pair.
MAX_STANDARD_TILES = 14
# Wide path: (remaining counts, chows one back, two back) -> most hand tiles used by slot (6 * pair + sets).
_WIDE_SUFFIX: dict[tuple[bytes, int, int], list[int]] = {}
# Wide path: slice (9 or 7 counts) -> (least tiles needed for m sets, m = 0..MAX_SETS; the same with the pair).
_WIDE_PART: dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]] = {}
# Wide path: the same by a slice's canonical form (:func:`_wide_part`), suits' and honours' apart.
_WIDE_SUIT_FORM: dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_WIDE_HONOUR_FORM: dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]] = {}
# Wide path, interned like ``_VECTORS``: (a0..a5, b0..b5, tiles) of a slice or a group of slices (:func:`_wide_part`).
_WIDE_VECTORS: list[tuple[int, ...]] = []
_WIDE_VECTOR_ID: dict[tuple[int, ...], int] = {}
# Wide path: slice -> wide vector id; id, id -> id of the two groups together; id of three slices, id of the
# honours -> standard shanten of the hand (:func:`_wide_shanten`).
_WIDE_PART_ID: dict[bytes, int] = {}
_WIDE_JOIN: dict[int, dict[int, int]] = {}
_WIDE_FINAL: dict[int, dict[int, int]] = {}
# Wide path: suit slice -> the wide vector ids of that slice less one tile of each kind (:func:`_wide_minus_ids`).
_WIDE_MINUS: dict[bytes, tuple[int, ...]] = {}
# Wide path: slice -> 0 complete as sets, 1 as sets and the pair, 8 neither (slices of any size).
_WIDE_SHAPE: dict[bytes, int] = {}


def clear_caches() -> None:
    """Forget every table entry (they refill on demand); for honest cold benchmarks and long runs."""
    for table in (_VECTOR_ID, _PART, _JOIN, _FINAL, _WINDOW, _SUFFIX, _FILLED, _COMPLETE, _PART_WAITS, _MINUS,
                  _BEST_DISCARD, _PASSES, _WIDE_SUFFIX, _WIDE_PART, _WIDE_SHAPE, _WIDE_VECTOR_ID, _WIDE_PART_ID,
                  _WIDE_JOIN, _WIDE_FINAL, _WIDE_MINUS, _WIDE_SUIT_FORM, _WIDE_HONOUR_FORM):
        table.clear()
    _VECTORS.clear()
    _WIDE_VECTORS.clear()


# --------------------------------------------------------------------------- input


def as_counts(counts: Sequence[int] | bytes) -> bytes:
    """The 34 counts as ``bytes``, validated (length 34, each 0..4).

    :raises HandError: for a wrong length or a count outside 0..4.
    """
    h = _counts(counts)
    if len(h) != 34:
        raise HandError(f"expected 34 tile counts, got {len(h)}", place="counts")
    if max(h) > 4:
        kind = max(range(34), key=h.__getitem__)
        raise HandError(f"a kind has at most 4 copies, got {h[kind]} of kind {kind}", place=f"counts[{kind}]")
    return h


def _bad_total(n: int, allowed: str) -> HandError:
    return HandError(f"expected {allowed} concealed tiles, got {n}", place="counts")


_ANY_SIZE = "1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16 or 17"


# --------------------------------------------------------------------------- vectors


def _intern(vector: Sequence[int], tiles: int) -> int:
    key = tuple(x if x < _INF else _INF for x in vector) + (tiles,)
    vid = _VECTOR_ID.get(key)
    if vid is None:
        # A live server plays its tables in threads: two threads giving out the same new id at once would leave
        # one vector's id naming the other's, and every answer built on it wrong.  Only a new vector takes the lock.
        with _INTERN_LOCK:
            vid = _VECTOR_ID.get(key)
            if vid is None:
                vid = len(_VECTORS)
                _VECTORS.append(key)
                _VECTOR_ID[key] = vid
    return vid


def _min_plus(u: Sequence[int], v: Sequence[int]) -> tuple[int, ...]:
    """Combine the vectors of two disjoint groups of kinds; the pair comes from one of them."""
    a0, a1, a2, a3, a4, p0, p1, p2, p3, p4 = u[:10]
    b0, b1, b2, b3, b4, q0, q1, q2, q3, q4 = v[:10]
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


def _suffix_used(rest: bytes, back1: int, back2: int) -> list[int]:
    """Most hand tiles a target can use in ``rest``, by (sets, pair) slot.

    ``back1``/``back2`` chows were started one and two places before ``rest``
    and still cover its first kinds.  At each kind the target chooses chows
    starting there, a pung and the pair; it never holds more than four of a
    kind and never puts a pung or the pair on a kind the hand lacks (those are
    filler sets, priced later).  A chow that uses no hand tile is a filler too,
    so no more chows start at a kind than can still use a tile of the hand.
    Memoised on the suffix, which windows share.
    """
    key = (rest, back1, back2)
    best = _SUFFIX.get(key)
    if best is not None:
        return best
    best = [_NONE] * 10
    if not rest:
        best[0] = 0
        _SUFFIX[key] = best
        return best
    held = rest[0]
    running = back1 + back2
    # The k-th chow starting here uses a hand tile only if k stays within what the hand holds
    # beyond the chows already covering some kind it spans.
    chow_cap = min(4 - running, max(held - running, rest[1] - back1, rest[2])) if len(rest) >= 3 else 0
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
            need = [(3 * (slot % 5) + 2 * (slot // 5) - u) if u >= 0 else _INF for slot, u in enumerate(used)]
            vid = _intern(need, sum(window))
            _WINDOW[mirror] = vid
        _WINDOW[window] = vid
    return vid


def _windows(part: bytes) -> list[bytes]:
    """Cut a suit into windows that cannot share a set: two empty kinds separate them.

    Each window keeps up to two empty kinds of margin on each side, where a
    chow may reach (the margin matters: at the edge of the suit a chow cannot
    reach out).  Windows never compete for a shared margin because a hand has
    at most four sets and no useful set stands on empty kinds alone.
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


def _with_fillers(vid: int) -> int:
    """Allow sets and the pair on kinds the hand lacks (3 and 2 tiles needed each).

    There is always room: a target of at most 14 tiles leaves some kind of
    any suit (and of the honours) holding at most one tile of it.
    """
    done = _FILLED.get(vid)
    if done is None:
        v = _VECTORS[vid]
        a = [min(v[k] + 3 * (m - k) for k in range(m + 1)) for m in range(5)]
        b = [min(min(v[5 + k], v[k] + 2) + 3 * (m - k) for k in range(m + 1)) for m in range(5)]
        done = _FILLED[vid] = _intern(a + b, v[10])
    return done


_EMPTY = (0, _INF, _INF, _INF, _INF, _INF, _INF, _INF, _INF, _INF)


def _part_id(part: bytes) -> int:
    """Vector id of one suit (9 counts) or of the honours (7 counts), validated and cached.

    A suit of up to 14 tiles is read from the shipped table (:mod:`.suit_table`: the first five slots of each
    half of its wide vector); others are searched.
    """
    vid = _PART.get(part)
    if vid is None:
        if len(part) not in (7, 9):
            raise HandError(f"expected 34 tile counts, got {len(part)} for a suit", place="counts")
        if max(part) > 4:
            raise HandError(f"a kind has at most 4 copies, got {max(part)}", place="counts")
        shipped = _shipped().vector_of(part) if len(part) == 9 and sum(part) <= MAX_STANDARD_TILES else None
        vid = searched_part_id(part) if shipped is None else _intern(shipped[0:5] + shipped[6:11], shipped[12])
        _PART[part] = vid
    return vid


def searched_part_id(part: bytes) -> int:
    """Vector id of one suit or of the honours (counts already checked), found by the search over its windows:
    what the shipped table gives suits of up to 14 tiles (``scripts/build_suit_table.py`` checks the two agree)."""
    if len(part) == 9:
        windows = _windows(part)
    else:  # honours: no chows, every kind stands alone
        windows = [part[i : i + 1] for i in range(7) if part[i]]
    vid = _intern(_EMPTY, 0)
    for window in windows:
        vid = _join(vid, _window_id(window))
    return _with_fillers(vid)


#: The shipped table, read on first use (:mod:`.suit_table`).
_SHIPPED: list[suit_table.Table] = []


def _shipped() -> suit_table.Table:
    if not _SHIPPED:
        with _INTERN_LOCK:
            if not _SHIPPED:
                _SHIPPED.append(suit_table.load())
    return _SHIPPED[0]


def _join(u: int, v: int) -> int:
    row = _JOIN.get(u)
    if row is None:
        row = _JOIN[u] = {}
    w = row.get(v)
    if w is None:
        w = row[v] = _intern(_min_plus(_VECTORS[u], _VECTORS[v]), _VECTORS[u][10] + _VECTORS[v][10])
    return w


def _final_slow(h: bytes) -> tuple[int, int]:
    """Fill every table the fast path of :func:`shanten` reads and return its entry."""
    if len(h) != 34:
        raise HandError(f"expected 34 tile counts, got {len(h)}", place="counts")
    three = _join(_join(_part_id(h[0:9]), _part_id(h[9:18])), _part_id(h[18:27]))
    return _final_of(three, _part_id(h[27:34]))


def _final_of(u: int, v: int) -> tuple[int, int]:
    """(standard shanten, tiles) of two groups of kinds together, remembered in ``_FINAL``; ``(-2, -1)`` when
    their tiles are not a hand's size.  Any split of the 34 kinds into two groups gives the same answer."""
    row = _FINAL.get(u)
    if row is None:
        row = _FINAL[u] = {}
    done = row.get(v)
    if done is None:
        a, b = _VECTORS[u], _VECTORS[v]
        tiles = a[10] + b[10]
        if tiles > 14 or tiles % 3 == 0:
            done = (-2, -1)
        else:
            done = (_pair_slot(a, b, tiles // 3) - 1, tiles)
        row[v] = done
    return done


def _pair_slot(a: Sequence[int], b: Sequence[int], sets: int) -> int:
    """``_min_plus(a, b)[5 + sets]`` (``sets`` sets and the pair from two groups), without the other nine slots."""
    return min(min(a[5 + i] + b[sets - i], a[i] + b[5 + sets - i]) for i in range(sets + 1))


def _counts(counts: Sequence[int] | bytes) -> bytes:
    """``bytes(counts)`` with the error the callers promise; length and range are checked by the tables."""
    try:
        if isinstance(counts, int):
            raise TypeError("a number is not a sequence of counts")
        return bytes(counts)
    except (TypeError, ValueError) as exc:
        raise HandError(f"expected 34 tile counts between 0 and 4, got {counts!r}", place="counts") from exc


# --------------------------------------------------------------------------- the wide path: five sets


_W = MAX_SETS + 1  # slots per half of a wide vector: m = 0..MAX_SETS sets, without (first half) and with the pair


# (sets added, pair added) -> [(slot in the result, slot in the child)], slot = _W * pair + sets (as ``_SHIFTS``).
_WIDE_SHIFTS = {
    (ds, dp): [(_W * (p + dp) + m + ds, _W * p + m) for p in range(2 - dp) for m in range(_W - ds)]
    for ds in range(_W + 4)
    for dp in range(2)
}


def _wide_suffix(rest: bytes, back1: int, back2: int) -> list[int]:
    """:func:`_suffix_used` with up to :data:`MAX_SETS` sets: most hand tiles a target uses in ``rest``, by slot.

    The same exact programme, over a whole suit rather than windows (the
    argument that lets windows stand apart counts on four sets at most), and
    memoised apart, so the 13-tile tables keep their shape.
    """
    key = (rest, back1, back2)
    best = _WIDE_SUFFIX.get(key)
    if best is not None:
        return best
    best = [_NONE] * (2 * _W)
    if not rest:
        best[0] = 0
        _WIDE_SUFFIX[key] = best
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
                for dst, src in _WIDE_SHIFTS[start + pung, pair]:
                    value = child[src] + gain
                    if value > best[dst]:
                        best[dst] = value
    _WIDE_SUFFIX[key] = best
    return best


def _wide_together(u: Sequence[int], v: Sequence[int]) -> list[int]:
    """Most hand tiles two disjoint groups of kinds use together, by slot (the pair from one of them at most)."""
    out = [_NONE] * (2 * _W)
    for p in range(2):
        for q in range(2 - p):
            for m in range(_W):
                a = u[_W * p + m]
                if a < 0:
                    continue
                for k in range(_W - m):
                    b = v[_W * q + k]
                    if b >= 0 and a + b > out[_W * (p + q) + m + k]:
                        out[_W * (p + q) + m + k] = a + b
    return out


def _wide_part(part: bytes) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Least tiles one slice still needs for ``m`` sets (``m`` = 0..MAX_SETS), without and with the pair.

    Sets and the pair on kinds the hand lacks (fillers) cost 3 and 2 tiles: a
    hand of at most :data:`MAX_TILES` tiles leaves more than enough kinds of
    the 34 empty for them.
    """
    found = _WIDE_PART.get(part)
    if found is None:
        suit = len(part) == 9
        # Slices that need the same tiles share one computation: a suit and its mirror image, less the empty
        # kinds beyond two at either end (no useful chow starts or ends on three empty kinds; the programme then
        # starts none there), and the honours in any order (no chows).
        key = _trimmed(part) if suit else bytes(sorted(part))
        if suit and key[::-1] < key:
            key = key[::-1]
        forms = _WIDE_SUIT_FORM if suit else _WIDE_HONOUR_FORM
        found = forms.get(key)
        if found is None:
            if suit:
                used = _wide_suffix(key, 0, 0)
            else:  # honours: no chows, each kind alone
                used = [0] + [_NONE] * (2 * _W - 1)
                for count in key:
                    if count:
                        used = _wide_together(used, _wide_suffix(bytes((count,)), 0, 0))
            need = [(3 * (slot % _W) + 2 * (slot // _W) - u) if u >= 0 else _INF for slot, u in enumerate(used)]
            sets = tuple(min(need[k] + 3 * (m - k) for k in range(m + 1)) for m in range(_W))
            paired = tuple(min(min(need[_W + k], need[k] + 2) + 3 * (m - k) for k in range(m + 1))
                           for m in range(_W))
            found = forms[key] = (sets, paired)
        _WIDE_PART[part] = found
    return found


def _trimmed(part: bytes) -> bytes:
    """A suit slice without the empty kinds beyond two at either end."""
    lo, hi = 0, len(part)
    while lo + 2 < hi and not part[lo] and not part[lo + 1] and not part[lo + 2]:
        lo += 1
    while hi - 2 > lo and not part[hi - 1] and not part[hi - 2] and not part[hi - 3]:
        hi -= 1
    return part[lo:hi]


def _wide_intern(vector: Sequence[int], tiles: int) -> int:
    """Id of a wide vector (``_W`` slots without the pair, ``_W`` with it, then the tiles), as :func:`_intern`.

    The ids index ``_WIDE_VECTORS``; a new one is handed out under the lock
    :func:`_intern` takes, for the same reason (tables played in threads).
    """
    key = (*vector, tiles)
    vid = _WIDE_VECTOR_ID.get(key)
    if vid is None:
        with _INTERN_LOCK:
            vid = _WIDE_VECTOR_ID.get(key)
            if vid is None:
                vid = len(_WIDE_VECTORS)
                _WIDE_VECTORS.append(key)
                _WIDE_VECTOR_ID[key] = vid
    return vid


def _wide_part_id(part: bytes) -> int:
    """Wide vector id of one valid slice (9 counts or the 7 honours): :func:`_wide_part` interned, memoised; a suit
    read from the shipped table (:mod:`.suit_table`), where it holds it."""
    vid = _WIDE_PART_ID.get(part)
    if vid is None:
        shipped = _shipped().vector_of(part) if len(part) == 9 else None
        if shipped is None:
            sets, paired = _wide_part(part)
            vid = _wide_intern(sets + paired, sum(part))
        else:
            vid = _wide_intern(shipped[:12], shipped[12])
        _WIDE_PART_ID[part] = vid
    return vid


def _wide_join(u: int, v: int) -> int:
    """Id of two disjoint groups' wide vectors combined by min-plus (the pair from one of them), memoised."""
    row = _WIDE_JOIN.get(u)
    if row is None:
        row = _WIDE_JOIN[u] = {}
    w = row.get(v)
    if w is None:
        a, b = _WIDE_VECTORS[u], _WIDE_VECTORS[v]
        sets = [min(a[i] + b[m - i] for i in range(m + 1)) for m in range(_W)]
        paired = [min(min(a[_W + i] + b[m - i], a[i] + b[_W + m - i]) for i in range(m + 1)) for m in range(_W)]
        w = row[v] = _wide_intern(sets + paired, a[2 * _W] + b[2 * _W])
    return w


def _wide_final(u: int, v: int) -> int:
    """Standard shanten of two groups of kinds that make up the 34, from their wide vector ids, memoised.

    Only the one slot the hand's size asks for (``n // 3`` sets and the pair)
    is combined.  The caller has checked the size (3k+1 or 3k+2, at most
    :data:`MAX_TILES`).
    """
    row = _WIDE_FINAL.get(u)
    if row is None:
        row = _WIDE_FINAL[u] = {}
    value = row.get(v)
    if value is None:
        a, b = _WIDE_VECTORS[u], _WIDE_VECTORS[v]
        m = (a[2 * _W] + b[2 * _W]) // 3
        value = row[v] = min(min(a[_W + i] + b[m - i], a[i] + b[_W + m - i]) for i in range(m + 1)) - 1
    return value


def _wide_shanten(h: bytes) -> int:
    """Standard-form shanten of 34 valid counts holding 3k+1 or 3k+2 tiles, up to :data:`MAX_TILES`.

    The 13-tile path's shape with wider vectors: each slice's vector of
    ``m = 0..MAX_SETS`` sets (:func:`_wide_part`) is interned, the four are
    joined by memoised min-plus, and the last join's answer is remembered, so
    a warm hand is four dict lookups and three memo lookups.  Asked only of
    hands over 14 tiles (and by tests), so the 13-tile tables keep their
    shape.  A test compares it with the whole-hand programme it replaced.
    """
    try:
        return _WIDE_FINAL[_WIDE_JOIN[_WIDE_JOIN[_WIDE_PART_ID[h[0:9]]][_WIDE_PART_ID[h[9:18]]]][
            _WIDE_PART_ID[h[18:27]]]][_WIDE_PART_ID[h[27:34]]]
    except KeyError:
        three = _wide_join(_wide_join(_wide_part_id(h[0:9]), _wide_part_id(h[9:18])), _wide_part_id(h[18:27]))
        return _wide_final(three, _wide_part_id(h[27:34]))


def _beyond_tables(counts: Sequence[int] | bytes) -> int:
    """Standard shanten of a hand the tables do not hold: over 14 tiles (the wide path), else not a hand's size."""
    h = as_counts(counts)
    n = sum(h)
    if n % 3 == 0 or not 14 < n <= MAX_TILES:
        raise _bad_total(n, _ANY_SIZE)
    return _wide_shanten(h)


def _wide_shape(part: bytes) -> int:
    """0 when a slice of any size is complete as sets, 1 as sets and the pair, 8 otherwise (memoised)."""
    shape = _WIDE_SHAPE.get(part)
    if shape is None:
        n = sum(part)
        pair = n % 3 == 2
        if n % 3 == 1:
            shape = 8
        else:
            sets, paired = _wide_part(part) if n <= MAX_TILES else ((_INF,) * _W, (_INF,) * _W)
            shape = (1 if paired[n // 3] == 0 else 8) if pair else (0 if sets[n // 3] == 0 else 8)
        _WIDE_SHAPE[part] = shape
    return shape


# --------------------------------------------------------------------------- shanten


def shanten(
    counts: Sequence[int] | bytes,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    seven_pairs_allow_four: bool = True,
) -> int:
    """Least shanten over the standard form and, for 13-14 tiles, seven pairs and thirteen orphans.

    ``-1`` is complete, ``0`` ready.  See the module docstring for the exact
    definition and the conventions.

    :raises HandError: for counts that are not a 3k+1 / 3k+2 concealed hand.
    """
    try:
        h = bytes(counts)
    except (TypeError, ValueError):
        h = _counts(counts)
    if len(h) != 34:
        as_counts(h)
    z = h[27:34]
    try:
        best, n = _FINAL[_JOIN[_JOIN[_PART[h[0:9]]][_PART[h[9:18]]]][_PART[h[18:27]]]][_PART[z]]
    except KeyError:
        best, n = _final_slow(h)
    if n < 13 or best < 0:
        if n < 0:
            return _beyond_tables(counts)
        return best
    if seven_pairs:
        kinds = 34 - h.count(0)
        pairs = kinds - h.count(1)  # kinds held at least twice
        if seven_pairs_allow_four:
            other = 6 - pairs - h.count(4)
        else:
            other = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        if other < best:
            best = other
    # Thirteen orphans needs at least 12 - (6 + honour kinds held) more tiles; skip it when that cannot win.
    if thirteen_orphans and z.count(0) - 1 < best:
        held = _orphans_of(h)
        kinds = 13 - held.count(0)
        other = 12 - kinds if kinds - held.count(1) else 13 - kinds
        if other < best:
            best = other
    return best


def one_exchange_apart(before: bytes, after: bytes) -> bool:
    """Whether ``after`` is ``before`` with one tile taken in and another kind's tile let go (count vectors of
    one length, each count below 128): one exchange, the change a seat's hand makes in a plain turn.

    One exchange changes shanten by one at most, under every form: a target the hand lacks ``d`` tiles of lacks
    at most ``d + 1`` once one tile is let go, and taking one in adds none (the module's definition).  So a
    hand known to be ``s`` from ready is at least ``s - 1`` after it, and a game need not measure a hand that
    cannot yet be ready (:func:`mahjong_core.engine.claims.claim_window`).

    Read as big numbers in base 256, two vectors one exchange apart differ by ``256**p - 256**q``, and no
    other difference of counts below 128 gives such a number (a number has one expansion in base 256 with
    digits from -127 to 128): a power of 256 less a smaller one.
    """
    if len(before) != len(after):
        return False
    d = int.from_bytes(after, "big") - int.from_bytes(before, "big")
    if d < 0:
        d = -d
    low = d & -d  # 256**q: the lowest set bit of 256**q * (256**(p - q) - 1), whose second factor is odd
    high = d + low  # 256**p
    return d != 0 and low.bit_length() % 8 == 1 and high & (high - 1) == 0 and high.bit_length() % 8 == 1


_IS_ORPHAN = bytes(1 if k in ORPHANS else 0 for k in range(34))


def _minus_ids(part: bytes) -> tuple[int, ...]:
    """For each kind of a suit slice, the vector id of the slice less one tile of it (``-1`` where none is held)."""
    ids = _MINUS.get(part)
    if ids is None:
        ids = _MINUS[part] = tuple(_part_id(part[:i] + bytes((c - 1,)) + part[i + 1:]) if c else -1
                                   for i, c in enumerate(part))
    return ids


def shanten_after_discards(counts: Sequence[int] | bytes) -> dict[int, int]:
    """``{kind: shanten(counts less one tile of kind)}`` for every kind held, with :func:`shanten`'s defaults.

    A bot weighing its discards asks this of every kind it holds.  Asked at
    once, the three suits a discard leaves alone are combined once per suit,
    each suit's slices less one tile are looked up together
    (:func:`_minus_ids`), each discard is then one lookup of the two vectors'
    answer (:func:`_final_of`), and seven pairs and thirteen orphans are
    counted once and adjusted per kind;
    a combination the tables do not hold yet, and any hand of a size
    :func:`shanten` refuses, is answered by :func:`shanten` itself, so every
    value is exactly what it gives (a test compares them on random and
    crowded hands).
    """
    h = _counts(counts)
    if len(h) != 34 or h.translate(None, _VALID_COUNTS):
        as_counts(counts)
    parts = (h[0:9], h[9:18], h[18:27], h[27:34])
    i0, i1, i2, i3 = (_part_id(p) for p in parts)
    join = _join
    j01, j23 = join(i0, i1), join(i2, i3)
    if _VECTORS[j01][10] + _VECTORS[j23][10] in (MAX_TILES, MAX_TILES + 1):  # each discard leaves 16 or 17
        return _wide_after_discards(h)
    # For each suit, the other three combined: a discard from the suit is then one answer of two vectors.
    others = (join(i1, j23), join(i0, j23), join(j01, i3), join(j01, i2))
    zeros, ones, fours = h.count(0), h.count(1), h.count(4)
    honour_zeros = parts[3].count(0)
    orphans = _orphans_of(h)
    orphan_kinds = 13 - orphans.count(0)
    orphan_ones = orphans.count(1)
    out: dict[int, int] = {}
    for suit in range(4):
        start = 9 * suit
        rest = others[suit]
        row = _FINAL.get(rest)
        if row is None:
            row = _FINAL[rest] = {}
        for off, pid in enumerate(_minus_ids(parts[suit])):
            if pid < 0:
                continue
            kind = start + off
            c = h[kind]
            entry = row.get(pid)
            if entry is None:
                entry = _final_of(rest, pid)
            if entry[1] < 0:
                out[kind] = shanten(h[:kind] + bytes((c - 1,)) + h[kind + 1:])
                continue
            best, n = entry
            if n < 13 or best < 0:
                out[kind] = best
                continue
            # Seven pairs (four of a kind as two pairs, the default) after the discard.
            pairs = 34 - (zeros + (c == 1)) - (ones - (c == 1) + (c == 2))
            other = 6 - pairs - (fours - (c == 4))
            if other < best:
                best = other
            orphan = _IS_ORPHAN[kind]
            if (honour_zeros + (kind >= 27 and c == 1)) - 1 < best:
                kinds = orphan_kinds - (orphan and c == 1)
                single = orphan_ones - (orphan and c == 1) + (orphan and c == 2)
                other = 12 - kinds if kinds - single else 13 - kinds
                if other < best:
                    best = other
            out[kind] = best
    return out  # kinds ascending: suits and offsets are walked in order


def _wide_minus_ids(part: bytes) -> tuple[int, ...]:
    """:func:`_minus_ids` for the wide path: each kind's slice less one tile of it as a wide vector id (or -1)."""
    ids = _WIDE_MINUS.get(part)
    if ids is None:
        ids = _WIDE_MINUS[part] = tuple(_wide_part_id(part[:i] + bytes((c - 1,)) + part[i + 1:]) if c else -1
                                        for i, c in enumerate(part))
    return ids


def _wide_after_discards(h: bytes) -> dict[int, int]:
    """:func:`shanten_after_discards` of valid counts whose every discard leaves 16 or 17 tiles (the wide path).

    The same walk with the wide vectors: the three suits a discard leaves
    alone are joined once per suit, and each discard is one memoised answer
    of two ids.  The special forms need 13 or 14 tiles, so only the standard
    form counts.
    """
    parts = (h[0:9], h[9:18], h[18:27], h[27:34])
    i0, i1, i2, i3 = (_wide_part_id(p) for p in parts)
    join = _wide_join
    j01, j23 = join(i0, i1), join(i2, i3)
    others = (join(i1, j23), join(i0, j23), join(j01, i3), join(j01, i2))
    out: dict[int, int] = {}
    for suit in range(4):
        start = 9 * suit
        rest = others[suit]
        row = _WIDE_FINAL.get(rest)
        if row is None:
            row = _WIDE_FINAL[rest] = {}
        for off, pid in enumerate(_wide_minus_ids(parts[suit])):
            if pid >= 0:
                value = row.get(pid)
                out[start + off] = value if value is not None else _wide_final(rest, pid)
    return out  # kinds ascending, as shanten_after_discards gives them


def shanten_best_discard(counts: Sequence[int] | bytes) -> int:
    """``min(shanten_after_discards(counts).values())`` for a hand of ``3k`` tiles, read from the tables at once.

    A bot judges a hand between a pass and its next draw (``3k`` tiles) by
    its best ``3k - 1``.  Whatever target of ``k - 1`` sets and a pair is
    nearest, the hand holds a tile that target does not use, and dropping
    it leaves the distance unchanged; so the best discard's shanten is the
    ``3k`` hand's own distance to such targets, one entry of the vectors
    :func:`shanten` combines.  Seven pairs and thirteen orphans need 13
    tiles after the discard, which a hand of at most 12 never has.  Other
    sizes (and no tiles, 99) are answered through
    :func:`shanten_after_discards`; a test compares the two on every size.
    """
    h = _counts(counts)
    if len(h) != 34 or h.translate(None, _VALID_COUNTS):
        as_counts(counts)
    n = sum(h)
    if n % 3 or not 3 <= n <= 12:
        return min(shanten_after_discards(h).values(), default=99)
    three = _join(_join(_part_id(h[0:9]), _part_id(h[9:18])), _part_id(h[18:27]))
    last = _part_id(h[27:34])
    row = _BEST_DISCARD.get(three)
    if row is None:
        row = _BEST_DISCARD[three] = {}
    value = row.get(last)
    if value is None:
        value = row[last] = _pair_slot(_VECTORS[three], _VECTORS[last], (n - 1) // 3) - 1
    return value


def _passes(start: int, part: bytes, r: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every different choice of ``r`` tiles from one slice: (their kinds ascending, vector id of the rest).

    Choices grow a tile at a time, each new tile of a kind no lower than the
    last, so every multiset is made once and no combination is discarded.
    """
    key = (start, part, r)
    got = _PASSES.get(key)
    if got is None:
        if len(_PASSES) >= _PASSES_KEPT:  # a long simulation meets ever more slices: start again, not grow
            _PASSES.clear()
        level: list[tuple[tuple[int, ...], bytes]] = [((), part)]
        for _ in range(r):
            grown = []
            for tiles, rest in level:
                for i in range(tiles[-1] - start if tiles else 0, len(rest)):
                    if rest[i]:
                        grown.append((tiles + (start + i,), rest[:i] + bytes((rest[i] - 1,)) + rest[i + 1:]))
            level = grown
        got = _PASSES[key] = tuple((tiles, _part_id(rest)) for tiles, rest in level)
    return got


def least_after_passing(counts: Sequence[int] | bytes, k: int) -> tuple[int, tuple[int, ...]]:
    """The least shanten a hand keeps after passing ``k`` of its tiles, and the first ``k`` (ascending) that keep it.

    A bot choosing the tiles of a Charleston or a partner exchange weighs every
    different choice (some 200 for three of thirteen), by the shanten of what
    it keeps: :func:`shanten` for ``3j + 1`` and ``3j + 2`` tiles, and for
    ``3j`` tiles (a hand between a pass and its next draw) its best discard's,
    :func:`shanten_best_discard`.  Every one of those is one entry of the
    combined suit vectors, so the choices are walked suit by suit, each
    suit's choices of ``r`` tiles looked up once (:func:`_passes`) and
    combined through the memoised joins, instead of a full shanten each.
    The first choice in ascending order of its tiles wins a tie, as a walk
    through the choices in that order finds it.  Only the standard form
    counts, which is exact because what is kept holds 1 to 12 tiles, fewer
    than seven pairs and thirteen orphans need (a test compares this with
    the walk through every choice).

    :raises HandError: for counts that are not a hand, or a ``k`` that keeps no tile or more than 12.
    """
    h = as_counts(counts)
    n = sum(h)
    kept = n - k
    if k < 0 or not 1 <= kept <= 12:
        raise HandError(f"passing {k} of {n} tiles keeps {kept}; this measures 1 to 12 kept tiles", place="counts")
    slot = 5 + (kept - 1) // 3
    parts = (h[0:9], h[9:18], h[18:27], h[27:34])
    sizes = [sum(part) for part in parts]
    join, vectors, rows = _join, _VECTORS, _JOIN
    best = _INF
    first: tuple[int, ...] = ()
    for r0 in range(min(k, sizes[0]) + 1):
        choices0 = _passes(0, parts[0], r0)
        for r1 in range(min(k - r0, sizes[1]) + 1):
            choices1 = _passes(9, parts[1], r1)
            for r2 in range(min(k - r0 - r1, sizes[2]) + 1):
                r3 = k - r0 - r1 - r2
                if r3 > sizes[3]:
                    continue
                choices2 = _passes(18, parts[2], r2)
                choices3 = _passes(27, parts[3], r3)
                for t0, a in choices0:
                    for t1, b in choices1:
                        ab = join(a, b)
                        for t2, c in choices2:
                            abc = join(ab, c)
                            row = rows.get(abc)
                            for t3, d in choices3:
                                # join(abc, d), with the memo row looked up once for the honours' choices
                                joined = row.get(d) if row is not None else None
                                if joined is None:
                                    joined = join(abc, d)
                                    row = rows[abc]
                                value = vectors[joined][slot] - 1
                                if value < best:
                                    best, first = value, t0 + t1 + t2 + t3
                                elif value == best:
                                    tiles = t0 + t1 + t2 + t3
                                    if tiles < first:
                                        first = tiles
    return best, first


def shanten_standard(counts: Sequence[int] | bytes) -> int:
    """Shanten for four sets and a pair (fewer sets when the hand has fewer tiles).

    :raises HandError: for counts that are not a 3k+1 / 3k+2 concealed hand.
    """
    h = as_counts(counts)
    best, n = _final_slow(h)
    if n < 0:
        return _beyond_tables(h)
    return best


def _special_counts(counts: Sequence[int] | bytes) -> bytes:
    h = as_counts(counts)
    n = sum(h)
    if n not in (13, 14):
        raise _bad_total(n, "13 or 14")
    return h


def shanten_seven_pairs(counts: Sequence[int] | bytes, *, allow_four: bool = True) -> int:
    """Shanten for seven pairs; ``allow_four=False`` wants seven *different* pairs (riichi).

    :raises HandError: unless the counts hold 13 or 14 tiles.
    """
    h = _special_counts(counts)
    kinds = 34 - h.count(0)
    pairs = kinds - h.count(1)
    if allow_four:
        return 6 - pairs - h.count(4)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_thirteen_orphans(counts: Sequence[int] | bytes) -> int:
    """Shanten for thirteen orphans: one of each terminal and honour, plus a second of one of them.

    :raises HandError: unless the counts hold 13 or 14 tiles.
    """
    held = _orphans_of(_special_counts(counts))
    kinds = 13 - held.count(0)
    return 12 - kinds if kinds - held.count(1) else 13 - kinds


# --------------------------------------------------------------------------- complete / waits


def _complete_slices(width: int, chows: bool) -> dict[bytes, int]:
    """Every slice of ``width`` kinds made of at most four sets and at most one pair, four copies at most.

    Slices are built as integers, one byte per kind, so adding a set is one
    addition; a byte above 4 shows as bit 3 of ``byte + 3``.
    """
    sets = [3 << 8 * i for i in range(width)]
    if chows:
        sets += [(1 | 1 << 8 | 1 << 16) << 8 * i for i in range(width - 2)]
    pairs = [2 << 8 * i for i in range(width)]
    plus3 = int.from_bytes(bytes([3] * width), "little")
    over = int.from_bytes(bytes([8] * width), "little")
    table: dict[bytes, int] = {}
    level = {0}
    for made in range(5):
        for x in level:
            table[x.to_bytes(width, "little")] = 3 * made << 6
            for pair in pairs:
                y = x + pair
                if not (y + plus3) & over:
                    table[y.to_bytes(width, "little")] = (3 * made + 2) << 6 | 1
        if made < 4:  # the fifth level would only be thrown away: a quarter of the work
            level = {x + t for x in level for t in sets if not (x + t + plus3) & over}
    return table


def _fill_complete() -> None:
    _COMPLETE.update(_complete_slices(9, True))
    _COMPLETE.update(_complete_slices(7, False))


def is_complete_counts(
    counts: Sequence[int] | bytes,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    seven_pairs_allow_four: bool = True,
) -> bool:
    """Whether 14 (or 14 - 3k) concealed tiles form a complete hand; the same as ``shanten(...) == -1``.

    :raises HandError: for counts that are not a 3k+2 concealed hand.
    """
    try:
        h = bytes(counts)
    except (TypeError, ValueError):
        h = _counts(counts)
    get = _COMPLETE.get
    a = get(h[0:9])
    if a is not None:
        b = get(h[9:18])
        if b is not None:
            c = get(h[18:27])
            if c is not None:
                d = get(h[27:34])
                if d is not None and a + b + c + d == _COMPLETE_14 and len(h) == 34:
                    return True
    # Not four sets and a pair of 14 tiles: validate, then fewer tiles and the special forms.
    if len(h) != 34 or h.translate(None, _VALID_COUNTS) or isinstance(counts, int):
        as_counts(counts)
    if not _COMPLETE:
        _fill_complete()
        return is_complete_counts(
            h,
            seven_pairs=seven_pairs,
            thirteen_orphans=thirteen_orphans,
            seven_pairs_allow_four=seven_pairs_allow_four,
        )
    n = int.from_bytes(h, "big") % 255  # the sum of the bytes (256 = 1 mod 255, and it is at most 136)
    if n != 14:
        if n > MAX_TILES or n % 3 != 2:
            raise _bad_total(n, "17, 14, 11, 8, 5 or 2")
        if n > 14:  # five sets and a pair: read from the tables of slices where no slice holds more than 14 tiles
            return _wide_complete(h)
        codes = [get(h[lo:hi]) for lo, hi in _BOUNDS]
        # mypy does not narrow a list by "None not in codes", which makes every code an int here.
        return None not in codes and sum(codes) & 63 == 1  # type: ignore[arg-type]
    if seven_pairs and (not h.count(1) and not h.count(3) if seven_pairs_allow_four else h.count(2) == 7):
        return True
    if thirteen_orphans and h[27] and h[33]:
        held = _orphans_of(h)
        return 0 not in held and sum(held) == 14
    return False


def _wide_complete(h: bytes) -> bool:
    """Whether 34 valid counts of more than 14 tiles (3k + 2) are n sets and a pair: :func:`_wide_shanten` is ``-1``.

    Asked at every discard for every seat of a 16-tile game, so it reads the tables of complete slices first:
    they hold every slice of at most four sets and a pair, so a slice of 14 tiles or fewer that they lack makes
    no sets (with or without the pair), and where each slice is found, the hand is complete exactly when one of
    them holds the pair.  Only a slice of more than 14 tiles (five sets in one suit) takes the wide path.  A test
    holds it to :func:`_wide_shanten`.
    """
    get = _COMPLETE.get
    pairs = 0
    for lo, hi in _BOUNDS:
        part = h[lo:hi]
        code = get(part)
        if code is None:
            return sum(part) > 14 and _wide_shanten(h) == -1
        pairs += code & 63
    return pairs == 1


def _shape(part: bytes) -> int:
    """0 when the slice is complete as sets, 1 when complete as sets and the pair, 8 otherwise."""
    code = _COMPLETE.get(part)
    if code is None:  # the tables hold every complete slice of at most 14 tiles
        return 8 if sum(part) <= 14 else _wide_shape(part)
    return code & 63


def _part_waits(part: bytes) -> tuple[frozenset[int], frozenset[int]]:
    """Offsets in the slice whose addition makes it complete as sets, and as sets and the pair."""
    found = _PART_WAITS.get(part)
    if found is None:
        sets_only = set()
        with_pair = set()
        for i in range(len(part)):
            if part[i] < 4:
                shape = _shape(part[:i] + bytes((part[i] + 1,)) + part[i + 1 :])
                if shape == 0:
                    sets_only.add(i)
                elif shape == 1:
                    with_pair.add(i)
        found = _PART_WAITS[part] = (frozenset(sets_only), frozenset(with_pair))
    return found


def waits(
    counts: Sequence[int] | bytes,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    seven_pairs_allow_four: bool = True,
) -> tuple[int, ...]:
    """Kinds that complete a 13 - 3k tile concealed hand, ascending.

    A kind whose four copies are all in the hand is never a wait (there is no
    fifth tile), so ``waits(h)`` is non-empty exactly when ``shanten(h) == 0``
    under the same options.

    :raises HandError: for counts that are not a 3k+1 concealed hand.
    """
    h = as_counts(counts)
    n = sum(h)
    if n > MAX_TILES - 1 or n % 3 != 1:
        raise _bad_total(n, "16, 13, 10, 7, 4 or 1")
    if not _COMPLETE:
        _fill_complete()
    parts = [h[lo:hi] for lo, hi in _BOUNDS]
    shapes = [_shape(part) for part in parts]
    total = sum(shapes)
    found: set[int] = set()
    for (lo, _), part, shape in zip(_BOUNDS, parts, shapes, strict=True):
        others = total - shape
        if others <= 1:
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
                found.update((ORPHANS[held.index(0)],) if 0 in held else ORPHANS)
    return tuple(sorted(found))
