"""A ruleset's fan and limit rows made ready once, to be asked of a reading's :class:`~.readers.Shape`.

The engine scores every win a seat could make before letting it win, so the
rows are read thousands of times a game.  Each row is turned, once per
ruleset, into a test that answers as asking its predicate would
(``scoring._count``): its fast reader where :mod:`.readers` has one, else its
predicate's function called directly.  Called directly, a predicate's facts
are not checked at each call, so the scorer takes this path only for a
context holding every fact any row declares (:attr:`Plan.facts`), and asks
the rows as predicates otherwise, where the first row missing a fact raises
naming it, as it always has.

A row counted per meld asks an arrangement of one meld, a row counted per
bonus tile a hand of one bonus tile: these are built once a reading (the
melds) or once a score (the bonus tiles), not once a row.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from mahjong_rulesets.families.hongkong.readers import MELD_READERS, READERS, TILE_READERS, Reader, Shape

from mahjong_core.plugin import Arrangement, Hand, Meld, Predicate, Ruleset, bind, format_tiles

if TYPE_CHECKING:
    from mahjong_rulesets.families.hongkong.scoring import _Row

__all__ = ["Plan", "Reading", "compile_plan"]

#: A counted row: how many times it applies and to what (``scoring._count``'s answer).
Count = tuple[int, str]
_NONE: Count = (0, "")


class Reading:
    """One arrangement of one score, as the rows read it: its shape, and the arrangements of its single melds and
    the hands of single bonus tiles, each built when a row first asks for it."""

    __slots__ = ("_bonus", "_singles", "ctx", "hand", "ruleset", "shape")

    def __init__(self, ruleset: Ruleset, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, Any],
                 bonus: dict[int, Hand]) -> None:
        self.ruleset, self.hand, self.ctx = ruleset, hand, ctx
        self.shape = Shape(arrangement)
        self._singles: list[Arrangement] | None = None
        self._bonus = bonus  # shared by the score's readings: the hands of one bonus tile depend on no reading

    def single(self, index: int) -> Arrangement:
        """The arrangement holding meld ``index`` alone (``winning_meld`` 0 where the winning tile completed it)."""
        if self._singles is None:
            arrangement = self.shape.arrangement
            form, winning = arrangement.form, arrangement.winning_meld
            self._singles = [Arrangement(form, (meld,), 0 if i == winning else None)
                             for i, meld in enumerate(arrangement.melds)]
        return self._singles[index]

    def with_bonus(self, tile: int) -> Hand:
        """The hand holding bonus tile ``tile`` alone."""
        found = self._bonus.get(tile)
        if found is None:
            found = self._bonus[tile] = replace(self.hand, bonus=(tile,))
        return found


RowCount = Callable[[Reading], Count]
PredicateFn = Callable[[Arrangement, Hand, Mapping[str, Any]], Any]
#: A row ready to read: the row, its predicate's fast reader (or ``None``), its function, and for a row counted
#: per meld or per bonus tile its count (``None`` for a row counted once a hand).
Step = tuple["_Row", Reader | None, PredicateFn, RowCount | None]


@dataclass(frozen=True)
class Plan:
    """The rows ready to read, in table order."""

    #: Every fact a row's predicate declares: a context holding them all is read by this plan.
    facts: frozenset[str]
    fans: tuple[Step, ...]
    limits: tuple[Step, ...]

    def counted(self, r: Reading) -> list[tuple[_Row, int, str]]:
        """The fan rows that apply to the reading, each with how many times and to what (``scoring._count``)."""
        shape, hand, ctx = r.shape, r.hand, r.ctx
        arrangement, plain = shape.arrangement, shape.plain
        found: list[tuple[_Row, int, str]] = []
        for row, fast, fn, count in self.fans:
            if count is not None:
                n, detail = count(r)
                if n:
                    found.append((row, n, detail))
            elif fast(shape, hand, ctx) if fast is not None and plain else fn(arrangement, hand, ctx):
                found.append((row, 1, ""))
        return found

    def limits_holding(self, r: Reading) -> list[_Row]:
        """The limit rows that hold for the reading, in table order."""
        shape, hand, ctx = r.shape, r.hand, r.ctx
        arrangement, plain = shape.arrangement, shape.plain
        return [row for row, fast, fn, _ in self.limits
                if (fast(shape, hand, ctx) if fast is not None and plain else fn(arrangement, hand, ctx))]


def _meld_text(meld: Meld) -> str:
    return f"{meld.kind.value} {format_tiles(meld.tiles)}"


def _per_meld(predicate: Predicate) -> RowCount:
    fn, fast = predicate.fn, MELD_READERS.get(predicate)

    def count(r: Reading) -> Count:
        melds = r.shape.melds
        if fast is not None:
            hits = [meld for meld in melds if fast(meld)]
        else:
            hits = [meld for i, meld in enumerate(melds) if fn(r.single(i), r.hand, r.ctx)]
        return (len(hits), ", ".join(_meld_text(m) for m in hits)) if hits else _NONE

    return count


def _per_bonus_tile(predicate: Predicate) -> RowCount:
    fn, fast = predicate.fn, TILE_READERS.get(predicate)

    def count(r: Reading) -> Count:
        bonus = r.hand.bonus
        if not bonus:
            return _NONE
        if fast is not None:
            tiles = [tile for tile in bonus if fast(tile, r.ctx)]
        else:
            arrangement = r.shape.arrangement
            tiles = [tile for tile in bonus if fn(arrangement, r.with_bonus(tile), r.ctx)]
        if not tiles:
            return _NONE
        code = bind(r.ruleset).tiles.code
        return len(tiles), " ".join(code(t) for t in tiles)

    return count


_COUNTS: dict[str, Callable[[Predicate], RowCount]] = {"meld": _per_meld, "bonus_tile": _per_bonus_tile}


def _step(row: _Row, per: str) -> Step:
    predicate = row.predicate
    count = _COUNTS.get(per)
    return row, (READERS.get(predicate) if count is None else None), predicate.fn, (count and count(predicate))


def compile_plan(fans: Sequence[_Row], limits: Sequence[_Row]) -> Plan:
    """The plan of checked fan and limit rows (``scoring._tables``)."""
    facts = frozenset().union(*(row.predicate.facts for row in (*fans, *limits)))
    # a limit row holds or not for the whole reading, whatever its per says (scoring._read)
    return Plan(facts, tuple(_step(row, row.per) for row in fans), tuple(_step(row, "hand") for row in limits))

