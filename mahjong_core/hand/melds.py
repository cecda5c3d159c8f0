"""Melds, hands and arrangements: the shapes every scorer reads.

These are plain frozen values so they can be hashed, compared, cached and
written into replays.  Algorithms live elsewhere (``arrangements``,
``shanten``, ``notation``); this module is the contract between them and the
scoring engines.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar


class MeldKind(StrEnum):
    """The shape of a meld; its value is the word the notation, the logs and the scorers use."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    #: One tile standing alone in a special form (thirteen orphans, knitted hands).
    SINGLE = "single"
    #: A knitted run such as 1-4-7 characters, used by the knitted forms.
    KNITTED = "knitted"


#: The seat counts the core's geometry supports: a table of two, three or four players.
MIN_SEATS, MAX_SEATS = 2, 4


def _check_seats(seats: object) -> None:
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a table of {seats!r} seats: the seat geometry supports {MIN_SEATS} to {MAX_SEATS}")


class _FourSeatTable(type):
    """Iterating over :class:`ClaimedFrom` itself gives the three sources at a four-seat table (left, across,
    right), as the four-seat enum it replaces did, so code written for four seats reads the same."""

    def __iter__(cls) -> Iterator[ClaimedFrom]:
        return iter(_FOUR_SEAT_SOURCES)

    def __len__(cls) -> int:
        return len(_FOUR_SEAT_SOURCES)


class ClaimedFrom(metaclass=_FourSeatTable):
    """Whose discard a claimed tile was: the discarder's offset from the claimer at a table of ``seats``.

    The offset counts seats after the claimer in turn order (counter-clockwise), 1 to ``seats - 1``: 1 is the
    next player (on the claimer's right), ``seats - 1`` the previous one (on the left, the only seat a chow
    comes from under ``chow_from: left``).  It is the same number a log's fold computes
    (``(discarder - claimer) mod seats``), so a meld's source means the same at two, three or four seats;
    a four-seat enum could not say "the left" at three seats, where the previous player is offset 2.

    One object exists per (offset, seats): ``ClaimedFrom(3)`` *is* ``LEFT``, so sources compare by
    identity, hash cheaply and are shared by every meld.  ``LEFT``, ``ACROSS`` and ``RIGHT`` are
    the four-seat sources, which notation and four-seat scoring items name; at any table ask
    ``is_left``, ``is_right`` and ``is_across`` instead.  At two seats the one other player is
    all three.

    :param offset: seats after the claimer, in turn order, of the discarder: 1 to ``seats - 1`` (a
        :class:`ClaimedFrom` is given back as it is).
    :param seats: players at the table, ``MIN_SEATS`` to ``MAX_SEATS``.
    :raises ValueError: for a seat count or offset outside the geometry.
    """

    __slots__ = ("offset", "seats", "is_left", "is_right", "is_across")

    offset: int
    seats: int
    #: The discarder is the previous player (the claimer's left): offset ``seats - 1``.
    is_left: bool
    #: The discarder is the next player (the claimer's right): offset 1.
    is_right: bool
    #: The discarder sits opposite: offset ``seats / 2`` (four seats, or the other player of two).
    is_across: bool

    LEFT: ClassVar[ClaimedFrom]
    ACROSS: ClassVar[ClaimedFrom]
    RIGHT: ClassVar[ClaimedFrom]

    def __new__(cls, offset: int | ClaimedFrom, seats: int = 4) -> ClaimedFrom:
        if isinstance(offset, ClaimedFrom):
            return offset  # as the enum gave back its own member (an added kong keeps its pung's source)
        known = _SOURCES.get((offset, seats))
        if known is not None:
            return known
        _check_seats(seats)
        raise ValueError(f"{offset!r} is not a valid ClaimedFrom at {seats} seats: expected an offset from 1 to "
                         f"{seats - 1} seats after the claimer")

    @classmethod
    def _make(cls, offset: int, seats: int) -> ClaimedFrom:
        source = object.__new__(cls)
        for name, value in (("offset", offset), ("seats", seats), ("is_left", offset == seats - 1),
                            ("is_right", offset == 1), ("is_across", 2 * offset == seats)):
            object.__setattr__(source, name, value)
        return source

    @classmethod
    def around(cls, seats: int = 4) -> tuple[ClaimedFrom, ...]:
        """Every source at a table of ``seats``, nearest in turn order first (offset 1 .. ``seats - 1``)."""
        _check_seats(seats)
        return tuple(_SOURCES[offset, seats] for offset in range(1, seats))

    @classmethod
    def left_of(cls, seats: int = 4) -> ClaimedFrom:
        """The previous player's discard at a table of ``seats``: where a chow comes from."""
        return cls(seats - 1, seats)

    @property
    def value(self) -> int:
        """The offset, as the four-seat enum's value was (3 the left, 2 across, 1 the right)."""
        return self.offset

    @property
    def name(self) -> str:
        """``LEFT``, ``ACROSS`` or ``RIGHT`` (the first that applies, in that order), as the enum's names."""
        return "LEFT" if self.is_left else "ACROSS" if self.is_across else "RIGHT" if self.is_right else \
            f"OFFSET_{self.offset}"

    def __int__(self) -> int:
        return self.offset

    def __index__(self) -> int:
        return self.offset

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a ClaimedFrom is immutable; {name} cannot be set")

    def __reduce__(self) -> tuple[type[ClaimedFrom], tuple[int, int]]:
        return ClaimedFrom, (self.offset, self.seats)

    def _key(self) -> tuple[int, int]:
        return self.offset, self.seats

    def __lt__(self, other: ClaimedFrom) -> bool:
        return self._key() < other._key()

    def __le__(self, other: ClaimedFrom) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: ClaimedFrom) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: ClaimedFrom) -> bool:
        return self._key() >= other._key()

    def __repr__(self) -> str:
        if self.seats == 4:
            return f"ClaimedFrom.{self.name}"
        return f"ClaimedFrom({self.offset}, seats={self.seats})"


_SOURCES: dict[tuple[int, int], ClaimedFrom] = {
    (offset, seats): ClaimedFrom._make(offset, seats)
    for seats in range(MIN_SEATS, MAX_SEATS + 1) for offset in range(1, seats)
}
type.__setattr__(ClaimedFrom, "LEFT", _SOURCES[3, 4])
type.__setattr__(ClaimedFrom, "ACROSS", _SOURCES[2, 4])
type.__setattr__(ClaimedFrom, "RIGHT", _SOURCES[1, 4])
#: The enum's order (left, across, right): what iterating over the class gives.
_FOUR_SEAT_SOURCES = (ClaimedFrom.LEFT, ClaimedFrom.ACROSS, ClaimedFrom.RIGHT)


@dataclass(frozen=True, order=True)
class Meld:
    """A set of tiles that scores as a unit.

    :param kind: chow, pung, kong, pair, single or knitted.
    :param tiles: tile kinds in ascending order.
    :param exposed: shown on the table (made with a claimed tile, or an added kong).
    :param claimed_from: whose discard completed it, for exposed melds.
    :param added: a kong made by adding a drawn tile to an exposed pung.
    :param jokers: the kinds the jokers among ``tiles`` stand for, sorted (a pung of 5p made with a joker:
        ``tiles`` 5p 5p 5p, ``jokers`` 5p); empty for a meld of playing tiles only.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    exposed: bool = False
    claimed_from: ClaimedFrom | None = None
    added: bool = False
    jokers: tuple[int, ...] = ()

    @property
    def first(self) -> int:
        return self.tiles[0]

    @property
    def is_pong(self) -> bool:
        """Pung or kong ("pong" in the seeds)."""
        return self.kind in (MeldKind.PUNG, MeldKind.KONG)

    @property
    def concealed(self) -> bool:
        return not self.exposed


class Form(StrEnum):
    """Which family of complete hands an arrangement belongs to."""

    STANDARD = "standard"  # four sets and a pair
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    #: Knitted straight (1-4-7/2-5-8/3-6-9 across three suits) + one set + a pair.
    KNITTED_STRAIGHT = "knitted_straight"
    #: Lesser/greater honours and knitted tiles: 14 singles from knitted groups and honours.
    HONOURS_AND_KNITTED = "honours_and_knitted"


@dataclass(frozen=True)
class Arrangement:
    """One way to read a complete hand.

    ``melds`` holds every group including the fixed (declared) melds, in a
    canonical order; ``winning_meld`` is the index in ``melds`` of the group the
    winning tile completed, or ``None`` when unknown.  A hand with several
    readings (111222333m = three pungs or three chows) has several
    arrangements, and a scorer keeps the one that scores highest.
    """

    form: Form
    melds: tuple[Meld, ...]
    winning_meld: int | None = None


@dataclass(frozen=True)
class Hand:
    """A player's tiles at a moment.

    :param concealed: tile kinds held in hand, sorted, not counting ``winning_tile``.
    :param melds: declared melds (exposed melds and concealed kongs).
    :param bonus: bonus tiles set aside.
    :param winning_tile: the tile that completes the hand, if one is named.
    :param situations: named facts about how the hand won (``self_drawn``,
        ``last_tile``, ``robbing_kong`` ...) for standalone scoring.
    :param marked: the playing kinds of the marked copies (red fives) among the hand's playing tiles, sorted: they
        play as their kind and a family may score them apart.
    :param jokers: jokers set aside beside the playing tiles like bonus tiles (not counted among the hand's
        tiles), where the ruleset does not play them.
    :param wild: where the ruleset plays jokers, the kinds the jokers among the concealed tiles stand for, sorted:
        ``concealed`` holds them as those kinds (a meld's own jokers are its ``Meld.jokers``).
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[int, ...] = ()
    winning_tile: int | None = None
    situations: frozenset[str] = field(default_factory=frozenset)
    marked: tuple[int, ...] = ()
    jokers: int = 0
    wild: tuple[int, ...] = ()

    def all_tiles(self) -> tuple[int, ...]:
        """Every playing tile in the hand (concealed, melds, winning tile), sorted."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        if self.winning_tile is not None:
            tiles.append(self.winning_tile)
        return tuple(sorted(tiles))

    def natural_tiles(self) -> tuple[int, ...]:
        """Every playing tile that is a copy of its kind, sorted: :meth:`all_tiles` less the kinds jokers stand
        for (``wild`` and each meld's ``jokers``), which are jokers, not copies, when tiles are counted."""
        tiles = list(self.all_tiles())
        for kind in (*self.wild, *(k for meld in self.melds for k in meld.jokers)):
            if kind in tiles:
                tiles.remove(kind)
        return tuple(tiles)

    def tile_count(self) -> int:
        """Tiles counted as a hand counts them: a kong counts as three."""
        n = len(self.concealed) + (self.winning_tile is not None)
        for meld in self.melds:
            n += 3 if meld.kind is MeldKind.KONG else len(meld.tiles)
        return n
