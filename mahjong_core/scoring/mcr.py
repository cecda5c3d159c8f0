"""The Chinese official rules' scoring engine (``scoring.family: mcr``): fans and the five principles.

000 lines 555-653 give 81 fans with values from 88 down to 1 point and five
principles for combining them.  The fans are rows of the ruleset's ``fans``
table, each naming a predicate of :mod:`mahjong_core.predicates_mcr`; the
principles are this engine, driven by the rows' data:

1. *non-repeat* (000 line 643): a counted fan removes the fans its row
   ``excludes`` -- everywhere when either fan is a whole-hand fan
   (``per: hand``), otherwise only the matches lying inside the sets the
   counted fan used (a seat-wind pung is not also a pung of honours, but
   another pung of honours still is);
2. *non-separation* (line 644): every fan of a score is read from one
   division of the hand (:mod:`mahjong_core.scoring.mcr_divide`);
3. *non-identical* (line 645), for the set-combining fans listed in
   ``scoring.non_identical_fans``: a set already used for such a fan does
   not make the same fan again with another set;
4. *higher-over-lower* (line 646): fans are taken from the highest value
   down, and the division that scores most is the hand's score;
5. *account-once* (line 647), for the chow fans of
   ``scoring.account_once_fans`` (the seed's reading, line 653): each must
   join sets that no counted fan of that list joined yet -- so four chows
   give at most three of them.

Flower tiles (fan 81) count a point each but not toward the 8-point minimum
(line 651): ``Score.raw`` carries ``points`` and ``points_excluding_bonus``.

The engine scores the winner only: sport settlement pays for no losing hand
(line 142), so a loser gets a zero score saying so.

Speed: divisions, combinations and tile facts are cached by count vectors;
each fan row is compiled once per ruleset (:class:`FanTable`), with gates
that skip predicates a division cannot satisfy.  When a hand has several
divisions the best is found by :func:`_total` (no explanation), and only
that one is explained by :func:`_evaluate`; a test keeps the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..arrangements import meld_sort_key
from ..errors import HandError, RulesetError
from ..melds import Arrangement, Form, Hand, Meld, MeldKind
from ..notation import format_tiles
from ..predicates import get_predicate
from ..score import Score, ScoreItem
from . import mcr_divide as dv
from . import register_family, register_reading_scorer, scoring_value
from .mcr_divide import CHOW, KNIT, KONG, PAIR, PUNG, SINGLE
from .mcr_facts import (
    DEFAULT_SITUATION,
    HONOURS_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    HandFacts,
    McrFacts,
    division_facts,
    facts_from_arrangement,
    hand_facts,
    situation,
)

FAMILY = "mcr"
_PER = ("hand", "meld", "match", "bonus_tile")
_PRINCIPLE_SOURCE = {
    "non_repeat": "000 line 643",
    "non_identical": "000 line 645",
    "account_once": "000 line 647",
}


@dataclass(frozen=True)
class FanRow:
    """One compiled row of the ``fans`` table.

    :param test: the predicate as ``test(facts)`` (its ``on_facts``; a
        third-party predicate is wrapped to read an arrangement and a context).
    :param needs: the predicate's gate bits (:data:`mahjong_core.scoring.mcr_facts.NEEDS`).
    """

    id: str
    index: int
    value: int
    per: str
    test: Any
    needs: int
    source: str
    name: str
    last: bool
    non_identical: bool
    account_once: bool


K_HAND, K_MATCH, K_BONUS = 0, 1, 2
NON_IDENTICAL, ACCOUNT_ONCE = 1, 2


class FanTable:
    """A ruleset's fan rows compiled for the engine: evaluation order and exclusions as bit masks.

    :raises RulesetError: for a row with an unknown ``per``, a non-integer
        value, or an ``excludes`` entry naming no row.
    """

    def __init__(self, ruleset: Any):
        rows = ruleset.table("fans")
        if not rows:
            raise RulesetError(f"ruleset {ruleset.id} uses the mcr scoring family but has no fans table",
                               source=ruleset.location, place="$.fans")
        ids = list(rows)
        position = {rid: i for i, rid in enumerate(ids)}
        account_once = set(scoring_value(ruleset, "account_once_fans"))
        non_identical = set(scoring_value(ruleset, "non_identical_fans"))
        for name, listed in (("account_once_fans", account_once), ("non_identical_fans", non_identical)):
            unknown = sorted(listed - set(ids))
            if unknown:
                raise RulesetError(f"{name} names rows that do not exist: {unknown}", source=ruleset.location,
                                   place=f"$.scoring.{name}")
        self.rows: list[FanRow] = []
        for rid in ids:
            row = rows[rid]
            value = row["value"]
            per = row.get("per", "hand")
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise RulesetError(f"fan {rid!r} must be worth a whole number of points, got {value!r}",
                                   source=ruleset.location, place=f"$.fans.{rid}.value")
            if per not in _PER:
                raise RulesetError(f"fan {rid!r} has per {per!r}; expected one of {_PER}", source=ruleset.location,
                                   place=f"$.fans.{rid}.per")
            fn = get_predicate(row["predicate"]).fn
            test = getattr(fn, "on_facts", None) or _generic_test(fn)
            source = row["source"] if "source" in row else f"assumption: {row['assumption']}"
            self.rows.append(FanRow(rid, position[rid], value, per, test, int(getattr(fn, "needs", 0)), source,
                                    row.get("name", rid), bool(getattr(fn, "evaluated_last", False)),
                                    rid in non_identical, rid in account_once))
        self.by_id = {r.id: r for r in self.rows}
        self.always = [0] * len(self.rows)
        self.scoped = [0] * len(self.rows)
        for r in self.rows:
            for other in rows[r.id].get("excludes", ()):
                if other not in position:
                    raise RulesetError(f"fan {r.id!r} excludes {other!r}, which is no row of the fans table",
                                       source=ruleset.location, place=f"$.fans.{r.id}.excludes")
                target = self.by_id[other]
                bit = 1 << target.index
                if r.per in ("hand", "bonus_tile") or target.per in ("hand", "bonus_tile"):
                    self.always[r.index] |= bit
                else:
                    self.scoped[r.index] |= bit
        ordered = sorted(self.rows, key=lambda r: (-r.value, r.index))
        self.order = [r for r in ordered if not r.last]
        self.final = [r for r in ordered if r.last]
        self.fast = [self._compiled(r) for r in self.order]
        self.fast_final = [self._compiled(r) for r in self.final]
        self._gated: dict[int, tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]] = {}
        self.seven_pairs = bool(scoring_value(ruleset, "forms.seven_pairs"))
        self.seven_pairs_allow_four = bool(scoring_value(ruleset, "forms.seven_pairs_allow_four"))
        self.thirteen_orphans = bool(scoring_value(ruleset, "forms.thirteen_orphans"))
        self.knitted = bool(scoring_value(ruleset, "forms.knitted"))
        self.defaults = dict(DEFAULT_SITUATION)
        self.defaults.update(scoring_value(ruleset, "situation_defaults") or {})
        self.losing_hands_score = bool(scoring_value(ruleset, "losing_hands_score"))
        self.losing_source = _source(ruleset, "losing_hands_score")
        if not scoring_value(ruleset, "winning_tile_counts"):
            raise RulesetError("the mcr engine reads every fan from the whole hand, winning tile included; "
                               "winning_tile_counts: false is not supported", source=ruleset.location,
                               place="$.scoring.winning_tile_counts")

    def gated(self, have: int) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """The compiled rows whose gates a division with ``have`` passes: (in order, evaluated last)."""
        rows = self._gated.get(have)
        if rows is None:
            rows = self._gated[have] = ([r for r in self.fast if not r[7] & ~have],
                                        [r for r in self.fast_final if not r[7] & ~have])
        return rows

    def _compiled(self, r: FanRow) -> tuple[Any, ...]:
        kind = K_HAND if r.per == "hand" else K_BONUS if r.per == "bonus_tile" else K_MATCH
        combo = (NON_IDENTICAL if r.non_identical else 0) | (ACCOUNT_ONCE if r.account_once else 0)
        return (r.index, r.test, kind, r.value, self.always[r.index], self.scoped[r.index], combo, r.needs, r)


def _generic_test(fn: Any) -> Any:
    """A predicate written for arrangements (another plugin's), evaluated on a division."""

    def test(f: McrFacts) -> Any:
        sit = f.h.sit
        ctx = {"self_drawn": sit.self_drawn, "last_tile": sit.last_tile, "replacement": sit.replacement,
               "robbing_kong": sit.robbing_kong, "seat_wind": sit.seat_wind, "prevalent_wind": sit.prevalent_wind,
               "winning_tile": f.h.win, "last_tile_of_kind": f.h.last_tile_of_kind}
        return fn(_arrangement(f.h.hand, f), f.h.hand, ctx)

    return test


def _source(ruleset: Any, name: str) -> str:
    node = ruleset.tables["scoring"][name]
    return str(node["source"]) if "source" in node else f"assumption: {node['assumption']}"


_TABLES: dict[str, FanTable] = {}


def fan_table(ruleset: Any) -> FanTable:
    """The compiled fan table of a ruleset, built once per ruleset identity."""
    key = ruleset.identity
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = FanTable(ruleset)
    return table


# ----------------------------------------------------------------------------------------- divisions


def divisions(h: HandFacts, table: FanTable) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    """Every reading of the hand's concealed tiles the ruleset's forms allow: ``(form, groups)``."""
    return _divisions(h.concealed, h.sets, not h.fixed, table.seven_pairs, table.seven_pairs_allow_four,
                      table.thirteen_orphans, table.knitted)


@lru_cache(maxsize=1 << 16)
def _divisions(key: bytes, sets: int, concealed: bool, seven_pairs: bool, allow_four: bool, thirteen_orphans: bool,
               knitted: bool) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    found: list[tuple[str, tuple[tuple[int, int], ...]]] = [(STANDARD, groups) for groups in dv.standard(key, sets)]
    if concealed:
        if seven_pairs:
            pairs = dv.seven_pairs(key)
            if pairs is not None and (allow_four or 4 not in key):
                found.append((SEVEN_PAIRS, pairs))
        if thirteen_orphans:
            orphans = dv.thirteen_orphans(key)
            if orphans is not None:
                found.append((THIRTEEN_ORPHANS, orphans))
        if knitted:
            singles = dv.honours_and_knitted(key)
            if singles is not None:
                found.append((HONOURS_KNITTED, singles))
    if knitted and sets >= 3:
        for firsts, rest in dv.knitted_straights(key, sets):
            found.append((KNITTED_STRAIGHT, tuple((KNIT, first) for first in firsts) + rest))
    return tuple(found)


class _Combos:
    """Sets already used by the non-identical fans, and joined by the account-once fans, in one division."""

    __slots__ = ("used", "parent")

    def __init__(self, size: int):
        self.used: set[tuple[int, int]] = set()
        self.parent = list(range(size))

    def _find(self, g: int) -> int:
        parent = self.parent
        while parent[g] != g:
            parent[g] = parent[parent[g]]
            g = parent[g]
        return g

    def refusal(self, index: int, combo: int, mask: int) -> str | None:
        """Why the match ``mask`` of row ``index`` may not count, or ``None``."""
        groups = _groups_of(mask)
        if combo & NON_IDENTICAL:
            used = self.used
            for g in groups:
                if (index, g) in used:
                    return "non_identical"
        if combo & ACCOUNT_ONCE and len({self._find(g) for g in groups}) < len(groups):
            return "account_once"
        return None

    def take(self, index: int, combo: int, mask: int) -> None:
        groups = _groups_of(mask)
        if combo & NON_IDENTICAL:
            for g in groups:
                self.used.add((index, g))
        if combo & ACCOUNT_ONCE:
            first = self._find(groups[0])
            for g in groups[1:]:
                self.parent[self._find(g)] = first


def _groups_of(mask: int) -> list[int]:
    out = []
    g = 0
    while mask:
        if mask & 1:
            out.append(g)
        mask >>= 1
        g += 1
    return out


def _total(table: FanTable, f: McrFacts) -> int:
    """The division's points under the five principles -- the fast path, no explanation.

    :func:`_evaluate` applies the same rules and also says why; a test keeps the two equal.
    """
    rows, final = table.gated(f.have)
    always = 0
    scoped: list[tuple[int, int]] = []
    combos: _Combos | None = None
    total = 0
    others = 0
    full = f.all_mask
    for i, test, kind, value, amask, smask, combo, _needs, _row in rows:
        if always >> i & 1:
            continue
        res = test(f)
        if not res:
            continue
        if kind == K_HAND or res is True:
            total += value
            others += 1
            always |= amask
            if smask:
                scoped.append((smask, full))
            continue
        if kind == K_BONUS:
            total += value * res
            always |= amask
            continue
        bit = 1 << i
        n = 0
        for mask in res:
            if scoped and any(fans & bit and not mask & ~inside for fans, inside in scoped):
                continue
            if combo:
                if combos is None:
                    combos = _Combos(len(f.groups))
                if combos.refusal(i, combo, mask):
                    continue
                combos.take(i, combo, mask)
            n += 1
            always |= amask
            if smask:
                scoped.append((smask, mask))
        if n:
            total += value * n
            others += n
    for i, test, _kind, value, _amask, _smask, _combo, _needs, _row in final:
        if always >> i & 1:
            continue
        f.counted_others = others
        if test(f):
            total += value
            others += 1
    return total


class _Tally:
    """One division's evaluation with its explanation: what counted, what did not and why."""

    __slots__ = ("total", "bonus", "counted", "excluded")

    def __init__(self) -> None:
        self.total = 0
        self.bonus = 0
        self.counted: list[tuple[FanRow, list[int]]] = []
        self.excluded: list[tuple[FanRow, int, str]] = []


def _evaluate(table: FanTable, f: McrFacts) -> _Tally:
    """Apply the principles to one division, recording every counted and every excluded match."""
    t = _Tally()
    rows, final = table.gated(f.have)
    always = 0
    excluders: list[tuple[int, FanRow]] = []
    scoped: list[tuple[int, int, FanRow]] = []
    combos: _Combos | None = None
    others = 0
    full = f.all_mask
    for i, test, kind, value, amask, smask, combo, _needs, row in rows + final:
        if row.last:
            f.counted_others = others
        res = test(f)
        if not res:
            continue
        if kind == K_HAND or res is True:
            matches: tuple[int, ...] = (full,)
        elif kind == K_BONUS:
            matches = (full,) * int(res)
        else:
            matches = res
        bit = 1 << i
        kept: list[int] = []
        for mask in matches:
            reason = None
            by: FanRow | None = None
            if always & bit:
                reason = "non_repeat"
                by = next(owner for owner_mask, owner in excluders if owner_mask & bit)
            elif scoped:
                for fans, inside, owner in scoped:
                    if fans & bit and not mask & ~inside:
                        reason, by = "non_repeat", owner
                        break
            if reason is None and combo:
                if combos is None:
                    combos = _Combos(len(f.groups))
                reason = combos.refusal(i, combo, mask)
            if reason is not None:
                t.excluded.append((row, mask, _why(reason, by)))
                continue
            if combo:
                assert combos is not None
                combos.take(i, combo, mask)
            kept.append(mask)
            if amask:
                excluders.append((amask, row))
                always |= amask
            if smask:
                scoped.append((smask, mask, row))
        if kept:
            t.total += value * len(kept)
            if kind == K_BONUS:
                t.bonus += value * len(kept)
            else:
                others += len(kept)
            t.counted.append((row, kept))
    return t


_WHY: dict[tuple[str, str | None], str] = {}


def _why(reason: str, by: FanRow | None) -> str:
    key = (reason, by.id if by is not None else None)
    text = _WHY.get(key)
    if text is None:
        if reason == "non_repeat":
            who = f"{by.id} ({by.source})" if by is not None else "a higher fan"
            text = f"implied by {who}: non-repeat principle ({_PRINCIPLE_SOURCE['non_repeat']})"
        elif reason == "non_identical":
            text = f"a set already makes this fan: non-identical principle ({_PRINCIPLE_SOURCE['non_identical']})"
        else:
            text = f"these sets are already combined: account-once principle ({_PRINCIPLE_SOURCE['account_once']})"
        _WHY[key] = text
    return text


# ----------------------------------------------------------------------------------------- the engine


#: The last hand scored: the engine asks for the same hand twice in a row (may it win? then: what does it
#: score?), and keeping one answer costs nothing, where a large cache slows every later score down.
_LAST: list[Any] = [None, None]


@register_family(FAMILY)
def score_mcr(ruleset: Any, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand under the Chinese official rules (see the module docstring).

    :raises HandError: for an incomplete hand, a hand without a named winning
        tile or an impossible situation.
    :raises MahjongError: for a missing wind needed by a wind pung, unknown
        flags or contradictory facts.
    """
    table = fan_table(ruleset)
    if context.get("winner") is False:
        return _losing_score(table)
    sit = situation(hand, context, table.defaults)
    key = (ruleset.identity, hand, sit.self_drawn, sit.last_tile, sit.replacement, sit.robbing_kong,
           sit.last_tile_of_kind, sit.seat_wind, sit.prevalent_wind, sit.winning_tile, sit.replacement_unsure)
    if _LAST[0] == key:
        return _LAST[1]
    score = _explained(table, hand, _best_division(table, hand_facts(hand, sit)))
    _LAST[0], _LAST[1] = key, score
    return score


def _best_division(table: FanTable, h: HandFacts) -> McrFacts:
    """The division that scores most (the first of equals), by the fast path."""
    found = [division_facts(h, form, groups) for form, groups in divisions(h, table)]
    if not found:
        raise HandError("not a complete hand: the tiles make neither four sets and a pair nor a special form "
                        "(seven pairs, thirteen orphans, honours and knitted tiles, knitted straight)",
                        place="hand")
    if len(found) == 1:
        return found[0]
    best = found[0]
    best_total = -1
    for f in found:
        total = _total(table, f)
        if total > best_total:
            best, best_total = f, total
    return best


@register_reading_scorer(FAMILY)
def score_reading(ruleset: Any, hand: Hand, context: Mapping[str, Any], arrangement: Arrangement) -> Score:
    """The explained score of one given arrangement of the hand (for checks that compare readings)."""
    return _explained(fan_table(ruleset), hand, facts_from_arrangement(arrangement, hand, context))


def score_points(ruleset: Any, hand: Hand, context: Mapping[str, Any]) -> int:
    """Only the winner's total, without the explanation (bulk comparisons, benchmarks).

    :raises HandError: as :func:`score_mcr` does.
    """
    table = fan_table(ruleset)
    h = hand_facts(hand, situation(hand, context, table.defaults))
    best = -1
    for form, groups in divisions(h, table):
        best = max(best, _total(table, division_facts(h, form, groups)))
    if best < 0:
        raise HandError("not a complete hand: the tiles make neither four sets and a pair nor a special form",
                        place="hand")
    return best


def _losing_score(table: FanTable) -> Score:
    if table.losing_hands_score:
        raise RulesetError("the mcr engine scores winning hands only (losing_hands_score: true is not supported)",
                           place="$.scoring.losing_hands_score")
    item = ScoreItem("losing_hand", "extra", 0, source=table.losing_source,
                     detail="sport settlement pays for the winner's hand only")
    return Score(0, FAMILY, (item,), raw={"points": 0, "points_excluding_bonus": 0})


_ITEMS: dict[tuple[str, int, str], ScoreItem] = {}


def _item(row: FanRow, count: int, detail: str) -> ScoreItem:
    """Score items are values: the same row, count and detail share one object."""
    key = (row.id, count, detail)
    item = _ITEMS.get(key)
    if item is None:
        if len(_ITEMS) > 1 << 15:
            _ITEMS.clear()
        item = _ITEMS[key] = ScoreItem(row.id, "fan", row.value, count, row.source, detail)
    return item


def _explained(table: FanTable, hand: Hand, f: McrFacts) -> Score:
    t = _evaluate(table, f)
    items = [_item(row, len(masks), _detail(f, row, masks))
             for row, masks in sorted(t.counted, key=lambda c: (-c[0].value, c[0].index))]
    excluded = []
    seen = set()
    for row, mask, why in t.excluded:
        key = (row.id, mask, why)
        if key in seen:
            continue
        seen.add(key)
        what = _detail(f, row, [mask])
        excluded.append(_item(row, 1, f"{what}: {why}" if what else why))
    raw = {"points": t.total, "points_excluding_bonus": t.total - t.bonus, "bonus_points": t.bonus,
           "fans": sum(len(m) for r, m in t.counted if r.per != "bonus_tile")}
    return Score(t.total, FAMILY, tuple(items), tuple(excluded), _arrangement(hand, f), None, raw)


_TEXT: dict[tuple[int, int, bool], str] = {}


def _group_text(f: McrFacts, gi: int) -> str:
    kind, tile = f.groups[gi]
    key = (kind, tile, f.exposed[gi])
    text = _TEXT.get(key)
    if text is None:
        name = dv.KIND_NAMES[kind]
        if kind == CHOW:
            tiles: tuple[int, ...] = (tile, tile + 1, tile + 2)
        elif kind == KNIT:
            tiles = (tile, tile + 3, tile + 6)
        elif kind == PUNG:
            tiles = (tile,) * 3
        elif kind == KONG:
            tiles = (tile,) * 4
            name = "exposed kong" if f.exposed[gi] else "concealed kong"
        elif kind == PAIR:
            tiles = (tile,) * 2
        else:
            tiles = (tile,)
        text = _TEXT[key] = f"{name} {format_tiles(tiles)}"
    return text


def _detail(f: McrFacts, row: FanRow, masks: list[int]) -> str:
    if row.per == "bonus_tile":
        return "bonus tiles " + format_tiles(f.h.hand.bonus)
    if row.per == "hand":
        return ""
    parts = []
    for mask in masks:
        if mask == f.all_mask:
            continue
        parts.append(" + ".join(_group_text(f, gi) for gi in _groups_of(mask)))
    return "; ".join(parts)


_MELD_KIND = {CHOW: MeldKind.CHOW, PUNG: MeldKind.PUNG, KONG: MeldKind.KONG, PAIR: MeldKind.PAIR,
              KNIT: MeldKind.KNITTED, SINGLE: MeldKind.SINGLE}
_FORM = {STANDARD: Form.STANDARD, SEVEN_PAIRS: Form.SEVEN_PAIRS, THIRTEEN_ORPHANS: Form.THIRTEEN_ORPHANS,
         HONOURS_KNITTED: Form.HONOURS_AND_KNITTED, KNITTED_STRAIGHT: Form.KNITTED_STRAIGHT}


_MELDS: dict[tuple[int, int], Meld] = {}
_ARRANGEMENTS: dict[tuple[Any, ...], Arrangement] = {}


def _arrangement(hand: Hand, f: McrFacts) -> Arrangement:
    """The scored division as an :class:`Arrangement` (declared melds as declared, the rest concealed)."""
    concealed = len(f.groups) - len(hand.melds)
    key = (f.form, f.wait_group, hand.melds, *f.groups[:concealed])
    found = _ARRANGEMENTS.get(key)
    if found is not None:
        return found
    melds: list[tuple[Meld, bool]] = []
    for gi in range(concealed):
        kind, tile = f.groups[gi]
        meld = _MELDS.get((kind, tile))
        if meld is None:
            if kind == CHOW:
                tiles: tuple[int, ...] = (tile, tile + 1, tile + 2)
            elif kind == KNIT:
                tiles = (tile, tile + 3, tile + 6)
            elif kind == PUNG:
                tiles = (tile,) * 3
            elif kind == PAIR:
                tiles = (tile,) * 2
            else:
                tiles = (tile,)
            meld = _MELDS[(kind, tile)] = Meld(_MELD_KIND[kind], tiles)
        melds.append((meld, gi == f.wait_group))
    melds.extend((m, False) for m in hand.melds)
    ordered = sorted(melds, key=lambda pair: meld_sort_key(pair[0]))
    winning = next((i for i, (_, holds) in enumerate(ordered) if holds), None)
    found = Arrangement(_FORM[f.form], tuple(m for m, _ in ordered), winning)
    if len(_ARRANGEMENTS) > 1 << 15:
        _ARRANGEMENTS.clear()
    _ARRANGEMENTS[key] = found
    return found
