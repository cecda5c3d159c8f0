"""The untyped jokers' group tables: each group's ways, interned and joined by id, and the memos of answers.

Kept apart from :mod:`mahjong_core.hand.jokers`, which reads them for untyped jokers, so that
:mod:`mahjong_core.hand.typed_tables`, which reads the same groups' tables class by class for typed jokers, depends on
the tables and not on the module that dispatches to it (the core keeps its imports free of cycles).  How the tables
answer is said in :mod:`mahjong_core.hand.jokers`'s docstring.
"""

from __future__ import annotations

import threading

#: Where a joker may stand, as bits of one small int (a rule's hash is a dataclass's, slow in an inner loop).
_PUNGS, _PAIRS, _CHOWS = 1, 2, 4
#: A group whose kinds are a suit's nine ranks, so that chows are made of them (the honours make none).
_IN_SUIT = 8
#: Entries any one memo below keeps before all are emptied together (their ids refer to one another).
_KEPT = 1 << 16

#: One way of a group's tiles: ``(s, p, a, b)``: ``s`` sets and ``p`` pairs hold at least one of its tiles each,
#: ``a`` is minus the tiles used, and ``b`` is ``X`` less what those sets and pair would lack of jokers' places
#: were they empty (``3 s`` where jokers stand in no set, ``2 p`` where they stand in no pair: ``_empty_x``).  All
#: four add up over groups, and with ``n`` sets and a pair the distance is ``max(a + 3 n + 2 - j, b + 3 n + 2)``,
#: each 3 and 2 in the second term counted only where a joker may not fill that empty place (:func:`_final`).
_Way = tuple[int, int, int, int]
#: A group's table: the ways no other way beats (fewer or as many sets and pairs, ``a`` and ``b`` no larger).
_Table = tuple[_Way, ...]
#: (a group's counts, rule and suit bits) -> its table; the search's memo, on every remainder it walks.
_GROUP: dict[tuple[bytes, int], _Table] = {}
#: Interned tables and their ids; the joins below are remembered by id.
_TABLES: list[_Table] = []
_TABLE_ID: dict[_Table, int] = {}
#: (group slice, bits) -> table id.
_PART: dict[tuple[bytes, int], int] = {}
#: (id, id, most sets) -> id of the two groups' tables joined, no more than ``most sets`` sets.
_JOINED: dict[tuple[int, int, int], int] = {}
#: (counts, jokers, sets, pair, bits) -> distance.
_ANSWER: dict[tuple[bytes, int, int, int, int], int] = {}
#: (id of the suits' tables joined, the honours' id, sets, pair, bits, jokers) -> distance: many hands share
#: their tables (a few hundred tables serve thousands of deals).
_READ: dict[tuple[int, int, int, int, int, int], int] = {}


#: Held while tables are found, joined and read: the ids name places in ``_TABLES``, so no thread may hand one out
#: or empty the memos while another is between getting an id and reading its table.
_LOCK = threading.RLock()


def _bound() -> None:
    """Empty a memo that has grown to ``_KEPT`` entries; those that name tables by id go with the tables.

    A long simulation meets ever more hands but few new tables: the answers per hand go first and often, the
    tables (a few hundred in thousands of deals) seldom."""
    for memo in (_ANSWER, _READ, _PART, _GROUP):  # none of these is named by id elsewhere: each may go alone
        if len(memo) >= _KEPT:
            memo.clear()
    if len(_JOINED) >= _KEPT or len(_TABLES) >= _KEPT:
        clear_caches()


#: How many times :func:`clear_caches` has run: a memo naming this module's tables by id elsewhere
#: (:mod:`mahjong_core.hand.typed_tables`) is emptied once this has moved on.
_EPOCH = 0


def clear_caches() -> None:
    """Forget every table and answer remembered (they are rebuilt on demand, the same)."""
    global _EPOCH
    with _LOCK:
        _EPOCH += 1
        for memo in (_GROUP, _TABLES, _TABLE_ID, _PART, _JOINED, _ANSWER, _READ):
            memo.clear()
        _intern(_NOTHING)  # id 0, _EMPTY_ID: the table of a group holding no tile


#: The table of no tiles (one way: nothing used), whose id is :data:`_EMPTY_ID`.
_NOTHING: _Table = ((0, 0, 0, 0),)
_EMPTY_ID = 0
#: A join's bound on sets where none is wanted (stretches of a suit joined into the suit's table).
_NO_CAP = 1 << 10


def _part(group: bytes, bits: int) -> int:
    """A group's table id.  A suit is cut where two ranks or more lie empty (no chow spans them), and each
    stretch of it (:func:`_stretch`) is joined to the next; the honours make no chows, so their table is found
    for their counts sorted."""
    key = (group, bits)
    found = _PART.get(key)
    if found is None:
        if bits & _IN_SUIT:
            found = _EMPTY_ID
            for stretch in group.strip(b"\0").split(b"\0\0"):
                if stretch:
                    found = _join(found, _stretch(stretch.strip(b"\0"), bits), _NO_CAP)
        else:
            found = _intern(_group(bytes(sorted(group, reverse=True)), bits))
        _PART[key] = found
    return found


def _stretch(counts: bytes, bits: int) -> int:
    """The table id of a stretch of a suit, neither end nor two ranks in a row empty.  Where in the suit it lies
    makes no difference (any two tiles two ranks apart or less fit in some chow), nor whether it is read from
    the low end or the high, so the table is found for the lesser of the two spellings."""
    return _intern(_group(min(counts, counts[::-1]), bits))


def _intern(table: _Table) -> int:
    found = _TABLE_ID.get(table)
    if found is None:
        found = _TABLE_ID[table] = len(_TABLES)
        _TABLES.append(table)
    return found


clear_caches()


def _best(ways: set[_Way]) -> _Table:
    """The ways no other beats, in sorted order: a way sorted after another has as many sets or more, so it is
    beaten where one kept before it has no more pairs and ``a`` and ``b`` no larger."""
    kept: list[_Way] = []
    for way in sorted(ways):
        _, p, a, b = way
        for _, p2, a2, b2 in kept:
            if p2 <= p and a2 <= a and b2 <= b:  # and no more sets: it was sorted first
                break
        else:
            kept.append(way)
    return tuple(kept)


def _empty_x(bits: int) -> tuple[int, int]:
    """The places no joker may fill in an empty set and in an empty pair, under the rule's bits."""
    return 0 if bits & (_PUNGS | _CHOWS) else 3, 0 if bits & _PAIRS else 2


def _group(counts: bytes, bits: int) -> _Table:
    """A group's table: every way its lowest held tile may serve (left unused, in a pung of its kind, in a chow
    with none, one or both of the two ranks above it, in the pair), each added to the table of what it leaves."""
    key = (counts, bits)
    found = _GROUP.get(key)
    if found is not None:
        return found
    k = next((i for i, n in enumerate(counts) if n), -1)
    if k < 0:
        _GROUP[key] = found = ((0, 0, 0, 0),)
        return found
    ways: set[_Way] = set()
    set_x, pair_x = _empty_x(bits)

    def add(rest: bytearray, sets: int, pairs: int, used: int, unfillable: int) -> None:
        for s, p, a, b in _group(bytes(rest), bits):
            if not (pairs and p):
                ways.add((s + sets, p + pairs, a - used, b + unfillable))

    rest = bytearray(counts)
    rest[k] -= 1
    add(rest, 0, 0, 0, 0)  # the tile left unused
    rest[k] += 1
    pung_x = 0 if bits & _PUNGS else 1
    for used in range(1, min(3, rest[k]) + 1):
        rest[k] -= used
        add(rest, 1, 0, used, (3 - used) * pung_x - set_x)
        rest[k] += used
    if bits & _IN_SUIT:  # a chow of k and none, one or both of the two ranks above it (a suit has a chow for each)
        chow_x = 0 if bits & _CHOWS else 1
        for take in _CHOW_TAKES:
            if any(k + up >= len(rest) or not rest[k + up] for up in take):
                continue
            rest[k] -= 1
            for up in take:
                rest[k + up] -= 1
            add(rest, 1, 0, 1 + len(take), (2 - len(take)) * chow_x - set_x)
            rest[k] += 1
            for up in take:
                rest[k + up] += 1
    own_pair_x = 0 if bits & _PAIRS else 1
    for used in range(1, min(2, rest[k]) + 1):
        rest[k] -= used
        add(rest, 0, 1, used, (2 - used) * own_pair_x - pair_x)
        rest[k] += used
    _GROUP[key] = found = _best(ways)
    return found


def _join(first: int, second: int, most: int) -> int:
    """Two groups' tables as one: each way of the first beside each of the second, one pair at most and no more
    than ``most`` sets."""
    key = (first, second, most) if first <= second else (second, first, most)  # either order joins the same
    found = _JOINED.get(key)
    if found is not None:
        return found
    ways = {(s + s2, p + p2, a + a2, b + b2) for s, p, a, b in _TABLES[first] for s2, p2, a2, b2 in _TABLES[second]
            if s + s2 <= most and p + p2 <= 1}
    found = _JOINED[key] = _intern(_best(ways))
    return found


def _final(first: _Table, second: _Table, sets: int, pair: int, bits: int, j: int) -> int:
    """The distance: the best way of the two tables together, within ``sets`` sets and ``pair`` pairs."""
    set_x, pair_x = _empty_x(bits)
    lack = 3 * sets + 2 * pair - j
    unfillable = set_x * sets + pair_x * pair
    best = _NEVER
    for s2, p2, a2, b2 in second:
        if s2 > sets or p2 > pair:
            continue
        most, pairs, a2, b2 = sets - s2, pair - p2, a2 + lack, b2 + unfillable
        for s, p, a, b in first:
            if s > most:
                break  # sorted: no later way fits either
            if p <= pairs:
                a += a2
                b += b2
                if a < b:
                    a = b
                if a < best:
                    best = a
    return best


#: The ranks above a chow's lowest held tile that it takes held tiles of (the rest of its places empty).
_CHOW_TAKES = ((), (1,), (2,), (1, 2))
#: Above any distance.
_NEVER = 1 << 10
