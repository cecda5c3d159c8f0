"""The flat scoring engine: a few points for each set, doubled when it is concealed, and points for going out.

A family small enough to read in one sitting, written only against the public
names of ``mahjong_core``, to show what a third-party engine has to do.  Every
number comes from the ruleset's data:

* ``points`` -- rows ``{predicate, value, per?}``.  ``per: meld`` counts the
  row once for every meld that satisfies the predicate on its own (the
  predicate is asked of an arrangement holding just that meld), and a
  concealed meld counts ``scoring.concealed_multiplier`` times its value;
  ``per: hand`` (the default) counts the row once when the predicate holds
  for the whole reading.
* ``scoring.concealed_multiplier`` -- how many times a concealed set counts.
  A set completed by a discard is exposed (000 line 175, through
  :func:`mahjong_core.plugin.is_exposed`).
* the ``usual_limit`` parameter caps the total where it is set, as the
  parameter promises in every ruleset.

Only four sets and a pair win: the engine reads the standard form alone, so
seven pairs or thirteen orphans are not a flat mahjong (and the game never
offers them, because no flat table names a predicate that recognises them).
Every standard reading is scored and the highest counts, the first in the
enumerator's order among equals.

Only the winner is scored; a loser's score is 0 with no items (the flat
settlement pays on the winner's points alone).  The engine is strict about
its tables, because a row it silently skipped would be a rule on the docs
page that the game does not play: rows in ``doublings``, ``fans`` or
``limit_hands``, a ``scoring`` key it does not read, a row for losers or with
``excludes`` are load errors naming the entry (an extending ruleset removes
what its parent had with ``row: null``).

``raw`` carries ``points`` (what a ``minimum_value`` of ``{points: N}``
compares against).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mahjong_core.plugin import (
    Arrangement,
    FactsRead,
    Form,
    Hand,
    HandError,
    MahjongError,
    Meld,
    Predicate,
    Ruleset,
    RulesetError,
    Score,
    ScoreItem,
    arrangements,
    bind,
    format_tiles,
    is_exposed,
    scoring_value,
)

__all__ = ["FAMILY", "SCORING_KEYS", "SITUATION_FLAGS", "FlatRow", "FlatTables", "facts_read", "flat_tables", "score",
           "situation_context"]

#: The name ruleset data gives the family (``scoring.family: flat``).
FAMILY = "flat"

#: The keys of a flat ruleset's ``scoring`` section; any other would be a value the engine ignores.
SCORING_KEYS = ("family", "concealed_multiplier", "payments")
#: Tables other families read; a flat ruleset must leave them empty.
_OTHER_TABLES = ("doublings", "fans", "limit_hands")
_PER = ("hand", "meld")
#: Boolean situation facts a notation flag may set (``!self_drawn``); the ones neither flag nor context names
#: are False, because a hand written as a string states what was true.
SITUATION_FLAGS = ("self_drawn", "replacement", "robbing_kong", "last_tile", "dealer", "first_go_around",
                   "first_discard")


@dataclass(frozen=True)
class FlatRow:
    """One row of the ``points`` table, checked: its predicate, whole points, and how often it counts."""

    key: str
    predicate: Predicate
    value: int
    per: str
    source: str


@dataclass(frozen=True)
class FlatTables:
    """A ruleset's flat tables, read and checked once."""

    rows: tuple[FlatRow, ...]
    concealed_multiplier: int


def _is_count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _scoring_entry(ruleset: Ruleset, name: str) -> Any:
    """A value of the ``scoring`` section; a located error naming the family when it is missing."""
    try:
        return scoring_value(ruleset, name)
    except RulesetError as exc:
        raise RulesetError(f"{exc.message}, which the {FAMILY} scoring family needs", source=ruleset.location,
                           place=exc.place) from None


@functools.lru_cache(maxsize=64)
def flat_tables(ruleset: Ruleset) -> FlatTables:
    """The ruleset's ``points`` rows and concealed multiplier, checked (see the module docstring for the rules).

    :raises RulesetError: for anything in the tables the engine would otherwise ignore or misread, located.
    """
    for table in _OTHER_TABLES:
        rows = ruleset.table(table)
        if rows:
            raise RulesetError(f"the {FAMILY} scoring family reads only the points table; {table} has rows "
                               f"{', '.join(sorted(rows))}, which it would ignore (remove each with `row: null`)",
                               source=ruleset.location, place=f"$.{table}")
    unknown = sorted(set(ruleset.raw_tables.get("scoring", {})) - set(SCORING_KEYS))
    if unknown:
        raise RulesetError(f"the {FAMILY} scoring family reads scoring.{', scoring.'.join(SCORING_KEYS)}; "
                           f"{', '.join(unknown)} would be ignored (remove with `key: null`)",
                           source=ruleset.location, place=f"$.scoring.{unknown[0]}")
    flat_rows = []
    for key, row in ruleset.table("points").items():
        place = f"$.points.{key}"
        per = row.get("per", "hand")
        if per not in _PER:
            raise RulesetError(f"the {FAMILY} engine counts a row per hand or per meld; row {key} has per: {per}",
                               source=ruleset.location, place=place + ".per")
        if row.get("applies_to", "winner") != "winner":
            raise RulesetError(f"the {FAMILY} engine scores only the winner's hand; row {key} applies to "
                               f"{row['applies_to']}", source=ruleset.location, place=place + ".applies_to")
        if "excludes" in row:
            raise RulesetError(f"the {FAMILY} engine has no exclusions; row {key} excludes {row['excludes']}",
                               source=ruleset.location, place=place + ".excludes")
        if not _is_count(row["value"]):
            raise RulesetError(f"row {key} must be worth a whole number of points >= 0, got {row['value']!r}",
                               source=ruleset.location, place=place + ".value")
        flat_rows.append(FlatRow(key, bind(ruleset).predicate(row["predicate"]), row["value"], per,
                            str(ruleset.source_of(f"points.{key}"))))
    multiplier = _scoring_entry(ruleset, "concealed_multiplier")
    if not _is_count(multiplier) or multiplier < 1:
        raise RulesetError(f"scoring.concealed_multiplier must be a whole number >= 1, got {multiplier!r}",
                           source=ruleset.location, place="$.scoring.concealed_multiplier.value")
    return FlatTables(tuple(flat_rows), multiplier)


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts a flat score reads (whether the tile was drawn, and each row's predicate's); losers score 0."""
    tables = flat_tables(ruleset)
    read = {"self_drawn"}.union(*(row.predicate.facts for row in tables.rows))
    return FactsRead(frozenset(read), None, f"the {FAMILY} family scores the winner's hand only; a loser's is 0")


def situation_context(hand: Hand, context: Mapping[str, Any]) -> dict[str, Any]:
    """The facts the predicates read: the caller's context, the hand's ``!flags``, and False for the rest.

    :raises MahjongError: for an unknown flag, or a robbed kong said to be self-drawn.
    """
    ctx = dict(context)
    for flag in sorted(hand.situations):
        if flag not in SITUATION_FLAGS:
            raise MahjongError(f"unknown situation flag !{flag}; the {FAMILY} engine knows "
                               f"{', '.join('!' + f for f in SITUATION_FLAGS)}", place="situations")
        ctx[flag] = True
    if ctx.get("replacement") and "self_drawn" not in ctx:
        ctx["self_drawn"] = True  # a loose tile is drawn, from the dead wall
    for flag in SITUATION_FLAGS:
        ctx[flag] = bool(ctx.get(flag, False))
    if ctx["robbing_kong"] and ctx["self_drawn"]:
        raise MahjongError("a tile robbed from a kong is not self-drawn; the situation says both",
                           place="situations")
    return ctx


def _meld_text(meld: Meld) -> str:
    tiles = format_tiles(meld.tiles)
    return f"{meld.kind.value} {'[' + tiles + ']' if meld.exposed else tiles}"


def _read(tables: FlatTables, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any]) -> list[ScoreItem]:
    """The items one reading scores: per-meld rows split into exposed and concealed melds, then hand rows."""
    self_drawn = bool(ctx["self_drawn"])
    items = []
    for row in tables.rows:
        if row.per == "hand":
            if row.value and row.predicate(arrangement, hand, ctx):
                items.append(ScoreItem(row.key, "points", row.value, 1, row.source))
            continue
        exposed: list[Meld] = []
        concealed: list[Meld] = []
        for i, meld in enumerate(arrangement.melds):
            alone = Arrangement(arrangement.form, (meld,), 0 if i == arrangement.winning_meld else None)
            if row.predicate(alone, hand, ctx):
                (exposed if is_exposed(arrangement, i, self_drawn) else concealed).append(meld)
        if exposed and row.value:
            items.append(ScoreItem(row.key, "points", row.value, len(exposed), row.source,
                                   "exposed: " + ", ".join(map(_meld_text, exposed))))
        if concealed and row.value:
            items.append(ScoreItem(row.key, "points", row.value * tables.concealed_multiplier, len(concealed),
                                   row.source, f"concealed x{tables.concealed_multiplier}: "
                                   + ", ".join(map(_meld_text, concealed))))
    return items


def _total(items: Sequence[ScoreItem]) -> int:
    return sum(item.value * item.count for item in items)


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand by the ruleset's flat tables (see the module docstring).

    :param ruleset: a resolved ruleset whose ``scoring.family`` is this family.
    :param hand: the hand; for the winner a complete hand of four sets and a pair naming its winning tile.
    :param context: situation facts; ``winner`` False scores a loser (0), absent means the winner.
    :raises HandError: when the winner's hand is not four sets and a pair.
    :raises MahjongError: for an unknown situation flag or contradictory facts.
    :raises RulesetError: for tables the engine cannot use.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"points": 0})
    tables = flat_tables(ruleset)
    ctx = situation_context(hand, context)
    # Asked afresh each time (never cached here), so the conformance suite can pin one reading and compare.
    readings = [a for a in arrangements(hand, seven_pairs=False, thirteen_orphans=False, knitted=False)
                if a.form is Form.STANDARD]
    if not readings:
        raise HandError(f"the {FAMILY} family scores only four sets and a pair; these {hand.tile_count()} tiles "
                        f"are not one", place="hand")
    best_items: list[ScoreItem] = []
    best: Arrangement | None = None
    for arrangement in readings:
        items = _read(tables, arrangement, hand, ctx)
        if best is None or _total(items) > _total(best_items):
            best, best_items = arrangement, items
    total = _total(best_items)
    limit = ruleset.value("usual_limit")
    if limit is not None and total > limit:
        return Score(int(limit), FAMILY, tuple(best_items), arrangement=best, limit="usual_limit",
                     raw={"points": int(limit), "points_before_limit": total})
    return Score(total, FAMILY, tuple(best_items), arrangement=best, raw={"points": total})
