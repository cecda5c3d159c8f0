"""The played-joker hand algebra as it was before it was made fast: a test-only oracle.

This is :mod:`mahjong_core.hand.jokers` as of commit b48bef1, its search kept word for word (a walk from the
lowest held kind over every way its lowest tile may serve, remembered per state), so that the property tests of
``test_joker_speed.py`` can hold the faster algebra to exactly the answers the games and golden replays were
made with.  Three things differ: this docstring, ``JokerRule`` (imported from the module, so that both take the same
rule objects, and required here rather than defaulted) and ``ANY_JOKER`` (left out: no search reads it).
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Sequence
from functools import lru_cache

from mahjong_core.errors import HandError
from mahjong_core.hand.jokers import JokerRule
from mahjong_core.hand.melds import Meld, MeldKind

#: Playing kinds: three suits of nine ranks, then seven honours.
_KINDS = 34
_SUITED = 27


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


def distance(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule, *,
             sets: int | None = None) -> int:
    """The least number of tiles the hand still lacks to be ``sets`` sets and a pair (see the module's measure).

    ``sets`` defaults to what the hand's size asks: ``(tiles + jokers) // 3``.
    """
    h = _check(counts, jokers)
    if sets is None:
        sets = (sum(h) + jokers) // 3
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


def shanten_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule, *,
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


def is_complete_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule, *,
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


def waits_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule, *,
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


def stand_ins(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule
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


def joker_reading(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule
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


def seven_pairs_shanten_with_jokers(counts: Sequence[int] | bytes, jokers: int, rule: JokerRule) -> int:
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


def wrong_in_threads(answer: Callable[[int], int], expected: Sequence[int], rng: random.Random,
                     clear: Callable[[], None]) -> list[int]:
    """Four threads ask ``answer(i)`` of every ``i`` at once, each in its own order, switching as often as the
    interpreter lets them, the memos emptied first and last (``clear``): the ``i`` whose answer was not
    ``expected[i]``, or raised :class:`IndexError` (a table id read after the memos were emptied).  A server plays
    tables in threads, so the joker memos must give every thread the answers one thread gets."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    wrong: list[int] = []
    try:
        def ask(order: list[int]) -> None:
            for i in order:
                try:
                    if answer(i) != expected[i]:
                        wrong.append(i)
                except IndexError:
                    wrong.append(i)
        threads = [threading.Thread(target=ask, args=(rng.sample(range(len(expected)), len(expected)),))
                   for _ in range(4)]
        clear()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
        clear()
    return wrong
