"""The Taiwanese tai engine: tai (台) added up from the ruleset's table, no doublings, flower wins as limits.

Every number comes from the ruleset's data:

* ``points`` -- the tai rows ``{predicate, value, per?, excludes?}``.  ``per: hand`` (default) counts a row once
  when its predicate holds for the reading, ``per: meld`` once for each set that satisfies it alone (asked of an
  arrangement holding that set), ``per: bonus_tile`` once for each flower or season that satisfies it alone
  (asked of the hand holding that tile).  A row's ``excludes`` names rows that do not count when it does
  (concealed self-drawn is worth 3 in place of concealed 1 and self-drawn 1): they move to the score's
  ``excluded`` items, with the row that excluded them.
* ``limit_hands`` -- rows ``{predicate, value}`` that are a win and a score in themselves (eight flowers): when one
  holds, its value is the hand's tai and every other row is ignored, complete hand or not.
* ``scoring.dealer_tai`` and ``scoring.dealer_repeat_tai`` -- the dealer's tai (莊家) and the tai for each deal the
  dealer has kept (連莊 and 拉莊): a dealer who has kept the deal N times wins ``dealer_tai + N *
  dealer_repeat_tai``.  The count is the context's ``dealer_repeats`` (the family's ``mahjong_win_context`` gives
  it from the table; ``mahjong score`` takes ``--fact dealer_repeats=N``), 0 when absent.  The same tai are paid
  by a dealer who loses (:mod:`.settlement`).

Every reading of the hand as five sets and a pair (for 16 tiles: the ruleset's hand size) is scored and the
most tai count.  Only the winner is scored; a loser's score is 0.  ``raw`` carries ``tai``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from mahjong_rulesets.families import table_values
from mahjong_rulesets.families.table_values import citation, is_count

from mahjong_core.plugin import (
    WINDS,
    Arrangement,
    FactsRead,
    Form,
    Hand,
    HandError,
    MahjongError,
    Predicate,
    Ruleset,
    RulesetError,
    Score,
    ScoreItem,
    TotalSteps,
    amount,
    arrangements,
    bind,
    kind_code,
    logged_items,
)

__all__ = ["FAMILY", "SITUATION_FLAGS", "TaiRow", "check_tables", "dealer_tai", "explain_total", "facts_read",
           "score", "scoring_number", "situation_context"]

#: The name ruleset data gives the family (``scoring.family: taiwanese``).
FAMILY = "taiwanese"
#: The keys of the ``scoring`` section this family and its settlement read.
SCORING_KEYS = ("family", "base", "per_tai", "dealer_tai", "dealer_repeat_tai")
#: Boolean situation facts a notation flag may set (``!self_drawn``); absent ones are False.
SITUATION_FLAGS = ("self_drawn", "dealer", "first_go_around", "first_discard", "last_tile", "replacement",
                   "robbing_kong")
_PER = ("hand", "meld", "bonus_tile")
#: The unit of each kind of item a tai score holds (a score card reads it): every amount is tai.
UNITS = {"points": "tai", "limit": "tai"}


@dataclass(frozen=True)
class TaiRow:
    """One row of the ``points`` or ``limit_hands`` table, checked."""

    key: str
    predicate: Predicate
    value: int
    per: str
    excludes: tuple[str, ...]
    source: str




def scoring_number(ruleset: Ruleset, key: str) -> tuple[int, str]:
    """A whole number >= 0 of the ruleset's ``scoring`` section, with its citation (:mod:`..table_values`)."""
    return table_values.scoring_number(ruleset, key, FAMILY)


def _rows(ruleset: Ruleset, table: str) -> tuple[TaiRow, ...]:
    rows = []
    vocabulary = bind(ruleset)
    for key, row in ruleset.table(table).items():
        place = f"$.{table}.{key}"
        per = row.get("per", "hand")
        if per not in _PER or (table == "limit_hands" and per != "hand"):
            raise RulesetError(f"the {FAMILY} engine counts {table} rows per {', '.join(_PER)} (limits per hand); "
                               f"row {key} has per: {per}", source=ruleset.location, place=place + ".per")
        if row.get("applies_to", "winner") != "winner":
            raise RulesetError(f"the {FAMILY} engine scores the winner's hand only; row {key} applies to "
                               f"{row['applies_to']}", source=ruleset.location, place=place + ".applies_to")
        if not is_count(row["value"]):
            raise RulesetError(f"row {key} must be worth a whole number of tai >= 0, got {row['value']!r}",
                               source=ruleset.location, place=place + ".value")
        rows.append(TaiRow(key, vocabulary.predicate(row["predicate"]), row["value"], per,
                           tuple(row.get("excludes", ())), citation(row)))
    return tuple(rows)


@functools.lru_cache(maxsize=64)
def _tables(ruleset: Ruleset) -> tuple[tuple[TaiRow, ...], tuple[TaiRow, ...]]:
    """The tai rows and the limit rows, checked once."""
    for table in ("doublings", "fans"):
        if ruleset.table(table):
            raise RulesetError(f"the {FAMILY} family adds tai from the points table; {table} has rows",
                               source=ruleset.location, place=f"$.{table}")
    unknown = sorted(set(ruleset.raw_tables.get("scoring", {})) - set(SCORING_KEYS))
    if unknown:
        raise RulesetError(f"the {FAMILY} family reads scoring.{', scoring.'.join(SCORING_KEYS)}; "
                           f"{', '.join(unknown)} would be ignored", source=ruleset.location,
                           place=f"$.scoring.{unknown[0]}")
    points = _rows(ruleset, "points")
    keys = {row.key for row in points}
    for row in points:
        bad = sorted(set(row.excludes) - keys)
        if bad:
            raise RulesetError(f"tai row {row.key} excludes unknown rows {bad}; known: {sorted(keys)}",
                               source=ruleset.location, place=f"$.points.{row.key}.excludes")
    limits = _rows(ruleset, "limit_hands")
    for row in limits:
        if row.excludes:
            raise RulesetError(f"limit row {row.key} replaces every other row; it needs no excludes",
                               source=ruleset.location, place=f"$.limit_hands.{row.key}.excludes")
    for key in ("dealer_tai", "dealer_repeat_tai"):
        scoring_number(ruleset, key)
    return points, limits


def check_tables(ruleset: Ruleset) -> None:
    """Read the tables as scoring will (cached), raising for a bad entry."""
    _tables(ruleset)


def dealer_tai(ruleset: Ruleset, repeats: int) -> int:
    """The dealer's tai after keeping the deal ``repeats`` times: 1 + 2N under the usual table."""
    return scoring_number(ruleset, "dealer_tai")[0] + repeats * scoring_number(ruleset, "dealer_repeat_tai")[0]


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts a winning hand's score reads: the winds, the dealer, and those of every row's predicate."""
    points, limits = _tables(ruleset)
    read = {"seat_wind", "prevalent_wind", "dealer"}.union(*(row.predicate.facts for row in (*points, *limits)))
    return FactsRead(frozenset(read), None, f"the {FAMILY} family scores the winner's hand only; a loser's is 0 "
                                            "(the discarder, or every loser of a self-drawn win, pays the winner)")


def situation_context(hand: Hand, context: Mapping[str, Any]) -> dict[str, Any]:
    """The facts the predicates read: the caller's context, the hand's flags, and False for the rest; the win's
    ``how`` from its flags where the caller gives none.

    :raises MahjongError: for an unknown flag, a missing seat or round wind, or a dealer repeat count that is
        not a whole number >= 0.
    """
    ctx = dict(context)
    for flag in sorted(hand.situations):
        if flag not in SITUATION_FLAGS:
            raise MahjongError(f"unknown situation flag !{flag}; the {FAMILY} engine knows "
                               f"{', '.join('!' + f for f in SITUATION_FLAGS)}", place="situations")
        ctx[flag] = True
    if ctx.get("replacement"):
        ctx["self_drawn"] = True  # a loose tile is drawn from the (dead) wall
    for flag in SITUATION_FLAGS:
        ctx[flag] = bool(ctx.get(flag, False))
    if ctx.get("how") is None:  # a hand scored alone: its way from its flags (a robbed flower is a game's alone)
        ctx["how"] = next((how for how in ("replacement", "self_drawn", "robbing_kong") if ctx[how]), "discard")
    for fact in ("seat_wind", "prevalent_wind"):
        if ctx.get(fact) not in WINDS:
            raise MahjongError(f"scoring a {FAMILY} hand needs {fact} in the context as a wind tile kind, got "
                               f"{ctx.get(fact)!r}", place=fact)
    repeats = ctx.get("dealer_repeats", 0)
    if not is_count(repeats):
        raise MahjongError(f"dealer_repeats is the deals the dealer has kept, a whole number >= 0, got {repeats!r}",
                           place="dealer_repeats")
    ctx["dealer_repeats"] = repeats if ctx["dealer"] else 0
    return ctx


def _count(row: TaiRow, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any]) -> tuple[int, str]:
    if row.per == "meld":
        hits = [meld for i, meld in enumerate(arrangement.melds)
                if row.predicate(Arrangement(arrangement.form, (meld,), 0 if i == arrangement.winning_meld else None),
                                 hand, ctx)]
        return len(hits), ", ".join(f"{m.kind.value} {kind_code(m.first)}" for m in hits)
    if row.per == "bonus_tile":
        tiles = [t for t in hand.bonus if row.predicate(arrangement, replace(hand, bonus=(t,)), ctx)]
        return len(tiles), " ".join(kind_code(t) for t in tiles)
    return (1, "") if row.predicate(arrangement, hand, ctx) else (0, "")


def _dealer_items(ruleset: Ruleset, ctx: Mapping[str, Any]) -> list[ScoreItem]:
    if not ctx["dealer"]:
        return []
    value, source = scoring_number(ruleset, "dealer_tai")
    items = [ScoreItem("dealer", "points", value, 1, source)]
    repeats = int(ctx["dealer_repeats"])
    if repeats:
        each, source = scoring_number(ruleset, "dealer_repeat_tai")
        items.append(ScoreItem("dealer_repeats", "points", each, repeats, source, f"the deal kept {repeats} times"))
    return [item for item in items if item.value]


def _read(ruleset: Ruleset, points: tuple[TaiRow, ...], arrangement: Arrangement, hand: Hand,
          ctx: Mapping[str, Any]) -> tuple[int, list[ScoreItem], list[ScoreItem]]:
    counted: list[tuple[TaiRow, ScoreItem]] = []
    for row in points:
        n, detail = _count(row, arrangement, hand, ctx)
        if n and row.value:
            counted.append((row, ScoreItem(row.key, "points", row.value, n, row.source, detail)))
    excluded_by: dict[str, str] = {}
    for row, _ in counted:
        for key in row.excludes:
            excluded_by.setdefault(key, row.key)
    items = _dealer_items(ruleset, ctx) + [item for row, item in counted if row.key not in excluded_by]
    excluded = [replace(item, detail=f"excluded by {excluded_by[row.key]}") for row, item in counted
                if row.key in excluded_by]
    return sum(item.value * item.count for item in items), items, excluded


def _sets(ruleset: Ruleset) -> int:
    return (int(ruleset.value("hand_size")) - 1) // 3


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand by the ruleset's tai table (see the module docstring).

    :raises HandError: when the winner's hand is neither complete nor a flower win.
    :raises MahjongError: for missing situation facts.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"tai": 0})
    points, limits = _tables(ruleset)
    ctx = situation_context(hand, context)
    readings = [a for a in arrangements(hand, seven_pairs=False, thirteen_orphans=False, sets=_sets(ruleset))
                if a.form is Form.STANDARD]
    empty = Arrangement(Form.STANDARD, ())
    hits = [row for row in limits if row.predicate(readings[0] if readings else empty, hand, ctx)]
    if hits:
        best_limit = max(hits, key=lambda row: row.value)  # the first of equal limits, in table order
        item = ScoreItem(best_limit.key, "limit", best_limit.value, 1, best_limit.source,
                         "a win in itself: every other pattern is ignored")
        return Score(best_limit.value, FAMILY, (item,), arrangement=readings[0] if readings else None,
                     limit=best_limit.key, raw={"tai": best_limit.value})
    if not readings:
        raise HandError(f"the {FAMILY} family scores {_sets(ruleset)} sets and a pair, or a flower win; these "
                        f"{hand.tile_count()} tiles are neither", place="hand")
    best: tuple[int, Arrangement, list[ScoreItem], list[ScoreItem]] | None = None
    for arrangement in readings:
        total, items, excluded = _read(ruleset, points, arrangement, hand, ctx)
        if best is None or total > best[0]:
            best = (total, arrangement, items, excluded)
    assert best is not None
    total, arrangement, items, excluded = best
    limit = ruleset.value("usual_limit")
    if limit is not None and total > int(limit):
        return Score(int(limit), FAMILY, tuple(items), tuple(excluded), arrangement=arrangement,
                     limit="usual_limit", raw={"tai": int(limit), "tai_counted": total})
    return Score(total, FAMILY, tuple(items), tuple(excluded), arrangement=arrangement, raw={"tai": total})


def explain_total(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
    """The arithmetic of a tai total for a score card: the tai added up, or a flower win's tai in their place."""
    del units
    total = int(score.get("value", 0))
    if score.get("limit") and score.get("limit") != "usual_limit":
        return TotalSteps((f"{label(str(score['limit']))} is a win in itself: {amount(total, 'tai')}, every other "
                           f"pattern ignored",))
    items = logged_items(score)
    parts = [f"{int(i.get('value', 0)) * int(i.get('count', 1))}" for i in items]
    if not parts:
        return TotalSteps(())
    return TotalSteps((f"{' + '.join(parts)} = {amount(total, 'tai')}",))
