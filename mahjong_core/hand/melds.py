"""Melds, hands and arrangements: the shapes every scorer reads.

These are plain frozen values so they can be hashed, compared, cached and
written into replays.  Algorithms live elsewhere (``arrangements``,
``shanten``, ``notation``); this module is the contract between them and the
scoring engines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum


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


class ClaimedFrom(IntEnum):
    """Seat a claimed tile came from, relative to the claimer (turn order)."""

    LEFT = 3  # the previous player; the only seat a chow may come from
    ACROSS = 2
    RIGHT = 1


@dataclass(frozen=True, order=True)
class Meld:
    """A set of tiles that scores as a unit.

    :param kind: chow, pung, kong, pair, single or knitted.
    :param tiles: tile kinds in ascending order.
    :param exposed: shown on the table (made with a claimed tile, or an added kong).
    :param claimed_from: whose discard completed it, for exposed melds.
    :param added: a kong made by adding a drawn tile to an exposed pung.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    exposed: bool = False
    claimed_from: ClaimedFrom | None = None
    added: bool = False

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
    :param jokers: jokers held, set aside beside the playing tiles like bonus tiles (not counted among the hand's
        tiles) until the rules for playing them exist.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[int, ...] = ()
    winning_tile: int | None = None
    situations: frozenset[str] = field(default_factory=frozenset)
    marked: tuple[int, ...] = ()
    jokers: int = 0

    def all_tiles(self) -> tuple[int, ...]:
        """Every playing tile in the hand (concealed, melds, winning tile), sorted."""
        tiles = list(self.concealed)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        if self.winning_tile is not None:
            tiles.append(self.winning_tile)
        return tuple(sorted(tiles))

    def tile_count(self) -> int:
        """Tiles counted as a hand counts them: a kong counts as three."""
        n = len(self.concealed) + (self.winning_tile is not None)
        for meld in self.melds:
            n += 3 if meld.kind is MeldKind.KONG else len(meld.tiles)
        return n
