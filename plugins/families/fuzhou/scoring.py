"""The Fuzhou scoring engine: flowers (花) counted onto a base, doubled when self-drawn, and one special hand.

The sum as the cited source gives it (kityou, "the first way of counting"), every number from the ruleset's data:

* ``scoring.base`` -- the base (底) every win starts from;
* ``points`` -- the flowers, rows ``{predicate, value, per}``: ``per: gold`` counts a row for each gold the winner
  holds, ``per: bonus_tile`` for each bonus tile, ``per: meld`` for each set, ``per: flower_group`` for each whole
  group of four bonus tiles, ``per: hand`` once (:mod:`.predicates`);
* ``scoring.self_drawn_doublings`` -- how many times base and flowers double on a self-drawn win or a robbed kong
  (a robbed gold and three golds count as self-drawn: their ``mahjong`` says so);
* ``limit_hands`` -- the special hands, rows ``{predicate, value}``: they do not combine, so the largest that holds
  is added to the doubled sum.  Three golds win whatever the tiles (:mod:`.family`), so a hand holding three golds
  is scored without a complete reading.

Every reading of the hand as its sets and a pair is scored and the highest counts.  Only the winner is scored; a
loser's score is 0.  ``raw`` carries ``flowers`` (base and flowers before the doubling) and ``special``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from mahjong_rulesets.families import table_values
from mahjong_rulesets.families.fuzhou.predicates import golds
from mahjong_rulesets.families.fuzhou.settlement import multipliers
from mahjong_rulesets.families.table_values import citation, is_count

from mahjong_core.plugin import (
    FLOWERS,
    SEASONS,
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

__all__ = ["FAMILY", "UNITS", "check_tables", "explain_total", "facts_read", "score", "scoring_number"]

#: The name ruleset data gives the family (``scoring.family: fuzhou``).
FAMILY = "fuzhou"
#: The keys of the ``scoring`` section this family and its settlement read.
SCORING_KEYS = ("family", "base", "self_drawn_doublings", "payments")
#: Boolean situation facts a notation flag may set (``!self_drawn``); absent ones are False.
SITUATION_FLAGS = ("self_drawn", "dealer", "first_go_around", "first_discard", "replacement", "robbing_kong",
                   "robbing_gold")
_PER = ("hand", "meld", "bonus_tile", "gold", "flower_group")
#: The unit of each kind of item a Fuzhou score holds (a score card reads it).
UNITS = {"points": "points", "doubling": "doublings", "extra": "points"}


@dataclass(frozen=True)
class Row:
    """One row of the ``points`` or ``limit_hands`` table, checked."""

    key: str
    predicate: Predicate
    value: int
    per: str
    source: str




def scoring_number(ruleset: Ruleset, key: str) -> tuple[int, str]:
    """A whole number >= 0 of the ruleset's ``scoring`` section, with its citation (:mod:`..table_values`)."""
    return table_values.scoring_number(ruleset, key, FAMILY)


def _rows(ruleset: Ruleset, table: str) -> tuple[Row, ...]:
    rows = []
    vocabulary = bind(ruleset)
    for key, row in ruleset.table(table).items():
        place = f"$.{table}.{key}"
        per = row.get("per", "hand")
        if per not in _PER or (table == "limit_hands" and per != "hand"):
            raise RulesetError(f"the {FAMILY} engine counts {table} rows per {', '.join(_PER)} (special hands per "
                               f"hand); row {key} has per: {per}", source=ruleset.location, place=place + ".per")
        if not is_count(row.get("value")):
            raise RulesetError(f"row {key} must be worth a whole number of points >= 0, got {row.get('value')!r}",
                               source=ruleset.location, place=place + ".value")
        rows.append(Row(key, vocabulary.predicate(row["predicate"]), row["value"], per, citation(row)))
    return tuple(rows)


@functools.lru_cache(maxsize=64)
def _tables(ruleset: Ruleset) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
    """The flower rows and the special hands, checked once."""
    for table in ("doublings", "fans"):
        if ruleset.table(table):
            raise RulesetError(f"the {FAMILY} family counts flowers from the points table; {table} has rows",
                               source=ruleset.location, place=f"$.{table}")
    unknown = sorted(set(ruleset.raw_tables.get("scoring", {})) - set(SCORING_KEYS))
    if unknown:
        raise RulesetError(f"the {FAMILY} family reads scoring.{', scoring.'.join(SCORING_KEYS)}; "
                           f"{', '.join(unknown)} would be ignored", source=ruleset.location,
                           place=f"$.scoring.{unknown[0]}")
    for key in ("base", "self_drawn_doublings"):
        scoring_number(ruleset, key)
    multipliers(ruleset)
    return _rows(ruleset, "points"), _rows(ruleset, "limit_hands")


def check_tables(ruleset: Ruleset) -> None:
    """Read the tables as scoring will (cached), raising for a bad entry."""
    _tables(ruleset)


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts a winning hand's score reads: the self-drawn fact and those of every row's predicate."""
    points, specials = _tables(ruleset)
    read = {"self_drawn", "robbing_kong"}.union(*(row.predicate.facts for row in (*points, *specials)))
    return FactsRead(frozenset(read), None, f"the {FAMILY} family scores the winner's hand only; a loser's is 0 "
                                            "(the discarder, or every loser of a self-drawn win, pays the winner)")


def situation_context(hand: Hand, context: Mapping[str, Any]) -> dict[str, Any]:
    """The facts the predicates read: the caller's context, the hand's flags, and False for the rest.

    :raises MahjongError: for an unknown flag.
    """
    ctx = dict(context)
    for flag in sorted(hand.situations):
        if flag not in SITUATION_FLAGS:
            raise MahjongError(f"unknown situation flag !{flag}; the {FAMILY} engine knows "
                               f"{', '.join('!' + f for f in SITUATION_FLAGS)}", place="situations")
        ctx[flag] = True
    if ctx.get("replacement") or ctx.get("robbing_gold"):
        ctx["self_drawn"] = True  # a loose tile is drawn from the (dead) wall; a robbed gold counts as self-drawn
    for flag in SITUATION_FLAGS:
        ctx[flag] = bool(ctx.get(flag, False))
    return ctx


def _groups(hand: Hand) -> list[tuple[int, ...]]:
    """The whole groups of four bonus tiles the winner holds: the flowers, the seasons, four of one honour."""
    held = list(hand.bonus)
    groups = [tuple(g) for g in (FLOWERS, SEASONS) if set(g) <= set(held)]
    groups += [(kind,) * 4 for kind in sorted(set(held)) if held.count(kind) == 4]
    return groups


def _count(row: Row, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any]) -> tuple[int, str]:
    if row.per == "meld":
        hits = [m for m in arrangement.melds if row.predicate(Arrangement(arrangement.form, (m,)), hand, ctx)]
        return len(hits), ", ".join(f"{m.kind.value} {kind_code(m.first)}" for m in hits)
    if row.per == "bonus_tile":
        tiles = [t for t in hand.bonus if row.predicate(arrangement, replace(hand, bonus=(t,)), ctx)]
        return len(tiles), " ".join(kind_code(t) for t in tiles)
    if row.per == "flower_group":
        groups = [g for g in _groups(hand) if row.predicate(arrangement, replace(hand, bonus=g), ctx)]
        return len(groups), ", ".join(" ".join(kind_code(t) for t in g) for g in groups)
    if row.per == "gold":
        n = golds(hand) if row.predicate(arrangement, hand, ctx) else 0
        return n, ""
    return (1, "") if row.predicate(arrangement, hand, ctx) else (0, "")


def _read(ruleset: Ruleset, points: tuple[Row, ...], specials: tuple[Row, ...], arrangement: Arrangement,
          hand: Hand, ctx: Mapping[str, Any]) -> tuple[int, list[ScoreItem], list[ScoreItem], dict[str, int]]:
    base, base_source = scoring_number(ruleset, "base")
    items = [ScoreItem("base", "points", base, 1, base_source)] if base else []
    for row in points:
        n, detail = _count(row, arrangement, hand, ctx)
        if n and row.value:
            items.append(ScoreItem(row.key, "points", row.value, n, row.source, detail))
    flowers = sum(item.value * item.count for item in items)
    doubled = flowers
    if ctx["self_drawn"] or ctx["robbing_kong"]:
        times, source = scoring_number(ruleset, "self_drawn_doublings")
        if times:
            items.append(ScoreItem("self_drawn", "doubling", times, 1, source,
                                   "robbing a kong" if ctx["robbing_kong"] else "self-drawn"))
            doubled = flowers << times
    hits = [row for row in specials if row.value and row.predicate(arrangement, hand, ctx)]
    excluded: list[ScoreItem] = []
    special = 0
    if hits:
        best = max(hits, key=lambda row: row.value)  # the first of equal values, in table order
        special = best.value
        items.append(ScoreItem(best.key, "extra", best.value, 1, best.source))
        excluded = [ScoreItem(row.key, "extra", row.value, 1, row.source, f"excluded by {best.key}: the special "
                              "hands do not combine") for row in hits if row is not best]
    return doubled + special, items, excluded, {"flowers": flowers, "special": special}


def _sets(ruleset: Ruleset) -> int:
    return (int(ruleset.value("hand_size")) - 1) // 3


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand by the ruleset's tables (see the module docstring).

    :raises HandError: when the winner's hand is neither complete nor three golds.
    :raises MahjongError: for an unknown situation flag.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"points": 0})
    points, specials = _tables(ruleset)
    bonus = bind(ruleset).tiles.bonus
    held = [*hand.concealed, *(t for m in hand.melds for t in m.tiles)]
    if hand.winning_tile is not None:
        held.append(hand.winning_tile)
    flowers = sorted({t for t in held if t in bonus})
    if flowers:  # honours are flowers here: a hand that plays one as a tile is no hand of the ruleset
        raise HandError(f"{kind_code(flowers[0])} is a flower under {ruleset.id}, set aside as drawn: no hand plays "
                        "it", place="hand")
    ctx = situation_context(hand, context)
    readings = [a for a in arrangements(hand, seven_pairs=False, thirteen_orphans=False, sets=_sets(ruleset))
                if a.form is Form.STANDARD] if not hand.jokers else []
    if not readings:
        if golds(hand) < 3:
            raise HandError(f"the {FAMILY} family scores {_sets(ruleset)} sets and a pair, or three golds; these "
                            f"{hand.tile_count()} tiles are neither", place="hand")
        readings = [Arrangement(Form.STANDARD, tuple(hand.melds))]
    best: tuple[int, Arrangement, list[ScoreItem], list[ScoreItem], dict[str, int]] | None = None
    for arrangement in readings:
        total, items, excluded, raw = _read(ruleset, points, specials, arrangement, hand, ctx)
        if best is None or total > best[0]:
            best = (total, arrangement, items, excluded, raw)
    assert best is not None
    total, arrangement, items, excluded, raw = best
    return Score(total, FAMILY, tuple(items), tuple(excluded), arrangement=arrangement,
                 raw={**raw, "points": total})


def explain_total(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
    """The arithmetic of a Fuzhou total: base and flowers added, doubled when self-drawn, the special hand added."""
    del units, label
    items = logged_items(score)
    flowers = [int(i.get("value", 0)) * int(i.get("count", 1)) for i in items if i.get("kind") == "points"]
    doublings = sum(int(i.get("value", 0)) for i in items if i.get("kind") == "doubling")
    special = sum(int(i.get("value", 0)) for i in items if i.get("kind") == "extra")
    if not flowers and not special:
        return TotalSteps(())
    text = f"({' + '.join(str(f) for f in flowers) or '0'})"
    if doublings:
        text += f" x {1 << doublings}"
    if special:
        text += f" + {special}"
    return TotalSteps((f"{text} = {amount(int(score.get('value', 0)), 'points')}",))
