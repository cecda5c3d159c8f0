"""Predicates that only the classical scoring tables name, and the shape every classical row reads.

They are this family's :data:`VOCABULARY`, which its plugin contributes to
every classical ruleset, so a table naming one of them validates the same way.  Each
name starts with ``cl_`` so that another family's module registering a
similar idea under a plain name (``self_drawn``, ``dragon_pong``) can never
collide with these at import time.  Where a shared predicate of
:mod:`mahjong_rulesets.hands.predicates` fits (``pure_suit``, ``half_flush``,
``no_chows``, ``all_chows``, ``all_simples``, ``concealed``,
``all_terminals_and_honours``, ``all_honours``, ``little_four_winds``,
``big_four_winds``, ``three_great_scholars``) the tables name it directly.

Counting predicates
-------------------
A classical row may apply more than once: a set's points once per matching
set (``per: meld``), a wind pong's doubling once per wind it matches
(``per: match``: own *and* prevalent wind doubles twice, 000 line 470), a
bonus tile's points once per tile (``per: bonus_tile``).  Such a row names a
*counting* predicate: :func:`counting_predicate` registers ``count(arrangement,
hand, ctx) -> int`` in :data:`COUNTERS` and, as an ordinary predicate, "the
count is not zero".  The engine multiplies the row's value by the count.

Exposure
--------
A group held concealed but completed by a discarded winning tile counts as
exposed (000 line 175: a mahjong from the table is open); a pair never does
(the scoring tables have no exposed pair).  Only the winner's arrangement has
a winning group, so ``self_drawn`` is read only there; a loser's groups are
exposed exactly when they were declared so.

Shapes and readers
------------------
A classical table asks twenty to forty rows about each hand the engine
scores, four hands a deal, and nearly every row asks the same few things:
which pongs and pairs the arrangement holds, how many chows, how many sets of
each scoring kind, which suits and honours its tiles show.  So those facts
are gathered once, in one pass, into a :class:`Shape` (with the tiles'
:class:`TileFacts`), and each row *reads* the shape instead of walking the
groups again.  A reader is ``read(shape, hand, ctx)`` and answers exactly
what its predicate answers about the shape's arrangement.

The predicates of this module are written as readers (:func:`shape_predicate`
registers the predicate on an arrangement, which builds the shape and asks
the reader), so each rule is stated once.  :data:`READERS` also holds
readers for the shared and Piter predicates the classical tables name; those
restate their predicate, and tests/plugins/families/classical/test_classical_speed_paths.py holds each
to its predicate on many hands.  A row whose predicate has no reader calls
the predicate itself.

Facts
-----
Besides the situation facts every family may read (:func:`mahjong_core.plugin.check_facts`
names them) these predicates read ``calling_from_start`` (the engine's win context supplies it; 001 line 139)
and, optionally, ``last_loose_tile`` (002 line 100), which the core's win
context does not supply yet: when it is absent it reads as false.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mahjong_rulesets.families.classical.named_hands import VOCABULARY as NAMED_HANDS
from mahjong_rulesets.hands.predicates import VOCABULARY as CORE

from mahjong_core.plugin import (
    DRAGONS,
    EAST,
    FLOWERS,
    GREENS,
    NUM_PLAYING_KINDS,
    SEASONS,
    TERMINALS_AND_HONOURS,
    WINDS,
    Arrangement,
    Form,
    Hand,
    Meld,
    MeldKind,
    Predicate,
    Vocabulary,
    bonus_seat,
    check_facts,
    is_honour,
    is_simple,
    is_suited,
    is_terminal,
    is_terminal_or_honour,
    number_of,
    require_facts,
    winning_tile_of,
)

CountFn = Callable[[Arrangement, Hand, Mapping[str, object]], int]
TestFn = Callable[[Arrangement, Hand, Mapping[str, object]], bool]

#: Facts read when present and taken as false when absent (the core does not supply them yet).
OPTIONAL_FACTS = ("last_loose_tile",)
#: The ``riichi_declaration`` mechanism's facts: a declaration's (a classical ruleset's ready declaration such as
#: Korea's uper) and the first go-around's it tells with it (a win on the dealt hand, on the first draw, on a discard
#: before it: Korea's heavenly, earthly and human hands).  A row may read them, and a context that does not hold them
#: -- a hand scored by hand with no ``--riichi`` or ``--tenhou``, a game where nothing was declared -- reads them
#: false, as ``mahjong score`` reads a situation flag not given.
DECLARATION_FACTS = ("riichi", "double_riichi", "open_riichi", "tenhou", "chiihou", "renhou")

__all__ = [
    "COUNTERS",
    "OPTIONAL_FACTS",
    "DECLARATION_FACTS",
    "CENSUS_KEYS",
    "READERS",
    "Counter",
    "Reader",
    "FastReader",
    "Shape",
    "TileFacts",
    "classical_predicate",
    "counting_predicate",
    "hand_tiles",
    "shape_of",
    "shape_predicate",
]


@dataclass(frozen=True)
class Counter:
    """How many times a counting predicate's row applies to a hand.

    :param name: the predicate's name.
    :param fn: ``count(arrangement, hand, ctx) -> int``.
    :param facts: the ``ctx`` keys it reads.
    """

    name: str
    fn: CountFn
    facts: tuple[str, ...] = ()

    def __call__(self, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
        require_facts(self.name, self.facts, ctx)
        return int(self.fn(arrangement, hand, ctx))


#: What this module adds to the vocabulary of every classical ruleset (through the family's plugin).
VOCABULARY = Vocabulary()

#: Counting predicates, keyed by the predicate object a table row resolves its name to.
COUNTERS: dict[Predicate, Counter] = {}


def _register(vocabulary: Vocabulary, name: str, fn: TestFn, description: str, facts: Iterable[str]) -> Predicate:
    return vocabulary.add(Predicate(name, fn, description, check_facts(name, facts)))


def classical_predicate(name: str, *, description: str, facts: Iterable[str] = (),
                        vocabulary: Vocabulary = VOCABULARY) -> Callable[[TestFn], TestFn]:
    """Add a yes/no predicate to ``vocabulary`` (this family's, or a ruleset's own, such as Piter's)."""

    def register(fn: TestFn) -> TestFn:
        _register(vocabulary, name, fn, description, facts)
        return fn

    return register


def counting_predicate(name: str, *, description: str, facts: Iterable[str] = (),
                       vocabulary: Vocabulary = VOCABULARY) -> Callable[[CountFn], CountFn]:
    """Add ``count`` to :data:`COUNTERS`, and to ``vocabulary`` as the predicate "the count is not zero"."""

    def register(count: CountFn) -> CountFn:
        def test(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
            return count(arrangement, hand, ctx) > 0

        test.__module__ = count.__module__
        test.__qualname__ = f"{count.__qualname__}.test"
        test.__doc__ = count.__doc__
        predicate = _register(vocabulary, name, test, description, facts)
        COUNTERS[predicate] = Counter(name, count, predicate.facts)
        return count

    return register


# ---------------------------------------------------------------------------
# Shapes: the facts of an arrangement, gathered once
# ---------------------------------------------------------------------------

#: A set's scoring kind: (pung or kong, scores as exposed, terminal-or-honour).
SetKey = tuple[MeldKind, bool, bool]

# Class bits of a playing tile; a bag's OR says "some tile is", its AND "every tile is".
_SUIT_BITS = 0b111  # one bit per suit: characters 1, dots 2, bamboo 4
_HONOUR, _TERMINAL, _SIMPLE, _MAJOR, _SUITED, _GREEN, _PLAYING = (1 << n for n in range(3, 10))
_ALL_BITS = (1 << 10) - 1
_ONE_SUIT = (1, 2, 4)
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)


def _class_bits(kind: int) -> int:
    bits = 1 << (kind // 9) if is_suited(kind) else 0
    for flag, test in ((_HONOUR, is_honour), (_TERMINAL, is_terminal), (_SIMPLE, is_simple),
                       (_MAJOR, is_terminal_or_honour), (_SUITED, is_suited), (_GREEN, GREENS.__contains__)):
        if test(kind):
            bits |= flag
    if is_suited(kind) or is_honour(kind):
        bits |= _PLAYING
    return bits


_BITS = tuple(_class_bits(kind) for kind in range(NUM_PLAYING_KINDS))


class TileFacts:
    """What a bag of playing tiles shows: how many, and which classes some tile and every tile belong to.

    Every tile-content predicate (one suit, all honours, all simples ...)
    is a question about these two masks, and every arrangement of a hand
    holds the same tiles, so a winner's hand is read once for all its
    arrangements.

    :param tiles: playing tiles (kinds 0-33), as a checked hand holds them.
    """

    __slots__ = ("count", "every", "some", "tiles")

    def __init__(self, tiles: Sequence[int]) -> None:
        some, every = 0, _ALL_BITS
        for tile in tiles:
            bits = _BITS[tile]
            some |= bits
            every &= bits
        self.tiles = tiles
        self.count = len(tiles)
        self.some = some
        self.every = every

    @property
    def one_suit(self) -> bool:
        """Some tiles, every one suited, all of one suit (the shared predicates' ``_one_suit_only``)."""
        return self.count > 0 and bool(self.every & _SUITED) and (self.some & _SUIT_BITS) in _ONE_SUIT

    def every_tile(self, flag: int) -> bool:
        """Some tiles, and every one of the class ``flag`` (the shared predicates' "all tiles are ...")."""
        return self.count > 0 and bool(self.every & flag)


def hand_tiles(hand: Hand) -> TileFacts:
    """The :class:`TileFacts` of a hand's playing tiles: those of every one of its arrangements."""
    tiles = list(hand.concealed)
    for meld in hand.melds:
        tiles += meld.tiles
    if hand.winning_tile is not None:
        tiles.append(hand.winning_tile)
    return TileFacts(tiles)


class Shape:
    """The facts of one arrangement that the classical rows read (see "Shapes and readers").

    :param arrangement: the arrangement, or ``None`` for a losing hand read
        straight from its tiles (no row that needs the groups themselves is
        read then).
    :param tiles: the :class:`TileFacts` of all its tiles.
    :param standard: four sets and a pair (``Form.STANDARD``).
    :param groups: how many groups, singles included.
    :param chows: how many chows.
    :param kongs: how many kongs.
    :param pongs: the tile of each pung or kong, in no particular order.
    :param pairs: the tile of each pair, in no particular order.
    :param census: pungs and kongs counted by :data:`SetKey`.
    :param hidden_pongs: pungs and kongs that score as concealed.
    :param exposed: some group was declared exposed.
    :param winning: the group the winning tile completed, if any.
    """

    __slots__ = ("arrangement", "census", "chows", "exposed", "groups", "hidden_pongs", "kongs", "pairs", "pongs",
                 "standard", "tiles", "winning")

    def __init__(self, arrangement: Arrangement | None, tiles: TileFacts, standard: bool, groups: int, chows: int,
                 kongs: int, pongs: list[int], pairs: list[int], census: dict[SetKey, int], hidden_pongs: int,
                 exposed: bool, winning: Meld | None) -> None:
        self.arrangement = arrangement
        self.tiles = tiles
        self.standard = standard
        self.groups = groups
        self.chows = chows
        self.kongs = kongs
        self.pongs = pongs
        self.pairs = pairs
        self.census = census
        self.hidden_pongs = hidden_pongs
        self.exposed = exposed
        self.winning = winning

    @classmethod
    def start(cls, arrangement: Arrangement | None, tiles: TileFacts, standard: bool, winning: Meld | None) -> Shape:
        """A shape with no group counted yet: :meth:`add` each group of the reading."""
        return cls(arrangement, tiles, standard, 0, 0, 0, [], [], {}, 0, False, winning)

    def add(self, kind: MeldKind, first: int, shown: bool, declared: bool) -> None:
        """Count one group whose first tile is ``first``.

        :param shown: it scores as exposed (declared so, or completed by a discarded winning tile).
        :param declared: it was declared exposed.
        """
        self.groups += 1
        if declared:
            self.exposed = True
        if kind is MeldKind.PUNG or kind is MeldKind.KONG:
            self.pongs.append(first)
            if kind is MeldKind.KONG:
                self.kongs += 1
            if not shown:
                self.hidden_pongs += 1
            key = (kind, shown, is_terminal_or_honour(first))
            self.census[key] = self.census.get(key, 0) + 1
        elif kind is MeldKind.CHOW:
            self.chows += 1
        elif kind is MeldKind.PAIR:
            self.pairs.append(first)


def shape_of(arrangement: Arrangement, ctx: Mapping[str, object], tiles: TileFacts | None = None) -> Shape:
    """The arrangement's :class:`Shape`, in one pass over its groups.

    :param tiles: the hand's tile facts when the caller has them already (they are the same for
        every arrangement of a hand); else they are read from the groups.
    """
    self_drawn = ctx.get("self_drawn", False)
    win = arrangement.winning_meld
    melds = arrangement.melds
    if tiles is None:
        tiles = TileFacts([t for meld in melds for t in meld.tiles])
    shape = Shape.start(arrangement, tiles, arrangement.form is Form.STANDARD, None if win is None else melds[win])
    for i, meld in enumerate(melds):
        kind, declared = meld.kind, meld.exposed
        # A concealed group completed by a discarded winning tile scores as exposed (a pair never does).
        shape.add(kind, meld.tiles[0], declared or (i == win and kind is not MeldKind.PAIR and not self_drawn),
                  declared)
    return shape


# ---------------------------------------------------------------------------
# Readers
# ---------------------------------------------------------------------------

Reader = Callable[[Shape, Hand, Mapping[str, object]], Any]


@dataclass(frozen=True)
class FastReader:
    """A reader standing in for a predicate, on the shape the engine built once.

    :param read: ``read(shape, hand, ctx)``, the count for a counting predicate, else true or false.
    :param arrangement: the reader needs ``shape.arrangement`` itself (a losing hand is then read
        into a real arrangement first).
    """

    read: Reader
    arrangement: bool = False


#: Readers keyed by the predicate object they stand for: a table row uses one exactly when its name resolves,
#: in that ruleset's vocabulary, to that very object (a rename keeps it, a redefinition does not inherit it).
READERS: dict[Predicate, FastReader] = {}


def add_reader(predicate: Predicate, read: Reader, *, arrangement: bool = False) -> Reader:
    """Let the engine answer ``predicate`` with ``read`` on the shape (a ruleset module may add its own)."""
    READERS[predicate] = FastReader(read, arrangement)
    return read


def shape_predicate(name: str, *, description: str, facts: Iterable[str] = (), counting: bool = False,
                    vocabulary: Vocabulary = VOCABULARY) -> Callable[[Reader], CountFn]:
    """Register a predicate written as a reader: the reader in :data:`READERS`, the predicate in the registry.

    The registered predicate builds the arrangement's shape and asks the
    reader, so a table naming it validates, documents and answers as any
    other predicate; the engine asks the reader on the shape it built once.
    """

    def register(read: Reader) -> CountFn:
        def on_arrangement(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> Any:
            return read(shape_of(arrangement, ctx), hand, ctx)

        on_arrangement.__module__ = read.__module__
        on_arrangement.__name__ = read.__name__
        on_arrangement.__qualname__ = read.__qualname__
        on_arrangement.__doc__ = read.__doc__
        if counting:
            counting_predicate(name, description=description, facts=facts, vocabulary=vocabulary)(on_arrangement)
        else:
            classical_predicate(name, description=description, facts=facts, vocabulary=vocabulary)(on_arrangement)
        add_reader(vocabulary[name], read)
        return on_arrangement

    return register


# ---------------------------------------------------------------------------
# Points for sets, pairs and bonus tiles (every hand)
# ---------------------------------------------------------------------------

_SET_LINES = {
    (MeldKind.PUNG, True, False): 421,
    (MeldKind.PUNG, True, True): 422,
    (MeldKind.KONG, True, False): 423,
    (MeldKind.KONG, True, True): 424,
    (MeldKind.PUNG, False, False): 425,
    (MeldKind.PUNG, False, True): 426,
    (MeldKind.KONG, False, False): 427,
    (MeldKind.KONG, False, True): 428,
}


#: The census key each set-counting reader reads: the engine reads ``shape.census`` itself for such a row,
#: without calling the reader (these rows are most of every table: a call per row was a tenth of a loser's score).
CENSUS_KEYS: dict[Reader, SetKey] = {}


def _set_reader(key: SetKey, name: str, doc: str) -> Reader:
    def count(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
        return shape.census.get(key, 0)

    count.__qualname__ = count.__name__ = name
    count.__doc__ = doc
    CENSUS_KEYS[count] = key
    return count


for (_kind, _exposed, _major), _line in _SET_LINES.items():
    _name = f"cl_{_kind.value}_{'exposed' if _exposed else 'concealed'}_{'major' if _major else 'simple'}"
    _what = (
        f"{'an exposed' if _exposed else 'a concealed'} {_kind.value} of "
        f"{'terminals or honours' if _major else 'simples (2-8)'}"
    )
    shape_predicate(_name, description=f"{_what} (counted per set)", counting=True)(
        _set_reader(
            (_kind, _exposed, _major),
            _name,
            f"Count {_what}s, one row of 000's set table (000 line {_line}; 002 lines 13-46).\n\n"
            "\"Major\" is a terminal or an honour (онёр, 003 line 28).  A concealed group completed by a "
            "discard counts as exposed (000 line 175).",
        )
    )


@shape_predicate("cl_chow", description="a chow (counted per set)", counting=True)
def cl_chow(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count chows; a chow scores nothing (000 line 408; 002 lines 8-9)."""
    return shape.chows


@shape_predicate(
    "cl_special_pair",
    description="a pair of dragons, of the seat's wind or of the round's wind (counted per pair)",
    facts=("seat_wind", "prevalent_wind"),
    counting=True,
)
def cl_special_pair(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count special pairs: dragons, own wind or prevalent wind, "Особая Пара" (000 line 412).

    A pair of a wind that is both the seat's and the round's is one special
    pair.  How many special pairs count is the ruleset's ``max_count``
    (000 line 412: at most one).
    """
    return sum(1 for tile in shape.pairs if _special(tile, ctx))


def _special(tile: int, ctx: Mapping[str, object]) -> bool:
    """A dragon, the seat's wind or the round's wind: a "special pair" (Особая Пара) tile."""
    return tile in DRAGONS or tile == ctx["seat_wind"] or tile == ctx["prevalent_wind"]


@shape_predicate(
    "cl_dragon_or_own_wind_pair",
    description="a pair of dragons or of the seat's wind (counted per pair)",
    facts=("seat_wind",),
    counting=True,
)
def cl_dragon_or_own_wind_pair(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pairs of dragons or of the player's own wind, "Пара драконов/своих ветров" (002 lines 10-12).

    002 never names the round's wind, so its pair does not score there.
    """
    return sum(1 for tile in shape.pairs if tile in DRAGONS or tile == ctx["seat_wind"])


@shape_predicate("cl_bonus_tile", description="a flower or a season (counted per tile)", counting=True)
def cl_bonus_tile(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count bonus tiles, "Картинка" (000 line 413; 002 line 49)."""
    return len(hand.bonus)


# ---------------------------------------------------------------------------
# Doublings for sets and bonus tiles (every hand)
# ---------------------------------------------------------------------------


@shape_predicate("cl_dragon_pong", description="a pung or kong of dragons (counted per set)", counting=True)
def cl_dragon_pong(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pongs of dragons, "Понг Драконов" (000 line 433; 000 line 469; 001 line 135; 002 line 66)."""
    return sum(1 for tile in shape.pongs if tile in DRAGONS)


@shape_predicate(
    "cl_own_or_prevalent_wind_pong",
    description="a pung or kong of the seat's or the round's wind (once for each it is)",
    facts=("seat_wind", "prevalent_wind"),
    counting=True,
)
def cl_own_or_prevalent_wind_pong(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count wind pongs once for being the seat's wind and once for being the round's (000 lines 432, 470).

    "Если собран Панг или Конг из Ветра, который является одновременно и
    Своим и Господствующим, то общий счет удваивается дважды": a wind that is
    both counts twice.
    """
    seat, prevalent = ctx["seat_wind"], ctx["prevalent_wind"]
    return sum((tile == seat) + (tile == prevalent) for tile in shape.pongs)


@shape_predicate(
    "cl_own_wind_pong", description="a pung or kong of the seat's wind (counted per set)", facts=("seat_wind",),
    counting=True,
)
def cl_own_wind_pong(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pongs of the player's own wind (001 line 135; 002 line 68)."""
    return sum(1 for tile in shape.pongs if tile == ctx["seat_wind"])


@shape_predicate(
    "cl_prevalent_wind_pong",
    description="a pung or kong of the round's wind (counted per set)",
    facts=("prevalent_wind",),
    counting=True,
)
def cl_prevalent_wind_pong(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pongs of the prevalent wind, "преимущественных Ветров" (001 line 135)."""
    return sum(1 for tile in shape.pongs if tile == ctx["prevalent_wind"])


@shape_predicate(
    "cl_own_bonus_tile",
    description="a flower or season whose number is the seat's or the round's wind (counted per tile)",
    facts=("seat_wind", "prevalent_wind"),
    counting=True,
)
def cl_own_bonus_tile(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count bonus tiles numbered for the seat's or the round's wind (000 line 434; 000 line 471).

    Bonus tile 1 belongs to East .. 4 to North.  A tile counts once even when
    the seat's wind is also the round's: 000 gives the "twice" rule for wind
    pongs only (line 432).
    """
    winds = {int(ctx["seat_wind"]) - EAST, int(ctx["prevalent_wind"]) - EAST}  # type: ignore[call-overload]
    return sum(1 for tile in hand.bonus if bonus_seat(tile) in winds)


@shape_predicate("cl_four_flowers", description="all four flowers")
def cl_four_flowers(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All four flowers, "Собраны все кости четырех цветов" (002 line 72)."""
    return set(FLOWERS) <= set(hand.bonus)


@shape_predicate("cl_four_seasons", description="all four seasons")
def cl_four_seasons(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All four seasons, "Собраны все кости четырех сезонов" (002 line 70)."""
    return set(SEASONS) <= set(hand.bonus)


@shape_predicate("cl_all_bonus_tiles", description="all eight flowers and seasons")
def cl_all_bonus_tiles(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All eight bonus tiles, "Собраны все восемь бонусных костей" (002 line 74)."""
    return set(FLOWERS + SEASONS) <= set(hand.bonus)


@shape_predicate("cl_little_three_dragons", description="pongs of two dragons and a pair of the third")
def cl_little_three_dragons(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Two pongs of dragons and a pair of the third, "Три Малых Дракона" (000 line 505; 001 line 139; 002 line 76)."""
    pongs = {t for t in shape.pongs if t in DRAGONS}
    pairs = {t for t in shape.pairs if t in DRAGONS}
    return len(pongs) == 2 and bool(pairs - pongs)


@shape_predicate(
    "cl_three_concealed_pongs",
    description="at least three concealed pungs or kongs",
)
def cl_three_concealed_pongs(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Three concealed pungs, "3 закрытых панга" (002 line 87).

    Read as at least three, kongs included; a pung completed by a discard is
    exposed (000 line 175).  ``self_drawn`` matters only for the winner's
    group, so it is read with a default and not declared.
    """
    return shape.hidden_pongs >= 3


def _four_chows(shape: Shape) -> bool:
    """Every set a chow: the shared ``all_chows``."""
    return shape.standard and shape.chows == 4


def _plain_chow_hand(shape: Shape, hand: Hand, special: Callable[[int], bool]) -> bool:
    if hand.bonus or not _four_chows(shape):
        return False
    return not any(special(tile) for tile in shape.pairs)


@shape_predicate(
    "cl_worthless_hand",
    description="four chows, a pair that is not special, no bonus tiles",
    facts=("seat_wind", "prevalent_wind"),
)
def cl_worthless_hand(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A hand whose sets and pair score nothing (000 line 208: the chavka; 001 line 139: "Нет очков (мизер)").

    All sets chows, the pair neither dragons nor the seat's or round's wind,
    no bonus tile: only the mahjong's own points are left.
    """
    return _plain_chow_hand(shape, hand, lambda tile: _special(tile, ctx))


@shape_predicate(
    "cl_worthless_hand_dragon_or_own_wind",
    description="four chows, a pair that is neither dragons nor the seat's wind, no bonus tiles",
    facts=("seat_wind",),
)
def cl_worthless_hand_dragon_or_own_wind(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """002's worthless hand: only chows and a pair that scores nothing (002 lines 104-105).

    002's scoring pair is dragons or the seat's wind (002 line 10); a bonus
    tile scores 4 (002 line 49), so a hand holding one is not worthless.
    """
    return _plain_chow_hand(shape, hand, lambda tile: tile in DRAGONS or tile == ctx["seat_wind"])


# ---------------------------------------------------------------------------
# How the hand won (the winner only)
# ---------------------------------------------------------------------------


@shape_predicate("cl_mahjong", description="the hand is a mahjong")
def cl_mahjong(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winner's points for the mahjong itself, "Непосредственно за Маджан" (000 line 449; 002 line 51).

    Every arrangement the engine scores for a winner is complete, so this
    always holds; the row's ``applies_to: winner`` keeps it off losing hands.
    """
    return True


@shape_predicate("cl_self_drawn", description="the winning tile came from the wall", facts=("self_drawn",))
def cl_self_drawn(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn, "Сам купил" (000 line 450; 000 line 473; 002 line 54): the live wall or the dead wall."""
    return bool(ctx["self_drawn"])


@shape_predicate(
    "cl_replacement", description="the winning tile is a loose tile from the dead wall", facts=("replacement",)
)
def cl_replacement(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn from the dead wall, "Сам купил с Мёртвой Стенки" (000 line 474; 001 line 139; 002 line 98)."""
    return bool(ctx["replacement"])


@shape_predicate(
    "cl_last_loose_tile",
    description="the winning tile is the last loose tile of the dead wall",
    facts=("replacement",),
)
def cl_last_loose_tile(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Completed with the last loose tile, "взятием последней свободной кости" (002 line 100).

    ``last_loose_tile`` is optional (the core's win context does not supply
    it yet); absent, it reads as false.
    """
    return bool(ctx["replacement"]) and bool(ctx.get("last_loose_tile", False))


@shape_predicate(
    "cl_robbing_kong", description="the winning tile was robbed from a kong", facts=("robbing_kong",)
)
def cl_robbing_kong(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Robbing an exposed kong (000 line 133), a doubling in КК and ЕК (000 line 509; 001 line 139)."""
    return bool(ctx["robbing_kong"])


@shape_predicate(
    "cl_self_drawn_last_tile",
    description="the winning tile is the last tile of the live wall, drawn",
    facts=("self_drawn", "last_tile"),
)
def cl_self_drawn_last_tile(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn the last tile, "Сам купил последнюю Кость" (000 line 451; 000 line 481; 001 line 139; 002 line 89)."""
    return bool(ctx["self_drawn"]) and bool(ctx["last_tile"])


@shape_predicate(
    "cl_last_discard",
    description="the winning tile is the discard made after the live wall's last tile",
    facts=("self_drawn", "robbing_kong", "last_tile"),
)
def cl_last_discard(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Won on the last discard, "Выигрыш на последней выложенной Кости" (000 line 482; 002 line 93)."""
    return not ctx["self_drawn"] and not ctx["robbing_kong"] and bool(ctx["last_tile"])


@shape_predicate(
    "cl_calling_from_start",
    description="calling declared at once, then only drawing and discarding",
    facts=("calling_from_start",),
)
def cl_calling_from_start(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A calling hand declared at once that only drew and discarded after (001 line 139; 003 line 81)."""
    return bool(ctx["calling_from_start"])


@shape_predicate("cl_only_possible_tile", description="the winning tile fills a single, middle or edge wait")
def cl_only_possible_tile(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The only possible tile, "единственно возможная" (000 line 464; 002 line 57; 003 lines 53-54).

    The winning tile pairs a single tile, fills the middle of a chow, or
    completes a chow open at one end only (12 waiting on 3, 89 on 7), in the
    arrangement being scored: the engine keeps the reading that pays most.
    """
    meld = shape.winning
    if meld is None:
        return False
    tile = winning_tile_of(hand, ctx, "cl_only_possible_tile")
    if meld.kind is MeldKind.PAIR:
        return True
    if meld.kind is not MeldKind.CHOW:
        return False
    position = tile - meld.first
    first = number_of(meld.first)
    return position == 1 or (position == 2 and first == 1) or (position == 0 and first == 7)


# ---------------------------------------------------------------------------
# Readers for the shared and Piter predicates the classical tables name
# ---------------------------------------------------------------------------
# Each says exactly what its predicate says, from the shape: the predicate's
# groups become shape.pongs / shape.pairs / counts, and its tiles (every
# arrangement of a hand holds all the hand's tiles) become shape.tiles.


def _mirror(predicate: Predicate, *, arrangement: bool = False) -> Callable[[Reader], Reader]:
    """Put ``read`` into :data:`READERS` for ``predicate`` (the core's, or this family's named hands)."""

    def register(read: Reader) -> Reader:
        return add_reader(predicate, read, arrangement=arrangement)

    return register


@_mirror(CORE["pure_suit"])
def _pure_suit(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.one_suit


@_mirror(CORE["all_honours"])
def _all_honours(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.every_tile(_HONOUR)


@_mirror(CORE["all_terminals"])
def _all_terminals(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.every_tile(_TERMINAL)


@_mirror(NAMED_HANDS["all_terminals_and_honours"])
def _all_terminals_and_honours(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.every_tile(_MAJOR)


@_mirror(NAMED_HANDS["all_simples"])
def _all_simples(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.every_tile(_SIMPLE)


@_mirror(NAMED_HANDS["all_green"])
def _all_green(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.every_tile(_GREEN)


@_mirror(CORE["half_flush"])
def _half_flush(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    t = shape.tiles
    return (t.some & _SUIT_BITS) in _ONE_SUIT and bool(t.some & _HONOUR) and bool(t.every & _PLAYING)


@_mirror(CORE["thirteen_orphans"])
def _thirteen_orphans(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.tiles.count == 14 and set(shape.tiles.tiles) == _ORPHANS


@_mirror(CORE["seven_pairs"])
def _seven_pairs(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.groups == 7 and len(shape.pairs) == 7


@_mirror(NAMED_HANDS["heavenly_twins"])
def _heavenly_twins(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return _seven_pairs(shape, hand, ctx) and (bool(shape.tiles.every & _HONOUR) or shape.tiles.one_suit)


@_mirror(CORE["no_chows"])
def _no_chows(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.standard and not shape.chows and len(shape.pongs) == 4


@_mirror(CORE["all_chows"])
def _all_chows(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return _four_chows(shape)


def _concealed_hand(shape: Shape, ctx: Mapping[str, object]) -> bool:
    return bool(ctx["self_drawn"]) and not shape.exposed


@_mirror(NAMED_HANDS["concealed"])
def _concealed(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return _concealed_hand(shape, ctx)


@_mirror(CORE["three_great_scholars"])
def _three_great_scholars(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return set(DRAGONS) <= set(shape.pongs)


@_mirror(NAMED_HANDS["three_great_scholars_one_suit"])
def _three_great_scholars_one_suit(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    if not (shape.standard and _three_great_scholars(shape, hand, ctx)):
        return False
    pongs = [t for t in shape.pongs if t not in DRAGONS]
    if len(pongs) != 1 or len(shape.pairs) != 1:
        return False
    return TileFacts((pongs[0], shape.pairs[0])).one_suit


@_mirror(CORE["big_four_winds"])
def _big_four_winds(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return set(WINDS) <= set(shape.pongs)


@_mirror(CORE["little_four_winds"])
def _little_four_winds(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    pong_winds = set(shape.pongs) & set(WINDS)
    pair_winds = set(shape.pairs) & set(WINDS)
    return len(pong_winds) == 3 and pair_winds == set(WINDS) - pong_winds


@_mirror(CORE["four_kongs"])
def _four_kongs(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.kongs == 4


@_mirror(NAMED_HANDS["found_treasure"])
def _found_treasure(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.standard and not shape.chows and shape.tiles.one_suit and _concealed_hand(shape, ctx)


@_mirror(CORE["hidden_treasure"])
def _hidden_treasure(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.standard and len(shape.pongs) == 4 and _concealed_hand(shape, ctx)


@_mirror(NAMED_HANDS["imperial_jade"])
def _imperial_jade(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.standard and not shape.chows and _all_green(shape, hand, ctx)


@_mirror(NAMED_HANDS["hiding_snake"])
def _hiding_snake(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    if not (shape.standard and shape.tiles.one_suit):
        return False
    return (
        sorted(number_of(t) or 0 for t in shape.pongs) == [1, 9]
        and shape.chows == 2
        and len(shape.pairs) == 1
        and number_of(shape.pairs[0]) in (2, 5, 8)
    )


@_mirror(CORE["nine_gates"], arrangement=True)
def _nine_gates(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only a one-suit hand of fourteen tiles can be nine gates; the predicate itself judges those."""
    winning_tile_of(hand, ctx, "nine_gates")
    if not shape.tiles.one_suit or shape.tiles.count != 14:
        return False
    return CORE["nine_gates"].fn(shape.arrangement, hand, ctx)  # type: ignore[arg-type]
