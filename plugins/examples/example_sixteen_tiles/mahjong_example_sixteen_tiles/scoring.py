"""The ``tai`` scoring engine: tai added up, no doublings, five sets and a pair or eight flowers.

Every number comes from the ruleset's ``points`` table, rows
``{predicate, value, per}``: ``per: hand`` counts a row once when its
predicate holds for the reading, ``per: meld`` once for each meld that
satisfies it alone, ``per: bonus_tile`` once for each flower or season set
aside.  A hand holding all eight flowers and seasons scores the row whose
predicate is ``tai_eight_flowers`` alone ("as a winning hand, scores for any
other patterns are ignored": the ruleset's source), complete or not; every
other winning hand must make the ruleset's hand size in sets and a pair --
five and a pair for 16 tiles -- and scores its best reading.  Only the winner
is scored; a loser's score is 0 (the settlement pays on the winner's tai).
The engine is strict about its tables, as any family should be: a row it
would skip is a load error.

``raw`` carries ``tai``, what the settlement and a ``minimum_value`` read.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mahjong_core.plugin import (
    Arrangement,
    FactsRead,
    Form,
    Hand,
    HandError,
    Predicate,
    Ruleset,
    RulesetError,
    Score,
    ScoreItem,
    arrangements,
    bind,
)

__all__ = ["EIGHT_FLOWERS", "FAMILY", "TaiRow", "facts_read", "score", "sets_of", "tai_tables"]

#: The name ruleset data gives the family (``scoring.family: tai``).
FAMILY = "tai"
#: The predicate of the row that is a win, and a score, in itself.
EIGHT_FLOWERS = "tai_eight_flowers"
#: The keys of the ``scoring`` section this family and its settlement read.
SCORING_KEYS = ("family", "base", "per_tai")
_OTHER_TABLES = ("doublings", "fans", "limit_hands")
_PER = ("hand", "meld", "bonus_tile")


@dataclass(frozen=True)
class TaiRow:
    """One row of the ``points`` table, checked."""

    key: str
    predicate: Predicate
    value: int
    per: str
    source: str


def _is_count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


@functools.lru_cache(maxsize=64)
def tai_tables(ruleset: Ruleset) -> tuple[TaiRow, ...]:
    """The ruleset's ``points`` rows, checked.

    :raises RulesetError: for a table, a scoring key or a row the engine would otherwise ignore or misread.
    """
    for table in _OTHER_TABLES:
        if ruleset.table(table):
            raise RulesetError(f"the {FAMILY} scoring family reads only the points table; {table} has rows",
                               source=ruleset.location, place=f"$.{table}")
    unknown = sorted(set(ruleset.raw_tables.get("scoring", {})) - set(SCORING_KEYS))
    if unknown:
        raise RulesetError(f"the {FAMILY} scoring family reads scoring.{', scoring.'.join(SCORING_KEYS)}; "
                           f"{', '.join(unknown)} would be ignored", source=ruleset.location,
                           place=f"$.scoring.{unknown[0]}")
    rows = []
    for key, row in ruleset.table("points").items():
        place = f"$.points.{key}"
        per = row.get("per", "hand")
        if per not in _PER:
            raise RulesetError(f"the {FAMILY} engine counts a row per {', '.join(_PER)}; row {key} has per: {per}",
                               source=ruleset.location, place=place + ".per")
        if row.get("applies_to", "winner") != "winner" or "excludes" in row:
            raise RulesetError(f"the {FAMILY} engine scores the winner's hand only, with no exclusions; row {key}",
                               source=ruleset.location, place=place)
        if not _is_count(row["value"]):
            raise RulesetError(f"row {key} must be worth a whole number of tai >= 0, got {row['value']!r}",
                               source=ruleset.location, place=place + ".value")
        rows.append(TaiRow(key, bind(ruleset).predicate(row["predicate"]), row["value"], per,
                           str(ruleset.source_of(f"points.{key}"))))
    return tuple(rows)


def sets_of(ruleset: Ruleset) -> int:
    """The sets a winning hand makes besides its pair: five for a hand of 16 tiles."""
    return (int(ruleset.value("hand_size")) - 1) // 3


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts a tai score reads (its predicates read none); losers score 0."""
    read = frozenset().union(*(row.predicate.facts for row in tai_tables(ruleset)))
    return FactsRead(read, None, f"the {FAMILY} family scores the winner's hand only; a loser's is 0")


def _items(rows: tuple[TaiRow, ...], arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any]) -> list[ScoreItem]:
    items = []
    for row in rows:
        if not row.value:
            continue
        if row.per == "meld":
            count = sum(bool(row.predicate(Arrangement(arrangement.form, (meld,)), hand, ctx))
                        for meld in arrangement.melds)
        elif row.predicate(arrangement, hand, ctx):
            count = len(hand.bonus) if row.per == "bonus_tile" else 1
        else:
            count = 0
        if count:
            items.append(ScoreItem(row.key, "points", row.value, count, row.source))
    return items


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand by the ruleset's tai table (see the module docstring).

    :raises HandError: when the winner's hand is neither complete nor eight flowers.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"tai": 0})
    rows = tai_tables(ruleset)
    ctx = dict(context)
    for flag in hand.situations:  # a hand written with !self_drawn states it
        ctx[flag] = True
    ctx["self_drawn"] = bool(ctx.get("self_drawn") or ctx.get("replacement"))  # a loose tile is drawn too
    # Asked afresh each time (never cached here), so the conformance suite can pin one reading and compare.
    readings = [a for a in arrangements(hand, seven_pairs=False, thirteen_orphans=False, sets=sets_of(ruleset))
                if a.form is Form.STANDARD]
    flowers = [row for row in rows if row.predicate.name == EIGHT_FLOWERS]
    empty = Arrangement(Form.STANDARD, ())
    if flowers and flowers[0].predicate(empty, hand, ctx):
        items = _items(tuple(flowers), empty, hand, ctx)
        total = sum(item.value * item.count for item in items)
        return Score(total, FAMILY, tuple(items), arrangement=readings[0] if readings else None, raw={"tai": total})
    if not readings:
        raise HandError(f"the {FAMILY} family scores {sets_of(ruleset)} sets and a pair, or eight flowers; these "
                        f"{hand.tile_count()} tiles are neither", place="hand")
    best: tuple[int, Arrangement, list[ScoreItem]] | None = None
    for arrangement in readings:
        items = _items(rows, arrangement, hand, ctx)
        total = sum(item.value * item.count for item in items)
        if best is None or total > best[0]:
            best = (total, arrangement, items)
    assert best is not None
    total, arrangement, items = best
    limit = ruleset.value("usual_limit")
    if limit is not None and total > limit:
        return Score(int(limit), FAMILY, tuple(items), arrangement=arrangement, limit="usual_limit",
                     raw={"tai": int(limit)})
    return Score(total, FAMILY, tuple(items), arrangement=arrangement, raw={"tai": total})
