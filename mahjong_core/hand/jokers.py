"""Jokers in a hand: completeness, shanten, waits and the kinds jokers stand for, on count vectors.

A joker plays as any kind, but only where the ruleset lets it go: in pungs
and kongs, in the pair, in chows (:class:`JokerRule`, read from the
ruleset's ``jokers`` data).  A hand is its playing tiles' counts (the
34-slot vector the rest of :mod:`mahjong_core.hand` reads) and a number of
jokers beside them.

This is a path of its own, taken only when a hand holds a joker: the
13-tile tables of :mod:`mahjong_core.hand.shanten` stay as they are, and a
hand without jokers never comes here.  The measure is the same as
shanten's: a *target* is a complete hand of ``n`` sets and a pair, each of
its places filled by one of the hand's playing tiles, by a joker where the
rule lets a joker stand in that set, or left empty; the distance is the
least number of empty places over targets, and shanten is the distance less
one.  A joker is no copy of a kind, so a target may hold a fifth "5p" where a
joker stands for it; the playing tiles never exceed four of a kind.

How it is fast.  Fill a target's places with the hand's tiles; call ``L`` the
places left empty and ``X`` those of them no joker may fill (a place in a
chow where jokers go only in pungs, say, or in the pair where no joker may
stand).  The ``j`` jokers
fill ``min(j, L - X)`` places, so the distance is the least, over the ways
of filling, of ``max(L - j, X)``.  Both counts add up set by set, and a set
never leaves its suit, so each suit (and the honours) has a table of its own:
for ``s`` sets and ``p`` pairs holding its tiles, the ``(L, X)`` pairs no
other way beats in both.  A table is found once per suit's counts, by the
walk that takes the lowest held tile of the suit every way it may serve
(left unused, in a pung, in a chow whose places below it are empty, in the
pair), remembered per remainder; the four tables are then joined (each way
of one beside each way of the next, one pair at most, no more sets than the
hand has), and each join is remembered by the tables' ids, as a hand after a
draw or a discard changes one suit and reuses the other joins.  The answers
are those of a walk over the whole hand (``tests/core/hand/joker_oracle.py``
keeps that search, and the tests hold this one to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_core.errors import HandError
from mahjong_core.hand.melds import Meld, MeldKind

#: The tile an action names for a joker (a joker discarded), whatever index a tile set gives its jokers: every
#: joker plays alike, and a log names it by its code ``1j``.
ANY_JOKER = 99

#: Playing kinds: three suits of nine ranks, then seven honours.
_KINDS = 34
_SUITED = 27


@dataclass(frozen=True)
class JokerRule:
    """Where a joker may stand in a complete hand; what a ruleset's ``jokers`` data says.

    :param pungs: in a pung or a kong.
    :param pairs: in the pair (most joker rulesets refuse it: a pair is two real tiles).
    :param chows: in a chow.
    """

    pungs: bool = True
    pairs: bool = False
    chows: bool = False


def _check(counts: Sequence[int] | bytes, jokers: int) -> bytes:
    try:
        h = bytes(counts)
    except (TypeError, ValueError) as exc:
        raise HandError(f"counts are 34 numbers from 0 to 4, got {counts!r}") from exc
    if len(h) != _KINDS or max(h) > 4:
        raise HandError(f"counts are 34 numbers from 0 to 4, got {list(h)!r}")
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise HandError(f"jokers is a count of jokers, got {jokers!r}", place="jokers")
    return h


def distance(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule(), *,
             sets: int | None = None) -> int:
    """The least number of tiles the hand still lacks to be ``sets`` sets and a pair (see the module's measure).

    ``sets`` defaults to what the hand's size asks: ``(tiles + jokers) // 3``.
    """
    h = _check(counts, jokers)
    if sets is None:
        sets = (sum(h) + jokers) // 3
    elif isinstance(sets, bool) or not isinstance(sets, int) or sets < 0:
        raise HandError(f"sets is a count of sets, got {sets!r}", place="sets")
    return _distance(h, jokers, sets, 1, rule)


def _distance(h: bytes, j: int, sets: int, pair: int, rule: JokerRule) -> int:
    """The module's measure for ``sets`` sets and ``pair`` (0 or 1) pairs: the best, over the ways the groups'
    tables combine, of ``max(L - j, X)`` (see the module's docstring)."""
    bits = (_PUNGS if rule.pungs else 0) | (_PAIRS if rule.pairs else 0) | (_CHOWS if rule.chows else 0)
    key = (h, j, sets, pair, bits)
    found = _ANSWER.get(key)
    if found is not None:
        return found
    if len(_ANSWER) >= _KEPT or len(_GROUP) >= _KEPT or len(_JOINED) >= _KEPT:
        clear_caches()
    suits = bits | _IN_SUIT
    cap = max(sets, 0)
    first = _join(_join(_part(h[0:9], suits), _part(h[9:18], suits), cap), _part(h[18:27], suits), cap)
    found = _final(first, _part(h[27:34], bits), sets, pair, bits, j)
    _ANSWER[key] = found
    return found


#: Where a joker may stand, as bits of one small int (a rule's hash is a dataclass's, slow in an inner loop).
_PUNGS, _PAIRS, _CHOWS = 1, 2, 4
#: A group whose kinds are a suit's nine ranks, so that chows are made of them (the honours make none).
_IN_SUIT = 8
#: Entries any one memo below keeps before all are emptied together (their ids refer to one another).
_KEPT = 1 << 17

#: A group's table: ``2 * s + p`` -> the Pareto front of ``(L, X)`` (least first), over every way the group's
#: tiles fill ``s`` sets and ``p`` pairs each holding at least one of them, the rest of its tiles unused.
_Table = dict[int, tuple[tuple[int, int], ...]]
#: (a group's counts, rule and suit bits) -> its table; the search's memo, on every remainder it walks.
_GROUP: dict[tuple[bytes, int], _Table] = {}
#: Interned tables, as sorted items, and their ids; the joins below are remembered by id.
_TABLES: list[tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = []
_TABLE_ID: dict[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], int] = {}
#: (group slice, bits) -> table id.
_PART: dict[tuple[bytes, int], int] = {}
#: (id, id, most sets) -> id of the two groups' tables joined, no more than ``most sets`` sets.
_JOINED: dict[tuple[int, int, int], int] = {}
#: (counts, jokers, sets, pair, bits) -> distance.
_ANSWER: dict[tuple[bytes, int, int, int, int], int] = {}


def clear_caches() -> None:
    """Forget every table and answer remembered (they are rebuilt on demand, the same)."""
    for memo in (_GROUP, _TABLES, _TABLE_ID, _PART, _JOINED, _ANSWER):
        memo.clear()


def _part(group: bytes, bits: int) -> int:
    key = (group, bits)
    found = _PART.get(key)
    if found is None:
        found = _PART[key] = _intern(_group(group, bits))
    return found


def _intern(table: _Table) -> int:
    items = tuple(sorted(table.items()))
    found = _TABLE_ID.get(items)
    if found is None:
        found = _TABLE_ID[items] = len(_TABLES)
        _TABLES.append(items)
    return found


def _front(points: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The points no other point is at least as good as in both ``L`` and ``X`` (least ``L`` first)."""
    kept: list[tuple[int, int]] = []
    least = _NEVER
    for lack, unfillable in sorted(points):
        if unfillable < least:
            kept.append((lack, unfillable))
            least = unfillable
    return tuple(kept)


#: Above any distance.
_NEVER = 1 << 10


def _group(counts: bytes, bits: int) -> _Table:
    """A group's table: every way its lowest held tile may serve (left unused, in a pung of its kind, in a chow
    of its suit whose lower places hold no tile, or in the pair), each added to the table of what it leaves."""
    key = (counts, bits)
    found = _GROUP.get(key)
    if found is not None:
        return found
    k = next((i for i, n in enumerate(counts) if n), -1)
    if k < 0:
        table: _Table = {0: ((0, 0),)}
        _GROUP[key] = table
        return table
    gathered: dict[int, list[tuple[int, int]]] = {}

    def add(rest: bytearray, sets: int, pairs: int, lack: int, unfillable: int) -> None:
        step = 2 * sets + pairs
        for at, front in _group(bytes(rest), bits).items():
            if pairs and at & 1:
                continue
            points = gathered.setdefault(at + step, [])
            points.extend((x + lack, y + unfillable) for x, y in front)

    rest = bytearray(counts)
    rest[k] -= 1
    add(rest, 0, 0, 0, 0)  # the tile left unused
    rest[k] += 1
    pung_x = 0 if bits & _PUNGS else 1
    for used in range(1, min(3, rest[k]) + 1):
        rest[k] -= used
        add(rest, 1, 0, 3 - used, (3 - used) * pung_x)
        rest[k] += used
    if bits & _IN_SUIT:
        chow_x = 0 if bits & _CHOWS else 1
        for start in (k - 2, k - 1, k):
            if start < 0 or start + 2 > 8:
                continue
            higher = [kind for kind in range(start, start + 3) if kind > k]
            for mask in range(1 << len(higher)):
                take = [kind for bit, kind in enumerate(higher) if mask >> bit & 1]
                if any(not rest[kind] for kind in take):
                    continue
                empty = 2 - len(take)
                rest[k] -= 1
                for kind in take:
                    rest[kind] -= 1
                add(rest, 1, 0, empty, empty * chow_x)
                rest[k] += 1
                for kind in take:
                    rest[kind] += 1
    pair_x = 0 if bits & _PAIRS else 1
    for used in range(1, min(2, rest[k]) + 1):
        rest[k] -= used
        add(rest, 0, 1, 2 - used, (2 - used) * pair_x)
        rest[k] += used
    table = {at: _front(points) for at, points in gathered.items()}
    _GROUP[key] = table
    return table


def _join(first: int, second: int, most: int) -> int:
    """Two groups' tables as one: each way of the first beside each of the second, one pair at most and no more
    than ``most`` sets."""
    key = (first, second, most)
    found = _JOINED.get(key)
    if found is not None:
        return found
    gathered: dict[int, list[tuple[int, int]]] = {}
    limit = 2 * most + 1
    for at, front in _TABLES[first]:
        for at2, front2 in _TABLES[second]:
            if at & at2 & 1 or at + at2 > limit:
                continue
            points = gathered.setdefault(at + at2, [])
            points.extend((x + x2, y + y2) for x, y in front for x2, y2 in front2)
    found = _JOINED[key] = _intern({at: _front(points) for at, points in gathered.items()})
    return found


def _final(first: int, second: int, sets: int, pair: int, bits: int, j: int) -> int:
    """The distance: the best way of the two tables together, the sets and pair they leave empty added (jokers
    fill an empty set where they stand in pungs or chows, an empty pair where they stand in pairs)."""
    set_x = 0 if bits & (_PUNGS | _CHOWS) else 3
    pair_x = 0 if bits & _PAIRS else 2
    best = _NEVER
    for at, front in _TABLES[first]:
        for at2, front2 in _TABLES[second]:
            both = at + at2
            s, p = both >> 1, both & 1
            if at & at2 & 1 or s > sets or p > pair:
                continue
            lack = 3 * (sets - s) + 2 * (pair - p) - j
            unfillable = set_x * (sets - s) + pair_x * (pair - p)
            for x, y in front:
                for x2, y2 in front2:
                    d = max(x + x2 + lack, y + y2 + unfillable)
                    if d < best:
                        best = d
    return best


def shanten_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule(), *,
                        seven_pairs: bool = False) -> int:
    """Shanten of playing tiles and jokers: ``-1`` complete, ``0`` ready; the distance less one.

    With ``seven_pairs`` (where the ruleset's tables score it and ``rule.pairs`` lets a joker pair a tile),
    seven pairs is measured too, for 13 or 14 tiles.
    """
    h = _check(counts, jokers)
    n = sum(h) + jokers
    if n % 3 == 0:
        raise HandError(f"a hand of {n} tiles is no concealed hand: expected 3k+1 or 3k+2 tiles with the jokers")
    best = _distance(h, jokers, n // 3, 1, rule) - 1
    if seven_pairs and n in (13, 14):
        best = min(best, _seven_pairs_distance(h, jokers, rule) - 1)
    return best


def _seven_pairs_distance(h: bytes, jokers: int, rule: JokerRule) -> int:
    """Places lacking for seven pairs (four of a kind as two pairs): held pairs, then a single beside each
    pair still wanted, then jokers in the places left, where the rule lets a joker stand in a pair."""
    wanted = 7 - min(sum(n // 2 for n in h), 7)
    lacking = 2 * wanted - min(sum(n % 2 for n in h), wanted)
    return max(lacking - (jokers if rule.pairs else 0), 0)


def is_complete_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule(), *,
                            seven_pairs: bool = False) -> bool:
    """Whether playing tiles and jokers (3k + 2 in all) are complete: some kinds the jokers stand for,
    inside the rule, make ``k`` sets and a pair (or seven pairs, where asked)."""
    h = _check(counts, jokers)
    n = sum(h) + jokers
    if n % 3 != 2:
        return False
    if _distance(h, jokers, n // 3, 1, rule) == 0:
        return True
    return seven_pairs and n == 14 and _seven_pairs_distance(h, jokers, rule) == 0


def waits_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule(), *,
                      seven_pairs: bool = False) -> tuple[int, ...]:
    """The playing kinds that complete a 3k + 1 hand of playing tiles and jokers (a held fifth copy never)."""
    h = _check(counts, jokers)
    n = sum(h) + jokers
    if n % 3 != 1:
        raise HandError(f"waits are asked of 3k+1 tiles with the jokers, got {n}")
    found = []
    counts_ = bytearray(h)
    for kind in range(_KINDS):
        if counts_[kind] >= 4:
            continue
        counts_[kind] += 1
        if is_complete_with_jokers(bytes(counts_), jokers, rule, seven_pairs=seven_pairs):
            found.append(kind)
        counts_[kind] -= 1
    return tuple(found)


def stand_ins(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule()
              ) -> tuple[tuple[Meld, ...], tuple[int, ...]] | None:
    """One reading of a complete hand with jokers: its sets and pair, and the kind each joker stands for.

    The melds hold the kinds played (a joker as the kind it stands for); the second value lists, sorted,
    the kinds the jokers stand for.  ``None`` when the hand is not complete in sets and a pair.  A whole
    set of jokers stands for the lowest kind no other set of the reading uses as a pung.
    """
    h = _check(counts, jokers)
    n = sum(h) + jokers
    if n % 3 != 2 or _distance(h, jokers, n // 3, 1, rule) != 0:
        return None
    melds: list[Meld] = []
    stood: list[int] = []
    _read(bytearray(h), jokers, n // 3, 1, rule, melds, stood)
    return tuple(melds), tuple(sorted(stood))


def joker_reading(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule()
                  ) -> tuple[Meld, ...] | None:
    """The reading :func:`stand_ins` finds, each meld naming the kinds its own jokers stand for
    (``Meld.jokers``), as a player is shown it (``mahjong hand``); ``None`` for a hand not complete."""
    h = _check(counts, jokers)
    n = sum(h) + jokers
    if n % 3 != 2 or _distance(h, jokers, n // 3, 1, rule) != 0:
        return None
    melds: list[Meld] = []
    _read(bytearray(h), jokers, n // 3, 1, rule, melds, [], named=True)
    return tuple(melds)


def seven_pairs_shanten_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule = JokerRule()) -> int:
    """Shanten of seven pairs for 13 or 14 tiles with the jokers (a joker pairs a tile where ``rule.pairs``)."""
    h = _check(counts, jokers)
    if sum(h) + jokers not in (13, 14):
        raise HandError(f"seven pairs is a hand of 13 or 14 tiles with the jokers, got {sum(h) + jokers}")
    return _seven_pairs_distance(h, jokers, rule) - 1


def _read(counts: bytearray, j: int, sets: int, pair: int, rule: JokerRule, melds: list[Meld],
          stood: list[int], named: bool = False) -> None:
    """Follow the search's zero-distance choices, writing down the melds and the kinds jokers stand for."""
    while True:
        k = next((i for i, n in enumerate(counts) if n), -1)
        if k < 0:
            _read_jokers(sets, pair, rule, melds, stood, named)
            return
        step = _step(counts, k, j, sets, pair, rule)
        assert step is not None  # the hand's distance is 0, so some way of using tile k keeps it 0
        kind, tiles, used_jokers = step
        for t in _naturals(tiles, used_jokers):
            counts[t] -= 1
        melds.append(Meld(kind, tuple(sorted(tiles)), jokers=tuple(sorted(used_jokers)) if named else ()))
        stood.extend(used_jokers)
        j -= len(used_jokers)
        if kind is MeldKind.PAIR:
            pair = 0
        else:
            sets -= 1


def _naturals(tiles: Sequence[int], used_jokers: Sequence[int]) -> list[int]:
    rest = list(tiles)
    for t in used_jokers:
        rest.remove(t)
    return rest


def _step(counts: bytearray, k: int, j: int, sets: int, pair: int, rule: JokerRule
          ) -> tuple[MeldKind, tuple[int, ...], tuple[int, ...]] | None:
    """A meld holding tile ``k`` after which the rest of the hand is still complete, or ``None``."""
    candidates: list[tuple[MeldKind, tuple[int, ...], tuple[int, ...]]] = []
    if sets:
        for used in range(min(3, counts[k]), 0, -1):
            if 3 - used <= (j if rule.pungs else 0):
                candidates.append((MeldKind.PUNG, (k,) * 3, (k,) * (3 - used)))
        if k < _SUITED:
            rank = k % 9
            for start in (rank - 2, rank - 1, rank):
                if start < 0 or start + 2 > 8:
                    continue
                base = k - rank + start
                higher = [base + i for i in range(3) if base + i > k]
                for mask in range((1 << len(higher)) - 1, -1, -1):
                    take = [kind for bit, kind in enumerate(higher) if mask >> bit & 1 and counts[kind]]
                    wild = tuple(x for x in (base, base + 1, base + 2) if x != k and x not in take)
                    if len(wild) <= (j if rule.chows else 0):
                        candidates.append((MeldKind.CHOW, (base, base + 1, base + 2), wild))
    if pair:
        for used in range(min(2, counts[k]), 0, -1):
            if 2 - used <= (j if rule.pairs else 0):
                candidates.append((MeldKind.PAIR, (k, k), (k,) * (2 - used)))
    for kind, tiles, wild in candidates:
        rest = bytearray(counts)
        for t in _naturals(tiles, wild):
            rest[t] -= 1
        left_sets, left_pair = (sets, 0) if kind is MeldKind.PAIR else (sets - 1, pair)
        if _distance(bytes(rest), j - len(wild), left_sets, left_pair, rule) == 0:
            return kind, tiles, wild
    return None


def _read_jokers(sets: int, pair: int, rule: JokerRule, melds: list[Meld], stood: list[int],
                 named: bool = False) -> None:
    """Whole sets (and the pair) of jokers: a pung of a kind no pung of the reading holds (a chow of 1-2-3
    characters where jokers go only in chows)."""
    taken = {m.tiles[0] for m in melds if m.kind is not MeldKind.CHOW}
    free = (kind for kind in range(_KINDS) if kind not in taken)
    for _ in range(sets):
        if rule.pungs:
            kind = next(free)
            tiles: tuple[int, ...] = (kind,) * 3
            melds.append(Meld(MeldKind.PUNG, tiles, jokers=tiles if named else ()))
        else:
            tiles = (0, 1, 2)
            melds.append(Meld(MeldKind.CHOW, tiles, jokers=tiles if named else ()))
        stood.extend(tiles)
    if pair:
        kind = next(free)
        melds.append(Meld(MeldKind.PAIR, (kind,) * 2, jokers=(kind,) * 2 if named else ()))
        stood.extend((kind,) * 2)
