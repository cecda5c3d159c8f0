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

The search (:func:`distance`) walks the kinds from the lowest held and, at
each, tries every way its lowest tile may serve: left unused, in a pung, in a
chow (whose lower places, below any held tile, are jokers or empty), or in
the pair.  Each joker saves one empty place wherever the rule lets it stand,
so a set takes as many jokers as it has empty places it allows, and the
search needs no branch on them.  Answers are remembered per (counts, jokers,
sets, pair, rule), so a seat asked again after a draw reuses most of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mahjong_core.errors import HandError
from mahjong_core.hand import typed_jokers
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
    :param stands_for: where the set's jokers are *typed* (``jokers.stands_for``), one bitmask of the 34 playing
        kinds per joker type, the tile set's joker kinds in order: a joker of that type stands only for those
        kinds, and a hand's jokers are a count per type (:mod:`mahjong_core.hand.typed_jokers`); empty where
        every joker stands for any kind.
    :param kinds: the tile set's joker kinds, one per type (where ``stands_for`` is given).
    """

    pungs: bool = True
    pairs: bool = False
    chows: bool = False
    stands_for: tuple[int, ...] = ()
    kinds: tuple[int, ...] = ()

    def held(self, jokers: Sequence[int]) -> int | tuple[int, ...]:
        """Jokers held (their tile-set kinds) as this module takes them: their number, or, where jokers are
        typed, their count per type."""
        if not self.stands_for:
            return len(jokers)
        return tuple(sum(1 for j in jokers if j == kind) for kind in self.kinds)

    def type_of(self, kind: int) -> int:
        """The type of a tile-set joker kind (0 where jokers are untyped)."""
        return self.kinds.index(kind) if self.stands_for else 0


#: A hand's jokers: their number, or, where they are typed, their count per type.
Jokers = int | Sequence[int]


def _check(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule | None = None) -> bytes:
    try:
        h = bytes(counts)
    except (TypeError, ValueError) as exc:
        raise HandError(f"counts are 34 numbers from 0 to 4, got {counts!r}") from exc
    if len(h) != _KINDS or max(h) > 4:
        raise HandError(f"counts are 34 numbers from 0 to 4, got {list(h)!r}")
    if rule is not None and rule.stands_for:
        if isinstance(jokers, int) or len(jokers) != len(rule.stands_for) \
                or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in jokers):
            raise HandError(f"typed jokers are a count for each of the {len(rule.stands_for)} joker types, "
                            f"got {jokers!r}", place="jokers")
    elif isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise HandError(f"jokers is a count of jokers, got {jokers!r}", place="jokers")
    return h


def _total(jokers: Jokers) -> int:
    return jokers if isinstance(jokers, int) else sum(jokers)


def _typed(h: bytes, jokers: Jokers, sets: int, pair: int, rule: JokerRule) -> int:
    """The typed search's distance (:mod:`mahjong_core.hand.typed_jokers`)."""
    assert not isinstance(jokers, int)
    return typed_jokers.distance(h, tuple(jokers), sets, pair, rule.stands_for, (rule.pungs, rule.pairs, rule.chows))


def distance(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule = JokerRule(), *,
             sets: int | None = None) -> int:
    """The least number of tiles the hand still lacks to be ``sets`` sets and a pair (see the module's measure).

    ``sets`` defaults to what the hand's size asks: ``(tiles + jokers) // 3``.
    """
    h = _check(counts, jokers, rule)
    if sets is None:
        sets = (sum(h) + _total(jokers)) // 3
    if rule.stands_for:
        return _typed(h, jokers, sets, 1, rule)
    assert isinstance(jokers, int)
    return _distance(h, jokers, sets, 1, rule)


@lru_cache(maxsize=1 << 17)
def _distance(h: bytes, j: int, sets: int, pair: int, rule: JokerRule) -> int:
    k = next((i for i, n in enumerate(h) if n), -1)
    if k < 0:  # only whole places are left: jokers fill those the rule allows, the rest are lacking
        allowed = (3 * sets if rule.pungs or rule.chows else 0) + (2 * pair if rule.pairs else 0)
        return 3 * sets + 2 * pair - min(j, allowed)
    counts = bytearray(h)
    counts[k] -= 1
    best = _distance(bytes(counts), j, sets, pair, rule)  # the tile left unused
    counts[k] += 1
    if best == 0:
        return 0
    if sets:
        for used in range(1, min(3, counts[k]) + 1):
            empty = 3 - used
            filled = min(j, empty) if rule.pungs else 0
            counts[k] -= used
            best = min(best, empty - filled + _distance(bytes(counts), j - filled, sets - 1, pair, rule))
            counts[k] += used
        if k < _SUITED:
            best = min(best, _chows(counts, k, j, sets, pair, rule))
    if pair:
        for used in range(1, min(2, counts[k]) + 1):
            empty = 2 - used
            filled = min(j, empty) if rule.pairs else 0
            counts[k] -= used
            best = min(best, empty - filled + _distance(bytes(counts), j - filled, sets, 0, rule))
            counts[k] += used
    return best


def _chows(counts: bytearray, k: int, j: int, sets: int, pair: int, rule: JokerRule) -> int:
    """The best of the chows the lowest held tile ``k`` may sit in; places below ``k`` hold no tile."""
    best = 99
    rank = k % 9
    for start in (rank - 2, rank - 1, rank):
        if start < 0 or start + 2 > 8:
            continue
        base = k - rank + start
        higher = [base + i for i in range(3) if base + i > k]
        below = k - base
        # Each higher place takes a held tile or not (the tile may serve better elsewhere).
        for mask in range(1 << len(higher)):
            take = [kind for bit, kind in enumerate(higher) if mask >> bit & 1]
            if any(not counts[kind] for kind in take):
                continue
            empty = below + len(higher) - len(take)
            filled = min(j, empty) if rule.chows else 0
            counts[k] -= 1
            for kind in take:
                counts[kind] -= 1
            best = min(best, empty - filled + _distance(bytes(counts), j - filled, sets - 1, pair, rule))
            counts[k] += 1
            for kind in take:
                counts[kind] += 1
    return best


def shanten_with_jokers(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule = JokerRule(), *,
                        seven_pairs: bool = False) -> int:
    """Shanten of playing tiles and jokers: ``-1`` complete, ``0`` ready; the distance less one.

    With ``seven_pairs`` (where the ruleset's tables score it and ``rule.pairs`` lets a joker pair a tile),
    seven pairs is measured too, for 13 or 14 tiles.  Typed jokers are measured for sets and a pair only: a
    seat holding them wins in sets and a pair (the other forms, seven pairs among them, without a joker held).
    """
    h = _check(counts, jokers, rule)
    n = sum(h) + _total(jokers)
    if n % 3 == 0:
        raise HandError(f"a hand of {n} tiles is no concealed hand: expected 3k+1 or 3k+2 tiles with the jokers")
    if rule.stands_for:
        return _typed(h, jokers, n // 3, 1, rule) - 1
    assert isinstance(jokers, int)
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


def is_complete_with_jokers(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule = JokerRule(), *,
                            seven_pairs: bool = False) -> bool:
    """Whether playing tiles and jokers (3k + 2 in all) are complete: some kinds the jokers stand for,
    inside the rule, make ``k`` sets and a pair (or seven pairs, where asked)."""
    h = _check(counts, jokers, rule)
    n = sum(h) + _total(jokers)
    if n % 3 != 2:
        return False
    if rule.stands_for:
        assert not isinstance(jokers, int)
        return typed_jokers.complete(h, tuple(jokers), n // 3, 1, rule.stands_for,
                                     (rule.pungs, rule.pairs, rule.chows))
    assert isinstance(jokers, int)
    if _distance(h, jokers, n // 3, 1, rule) == 0:
        return True
    return seven_pairs and n == 14 and _seven_pairs_distance(h, jokers, rule) == 0


def waits_with_jokers(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule = JokerRule(), *,
                      seven_pairs: bool = False) -> tuple[int, ...]:
    """The playing kinds that complete a 3k + 1 hand of playing tiles and jokers (a held fifth copy never)."""
    h = _check(counts, jokers, rule)
    n = sum(h) + _total(jokers)
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


def stand_ins(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule = JokerRule()
              ) -> tuple[tuple[Meld, ...], tuple[int, ...]] | None:
    """One reading of a complete hand with jokers: its sets and pair, and the kind each joker stands for.

    The melds hold the kinds played (a joker as the kind it stands for); the second value lists, sorted,
    the kinds the jokers stand for.  ``None`` when the hand is not complete in sets and a pair.  A whole
    set of jokers stands for the lowest kind no other set of the reading uses as a pung (typed jokers: the
    lowest kind its jokers stand for).
    """
    h = _check(counts, jokers, rule)
    if rule.stands_for:
        return _typed_reading(h, jokers, rule, named=False)
    assert isinstance(jokers, int)
    n = sum(h) + jokers
    if n % 3 != 2 or _distance(h, jokers, n // 3, 1, rule) != 0:
        return None
    melds: list[Meld] = []
    stood: list[int] = []
    _read(bytearray(h), jokers, n // 3, 1, rule, melds, stood)
    return tuple(melds), tuple(sorted(stood))


def joker_reading(counts: Sequence[int] | bytes, jokers: Jokers, rule: JokerRule = JokerRule()
                  ) -> tuple[Meld, ...] | None:
    """The reading :func:`stand_ins` finds, each meld naming the kinds its own jokers stand for
    (``Meld.jokers``), as a player is shown it (``mahjong hand``); ``None`` for a hand not complete."""
    h = _check(counts, jokers, rule)
    if rule.stands_for:
        typed = _typed_reading(h, jokers, rule, named=True)
        return None if typed is None else typed[0]
    assert isinstance(jokers, int)
    n = sum(h) + jokers
    if n % 3 != 2 or _distance(h, jokers, n // 3, 1, rule) != 0:
        return None
    melds: list[Meld] = []
    _read(bytearray(h), jokers, n // 3, 1, rule, melds, [], named=True)
    return tuple(melds)


def seven_pairs_shanten_with_jokers(counts: Sequence[int] | bytes, jokers: Jokers,
                                    rule: JokerRule = JokerRule()) -> int:
    """Shanten of seven pairs for 13 or 14 tiles with the jokers (a joker pairs a tile where ``rule.pairs``)."""
    h = _check(counts, jokers, rule)
    if rule.stands_for or not isinstance(jokers, int):
        raise HandError("seven pairs is not measured with typed jokers", place="jokers")
    if sum(h) + jokers not in (13, 14):
        raise HandError(f"seven pairs is a hand of 13 or 14 tiles with the jokers, got {sum(h) + jokers}")
    return _seven_pairs_distance(h, jokers, rule) - 1


def _typed_reading(h: bytes, jokers: Jokers, rule: JokerRule, *, named: bool
                   ) -> tuple[tuple[Meld, ...], tuple[int, ...]] | None:
    """A complete hand's reading with typed jokers and the kinds they stand for, sorted; ``None`` where it is
    not complete."""
    assert not isinstance(jokers, int)
    j = tuple(jokers)
    n = sum(h) + sum(j)
    where = (rule.pungs, rule.pairs, rule.chows)
    if n % 3 != 2 or not typed_jokers.complete(h, j, n // 3, 1, rule.stands_for, where):
        return None
    read = typed_jokers.reading(h, j, n // 3, 1, rule.stands_for, where)
    kinds = {"pung": MeldKind.PUNG, "chow": MeldKind.CHOW, "pair": MeldKind.PAIR}
    melds = tuple(Meld(kinds[shape], tiles, jokers=tuple(sorted(wild)) if named else ()) for shape, tiles, wild in read)
    return melds, tuple(sorted(k for _, _, wild in read for k in wild))


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
