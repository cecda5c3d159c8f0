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
:func:`~mahjong_core.arrangements.arrangements` order.  Every form the core
accepts as complete is scored, seven pairs and thirteen orphans included: in
a ruleset that names no limit for them (ЕК has no seven pairs, 000 line 379)
their groups score like any other, since the core lets them win.  A losing hand is read
by :func:`~mahjong_core.scoring.classical_losers.loser_arrangement` and only
``applies_to: loser | everyone`` rows apply.

The engine scores four hands at every deal's end, so the work is done once
where it can be: every row reads the arrangement's
:class:`~mahjong_core.predicates_classical.Shape`, gathered in one pass (a
losing hand's straight from its tiles, without building its groups), and a
winner's readings come from :func:`winning_readings`, the list
:func:`~mahjong_core.arrangements.arrangements` gives, found without checking
the hand a second time.

The :class:`~mahjong_core.score.Score` lists every item that counted with its
row's source, and the items that applied but did not count (excluded rows,
counts over ``max_count``, the ordinary items a limit or the chavka
replaced).  ``raw`` holds ``points`` (before doublings), ``doublings``,
``points_excluding_bonus`` and ``total``, and one figure for each
``scoring.doubling_figures`` entry: the doublings that counted from rows of
its categories (Piter's "internal doubling", 003 line 9), at least its
``at_least_for_limit_hands`` for a special limit hand, whose doublings do
not apply (003 line 86).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product
from operator import itemgetter
from typing import Any

from .. import predicates  # noqa: F401  -- first: importing predicates_classical first is a cycle (via Piter)
from ..arrangements import arrangements, meld_sort_key
from ..errors import HandError
from ..melds import Arrangement, Form, Hand, Meld, MeldKind
from ..notation import format_tiles
from ..predicates_classical import Shape, TileFacts, hand_tiles, shape_of
from ..score import Score, ScoreItem
from ..tiles import NUM_PLAYING_KINDS, TERMINALS_AND_HONOURS
from . import register_family, register_reading_scorer
from .classical_context import prepare, situation_context
from .classical_losers import loser_arrangement, loser_shape
from .classical_tables import ClassicalTables, LimitRow, Row, classical_tables

__all__ = ["FAMILY", "classical_score", "score_arrangement", "score_losing_hand", "situation_context",
           "winning_readings"]

FAMILY = "classical"

#: Rows that held, each with how many times it counts.
Held = list[tuple[Row, int]]


def _apply(rows: Sequence[Row], shape: Shape, hand: Hand, ctx: Mapping[str, Any], dropped: list[ScoreItem]) -> Held:
    held: Held = []
    for row in rows:
        n = row.read(shape, hand, ctx)
        if n:
            if row.per == "hand":
                n = 1
            cap = row.cap
            if cap is not None and n > cap:
                dropped.append(row.item(n - cap, row.cap_source, f"at most {cap} counted"))
                n = cap
            held.append((row, n))
    return held


def _evaluate(points: Sequence[Row], doublings: Sequence[Row], shape: Shape, hand: Hand,
              ctx: Mapping[str, Any]) -> tuple[Held, Held, list[ScoreItem]]:
    """The points and doublings rows that hold and count, and the items that held but do not count."""
    dropped: list[ScoreItem] = []
    held_points = _apply(points, shape, hand, ctx, dropped)
    held_doublings = _apply(doublings, shape, hand, ctx, dropped)
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
    return held_points, held_doublings, dropped


def _total(held: Held) -> int:
    return sum(row.value * n for row, n in held)


def _items(held: Held) -> list[ScoreItem]:
    return [row.item(n, row.source) for row, n in held]


def _replaced(held: Held, why: str) -> list[ScoreItem]:
    return [row.item(n, row.source, why) for row, n in held]


def _cap(tables: ClassicalTables, value: int, items: list[ScoreItem]) -> tuple[int, str | None]:
    limit = tables.usual_limit
    if limit is not None and value > limit:
        items.append(ScoreItem("usual_limit", "limit", limit, 1, tables.usual_limit_source,
                               f"{value} cut to the usual limit"))
        return limit, "usual_limit"
    return value, None


def _figures(tables: ClassicalTables, doublings: Held, limit: bool = False) -> dict[str, int]:
    """The ``scoring.doubling_figures``: doublings that counted from rows of each figure's categories."""
    figures: dict[str, int] = {}
    for figure in tables.figures:
        n = sum(row.value * count for row, count in doublings if row.category in figure.categories)
        figures[figure.name] = max(n, figure.limit_floor) if limit else n
    return figures


def _raw(tables: ClassicalTables, points: Held, doublings: Held, base: int, doubled: int, total: int,
         limit: bool = False) -> dict[str, int]:
    bonus = sum(row.value * n for row, n in points if row.per == "bonus_tile")
    return {"points": base, "doublings": doubled, "points_excluding_bonus": base - bonus, "total": total,
            **_figures(tables, doublings, limit)}


def _winner_score(tables: ClassicalTables, shape: Shape, hand: Hand, ctx: Mapping[str, Any]) -> Score:
    """The winning hand's score in the shape's arrangement."""
    arrangement = shape.arrangement
    points, doublings, dropped = _evaluate(tables.winner_points, tables.winner_doublings, shape, hand, ctx)
    base, doubled = _total(points), _total(doublings)
    ordinary = base << doubled
    limit: LimitRow | None = None
    for row in tables.limits:
        if (limit is None or row.value > limit.value) and row.read(shape, hand, ctx):
            limit = row
    if limit is not None:
        why = f"replaced by the special limit {limit.id}"
        return Score(
            total=limit.value,
            family=FAMILY,
            items=(ScoreItem(limit.id, "limit", limit.value, 1, limit.source, limit.name),),
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
    items = _items(points) + _items(doublings)
    total, capped = _cap(tables, ordinary, items)
    return Score(total, FAMILY, tuple(items), tuple(dropped), arrangement, capped,
                 _raw(tables, points, doublings, base, doubled, total))


@register_reading_scorer(FAMILY)
def _score_reading(ruleset: Any, hand: Hand, context: Mapping[str, Any], arrangement: Arrangement) -> Score:
    """:func:`score_arrangement` as a reading scorer: the engine finds its readings itself (:func:`winning_readings`),
    so checks that score each reading alone ask for one this way."""
    return score_arrangement(ruleset, hand, arrangement, context)


def score_arrangement(ruleset: Any, hand: Hand, arrangement: Arrangement, context: Mapping[str, Any]) -> Score:
    """Score a winning hand in one given arrangement (which must be one of its arrangements).

    :raises MahjongError: for an impossible hand, a missing fact, or an arrangement that is
        not a reading of this hand.
    """
    tables = classical_tables(ruleset)
    hand, ctx, winner = prepare(tables, hand, dict(context, winner=True))
    if arrangement not in arrangements(hand):
        raise HandError("the arrangement is not a reading of this hand; see mahjong_core.arrangements.arrangements",
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
    points, doublings, dropped = _evaluate(tables.loser_points, tables.loser_doublings, shape, hand, ctx)
    base, doubled = _total(points), _total(doublings)
    items = _items(points) + _items(doublings)
    total, capped = _cap(tables, base << doubled, items)
    return Score(total, FAMILY, tuple(items), tuple(dropped), None, capped,
                 _raw(tables, points, doublings, base, doubled, total))


# ---------------------------------------------------------------------------
# The winner's readings
# ---------------------------------------------------------------------------
# The same list as arrangements(hand) with its default options (the classical
# family reads no knitted hands), made for a hand prepare() has already
# checked: without checking it again, with each suit's readings kept per count
# vector (a suit's tiles recur far more often than hands do), and with the
# groups and their sort keys made once.  tests/test_classical_speed_paths.py
# compares the two on many hands.

#: A group with its place in the canonical order, and whether the reading made it (not declared).
Keyed = tuple[tuple[Any, ...], Meld, bool]
_KEY = itemgetter(0)
_FORM_RANK = {form: i for i, form in enumerate(Form)}


def _made(kind: MeldKind, tiles: tuple[int, ...]) -> Keyed:
    meld = Meld(kind, tiles)
    return meld_sort_key(meld), meld, True


#: Every group a reading makes of concealed tiles, by (kind, first tile).
_GROUPS: dict[tuple[MeldKind, int], Keyed] = {
    **{(MeldKind.PUNG, k): _made(MeldKind.PUNG, (k,) * 3) for k in range(NUM_PLAYING_KINDS)},
    **{(MeldKind.PAIR, k): _made(MeldKind.PAIR, (k,) * 2) for k in range(NUM_PLAYING_KINDS)},
    **{(MeldKind.SINGLE, k): _made(MeldKind.SINGLE, (k,)) for k in range(NUM_PLAYING_KINDS)},
    **{(MeldKind.CHOW, k): _made(MeldKind.CHOW, (k, k + 1, k + 2)) for k in range(27) if k % 9 <= 6},
}
#: The suits' kinds (first, end); the honours make no chows.
_SUITS = ((0, 9), (9, 18), (18, 27), (27, NUM_PLAYING_KINDS))
#: One suit's readings by (first kind, its counts); emptied when it holds ``_MAX_SUIT_READINGS`` of them.
_SUIT_READINGS: dict[tuple[int, tuple[int, ...]], tuple[tuple[Keyed, ...], ...]] = {}
_MAX_SUIT_READINGS = 20_000


def _suit_readings(first: int, counts: tuple[int, ...]) -> tuple[tuple[Keyed, ...], ...]:
    """Every way to read one suit's tiles as pungs, chows and (when 2 more than a multiple of 3) one pair.

    Each multiset of groups comes once: at the lowest kind left, its tiles go
    to at most one pung, at most one pair and chows starting there, as
    :func:`~mahjong_core.arrangements.arrangements` reads them.  The groups
    come in canonical order as they are made: kind by kind, and within a
    kind the pair (k k), the pung (k k k), then the chows (k k+1 k+2).
    """
    key = (first, counts)
    found = _SUIT_READINGS.get(key)
    if found is not None:
        return found
    held = list(counts)
    size = len(held)
    chows_possible = first < 27
    groups: list[Keyed] = []
    readings: list[tuple[Keyed, ...]] = []

    def walk(i: int, pair_left: int) -> None:
        while i < size and not held[i]:
            i += 1
        if i == size:
            if not pair_left:
                readings.append(tuple(groups))
            return
        n = held[i]
        kind = first + i
        for pung in (0, 1):
            for pair in (0, 1) if pair_left else (0,):
                chows = n - 3 * pung - 2 * pair
                if chows < 0 or chows and not (chows_possible and i + 2 < size and held[i + 1] >= chows
                                               and held[i + 2] >= chows):
                    continue
                mark = len(groups)
                if pair:
                    groups.append(_GROUPS[MeldKind.PAIR, kind])
                if pung:
                    groups.append(_GROUPS[MeldKind.PUNG, kind])
                held[i] = 0
                if chows:
                    groups.extend([_GROUPS[MeldKind.CHOW, kind]] * chows)
                    held[i + 1] -= chows
                    held[i + 2] -= chows
                walk(i + 1, pair_left - pair)
                if chows:
                    held[i + 1] += chows
                    held[i + 2] += chows
                held[i] = n
                del groups[mark:]

    walk(0, 1 if sum(counts) % 3 == 2 else 0)
    if len(_SUIT_READINGS) >= _MAX_SUIT_READINGS:
        _SUIT_READINGS.clear()
    found = _SUIT_READINGS[key] = tuple(readings)
    return found


def _standard_groups(counts: list[int]) -> list[tuple[Keyed, ...]]:
    """Every four-sets-and-a-pair reading of the concealed tiles' counts, groups in canonical order."""
    per_suit = []
    pairs = 0
    for first, end in _SUITS:
        part = tuple(counts[first:end])
        n = sum(part)
        if not n:
            continue
        if n % 3 == 2:
            pairs += 1
        readings = _suit_readings(first, part)
        if not readings:
            return []
        per_suit.append(readings)
    if pairs != 1:
        return []
    return [sum(choice, ()) for choice in product(*per_suit)]


def winning_readings(hand: Hand) -> list[Arrangement]:
    """:func:`~mahjong_core.arrangements.arrangements` of a hand that :func:`prepare` has checked.

    Equal to ``arrangements(hand)``, element by element and in the same order.
    """
    winning = hand.winning_tile
    tiles = list(hand.concealed)
    if winning is not None:
        tiles.append(winning)
    sets = 4 - len(hand.melds)
    if sets < 0 or len(tiles) != 3 * sets + 2:
        return []
    counts = [0] * NUM_PLAYING_KINDS
    for tile in tiles:
        counts[tile] += 1
    declared: list[Keyed] = [(meld_sort_key(m), m, False) for m in hand.melds]
    found: list[tuple[int, Sequence[Keyed], int, Arrangement]] = []
    for groups in _standard_groups(counts):
        _read(found, Form.STANDARD, sorted(declared + list(groups), key=_KEY) if declared else groups, winning)
    if not declared:
        if not any(n % 2 for n in counts):
            pairs = [_GROUPS[MeldKind.PAIR, k] for k in range(NUM_PLAYING_KINDS) for _ in range(counts[k] // 2)]
            _read(found, Form.SEVEN_PAIRS, pairs, winning)
        if sum(counts[k] for k in TERMINALS_AND_HONOURS) == 14 and all(counts[k] for k in TERMINALS_AND_HONOURS):
            orphans = [_GROUPS[MeldKind.PAIR if counts[k] == 2 else MeldKind.SINGLE, k] for k in TERMINALS_AND_HONOURS]
            _read(found, Form.THIRTEEN_ORPHANS, sorted(orphans, key=_KEY), winning)
    if len(found) > 1:  # the order of arrangements(): form, then the groups' keys, then the winning group
        found.sort(key=lambda entry: (entry[0], [key for key, _, _ in entry[1]], entry[2]))
    return [entry[3] for entry in found]


def _read(found: list[tuple[int, Sequence[Keyed], int, Arrangement]], form: Form, keyed: Sequence[Keyed],
          winning: int | None) -> None:
    """Add the reading once for each group the winning tile may have completed (equal groups are one)."""
    melds = tuple(meld for _, meld, _ in keyed)
    rank = _FORM_RANK[form]
    if winning is None:
        found.append((rank, keyed, -1, Arrangement(form, melds, None)))
        return
    seen: set[int] = set()  # equal groups made by a reading are one object: the first of them holds it
    for index, (_, meld, made) in enumerate(keyed):
        if made and winning in meld.tiles and id(meld) not in seen:
            seen.add(id(meld))
            found.append((rank, keyed, index, Arrangement(form, melds, index)))


@register_family(FAMILY)
def classical_score(ruleset: Any, hand: Hand, context: Mapping[str, Any]) -> Score:
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
    readings = winning_readings(hand)
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
