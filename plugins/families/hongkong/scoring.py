"""The Hong Kong fan engine: a fan table, limit hands and the fan-laak table, all read from the ruleset.

Seed 000 scores a Hong Kong mahjong in two steps (lines 514-552): count the
winning hand's fan from a table, then turn the fan into points with the
fan-laak table.  Before either, the hand is checked against the special
limits (line 373), whose value *replaces* the fan count.  Every number here
comes from the ruleset's data:

* ``fans`` -- rows ``{predicate, value, per?, excludes?, applies_to?}``.  How
  often a row counts is its ``per``:

  - ``hand`` (default): once when the predicate holds for the arrangement;
  - ``meld``: once for every meld of the arrangement that satisfies it on its
    own -- the predicate is asked of an arrangement holding just that meld
    (with ``winning_meld`` 0 when it is the meld the winning tile completed),
    so "has a dragon pong" counted per meld is the number of dragon pongs;
  - ``bonus_tile``: once for every bonus tile that satisfies it on its own --
    the predicate is asked of the hand holding just that bonus tile.

  ``per: match`` is refused: a predicate answers yes or no, so it cannot count
  matches itself.  A counting row's ``excludes`` list moves the rows it names
  to the score's ``excluded`` items.  Rows ``applies_to: loser`` are not
  counted (see losers below).
* ``limit_hands`` -- rows ``{predicate, value}``; the highest that holds is
  the hand's points, the fan rows that also held are kept as excluded items.
  A hand whose flowers made the win whatever its tiles (the fact ``bonus_win``: all eight flowers, or the
  eighth taken from another seat, where a mechanism plays that) has no reading: it is scored by the limit rows
  that hold for it alone (asked of an empty arrangement), and refused if none does.
* ``scoring.fan_points`` -- bands ``{min, max, points}`` (``max: null`` opens
  the last band), which must cover every fan count from 0 up exactly once.  A
  band may add ``flat: true``: a hand in it is paid its points once by every
  loser, whoever gave the tile and however it was won (the Vietnamese chicken
  hand of no Phán: every loser pays 1), instead of by ``scoring.payments``'
  multipliers; the settlement reads it (:func:`is_flat`).

Every reading of the hand (:func:`~mahjong_core.arrangements`,
seven pairs and thirteen orphans on, knitted forms off) is scored and the
highest counts (000 line 326): the most points, then the most fan, then the
first in the enumerator's order.

``raw`` carries ``fan`` and ``points`` -- the core compares a ``minimum_value``
of ``{fan: N}`` against ``fan``.  For a limit hand ``fan`` is the fan the
limit is worth on the fan-laak table (the fewest fan paying at least its
points: 64 -> 10, 16 -> 4), because 000 line 301 equates a 2-fan minimum with
4 points and a limit always beats it; the fan actually counted is
``fan_counted``.  Where the minimum is counted without the bonus tiles
(``{fan: N, excluding_bonus_tiles: true}``), ``raw`` carries ``fan_excluding_bonus``
too: the fan less those of the rows of the category ``bonus tiles`` (a seat's
own flower, a group of four, no bonus tile, an animal); a limit hand's is its
``fan``.  Other rulesets' scores carry no such figure, so their logs are unchanged.

Losers' hands are not scored: 000 counts fan for "the winning hand" only
(line 515) and there is no settlement between losers (lines 139, 543).  A
loser's score is total 0 with no items.

Situation facts come from the caller's context (the engine's
``mahjong_win_context``) and from the hand's notation flags: ``!self_drawn``
sets ``self_drawn`` True.  Boolean facts that neither names are False -- a
hand written as a string states what was true -- and a loose tile
(``replacement``) is drawn, so it implies ``self_drawn``.  ``seat_wind`` and
``prevalent_wind`` have no default: scoring without them raises.

How a reading is read: the rows are made ready once per ruleset (:mod:`.plan`) and answered from the reading's
melds walked once (:mod:`.readers`), the same answers as asking each row's predicate; a context lacking a fact some
row declares is read row by row through the predicates, so that the row needing it raises naming it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mahjong_rulesets.families.hongkong.plan import Plan, Reading, compile_plan

from mahjong_core.plugin import (
    WINDS,
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
    TotalSteps,
    amount,
    arrangements,
    bind,
    format_tiles,
    kind_code,
    logged_items,
)

__all__ = [
    "FAMILY",
    "SITUATION_FLAGS",
    "FanBand",
    "explain_total",
    "fan_bands",
    "fan_for_points",
    "is_flat",
    "points_for_fan",
    "score",
    "scoring_entry",
    "scoring_group",
    "situation_context",
]

FAMILY = "hongkong"

#: Boolean situation facts a notation flag may set (``!self_drawn``); absent ones are False.
SITUATION_FLAGS = (
    "self_drawn",
    "dealer",
    "first_go_around",
    "first_discard",
    "last_tile",
    "replacement",
    "robbing_kong",
)
_PER = ("hand", "meld", "bonus_tile")


# --------------------------------------------------------------------------- the scoring section


def scoring_entry(ruleset: Ruleset, *path: str) -> tuple[Any, str]:
    """The value and citation of a leaf of the ruleset's ``scoring`` section (``"fan_points"``, ``"payments"``...).

    The citation reads ``"000 line 546"`` or ``"assumption: <reason>"``.

    :raises RulesetError: when the entry is missing or is a group, naming its path.
    """
    node: Any = ruleset.raw_tables.get("scoring", {})
    where = "$.scoring." + ".".join(path)
    for part in path:
        if not isinstance(node, Mapping) or part not in node:
            raise RulesetError(f"ruleset {ruleset.id!r} has no scoring entry {'.'.join(path)!r}, which the "
                               f"{FAMILY} family needs", source=ruleset.location, place=where)
        node = node[part]
    if not (isinstance(node, Mapping) and "value" in node):
        raise RulesetError(f"scoring entry {'.'.join(path)!r} must be a leaf {{value, source}}",
                           source=ruleset.location, place=where)
    return node["value"], _citation(node)


def scoring_group(ruleset: Ruleset, *path: str) -> dict[str, tuple[Any, str]]:
    """Every leaf of a group in the ``scoring`` section, by key, as ``(value, citation)``."""
    node: Any = ruleset.raw_tables.get("scoring", {})
    for part in path:
        node = node.get(part) if isinstance(node, Mapping) else None
    if not isinstance(node, Mapping) or "value" in node:
        raise RulesetError(f"ruleset {ruleset.id!r} needs a group scoring.{'.'.join(path)} for the {FAMILY} family",
                           source=ruleset.location, place="$.scoring." + ".".join(path))
    return {key: scoring_entry(ruleset, *path, key) for key in node}


def _citation(node: Mapping[str, Any]) -> str:
    if "source" in node:
        return str(node["source"])
    return f"assumption: {node.get('assumption', '')}"


@dataclass(frozen=True)
class FanBand:
    """One row of the fan-laak table: fan ``low`` to ``high`` (``None``: and more) pay ``points``; ``flat``: paid
    once by every loser, with no multiplier."""

    key: str
    low: int
    high: int | None
    points: int
    source: str
    flat: bool = False


@functools.lru_cache(maxsize=64)
def fan_bands(ruleset: Ruleset) -> tuple[FanBand, ...]:
    """The ruleset's fan-laak table, checked to cover 0, 1, 2 ... exactly once with non-decreasing points.

    :raises RulesetError: for a gap, an overlap, a band that is not ``{min, max, points}`` (and ``flat``, true or
        false), or points that fall.
    """
    bands = []
    for key, (value, source) in scoring_group(ruleset, "fan_points").items():
        place = f"$.scoring.fan_points.{key}.value"
        if not isinstance(value, Mapping) or not {"min", "max", "points"} <= set(value) <= _BAND_KEYS:
            raise RulesetError(f"a fan_points band is {{min, max, points}} (and flat: true or false), got {value!r}",
                               source=ruleset.location, place=place)
        low, high, points, flat = value["min"], value["max"], value["points"], value.get("flat", False)
        if not (_is_count(low) and (high is None or _is_count(high) and high >= low) and _is_count(points)):
            raise RulesetError(f"band {key}: min and points must be whole numbers >= 0 and max null or >= min, "
                               f"got {dict(value)!r}", source=ruleset.location, place=place)
        if not isinstance(flat, bool):
            raise RulesetError(f"band {key}: flat is true or false, got {flat!r}", source=ruleset.location,
                               place=f"{place}.flat")
        bands.append(FanBand(key, low, high, points, source, flat))
    bands.sort(key=lambda b: b.low)
    expected = 0
    for i, band in enumerate(bands):
        if band.low != expected:
            raise RulesetError(f"fan_points must cover every fan count from 0 once: band {band.key} starts at "
                               f"{band.low}, expected {expected}", source=ruleset.location,
                               place=f"$.scoring.fan_points.{band.key}")
        if i and band.points < bands[i - 1].points:
            raise RulesetError(f"fan_points must not fall as fan rise: band {band.key} pays {band.points}, less "
                               f"than {bands[i - 1].points}", source=ruleset.location,
                               place=f"$.scoring.fan_points.{band.key}")
        if band.high is None:
            if i != len(bands) - 1:
                raise RulesetError(f"band {band.key} is open-ended (max null) but is not the last band",
                                   source=ruleset.location, place=f"$.scoring.fan_points.{band.key}")
            return tuple(bands)
        expected = band.high + 1
    raise RulesetError("fan_points must end with an open band (max: null) so that every fan count pays",
                       source=ruleset.location, place="$.scoring.fan_points")


#: The keys a fan_points band may hold.
_BAND_KEYS = frozenset({"min", "max", "points", "flat"})


def is_flat(ruleset: Ruleset, score: Score) -> bool:
    """Whether a winning score is paid flat: not a limit hand, and its fan in a band marked ``flat``."""
    fan = score.raw.get("fan") if score.raw else None
    return score.limit is None and _is_count(fan) and _band_for(ruleset, int(fan)).flat  # type: ignore[arg-type]


def _is_count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _band_for(ruleset: Ruleset, fan: int) -> FanBand:
    if not _is_count(fan):
        raise MahjongError(f"a fan count is a whole number >= 0, got {fan!r}", place="fan")
    for band in fan_bands(ruleset):
        if band.high is None or fan <= band.high:
            return band
    raise AssertionError("fan_bands ends with an open band")  # pragma: no cover - fan_bands guarantees it


def points_for_fan(ruleset: Ruleset, fan: int) -> int:
    """Fan-laak points for ``fan`` fan (000 lines 545-552: 0 -> 1, 1 -> 2, ... 10+ -> 64)."""
    return _band_for(ruleset, fan).points


def fan_for_points(ruleset: Ruleset, points: int) -> int:
    """The fewest fan whose fan-laak points reach ``points`` (the top band's fan if none does)."""
    bands = fan_bands(ruleset)
    for band in bands:
        if band.points >= points:
            return band.low
    return bands[-1].low


# --------------------------------------------------------------------------- the tables


@dataclass(frozen=True)
class _Row:
    key: str
    predicate: Predicate
    value: Any
    per: str
    excludes: tuple[str, ...]
    source: str


#: The category of the fan rows whose fan a minimum ``excluding_bonus_tiles`` does not count.
BONUS_CATEGORY = "bonus tiles"


@functools.lru_cache(maxsize=64)
def bonus_rows(ruleset: Ruleset) -> frozenset[str]:
    """The keys of the fan rows about bonus tiles (category ``bonus tiles``), where the ruleset's minimum is
    counted without them; empty where it is counted with them (so no score carries the figure)."""
    minimum = ruleset.get("minimum_value")
    if not (isinstance(minimum, Mapping) and minimum.get("excluding_bonus_tiles")):
        return frozenset()
    return frozenset(key for key, row in ruleset.table("fans").items() if row.get("category") == BONUS_CATEGORY)


def _rows(ruleset: Ruleset, table: str) -> tuple[_Row, ...]:
    rows = []
    for key, row in ruleset.table(table).items():
        place = f"$.{table}.{key}"
        per = row.get("per", "hand")
        if per not in _PER:
            raise RulesetError(f"the {FAMILY} engine counts rows per {', '.join(_PER)}; row {key} has per: {per} "
                               f"(a predicate answers yes or no, so it cannot count matches)",
                               source=ruleset.location, place=place + ".per")
        if row.get("applies_to", "winner") == "loser":
            continue  # losers are not scored in Hong Kong (000 line 515)
        vocabulary = bind(ruleset)
        rows.append(_Row(key, vocabulary.predicate(row["predicate"]), row["value"], per, tuple(row.get("excludes", ())),
                         _citation(row)))
    return tuple(rows)


@functools.lru_cache(maxsize=64)
def _tables(ruleset: Ruleset) -> tuple[tuple[_Row, ...], tuple[_Row, ...]]:
    """The ruleset's fan rows and limit rows, checked once."""
    fans = _rows(ruleset, "fans")
    keys = {row.key for row in fans}
    for row in fans:
        if not _is_count(row.value):
            raise RulesetError(f"fan row {row.key} must be worth a whole number of fan, got {row.value!r}",
                               source=ruleset.location, place=f"$.fans.{row.key}.value")
        unknown = sorted(set(row.excludes) - keys)
        if unknown:
            raise RulesetError(f"fan row {row.key} excludes unknown rows {unknown}; known: {sorted(keys)}",
                               source=ruleset.location, place=f"$.fans.{row.key}.excludes")
    limits = []
    for row in _rows(ruleset, "limit_hands"):
        value = row.value
        if value == "limit":
            value = ruleset.value("usual_limit")
            if value is None:
                raise RulesetError(f"limit hand {row.key} is worth 'limit' but the ruleset has no usual limit",
                                   source=ruleset.location, place=f"$.limit_hands.{row.key}.value")
        limits.append(replace(row, value=int(value)))
    return fans, tuple(limits)


# --------------------------------------------------------------------------- situation


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The facts a winning hand's score reads: the winds, and those of every fan and limit row's predicate.

    Losing hands are not scored (000 line 515), so a loser reads nothing.
    """
    fans, limits = _tables(ruleset)
    read = {"seat_wind", "prevalent_wind"}.union(*(row.predicate.facts for row in (*fans, *limits)))
    return FactsRead(frozenset(read), None, f"the {FAMILY} family counts fan for the winning hand only "
                                            "(000 line 515) and losers do not settle among themselves "
                                            "(000 line 543): a losing hand scores 0")


def check_tables(ruleset: Ruleset) -> None:
    """Read the fan table, the fan bands and the limit rows as scoring will (cached), raising for a bad entry."""
    _tables(ruleset)
    fan_bands(ruleset)


def situation_context(hand: Hand, context: Mapping[str, Any]) -> dict[str, Any]:
    """The facts the predicates read: the caller's context, the hand's flags, and False for the rest.

    :raises MahjongError: for an unknown flag, a missing or bad seat/prevalent wind, or facts that
        contradict each other (a robbed kong is not self-drawn).
    """
    ctx = dict(context)
    for flag in sorted(hand.situations):
        if flag not in SITUATION_FLAGS:
            raise MahjongError(f"unknown situation flag !{flag}; the {FAMILY} engine knows "
                               f"{', '.join('!' + f for f in SITUATION_FLAGS)}", place="situations")
        ctx[flag] = True
    if ctx.get("replacement") and "self_drawn" not in ctx:
        ctx["self_drawn"] = True  # a loose tile is drawn from the (dead) wall
    for flag in SITUATION_FLAGS:
        ctx[flag] = bool(ctx.get(flag, False))
    for fact in ("seat_wind", "prevalent_wind"):
        if ctx.get(fact) not in WINDS:
            raise MahjongError(f"scoring a {FAMILY} hand needs {fact} in the context as a wind tile kind "
                               f"({WINDS[0]} East .. {WINDS[-1]} North), got {ctx.get(fact)!r}", place=fact)
    if ctx["replacement"] and not ctx["self_drawn"]:
        raise MahjongError("a win on a loose (replacement) tile is self-drawn; the context says self_drawn False",
                           place="self_drawn")
    if ctx["robbing_kong"] and ctx["self_drawn"]:
        raise MahjongError("a tile robbed from a kong is not self-drawn; the context says both", place="robbing_kong")
    return ctx


# --------------------------------------------------------------------------- counting


def _meld_text(meld: Meld) -> str:
    return f"{meld.kind.value} {format_tiles(meld.tiles)}"


def _count(row: _Row, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any],
           ruleset: Ruleset | None = None) -> tuple[int, str]:
    """How many times ``row`` applies, and to what (a bonus tile named by the ruleset's tile set: an animal is a
    kind of the set's own)."""
    if row.per == "meld":
        hits = [
            meld for i, meld in enumerate(arrangement.melds)
            if row.predicate(Arrangement(arrangement.form, (meld,), 0 if i == arrangement.winning_meld else None),
                             hand, ctx)
        ]
        return len(hits), ", ".join(_meld_text(m) for m in hits)
    if row.per == "bonus_tile":
        tiles = [tile for tile in hand.bonus if row.predicate(arrangement, replace(hand, bonus=(tile,)), ctx)]
        code = bind(ruleset).tiles.code if ruleset is not None and tiles else kind_code
        return len(tiles), " ".join(code(t) for t in tiles)
    return (1, "") if row.predicate(arrangement, hand, ctx) else (0, "")


@dataclass(frozen=True)
class _Reading:
    arrangement: Arrangement
    items: tuple[ScoreItem, ...]
    excluded: tuple[ScoreItem, ...]
    fan: int
    fan_counted: int
    points: int
    limit: str | None


def _fan_items(fans: Sequence[_Row], arrangement: Arrangement, hand: Hand,
               ctx: Mapping[str, Any], ruleset: Ruleset | None = None) -> tuple[list[ScoreItem], list[ScoreItem]]:
    counted: list[tuple[_Row, ScoreItem]] = []
    for row in fans:
        n, detail = _count(row, arrangement, hand, ctx, ruleset)
        if n:
            counted.append((row, ScoreItem(row.key, "fan", row.value, n, row.source, detail)))
    return _exclusions(counted)


def _exclusions(counted: list[tuple[_Row, ScoreItem]]) -> tuple[list[ScoreItem], list[ScoreItem]]:
    """The counted items that stand, and those a counted row's ``excludes`` moves aside (naming that row)."""
    excluded_by: dict[str, str] = {}
    for row, _ in counted:
        for key in row.excludes:
            excluded_by.setdefault(key, row.key)
    if not excluded_by:
        return [item for _, item in counted], []
    items = [item for row, item in counted if row.key not in excluded_by]
    excluded = [replace(item, detail=f"excluded by {excluded_by[row.key]}") for row, item in counted
                if row.key in excluded_by]
    return items, excluded


@functools.lru_cache(maxsize=64)
def _plan(ruleset: Ruleset) -> Plan:
    """The ruleset's rows made ready to read a shape (:mod:`.plan`), once."""
    return compile_plan(*_tables(ruleset))


def _read_planned(ruleset: Ruleset, plan: Plan, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any],
                  bonus: dict[int, Hand]) -> _Reading:
    """The reading scored by the plan: the same items, in the same order, as :func:`_read` gives."""
    r = Reading(ruleset, arrangement, hand, ctx, bonus)
    counted = [(row, ScoreItem(row.key, "fan", row.value, n, row.source, detail)) for row, n, detail in plan.counted(r)]
    items, excluded = _exclusions(counted)
    return _reading(ruleset, arrangement, items, excluded, plan.limits_holding(r))


def _read(ruleset: Ruleset, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any]) -> _Reading:
    """The reading scored by asking every row's predicate as a predicate (its facts checked at each call): the
    path of a context that lacks some fact a row reads, so that the row that needs it names it as it raises."""
    fans, limits = _tables(ruleset)
    items, excluded = _fan_items(fans, arrangement, hand, ctx, ruleset)
    hits = [row for row in limits if row.predicate(arrangement, hand, ctx)]
    return _reading(ruleset, arrangement, items, excluded, hits)


def _reading(ruleset: Ruleset, arrangement: Arrangement, items: list[ScoreItem], excluded: list[ScoreItem],
             hits: list[_Row]) -> _Reading:
    """The reading's points from its counted fan items and the limit rows that hold."""
    fan = sum(item.value * item.count for item in items)
    if not hits:
        band = _band_for(ruleset, fan)
        laak = ScoreItem(band.key, "points", band.points, 1, band.source, f"fan-laak: {fan} fan")
        return _Reading(arrangement, (*items, laak), tuple(excluded), fan, fan, band.points, None)
    best = max(hits, key=lambda row: row.value)  # the first of equal limits, in table order
    limit_item = ScoreItem(best.key, "limit", best.value, 1, best.source, "replaces the fan count")
    dropped = [replace(item, detail=f"replaced by limit {best.key}" + (f"; {item.detail}" if item.detail else ""))
               for item in items + excluded]
    dropped += [ScoreItem(row.key, "limit", row.value, 1, row.source, f"a limit worth more counts: {best.key}")
                for row in hits if row is not best]
    return _Reading(arrangement, (limit_item,), tuple(dropped), fan_for_points(ruleset, best.value), fan,
                    best.value, best.key)


def _bonus_win(ruleset: Ruleset, hand: Hand, ctx: Mapping[str, Any]) -> Score | None:
    """A flower win with no reading: the best limit row that holds for the hand alone, or ``None``."""
    empty = Arrangement(Form.STANDARD, ())
    hits = [row for row in _tables(ruleset)[1] if row.predicate(empty, hand, ctx)]
    if not hits:
        return None
    best = max(hits, key=lambda row: row.value)  # the first of equal limits, in table order
    item = ScoreItem(best.key, "limit", best.value, 1, best.source, "a win in itself: the hand's tiles not read")
    fan = fan_for_points(ruleset, best.value)
    raw = {"fan": fan, "points": best.value, "fan_counted": 0}
    if bonus_rows(ruleset):  # a limit hand meets any minimum, counted with the bonus tiles or without
        raw["fan_excluding_bonus"] = fan
    return Score(total=best.value, family=FAMILY, items=(item,), limit=best.key, raw=raw)


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a hand by the ruleset's Hong Kong tables (see the module docstring).

    :param ruleset: a resolved ruleset with ``fans``, ``limit_hands`` and ``scoring.fan_points``.
    :param hand: the hand; for the winner a complete hand naming its winning tile.
    :param context: situation facts; ``winner`` False scores a loser (0), absent means the winner.
    :raises HandError: when the winner's hand is not complete.
    :raises MahjongError: for missing or contradictory situation facts.
    :raises RulesetError: for tables the engine cannot use.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"fan": 0, "points": 0})
    ctx = situation_context(hand, context)
    readings = arrangements(hand, seven_pairs=True, thirteen_orphans=True, knitted=False)
    if not readings and ctx.get("bonus_win"):
        by_flowers = _bonus_win(ruleset, hand, ctx)
        if by_flowers is not None:
            return by_flowers
    if not readings:
        raise HandError(f"a {FAMILY} mahjong is four sets and a pair, seven pairs or thirteen orphans; "
                        f"{hand.tile_count()} tiles that make none of these were given", place="hand")
    plan = _plan(ruleset)
    planned = plan.facts <= ctx.keys()  # else the rows are asked as predicates: the one missing a fact raises
    bonus: dict[int, Hand] = {}
    best: _Reading | None = None
    for arrangement in readings:
        reading = (_read_planned(ruleset, plan, arrangement, hand, ctx, bonus) if planned
                   else _read(ruleset, arrangement, hand, ctx))
        if best is None or (reading.points, reading.fan) > (best.points, best.fan):
            best = reading
    assert best is not None
    raw = {"fan": best.fan, "points": best.points, "fan_counted": best.fan_counted}
    excluded_rows = bonus_rows(ruleset)
    if excluded_rows:
        raw["fan_excluding_bonus"] = best.fan if best.limit else best.fan - sum(
            item.value * item.count for item in best.items if item.kind == "fan" and item.name in excluded_rows)
    return Score(
        total=best.points,
        family=FAMILY,
        items=best.items,
        excluded=best.excluded,
        arrangement=best.arrangement,
        limit=best.limit,
        raw=raw,
    )


def explain_total(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
    """The arithmetic of a Hong Kong total for a score card: the fan added up, then turned into points by the
    fan-to-points row the engine chose (000 lines 514-552) -- or a limit hand's points in place of the fan.

    The fan-to-points row is a step, not a line that adds: it is named in the step with its source.
    """
    del units
    items = logged_items(score)
    total = int(score.get("value", 0))
    if score.get("limit"):
        return TotalSteps((f"{label(str(score['limit']))} is a limit hand: {amount(total, 'points')}, in place of "
                           f"the fan count",))
    fan = sum(int(i.get("value", 0)) * int(i.get("count", 1)) for i in items if i.get("kind") == "fan")
    bands = [k for k, i in enumerate(items) if i.get("kind") == "points"]
    if len(bands) != 1 or int(items[bands[0]].get("value", 0)) != total:
        return TotalSteps((f"total {amount(total, 'points')}, as the scoring engine gives it",) if items else ())
    band = items[bands[0]]
    return TotalSteps((f"{amount(fan, 'fan')} = {amount(total, 'points')} on the fan-to-points table "
                       f"({label(str(band.get('name')))}) [{band.get('source', '')}]",), frozenset(bands))
