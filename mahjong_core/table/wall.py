"""The wall and its ceremony: building, the dice, the break, loose tiles, the deal.

Follows the traditional rules (seed 001, lines 47-61 and 85-91; seed 000 lines
693-695 tell the same ceremony for the Chinese classical rules), driven by a
ruleset's ``wall_ceremony`` parameters (:class:`Ceremony`) and its
``exhaustive_draw_tiles_left``.

Geometry (the byte-exact version is in ``docs/prng.md``, "The wall"):

* Four sides, one per wind; side 0 is the dealer's (East), 1 South (the
  dealer's right), 2 West (opposite), 3 North (left) -- 001 line 47.  Each side
  is a row of stacks two tiles high (17 stacks for 136 tiles, 18 for 144 --
  001 line 47, 000 line 693).  Fewer players build fewer sides, one each
  (see "Two and three players" below).
* Positions on a side are counted from its owner's right end, clockwise (001
  line 53).  Clockwise from the dealer's left end comes North's right end, so
  the ring of stacks, clockwise, is side 0, side 3, side 2, side 1.
* The built wall (:attr:`Wall.order`) lists the ring clockwise from the
  dealer's right end, each stack top tile first.  A seeded wall is the tile set,
  sorted, shuffled by the deal stream's ``derive("wall")`` child.
* The first throw (the dealer's) counts its total counter-clockwise from the
  dealer, dealer = 1: side ``(total - 1) mod 4`` (001 line 51: 2, 6, 10 South;
  3, 7, 11 West; 4, 8, 12 North; 5, 9 East).  The owner of that side throws
  again and counts that many stacks clockwise from his right end; the stack
  where the count ends is the break (001 line 53).  Dice come from the deal
  stream's ``derive("dice")`` child.
* The live wall starts at the stack after the break, clockwise, and is dealt
  and drawn in that direction, top tile before bottom (001 line 57).  Its far
  end, counter-clockwise of the break, is the dead end.
* The break stack's two tiles become the loose tiles (001 line 53) and are the
  replacement tiles for kongs and bonus tiles (001 line 85); when both are
  taken, two new ones come from the end of the wall (001 line 91).  The
  exhaustive draw counts live tiles only, loose tiles excluded (001 lines 61,
  123).

Assumptions where the seeds are silent or ambiguous, each a choice recorded
here and in ``docs/prng.md``:

1. Loose tiles: of the break stack, the top tile is laid farther from the wall
   and so is taken first ("самую дальнюю от Стены", 001 line 85); a refill takes
   the two tiles of the dead-end stack, top first, and lays them the same way.
   A dead-end stack is always taken top tile first.
2. The loose tiles are replenished at once when the second is taken (001 line
   91, "когда выбраны обе"), not lazily at the next kong; so the refill lowers
   :meth:`Wall.live_count` right away.
3. Break count: 001 line 53 counts the second throw alone; 000 line 694 says
   "в сумме двух бросков", which may mean both throws added, so
   ``break_count: both_throws`` offers that reading; ``throws: 1`` uses the
   first total for both side and position.  A count longer than the side
   continues clockwise onto the next side.
4. The extra tile of the dealer is simply the next tile of the live wall
   (001 line 57, "затем ещё одну кость себе берёт лидер"), no jump.
5. A tile set whose stacks do not divide by the sides gives the first sides
   one stack more (side 0 first).
6. The wall does not refuse a draw at the exhaustive-draw threshold: whether
   the deal is over is the ``mahjong_deal_exhausted`` hook's call, whose
   default asks :meth:`Wall.is_exhausted`.  The wall refuses only when it
   has no tile to give.

Two and three players: every player builds one side, in front of him, as at
four (001 line 47).  Three-player rules say so: "The 3 players each build a
wall 18 tiles long, 2 tiles high" (Japanese Mahjong Wiki, "Sanma", Game setup,
for its 108 tiles; 144 tiles make three sides of 24 stacks).  No published
two-player ceremony is at hand, so two players do the same (an assumption: it
keeps each side a seat's own, so the second throw has a thrower, and the dice
count round the sides there are).  Side ``s`` is then the seat ``s`` places
after the dealer, the first throw counts ``(total - 1) mod sides``
counter-clockwise from the dealer, and the ring clockwise is side 0, side
``sides - 1``, ..., side 1.  A four-seat wall is unchanged.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

from mahjong_core.errors import RulesetError, WallError
from mahjong_core.hand.tiles import KINDS
from mahjong_core.table.rng import Rng

#: Kinds a wall can hold: :meth:`Wall.order_bytes` writes each tile as one byte.
MAX_KINDS = 256
#: Sides of a four-player wall in clockwise order, starting with the dealer's (side 0).
CLOCKWISE_SIDES = (0, 3, 2, 1)
DIE_SIDES = 6  # 001 line 33: dice with faces 1 to 6
BREAK_COUNTS = ("second_throw", "both_throws")


@dataclass(frozen=True)
class Ceremony:
    """The ``wall_ceremony`` parameters of a ruleset; defaults are seed 001's.

    :param dice: dice per throw (001 line 51: two).
    :param throws: 2 (001: one throw picks the side, a second the break) or 1.
    :param break_count: ``"second_throw"`` (001 line 53) or ``"both_throws"``
        (the sum of both totals; assumption 3 in the module docstring).
    :param loose_tiles: tiles kept apart at the dead end as replacement tiles
        (001 line 53: two); 0 draws replacements straight off the dead end.
    :param deal_pattern: tiles each player takes per dealing round, in turn
        from the dealer (001 line 57: 4, 4, 4, then 1).
    :param dealer_extra: tiles the dealer takes after the pattern (001: 1).
    """

    dice: int = 2
    throws: int = 2
    break_count: str = "second_throw"
    loose_tiles: int = 2
    deal_pattern: tuple[int, ...] = (4, 4, 4, 1)
    dealer_extra: int = 1

    @classmethod
    def from_params(cls, params: Mapping[str, Any] | Ceremony | None) -> Ceremony:
        """Validate ruleset data (``$.wall_ceremony``) into a ceremony.

        :raises RulesetError: naming the key, for unknown keys or bad values.
        """
        if params is None:
            return cls()
        if isinstance(params, Ceremony):
            return params
        if not isinstance(params, Mapping):
            raise RulesetError(f"wall_ceremony must be a mapping, got {params!r}", place="$.wall_ceremony")
        known = {f.name for f in fields(cls)}
        for key in params:
            if key not in known:
                raise RulesetError(
                    f"unknown wall_ceremony key {key!r}; expected some of {sorted(known)}",
                    place=f"$.wall_ceremony.{key}",
                )
        values = dict(params)
        for key, low in (("dice", 1), ("throws", 1), ("loose_tiles", 0), ("dealer_extra", 0)):
            v = values.get(key, low)
            if isinstance(v, bool) or not isinstance(v, int) or v < low:
                raise RulesetError(f"{key} must be an integer >= {low}, got {v!r}", place=f"$.wall_ceremony.{key}")
        if values.get("throws", 2) > 2:
            raise RulesetError(f"throws must be 1 or 2, got {values['throws']!r}", place="$.wall_ceremony.throws")
        if values.get("break_count", "second_throw") not in BREAK_COUNTS:
            raise RulesetError(
                f"break_count must be one of {list(BREAK_COUNTS)}, got {values['break_count']!r}",
                place="$.wall_ceremony.break_count",
            )
        if "deal_pattern" in values:
            pattern = values["deal_pattern"]
            if isinstance(pattern, str | bytes) or not isinstance(pattern, Sequence) or not pattern:
                raise RulesetError(
                    f"deal_pattern must be a non-empty list, got {pattern!r}", place="$.wall_ceremony.deal_pattern"
                )
            for i, k in enumerate(pattern):
                if isinstance(k, bool) or not isinstance(k, int) or k < 1:
                    raise RulesetError(
                        f"deal_pattern entries are positive integers, got {k!r}",
                        place=f"$.wall_ceremony.deal_pattern[{i}]",
                    )
            values["deal_pattern"] = tuple(pattern)
        return cls(**values)


class TileSource(Protocol):
    """Where tiles come from: a seeded wall (:class:`mahjong_core.table.wall.Wall`), or the tiles observed at a
    physical table (:class:`mahjong_core.log.observed_wall.ObservedWall`).

    ``events`` is what the table did (dice, dealing, loose-tile refills) since
    the deal began, and ``ceremony`` the wall ceremony's parameters (whether
    replacement tiles come from loose tiles).  ``undraw`` puts the tile just
    drawn back (a late claim took the turn); ``dead_wall_tile`` looks at a
    tile of the dead end without taking it (an indicator), ``None`` where
    the source cannot show one; ``commitment`` is the wall's hash commitment
    for the log (a seeded wall's only).
    """

    events: list[dict[str, Any]]
    ceremony: Ceremony

    def deal(self, players: int) -> list[list[int]]: ...
    def draw(self) -> int: ...
    def undraw(self) -> int: ...
    def draw_replacement(self) -> int: ...
    def live_count(self) -> int: ...
    def loose_count(self) -> int: ...
    def dead_wall_tile(self, index: int) -> int | None: ...
    def commitment(self, salt: bytes) -> str: ...


def wall_sides(players: int) -> int:
    """Sides of the wall: one per player at two to four players (the module's "Two and three players"); four
    for any other count, which only a direct caller can ask for (the loader seats two to four)."""
    return players if 2 <= players <= 4 else 4


def clockwise_sides(sides: int = 4) -> tuple[int, ...]:
    """The sides in clockwise order from the dealer's: 0, then the last side (the dealer's left) down to 1."""
    return (0, *range(sides - 1, 0, -1))


def side_lengths(tile_count: int, sides: int = 4) -> tuple[int, ...]:
    """Stacks on each side (0 first) for a tile set (assumption 5 for uneven sets)."""
    base, extra = divmod(tile_count // 2, sides)
    return tuple(base + (side < extra) for side in range(sides))


class Wall:
    """The tiles on the table during one deal.

    Build a seeded wall with ``Wall(tile_set, deal_rng, ceremony)``, a recorded
    one with ``Wall.from_order``.  Then ``deal``, then ``draw`` and
    ``draw_replacement`` until the deal ends.  ``events`` lists what
    the table did (build, dice, break, loose tiles, deal, refills) as JSON-ready
    dicts for the replay log.
    """

    __slots__ = (
        "ceremony",
        "players",
        "exhaustive_draw_tiles_left",
        "events",
        "order",
        "throws",
        "_tile_set",
        "_seq",
        "_head",
        "_tail",
        "_loose",
        "_out",
        "_dealt",
        "_cut",
    )

    def __init__(
        self,
        tile_set: Iterable[int],
        rng: Rng,
        ceremony: Mapping[str, Any] | Ceremony | None = None,
        *,
        players: int = 4,
        exhaustive_draw_tiles_left: int = 0,
    ) -> None:
        """Shuffle ``tile_set`` (sorted first) with ``rng.derive("wall")`` and
        perform the ceremony with dice from ``rng.derive("dice")``.

        ``rng`` itself is not consumed, so the engine may derive other streams
        from the same deal stream.
        """
        tiles = sorted(tile_set)
        rng.derive("wall").shuffle(tiles)
        dice_rng = rng.derive("dice")
        ceremony = Ceremony.from_params(ceremony)
        self._setup(tiles, tiles, ceremony, players, exhaustive_draw_tiles_left)
        self._ceremony(lambda: dice_rng.dice(ceremony.dice, DIE_SIDES))

    @classmethod
    def from_order(
        cls,
        order: Sequence[int],
        ceremony: Mapping[str, Any] | Ceremony | None = None,
        *,
        dice: Sequence[Sequence[int]] | None = None,
        tile_set: Iterable[int] | None = None,
        players: int = 4,
        exhaustive_draw_tiles_left: int = 0,
    ) -> Wall:
        """A wall whose order is known: a recorded physical game, or a test.

        :param order: the built wall, in :attr:`order` layout (ring clockwise
            from the dealer's right end, top tile first in each stack).
        :param dice: the throws as recorded (``[[3, 5], [2, 6]]``), checked
            against the ceremony; ``None`` skips the ceremony and breaks before
            the first stack, so ``order`` is then simply the draw order: the
            deal starts at ``order[0]`` and the loose tiles are the last stack.
        :param tile_set: the ruleset's set; when given, ``order`` must hold
            exactly its tiles.
        :raises WallError: for a wall that is not the tile set, or bad dice.
        """
        ceremony = Ceremony.from_params(ceremony)
        tiles = list(order)
        for i, kind in enumerate(tiles):
            if isinstance(kind, bool) or not isinstance(kind, int) or not 0 <= kind < MAX_KINDS:
                raise WallError(f"not a tile kind: {kind!r}", place=f"wall[{i}]")
        reference = sorted(tile_set) if tile_set is not None else sorted(tiles)
        if tile_set is not None and Counter(tiles) != Counter(reference):
            missing = Counter(reference) - Counter(tiles)
            extra = Counter(tiles) - Counter(reference)
            raise WallError(
                f"the wall is not the tile set: missing {_codes(missing.elements())}, extra {_codes(extra.elements())}",
                place="wall",
            )
        wall = cls.__new__(cls)
        wall._setup(tiles, reference, ceremony, players, exhaustive_draw_tiles_left)
        if dice is None:
            wall._open(len(tiles) // 2 - 1)
        else:
            throws = [list(t) for t in dice]
            if len(throws) != ceremony.throws:
                raise WallError(f"the ceremony has {ceremony.throws} throws, got {len(throws)}", place="dice")
            for i, throw in enumerate(throws):
                if len(throw) != ceremony.dice:
                    raise WallError(f"a throw is {ceremony.dice} dice, got {throw!r}", place=f"dice[{i}]")
                for j, value in enumerate(throw):
                    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= DIE_SIDES:
                        raise WallError(f"a die shows 1 to {DIE_SIDES}, got {value!r}", place=f"dice[{i}][{j}]")
            recorded = iter(throws)
            wall._ceremony(lambda: tuple(next(recorded)))
        return wall

    # -- building ---------------------------------------------------------

    def _setup(self, order: list[int], tile_set: list[int], ceremony: Ceremony, players: int, threshold: int) -> None:
        if len(order) < 8 or len(order) % 2:
            raise WallError(f"a wall is stacks of two on four sides: need an even count >= 8, got {len(order)}")
        if isinstance(players, bool) or not isinstance(players, int) or players < 1:
            raise WallError(f"players must be a positive integer, got {players!r}")
        if isinstance(threshold, bool) or not isinstance(threshold, int) or threshold < 0:
            raise RulesetError(
                f"exhaustive_draw_tiles_left must be a non-negative integer, got {threshold!r}",
                place="$.exhaustive_draw_tiles_left",
            )
        self.ceremony = ceremony
        self.players = players
        self.exhaustive_draw_tiles_left = threshold
        self.order: tuple[int, ...] = tuple(order)
        self.throws: tuple[tuple[int, ...], ...] = ()
        self._tile_set = tile_set
        self._out: list[int] = []
        self._loose: list[int] = []
        self._dealt = False
        self.events: list[dict[str, Any]] = [
            {"type": "build", "tiles": len(order), "sides": list(side_lengths(len(order), wall_sides(players)))}
        ]

    def _ceremony(self, throw: Callable[[], tuple[int, ...]]) -> None:
        """Dice, break and loose tiles (001 lines 51-53)."""
        c = self.ceremony
        first = throw()
        sides = wall_sides(self.players)
        side = (sum(first) - 1) % sides
        self.events.append({"type": "dice", "thrower": 0, "values": list(first)})
        throws = [first]
        count = sum(first)
        if c.throws == 2:
            second = throw()
            throws.append(second)
            self.events.append({"type": "dice", "thrower": side, "values": list(second)})
            count = sum(second) + (count if c.break_count == "both_throws" else 0)
        self.throws = tuple(throws)
        lengths = side_lengths(len(self.order), sides)
        start = 0
        for s in clockwise_sides(sides):
            if s == side:
                break
            start += lengths[s]
        self._open((start + count - 1) % (len(self.order) // 2))

    def _open(self, stack: int) -> None:
        """Break the ring at global stack ``stack`` (0-based, clockwise from
        the dealer's right end) and lay out the loose tiles."""
        sides = wall_sides(self.players)
        lengths = side_lengths(len(self.order), sides)
        side, position = 0, stack + 1
        for s in clockwise_sides(sides):
            if position <= lengths[s]:
                side = s
                break
            position -= lengths[s]
        cut = 2 * (stack + 1)
        self._cut = cut
        self._seq = list(self.order[cut:] + self.order[:cut])
        self._head = 0
        self._tail = len(self._seq)
        self.events.append({"type": "break", "side": side, "position": position})
        self._refill(refill=False)

    def _refill(self, *, refill: bool = True) -> None:
        """Take the loose tiles from the dead end (assumption 1)."""
        k = min(self.ceremony.loose_tiles, self._tail - self._head)
        if k:
            taken = [self._take_tail() for _ in range(k)]
            taken.reverse()  # next loose tile at the end, for list.pop()
            self._loose = taken
            self.events.append({"type": "loose", "count": k, "refill": refill})

    # -- taking tiles -----------------------------------------------------

    def _take_tail(self) -> int:
        """One tile off the dead end: the top of a full stack first."""
        seq, t = self._seq, self._tail
        if t - 2 >= self._head and t % 2 == 0:
            tile = seq[t - 2]
            seq[t - 2] = seq[t - 1]  # the bottom tile now ends the wall
        else:
            tile = seq[t - 1]
        self._tail = t - 1
        return tile

    def deal(self, players: int | None = None) -> list[list[int]]:
        """Deal the starting hands (001 line 57); ``hands[0]`` is the dealer's.

        Each round of ``deal_pattern``, the players take their tiles in turn
        from the dealer (East, South, West, North); then the dealer takes
        ``dealer_extra`` more.  Tiles are in the order taken.
        """
        if self._dealt:
            raise WallError("the wall has already been dealt")
        p = self.players if players is None else players
        c = self.ceremony
        need = p * sum(c.deal_pattern) + c.dealer_extra
        if need > self._tail - self._head:
            raise WallError(f"the deal needs {need} tiles, the live wall has {self._tail - self._head}")
        self._dealt = True
        seq, h = self._seq, self._head
        hands: list[list[int]] = [[] for _ in range(p)]
        events = self.events
        for k in c.deal_pattern:
            for seat in range(p):
                hands[seat] += seq[h : h + k]
                h += k
                events.append({"type": "deal", "seat": seat, "count": k})
        if c.dealer_extra:
            hands[0] += seq[h : h + c.dealer_extra]
            h += c.dealer_extra
            events.append({"type": "deal", "seat": 0, "count": c.dealer_extra})
        self._out += seq[self._head : h]
        self._head = h
        return hands

    def draw(self) -> int:
        """The next tile of the live wall.

        :raises WallError: when the live wall is empty.
        """
        h = self._head
        if h >= self._tail:
            raise WallError("the live wall is empty")
        self._head = h + 1
        tile = self._seq[h]
        self._out.append(tile)
        return tile

    def undraw(self) -> int:
        """Put the last tile drawn from the live wall back on it and return it.

        001 line 109 lets a pung or kong be claimed after the next player has
        drawn, until that player's discard covers the tile; the drawn tile then
        goes back, and is the next tile drawn.

        :raises WallError: when the last tile given out was not a live draw.
        """
        h = self._head
        if not self._out or h == 0 or self._out[-1] != self._seq[h - 1]:
            raise WallError("the last tile given out was not drawn from the live wall")
        self._out.pop()
        self._head = h - 1
        return self._seq[h - 1]

    def draw_replacement(self) -> int:
        """A replacement tile for a kong or a bonus tile (001 lines 85-91).

        The next loose tile, refilling both from the dead end once both are
        taken; with ``loose_tiles: 0``, straight off the dead end.

        :raises WallError: when no tile is left to give.
        """
        if self.ceremony.loose_tiles == 0:
            if self._tail <= self._head:
                raise WallError("no replacement tile left")
            tile = self._take_tail()
        else:
            if not self._loose:
                raise WallError("no replacement tile left")
            tile = self._loose.pop()
            if not self._loose:
                self._refill()
        self._out.append(tile)
        return tile

    # -- state --------------------------------------------------------------

    def live_count(self) -> int:
        """Tiles left in the live wall, the loose tiles not counted (001 line 61)."""
        return self._tail - self._head

    def loose_count(self) -> int:
        """Loose tiles lying ready as replacements."""
        return len(self._loose)

    def dead_wall_tile(self, index: int) -> int:
        """Look at a tile of the dead end without taking it: a tile a rule turns face up (riichi's dora indicator).

        ``index`` counts tiles from the far end of the wall as it was broken, in the order they would be taken
        off that end (assumption 1): 0 is the top of the last stack, 1 its bottom, 2 the top of the stack before.
        The position is the wall's, not the live count's: taking replacement tiles off the end does not move
        the tiles behind them, as a real table's indicators stay where they lie.  A rule that keeps a dead wall
        of fixed size says so as data (``loose_tiles: 0`` and an ``exhaustive_draw_tiles_left`` of that size:
        each replacement taken off the end then ends the live wall one tile sooner), so its indicators are
        never drawn.

        :raises WallError: for a position off the wall, or one whose tile has been given out (drawn, dealt,
            taken as a replacement or laid out as a loose tile).
        """
        n = len(self.order)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
            raise WallError(f"the wall has {n} tiles; no tile {index!r} from its dead end")
        position = n - 2 - 2 * (index // 2) + index % 2  # in the wall as broken: the ring from the break on
        if index < n - self._tail or position < self._head:
            raise WallError(f"tile {index} from the dead end has been taken; it can no longer be looked at")
        return self.order[(self._cut + position) % n]

    def is_exhausted(self) -> bool:
        """Whether the exhaustive-draw threshold is reached (001 line 123: 14 left)."""
        return self._tail - self._head <= self.exhaustive_draw_tiles_left

    @property
    def tile_set(self) -> Sequence[int]:
        """The tiles this wall was built from (the game's ``mahjong_tile_set`` answer), in no particular order;
        the same object for the wall's whole deal."""
        return self._tile_set

    def remaining(self) -> list[int]:
        """Tiles still on the table: the live wall from the drawing end, then
        the loose tiles in the order they would be taken."""
        return self._seq[self._head : self._tail] + self._loose[::-1]

    def taken(self) -> list[int]:
        """Every tile the wall has given out, in order (deal, draws, replacements)."""
        return list(self._out)

    def verify(self) -> None:
        """Conservation: tiles given out plus tiles remaining are the tile set.

        :raises WallError: naming the tiles that differ.
        """
        now = Counter(self._out) + Counter(self.remaining())
        want = Counter(self._tile_set)
        if now != want:
            raise WallError(
                f"tiles not conserved: missing {_codes((want - now).elements())}, "
                f"extra {_codes((now - want).elements())}"
            )

    def order_bytes(self) -> bytes:
        """The built wall as committed: one byte per tile, its kind index, in
        :attr:`order` layout."""
        if self.order and max(self.order) > 255:  # once a deal: max in C, not a generator's 144 steps
            raise WallError("a wall commitment encodes tile kinds as one byte; this set has kinds above 255")
        return bytes(self.order)

    def commitment(self, salt: bytes) -> str:
        """``SHA-256(salt || order_bytes())`` in lower-case hex.

        Written at the start of a deal, with the salt revealed at its end, it
        proves the wall was fixed before the first tile moved.
        """
        return hashlib.sha256(bytes(salt) + self.order_bytes()).hexdigest()


def _codes(kinds: Iterable[int]) -> str:
    codes = [KINDS[k].code if 0 <= k < len(KINDS) else str(k) for k in kinds]
    return " ".join(codes) if codes else "none"
