"""The Chinese official rules' scoring engine (``scoring.family: mcr``): fans and the five principles.

000 lines 555-653 give 81 fans with values from 88 down to 1 point and five
principles for combining them.  The fans are rows of the ruleset's ``fans``
table, each naming a predicate of :mod:`mahjong_rulesets.families.mcr.predicates`; the
principles are this engine, driven by the rows' data:

1. *non-repeat* (000 line 643): a counted fan removes the fans its row
   ``excludes`` -- everywhere when either fan is a whole-hand fan
   (``per: hand``), otherwise only the matches lying inside the sets the
   counted fan used (a seat-wind pung is not also a pung of honours, but
   another pung of honours still is); ``scoring.non_repeat_scope: hand``
   reads the principle to the letter and removes them everywhere;
2. *non-separation* (line 644): every fan of a score is read from one
   division of the hand (:mod:`mahjong_rulesets.families.mcr.divide`);
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

Speed: a hand is divided one suit at a time (:mod:`mahjong_rulesets.families.mcr.divide`
remembers answers per suit only), the facts the fans read are computed once
per division (:mod:`mahjong_rulesets.families.mcr.facts`), and each fan row is
compiled once per ruleset (:class:`FanTable`): its place in evaluation
order, its exclusions as bit masks, and gates that skip predicates a
division cannot satisfy, found with a few table lookups and remembered by
the division's gate bits (:meth:`FanTable.open_rows`: divisions share them,
hands do not); a fan its gates decide (``exact``) is counted without calling
its predicate.  Score items are values, made once per row and detail.
Nothing is remembered per hand but the last answer (:data:`_LAST`).  When a hand has several divisions the best
is found by :func:`_total` (no explanation), and only that one is explained
by :func:`_evaluate`; a test keeps the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import chain
from operator import getitem, itemgetter, or_
from typing import Any, NamedTuple, cast

from mahjong_rulesets.families.mcr import divide as dv
from mahjong_rulesets.families.mcr.divide import CHOW, KNIT, KONG, PAIR, PUNG, SINGLE
from mahjong_rulesets.families.mcr.facts import (
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
    holder_group,
    situation,
)

from mahjong_core.plugin import (
    Arrangement,
    FactsRead,
    Form,
    Hand,
    HandError,
    Meld,
    MeldKind,
    Ruleset,
    RulesetError,
    Score,
    ScoreItem,
    bind,
    format_tiles,
    meld_sort_key,
    scoring_value,
)

FAMILY = "mcr"
_PER = ("hand", "meld", "match", "bonus_tile")
_NON_REPEAT = "000 line 643"
#: Why a match did not count under principles 3 and 5 (principle 1 names the fan: ``FanRow.implies``).
_REFUSED = {
    "non_identical": "a set already makes this fan: non-identical principle (000 line 645)",
    "account_once": "these sets are already combined: account-once principle (000 line 647)",
}


@dataclass(frozen=True)
class FanRow:
    """One compiled row of the ``fans`` table.

    :param test: the predicate as ``test(facts)`` (its ``on_facts``; a
        third-party predicate is wrapped to read an arrangement and a context).
    :param needs: the predicate's gate bits (:data:`mahjong_rulesets.families.mcr.facts.NEEDS`).
    :param exact: the gates decide the predicate (its ``gate_decides``): where they open it answers ``True``.
    :param item: the row's score item when it counts once and names no sets (every ``per: hand`` fan),
        made once here rather than for every hand.
    :param implies: why a fan this row excludes did not count (the non-repeat principle naming this row).
    :param items: the row's other score items met so far, by count and detail (score items are values,
        and the same few recur); see :func:`_item`.  ``singles``: those counting one set once, by the set.
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
    exact: bool
    non_identical: bool
    account_once: bool
    item: ScoreItem
    implies: str
    items: dict[tuple[int, str], ScoreItem] = field(default_factory=dict, compare=False, repr=False)
    singles: dict[tuple[tuple[int, int], bool], ScoreItem] = field(default_factory=dict, compare=False, repr=False)


K_HAND, K_MATCH, K_BONUS = 0, 1, 2
NON_IDENTICAL, ACCOUNT_ONCE = 1, 2


#: How far principle 1 reaches when a per-set fan implies another per-set fan: ``sets`` (common practice and the
#: reference's reading: only the matches inside the implying fan's sets) or ``hand`` (the letter of 000 line 643:
#: "both fans cannot be counted", so the implied fan counts nowhere in the hand).
NON_REPEAT_SCOPES = ("sets", "hand")


def non_repeat_scope(ruleset: Ruleset) -> str:
    """The ruleset's ``scoring.non_repeat_scope``, ``sets`` where it names none.

    :raises RulesetError: for a value other than ``sets`` or ``hand``.
    """
    entry = (ruleset.tables.get("scoring") or {}).get("non_repeat_scope")
    if entry is None:
        return "sets"
    scope = entry.get("value") if isinstance(entry, Mapping) else entry
    if scope not in NON_REPEAT_SCOPES:
        raise RulesetError(f"scoring.non_repeat_scope is one of {', '.join(NON_REPEAT_SCOPES)}, got {scope!r}",
                           source=ruleset.location, place="$.scoring.non_repeat_scope.value")
    return str(scope)


class _Compiled(NamedTuple):
    """A row as the evaluation loops unpack it.

    Rows are numbered by their place in evaluation order: ``bit`` is the
    row's own bit, ``always`` and ``scoped`` are the bits of the rows it
    excludes everywhere and inside its own sets (principle 1).  ``test`` is
    ``None`` for a row its gates decide (``FanRow.exact``): wherever it is
    open it holds, and a call would only say so.
    """

    bit: int
    test: Any
    kind: int
    value: int
    always: int
    scoped: int
    combo: int
    last: bool
    row: FanRow


class FanTable:
    """A ruleset's fan rows compiled for the engine: evaluation order, exclusions and gates as bit masks.

    ``exact_gates=False`` calls every open row's predicate, even one its gates decide (for a test that the
    gates only save time).

    :raises RulesetError: for a row with an unknown ``per``, a non-integer
        value, or an ``excludes`` entry naming no row.
    """

    def __init__(self, ruleset: Ruleset, exact_gates: bool = True):
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
            fn = bind(ruleset).predicate(row["predicate"]).fn
            test = getattr(fn, "on_facts", None) or _generic_test(fn)
            source = row["source"] if "source" in row else f"assumption: {row['assumption']}"
            self.rows.append(FanRow(rid, position[rid], value, per, test, int(getattr(fn, "needs", 0)), source,
                                    row.get("name", rid), bool(getattr(fn, "evaluated_last", False)),
                                    bool(getattr(fn, "gate_decides", False)),
                                    rid in non_identical, rid in account_once,
                                    ScoreItem(rid, "fan", value, 1, source, ""),
                                    f"implied by {rid} ({source}): non-repeat principle ({_NON_REPEAT})"))
        #: Each row's place in a score's items: highest value first, then table order.
        self.rank = {r.id: (-r.value, r.index) for r in self.rows}
        by_value = sorted(self.rows, key=lambda r: self.rank[r.id])
        ordered = [r for r in by_value if not r.last] + [r for r in by_value if r.last]
        place = {r.id: p for p, r in enumerate(ordered)}
        always = [0] * len(ordered)
        scoped = [0] * len(ordered)
        whole_hand = non_repeat_scope(ruleset) == "hand"
        for r in ordered:
            for other in rows[r.id].get("excludes", ()):
                if other not in place:
                    raise RulesetError(f"fan {r.id!r} excludes {other!r}, which is no row of the fans table",
                                       source=ruleset.location, place=f"$.fans.{r.id}.excludes")
                target = ordered[place[other]]
                if whole_hand or r.per in ("hand", "bonus_tile") or target.per in ("hand", "bonus_tile"):
                    always[place[r.id]] |= 1 << place[other]
                else:
                    scoped[place[r.id]] |= 1 << place[other]
        #: Every row compiled in evaluation order: highest value first, the rows evaluated last (chicken hand) at
        #: the end.
        self.compiled = [_Compiled(1 << p, None if exact_gates and r.exact else r.test, _KIND[r.per], r.value,
                                   always[p], scoped[p],
                                   (NON_IDENTICAL if r.non_identical else 0) | (ACCOUNT_ONCE if r.account_once else 0),
                                   r.last, r) for p, r in enumerate(ordered)]
        self._every_row = (1 << len(ordered)) - 1
        self._gates = _gate_tables([r.needs for r in ordered])
        self._row_bytes = (len(ordered) + 7) // 8
        #: The open rows by gate bits (:meth:`open_rows`).
        self.opened: dict[int, tuple[_Compiled, ...]] = {}
        #: The compiled rows a byte of a row set names, per byte and value, in evaluation order.
        #: The rows are listed as plain tuples, equal to the compiled ones: the loops unpack them, and only an exact
        #: tuple unpacks without an iterator (a named tuple's nine fields cost nine iterator steps).
        plain = cast(list[_Compiled], [tuple(row) for row in self.compiled])  # the same fields, read by position
        self._listed = [[tuple(row for b, row in enumerate(plain[8 * k:8 * k + 8]) if value >> b & 1)
                         for value in range(256)] for k in range(self._row_bytes)]
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

    def open_rows(self, have: int) -> tuple[_Compiled, ...]:
        """The compiled rows whose gates a division with gate bits ``have`` passes, in evaluation order.

        Remembered by ``have`` (:attr:`opened`, which the evaluation loops read first): the gate bits are what
        divisions share -- half the divisions of hands never seen before find theirs there -- and the answer
        is a few rows.  Found by table lookups, one per byte: for every value of a byte of gate bits, the rows
        needing a gate that value lacks; then, for every value of a byte of the open rows' bits, those rows.
        """
        rows = self.opened.get(have)
        if rows is None:
            gates = self._gates
            closed = reduce(or_, map(getitem, gates, have.to_bytes(len(gates), "little", signed=True)))
            found = (self._every_row & ~closed).to_bytes(self._row_bytes, "little")
            rows = tuple(chain.from_iterable(map(getitem, self._listed, found)))
            if len(self.opened) >= _OPENED_BOUND:
                self.opened.clear()
            self.opened[have] = rows
        return rows


_KIND = {"hand": K_HAND, "meld": K_MATCH, "match": K_MATCH, "bonus_tile": K_BONUS}
#: Gate-bit sets whose open rows a table keeps at most (some ten thousand occur in sixteen thousand hands; each
#: entry is a few rows).
_OPENED_BOUND = 1 << 14


def _gate_tables(needs: list[int]) -> list[list[int]]:
    """For each byte of gate bits, the rows (as bits) each value of the byte closes (:meth:`FanTable.open_rows`).

    One byte more than the gates take, so that the gate bits of any division
    (and -1, every gate open) read as a signed number of that many bytes.
    """
    width = max(needs, default=0).bit_length() // 8 * 8 + 8
    needing = [0] * width
    for p, gates in enumerate(needs):
        for g in range(width):
            if gates >> g & 1:
                needing[g] |= 1 << p
    tables = []
    for shift in range(0, width, 8):
        chunk = needing[shift:shift + 8]
        table = []
        for value in range(256):
            closed = 0
            for g, rows in enumerate(chunk):
                if not value >> g & 1:
                    closed |= rows
            table.append(closed)
        tables.append(table)
    return tables


def _generic_test(fn: Any) -> Any:
    """A predicate written for arrangements (another plugin's), evaluated on a division."""

    def test(f: McrFacts) -> Any:
        sit = f.h.sit
        ctx = {"self_drawn": sit.self_drawn, "last_tile": sit.last_tile, "replacement": sit.replacement,
               "robbing_kong": sit.robbing_kong, "seat_wind": sit.seat_wind, "prevalent_wind": sit.prevalent_wind,
               "winning_tile": f.h.win, "last_tile_of_kind": f.h.last_tile_of_kind}
        return fn(_arrangement(f.h.hand, f), f.h.hand, ctx)

    return test


def _source(ruleset: Ruleset, name: str) -> str:
    node = ruleset.tables["scoring"][name]
    return str(node["source"]) if "source" in node else f"assumption: {node['assumption']}"


_TABLES: dict[str, FanTable] = {}
#: The ruleset asked for last and its table: the identity string is built only when the ruleset changes.
_CURRENT: list[Any] = [None, None]


def fan_table(ruleset: Ruleset) -> FanTable:
    """The compiled fan table of a ruleset, built once per ruleset identity."""
    if _CURRENT[0] is ruleset:
        return _CURRENT[1]
    key = ruleset.identity
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = FanTable(ruleset)
    _CURRENT[0], _CURRENT[1] = ruleset, table
    return table


# ----------------------------------------------------------------------------------------- divisions


def divisions(h: HandFacts, table: FanTable) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """Every reading of the hand's concealed tiles the ruleset's forms allow: ``(form, groups)``."""
    key = h.concealed
    sets = h.sets
    standard = dv.divide(key)
    found: list[tuple[str, tuple[tuple[int, int], ...]]] = \
        [(STANDARD, standard[0])] if len(standard) == 1 else [(STANDARD, groups) for groups in standard]
    # The special forms by how many kinds they hold: seven pairs at most seven (fewer with four alike),
    # thirteen orphans thirteen, honours and knitted tiles fourteen, a knitted straight nine and more.
    kinds = 34 - key.count(0)
    if not h.fixed:
        if kinds <= 7 and table.seven_pairs:
            pairs = dv.seven_pairs(key)
            if pairs is not None and (table.seven_pairs_allow_four or 4 not in key):
                found.append((SEVEN_PAIRS, pairs))
        elif kinds == 13 and table.thirteen_orphans:
            orphans = dv.thirteen_orphans(key)
            if orphans is not None:
                found.append((THIRTEEN_ORPHANS, orphans))
        elif kinds == 14 and table.knitted:
            singles = dv.honours_and_knitted(key)
            if singles is not None:
                found.append((HONOURS_KNITTED, singles))
    if kinds >= 9 and sets >= 3 and table.knitted:
        for firsts, rest in dv.knitted_straights(key, sets):
            found.append((KNITTED_STRAIGHT, tuple((KNIT, first) for first in firsts) + rest))
    return found


class _Combos:
    """Sets already used by the non-identical fans, and joined by the account-once fans, in one division.

    Both as group masks: ``used`` per row, ``joined`` the groups that
    account-once fans have combined so far, one mask per connected lot.
    """

    __slots__ = ("used", "joined")

    def __init__(self) -> None:
        self.used: dict[int, int] = {}
        self.joined: list[int] = []

    def refusal(self, row: int, combo: int, mask: int) -> str | None:
        """Why the match ``mask`` of the row with bit ``row`` may not count, or ``None``."""
        if combo & NON_IDENTICAL and self.used.get(row, 0) & mask:
            return "non_identical"
        if combo & ACCOUNT_ONCE:
            for lot in self.joined:
                both = lot & mask
                if both & (both - 1):  # two of the match's sets are combined already
                    return "account_once"
        return None

    def take(self, row: int, combo: int, mask: int) -> None:
        if combo & NON_IDENTICAL:
            self.used[row] = self.used.get(row, 0) | mask
        if combo & ACCOUNT_ONCE:
            lots = []
            for lot in self.joined:
                if lot & mask:
                    mask |= lot
                else:
                    lots.append(lot)
            lots.append(mask)
            self.joined = lots


def _total(table: FanTable, f: McrFacts, bonus: list[int] | None = None) -> int:
    """The division's points under the five principles -- the fast path, no explanation.

    A counted fan closes the rows it excludes everywhere: they are not
    tested.  :func:`_evaluate` applies the same rules, tests every open row
    and says why; a test keeps the two equal.  ``bonus``, where given, gets the
    points of each bonus-tile row counted (the flowers, which a minimum value
    may leave out).
    """
    excluded = 0
    scoped: list[tuple[int, int]] = []
    combos: _Combos | None = None
    total = 0
    others = 0
    full = f.all_mask
    have = f.have
    for bit, test, kind, value, amask, smask, combo, last, _row in table.opened.get(have) or table.open_rows(have):
        if excluded & bit:
            continue
        if last:
            f.counted_others = others
        res: Any = True if test is None else test(f)
        if not res:
            continue
        if kind == K_HAND or res is True:
            total += value
            others += 1
            excluded |= amask
            if smask:
                scoped.append((smask, full))
            if bonus is not None and kind == K_BONUS:  # a bonus row whose test says only that it holds
                bonus.append(value)
            continue
        if kind == K_BONUS:
            total += value * res
            excluded |= amask
            if bonus is not None:
                bonus.append(value * res)
            continue
        n = 0
        for mask in res:
            if scoped and _inside_scoped(scoped, bit, mask):
                continue
            if combo:
                if combos is None:
                    combos = _Combos()
                if combos.refusal(bit, combo, mask):
                    continue
                combos.take(bit, combo, mask)
            n += 1
            if smask:
                scoped.append((smask, mask))
        if n:
            total += value * n
            others += n
            excluded |= amask
    return total


def _inside_scoped(scoped: list[tuple[int, int]], bit: int, mask: int) -> bool:
    """Whether a counted fan excludes the row ``bit`` inside sets that hold the whole match ``mask``."""
    for fans, inside in scoped:
        if fans & bit and not mask & ~inside:
            return True
    return False


class _Tally:
    """One division's evaluation with its explanation: the items that counted, those that did not and why.

    ``items`` are in evaluation order; ``late`` says a row evaluated last
    counted, so they need sorting by value.
    """

    __slots__ = ("total", "bonus", "fans", "late", "items", "excluded")

    #: The division's fan total, the part of it bonus tiles give, and the number of other fans counted.
    total: int
    bonus: int
    fans: int
    late: bool

    def __init__(self) -> None:
        self.items: list[ScoreItem] = []
        self.excluded: list[ScoreItem] = []


def _evaluate(table: FanTable, f: McrFacts) -> _Tally:
    """Apply the principles to one division, explaining every counted and every excluded match.

    Unlike :func:`_total` it tests the rows a counted fan excludes too, to
    say so.  A whole-hand fan while no fan has excluded single sets yet (the
    usual case) takes a short way through the same rules.
    """
    t = _Tally()
    items = t.items
    excluded = t.excluded
    always = 0
    excluders: list[tuple[int, FanRow]] = []
    scoped: list[tuple[int, int, FanRow]] = []
    combos: _Combos | None = None
    total = bonus = others = 0
    late = False
    full = f.all_mask
    why: str | None  # the reason a match did not count, where one did not
    have = f.have
    for bit, test, kind, value, amask, smask, combo, last, row in table.opened.get(have) or table.open_rows(have):
        if last:
            f.counted_others = others
        res: Any = True if test is None else test(f)
        if not res:
            continue
        if kind == K_HAND and not combo:
            # A whole-hand fan is excluded everywhere or counts once: the exclusions inside sets never name it.
            if always & bit:
                excluded.append(_item(row, 1, _excluder(excluders, bit).implies))
                continue
            items.append(row.item)
            total += value
            others += 1
            if last:
                late = True
            if amask:
                excluders.append((amask, row))
                always |= amask
            if smask:
                scoped.append((smask, full, row))
            continue
        if not combo and not scoped:
            # No principle but non-repeat applies yet: every match counts unless the row is excluded.
            if always & bit:
                why = _excluder(excluders, bit).implies
                if kind == K_HAND or res is True and kind == K_MATCH:  # no sets to name: the reason is the detail
                    excluded.append(_item(row, 1, why))
                else:
                    for mask in (full,) if kind == K_BONUS else dict.fromkeys(res):
                        excluded.append(_excluded_item(f, row, mask, why))
                continue
            if kind == K_HAND or res is True and kind == K_MATCH:
                count = 1
                items.append(row.item)
            elif kind == K_BONUS:
                count = int(res)
                bonus += value * count
                items.append(_item(row, count, _detail(f, row, (full,))))
            else:
                count = len(res)
                items.append(_counted_item(f, row, res))
            total += value * count
            if kind != K_BONUS:
                others += count
            if last:
                late = True
            if amask:
                excluders.append((amask, row))
                always |= amask
            if smask:
                for mask in (full,) if kind != K_MATCH or res is True else res:
                    scoped.append((smask, mask, row))
            continue
        if kind == K_HAND or res is True:
            matches: tuple[int, ...] = (full,)
        elif kind == K_BONUS:
            matches = (full,) * int(res)
        else:
            matches = res
        kept: list[int] = []
        reported: set[tuple[int, str]] | None = None
        for mask in matches:
            why = None
            if always & bit:
                why = _excluder(excluders, bit).implies
            elif scoped:
                for fans, inside, owner in scoped:
                    if fans & bit and not mask & ~inside:
                        why = owner.implies
                        break
            if why is None and combo:
                if combos is None:
                    combos = _Combos()
                refusal = combos.refusal(bit, combo, mask)
                if refusal is not None:
                    why = _REFUSED[refusal]
            if why is not None:
                if reported is None:
                    reported = set()
                if (mask, why) not in reported:  # a match repeated (one per bonus tile) is reported once
                    reported.add((mask, why))
                    excluded.append(_excluded_item(f, row, mask, why))
                continue
            if combo:
                assert combos is not None
                combos.take(bit, combo, mask)
            kept.append(mask)
            if amask:
                excluders.append((amask, row))
                always |= amask
            if smask:
                scoped.append((smask, mask, row))
        if kept:
            total += value * len(kept)
            if kind == K_BONUS:
                bonus += value * len(kept)
            else:
                others += len(kept)
            items.append(row.item if kind == K_HAND else _counted_item(f, row, kept))
            if last:
                late = True
    t.total = total
    t.bonus = bonus
    t.fans = others
    t.late = late
    return t


def _excluder(excluders: list[tuple[int, FanRow]], bit: int) -> FanRow:
    """The first counted fan that excludes the row ``bit`` everywhere."""
    for owner_mask, owner in excluders:
        if owner_mask & bit:
            return owner
    raise AssertionError("an excluded row has no excluder")


# ----------------------------------------------------------------------------------------- the engine


#: The last hand scored: the engine asks for the same hand twice in a row (may it win? then: what does it
#: score?), and keeping one answer costs nothing, where a large cache slows every later score down.
_LAST: list[Any] = [None, None, None]


def score_mcr(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand under the Chinese official rules (see the module docstring).

    :raises HandError: for an incomplete hand, a hand without a named winning
        tile or an impossible situation.
    :raises MahjongError: for a missing wind needed by a wind pung, unknown
        flags or contradictory facts.
    """
    table = _CURRENT[1] if _CURRENT[0] is ruleset else fan_table(ruleset)
    if context.get("winner") is False:
        return _losing_score(table)
    sit = situation(hand, context, table.defaults)
    # The table stands for the ruleset: there is one per ruleset identity.  The situation is compared only for the
    # same hand, and the hands' concealed tiles first: a standalone score, each of a new hand, asks no more.
    last_hand, last_key, last_score = _LAST
    key = (table, sit.self_drawn, sit.last_tile, sit.replacement, sit.robbing_kong, sit.last_tile_of_kind,
           sit.seat_wind, sit.prevalent_wind, sit.winning_tile, sit.replacement_unsure)
    if (last_hand is hand or last_hand is not None and last_hand.concealed == hand.concealed and last_hand == hand) \
            and last_key == key:
        return last_score
    score = _explained(table, hand, _best_division(table, hand_facts(hand, sit)))
    _LAST[:] = hand, key, score
    return score


def _best_division(table: FanTable, h: HandFacts) -> McrFacts:
    """The division that scores most (the first of equals), by the fast path."""
    readings = divisions(h, table)
    if len(readings) == 1:  # the usual hand: nothing to compare
        form, groups = readings[0]
        return division_facts(h, form, groups)
    if not readings:
        raise HandError(_INCOMPLETE, place="hand")
    found = [division_facts(h, form, groups) for form, groups in readings]
    best = found[0]
    best_total = -1
    for f in found:
        total = _total(table, f)
        if total > best_total:
            best, best_total = f, total
    return best


_INCOMPLETE = ("not a complete hand: the tiles make neither four sets and a pair nor a special form (seven pairs, "
               "thirteen orphans, honours and knitted tiles, knitted straight)")


def minimum_figures(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> dict[str, int] | None:
    """A winner's ``points``, ``points_excluding_bonus`` and ``bonus_points`` as :func:`score_mcr`'s ``raw`` gives
    them, by the fast path alone: the game asks the minimum (eight points, the flowers left out) of every win it
    may offer, and most of those hands fall short.  ``None`` for a losing hand (not asked: the score says it).

    :raises HandError: as :func:`score_mcr` does.
    """
    if context.get("winner") is False:
        return None
    best, bonus = _best_total(ruleset, hand, context)
    return {"points": best, "points_excluding_bonus": best - bonus, "bonus_points": bonus}


def _best_total(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> tuple[int, int]:
    """The highest division's points by the fast path, and the part of them the bonus-tile rows give.

    :raises HandError: for an incomplete hand.
    """
    table = _CURRENT[1] if _CURRENT[0] is ruleset else fan_table(ruleset)
    h = hand_facts(hand, situation(hand, context, table.defaults))
    best, best_bonus = -1, 0
    for form, groups in divisions(h, table):
        bonus: list[int] = []
        total = _total(table, division_facts(h, form, groups), bonus)
        if total > best:
            best, best_bonus = total, sum(bonus)
    if best < 0:
        raise HandError(_INCOMPLETE, place="hand")
    return best, best_bonus


def score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any], arrangement: Arrangement) -> Score:
    """The explained score of one given arrangement of the hand (for checks that compare readings)."""
    return _explained(fan_table(ruleset), hand, facts_from_arrangement(arrangement, hand, context))


def score_points(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> int:
    """Only the winner's total, without the explanation (bulk comparisons, benchmarks).

    :raises HandError: as :func:`score_mcr` does.
    """
    return _best_total(ruleset, hand, context)[0]


#: What a win's score reads (:func:`~mahjong_rulesets.families.mcr.facts.situation`): how it was won and the winds.
WINNER_FACTS = frozenset({"how", "self_drawn", "last_tile", "replacement", "robbing_kong", "last_tile_of_kind",
                          "seat_wind", "prevalent_wind"})


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts an MCR score reads; losing hands are not scored (the sport settlement pays for the winner's)."""
    table = fan_table(ruleset)
    return FactsRead(WINNER_FACTS, None, f"the mcr engine scores the winning hand only ({table.losing_source}): "
                                         "the sport settlement pays for the winner's hand")


def _losing_score(table: FanTable) -> Score:
    if table.losing_hands_score:
        raise RulesetError("the mcr engine scores winning hands only (losing_hands_score: true is not supported)",
                           place="$.scoring.losing_hands_score")
    item = ScoreItem("losing_hand", "extra", 0, source=table.losing_source,
                     detail="sport settlement pays for the winner's hand only")
    return Score(0, FAMILY, (item,), raw={"points": 0, "points_excluding_bonus": 0})


def _explained(table: FanTable, hand: Hand, f: McrFacts) -> Score:
    """The division's score with everything it says: items, exclusions with reasons, arrangement, raw numbers."""
    t = _evaluate(table, f)
    items = t.items
    if t.late:
        items.sort(key=lambda item: table.rank[item.name])
    raw = {"points": t.total, "points_excluding_bonus": t.total - t.bonus, "bonus_points": t.bonus, "fans": t.fans}
    return Score(t.total, FAMILY, tuple(items), tuple(t.excluded), _arrangement(hand, f), None, raw)


# ----------------------------------------------------------------------------------------- explanation

#: Score items a row keeps at most (a few hundred details occur per row).
_ITEMS_BOUND = 1 << 12


def _item(row: FanRow, count: int, detail: str) -> ScoreItem:
    """The row's score item counted ``count`` times with ``detail``: made once, then shared (items are values)."""
    key = (count, detail)
    item = row.items.get(key)
    if item is None:
        if len(row.items) >= _ITEMS_BOUND:
            row.items.clear()
        item = row.items[key] = ScoreItem(row.id, "fan", row.value, count, row.source, detail)
    return item


def _counted_item(f: McrFacts, row: FanRow, kept: Sequence[int]) -> ScoreItem:
    """The item of a row counted for the matches ``kept``; one set matched once (a pung's fan) is the
    usual case and is looked up by that set alone."""
    if len(kept) == 1:
        mask = kept[0]
        if mask and not mask & (mask - 1) and mask != f.all_mask and row.per != "bonus_tile":
            gi = mask.bit_length() - 1
            key = (f.groups[gi], f.exposed[gi])
            item = row.singles.get(key)
            if item is None:
                item = row.singles[key] = _item(row, 1, _group_text(f, gi))
            return item
    return _item(row, len(kept), _detail(f, row, kept))


def _excluded_item(f: McrFacts, row: FanRow, mask: int, why: str) -> ScoreItem:
    """The item of a match that did not count: what it names, then why."""
    what = _detail(f, row, (mask,))
    return _item(row, 1, f"{what}: {why}" if what else why)


def _detail(f: McrFacts, row: FanRow, masks: Sequence[int]) -> str:
    """What the matches of a row name: nothing for a whole-hand fan, else its sets (or its bonus tiles)."""
    if row.per == "hand":
        return ""
    if row.per == "bonus_tile":
        bonus = f.h.hand.bonus
        text = _BONUS_TEXT.get(bonus)
        if text is None:
            if len(_BONUS_TEXT) >= _ITEMS_BOUND:
                _BONUS_TEXT.clear()
            text = _BONUS_TEXT[bonus] = "bonus tiles " + format_tiles(bonus)
        return text
    if len(masks) == 1:
        mask = masks[0]
        if mask and not mask & (mask - 1) and mask != f.all_mask:
            return _group_text(f, mask.bit_length() - 1)
    parts = []
    for mask in masks:
        if mask == f.all_mask:
            continue
        parts.append(_match_text(f, mask))
    return "; ".join(parts)


#: "bonus tiles ..." by the hand's bonus tiles (at most eight kinds: a few hundred sets occur).
_BONUS_TEXT: dict[tuple[int, ...], str] = {}


def _group_text(f: McrFacts, gi: int) -> str:
    kind, tile = f.groups[gi]
    return _GROUP_TEXTS[f.exposed[gi]][kind][tile]


def _match_text(f: McrFacts, mask: int) -> str:
    """The groups of one match, lowest first: ``chow 123m + chow 123p``."""
    groups = f.groups
    exposed = f.exposed
    parts = []
    while mask:
        low = mask & -mask
        gi = low.bit_length() - 1
        kind, tile = groups[gi]
        parts.append(_GROUP_TEXTS[exposed[gi]][kind][tile])
        mask ^= low
    return " + ".join(parts)


def _tiles(kind: int, tile: int) -> tuple[int, ...]:
    if kind == CHOW:
        return (tile, tile + 1, tile + 2)
    if kind == KNIT:
        return (tile, tile + 3, tile + 6)
    return (tile,) * _SIZE[kind]


_SIZE = {PUNG: 3, KONG: 4, PAIR: 2, SINGLE: 1}


def _is_group(kind: int, tile: int) -> bool:
    """Whether a group of this kind can start at this tile (a chow or a knitted run within its suit)."""
    if kind == CHOW:
        return tile < 27 and tile % 9 <= 6
    if kind == KNIT:
        return tile < 27 and tile % 9 <= 2
    return True


def _group_texts() -> tuple[list[list[str]], list[list[str]]]:
    """Every group's text, by exposed (0 or 1), kind and tile: ``pung 555z``, ``exposed kong 1111m``."""
    texts: tuple[list[list[str]], list[list[str]]] = ([], [])
    for exposed in (False, True):
        for kind in range(len(dv.KIND_NAMES)):
            name = dv.KIND_NAMES[kind]
            if kind == KONG:
                name = "exposed kong" if exposed else "concealed kong"
            texts[exposed].append([f"{name} {format_tiles(_tiles(kind, t))}" if _is_group(kind, t) else ""
                                   for t in range(34)])
    return texts


_GROUP_TEXTS = _group_texts()
_MELD_KIND = {CHOW: MeldKind.CHOW, PUNG: MeldKind.PUNG, KONG: MeldKind.KONG, PAIR: MeldKind.PAIR,
              KNIT: MeldKind.KNITTED, SINGLE: MeldKind.SINGLE}
_FORM = {STANDARD: Form.STANDARD, SEVEN_PAIRS: Form.SEVEN_PAIRS, THIRTEEN_ORPHANS: Form.THIRTEEN_ORPHANS,
         HONOURS_KNITTED: Form.HONOURS_AND_KNITTED, KNITTED_STRAIGHT: Form.KNITTED_STRAIGHT}


def _concealed_melds() -> dict[tuple[int, int], tuple[tuple[Any, ...], Meld]]:
    """Every group a division can hold, as its meld and its place in the canonical order (``meld_sort_key``)."""
    groups = [(kind, t) for kind in (CHOW, KNIT, PUNG, PAIR, SINGLE) for t in range(34) if _is_group(kind, t)]
    melds = {group: Meld(_MELD_KIND[group[0]], _tiles(*group)) for group in groups}
    return {group: (meld_sort_key(meld), meld) for group, meld in melds.items()}


_CONCEALED = _concealed_melds()


def _arrangement(hand: Hand, f: McrFacts) -> Arrangement:
    """The scored division as an :class:`Arrangement` (declared melds as declared, the rest concealed).

    The groups are placed in the canonical order by a stable sort on their keys, so groups of equal keys keep
    the division's order; the group holding the winning tile is marked by a third entry, which no other entry
    equals, and found by ``index``.
    """
    groups = f.groups
    placed: list[tuple[Any, ...]] = list(map(_CONCEALED.__getitem__, groups[:len(groups) - len(hand.melds)]))
    for meld in hand.melds:
        placed.append((meld_sort_key(meld), meld))
    holder = holder_group(f)
    if holder is None:
        placed.sort(key=_KEY)
        return Arrangement(_FORM[f.form], tuple(map(_MELD, placed)), None)
    marked = placed[holder] = (*placed[holder], True)
    placed.sort(key=_KEY)
    return Arrangement(_FORM[f.form], tuple(map(_MELD, placed)), placed.index(marked))


_KEY = itemgetter(0)
_MELD = itemgetter(1)
