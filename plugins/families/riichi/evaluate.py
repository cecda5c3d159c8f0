"""The riichi family's arithmetic: yaku, fu, han and the hand's value, on counts of the 34 kinds.

Nothing here reads a ruleset's file or a hand's notation: :mod:`.tables` turns
the ruleset's ``scoring`` section into a :class:`~.tables.Rules` (every value
with its source), :mod:`.scoring` turns a :class:`~mahjong_core.plugin.Hand`
and its situation into a :class:`Win`, and this module finds the reading of the
hand that pays most and what it is worth.  It is the hot path (every win of a
game, every hand of the agreement corpus), so it works on small integers and
tuples, computes what the whole hand shares once, and what depends on the
division once per division.

How a hand is read (EMA 2016 section 4.1, Japanese Mahjong Wiki "Fu"):

* every division of the concealed tiles into sets and a pair (:mod:`.divide`),
  with the declared melds beside it, and for each the set the winning tile
  completed (the wait), is one reading; seven pairs and thirteen orphans are
  readings of their own;
* a pung completed by a discard counts as open, for fu and for concealed
  pungs -- but a winning tile that may also complete a concealed chow leaves
  the pung concealed for the count of concealed pungs (the wait is the player's
  to choose);
* the reading that pays most counts; among equal payments a true yakuman before
  a counted one, then more han, then more fu, then more fu before rounding.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from mahjong_rulesets.families.riichi.divide import CHOW, PUNG, SUITS, divisions_of
from mahjong_rulesets.families.riichi.tables import Rules

__all__ = ["KONG", "Reading", "Win", "evaluate"]

KONG = 2
_WHITE, _GREEN, _RED = 31, 32, 33
_WINDS = (27, 28, 29, 30)
_TERMINAL_OR_HONOUR = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(34))
_GREENS = frozenset((19, 20, 21, 23, 25, _GREEN))
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET = frozenset(_ORPHANS)


#: The dora a win counts, in the order of :attr:`Win.dora`.
DORA_NAMES = ("dora", "aka_dora", "ura_dora", "nukidora")


class Win(NamedTuple):
    """A win as the arithmetic needs it.

    :param counts: how many of each of the 34 kinds the concealed part holds, the winning tile included.
    :param melds: the declared melds as ``(kind, tile, exposed)``: :data:`CHOW` (lowest tile), :data:`PUNG`,
        :data:`KONG`; a concealed kong is not exposed.
    :param win: the winning tile's kind.
    :param tsumo: self-drawn (a replacement tile after a kong is self-drawn too).
    :param seat: the winner's seat wind (27-30); ``round``: the prevalent wind.
    :param dealer: the winner is the dealer.
    :param facts: the situation yaku that hold (``riichi``, ``ippatsu``, ``haitei`` ...), by the family's ids.
    :param dora: ``(dora, red fives, ura-dora, nukidora)`` han, counted by the caller (nukidora: the tiles set
        aside as dora, three-player riichi's Norths).
    """

    counts: tuple[int, ...]
    melds: tuple[tuple[int, int, bool], ...]
    win: int
    tsumo: bool
    seat: int
    round: int
    dealer: bool
    facts: frozenset[str]
    dora: tuple[int, int, int, int]


class Reading(NamedTuple):
    """The reading of a win that pays most, with everything a score card shows.

    ``yaku``: ``(id, han)`` in the order the family lists them; for a yakuman hand ``han`` is 13 per yakuman
    (a double yakuman 26), as the han of a yakuman hand are commonly written.  ``fu_items``: ``(id, fu)``
    before rounding; ``fu``: after rounding.  ``sets``: the reading's sets as ``(kind, tile, open)`` with the
    pair last as ``(-1, tile, False)``; ``wait``: ``tanki``, ``kanchan``, ``penchan``, ``ryanmen``, ``shanpon``
    or ``kokushi``/``chiitoitsu``.
    """

    han: int
    fu: int
    fu_items: tuple[tuple[str, int], ...]
    yaku: tuple[tuple[str, int], ...]
    yakuman: int
    dora: tuple[tuple[str, int], ...]
    limit: str
    base: int
    form: str
    sets: tuple[tuple[int, int, bool], ...]
    wait: str
    winning_set: int
    key: tuple[int, int, int, int, int]


# --------------------------------------------------------------------------- hand-wide facts


class _Whole(NamedTuple):
    closed: bool
    all_simples: bool
    suits: int  # bit mask of the suits present
    honours: bool
    all_honours: bool
    all_terminal_or_honour: bool
    all_green: bool
    kongs: int
    kinds: int  # how many kinds the concealed part holds


_SIMPLE, _TOH, _HONOUR, _GREEN_BIT = 1, 2, 4, 8
#: Each kind's properties as bits (simple, terminal or honour, honour, green) with its suit's bit from 16 up, so that
#: what a whole hand shares is an OR and an AND over the kinds it holds.
_PROPS = tuple(
    (_SIMPLE if not _TERMINAL_OR_HONOUR[k] else _TOH) | (_HONOUR if k >= 27 else 16 << (k // 9))
    | (_GREEN_BIT if k in _GREENS else 0)
    for k in range(34)
)


@functools.lru_cache(maxsize=4096)
def _part_bits(part: tuple[int, ...], base: int) -> tuple[int, int, int]:
    """``(any, all, kinds)`` of one suit's counts: the OR and the AND of the :data:`_PROPS` of the kinds it holds,
    and how many kinds it holds.  A pure function of the suit's shape, remembered as :mod:`.divide` remembers a
    suit's divisions (few shapes recur across hands; the whole hand is never a key)."""
    any_bits, all_bits, kinds = 0, -1, 0
    for i, n in enumerate(part):
        if n:
            bits = _PROPS[base + i]
            any_bits |= bits
            all_bits &= bits
            kinds += 1
    return any_bits, all_bits, kinds


def _whole(win: Win, parts: Sequence[tuple[int, ...]]) -> _Whole:
    closed = True
    kongs = 0
    any_bits, all_bits = 0, -1
    props = _PROPS
    for kind, tile, exposed in win.melds:
        if exposed:
            closed = False
        if kind == CHOW:
            bits = props[tile] | props[tile + 1] | props[tile + 2]
            any_bits |= bits
            all_bits &= props[tile] & props[tile + 1] & props[tile + 2]
        else:
            any_bits |= props[tile]
            all_bits &= props[tile]
            if kind == KONG:
                kongs += 1
    kinds = 0
    for (base, _), part in zip(SUITS, parts, strict=True):
        if part != _EMPTY[base]:
            some, every, held = _part_bits(part, base)
            any_bits |= some
            all_bits &= every
            kinds += held
    return _Whole(closed, bool(all_bits & _SIMPLE), (any_bits >> 4) & 7, bool(any_bits & _HONOUR),
                  bool(all_bits & _HONOUR), bool(all_bits & _TOH), bool(all_bits & _GREEN_BIT), kongs, kinds)


#: An empty suit's counts, by the suit's first kind.
_EMPTY = {base: (0,) * (end - base) for base, end in SUITS}


# --------------------------------------------------------------------------- yaku


def _flush(whole: _Whole, yaku: list[str]) -> None:
    if whole.suits in (1, 2, 4):
        yaku.append("honitsu" if whole.honours else "chinitsu")


def _situation_yaku(win: Win, whole: _Whole, yaku: list[str]) -> None:
    facts = win.facts
    if win.tsumo and whole.closed:
        yaku.append("menzen_tsumo")
    for fact in ("double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "renhou"):
        if fact in facts:
            yaku.append(fact)
    if "riichi" in facts and "double_riichi" not in facts:
        yaku.append("riichi")


def _yakuman_situation(win: Win, rules: Rules, out: list[str]) -> None:
    for fact in ("tenhou", "chiihou"):
        if fact in win.facts:
            out.append(fact)
    if "renhou" in win.facts and rules.renhou_yakuman:
        out.append("renhou_yakuman")


def _hand_yaku(rules: Rules, win: Win, whole: _Whole) -> tuple[list[str], list[str]]:
    """The yaku and yakuman every reading of the hand shares: the situation's, and those read off the whole hand
    (all simples, one suit, all honours, terminals, greens, the kongs, nine gates)."""
    yaku: list[str] = []
    yakuman: list[str] = []
    _situation_yaku(win, whole, yaku)
    _whole_hand_yaku(rules, win, whole, yaku, yakuman)
    return yaku, yakuman


def _whole_hand_yaku(rules: Rules, win: Win, whole: _Whole, yaku: list[str], yakuman: list[str]) -> None:
    """Add the yaku and yakuman read off the whole hand, whatever its reading (seven pairs included)."""
    if whole.all_simples and (whole.closed or rules.open_tanyao):
        yaku.append("tanyao")
    _flush(whole, yaku)
    if whole.all_honours:
        yakuman.append("tsuuiisou")
    if whole.all_terminal_or_honour:
        yaku.append("honroutou")
        if not whole.honours:
            yakuman.append("chinroutou")
    if whole.all_green:
        yakuman.append("ryuuiisou")
    _yakuman_situation(win, rules, yakuman)


def _division_yaku(rules: Rules, win: Win, whole: _Whole, chows: list[int], pungs: list[int], pair: int,
                   concealed_pungs: int) -> tuple[list[str], list[str]]:
    """The yaku and yakuman of one division, besides the hand's own (:func:`_hand_yaku`) and pinfu."""
    yaku: list[str] = []
    yakuman: list[str] = []
    if chows:
        if not whole.all_simples:
            terminal_groups = 1 if _TERMINAL[pair] else 0
            honour_groups = 1 if pair >= 27 else 0
            for t in chows:
                if _TERMINAL[t] or _TERMINAL[t + 2]:
                    terminal_groups += 1
            for t in pungs:
                if t >= 27:
                    honour_groups += 1
                elif _TERMINAL[t]:
                    terminal_groups += 1
            if terminal_groups + honour_groups == 5:
                if terminal_groups and honour_groups:
                    yaku.append("chanta")
                elif not honour_groups:
                    yaku.append("junchan")
            if len(chows) >= 3 and _straight(chows):
                yaku.append("ittsu")
        if whole.closed and len(chows) >= 2:
            if len(set(chows)) < len(chows):
                seen: dict[int, int] = {}
                for t in chows:
                    seen[t] = seen.get(t, 0) + 1
                twins = sum(n // 2 for n in seen.values())
                yaku.append("ryanpeikou" if twins >= 2 else "iipeikou")
        if whole.suits == 7 and len(chows) >= 3 and _three_colours(chows):
            yaku.append("sanshoku")
    if rules.daisharin is not None and whole.closed and not pungs and _daisharin(rules, win.counts):
        yakuman.append("daisharin")
    if pungs:
        if len(pungs) == 4:
            yaku.append("toitoi")
        if concealed_pungs == 3:
            yaku.append("sanankou")
        if whole.suits == 7 and len(pungs) >= 3 and _three_colours([t for t in pungs if t < 27]):
            yaku.append("sanshoku_doukou")
        if whole.honours:
            dragons = 0
            winds = 0
            for t in pungs:
                if t >= 31:
                    dragons += 1
                    yaku.append(_DRAGON_YAKU[t])
                elif t >= 27:
                    winds += 1
            if dragons + (pair >= 31) == 3:
                yaku.append("shousangen")
            if win.seat in pungs:
                yaku.append("seat_wind")
            if win.round in pungs:
                yaku.append("round_wind")
            if dragons == 3:
                yakuman.append("daisangen")
            if winds == 3 and 27 <= pair <= 30:
                yakuman.append("shousuushii")
            elif winds == 4:
                yakuman.append("daisuushii")
        if not win.melds and not whole.all_simples and whole.suits in (1, 2, 4) and not whole.honours:
            if _nine_gates(win.counts, 9 * (whole.suits.bit_length() - 1)):
                yakuman.append("junsei_chuuren" if win.counts[win.win] in (2, 4) else "chuuren")
        if whole.closed and concealed_pungs == 4:
            yakuman.append("suuankou_tanki" if win.counts[win.win] == 2 else "suuankou")
        if whole.kongs == 3:
            yaku.append("sankantsu")
        elif whole.kongs == 4:
            yakuman.append("suukantsu")
    return yaku, yakuman


_DRAGON_YAKU = {_WHITE: "haku", _GREEN: "hatsu", _RED: "chun"}


def _straight(chows: Sequence[int]) -> bool:
    for suit in (0, 9, 18):
        if suit in chows and suit + 3 in chows and suit + 6 in chows:
            return True
    return False


def _three_colours(tiles: Sequence[int]) -> bool:
    for t in tiles:
        if t < 9 and t + 9 in tiles and t + 18 in tiles:
            return True
    return False


def _nine_gates(counts: Sequence[int], base: int) -> bool:
    suit = list(counts[base:base + 9])
    if sum(suit) != 14 or suit[0] < 3 or suit[8] < 3:
        return False
    suit[0] -= 2
    suit[8] -= 2
    return sorted(suit) == [1, 1, 1, 1, 1, 1, 1, 1, 2]


def _daisharin(rules: Rules, counts: Sequence[int]) -> bool:
    for base in rules.daisharin or ():
        if all(counts[base + i] == 2 for i in range(1, 8)):
            return True
    return False


# --------------------------------------------------------------------------- fu


def _fu(rules: Rules, win: Win, whole: _Whole, sets: Sequence[tuple[int, int, bool, bool]], pair: int,
        group: int) -> tuple[list[tuple[str, int]], str, int]:
    """The fu items of one reading before rounding, its wait and their sum (the wait's index ``group`` in ``sets``,
    -1 the pair)."""
    fu = rules.fu
    items: list[tuple[str, int]] = []
    total = 0
    wait = "tanki"
    w = win.win
    if group >= 0:
        kind, tile, _, _ = sets[group]
        if kind == CHOW:
            if w == tile + 1:
                wait = "kanchan"
            elif (tile % 9 == 0 and w == tile + 2) or (tile % 9 == 6 and w == tile):
                wait = "penchan"
            else:
                wait = "ryanmen"
        else:
            wait = "shanpon"
        if wait == "kanchan" or wait == "penchan":
            items.append((wait, fu.wait))
            total += fu.wait
    if pair >= 27:
        valued = (pair >= 31) + (pair == win.seat) + (pair == win.round)
        if valued == 1:
            items.append(("valued_pair", fu.valued_pair))
            total += fu.valued_pair
        elif valued >= 2:
            items.append(("double_valued_pair", fu.double_valued_pair))
            total += fu.double_valued_pair
    if group < 0:
        items.append(("tanki", fu.wait))
        total += fu.wait
    tsumo = win.tsumo
    for index, (kind, tile, exposed, kong) in enumerate(sets):
        if kind == CHOW:
            continue
        opened = exposed or (index == group and not tsumo)
        outer = _TERMINAL_OR_HONOUR[tile]
        value = fu.pung
        if outer:
            value *= fu.terminal_factor
        if not opened:
            value *= fu.concealed_factor
        if kong:
            value *= fu.kong_factor
        items.append((_SET_FU[opened, outer, kong], value))
        total += value
    if tsumo and (items or not rules.pinfu_tsumo):
        items.append(("tsumo", fu.tsumo))
        total += fu.tsumo
    if not whole.closed and not items and fu.open_pinfu:
        items.append(("open_pinfu", fu.open_pinfu))
        total += fu.open_pinfu
    items.append(("base", fu.base))
    total += fu.base
    if whole.closed and not tsumo:
        items.append(("closed_ron", fu.closed_ron))
        total += fu.closed_ron
    return items, wait, total


#: A set's fu item by (open, terminal or honour, kong).
_SET_FU = {(opened, outer, kong): ("open_" if opened else "closed_") + ("terminal_" if outer else "")
           + ("kong" if kong else "pung")
           for opened in (False, True) for outer in (False, True) for kong in (False, True)}


# --------------------------------------------------------------------------- value


def _han(rules: Rules, names: Sequence[str], closed: bool) -> tuple[list[tuple[str, int]], int]:
    """The yaku of ``names`` the rules play on this hand, with their han, and the han in all."""
    out = []
    total = 0
    table = rules.yaku
    for name in names:
        row = table.get(name)
        if row is None:
            continue
        if closed or row.open is None:
            if not closed:
                continue
            han = row.closed
        else:
            han = row.open
        out.append((name, han))
        total += han
    return out, total


def _reading(rules: Rules, win: Win, whole: _Whole, yaku_names: list[str], yakuman_names: list[str],
             fu_items: list[tuple[str, int]], form: str, sets: tuple[tuple[int, int, bool], ...], wait: str,
             group: int) -> Reading | None:
    yakuman, multiple = _han(rules, yakuman_names, whole.closed)
    raw_fu = sum(v for _, v in fu_items)
    fu = raw_fu if form == "chiitoitsu" else -(-raw_fu // rules.fu.rounding) * rules.fu.rounding
    if yakuman:
        if rules.yakuman_cap:
            multiple = min(multiple, rules.yakuman_cap)
        items = tuple((name, 13 * h) for name, h in yakuman)
        limit, base = rules.yakuman_limit(multiple)
        return Reading(13 * multiple, fu, tuple(fu_items), items, multiple, (), limit, base, form, sets, wait, group,
                       (_paid(rules, win, base), 1, 13 * multiple, fu, raw_fu))
    yaku, han = _han(rules, yaku_names, whole.closed)
    if not han:
        return None
    dora = tuple((name, n) for name, n in zip(DORA_NAMES, win.dora, strict=True) if n)
    total = han + sum(n for _, n in dora)
    limit, base, counted = rules.value(total, fu)
    return Reading(total, fu, tuple(fu_items), tuple(yaku), counted, dora, limit, base, form, sets, wait, group,
                   (_paid(rules, win, base), 0, total, fu, raw_fu))


def _paid(rules: Rules, win: Win, base: int) -> int:
    """What the losers pay for a hand of ``base`` points (the readings are compared on it)."""
    main, other = rules.pay(base, win.dealer, win.tsumo)
    return main + 2 * other


def _better(a: Reading | None, b: Reading | None) -> Reading | None:
    if a is None:
        return b
    if b is None:
        return a
    return b if b.key > a.key else a


class Only(NamedTuple):
    """One reading to score alone (the conformance suite's question): its form (``standard``, ``chiitoitsu`` or
    ``kokushi``); for the standard form its pair, its concealed sets sorted as ``(kind, tile)`` and the set the
    winning tile completes (``None``: the pair)."""

    form: str
    pair: int = -1
    sets: tuple[tuple[int, int], ...] = ()
    winning: tuple[int, int] | None = None


def evaluate(rules: Rules, win: Win, only: Only | None = None) -> Reading | None:
    """The reading of ``win`` that pays most, or ``None`` when no reading is complete with a yaku.

    What the whole hand shares is read once, what a division holds once per division, and the wait's fu and
    pinfu once per winning set; a reading is built only when it pays more than the best so far.  ``only`` limits
    the readings to one (:class:`Only`).
    """
    counts = win.counts
    parts = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    whole = _whole(win, parts)
    closed = whole.closed
    best: Reading | None = None
    best_key: tuple[int, int, int, int, int] = (-1, 0, 0, 0, 0)
    hand_yaku, hand_yakuman = _hand_yaku(rules, win, whole)
    declared: list[tuple[int, int, bool, bool]] = []
    declared_chows: list[int] = []
    declared_pungs: list[int] = []
    declared_concealed = 0
    for kind, tile, exposed in win.melds:  # most hands declare none
        declared.append((kind if kind != KONG else PUNG, tile, exposed, kind == KONG))
        if kind == CHOW:
            declared_chows.append(tile)
        else:
            declared_pungs.append(tile)
            if not exposed:
                declared_concealed += 1
    w = win.win
    pinfu_row = rules.yaku.get("pinfu")
    rounding = rules.fu.rounding
    dora_han = sum(win.dora)
    for pair, found in divisions_of(parts):
        if only is not None and (only.form != "standard" or pair != only.pair or tuple(sorted(found)) != only.sets):
            continue
        chows: list[int] = []
        pungs: list[int] = []
        groups: list[int] = [-1] if pair == w else []
        chow_wins = False
        for index, (kind, tile) in enumerate(found):
            if kind == CHOW:
                if tile <= w <= tile + 2:
                    chow_wins = True
                    if tile not in chows:  # the first of equal chows
                        groups.append(index)
                chows.append(tile)
            else:
                if tile == w:
                    groups.append(index)
                pungs.append(tile)
        if only is not None:
            groups = [g for g in groups if (found[g] == only.winning if g >= 0 else only.winning is None)]
        if not groups:
            continue
        concealed = len(pungs) + declared_concealed
        if not win.tsumo and w in pungs and not chow_wins:
            concealed -= 1
        yaku, yakuman = _division_yaku(rules, win, whole, chows + declared_chows, pungs + declared_pungs, pair,
                                       concealed)
        yakuman_han, multiple_found = _han(rules, hand_yakuman + yakuman, closed)
        yaku_han, han_found = _han(rules, hand_yaku + yaku, closed) if not yakuman_han else ([], 0)
        sets = None
        for group in groups:
            if sets is None:
                sets = [(kind, tile, False, False) for kind, tile in found] + declared
            fu_items, wait, raw_fu = _fu(rules, win, whole, sets, pair, group)
            fu = -(-raw_fu // rounding) * rounding
            if yakuman_han:
                multiple = multiple_found
                if rules.yakuman_cap:
                    multiple = min(multiple, rules.yakuman_cap)
                limit, base = rules.yakuman_limit(multiple)
                key = (_paid(rules, win, base), 1, 13 * multiple, fu, raw_fu)
                if key > best_key:
                    best_key = key
                    best = Reading(13 * multiple, fu, tuple(fu_items), tuple((n, 13 * h) for n, h in yakuman_han),
                                   multiple, (), limit, base, "standard", _laid(sets, pair), wait, group, key)
                continue
            counted = yaku_han
            han = han_found
            if closed and pinfu_row is not None and len(fu_items) == (1 if win.tsumo else 2):
                counted = [*yaku_han, ("pinfu", pinfu_row.closed)]
                han += pinfu_row.closed
            if not han:
                continue
            total = han + dora_han
            limit, base, kazoe = rules.value(total, fu)
            key = (_paid(rules, win, base), 0, total, fu, raw_fu)
            if key > best_key:
                best_key = key
                dora = tuple((name, n) for name, n in zip(DORA_NAMES, win.dora, strict=True) if n)
                best = Reading(total, fu, tuple(fu_items), tuple(counted), kazoe, dora, limit, base, "standard",
                               _laid(sets, pair), wait, group, key)
    if not win.melds and (only is None or only.form != "standard"):
        if whole.kinds == 7 and (only is None or only.form == "chiitoitsu"):
            best = _better(best, _seven_pairs(rules, win, whole))
        elif whole.kinds == 13 and whole.all_terminal_or_honour and (only is None or only.form == "kokushi"):
            best = _better(best, _orphans(rules, win, whole))
    return best


def _laid(sets: list[tuple[int, int, bool, bool]], pair: int) -> tuple[tuple[int, int, bool], ...]:
    return tuple((kind if not kong else KONG, tile, exposed) for kind, tile, exposed, kong in sets) + (
        (-1, pair, False),)


def _seven_pairs(rules: Rules, win: Win, whole: _Whole) -> Reading | None:
    pairs = [k for k in range(34) if win.counts[k]]
    if len(pairs) != 7 or any(win.counts[k] != 2 for k in pairs):
        return None
    yaku: list[str] = []
    yakuman: list[str] = []
    _situation_yaku(win, whole, yaku)
    yaku.append("chiitoitsu")
    if rules.daisharin is not None and _daisharin(rules, win.counts):
        yakuman.append("daisharin")
    if whole.all_honours and rules.yaku.get("daichisei") is not None:
        yakuman.append("daichisei")
    _whole_hand_yaku(rules, win, whole, yaku, yakuman)
    items = [("chiitoitsu", rules.fu.seven_pairs)]
    laid = tuple((-1, k, False) for k in pairs)
    return _reading(rules, win, whole, yaku, yakuman, items, "chiitoitsu", laid, "tanki", -1)


def _orphans(rules: Rules, win: Win, whole: _Whole) -> Reading | None:
    counts = win.counts
    if any(counts[k] for k in range(34) if k not in _ORPHAN_SET) or not all(counts[k] for k in _ORPHANS):
        return None
    yakuman = ["kokushi_13_wait" if counts[win.win] == 2 else "kokushi"]
    _yakuman_situation(win, rules, yakuman)
    laid = tuple((-1 if counts[k] == 2 else 3, k, False) for k in _ORPHANS)
    return _reading(rules, win, whole, [], yakuman, [], "kokushi", laid, "kokushi", -1)
