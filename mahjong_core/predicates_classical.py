"""Predicates that only the classical scoring tables name.

They register into :data:`mahjong_core.predicates.PREDICATES` like every
other predicate, so a table naming one of them validates the same way.  Each
name starts with ``cl_`` so that another family's module registering a
similar idea under a plain name (``self_drawn``, ``dragon_pong``) can never
collide with these at import time.  Where a shared predicate of
:mod:`mahjong_core.predicates` fits (``pure_suit``, ``half_flush``,
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

Facts
-----
Besides :data:`mahjong_core.predicates.KNOWN_FACTS` these predicates read
``calling_from_start`` (the engine's win context supplies it; 001 line 139)
and, optionally, ``last_loose_tile`` (002 line 100), which the core's win
context does not supply yet: when it is absent it reads as false.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .errors import RulesetError
from .melds import Arrangement, Hand, MeldKind
from .predicates import KNOWN_FACTS, PREDICATES, Predicate, all_chows, require_facts, winning_tile_of
from .tiles import DRAGONS, EAST, FLOWERS, SEASONS, bonus_seat, is_terminal_or_honour, number_of

CountFn = Callable[[Arrangement, Hand, Mapping[str, object]], int]
TestFn = Callable[[Arrangement, Hand, Mapping[str, object]], bool]

#: Facts the classical predicates may declare: the shared ones and the calling-hand fact of 001/003.
CLASSICAL_FACTS = KNOWN_FACTS | {"calling_from_start"}
#: Facts read when present and taken as false when absent (the core does not supply them yet).
OPTIONAL_FACTS = ("last_loose_tile",)

__all__ = [
    "CLASSICAL_FACTS",
    "COUNTERS",
    "OPTIONAL_FACTS",
    "Counter",
    "classical_predicate",
    "counting_predicate",
    "meld_exposed",
    "set_census",
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


#: Counting predicates by name (a subset of the registry's names).
COUNTERS: dict[str, Counter] = {}


def _register(name: str, fn: TestFn, description: str, facts: Iterable[str]) -> tuple[str, ...]:
    """Put ``fn`` into the shared registry, as :func:`mahjong_core.predicates.predicate` does.

    The shared decorator only accepts :data:`~mahjong_core.predicates.KNOWN_FACTS`;
    the classical tables also read ``calling_from_start``, which the engine
    supplies, so this registers with :data:`CLASSICAL_FACTS` instead.
    """
    wanted = tuple(facts)
    unknown = sorted(set(wanted) - CLASSICAL_FACTS)
    if unknown:
        raise ValueError(f"predicate {name!r} declares unknown facts {unknown}; known: {sorted(CLASSICAL_FACTS)}")
    old = PREDICATES.get(name)
    if old is not None and (old.fn.__module__, old.fn.__qualname__) != (fn.__module__, fn.__qualname__):
        raise RulesetError(f"predicate {name!r} is already registered by {old.fn.__module__}.{old.fn.__qualname__}")
    PREDICATES[name] = Predicate(name, fn, description, wanted)
    return wanted


def classical_predicate(name: str, *, description: str, facts: Iterable[str] = ()) -> Callable[[TestFn], TestFn]:
    """Register a yes/no predicate (see :func:`mahjong_core.predicates.predicate`)."""

    def register(fn: TestFn) -> TestFn:
        _register(name, fn, description, facts)
        return fn

    return register


def counting_predicate(name: str, *, description: str, facts: Iterable[str] = ()) -> Callable[[CountFn], CountFn]:
    """Register ``count``: in :data:`COUNTERS`, and as the predicate "the count is not zero"."""

    def register(count: CountFn) -> CountFn:
        def test(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
            return count(arrangement, hand, ctx) > 0

        test.__module__ = count.__module__
        test.__qualname__ = f"{count.__qualname__}.test"
        test.__doc__ = count.__doc__
        wanted = _register(name, test, description, facts)
        COUNTERS[name] = Counter(name, count, wanted)
        return count

    return register


# ---------------------------------------------------------------------------
# Shape helpers
# ---------------------------------------------------------------------------


def meld_exposed(arrangement: Arrangement, index: int, ctx: Mapping[str, object]) -> bool:
    """Whether group ``index`` scores as exposed (see the module docstring)."""
    meld = arrangement.melds[index]
    if meld.exposed:
        return True
    return index == arrangement.winning_meld and meld.kind is not MeldKind.PAIR and not ctx.get("self_drawn", False)


def _pong_kinds(arrangement: Arrangement) -> list[int]:
    return [m.first for m in arrangement.melds if m.kind is MeldKind.PUNG or m.kind is MeldKind.KONG]


def _pair_kinds(arrangement: Arrangement) -> list[int]:
    return [m.first for m in arrangement.melds if m.kind is MeldKind.PAIR]


def _special(tile: int, ctx: Mapping[str, object]) -> bool:
    """A dragon, the seat's wind or the round's wind: a "special pair" (Особая Пара) tile."""
    return tile in DRAGONS or tile == ctx["seat_wind"] or tile == ctx["prevalent_wind"]




# ---------------------------------------------------------------------------
# Points for sets, pairs and bonus tiles (every hand)
# ---------------------------------------------------------------------------


SetKey = tuple[MeldKind, bool, bool]
#: The last arrangement's set census: (arrangement, self_drawn, counts).  The eight set rows of a table
#: ask about the same arrangement one after another, so the census is built once for all of them.
_last_census: tuple[Arrangement | None, bool, dict[SetKey, int]] = (None, False, {})


def set_census(arrangement: Arrangement, ctx: Mapping[str, object]) -> dict[SetKey, int]:
    """How many pungs and kongs the arrangement holds by (kind, exposed, major), major = terminal or honour."""
    global _last_census
    self_drawn = bool(ctx.get("self_drawn", False))
    last = _last_census
    if last[0] is arrangement and last[1] is self_drawn:
        return last[2]
    counts: dict[SetKey, int] = {}
    for i, meld in enumerate(arrangement.melds):
        if meld.kind is MeldKind.PUNG or meld.kind is MeldKind.KONG:
            key = (meld.kind, meld_exposed(arrangement, i, ctx), is_terminal_or_honour(meld.first))
            counts[key] = counts.get(key, 0) + 1
    _last_census = (arrangement, self_drawn, counts)
    return counts


def _set_counter(kind: MeldKind, exposed: bool, major: bool, name: str, doc: str) -> CountFn:
    key = (kind, exposed, major)

    def count(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
        return set_census(arrangement, ctx).get(key, 0)

    count.__qualname__ = count.__name__ = name
    count.__doc__ = doc
    return count


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

for (_kind, _exposed, _major), _line in _SET_LINES.items():
    _name = f"cl_{_kind.value}_{'exposed' if _exposed else 'concealed'}_{'major' if _major else 'simple'}"
    _what = (
        f"{'an exposed' if _exposed else 'a concealed'} {_kind.value} of "
        f"{'terminals or honours' if _major else 'simples (2-8)'}"
    )
    counting_predicate(_name, description=f"{_what} (counted per set)")(
        _set_counter(
            _kind,
            _exposed,
            _major,
            _name,
            f"Count {_what}s, one row of 000's set table (000 line {_line}; 002 lines 13-46).\n\n"
            "\"Major\" is a terminal or an honour (онёр, 003 line 28).  A concealed group completed by a "
            "discard counts as exposed (000 line 175).",
        )
    )


@counting_predicate("cl_chow", description="a chow (counted per set)")
def cl_chow(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count chows; a chow scores nothing (000 line 408; 002 lines 8-9)."""
    return sum(1 for m in arrangement.melds if m.kind is MeldKind.CHOW)


@counting_predicate(
    "cl_special_pair",
    description="a pair of dragons, of the seat's wind or of the round's wind (counted per pair)",
    facts=("seat_wind", "prevalent_wind"),
)
def cl_special_pair(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count special pairs: dragons, own wind or prevalent wind, "Особая Пара" (000 line 412).

    A pair of a wind that is both the seat's and the round's is one special
    pair.  How many special pairs count is the ruleset's ``max_count``
    (000 line 412: at most one).
    """
    return sum(1 for tile in _pair_kinds(arrangement) if _special(tile, ctx))


@counting_predicate(
    "cl_dragon_or_own_wind_pair",
    description="a pair of dragons or of the seat's wind (counted per pair)",
    facts=("seat_wind",),
)
def cl_dragon_or_own_wind_pair(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pairs of dragons or of the player's own wind, "Пара драконов/своих ветров" (002 lines 10-12).

    002 never names the round's wind, so its pair does not score there.
    """
    return sum(1 for tile in _pair_kinds(arrangement) if tile in DRAGONS or tile == ctx["seat_wind"])


@counting_predicate("cl_bonus_tile", description="a flower or a season (counted per tile)")
def cl_bonus_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count bonus tiles, "Картинка" (000 line 413; 002 line 49)."""
    return len(hand.bonus)


# ---------------------------------------------------------------------------
# Doublings for sets and bonus tiles (every hand)
# ---------------------------------------------------------------------------


@counting_predicate("cl_dragon_pong", description="a pung or kong of dragons (counted per set)")
def cl_dragon_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pongs of dragons, "Понг Драконов" (000 line 433; 000 line 469; 001 line 135; 002 line 66)."""
    return sum(1 for tile in _pong_kinds(arrangement) if tile in DRAGONS)


@counting_predicate(
    "cl_own_or_prevalent_wind_pong",
    description="a pung or kong of the seat's or the round's wind (once for each it is)",
    facts=("seat_wind", "prevalent_wind"),
)
def cl_own_or_prevalent_wind_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count wind pongs once for being the seat's wind and once for being the round's (000 lines 432, 470).

    "Если собран Панг или Конг из Ветра, который является одновременно и
    Своим и Господствующим, то общий счет удваивается дважды": a wind that is
    both counts twice.
    """
    seat, prevalent = ctx["seat_wind"], ctx["prevalent_wind"]
    return sum((tile == seat) + (tile == prevalent) for tile in _pong_kinds(arrangement))


@counting_predicate(
    "cl_own_wind_pong", description="a pung or kong of the seat's wind (counted per set)", facts=("seat_wind",)
)
def cl_own_wind_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pongs of the player's own wind (001 line 135; 002 line 68)."""
    return sum(1 for tile in _pong_kinds(arrangement) if tile == ctx["seat_wind"])


@counting_predicate(
    "cl_prevalent_wind_pong",
    description="a pung or kong of the round's wind (counted per set)",
    facts=("prevalent_wind",),
)
def cl_prevalent_wind_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pongs of the prevalent wind, "преимущественных Ветров" (001 line 135)."""
    return sum(1 for tile in _pong_kinds(arrangement) if tile == ctx["prevalent_wind"])


@counting_predicate(
    "cl_own_bonus_tile",
    description="a flower or season whose number is the seat's or the round's wind (counted per tile)",
    facts=("seat_wind", "prevalent_wind"),
)
def cl_own_bonus_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count bonus tiles numbered for the seat's or the round's wind (000 line 434; 000 line 471).

    Bonus tile 1 belongs to East .. 4 to North.  A tile counts once even when
    the seat's wind is also the round's: 000 gives the "twice" rule for wind
    pongs only (line 432).
    """
    winds = {int(ctx["seat_wind"]) - EAST, int(ctx["prevalent_wind"]) - EAST}  # type: ignore[call-overload]
    return sum(1 for tile in hand.bonus if bonus_seat(tile) in winds)


@classical_predicate("cl_four_flowers", description="all four flowers")
def cl_four_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All four flowers, "Собраны все кости четырех цветов" (002 line 72)."""
    return set(FLOWERS) <= set(hand.bonus)


@classical_predicate("cl_four_seasons", description="all four seasons")
def cl_four_seasons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All four seasons, "Собраны все кости четырех сезонов" (002 line 70)."""
    return set(SEASONS) <= set(hand.bonus)


@classical_predicate("cl_all_bonus_tiles", description="all eight flowers and seasons")
def cl_all_bonus_tiles(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All eight bonus tiles, "Собраны все восемь бонусных костей" (002 line 74)."""
    return set(FLOWERS + SEASONS) <= set(hand.bonus)


@classical_predicate("cl_little_three_dragons", description="pongs of two dragons and a pair of the third")
def cl_little_three_dragons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Two pongs of dragons and a pair of the third, "Три Малых Дракона" (000 line 505; 001 line 139; 002 line 76)."""
    pongs = {t for t in _pong_kinds(arrangement) if t in DRAGONS}
    pairs = {t for t in _pair_kinds(arrangement) if t in DRAGONS}
    return len(pongs) == 2 and bool(pairs - pongs)


@classical_predicate(
    "cl_three_concealed_pongs",
    description="at least three concealed pungs or kongs",
)
def cl_three_concealed_pongs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Three concealed pungs, "3 закрытых панга" (002 line 87).

    Read as at least three, kongs included; a pung completed by a discard is
    exposed (000 line 175).  ``self_drawn`` matters only for the winner's
    group, so it is read with a default and not declared.
    """
    n = 0
    for i, meld in enumerate(arrangement.melds):
        if meld.is_pong and not meld_exposed(arrangement, i, ctx):
            n += 1
    return n >= 3


def _plain_chow_hand(
    arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object], special: Callable[[int], bool]
) -> bool:
    if hand.bonus or not all_chows(arrangement, hand, ctx):
        return False
    return not any(special(tile) for tile in _pair_kinds(arrangement))


@classical_predicate(
    "cl_worthless_hand",
    description="four chows, a pair that is not special, no bonus tiles",
    facts=("seat_wind", "prevalent_wind"),
)
def cl_worthless_hand(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A hand whose sets and pair score nothing (000 line 208: the chavka; 001 line 139: "Нет очков (мизер)").

    All sets chows, the pair neither dragons nor the seat's or round's wind,
    no bonus tile: only the mahjong's own points are left.
    """
    return _plain_chow_hand(arrangement, hand, ctx, lambda tile: _special(tile, ctx))


@classical_predicate(
    "cl_worthless_hand_dragon_or_own_wind",
    description="four chows, a pair that is neither dragons nor the seat's wind, no bonus tiles",
    facts=("seat_wind",),
)
def cl_worthless_hand_dragon_or_own_wind(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """002's worthless hand: only chows and a pair that scores nothing (002 lines 104-105).

    002's scoring pair is dragons or the seat's wind (002 line 10); a bonus
    tile scores 4 (002 line 49), so a hand holding one is not worthless.
    """
    return _plain_chow_hand(arrangement, hand, ctx, lambda tile: tile in DRAGONS or tile == ctx["seat_wind"])


# ---------------------------------------------------------------------------
# How the hand won (the winner only)
# ---------------------------------------------------------------------------


@classical_predicate("cl_mahjong", description="the hand is a mahjong")
def cl_mahjong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winner's points for the mahjong itself, "Непосредственно за Маджан" (000 line 449; 002 line 51).

    Every arrangement the engine scores for a winner is complete, so this
    always holds; the row's ``applies_to: winner`` keeps it off losing hands.
    """
    return True


@classical_predicate("cl_self_drawn", description="the winning tile came from the wall", facts=("self_drawn",))
def cl_self_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn, "Сам купил" (000 line 450; 000 line 473; 002 line 54): the live wall or the dead wall."""
    return bool(ctx["self_drawn"])


@classical_predicate(
    "cl_replacement", description="the winning tile is a loose tile from the dead wall", facts=("replacement",)
)
def cl_replacement(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn from the dead wall, "Сам купил с Мёртвой Стенки" (000 line 474; 001 line 139; 002 line 98)."""
    return bool(ctx["replacement"])


@classical_predicate(
    "cl_last_loose_tile",
    description="the winning tile is the last loose tile of the dead wall",
    facts=("replacement",),
)
def cl_last_loose_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Completed with the last loose tile, "взятием последней свободной кости" (002 line 100).

    ``last_loose_tile`` is optional (the core's win context does not supply
    it yet); absent, it reads as false.
    """
    return bool(ctx["replacement"]) and bool(ctx.get("last_loose_tile", False))


@classical_predicate(
    "cl_robbing_kong", description="the winning tile was robbed from a kong", facts=("robbing_kong",)
)
def cl_robbing_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Robbing an exposed kong (000 line 133), a doubling in КК and ЕК (000 line 509; 001 line 139)."""
    return bool(ctx["robbing_kong"])


@classical_predicate(
    "cl_self_drawn_last_tile",
    description="the winning tile is the last tile of the live wall, drawn",
    facts=("self_drawn", "last_tile"),
)
def cl_self_drawn_last_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn the last tile, "Сам купил последнюю Кость" (000 line 451; 000 line 481; 001 line 139; 002 line 89)."""
    return bool(ctx["self_drawn"]) and bool(ctx["last_tile"])


@classical_predicate(
    "cl_last_discard",
    description="the winning tile is the discard made after the live wall's last tile",
    facts=("self_drawn", "robbing_kong", "last_tile"),
)
def cl_last_discard(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Won on the last discard, "Выигрыш на последней выложенной Кости" (000 line 482; 002 line 93)."""
    return not ctx["self_drawn"] and not ctx["robbing_kong"] and bool(ctx["last_tile"])


@classical_predicate(
    "cl_calling_from_start",
    description="calling declared at once, then only drawing and discarding",
    facts=("calling_from_start",),
)
def cl_calling_from_start(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A calling hand declared at once that only drew and discarded after (001 line 139; 003 line 81)."""
    return bool(ctx["calling_from_start"])


@classical_predicate("cl_only_possible_tile", description="the winning tile fills a single, middle or edge wait")
def cl_only_possible_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The only possible tile, "единственно возможная" (000 line 464; 002 line 57; 003 lines 53-54).

    The winning tile pairs a single tile, fills the middle of a chow, or
    completes a chow open at one end only (12 waiting on 3, 89 on 7), in the
    arrangement being scored: the engine keeps the reading that pays most.
    """
    index = arrangement.winning_meld
    if index is None:
        return False
    meld = arrangement.melds[index]
    tile = winning_tile_of(hand, ctx, "cl_only_possible_tile")
    if meld.kind is MeldKind.PAIR:
        return True
    if meld.kind is not MeldKind.CHOW:
        return False
    position = tile - meld.first
    first = number_of(meld.first)
    return position == 1 or (position == 2 and first == 1) or (position == 0 and first == 7)

