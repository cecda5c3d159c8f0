"""The classical family's engine: points, doublings and limits, all read from the ruleset's tables.

Seven rulesets share it (Harbin, Shanghai, Orsk, Chinese and European
Classical of seed 000, the traditional rules of 001 and the bonus-tile table
of 002); they differ only in their rows.  How a hand is valued (000 lines
373-512):

1. **Special limits first** (000 line 373): if any ``limit_hands`` row holds
   for some arrangement of a winning hand, the hand is worth the highest such
   limit (``limit`` meaning the usual limit), and nothing else counts.
2. **Points**: every ``points`` row that holds adds its value, times its
   count for ``per: meld | match | bonus_tile`` rows (sets, pairs, bonus
   tiles for everyone; mahjong, self-drawn and the like for the winner).
   ``scoring.max_count`` caps a row's count (000 line 412: at most one
   special pair).
3. **Doublings**: every ``doublings`` row that holds adds its value (a
   number of doublings: pure suit is 3 in КК) times its count; the points
   are doubled that many times.  A row listed in the ``excludes`` of another
   row of the same table that holds does not count.
4. **The chavka** (000 line 208, where ``chavka.enabled``): a winning hand
   of the ``scoring.chavka_hand`` kind scores ``chavka.points`` (100) instead
   of its points, doubled only where ``chavka.doublings_allowed``.  With
   ``scoring.chavka_if_higher`` the chavka counts only when it is worth at
   least the hand's ordinary value (Harbin: 20 doubled three times is 160,
   more than an undoubled chavka).
5. **The usual limit** (000 line 512) cuts a winning or a losing hand.

A winning hand is scored in every arrangement and the highest total is kept
(000 line 326); ties keep the first arrangement in
:func:`~mahjong_core.arrangements` order.  Every form the core
accepts as complete is scored, seven pairs and thirteen orphans included: in
a ruleset that names no limit for them (ЕК has no seven pairs, 000 line 379)
their groups score like any other, since the core lets them win.  A losing hand is read
by :func:`~mahjong_rulesets.families.classical.losers.loser_arrangement` and only
``applies_to: loser | everyone`` rows apply.

The engine scores four hands at every deal's end, so the work is done once
where it can be: every row reads the arrangement's
:class:`~mahjong_rulesets.families.classical.predicates.Shape`, gathered in one pass (a
losing hand's straight from its tiles, without building its groups), and a
winner's readings come from :func:`~mahjong_core.arrangements`
with ``checked=True``: :func:`~.classical_context.prepare` has checked the
hand, so it is not checked a second time.

The :class:`~mahjong_core.plugin.Score` lists every item that counted with its
row's source, and the items that applied but did not count (excluded rows,
counts over ``max_count``, the ordinary items a limit or the chavka
replaced).  ``raw`` holds ``points`` (before doublings), ``doublings``,
``points_excluding_bonus`` and ``total``, and one figure for each
``scoring.doubling_figures`` entry: the doublings that counted from rows of
its categories (Piter's "internal doubling", 003 line 9), at least its
``at_least_for_limit_hands`` for a special limit hand, whose doublings do
not apply (003 line 86); and one for each ``scoring.point_figures`` entry, the
points that counted from rows of its categories (Korean 2-point mahjong's
"basic" points, which its minimum counts and its bonus points do not).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.classical.context import prepare, situation_context
from mahjong_rulesets.families.classical.losers import loser_arrangement, loser_shape
from mahjong_rulesets.families.classical.predicates import Shape, TileFacts, hand_tiles, shape_of
from mahjong_rulesets.families.classical.tables import ClassicalTables, LimitRow, Row, classical_tables

from mahjong_core.plugin import (
    Arrangement,
    Hand,
    HandError,
    Ruleset,
    Score,
    ScoreItem,
    TotalSteps,
    amount,
    arrangements,
    format_tiles,
    logged_items,
)

__all__ = ["FAMILY", "classical_score", "explain_total", "score_arrangement", "score_losing_hand",
           "situation_context"]

FAMILY = "classical"

#: Rows that held, each with how many times it counts.
Held = list[tuple[Row, int]]


def _apply(rows: Sequence[Row], shape: Shape, hand: Hand, ctx: Mapping[str, Any],
           dropped: list[ScoreItem]) -> tuple[Held, int]:
    """The rows that hold, each with how many times it counts, and their total value."""
    held: Held = []
    total = 0
    census = shape.census
    for row in rows:
        key = row.census_key
        n = census.get(key, 0) if key is not None else row.read(shape, hand, ctx)
        if n:
            if row.per == "hand":
                n = 1
            cap = row.cap
            if cap is not None and n > cap:
                dropped.append(row.item(n - cap, row.cap_source, f"at most {cap} counted"))
                n = cap
            held.append((row, n))
            total += row.value * n
    return held, total


def _evaluate(points: Sequence[Row], doublings: Sequence[Row], shape: Shape, hand: Hand,
              ctx: Mapping[str, Any]) -> tuple[Held, Held, list[ScoreItem], int, int]:
    """The points and doublings rows that hold and count, the items that held but do not count, and the
    points' and the doublings' totals."""
    dropped: list[ScoreItem] = []
    held_points, base = _apply(points, shape, hand, ctx, dropped)
    held_doublings, doubled = _apply(doublings, shape, hand, ctx, dropped)
    excluded_by: dict[tuple[str, str], str] = {}  # (table kind, row id) -> the row that excludes it
    for row, _ in (*held_points, *held_doublings):
        for other in row.excludes:
            excluded_by.setdefault((row.kind, other), row.id)
    if excluded_by:
        kept: list[Held] = [[], []]
        for i, held in enumerate((held_points, held_doublings)):
            for row, n in held:
                by = excluded_by.get((row.kind, row.id))
                if by is not None:
                    dropped.append(row.item(n, row.source, f"excluded by {by}"))
                else:
                    kept[i].append((row, n))
        held_points, held_doublings = kept
        base, doubled = _total(held_points), _total(held_doublings)
    return held_points, held_doublings, dropped, base, doubled


def _total(held: Held) -> int:
    return sum(row.value * n for row, n in held)


def _items(*helds: Held) -> list[ScoreItem]:
    return [row.item(n, row.source) for held in helds for row, n in held]


def _replaced(held: Held, why: str) -> list[ScoreItem]:
    return [row.item(n, row.source, why) for row, n in held]


def _cap(tables: ClassicalTables, value: int, items: list[ScoreItem]) -> tuple[int, str | None]:
    limit = tables.usual_limit
    if limit is not None and value > limit:
        items.append(ScoreItem("usual_limit", "limit", limit, 1, tables.usual_limit_source,
                               f"{value} cut to the usual limit"))
        return limit, "usual_limit"
    return value, None


def _figures(tables: ClassicalTables, doublings: Held, limit: bool = False, points: Held | None = None
             ) -> dict[str, int]:
    """The ``scoring.doubling_figures`` and ``point_figures``: what counted from rows of each figure's categories."""
    figures: dict[str, int] = {}
    for figure in tables.figures:
        held = (points or []) if figure.of == "points" else doublings
        n = sum(row.value * count for row, count in held if row.category in figure.categories)
        figures[figure.name] = max(n, figure.limit_floor) if limit else n
    return figures


def _raw(tables: ClassicalTables, points: Held, doublings: Held, base: int, doubled: int, total: int,
         limit: bool = False) -> dict[str, int]:
    bonus = sum(row.value * n for row, n in points if row.per == "bonus_tile")
    return {"points": base, "doublings": doubled, "points_excluding_bonus": base - bonus, "total": total,
            **_figures(tables, doublings, limit, points)}


def _winner_score(tables: ClassicalTables, shape: Shape, hand: Hand, ctx: Mapping[str, Any]) -> Score:
    """The winning hand's score in the shape's arrangement."""
    arrangement = shape.arrangement
    points, doublings, dropped, base, doubled = _evaluate(tables.winner_points, tables.winner_doublings, shape,
                                                          hand, ctx)
    ordinary = base << doubled
    limit: LimitRow | None = None
    # A limit defined by the hand's value (Harbin's beggar's hand) reads it as these tables give it.
    limit_ctx = {**ctx, "table_points": base, "table_doublings": doubled} if tables.limits_read_value else ctx
    for row in tables.limits:
        if (limit is None or row.value > limit.value) and row.read(shape, hand, limit_ctx):
            limit = row
    if limit is not None:
        why = f"replaced by the special limit {limit.id}"
        return Score(
            total=limit.value,
            family=FAMILY,
            items=(ScoreItem(limit.id, "limit", limit.value, 1, limit.source,
                             f"{limit.name}; {limit.scaled}" if limit.scaled else limit.name),),
            excluded=tuple(_replaced(points, why) + _replaced(doublings, why) + dropped),
            arrangement=arrangement,
            limit=limit.id,
            raw=_raw(tables, points, doublings, base, doubled, limit.value, limit=True),
        )
    chavka = tables.chavka
    if chavka is not None and chavka.read(shape, hand, ctx):
        allowed = chavka.doublings_allowed
        value = chavka.points << doubled if allowed else chavka.points
        if value >= ordinary or not chavka.if_higher:
            items = [ScoreItem("chavka", "points", chavka.points, 1, chavka.source,
                               "a hand worth only the mahjong's points")]
            excluded = _replaced(points, "replaced by the chavka")
            if allowed:
                items += _items(doublings)
            else:
                excluded += _replaced(doublings, f"doublings of the chavka are not allowed "
                                                 f"({chavka.doublings_source})")
            total, capped = _cap(tables, value, items)
            raw = {"points": chavka.points, "doublings": doubled if allowed else 0,
                   "points_excluding_bonus": chavka.points, "total": total,
                   **_figures(tables, doublings if allowed else [])}
            return Score(total, FAMILY, tuple(items), tuple(excluded + dropped), arrangement, capped, raw)
    items = _items(points, doublings)
    total, capped = _cap(tables, ordinary, items)
    return Score(total, FAMILY, tuple(items), tuple(dropped), arrangement, capped,
                 _raw(tables, points, doublings, base, doubled, total))


def score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any], arrangement: Arrangement) -> Score:
    """:func:`score_arrangement` as a reading scorer, for checks that score each reading alone.

    The engine reads the hand :func:`prepare` returns, which may differ from the one it was given (the winning
    tile taken from the context, chows read as claimed from the left), so pinning ``arrangements()`` to the given
    hand would not always reach it; a given reading is scored directly instead."""
    return score_arrangement(ruleset, hand, arrangement, context)


def score_arrangement(ruleset: Ruleset, hand: Hand, arrangement: Arrangement, context: Mapping[str, Any]) -> Score:
    """Score a winning hand in one given arrangement (which must be one of its arrangements).

    :raises MahjongError: for an impossible hand, a missing fact, or an arrangement that is
        not a reading of this hand.
    """
    tables = classical_tables(ruleset)
    hand, ctx, winner = prepare(tables, hand, dict(context, winner=True))
    if arrangement not in arrangements(hand, checked=True):
        raise HandError("the arrangement is not a reading of this hand; "
                        "see mahjong_core.plugin.arrangements",
                        place="arrangement")
    return _winner_score(tables, shape_of(arrangement, ctx, hand_tiles(hand)), hand, ctx)


def score_losing_hand(tables: ClassicalTables, hand: Hand, ctx: Mapping[str, Any]) -> Score:
    """A losing hand's score: its sets, pairs and bonus tiles, the losers' doublings, the usual limit."""
    if not tables.losing_hands:
        return Score(0, FAMILY, raw={"points": 0, "doublings": 0, "points_excluding_bonus": 0, "total": 0,
                                     **_figures(tables, [])})
    tiles: TileFacts = hand_tiles(hand)
    if tables.loser_arrangement:
        shape = shape_of(loser_arrangement(hand, tables.loser_groups), ctx, tiles)
    else:
        shape = loser_shape(hand, tables.loser_groups, tiles)
    points, doublings, dropped, base, doubled = _evaluate(tables.loser_points, tables.loser_doublings, shape,
                                                          hand, ctx)
    items = _items(points, doublings)
    total, capped = _cap(tables, base << doubled, items)
    return Score(total, FAMILY, tuple(items), tuple(dropped), None, capped,
                 _raw(tables, points, doublings, base, doubled, total))


def classical_score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand under a classical ruleset: the winner's best arrangement, or a loser's hand.

    :param context: ``winner`` (bool), ``seat_wind`` and ``prevalent_wind``
        (kinds 27-30 or E/S/W/N), and for a winner every situation fact the
        ruleset's rows read (``self_drawn``, ``last_tile`` ...); the hand's
        ``!flags`` are merged in.  :func:`situation_context` builds one from a
        parsed hand.
    :raises MahjongError: for an impossible hand, a winner's hand that is not complete,
        or a missing situation fact.
    """
    tables = classical_tables(ruleset)
    hand, ctx, winner = prepare(tables, hand, context)
    if not winner:
        return score_losing_hand(tables, hand, ctx)
    readings = arrangements(hand, checked=True)
    if not readings:
        raise HandError(
            f"a winning hand must be complete: {hand.tile_count()} tiles (a kong counts as three), "
            f"{format_tiles(hand.all_tiles())} with {len(hand.melds)} declared meld(s), do not form four sets and "
            f"a pair, seven pairs or thirteen orphans", place="hand")
    tiles = hand_tiles(hand)
    best: Score | None = None
    for arrangement in readings:
        score = _winner_score(tables, shape_of(arrangement, ctx, tiles), hand, ctx)
        if best is None or score.total > best.total:
            best = score
    assert best is not None
    return best


def explain_total(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
    """The arithmetic of a classical total for a score card: the points doubled once per doubling, then the
    usual limit -- or a special limit hand's value in place of both.

    Read from the logged score's items (the same rows the engine added), so the card shows how the logged
    total follows from the lines; a total that does not follow is shown as the engine gave it, not re-derived.
    """
    del units
    items = logged_items(score)
    total = int(score.get("value", 0))
    limit = score.get("limit")
    if limit and limit != "usual_limit":
        return TotalSteps((f"{label(str(limit))} is a limit hand: {amount(total, 'points')}, in place of the "
                           f"points and doublings",))
    points = sum(int(i.get("value", 0)) * int(i.get("count", 1)) for i in items if i.get("kind") == "points")
    doublings = sum(int(i.get("value", 0)) * int(i.get("count", 1)) for i in items if i.get("kind") == "doubling")
    cut = [k for k, i in enumerate(items) if i.get("kind") == "limit"]
    if not items:
        return TotalSteps(())
    product = points << doublings if doublings >= 0 else points
    steps = [f"{amount(points, 'points')} × {1 << doublings} ({amount(doublings, 'doublings')}) = "
             f"{amount(product, 'points')}" if doublings > 0 else f"{amount(points, 'points')}, no doublings"]
    if limit == "usual_limit" and cut:
        item = items[cut[0]]
        steps.append(f"cut to the {label('usual_limit')}: {amount(total, 'points')} [{item.get('source', '')}]")
    elif product != total:
        return TotalSteps((f"total {amount(total, 'points')}, as the scoring engine gives it",))
    return TotalSteps(tuple(steps), frozenset(cut))
