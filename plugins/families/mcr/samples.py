"""Seeded winning hands for the Chinese official rules: some for every fan, and random ones.

Agreement with a reference calculator is only as good as the hands it is
checked on, and uniformly random hands almost never hold Nine Gates, Seven
Shifted Pairs or Four Kongs.  So each fan of the table has a *template* that
builds hands holding it (the fan may still be outranked by a bigger one that
implies it), and :func:`samples` mixes those with random complete hands.
Every hand is legal: at most four copies of a tile, kongs declared, the
situation possible (a replacement win has a kong, a robbed tile is not held
twice, the last tile of its kind is not held concealed).

Uses the project's named generator (:class:`mahjong_core.plugin.Rng`), so a seed
gives the same hands in every version that keeps the generator.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mahjong_core.plugin import EAST, ClaimedFrom, Hand, Meld, MeldKind, Rng

Spec = list[tuple[str, int]]  # ("chow"|"pung"|"kong"|"pair", tile)


@dataclass(frozen=True)
class Sample:
    """One generated winning hand: what template made it, the hand, and the win's context."""

    template: str
    hand: Hand
    context: dict[str, Any]


class _Gen:
    def __init__(self, rng: Rng):
        self.rng = rng

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def chance(self, percent: int) -> bool:
        return self.rng.below(100) < percent

    def choice(self, items: Any) -> Any:
        items = list(items)
        return items[self.rng.below(len(items))]

    def suit(self) -> int:
        return 9 * self.below(3)

    def shuffled(self, items: list[Any]) -> list[Any]:
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def chow(self, suit: int | None = None) -> tuple[str, int]:
        base = self.suit() if suit is None else suit
        return ("chow", base + self.below(7))

    def pung(self, tiles: Any = None) -> tuple[str, int]:
        return ("pung", self.below(34) if tiles is None else self.choice(tiles))

    def any_set(self) -> tuple[str, int]:
        return self.chow() if self.chance(55) else self.pung()

    def pair(self, tiles: Any = None) -> tuple[str, int]:
        return ("pair", self.below(34) if tiles is None else self.choice(tiles))


SUITED = range(27)
HONOURS = range(27, 34)
WINDS = range(27, 31)
DRAGONS = range(31, 34)
TERMINALS = (0, 8, 9, 17, 18, 26)


def _ranks(g: _Gen, low: int, high: int, chows: bool = True) -> Spec:
    """Four sets and a pair whose tiles all have ranks ``low``..``high`` (1-based)."""
    spec: Spec = []
    for _ in range(4):
        if chows and high - low >= 2 and g.chance(50):
            spec.append(("chow", g.suit() + low - 1 + g.below(high - low - 1)))
        else:
            spec.append(("pung", g.suit() + low - 1 + g.below(high - low + 1)))
    spec.append(("pair", g.suit() + low - 1 + g.below(high - low + 1)))
    return spec


def _shifted_chows(g: _Gen, n: int) -> Spec:
    s = g.suit()
    step = 1 + g.below(2)
    start = g.below(7 - step * (n - 1))
    return [("chow", s + start + step * i) for i in range(n)]


def _mixed(g: _Gen, ranks: list[int], kind: str) -> Spec:
    suits = g.shuffled([0, 9, 18])
    return [(kind, suits[i] + ranks[i]) for i in range(3)]


def _t_nine_gates(g: _Gen) -> Spec:
    return [("nine_gates", g.suit())]


def _fill(g: _Gen, spec: Spec, sets: int = 4) -> Spec:
    have = sum(1 for k, _ in spec if k != "pair")
    spec = list(spec) + [g.any_set() for _ in range(sets - have)]
    if not any(k == "pair" for k, _ in spec):
        spec.append(g.pair())
    return spec


TEMPLATES: dict[str, Callable[[_Gen], Spec]] = {
    "big_four_winds": lambda g: _fill(g, [("pung", w) for w in WINDS]),
    "big_three_dragons": lambda g: _fill(g, [("pung", d) for d in DRAGONS]),
    "all_green": lambda g: [("chow", 19) if g.chance(40) else g.pung((19, 20, 21, 23, 25, 32)) for _ in range(4)]
    + [g.pair((19, 20, 21, 23, 25, 32))],
    "nine_gates": _t_nine_gates,
    "four_kongs": lambda g: [("kong", g.below(34)) for _ in range(4)] + [g.pair()],
    "seven_shifted_pairs": lambda g: [("shifted_pairs", g.suit() + g.below(3))],
    "thirteen_orphans": lambda g: [("orphans", g.choice((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)))],
    "all_terminals": lambda g: [g.pung(TERMINALS) for _ in range(4)] + [g.pair(TERMINALS)],
    "little_four_winds": lambda g: _fill(g, [("pung", w) for w in g.shuffled(list(WINDS))[:3]] + [("pair", -1)]),
    "little_three_dragons": lambda g: _fill(g, [("pung", d) for d in g.shuffled(list(DRAGONS))[:2]] + [("pair", -2)]),
    "all_honours": lambda g: [g.pung(HONOURS) for _ in range(4)] + [g.pair(HONOURS)],
    "four_concealed_pungs": lambda g: [g.pung() for _ in range(4)] + [g.pair(), ("concealed", 1)],
    "pure_terminal_chows": lambda g: (lambda s: [("chow", s), ("chow", s), ("chow", s + 6), ("chow", s + 6),
                                                 ("pair", s + 4)])(g.suit()),
    "quadruple_chow": lambda g: (lambda c: _fill(g, [c, c, c, c]))(g.chow()),
    "four_pure_shifted_pungs": lambda g: (lambda s, r: _fill(g, [("pung", s + r + i) for i in range(4)]))(
        g.suit(), g.below(6)),
    "four_pure_shifted_chows": lambda g: _fill(g, _shifted_chows(g, 4)),
    "three_kongs": lambda g: _fill(g, [("kong", g.below(34)) for _ in range(3)]),
    "all_terminals_and_honours": lambda g: [g.pung(TERMINALS + tuple(HONOURS)) for _ in range(4)]
    + [g.pair(TERMINALS + tuple(HONOURS))],
    "seven_pairs": lambda g: [("seven_pairs", 0)],
    "greater_honours_and_knitted": lambda g: [("honours_knitted", 7)],
    "all_even_pungs": lambda g: [g.pung([t for t in SUITED if t % 9 % 2 == 1]) for _ in range(4)]
    + [g.pair([t for t in SUITED if t % 9 % 2 == 1])],
    "full_flush": lambda g: (lambda s: [g.chow(s) if g.chance(60) else ("pung", s + g.below(9)) for _ in range(4)]
                             + [("pair", s + g.below(9))])(g.suit()),
    "pure_triple_chow": lambda g: (lambda c: _fill(g, [c, c, c]))(g.chow()),
    "pure_shifted_pungs": lambda g: (lambda s, r: _fill(g, [("pung", s + r + i) for i in range(3)]))(
        g.suit(), g.below(7)),
    "upper_tiles": lambda g: _ranks(g, 7, 9),
    "middle_tiles": lambda g: _ranks(g, 4, 6),
    "lower_tiles": lambda g: _ranks(g, 1, 3),
    "pure_straight": lambda g: (lambda s: _fill(g, [("chow", s), ("chow", s + 3), ("chow", s + 6)]))(g.suit()),
    "three_suited_terminal_chows": lambda g: (lambda s: [("chow", s[0]), ("chow", s[0] + 6), ("chow", s[1]),
                                                         ("chow", s[1] + 6), ("pair", s[2] + 4)])(
        g.shuffled([0, 9, 18])),
    "pure_shifted_chows": lambda g: _fill(g, _shifted_chows(g, 3)),
    "all_fives": lambda g: [("chow", g.suit() + 2 + g.below(3)) if g.chance(60) else ("pung", g.suit() + 4)
                            for _ in range(4)] + [("pair", g.suit() + 4)],
    "triple_pung": lambda g: (lambda r: _fill(g, _mixed(g, [r, r, r], "pung")))(g.below(9)),
    "three_concealed_pungs": lambda g: _fill(g, [g.pung() for _ in range(3)]) + [("concealed", 0)],
    "lesser_honours_and_knitted": lambda g: [("honours_knitted", 5 + g.below(2))],
    "knitted_straight": lambda g: [("knitted", 0)] + ([g.any_set()] if g.chance(70) else [("kong", g.below(34))])
    + [g.pair()],
    "upper_four": lambda g: _ranks(g, 6, 9),
    "lower_four": lambda g: _ranks(g, 1, 4),
    "big_three_winds": lambda g: _fill(g, [("pung", w) for w in g.shuffled(list(WINDS))[:3]]),
    "mixed_straight": lambda g: _fill(g, _mixed(g, [0, 3, 6], "chow")),
    "reversible_tiles": lambda g: [
        ("chow", g.choice((9, 10, 11))) if g.chance(40) else g.pung((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23,
                                                                        25, 26, 31)) for _ in range(4)]
    + [g.pair((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))],
    "mixed_triple_chow": lambda g: (lambda r: _fill(g, _mixed(g, [r, r, r], "chow")))(g.below(7)),
    "mixed_shifted_pungs": lambda g: (lambda r: _fill(g, _mixed(g, [r, r + 1, r + 2], "pung")))(g.below(7)),
    "chicken_hand": lambda g: (lambda s: [("chow", s[0] + 1), ("chow", s[1] + 4), ("chow", s[2]),
                                          ("chow", s[2] + 5), ("pair", g.choice(HONOURS)), ("exposed", 2),
                                          ("flag", 9)])(g.shuffled([0, 9, 18])),
    "last_tile_draw": lambda g: _fill(g, []) + [("flag", 1)],
    "last_tile_claim": lambda g: _fill(g, []) + [("flag", 2)],
    "out_with_replacement_tile": lambda g: _fill(g, [("kong", g.below(34))]) + [("flag", 3)],
    "robbing_the_kong": lambda g: _fill(g, []) + [("flag", 4)],
    "two_concealed_kongs": lambda g: _fill(g, [("ckong", g.below(34)), ("ckong", g.below(34))]),
    "all_pungs": lambda g: [g.pung() for _ in range(4)] + [g.pair()],
    "half_flush": lambda g: (lambda s: [g.chow(s) if g.chance(50) else g.pung([*range(s, s + 9), *HONOURS])
                                        for _ in range(4)] + [g.pair([*range(s, s + 9), *HONOURS])])(g.suit()),
    "mixed_shifted_chows": lambda g: (lambda r: _fill(g, _mixed(g, [r, r + 1, r + 2], "chow")))(g.below(5)),
    "all_types": lambda g: (lambda s: [g.chow(s[0]), g.chow(s[1]), ("pung", s[2] + g.below(9)), g.pung(WINDS),
                                       g.pair(DRAGONS)])(g.shuffled([0, 9, 18])),
    "melded_hand": lambda g: _fill(g, []) + [("exposed", 4)],
    "two_dragon_pungs": lambda g: _fill(g, [("pung", d) for d in g.shuffled(list(DRAGONS))[:2]]),
    "outside_hand": lambda g: [("chow", g.suit() + g.choice((0, 6))) if g.chance(50)
                               else g.pung(TERMINALS + tuple(HONOURS)) for _ in range(4)]
    + [g.pair(TERMINALS + tuple(HONOURS))],
    "fully_concealed_hand": lambda g: _fill(g, []) + [("concealed", 1)],
    "two_melded_kongs": lambda g: _fill(g, [("xkong", g.below(34)), ("xkong", g.below(34))]),
    "melded_and_concealed_kong": lambda g: _fill(g, [("xkong", g.below(34)), ("ckong", g.below(34))]),
    "last_tile": lambda g: _fill(g, []) + [("flag", 5)],
    "dragon_pung": lambda g: _fill(g, [g.pung(DRAGONS)]),
    "prevalent_wind": lambda g: _fill(g, [g.pung(WINDS)]) + [("flag", 6)],
    "seat_wind": lambda g: _fill(g, [g.pung(WINDS)]) + [("flag", 7)],
    "concealed_hand": lambda g: _fill(g, []) + [("concealed", 0)],
    "all_chows": lambda g: [g.chow() for _ in range(4)] + [g.pair(SUITED)],
    "tile_hog": lambda g: (lambda t: _fill(g, [("pung", t), ("chow", t - t % 9 + min(t % 9, 6))]))(g.below(27)),
    "double_pung": lambda g: (lambda r, s: _fill(g, [("pung", s[0] + r), ("pung", s[1] + r)]))(
        g.below(9), g.shuffled([0, 9, 18])),
    "two_concealed_pungs": lambda g: _fill(g, [g.pung(), g.pung()]) + [("concealed", 0)],
    "concealed_kong": lambda g: _fill(g, [("ckong", g.below(34))]),
    "all_simples": lambda g: _ranks(g, 2, 8),
    "pure_double_chow": lambda g: (lambda c: _fill(g, [c, c]))(g.chow()),
    "mixed_double_chow": lambda g: (lambda r, s: _fill(g, [("chow", s[0] + r), ("chow", s[1] + r)]))(
        g.below(7), g.shuffled([0, 9, 18])),
    "short_straight": lambda g: (lambda s, r: _fill(g, [("chow", s + r), ("chow", s + r + 3)]))(g.suit(), g.below(4)),
    "two_terminal_chows": lambda g: (lambda s: _fill(g, [("chow", s), ("chow", s + 6)]))(g.suit()),
    "pung_of_terminals_or_honours": lambda g: _fill(g, [g.pung(TERMINALS + tuple(WINDS))]),
    "melded_kong": lambda g: _fill(g, [("xkong", g.below(34))]),
    "one_voided_suit": lambda g: (lambda s: [g.chow(g.choice(s)) if g.chance(60) else
                                             g.pung([t for b in s for t in range(b, b + 9)] + list(HONOURS))
                                             for _ in range(4)] + [g.pair()])(g.shuffled([0, 9, 18])[:2]),
    "no_honours": lambda g: [g.chow() if g.chance(60) else g.pung(SUITED) for _ in range(4)] + [g.pair(SUITED)],
    "edge_wait": lambda g: _fill(g, [("chow", g.suit() + g.choice((0, 6)))]) + [("wait", 0)],
    "closed_wait": lambda g: _fill(g, [g.chow()]) + [("wait", 1)],
    "single_wait": lambda g: _fill(g, []) + [("wait", 2)],
    "self_drawn": lambda g: _fill(g, []) + [("flag", 8)],
    "flower_tiles": lambda g: _fill(g, []) + [("flowers", 1 + g.below(8))],
}


def _random_spec(g: _Gen) -> Spec:
    return _fill(g, [])


_PAIR_OF_WINDS = -1
_PAIR_OF_DRAGONS = -2


def _build(g: _Gen, template: str, spec: Spec) -> Sample | None:
    """Turn a spec into a legal hand with a situation, or ``None`` when the tiles do not fit (caller retries)."""
    options = {k: v for k, v in spec if k in ("concealed", "exposed", "flag", "wait", "flowers")}
    groups = [(k, v) for k, v in spec if k not in ("concealed", "exposed", "flag", "wait", "flowers")]
    concealed: list[int] = []
    melds: list[Meld] = []
    special = groups[0][0] in ("nine_gates", "shifted_pairs", "orphans", "seven_pairs", "honours_knitted")
    win: int | None = None
    if special:
        concealed, win = _special_tiles(g, groups[0])
    else:
        used_winds = {t for k, t in groups if 27 <= t <= 30 and k != "pair"}
        used_dragons = {t for k, t in groups if t >= 31 and k != "pair"}
        declare = options.get("exposed")
        keep_concealed = "concealed" in options
        sets_done = 0
        for kind, tile in groups:
            if kind == "pair" and tile in (_PAIR_OF_WINDS, _PAIR_OF_DRAGONS):
                pool, used = (WINDS, used_winds) if tile == _PAIR_OF_WINDS else (DRAGONS, used_dragons)
                free = [t for t in pool if t not in used]
                if not free:
                    return None
                tile = free[0]
            if kind == "knitted":
                firsts = g.shuffled([0, 1, 2])
                concealed.extend(9 * s + firsts[s] + 3 * i for s in range(3) for i in range(3))
                continue
            if kind in ("kong", "xkong", "ckong"):
                exposed = kind == "xkong" or (kind == "kong" and not keep_concealed and g.chance(60))
                added = exposed and g.chance(40)
                melds.append(Meld(MeldKind.KONG, (tile,) * 4, exposed, _seat(g) if exposed else None, added))
                continue
            tiles = (tile, tile + 1, tile + 2) if kind == "chow" else (tile,) * (2 if kind == "pair" else 3)
            if kind == "chow" and (tile >= 27 or tile % 9 > 6):
                return None
            want_declared = (declare is not None and sets_done < declare) or (
                declare is None and not keep_concealed and g.chance(25))
            if kind != "pair" and want_declared:
                sets_done += 1
                seat = ClaimedFrom.LEFT if kind == "chow" else _seat(g)
                melds.append(Meld(MeldKind.CHOW if kind == "chow" else MeldKind.PUNG, tiles, True, seat))
            else:
                concealed.extend(tiles)
        if declare is not None and sets_done < declare and len(melds) < declare:
            return None
    everything = list(concealed) + [t for m in melds for t in m.tiles]
    if any(everything.count(t) > 4 for t in set(everything)):
        return None
    if not concealed:
        return None
    if win is None:
        win = _winning_tile(g, concealed, options.get("wait"))
    concealed.remove(win)
    flags = options.get("flag")
    context = _situation(g, flags, win, concealed, melds, keep_concealed="concealed" in options,
                         concealed_choice=options.get("concealed"))
    if context is None:
        return None
    flowers = options.get("flowers", g.choice((0, 0, 0, 0, 1, 1, 2, 3)))
    bonus = tuple(sorted(g.shuffled(list(range(34, 42)))[:flowers]))
    hand = Hand(tuple(sorted(concealed)), tuple(melds), bonus, win, frozenset())
    return Sample(template, hand, context)


def _seat(g: _Gen) -> ClaimedFrom:
    return g.choice((ClaimedFrom.LEFT, ClaimedFrom.ACROSS, ClaimedFrom.RIGHT))


def _winning_tile(g: _Gen, concealed: list[int], wait: int | None) -> int:
    if wait == 0:  # edge: the 3 of 1-2-3 or the 7 of 7-8-9 when present
        edges = [t for t in concealed if t < 27 and t % 9 in (2, 6)]
        if edges:
            return g.choice(edges)
    if wait == 1:
        middles = [t for t in concealed if t < 27 and 1 <= t % 9 <= 7]
        if middles:
            return g.choice(middles)
    if wait == 2:
        pairs = [t for t in set(concealed) if concealed.count(t) == 2]
        if pairs:
            return g.choice(sorted(pairs))
    return g.choice(concealed)


def _special_tiles(g: _Gen, group: tuple[str, int]) -> tuple[list[int], int | None]:
    kind, value = group
    if kind == "nine_gates":
        s = value
        tiles = [s, s, s, *range(s + 1, s + 8), s + 8, s + 8, s + 8]
        extra = s + g.below(9)
        return tiles + [extra], extra
    if kind == "shifted_pairs":
        return [t for t in range(value, value + 7) for _ in range(2)], None
    if kind == "orphans":
        return [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, value], None
    if kind == "seven_pairs":
        kinds: list[int] = []
        while len(kinds) < 7:
            t = g.below(34)
            if kinds.count(t) < 2:
                kinds.append(t)
        return [t for t in kinds for _ in range(2)], None
    # honours and knitted tiles: ``value`` honours (7 = greater)
    firsts = g.shuffled([0, 1, 2])
    knitted = [9 * s + firsts[s] + 3 * i for s in range(3) for i in range(3)]
    honours = g.shuffled(list(HONOURS))[:value]
    suited = g.shuffled(knitted)[:14 - value]
    return sorted(suited + honours), None


def _situation(g: _Gen, flag: int | None, win: int, concealed: list[int], melds: list[Meld], *,
               keep_concealed: bool, concealed_choice: int | None) -> dict[str, Any] | None:
    """A legal win context: the flags a template asks for, or random ones."""
    has_kong = any(m.kind is MeldKind.KONG for m in melds)
    in_melds = sum(m.tiles.count(win) for m in melds)
    held = concealed.count(win)
    plain = flag == 9  # an ordinary win on a discard: nothing special about it
    self_drawn = g.chance(45) and not plain
    if flag in (1, 3, 8) or concealed_choice == 1:
        self_drawn = True
    if flag in (2, 4) or (keep_concealed and concealed_choice == 0):
        self_drawn = False
    last_tile = flag in (1, 2) or (g.chance(4) and not plain)
    replacement = flag == 3 or (self_drawn and has_kong and g.chance(20))
    if replacement and not has_kong:
        return None
    robbing = flag == 4 or (not self_drawn and g.chance(6) and not plain)
    if robbing and (held or in_melds):
        if flag == 4:
            return None
        robbing = False
    last_of_kind = flag == 5 or (g.chance(10) and not held and not plain)
    if last_of_kind and held:
        return None
    seat = EAST + g.below(4)
    prevalent = EAST + g.below(4)
    pung_winds = [m.tiles[0] for m in melds if m.kind in (MeldKind.PUNG, MeldKind.KONG) and 27 <= m.tiles[0] <= 30]
    pung_winds += [t for t in range(27, 31) if concealed.count(t) + (t == win) >= 3]
    if flag == 6 and pung_winds:
        prevalent = g.choice(pung_winds)
    if flag == 7 and pung_winds:
        seat = g.choice(pung_winds)
    return {"winner": True, "self_drawn": self_drawn, "last_tile": last_tile, "replacement": replacement,
            "robbing_kong": robbing, "last_tile_of_kind": last_of_kind, "seat_wind": seat,
            "prevalent_wind": prevalent}


def samples(seed: int | str, *, per_fan: int = 50, random_hands: int = 1000) -> list[Sample]:
    """``per_fan`` hands from each fan's template, then ``random_hands`` random complete hands, all seeded.

    Hands that a template's tiles cannot make legal (a fifth copy) are
    re-drawn, so the counts are exact.
    """
    g = _Gen(Rng.from_seed(seed).derive("mcr-samples"))
    out: list[Sample] = []
    for name in sorted(TEMPLATES):
        made = 0
        while made < per_fan:
            sample = _build(g, name, TEMPLATES[name](g))
            if sample is not None:
                out.append(sample)
                made += 1
    made = 0
    while made < random_hands:
        sample = _build(g, "random", _random_spec(g))
        if sample is not None:
            out.append(sample)
            made += 1
    return out
