"""The classical family's tables, read once per ruleset and kept ready to score.

Scoring runs for every potential win the engine considers and for every hand
at a deal's end, so the YAML rows are turned once into :class:`Row` objects
that hold the predicate function itself, the count function for ``per``
rows, the value, whom it applies to and the citation the score will carry --
and the row's *reader*: the predicate's
:data:`~mahjong_rulesets.families.classical.predicates.READERS` entry, which answers from
the arrangement's shape built once for all rows, or else a call of the
predicate itself.
A table that cannot be scored -- a negative value, ``per: meld`` on a
predicate that cannot count, ``excludes`` naming a row that does not exist, a
limit worth ``limit`` in a ruleset without a usual limit -- fails here, when
the ruleset is first scored, with the place in the file.

What the engine reads:

* ``points`` and ``doublings`` rows (``applies_to`` winner by default);
* ``limit_hands`` (a value in points, or ``limit`` for the usual limit), as
  :func:`~mahjong_core.plugin.limit_hand_values` pays them;
* parameters ``usual_limit``, ``limit_hands_scale_with_limit`` and ``chavka`` (``enabled``, ``points``,
  ``doublings_allowed``);
* the ``scoring`` section: ``max_count`` (row id -> how many times at most it
  counts: 000 line 412's "at most one special pair"), ``chavka_hand`` (the
  predicate naming a chavka), ``chavka_if_higher`` (the chavka counts only when
  it beats the hand's ordinary value), ``losing_hands`` (whether losers' hands are
  scored), ``loser_groups`` (which groups are read from a loser's concealed
  tiles: ``pung``, ``pair``), ``doubling_figures`` (extra ``raw`` figures, each the
  number of doublings from rows of the named ``category`` values, for a
  minimum value to compare against: 003 line 9 admits a mahjong only with a
  doubling "inside the hand"), ``point_figures`` (the same for points rows: the
  points from rows of the named categories, for a minimum that counts some
  points and not others -- Korean 2-point mahjong admits a mahjong on two
  "basic" points, its bonus points not counted).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from mahjong_rulesets.families.classical.predicates import (
    CENSUS_KEYS,
    COUNTERS,
    READERS,
    CountFn,
    Reader,
    SetKey,
    Shape,
    TestFn,
)

from mahjong_core.plugin import (
    BONUS,
    NUM_PLAYING_KINDS,
    LimitValue,
    Predicate,
    Ruleset,
    RulesetError,
    ScoreItem,
    bind,
    limit_hand_values,
)

__all__ = ["ChavkaRule", "ClassicalTables", "DoublingFigure", "LimitRow", "Row", "classical_tables", "cite",
           "row_reader"]

APPLIES_TO = ("winner", "loser", "everyone")
PER = ("hand", "meld", "bonus_tile", "match")
LOSER_GROUPS = ("pung", "pair")
#: Facts every winner's context must hold, whatever the tables name.
WINNER_FACTS = frozenset({"seat_wind", "prevalent_wind", "self_drawn"})
#: Facts the engine itself gives the limit rows (the hand's value by these tables); callers need not.
VALUE_FACTS = frozenset({"table_points", "table_doublings"})
LOSER_FACTS = frozenset({"seat_wind", "prevalent_wind"})
#: The ``raw`` figures every classical score carries; a doubling figure may not take one of these names.
RAW_FIGURES = ("points", "doublings", "points_excluding_bonus", "total")


@dataclass(frozen=True)
class Row:
    """One ``points`` or ``doublings`` row, ready to apply.

    :param kind: ``points`` or ``doubling`` (the :class:`~mahjong_core.plugin.ScoreItem` kind).
    :param test: the predicate function (for ``per: hand``).
    :param count: the count function (for the other ``per``), else ``None``.
    :param cap: at most this many applications count (``scoring.max_count``), else ``None``.
    :param category: the row's ``category`` (a docs grouping that doubling figures also read), else ``None``.
    :param read: ``read(shape, hand, ctx)``: the count for ``per`` rows, else true or false (see
        :func:`row_reader`).
    :param arrangement: ``read`` needs the shape's arrangement itself.
    """

    id: str
    kind: str
    value: int
    applies_to: str
    per: str
    excludes: tuple[str, ...]
    source: str
    test: TestFn
    count: CountFn | None
    facts: frozenset[str]
    cap: int | None
    cap_source: str
    read: Reader = field(repr=False)
    arrangement: bool
    category: str | None = None
    #: The shape's census key this row's reader tallies, which the engine reads in place of calling ``read``.
    census_key: SetKey | None = None
    #: Score items this row has made, by (count, source, detail): items are immutable, so one serves every score.
    made: dict[tuple[int, str, str], ScoreItem] = field(default_factory=dict, compare=False, repr=False)

    def item(self, count: int, source: str, detail: str = "") -> ScoreItem:
        """The row's :class:`~mahjong_core.plugin.ScoreItem` for ``count`` applications."""
        key = (count, source, detail)
        made = self.made.get(key)
        if made is None:
            if len(self.made) >= _MAX_ITEMS:
                self.made.clear()
            made = self.made[key] = ScoreItem(self.id, self.kind, self.value, count, source, detail)
        return made


#: How many items one row keeps (counts and reasons are few; the bound only guards against the unforeseen).
_MAX_ITEMS = 64


@dataclass(frozen=True)
class DoublingFigure:
    """An extra ``raw`` figure: the doublings that counted from rows of some categories (``scoring.doubling_figures``).

    :param name: the ``raw`` key (what a ``minimum_value`` names).
    :param categories: the doubling rows' ``category`` values it sums.
    :param limit_floor: a special limit hand reports at least this much (its doublings do not
        apply, 003 line 86, yet the hand may still have to meet a minimum).
    """

    name: str
    categories: frozenset[str]
    limit_floor: int
    #: The rows it sums: ``doubling`` (``scoring.doubling_figures``) or ``points`` (``scoring.point_figures``).
    of: str = "doubling"


@dataclass(frozen=True)
class LimitRow:
    """A special limit hand: its predicate, its reader (as :class:`Row`'s) and its value in points."""

    id: str
    name: str
    value: int
    source: str
    test: TestFn
    facts: frozenset[str]
    read: Reader
    #: How a value scaled with the usual limit was reached (``limit_hands_scale_with_limit``); empty otherwise.
    scaled: str = ""


@dataclass(frozen=True)
class ChavkaRule:
    """The chavka (000 line 208): a hand worth only the mahjong's points scores ``points`` instead."""

    test: TestFn
    facts: frozenset[str]
    points: int
    doublings_allowed: bool
    if_higher: bool
    source: str
    doublings_source: str
    read: Reader


@dataclass(frozen=True)
class ClassicalTables:
    """Everything the classical engine reads from one ruleset."""

    ruleset_id: str
    winner_points: tuple[Row, ...]
    winner_doublings: tuple[Row, ...]
    loser_points: tuple[Row, ...]
    loser_doublings: tuple[Row, ...]
    limits: tuple[LimitRow, ...]
    usual_limit: int | None
    usual_limit_source: str
    chavka: ChavkaRule | None
    losing_hands: bool
    loser_groups: frozenset[str]
    winner_facts: frozenset[str]
    loser_facts: frozenset[str]
    copies: Mapping[int, int]
    location: str
    figures: tuple[DoublingFigure, ...] = ()
    #: Some loser row reads the arrangement itself, so a losing hand is read into one.
    loser_arrangement: bool = False
    #: Some limit row reads the hand's value by these tables (``table_points``, ``table_doublings``).
    limits_read_value: bool = False
    #: Copies a hand may hold of each playing and bonus kind: the tile set's, at most 4 of a playing tile and 1 of
    #: a bonus tile (what the input checks allow, for :func:`~.classical_context.plainly_valid`).
    caps: tuple[int, ...] = ()


def cite(entry: Mapping[str, Any]) -> str:
    """A table entry's provenance as a score item shows it: the seed line, or ``assumption: ...``."""
    if "source" in entry:
        return str(entry["source"])
    return f"assumption: {entry.get('assumption', '')}"


_CACHE: weakref.WeakKeyDictionary[Any, ClassicalTables] = weakref.WeakKeyDictionary()


def classical_tables(ruleset: Ruleset) -> ClassicalTables:
    """The ruleset's tables, compiled on first use and cached for the ruleset object's lifetime.

    :raises RulesetError: for a table the engine cannot score, with the place in the file.
    """
    compiled = _CACHE.get(ruleset)
    if compiled is None:  # compiled outside the lookup, so a table error is not reported "during a KeyError"
        compiled = _CACHE[ruleset] = _compile(ruleset)
    return compiled


# ---------------------------------------------------------------------------
# Compiling
# ---------------------------------------------------------------------------


def _error(ruleset: Ruleset, message: str, place: str) -> RulesetError:
    return RulesetError(message, source=ruleset.location, place=place)


def _scoring_leaf(ruleset: Ruleset, name: str) -> Mapping[str, Any] | None:
    section = ruleset.tables.get("scoring") or {}
    leaf = section.get(name)
    if leaf is None:
        return None
    if not isinstance(leaf, Mapping) or "value" not in leaf:
        raise _error(ruleset, f"scoring.{name} must be an entry with a value", f"$.scoring.{name}")
    return leaf


def _scoring_flag(ruleset: Ruleset, name: str, default: bool) -> bool:
    """A true-or-false ``scoring`` entry, ``default`` when the ruleset has none."""
    leaf = _scoring_leaf(ruleset, name)
    value = default if leaf is None else leaf["value"]
    if not isinstance(value, bool):
        raise _error(ruleset, f"scoring.{name} must be true or false, got {value!r}", f"$.scoring.{name}.value")
    return value


def _param(ruleset: Ruleset, name: str, default: Any = None) -> Any:
    try:
        return ruleset.value(name)
    except RulesetError:
        return default


def _param_source(ruleset: Ruleset, name: str) -> str:
    try:
        return str(ruleset.source_of(name))
    except RulesetError:
        return ""


def _int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def row_reader(predicate: Predicate, fn: Callable[..., Any]) -> tuple[Reader, bool]:
    """How a row naming ``predicate`` (whose function ``fn`` it would call) is read: (reader, needs arrangement).

    The predicate's reader when :data:`~mahjong_rulesets.families.classical.predicates.READERS`
    has one for that very predicate object; else a reader that calls ``fn``
    on the arrangement.
    """
    fast = READERS.get(predicate)
    if fast is not None:
        return fast.read, fast.arrangement

    def call(shape: Shape, hand: Any, ctx: Mapping[str, Any]) -> Any:
        return fn(shape.arrangement, hand, ctx)

    return call, True


#: The ``scoring`` entries the classical engine reads.
SCORING_KEYS = ("family", "chavka_hand", "chavka_if_higher", "doubling_figures", "loser_groups", "losing_hands",
                "max_count", "point_figures")


def _check_scoring_keys(ruleset: Ruleset) -> None:
    """A ``scoring`` key one letter off a key the engine reads is a typo the engine would silently ignore.

    Only near misses are errors: a ruleset's own hooks may read scoring keys of their own.
    """
    import difflib

    for key in sorted(ruleset.tables.get("scoring") or {}):
        close = difflib.get_close_matches(key, SCORING_KEYS, n=1, cutoff=0.85)
        if key not in SCORING_KEYS and close:
            raise _error(ruleset, f"the classical engine reads no scoring.{key} (did you mean {close[0]!r}?)",
                         f"$.scoring.{key}")


def _compile(ruleset: Ruleset) -> ClassicalTables:
    tables = ruleset.tables
    _check_scoring_keys(ruleset)
    caps, cap_source = _max_count(ruleset)
    rows: list[Row] = []
    for table, kind in (("points", "points"), ("doublings", "doubling")):
        for row_id, entry in (tables.get(table) or {}).items():
            if entry is None:
                continue
            rows.append(_row(ruleset, table, kind, row_id, entry, caps.get(row_id), cap_source))
    ids = {row.id for row in rows}
    for cap_id in caps:
        if cap_id not in ids:
            raise _error(ruleset, f"scoring.max_count names {cap_id!r}, which is no points or doublings row; "
                         f"rows: {', '.join(sorted(ids))}", "$.scoring.max_count.value")
    usual_limit = _param(ruleset, "usual_limit")
    if usual_limit is not None and (not _int(usual_limit) or usual_limit <= 0):
        raise _error(ruleset, f"usual_limit must be a positive integer or null, got {usual_limit!r}",
                     "$.parameters.usual_limit.value")
    paid = limit_hand_values(ruleset)
    limits = tuple(_limit(ruleset, row_id, entry, paid[str(row_id)])
                   for row_id, entry in (tables.get("limit_hands") or {}).items() if entry is not None)
    chavka = _chavka(ruleset)

    def pick(kind: str, whom: tuple[str, ...]) -> tuple[Row, ...]:
        return tuple(r for r in rows if r.kind == kind and r.applies_to in whom and r.value)

    copies = ruleset.tiles().held_copies()  # a red five counts as a copy of its five
    winner_rows = [r for r in rows if r.applies_to in ("winner", "everyone")]
    loser_rows = [r for r in rows if r.applies_to in ("loser", "everyone")]
    winner_facts = WINNER_FACTS.union(*(r.facts for r in winner_rows), *(lim.facts - VALUE_FACTS for lim in limits))
    if chavka is not None:
        winner_facts |= chavka.facts
    losing_hands = _scoring_flag(ruleset, "losing_hands", True)
    # A ruleset that scores no losing hand (Zung Jung) reads no fact of one: a loser scores 0 whatever is known.
    loser_facts = LOSER_FACTS.union(*(r.facts for r in loser_rows)) if losing_hands else frozenset()
    return ClassicalTables(
        ruleset_id=ruleset.id,
        winner_points=pick("points", ("winner", "everyone")),
        winner_doublings=pick("doubling", ("winner", "everyone")),
        loser_points=pick("points", ("loser", "everyone")),
        loser_doublings=pick("doubling", ("loser", "everyone")),
        limits=limits,
        usual_limit=usual_limit,
        usual_limit_source=_param_source(ruleset, "usual_limit"),
        chavka=chavka,
        losing_hands=losing_hands,
        loser_groups=_loser_groups(ruleset),
        winner_facts=frozenset(winner_facts),
        loser_facts=frozenset(loser_facts),
        copies=copies,
        location=ruleset.location,
        figures=_doubling_figures(ruleset, rows) + _doubling_figures(ruleset, rows, of="points"),
        loser_arrangement=any(r.arrangement for r in loser_rows if r.value),
        limits_read_value=any(lim.facts & VALUE_FACTS for lim in limits),
        caps=tuple(min(copies.get(kind, 0), 4 if kind < NUM_PLAYING_KINDS else 1)
                   for kind in range(NUM_PLAYING_KINDS + len(BONUS))),
    )


def _max_count(ruleset: Ruleset) -> tuple[dict[str, int], str]:
    leaf = _scoring_leaf(ruleset, "max_count")
    if leaf is None:
        return {}, ""
    value = leaf["value"] or {}
    if not isinstance(value, Mapping) or not all(_int(n) and n >= 1 for n in value.values()):
        raise _error(ruleset, f"scoring.max_count must map row ids to positive integers, got {value!r}",
                     "$.scoring.max_count.value")
    return dict(value), cite(leaf)


def _doubling_figures(ruleset: Ruleset, rows: list[Row], of: str = "doubling") -> tuple[DoublingFigure, ...]:
    """``scoring.doubling_figures`` (``of="points"``: ``scoring.point_figures``):
    ``{name: {categories: [...], at_least_for_limit_hands: n}}``."""
    key, table = ("point_figures", "points") if of == "points" else ("doubling_figures", "doublings")
    leaf = _scoring_leaf(ruleset, key)
    if leaf is None:
        return ()
    place = f"$.scoring.{key}.value"
    spec = leaf["value"] or {}
    if not isinstance(spec, Mapping):
        raise _error(ruleset, f"scoring.{key} must map raw figure names to "
                     f"{{categories: [...], at_least_for_limit_hands: n}}, got {spec!r}", place)
    known = sorted({row.category for row in rows if row.kind == of and row.category})
    figures = []
    for name, entry in spec.items():
        where = f"{place}.{name}"
        if name in RAW_FIGURES:
            raise _error(ruleset, f"{table[:-1]} figure {name!r} would replace the engine's own raw figure; "
                         f"reserved: {', '.join(RAW_FIGURES)}", where)
        if not isinstance(entry, Mapping) or set(entry) - {"categories", "at_least_for_limit_hands"}:
            raise _error(ruleset, f"{table[:-1]} figure {name!r} must be {{categories: [...], "
                         f"at_least_for_limit_hands: n}}, got {entry!r}", where)
        categories = entry.get("categories")
        if not isinstance(categories, (list, tuple)) or not categories:
            raise _error(ruleset, f"{table[:-1]} figure {name!r} needs a non-empty list of categories, "
                         f"got {categories!r}", f"{where}.categories")
        unknown = [c for c in categories if c not in known]
        if unknown:
            raise _error(ruleset, f"{table[:-1]} figure {name!r} names categories {unknown} that no {table} row has; "
                         f"the {table} rows' categories: {', '.join(known) or 'none'}", f"{where}.categories")
        floor = entry.get("at_least_for_limit_hands", 0)
        if not _int(floor) or floor < 0:
            raise _error(ruleset, f"at_least_for_limit_hands must be a non-negative integer, got {floor!r}",
                         f"{where}.at_least_for_limit_hands")
        figures.append(DoublingFigure(str(name), frozenset(categories), floor, of))
    return tuple(figures)


def _loser_groups(ruleset: Ruleset) -> frozenset[str]:
    leaf = _scoring_leaf(ruleset, "loser_groups")
    if leaf is None:
        return frozenset(LOSER_GROUPS)
    value = leaf["value"]
    if not isinstance(value, (list, tuple)) or not set(value) <= set(LOSER_GROUPS):
        raise _error(ruleset, f"scoring.loser_groups must be a list of {', '.join(LOSER_GROUPS)}, got {value!r}",
                     "$.scoring.loser_groups.value")
    return frozenset(value)


def _row(ruleset: Ruleset, table: str, kind: str, row_id: str, entry: Mapping[str, Any], cap: int | None,
         cap_source: str) -> Row:
    place = f"$.{table}.{row_id}"
    value = entry.get("value")
    if not _int(value) or value < 0:
        what = "points" if table == "points" else "a number of doublings"
        raise _error(ruleset, f"value must be {what}: a non-negative integer, got {value!r}", f"{place}.value")
    applies_to = entry.get("applies_to", "winner")
    per = entry.get("per", "hand")
    if applies_to not in APPLIES_TO:
        raise _error(ruleset, f"applies_to must be one of {', '.join(APPLIES_TO)}, got {applies_to!r}",
                     f"{place}.applies_to")
    if per not in PER:
        raise _error(ruleset, f"per must be one of {', '.join(PER)}, got {per!r}", f"{place}.per")
    name = entry.get("predicate")
    try:
        predicate = bind(ruleset).predicate(str(name))
    except RulesetError as exc:
        raise _error(ruleset, exc.message, f"{place}.predicate") from None
    counter = COUNTERS.get(predicate)
    if per != "hand" and counter is None:
        counting = sorted(p.name for p in COUNTERS if bind(ruleset).predicates.get(p.name) is p)
        raise _error(ruleset, f"per: {per} needs a counting predicate, and {name!r} only says yes or no; "
                     f"counting predicates: {', '.join(counting)}", f"{place}.per")
    excludes = tuple(entry.get("excludes") or ())
    siblings = ruleset.tables.get(table) or {}
    for other in excludes:
        if other not in siblings or siblings[other] is None:
            raise _error(ruleset, f"excludes names {other!r}, which is no row of {table}", f"{place}.excludes")
    count = counter.fn if per != "hand" and counter is not None else None
    read, arrangement = row_reader(predicate, predicate.fn if count is None else count)
    return Row(
        id=row_id,
        kind=kind,
        value=value,
        applies_to=applies_to,
        per=per,
        excludes=excludes,
        source=cite(entry),
        test=predicate.fn,
        count=count,
        facts=frozenset(predicate.facts),
        cap=cap,
        cap_source=cap_source,
        category=str(entry["category"]) if entry.get("category") is not None else None,
        read=read,
        arrangement=arrangement,
        census_key=CENSUS_KEYS.get(read),
    )


def _limit(ruleset: Ruleset, row_id: str, entry: Mapping[str, Any], paid: LimitValue) -> LimitRow:
    place = f"$.limit_hands.{row_id}"
    value = paid.paid
    name = str(entry.get("predicate"))
    try:
        predicate = bind(ruleset).predicate(name)
    except RulesetError as exc:
        raise _error(ruleset, exc.message, f"{place}.predicate") from None
    scaled = (f"{paid.written} written for a usual limit of {paid.written_for} ({paid.defined_in}), scaled to "
              f"{value} with this ruleset's limit" if paid.written_for is not None else "")
    return LimitRow(row_id, str(entry.get("name") or row_id), value, cite(entry), predicate.fn,
                    frozenset(predicate.facts), row_reader(predicate, predicate.fn)[0], scaled)


def _chavka(ruleset: Ruleset) -> ChavkaRule | None:
    spec = _param(ruleset, "chavka") or {}
    if not spec.get("enabled"):
        return None
    leaf = _scoring_leaf(ruleset, "chavka_hand")
    if leaf is None:
        raise _error(ruleset, "chavka is enabled but scoring.chavka_hand names no predicate for it",
                     "$.scoring.chavka_hand")
    try:
        predicate = bind(ruleset).predicate(str(leaf["value"]))
    except RulesetError as exc:
        raise _error(ruleset, exc.message, "$.scoring.chavka_hand.value") from None
    points = spec.get("points")
    if not _int(points) or points <= 0:
        raise _error(ruleset, f"chavka.points must be a positive integer, got {points!r}",
                     "$.parameters.chavka.points.value")
    if_higher = _scoring_flag(ruleset, "chavka_if_higher", False)
    return ChavkaRule(
        test=predicate.fn,
        facts=frozenset(predicate.facts),
        points=points,
        doublings_allowed=bool(spec.get("doublings_allowed")),
        if_higher=if_higher,
        source=_param_source(ruleset, "chavka.points"),
        doublings_source=_param_source(ruleset, "chavka.doublings_allowed"),
        read=row_reader(predicate, predicate.fn)[0],
    )
