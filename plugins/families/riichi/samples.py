"""A seeded generator of riichi winning situations, for the agreement corpus and the benchmark.

Uniformly random complete hands almost never hold the rarer yaku, so each
situation is drawn from a *theme* (simples only, one suit, terminals, honours,
pungs, twin chows, three colours, a straight, all green, nine gates, seven
pairs, thirteen orphans ...) and then made real: some sets declared (chows and
pungs open, kongs open, added or concealed), a winning tile taken from the
concealed part, red fives marked where the tile set has them, the winds, how
it was won, the situation yaku that may hold (riichi only on a concealed
hand, rinshan only self-drawn with a kong ...), dora and ura-dora indicators,
honba and riichi sticks.  Every situation is possible under the rules of
play: the scorer refuses impossible ones, and the corpus is about scoring.

The same seed gives the same situations on every machine (:class:`random.Random`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from mahjong_rulesets.families.riichi.divide import CHOW, PUNG
from mahjong_rulesets.families.riichi.evaluate import KONG

__all__ = ["THEMES", "Situation", "situations"]

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_FIVES = (4, 13, 22)


class Situation(NamedTuple):
    """One winning situation: tiles as kinds 0-33, melds ``(kind, tile, exposed)`` (kind CHOW, PUNG or KONG;
    an added kong is exposed), the red fives among the hand's tiles by kind, and the facts of the win."""

    concealed: tuple[int, ...]
    melds: tuple[tuple[int, int, bool], ...]
    added: tuple[bool, ...]
    win: int
    red: tuple[int, ...]
    tsumo: bool
    seat: int
    round: int
    facts: frozenset[str]
    dora: tuple[int, ...]
    ura: tuple[int, ...]
    honba: int
    sticks: int
    theme: str
    #: Norths set aside as dora at a table of three (the generator makes none; a worked example may)
    nukidora: int = 0


def _pool(theme: str, rng: random.Random) -> list[int]:
    suit = 9 * rng.randrange(3)
    if theme == "simples":
        return [k for k in range(27) if k % 9 not in (0, 8)]
    if theme == "flush":
        return list(range(suit, suit + 9))
    if theme == "half_flush":
        return list(range(suit, suit + 9)) + list(range(27, 34))
    if theme == "terminals":
        return [k for k in range(34) if k >= 27 or k % 9 in (0, 1, 2, 6, 7, 8)]
    if theme == "honours":
        return list(range(27, 34)) + rng.sample(range(27), 9)
    if theme == "old_heads":
        return [0, 8, 9, 17, 18, 26] + (list(range(27, 34)) if rng.random() < 0.5 else [])
    if theme == "green":
        return [19, 20, 21, 23, 25, 32]
    if theme == "dragons":
        return [31, 32, 33] + rng.sample(range(34), 8)
    if theme == "winds":
        return [27, 28, 29, 30] + rng.sample(range(34), 6)
    return list(range(34))


def _set_from(pool: list[int], rng: random.Random, chow_bias: float) -> tuple[int, int]:
    chows = [k for k in pool if k < 27 and k % 9 <= 6 and k + 1 in pool and k + 2 in pool]
    if chows and rng.random() < chow_bias:
        return CHOW, rng.choice(chows)
    return PUNG, rng.choice(pool)


def _standard(theme: str, rng: random.Random) -> tuple[list[tuple[int, int]], int] | None:
    """Four sets and a pair for a theme, or ``None`` when the draw broke the tile counts (the caller retries)."""
    pool = _pool(theme, rng)
    chow_bias = {"pungs": 0.0, "kongs": 0.0, "old_heads": 0.1,
                 "honours": 0.2, "dragons": 0.3, "winds": 0.3, "chows": 1.0, "twins": 1.0,
                 "colours": 0.8, "straight": 1.0}.get(theme, 0.5)
    sets: list[tuple[int, int]] = []
    if theme == "twins":
        t = rng.choice([k for k in range(27) if k % 9 <= 6])
        sets += [(CHOW, t), (CHOW, t)]
        if rng.random() < 0.4:
            u = rng.choice([k for k in range(27) if k % 9 <= 6])
            sets += [(CHOW, u), (CHOW, u)]
    elif theme == "colours":
        n = rng.randrange(7 if rng.random() < 0.7 else 9)
        kind = CHOW if rng.random() < 0.7 and n <= 6 else PUNG
        sets += [(kind, n), (kind, n + 9), (kind, n + 18)]
    elif theme == "straight":
        base = 9 * rng.randrange(3)
        sets += [(CHOW, base), (CHOW, base + 3), (CHOW, base + 6)]
    elif theme == "dragons":
        sets += [(PUNG, d) for d in rng.sample([31, 32, 33], rng.choice((2, 2, 3)))]
    elif theme == "winds":
        sets += [(PUNG, w) for w in rng.sample([27, 28, 29, 30], rng.choice((2, 3, 3, 4)))]
    while len(sets) < 4:
        sets.append(_set_from(pool, rng, chow_bias))
    sets = sets[:4]
    pair = rng.choice(pool)
    counts = [0] * 34
    for kind, tile in sets:
        for k in ((tile, tile + 1, tile + 2) if kind == CHOW else (tile,) * 3):
            counts[k] += 1
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return sets, pair


def _seven_pairs(theme: str, rng: random.Random) -> list[int]:
    pool = _pool(theme if theme != "seven_pairs" else rng.choice(("all", "simples", "half_flush", "terminals",
                                                                  "honours", "flush")), rng)
    if len(set(pool)) < 7:
        pool = list(range(34))
    kinds = rng.sample(sorted(set(pool)), 7)
    return sorted(kinds * 2)


THEMES = ("all", "all", "all", "simples", "kongs", "old_heads",
          "flush", "half_flush", "terminals", "honours", "pungs", "chows", "twins",
          "colours", "straight", "green", "dragons", "winds", "nine_gates", "seven_pairs", "kokushi",
          "wheels", "stars")


def _tiles_of(kind: int, tile: int) -> tuple[int, ...]:
    return (tile, tile + 1, tile + 2) if kind == CHOW else (tile,) * 3


def _one(rng: random.Random, *, red: bool, renhou: bool) -> Situation | None:
    theme = rng.choice(THEMES)
    melds: list[tuple[int, int, bool]] = []
    added: list[bool] = []
    open_share = rng.choice((0.0, 0.0, 0.2, 0.5))
    kong_share = 0.8 if theme == "kongs" else 0.12
    if theme == "kokushi":
        concealed = list(_ORPHANS) + [rng.choice(_ORPHANS)]
    elif theme == "seven_pairs":
        concealed = _seven_pairs(theme, rng)
    elif theme == "wheels":
        base = 9 * rng.randrange(3)
        concealed = sorted([base + i for i in range(1, 8)] * 2)
    elif theme == "stars":
        concealed = sorted(list(range(27, 34)) * 2)
    elif theme == "nine_gates":
        base = 9 * rng.randrange(3)
        counts = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        counts[rng.randrange(9)] += 1
        concealed = [base + i for i in range(9) for _ in range(counts[i])]
    else:
        made = _standard(theme, rng)
        if made is None:
            return None
        sets, pair = made
        concealed = [pair, pair]
        for kind, tile in sets:
            roll = rng.random()
            if kind == PUNG and roll < kong_share:
                kong = rng.random()
                if kong < 0.4:
                    melds.append((KONG, tile, False))
                    added.append(False)
                else:
                    melds.append((KONG, tile, True))
                    added.append(kong < 0.7)
            elif roll < kong_share + open_share:
                melds.append((kind, tile, True))
                added.append(False)
            else:
                concealed.extend(_tiles_of(kind, tile))
        held = list(concealed)
        for kind, tile, _ in melds:
            held.extend((tile,) * 4 if kind == KONG else _tiles_of(kind, tile))
        if max(held.count(k) for k in set(held)) > 4:
            return None
    win = rng.choice(concealed)
    concealed.remove(win)
    closed = not any(exposed for _, _, exposed in melds)
    every = concealed + [win] + [k for kind, tile, _ in melds
                                 for k in ((tile,) * 4 if kind == KONG else _tiles_of(kind, tile))]
    reds = tuple(five for five in _FIVES if red and five in every and (every.count(five) == 4 or rng.random() < 0.6))
    seat, prevalent = 27 + rng.randrange(4), 27 + rng.randrange(2 if rng.random() < 0.8 else 4)
    dealer = seat == 27
    tsumo = rng.random() < 0.5
    facts: set[str] = set()
    kongs = sum(1 for kind, _, _ in melds if kind == KONG)
    first = not melds and rng.random() < 0.06
    if first:
        if tsumo:
            facts.add("tenhou" if dealer else "chiihou")
        elif renhou and not dealer:
            facts.add("renhou")
    if closed and not first and rng.random() < 0.5:
        facts.add("double_riichi" if rng.random() < 0.1 else "riichi")
        if rng.random() < 0.3:
            facts.add("ippatsu")
    if not first:
        if tsumo and kongs and rng.random() < 0.3:
            facts.add("rinshan")
        elif not tsumo and rng.random() < 0.05:
            facts.add("chankan")
        if rng.random() < 0.06 and not ({"rinshan", "chankan"} & facts):
            facts.add("haitei" if tsumo else "houtei")
    n = min(5, 1 + kongs + (rng.random() < 0.15))
    left = [4] * 34  # the copies of each kind the hand leaves to the dead wall
    for kind in every:
        left[kind] -= 1

    def shown(kind: int) -> int:
        """An indicator drawn as ``kind``, or the next kind a copy of which is left: a situation the set can show
        (the draws from the generator stay as they were, so the other situations do not change)."""
        while not left[kind]:
            kind = (kind + 1) % 34
        left[kind] -= 1
        return kind

    dora = tuple(shown(rng.randrange(34)) for _ in range(n))
    ura = tuple(shown(rng.randrange(34)) for _ in range(n))
    honba = rng.choice((0, 0, 0, 1, 2, 3, 5))
    sticks = rng.choice((0, 0, 1, 2, 3))
    return Situation(tuple(sorted(concealed)), tuple(melds), tuple(added), win, reds, tsumo, seat, prevalent,
                     frozenset(facts), dora, ura, honba, sticks, theme)


def situations(seed: int, count: int, *, red: bool = True, renhou: bool = False,
               keep: Callable[[Situation], bool] | None = None) -> Iterator[Situation]:
    """``count`` winning situations drawn from ``seed`` (red fives marked when ``red``; renhou wins when
    ``renhou``), each kept only when ``keep`` says so."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        one = _one(rng, red=red, renhou=renhou)
        if one is None or (keep is not None and not keep(one)):
            continue
        made += 1
        yield one
