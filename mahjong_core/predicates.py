"""Named hand predicates: the vocabulary ruleset tables are written in.

A ruleset table row says *which* hand it pays for by naming a predicate
(``predicate: pure_suit``) and *how much* by its own value.  The predicate is
code, written once here, so eight rulesets that pay 500, 2000 or 64 for "pure
suit" share one definition, and a table that names an unknown predicate fails
at load time instead of never matching.

A predicate is ``fn(arrangement, hand, ctx) -> bool``:

* ``arrangement`` -- one complete reading of the hand (:class:`~mahjong_core.melds.Arrangement`),
  fixed melds included;
* ``hand`` -- the tiles (:class:`~mahjong_core.melds.Hand`): bonus tiles and the winning tile;
* ``ctx`` -- situation facts the tiles cannot tell.  The facts used here:

  ===================  =====  ====================================================================
  fact                 type   meaning
  ===================  =====  ====================================================================
  ``seat_wind``        int    the winner's own wind as a tile kind (27 East .. 30 North)
  ``prevalent_wind``   int    the round's wind as a tile kind
  ``self_drawn``       bool   the winning tile came from the wall (live or dead), not a discard
  ``dealer``           bool   the winner is East (the dealer) this deal
  ``first_go_around``  bool   no claim yet and the turn has not come back to East
  ``first_discard``    bool   the winning tile is the deal's first discard (East's)
  ``last_tile``        bool   the live wall is exhausted: no permissible tile is left to draw
  ``tiles_left``       int    permissible live-wall tiles left after the winning tile (0 = it was
                              the last one)
  ``replacement``      bool   the winning tile is a loose (replacement) tile drawn after a kong
  ``robbing_kong``     bool   the winning tile was robbed from a kong being declared
  ===================  =====  ====================================================================

The names are those the engine's ``mahjong_win_context`` hook puts in a win's
context.  The winning tile is read from ``hand.winning_tile``, or from
``ctx["winning_tile"]`` when the hand does not name it.

A predicate declares the facts it reads; calling it without one raises a
:class:`~mahjong_core.errors.MahjongError` naming the missing fact, because a
silent ``False`` would under-pay a limit hand.

Each predicate's docstring cites the seed line that defines it.  Where seeds
define one name two ways (000 and 001 disagree on "grapes on a flat roof" and
"three great scholars"), both readings exist under different names and each
ruleset's table picks its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from .errors import MahjongError, RulesetError
from .melds import Arrangement, Form, Hand, Meld, MeldKind
from .tiles import (
    DRAGONS,
    GREEN,
    GREENS,
    RED,
    SUITED,
    TERMINALS_AND_HONOURS,
    WHITE,
    WINDS,
    is_honour,
    is_simple,
    is_suited,
    is_terminal,
    is_terminal_or_honour,
    number_of,
    suit_of,
)

PredicateFn = Callable[[Arrangement, Hand, Mapping[str, object]], bool]

#: Facts a caller may put in ``ctx``; a predicate may only declare these.
KNOWN_FACTS = frozenset(
    {
        "seat_wind",
        "prevalent_wind",
        "self_drawn",
        "dealer",
        "first_go_around",
        "first_discard",
        "last_tile",
        "tiles_left",
        "replacement",
        "robbing_kong",
        "last_loose_tile",
        "last_tile_of_kind",
        "winning_tile_shown",
        "kong_replacement",
        "winner",
        "calling",
        "calling_from_start",
        "how",
        "discarder",
        "winning_tile",
    }
)

ONE_DOTS = 9  # 1p
FIVE_DOTS = 13  # 5p
TWO_BAMBOO = 19  # 2s


@dataclass(frozen=True)
class Predicate:
    """A named test on a complete hand.

    :param name: the name tables use.
    :param fn: the test.
    :param description: one line for generated docs.
    :param facts: the ``ctx`` keys the test reads.
    """

    name: str
    fn: PredicateFn
    description: str
    facts: tuple[str, ...] = ()

    def __call__(self, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        require_facts(self.name, self.facts, ctx)
        return bool(self.fn(arrangement, hand, ctx))


def require_facts(name: str, facts: Iterable[str], ctx: Mapping[str, object]) -> None:
    """Raise a located error naming every fact ``ctx`` lacks: a silent ``False`` would under-pay a hand."""
    missing = [fact for fact in facts if fact not in ctx]
    if missing:
        raise MahjongError(f"predicate {name!r} needs the situation fact(s) {', '.join(missing)} in ctx",
                           place=f"predicate {name}")


#: Every registered predicate by name.  Plugins may add their own with :func:`predicate`.
PREDICATES: dict[str, Predicate] = {}


def predicate(name: str, *, description: str, facts: Iterable[str] = ()) -> Callable[[PredicateFn], PredicateFn]:
    """Register ``fn`` under ``name``.

    Registering a *different* function under a taken name is an error (two
    plugins would silently fight over a table row); re-registering the same
    function, as happens when a module is reloaded, replaces it.
    """
    wanted = tuple(facts)
    unknown = sorted(set(wanted) - KNOWN_FACTS)
    if unknown:
        raise ValueError(f"predicate {name!r} declares unknown facts {unknown}; known: {sorted(KNOWN_FACTS)}")

    def register(fn: PredicateFn) -> PredicateFn:
        old = PREDICATES.get(name)
        if old is not None and (old.fn.__module__, old.fn.__qualname__) != (fn.__module__, fn.__qualname__):
            raise RulesetError(f"predicate {name!r} is already registered by {old.fn.__module__}.{old.fn.__qualname__}")
        PREDICATES[name] = Predicate(name, fn, description, wanted)
        return fn

    return register


def get_predicate(name: str) -> Predicate:
    """The predicate called ``name``; a :class:`RulesetError` listing the known names otherwise."""
    try:
        return PREDICATES[name]
    except KeyError:
        raise RulesetError(f"unknown predicate {name!r}; known: {', '.join(sorted(PREDICATES))}") from None


# ---------------------------------------------------------------------------
# Shape helpers
# ---------------------------------------------------------------------------


def _tiles(arrangement: Arrangement) -> list[int]:
    return [t for meld in arrangement.melds for t in meld.tiles]


def _is_standard(arrangement: Arrangement) -> bool:
    return arrangement.form is Form.STANDARD


def _sets(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.kind in (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)]


def _pongs(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.is_pong]


def _pairs(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.kind is MeldKind.PAIR]


def _chows(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.kind is MeldKind.CHOW]


def _suits(tiles: Iterable[int]) -> set[str]:
    return {s for s in (suit_of(t) for t in tiles) if s is not None}


def _one_suit_only(tiles: list[int]) -> bool:
    return bool(tiles) and all(is_suited(t) for t in tiles) and len(_suits(tiles)) == 1


def _pong_kinds(arrangement: Arrangement) -> set[int]:
    return {m.first for m in _pongs(arrangement)}


def winning_tile_of(hand: Hand, ctx: Mapping[str, object], name: str) -> int:
    """The winning tile from the hand or the context; a predicate ``name`` that needs it fails without it."""
    tile = hand.winning_tile if hand.winning_tile is not None else ctx.get("winning_tile")
    if not isinstance(tile, int):
        raise MahjongError(
            f"predicate {name!r} needs the winning tile (hand.winning_tile or ctx['winning_tile'])",
            place=f"predicate {name}",
        )
    return tile


def _exposed(arrangement: Arrangement, index: int, self_drawn: bool) -> bool:
    """Whether meld ``index`` counts as exposed.

    A pung completed by a discard is exposed even if it was held concealed
    until then (000 line 175: a mahjong from the table is open).
    """
    meld = arrangement.melds[index]
    if meld.exposed:
        return True
    return index == arrangement.winning_meld and not self_drawn and meld.kind is not MeldKind.PAIR


def _concealed_hand(arrangement: Arrangement, self_drawn: bool) -> bool:
    """000 line 178 (not Sport): every set concealed and the mahjong drawn from the wall."""
    return self_drawn and not any(_exposed(arrangement, i, True) for i in range(len(arrangement.melds)))


# ---------------------------------------------------------------------------
# Situation limits
# ---------------------------------------------------------------------------


@predicate(
    "heavenly_hand",
    description="East wins on the dealt hand",
    facts=("dealer", "first_go_around", "self_drawn"),
)
def heavenly_hand(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """East wins with the deal (000 line 213; 000 line 314: after replacing bonus tiles; 001 line 159).

    East's only self-drawn win before the turn first comes back to it is on the dealt hand.
    """
    return bool(ctx["dealer"]) and bool(ctx["first_go_around"]) and bool(ctx["self_drawn"])


@predicate(
    "earthly_hand",
    description="another player wins on East's first discard",
    facts=("dealer", "first_discard", "self_drawn"),
)
def earthly_hand(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """South, West or North wins on the first tile East discards (000 line 216; 001 line 161)."""
    return not ctx["dealer"] and bool(ctx["first_discard"]) and not ctx["self_drawn"]


@predicate(
    "moon_from_the_bottom_of_the_sea",
    description="win on the last permissible wall tile, and it is 1 dots",
    facts=("self_drawn", "last_tile"),
)
def moon_from_the_bottom_of_the_sea(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Mahjong on the last permissible tile of the wall, which is 1 dots (000 line 266; 001 line 183).

    "Takes mahjong on the last tile" is read as drawing it: ``self_drawn`` and
    nothing left to draw.
    """
    tile = winning_tile_of(hand, ctx, "moon_from_the_bottom_of_the_sea")
    return tile == ONE_DOTS and bool(ctx["self_drawn"]) and bool(ctx["last_tile"])


@predicate(
    "grapes_on_a_flat_roof",
    description="win on the last or second-last permissible wall tile, and it is 5 dots",
    facts=("self_drawn", "tiles_left"),
)
def grapes_on_a_flat_roof(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Mahjong on the last or the second-last permissible wall tile, which is 5 dots (000 line 269)."""
    tile = winning_tile_of(hand, ctx, "grapes_on_a_flat_roof")
    return tile == FIVE_DOTS and bool(ctx["self_drawn"]) and ctx["tiles_left"] in (0, 1)


@predicate(
    "grapes_on_a_flat_roof_loose_tile",
    description="win with a loose (replacement) tile, and it is 5 dots",
    facts=("replacement",),
)
def grapes_on_a_flat_roof_loose_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A hand completed with a loose tile that is 5 dots (001 line 185; 000 line 269 reads it otherwise)."""
    return winning_tile_of(hand, ctx, "grapes_on_a_flat_roof_loose_tile") == FIVE_DOTS and bool(ctx["replacement"])


@predicate(
    "scratching_a_carrying_pole",
    description="win by robbing a kong of 2 bamboo",
    facts=("robbing_kong",),
)
def scratching_a_carrying_pole(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Mahjong by robbing a kong of 2 bamboo as it is declared (001 line 187, "sawing the bearing pillar")."""
    return winning_tile_of(hand, ctx, "scratching_a_carrying_pole") == TWO_BAMBOO and bool(ctx["robbing_kong"])


# ---------------------------------------------------------------------------
# Special forms
# ---------------------------------------------------------------------------


@predicate("thirteen_orphans", description="one of each terminal and honour, one of them paired")
def thirteen_orphans(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All 13 different terminals and honours, one of them twice (000 line 219; 001 line 181)."""
    tiles = _tiles(arrangement)
    return len(tiles) == 14 and set(tiles) == set(TERMINALS_AND_HONOURS)


@predicate("seven_pairs", description="seven pairs")
def seven_pairs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Seven pairs, "Парный Маджонг" (000 line 379; its structure differs from four sets, 000 line 404).

    Whether four equal tiles may count as two pairs is the arrangement
    enumerator's business; this only checks the reading it was given.
    """
    return len(arrangement.melds) == 7 and all(m.kind is MeldKind.PAIR for m in arrangement.melds)


@predicate("heavenly_twins", description="seven pairs, all honours or all of one suit")
def heavenly_twins(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Seven pairs of the winds and dragons, or seven pairs of one suit (001 line 171; 000 line 403)."""
    if not seven_pairs(arrangement, hand, ctx):
        return False
    tiles = _tiles(arrangement)
    return all(is_honour(t) for t in tiles) or _one_suit_only(tiles)


# ---------------------------------------------------------------------------
# Tile-content limits
# ---------------------------------------------------------------------------


@predicate("all_terminals_and_honours", description="every tile a terminal or an honour")
def all_terminals_and_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile a terminal or an honour, "Онёрный Маджонг" (000 line 222)."""
    tiles = _tiles(arrangement)
    return bool(tiles) and all(is_terminal_or_honour(t) for t in tiles)


@predicate("pure_suit", description="every tile of one suit, no honours")
def pure_suit(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All tiles of one suit, "Масть" (000 line 226)."""
    return _one_suit_only(_tiles(arrangement))


@predicate("all_honours", description="every tile a wind or a dragon")
def all_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile an honour (000 line 234; 001 line 165 "imperial retinue": pongs and a pair of honours)."""
    tiles = _tiles(arrangement)
    return bool(tiles) and all(is_honour(t) for t in tiles)


@predicate("all_terminals", description="every tile a 1 or a 9")
def all_terminals(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile a terminal (000 line 238; 001 line 167 "heads and tails")."""
    tiles = _tiles(arrangement)
    return bool(tiles) and all(is_terminal(t) for t in tiles)


@predicate("all_green", description="only 2, 3, 4, 6, 8 bamboo and green dragons")
def all_green(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only green tiles: green dragons and bamboo 2, 3, 4, 6, 8 (000 line 259)."""
    tiles = _tiles(arrangement)
    return bool(tiles) and all(t in GREENS for t in tiles)


@predicate("imperial_jade", description="four pongs and a pair, all green tiles")
def imperial_jade(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four pungs (kongs) and a pair of green tiles only (001 line 169; chows are excluded, unlike 000 line 259)."""
    return _is_standard(arrangement) and not _chows(arrangement) and all_green(arrangement, hand, ctx)


# ---------------------------------------------------------------------------
# Set-content limits
# ---------------------------------------------------------------------------


@predicate("three_great_scholars", description="pongs of all three dragons and anything else")
def three_great_scholars(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of all three dragons and any completion (000 line 243)."""
    return set(DRAGONS) <= _pong_kinds(arrangement)


@predicate(
    "three_great_scholars_one_suit",
    description="pongs of all three dragons, plus a pong and a pair of one suit",
)
def three_great_scholars_one_suit(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of the three dragons, then a pong and a pair of one suit (001 line 173; 000 line 403 for КК)."""
    if not (_is_standard(arrangement) and three_great_scholars(arrangement, hand, ctx)):
        return False
    rest = [m for m in arrangement.melds if not (m.is_pong and m.first in DRAGONS)]
    pongs = [m for m in rest if m.is_pong]
    pairs = [m for m in rest if m.kind is MeldKind.PAIR]
    if len(pongs) != 1 or len(pairs) != 1:
        return False
    return _one_suit_only([pongs[0].first, pairs[0].first])


@predicate("big_four_winds", description="pongs of all four winds and any pair")
def big_four_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of all four winds and any completion (000 line 247; 001 line 175 "four joys")."""
    return set(WINDS) <= _pong_kinds(arrangement)


@predicate("little_four_winds", description="pongs of three winds and a pair of the fourth")
def little_four_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of three winds, a pair of the fourth and any completion (000 line 275)."""
    pong_winds = _pong_kinds(arrangement) & set(WINDS)
    pair_winds = {m.first for m in _pairs(arrangement)} & set(WINDS)
    return len(pong_winds) == 3 and pair_winds == set(WINDS) - pong_winds


@predicate("four_kongs", description="four kongs and any pair")
def four_kongs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four kongs and any pair (000 line 251; 001 line 177 "four by four")."""
    return sum(1 for m in arrangement.melds if m.kind is MeldKind.KONG) == 4


def _dragon_hand(arrangement: Arrangement, suit_tiles: tuple[int, ...], dragon: int) -> bool:
    if not _is_standard(arrangement) or _chows(arrangement):
        return False
    pongs = _pongs(arrangement)
    pairs = _pairs(arrangement)
    if len(pongs) != 4 or len(pairs) != 1:
        return False
    if sum(1 for m in pongs if m.first == dragon) != 1:
        return False
    suited = [m.first for m in pongs if m.first != dragon] + [pairs[0].first]
    return all(t in suit_tiles for t in suited)


@predicate("jade_dragon", description="pongs and a pair of bamboo, and a pong of green dragons")
def jade_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of bamboo, a pair of bamboo and a pong of green dragons (000 line 279)."""
    return _dragon_hand(arrangement, SUITED[18:27], GREEN)


@predicate("ruby_dragon", description="pongs and a pair of characters, and a pong of red dragons")
def ruby_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of characters, a pair of characters and a pong of red dragons (000 line 283)."""
    return _dragon_hand(arrangement, SUITED[0:9], RED)


@predicate("pearl_dragon", description="pongs and a pair of dots, and a pong of white dragons")
def pearl_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of dots, a pair of dots and a pong of white dragons (000 line 287)."""
    return _dragon_hand(arrangement, SUITED[9:18], WHITE)


@predicate("nine_gates", description="1112345678999 of one suit held, waiting on any tile of that suit")
def nine_gates(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Before the winning tile the hand held 1112345678999 of one suit (000 line 255).

    The thirteen tiles must have been in hand, so no meld other than the one
    the winning tile completed may be exposed.
    """
    winning = winning_tile_of(hand, ctx, "nine_gates")
    tiles = _tiles(arrangement)
    if not _one_suit_only(tiles) or len(tiles) != 14:
        return False
    if any(m.exposed for i, m in enumerate(arrangement.melds) if i != arrangement.winning_meld):
        return False
    before = Counter(tiles)
    before[winning] -= 1
    numbers = Counter({number_of(t): n for t, n in before.items() if n})
    counts = [numbers.get(n, 0) for n in range(1, 10)]
    return counts == [3, 1, 1, 1, 1, 1, 1, 1, 3]


@predicate("hiding_snake", description="one suit: pongs of 1 and 9, a pair of 2, 5 or 8, two chows")
def hiding_snake(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """One suit with pongs of 1 and 9, a pair of 2, 5 or 8 and two chows of the rest (001 line 179)."""
    tiles = _tiles(arrangement)
    if not (_is_standard(arrangement) and _one_suit_only(tiles)):
        return False
    pong_numbers = sorted(number_of(m.first) or 0 for m in _pongs(arrangement))
    pairs = _pairs(arrangement)
    return (
        pong_numbers == [1, 9]
        and len(_chows(arrangement)) == 2
        and len(pairs) == 1
        and number_of(pairs[0].first) in (2, 5, 8)
    )


@predicate("found_treasure", description="concealed, no chows, one suit", facts=("self_drawn",))
def found_treasure(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed all-pong hand of one suit (000 line 263; 001 line 163: every tile from the wall)."""
    return (
        _is_standard(arrangement)
        and not _chows(arrangement)
        and _one_suit_only(_tiles(arrangement))
        and _concealed_hand(arrangement, bool(ctx["self_drawn"]))
    )


@predicate("hidden_treasure", description="four concealed pongs and a concealed pair", facts=("self_drawn",))
def hidden_treasure(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four concealed pongs and a concealed pair (000 line 272).

    A pair completed by a discard is not concealed, so the hand is self-drawn.
    """
    return (
        _is_standard(arrangement)
        and len(_pongs(arrangement)) == 4
        and _concealed_hand(arrangement, bool(ctx["self_drawn"]))
    )


# ---------------------------------------------------------------------------
# The beggar's hand: defined by its value
# ---------------------------------------------------------------------------


def _harbin_points(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """The winner's points before doublings by 000's set table (lines 408-413, 417-428, 449)."""
    self_drawn = bool(ctx["self_drawn"])
    points = 20 + 4 * len(hand.bonus)
    special_pair = False
    for i, meld in enumerate(arrangement.melds):
        if meld.is_pong:
            value = 2 if meld.kind is MeldKind.PUNG else 8
            if is_terminal_or_honour(meld.first):
                value *= 2
            if not _exposed(arrangement, i, self_drawn):
                value *= 2
            points += value
        elif meld.kind is MeldKind.PAIR and (
            meld.first in DRAGONS or meld.first in (ctx["seat_wind"], ctx["prevalent_wind"])
        ):
            special_pair = True
    return points + (2 if special_pair else 0)


def _harbin_doubles(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Whether any of the Harbin winner's doublings applies (000 lines 469-477, 486-495)."""
    kinds = _pong_kinds(arrangement)
    if kinds & set(DRAGONS) or kinds & {ctx["seat_wind"], ctx["prevalent_wind"]}:
        return True
    if ctx["self_drawn"]:  # self-drawn, self-drawn from the dead wall, and concealed (000 line 178) all need it
        return True
    return all_simples(arrangement, hand, ctx) or no_chows(arrangement, hand, ctx) or half_flush(arrangement, hand, ctx)


@predicate(
    "beggars_hand",
    description="a standard hand worth exactly 22 points with no doublings (Harbin scoring)",
    facts=("seat_wind", "prevalent_wind", "self_drawn"),
)
def beggars_hand(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The beggar's hand: a mahjong worth 22 points in Harbin, Shanghai and Orsk scoring (000 line 231).

    000's example has one exposed pung, no bonus tiles and no doublings:
    20 for mahjong plus 2.  Any hand that scores exactly 22 with no doubling
    qualifies (one exposed simple pung, or a special pair with chows);
    bonus tiles (4 each) make it dearer, so none are allowed.
    """
    if not _is_standard(arrangement) or hand.bonus:
        return False
    return _harbin_points(arrangement, hand, ctx) == 22 and not _harbin_doubles(arrangement, hand, ctx)


# ---------------------------------------------------------------------------
# Common shapes for the scoring tables
# ---------------------------------------------------------------------------


@predicate("no_chows", description="four pongs and a pair")
def no_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No chow in a four-sets-and-a-pair hand, "Панговый" (000 line 475)."""
    return _is_standard(arrangement) and not _chows(arrangement) and len(_pongs(arrangement)) == 4


@predicate("all_chows", description="four chows and a pair")
def all_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every set a chow (000 line 480)."""
    return _is_standard(arrangement) and len(_chows(arrangement)) == 4


@predicate("half_flush", description="one suit and honours, both present")
def half_flush(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only one suit and honours, "Полумасть" (000 line 477).

    At least one honour must be present: without honours the hand is a pure
    suit, which 000 lists as a separate doubling (line 478).
    """
    tiles = _tiles(arrangement)
    suited = [t for t in tiles if is_suited(t)]
    return (
        len(_suits(suited)) == 1
        and any(is_honour(t) for t in tiles)
        and all(is_suited(t) or is_honour(t) for t in tiles)
    )


@predicate("all_simples", description="no terminal and no honour")
def all_simples(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No terminal and no honour, "Безонёрный" (000 line 472)."""
    tiles = _tiles(arrangement)
    return bool(tiles) and all(is_simple(t) for t in tiles)


@predicate("concealed", description="every set concealed and the winning tile self-drawn", facts=("self_drawn",))
def concealed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed hand outside Sport: all sets concealed and the mahjong drawn from the wall (000 line 178).

    Sport's own meaning (000 line 178, first sentence) belongs to its fan table.
    """
    return _concealed_hand(arrangement, bool(ctx["self_drawn"]))


# The scoring families' own predicates register into the same registry when imported (Piter's, which build
# on the classical ones, are imported at the end of predicates_classical, so any of these modules may be
# imported first).
from mahjong_rulesets.classical import predicates as _classical  # noqa: E402,F401
from mahjong_rulesets.hongkong import predicates as _hongkong  # noqa: E402,F401
from mahjong_rulesets.mcr import predicates as _mcr  # noqa: E402,F401
