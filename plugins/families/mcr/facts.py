"""What the MCR fan predicates read: a win's situation, the hand, and one division of it, computed once.

The engine evaluates some eighty fan predicates on every division of every
winning hand, so each fact a predicate needs (the chows, the pongs, how many
pongs count as concealed, the wait, the suits present ...) is computed here
once per division and read as an attribute.  Three layers:

* :class:`Situation` -- how the hand won, from the engine's win context
  merged with the hand's notation flags (:func:`situation`);
* :class:`HandFacts` -- everything that does not depend on how the tiles are
  divided (:func:`hand_facts`);
* :class:`McrFacts` -- one division (:func:`division_facts`), with the
  fan-relevant reading of the winning tile decided the way the Chinese
  official rules let the winner decide it (see :func:`division_facts`).

Situation flags
---------------
For standalone scoring (``mahjong score``) a hand states its situation in
the notation with ``!flag`` tokens:

=========================  ===================================================================
flag                       meaning
=========================  ===================================================================
``!self_drawn``            the winning tile came from the wall (000 line 637)
``!last_tile``             the winning tile is the wall's last tile (drawn: fan 44, or the
                           discard of it: fan 45; 000 lines 601-602)
``!replacement``           won on the replacement tile after a kong (fan 46, 000 line 603);
                           implies ``!self_drawn``
``!robbing_kong``          won by robbing a kong (fan 47, 000 line 604)
``!last_tile_of_kind``     the winning tile is the fourth of its kind, the other three
                           visible in the discards or exposed sets (fan 58, 000 line 615)
``!seat_wind_east`` ...    the winner's seat wind (``east``, ``south``, ``west``, ``north``)
``!prevalent_wind_east``   the round's wind
=========================  ===================================================================

The engine's win context gives the same facts under the names of
the situation facts (:func:`mahjong_core.plugin.check_facts`; ``self_drawn``, ``last_tile``, ``replacement``,
``robbing_kong``, ``seat_wind``, ``prevalent_wind``, ``how``) plus

* ``last_tile_of_kind`` (a bool), or ``winning_tile_visible``: how many other
  copies of the winning tile lie in the discards and in the exposed sets of
  every player (the winner's included) -- three makes fan 58;
* ``kong_replacement``: with ``how == "replacement"``, whether the dead-wall
  tile replaced a kong (fan 46) rather than a flower (000 line 603).  Without
  it a replacement win counts as fan 46 when the hand holds a kong.

Facts the context and the flags leave out take the ruleset's
``scoring.situation_defaults``; the winds have no default and are required
only when the hand holds a wind pung, where they decide fans 60 and 61.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from operator import itemgetter
from typing import Any

from mahjong_rulesets.families.mcr import divide as dv
from mahjong_rulesets.families.mcr.divide import CHOW, KNIT, KONG, PAIR, PUNG

from mahjong_core.plugin import EAST, KINDS, Hand, HandError, MahjongError, MeldKind

#: Defaults for facts that neither the context nor the hand gives (the ruleset's
#: ``scoring.situation_defaults`` overrides them; a test keeps the two equal).
DEFAULT_SITUATION: dict[str, bool] = {
    "self_drawn": False,
    "last_tile": False,
    "replacement": False,
    "robbing_kong": False,
    "last_tile_of_kind": False,
}

_WIND_NAMES = ("east", "south", "west", "north")
_FLAG_FACTS = ("self_drawn", "last_tile", "replacement", "robbing_kong", "last_tile_of_kind")
KNOWN_FLAGS = frozenset(
    list(_FLAG_FACTS) + [f"seat_wind_{w}" for w in _WIND_NAMES] + [f"prevalent_wind_{w}" for w in _WIND_NAMES]
)

GREEN_TILES = frozenset((19, 20, 21, 23, 25, 32))
#: Tiles that look the same upside down: 1 2 3 4 5 8 9 dots, 2 4 5 6 8 9 bamboo, white dragon (000 line 597).
REVERSIBLE_TILES = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))


class Situation:
    """How a hand won (see the module docstring)."""

    __slots__ = ("self_drawn", "last_tile", "replacement", "robbing_kong", "last_tile_of_kind",
                 "seat_wind", "prevalent_wind", "winning_tile", "replacement_unsure")

    def __init__(self, self_drawn: bool, last_tile: bool, replacement: bool, robbing_kong: bool,
                 last_tile_of_kind: bool, seat_wind: int | None, prevalent_wind: int | None,
                 winning_tile: int | None, replacement_unsure: bool = False):
        #: The engine said "replacement" without saying whether for a kong or a flower.
        self.replacement_unsure = replacement_unsure
        self.self_drawn = self_drawn
        self.last_tile = last_tile
        self.replacement = replacement
        self.robbing_kong = robbing_kong
        self.last_tile_of_kind = last_tile_of_kind
        self.seat_wind = seat_wind
        self.prevalent_wind = prevalent_wind
        self.winning_tile = winning_tile


_NORTH = EAST + 3


def _wind(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not EAST <= value <= EAST + 3:
        raise MahjongError(f"{name} must be a wind tile kind {EAST}..{EAST + 3} (East..North), got {value!r}",
                           place=f"context.{name}")
    return value


def situation(hand: Hand, context: Mapping[str, Any], defaults: Mapping[str, bool] = DEFAULT_SITUATION) -> Situation:
    """Merge the defaults, the engine's context and the hand's ``!flags`` into one :class:`Situation`.

    :raises MahjongError: for an unknown flag, a contradiction (robbing a kong
        with a self-drawn tile, a replacement tile that was not drawn) or a
        malformed wind.
    """
    self_drawn = bool(context["self_drawn"]) if "self_drawn" in context else defaults["self_drawn"]
    last_tile = bool(context["last_tile"]) if "last_tile" in context else defaults["last_tile"]
    replacement = bool(context["replacement"]) if "replacement" in context else defaults["replacement"]
    robbing_kong = bool(context["robbing_kong"]) if "robbing_kong" in context else defaults["robbing_kong"]
    if "last_tile_of_kind" in context:
        last_of_kind = bool(context["last_tile_of_kind"])
    elif "winning_tile_visible" in context:
        last_of_kind = context["winning_tile_visible"] == 3
    else:
        last_of_kind = defaults["last_tile_of_kind"]
    how = context.get("how")
    if how is not None:
        if how not in ("self_drawn", "discard", "replacement", "robbing_kong"):
            raise MahjongError(f"unknown win {how!r}; expected self_drawn, discard, replacement or robbing_kong",
                               place="context.how")
        self_drawn = how in ("self_drawn", "replacement")
        replacement = how == "replacement"
        robbing_kong = how == "robbing_kong"
        if how == "replacement" and "kong_replacement" in context:
            replacement = bool(context["kong_replacement"])
    unsure = how == "replacement" and "kong_replacement" not in context
    explicit_self_drawn = "self_drawn" in context or how is not None
    seat = context.get("seat_wind")
    prevalent = context.get("prevalent_wind")
    if hand.situations:
        flags = set()
        for flag in hand.situations:
            if flag in _FLAG_FACTS:
                flags.add(flag)
            elif flag.startswith("seat_wind_") and flag[10:] in _WIND_NAMES:
                seat = EAST + _WIND_NAMES.index(flag[10:])
            elif flag.startswith("prevalent_wind_") and flag[15:] in _WIND_NAMES:
                prevalent = EAST + _WIND_NAMES.index(flag[15:])
            else:
                raise MahjongError(f"unknown situation flag !{flag}; the Chinese official rules know "
                                   + ", ".join("!" + f for f in sorted(KNOWN_FLAGS)), place="situations")
        self_drawn = self_drawn or "self_drawn" in flags
        last_tile = last_tile or "last_tile" in flags
        replacement = replacement or "replacement" in flags
        robbing_kong = robbing_kong or "robbing_kong" in flags
        last_of_kind = last_of_kind or "last_tile_of_kind" in flags
        explicit_self_drawn = explicit_self_drawn or "self_drawn" in flags
    if replacement:
        if explicit_self_drawn and not self_drawn:
            raise MahjongError("a win on a replacement tile is self-drawn; the context says it was not",
                               place="situations")
        self_drawn = True
    if robbing_kong and self_drawn:
        raise MahjongError("robbing a kong takes another player's tile; it cannot also be self-drawn",
                           place="situations")
    winning = hand.winning_tile if hand.winning_tile is not None else context.get("winning_tile")
    # A wind is checked here, and only a value that is not a plain wind kind is handed to _wind to be named.
    if seat is not None and (seat.__class__ is not int or not EAST <= seat <= _NORTH):
        seat = _wind(seat, "seat_wind")
    if prevalent is not None and (prevalent.__class__ is not int or not EAST <= prevalent <= _NORTH):
        prevalent = _wind(prevalent, "prevalent_wind")
    # Filled here rather than through Situation's __init__: one call frame fewer for every hand scored.
    sit = object.__new__(Situation)
    sit.replacement_unsure = unsure and "replacement" not in hand.situations
    sit.self_drawn = self_drawn
    sit.last_tile = last_tile
    sit.replacement = replacement
    sit.robbing_kong = robbing_kong
    sit.last_tile_of_kind = last_of_kind
    sit.seat_wind = seat
    sit.prevalent_wind = prevalent
    sit.winning_tile = winning
    return sit


class HandFacts:
    """Facts about a winning hand that hold for every division of it.

    The few facts every hand needs are set by :func:`hand_facts`; those only
    a rare fan reads (all green, all terminals ...) are worked out when read.
    """

    __slots__ = ("hand", "sit", "win", "concealed", "concealed_before", "fixed", "fixed_groups", "fixed_exposed",
                 "fixed_concealed_kongs", "fixed_exposed_kongs", "fours", "sets", "melded_fixed", "held", "suits",
                 "honours", "ranks", "bonus", "last_tile_of_kind", "replacement", "have", "_unique")

    hand: Hand
    sit: Situation
    #: The winning tile's kind.
    win: int
    #: Counts by kind of the concealed tiles, with and without the winning tile.
    concealed: bytes
    concealed_before: bytes
    #: The declared melds as (group kind, first tile, exposed), as (group kind, first tile), and as exposed.
    fixed: tuple[tuple[int, int, bool], ...]
    fixed_groups: tuple[tuple[int, int], ...]
    fixed_exposed: tuple[bool, ...]
    fixed_concealed_kongs: int
    fixed_exposed_kongs: int
    #: The kinds held four times.
    fours: tuple[int, ...]
    #: The sets the concealed tiles must make (4 less the declared melds).
    sets: int
    melded_fixed: int
    #: Bit masks: the kinds held, the suits held (m=1 p=2 s=4), the suited ranks held.
    held: int
    suits: int
    honours: bool
    ranks: int
    bonus: int
    last_tile_of_kind: bool
    replacement: bool
    #: The fact groups the hand has (``_G_*`` bits), which pick the fans worth trying.
    have: int

    #: :attr:`unique_wait` once asked (``None`` before; :func:`hand_facts` sets it so, without an ``__init__`` call).
    _unique: bool | None

    @property
    def unique_wait(self) -> bool:
        """Whether the hand before the winning tile waited on that tile alone (regular and seven-pairs waits).

        Asked only of hands the winning tile completes as sets and a pair.
        """
        if self._unique is None:
            self._unique = dv.only_wait(self.concealed_before, self.win, self.sets, not self.fixed)
        return self._unique

    @property
    def winds(self) -> bool:
        return bool(self.held & _WIND_MASK)

    @property
    def dragons(self) -> bool:
        return bool(self.held & _DRAGON_MASK)

    @property
    def all_suited(self) -> bool:
        return not self.honours

    @property
    def all_honour(self) -> bool:
        return not self.suits

    @property
    def all_simple(self) -> bool:
        return not self.honours and not self.ranks & _TERMINAL_RANKS

    @property
    def all_terminal(self) -> bool:
        return not self.honours and not self.ranks & _SIMPLE_RANKS

    @property
    def all_terminal_or_honour(self) -> bool:
        return not self.ranks & _SIMPLE_RANKS

    @property
    def all_green(self) -> bool:
        return not self.held & _NOT_GREEN

    @property
    def all_reversible(self) -> bool:
        return not self.held & _NOT_REVERSIBLE


def hand_facts(hand: Hand, sit: Situation) -> HandFacts:
    """The division-independent facts of a winning hand.

    :raises HandError: when the hand names no winning tile, has the wrong
        number of tiles, or its situation is physically impossible (the last
        tile of its kind while another copy is held; robbing a kong of a tile
        the hand holds; a replacement win without a kong).
    """
    win = sit.winning_tile
    if win.__class__ is not int or not 0 <= win < 34:  # the usual tile passes one test
        if win is None:
            raise HandError("the winning tile must be named, e.g. '+5p': the Chinese official rules score the wait",
                            place="winning tile")
        if not isinstance(win, int) or not 0 <= win < 34:
            raise HandError(f"the winning tile must be a playing tile kind 0..33, got {win!r}", place="winning tile")
    f = HandFacts()
    f._unique = None
    f.hand = hand
    f.sit = sit
    f.win = win
    counts = bytearray(34)
    for t in hand.concealed:
        counts[t] += 1
    before = f.concealed_before = bytes(counts)
    counts[win] += 1
    concealed = f.concealed = bytes(counts)
    melded = exposed_kongs = concealed_kongs = 0
    if hand.melds:
        fixed = []
        groups = []
        shown = []
        for meld in hand.melds:
            kind = meld.kind
            tile = meld.tiles[0]
            if kind is MeldKind.CHOW:
                fixed.append((CHOW, tile, True))
                groups.append((CHOW, tile))
                shown.append(True)
            elif kind is MeldKind.PUNG:
                fixed.append((PUNG, tile, True))
                groups.append((PUNG, tile))
                shown.append(True)
            elif kind is MeldKind.KONG:
                fixed.append((KONG, tile, meld.exposed))
                groups.append((KONG, tile))
                shown.append(meld.exposed)
                if meld.exposed:
                    exposed_kongs += 1
                else:
                    concealed_kongs += 1
            else:
                raise HandError(f"a declared meld is a chow, pung or kong, got a {kind.value}", place="melds")
            melded += meld.exposed
            for t in meld.tiles:
                counts[t] += 1
        f.fixed = tuple(fixed)
        f.fixed_groups = tuple(groups)
        f.fixed_exposed = tuple(shown)
    else:
        f.fixed = f.fixed_groups = f.fixed_exposed = ()
    f.fixed_exposed_kongs = exposed_kongs
    f.fixed_concealed_kongs = concealed_kongs
    f.melded_fixed = melded
    sets = f.sets = 4 - len(f.fixed)
    if sets < 0 or len(hand.concealed) + 1 != 3 * sets + 2:
        raise HandError(f"a winning hand has 14 tiles (a kong counts as three), got {hand.tile_count()}",
                        place="tile count")
    if counts.translate(None, _UP_TO_FOUR):
        raise HandError("a hand holds at most four copies of a tile", place="tiles")
    have = _tile_facts(f, counts)
    f.bonus = len(hand.bonus)
    held_elsewhere = before[win]
    in_fixed = counts[win] - concealed[win]
    last_of_kind = sit.last_tile_of_kind
    if last_of_kind and held_elsewhere:
        raise HandError(f"the winning tile cannot be the last of its kind: the hand holds another "
                        f"{KINDS[win].code} concealed", place="situations")
    if in_fixed == 3:
        last_of_kind = True  # the hand's own exposed sets show the other three
    f.last_tile_of_kind = last_of_kind
    if sit.robbing_kong and (held_elsewhere or in_fixed):
        raise HandError("a robbed kong's tile is the fourth copy: the winner cannot hold another", place="situations")
    replacement = sit.replacement
    if replacement and not (exposed_kongs or concealed_kongs):
        if not sit.replacement_unsure:
            raise HandError("a win on a kong's replacement tile needs a kong in the hand", place="situations")
        replacement = False  # without a kong the dead-wall tile replaced a flower: an ordinary self-drawn win
    f.replacement = replacement
    have |= _G_SELF_DRAWN if sit.self_drawn else _G_DISCARD
    if exposed_kongs or concealed_kongs:
        have |= _G_KONGS
    if f.bonus:
        have |= _G_BONUS
    if not melded:
        have |= _G_UNMELDED
    elif melded == 4:
        have |= _G_MELDED4
    if sit.last_tile:
        have |= _G_LAST_TILE
    if replacement:
        have |= _G_REPLACEMENT
    if sit.robbing_kong:
        have |= _G_ROBBING
    if last_of_kind:
        have |= _G_LAST_OF_KIND
    f.have = have
    return f


_UP_TO_FOUR = bytes(range(5))
#: ``counts.translate(_HELD)[::-1]`` is the kinds held as binary digits, kind 33 first: ``int(..., 2)``
#: reads them as one number, bit ``k`` for kind ``k``, and the tile facts below are then a few masks.
_HELD = bytes([ord("0")] + [ord("1")] * 255)


def _mask(kinds: Any) -> int:
    return sum(1 << k for k in kinds)


_CHARS, _DOTS, _BAMBOO = (_mask(range(9 * suit, 9 * suit + 9)) for suit in range(3))
_WIND_MASK = _mask(range(27, 31))
_DRAGON_MASK = _mask(range(31, 34))
_HONOUR_MASK = _WIND_MASK | _DRAGON_MASK
_NOT_GREEN = ~_mask(GREEN_TILES)
_NOT_REVERSIBLE = ~_mask(REVERSIBLE_TILES)
#: Suited ranks as ``HandFacts.ranks`` holds them: bit ``rank`` for ranks 1 to 9.
_TERMINAL_RANKS = 0b1000000010
_SIMPLE_RANKS = 0b0111111100


def _tile_facts(f: HandFacts, counts: bytearray) -> int:
    """Set the tile facts every hand needs from its count vector -- the kinds held (:data:`_HELD`), suits
    (bits m=1 p=2 s=4), honours, suited ranks (bit ``rank``), the kinds held four times -- and return the
    hand's tile gates."""
    held = f.held = int(counts.translate(_HELD)[::-1], 2)
    suits = f.suits = (1 if held & _CHARS else 0) | (2 if held & _DOTS else 0) | (4 if held & _BAMBOO else 0)
    ranks = f.ranks = ((held | held >> 9 | held >> 18) & _CHARS) << 1
    have = _SUIT_GATES[suits]
    if held & _HONOUR_MASK:
        f.honours = True
        have |= _G_HONOURS
        if held & _WIND_MASK:
            have |= _G_WINDS
        if held & _DRAGON_MASK:
            have |= _G_DRAGONS
    else:
        f.honours = False
        have |= _G_SUITED
        if _within_four(ranks):
            have |= _G_FOUR_RANKS
        if not ranks & _TERMINAL_RANKS:
            have |= _G_SIMPLE
    if not held & _NOT_GREEN:
        have |= _G_GREEN
    if not held & _NOT_REVERSIBLE:
        have |= _G_REVERSIBLE
    if not ranks & _SIMPLE_RANKS:
        have |= _G_TERMINALS_HONOURS
    kind = counts.find(4)
    if kind < 0:
        f.fours = ()
    else:
        have |= _G_FOUR_OF_A_KIND
        fours = []
        while kind >= 0:
            fours.append(kind)
            kind = counts.find(4, kind + 1)
        f.fours = tuple(fours)
    return have


def _within_four(ranks: int) -> bool:
    """Whether the ranks held (bit ``rank``, ranks 1 to 9) all lie within four consecutive numbers."""
    return bool(ranks) and ranks.bit_length() - (ranks & -ranks).bit_length() <= 3


class McrFacts:
    """One division of a winning hand, with every fact the fan predicates read.

    Groups are numbered: the division's concealed groups first, then the
    declared melds in their order.  A *match* of a fan is the bit mask of the
    groups it uses.  ``chow_fans`` and ``pong_fans`` map each fan made by
    combining chows (or pongs) to its matches; ``have`` holds the gate bits
    of :data:`NEEDS` the division passes.  ``wait_group`` is the concealed
    group the winning tile is read into when a fan depends on it (``None``
    otherwise: :func:`holder_group` then names one for display).
    """

    __slots__ = ("h", "form", "groups", "exposed", "all_mask", "chows", "knits", "pongs", "pair",
                 "concealed_pongs", "exposed_kongs", "concealed_kongs", "wait", "wait_group",
                 "counted_others", "have", "chow_fans", "pong_fans")

    h: HandFacts
    #: The division's form (``standard``, ``seven_pairs`` ...).
    form: str
    #: Every group as (group kind, first tile), concealed first; whether each is exposed; all their bits.
    groups: tuple[tuple[int, int], ...]
    exposed: tuple[bool, ...]
    all_mask: int
    #: (group, first tile) of each chow and knitted group; (group, tile, kong, exposed) of each pung or kong.
    chows: list[tuple[int, int]]
    knits: list[tuple[int, int]]
    pongs: list[tuple[int, int, bool, bool]]
    pair: tuple[int, int] | None
    concealed_pongs: int
    exposed_kongs: int
    concealed_kongs: int
    #: The wait scored (edge, closed, single, or 0) and the group the winning tile is read into.
    wait: int
    wait_group: int | None
    counted_others: int
    have: int
    chow_fans: dict[str, tuple[int, ...]]
    pong_fans: dict[str, tuple[int, ...]]


STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONOURS_KNITTED, KNITTED_STRAIGHT = (
    "standard", "seven_pairs", "thirteen_orphans", "honours_and_knitted", "knitted_straight")

EDGE, CLOSED, SINGLE_WAIT = 1, 2, 3

#: The fans that combining sets makes, as :data:`_CHOW_PAIRS` ... :func:`_pong_quad` name them.
COMBINATIONS = (
    "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows", "mixed_shifted_chows",
    "mixed_triple_chow", "mixed_straight", "pure_straight", "pure_shifted_chows", "pure_triple_chow",
    "four_pure_shifted_chows", "quadruple_chow", "double_pung", "two_dragon_pungs", "mixed_shifted_pungs",
    "triple_pung", "pure_shifted_pungs", "big_three_winds", "big_three_dragons", "four_pure_shifted_pungs",
    "big_four_winds")
#: Gates a fan predicate may declare (``needs``): facts of a hand or of a division it cannot do without, each a
#: bit of ``McrFacts.have``; ``combination_<fan>`` is set when the division's sets make that fan at all.  The
#: sharper the gates, the fewer predicates the engine calls in vain.
NEEDS = {name: 1 << i for i, name in enumerate(
    ("chows2", "chows3", "chows4", "pongs1", "pongs2", "pongs3", "pongs4", "kongs", "concealed_pongs2",
     "concealed_pongs3", "concealed_pongs4", "dragon_pung", "wind_pung", "terminal_pung", "honour_pair",
     "five_pair", "fives", "outside", "chows_only", "evens", "suited", "honours", "no_suited", "winds", "dragons",
     "standard", "seven_pairs", "knitted", "orphans", "bonus", "one_suit", "two_suits", "three_suits", "green",
     "reversible", "terminals_honours", "simple", "four_ranks", "four_of_a_kind", "self_drawn", "discard",
     "unmelded", "melded4", "last_tile", "replacement", "robbing", "last_of_kind", "edge", "closed", "single",
     *(f"combination_{name}" for name in COMBINATIONS)))}

_N = NEEDS
# The hand's gates as names, read for every hand.
_G_SELF_DRAWN = _N["self_drawn"]
_G_DISCARD = _N["discard"]
_G_KONGS = _N["kongs"]
_G_BONUS = _N["bonus"]
_G_UNMELDED = _N["unmelded"]
_G_MELDED4 = _N["melded4"]
_G_LAST_TILE = _N["last_tile"]
_G_REPLACEMENT = _N["replacement"]
_G_ROBBING = _N["robbing"]
_G_LAST_OF_KIND = _N["last_of_kind"]
_G_HONOURS = _N["honours"]
_G_WINDS = _N["winds"]
_G_DRAGONS = _N["dragons"]
_G_SUITED = _N["suited"]
_G_FOUR_RANKS = _N["four_ranks"]
_G_GREEN = _N["green"]
_G_REVERSIBLE = _N["reversible"]
_G_TERMINALS_HONOURS = _N["terminals_honours"]
_G_SIMPLE = _N["simple"]
_G_FOUR_OF_A_KIND = _N["four_of_a_kind"]
_SUIT_GATES = tuple(_N["no_suited"] if not suits else _N["one_suit"] if suits in (1, 2, 4)
                    else _N["two_suits"] if suits in (3, 5, 6) else _N["three_suits"] for suits in range(8))
_CHOW_GATES = (0, 0, _N["chows2"], _N["chows2"] | _N["chows3"], _N["chows2"] | _N["chows3"] | _N["chows4"])
_PONG_GATES = (0, _N["pongs1"], _N["pongs1"] | _N["pongs2"], _N["pongs1"] | _N["pongs2"] | _N["pongs3"],
               _N["pongs1"] | _N["pongs2"] | _N["pongs3"] | _N["pongs4"])
_CONCEALED_GATES = (0, 0, _N["concealed_pongs2"], _N["concealed_pongs2"] | _N["concealed_pongs3"],
                    _N["concealed_pongs2"] | _N["concealed_pongs3"] | _N["concealed_pongs4"])
_FORM_GATES = {STANDARD: _N["standard"], SEVEN_PAIRS: _N["seven_pairs"], HONOURS_KNITTED: _N["knitted"],
               KNITTED_STRAIGHT: _N["knitted"], THIRTEEN_ORPHANS: _N["orphans"]}
_WAIT_GATES = (0, _N["edge"], _N["closed"], _N["single"])
#: The gates of a division's shape -- how many chows, pongs and concealed pongs it holds, and its wait -- as
#: ``_SHAPE_GATES[chows][pongs][concealed pongs][wait]``: made once, one lookup where a division ORed four.
_SHAPE_GATES = tuple(tuple(tuple(tuple(_CHOW_GATES[c] | _PONG_GATES[p] | _CONCEALED_GATES[k] | _WAIT_GATES[w]
                                       for w in range(len(_WAIT_GATES))) for k in range(len(_CONCEALED_GATES)))
                           for p in range(len(_PONG_GATES))) for c in range(len(_CHOW_GATES)))


#: The gates a single group decides: some group opens each of ``_OPENS`` ("some group is ..."), and each of
#: ``_CLOSES`` holds unless some group closes it ("every group is ...").  A group's entry names them as small bits,
#: so a division ORs small numbers, and :data:`_SEEN_GATES` turns the result into gate bits once.
_OPENS = ("terminal_pung", "dragon_pung", "wind_pung", "honour_pair", "five_pair")
_CLOSES = ("fives", "outside", "chows_only", "evens")
_OPEN = {name: 1 << i for i, name in enumerate(_OPENS)}
_CLOSE = {name: 1 << len(_OPENS) + i for i, name in enumerate(_CLOSES)}


def _group_gates() -> tuple[list[int], ...]:
    """Per group kind and tile: the gates one group opens and those it closes, as bits of ``_OPEN`` and
    ``_CLOSE``; a division ORs its groups' entries."""
    table = tuple([0] * 34 for _ in range(6))
    for kind in range(6):
        for tile in range(34):
            rank = tile % 9 if tile < 27 else None
            opens = closes = 0
            if kind in (PUNG, KONG):
                if rank is None or rank in (0, 8):
                    opens |= _OPEN["terminal_pung"]
                if tile >= 31:
                    opens |= _OPEN["dragon_pung"]
                elif tile >= 27:
                    opens |= _OPEN["wind_pung"]
            if kind == PAIR:
                opens |= _OPEN["honour_pair"] if rank is None else _OPEN["five_pair"] if rank == 4 else 0
            chow_like = kind == CHOW
            if rank is None or not (2 <= rank <= 4 if chow_like else rank == 4):
                closes |= _CLOSE["fives"]
            if rank is not None and rank not in ((0, 6) if chow_like else (0, 8)):
                closes |= _CLOSE["outside"]
            if kind in (PUNG, KONG, dv.SINGLE) or (kind == PAIR and rank is None):
                closes |= _CLOSE["chows_only"]
            if kind not in (PUNG, KONG, PAIR) or rank is None or rank % 2 == 0:
                closes |= _CLOSE["evens"]
            table[kind][tile] = opens | closes
    return table


def _seen_gates() -> tuple[int, ...]:
    """For every OR of groups' entries of :data:`_GROUP_GATES`: the gate bits (:data:`NEEDS`) it gives a
    division -- each gate of ``_OPENS`` some group opened, each of ``_CLOSES`` no group closed."""
    out = []
    for seen in range(1 << len(_OPENS) + len(_CLOSES)):
        have = 0
        for name, bit in _OPEN.items():
            if seen & bit:
                have |= _N[name]
        for name, bit in _CLOSE.items():
            if not seen & bit:
                have |= _N[name]
        out.append(have)
    return tuple(out)


_GROUP_GATES = _group_gates()
_SEEN_GATES = _seen_gates()
_UNEXPOSED = tuple((False,) * n for n in range(15))


def division_facts(h: HandFacts, form: str, groups: tuple[tuple[int, int], ...]) -> McrFacts:
    """Facts of one division: ``groups`` are the concealed groups, the declared melds are added.

    The winning tile is read as the winner may read it (000 lines 178, 634-636):
    after a discard, a concealed pung of the winning tile counts as exposed
    only if no concealed chow could have taken the tile instead; the wait
    (edge, closed, single) is scored only when the hand waited on that one
    tile, and then from whichever concealed group holds the winning tile,
    preferring edge, then closed, then single -- the reference calculator's
    reading.
    """
    f = McrFacts()
    f.h = h
    f.form = form
    f.counted_others = 0
    win = h.win
    gates = _GROUP_GATES
    chows = []
    knits = []
    pongs = []
    pair = None
    seen = 0
    wait = 0
    wait_at = None
    chow_takes_win = False
    pung_of_win = None
    gi = 0
    for kind, tile in groups:
        seen |= gates[kind][tile]
        if kind == CHOW:
            chows.append((gi, tile))
            if tile <= win <= tile + 2:
                chow_takes_win = True
                found = CLOSED if win == tile + 1 else EDGE
                if not wait or found < wait:
                    wait, wait_at = found, gi
        elif kind == PUNG:
            pongs.append((gi, tile, False, False))
            if tile == win:
                pung_of_win = gi
        elif kind == PAIR:
            if pair is None:
                pair = (gi, tile)
            if tile == win and not wait:
                wait, wait_at = SINGLE_WAIT, gi
        elif kind == KNIT:
            knits.append((gi, tile))
        gi += 1
    concealed_pongs = len(pongs) + h.fixed_concealed_kongs
    if h.fixed:
        f.groups = groups + h.fixed_groups
        f.exposed = _UNEXPOSED[gi] + h.fixed_exposed
        for kind, tile, is_exposed in h.fixed:
            seen |= gates[kind][tile]
            if kind == CHOW:
                chows.append((gi, tile))
            else:
                pongs.append((gi, tile, kind == KONG, is_exposed))
            gi += 1
    else:
        f.groups = groups
        f.exposed = _UNEXPOSED[gi]
    f.all_mask = (1 << gi) - 1
    f.chows = chows
    f.knits = knits
    f.pongs = pongs
    f.pair = pair
    f.exposed_kongs = h.fixed_exposed_kongs
    f.concealed_kongs = h.fixed_concealed_kongs
    f.wait_group = None
    if pung_of_win is not None and not h.sit.self_drawn and form != SEVEN_PAIRS and not chow_takes_win:
        concealed_pongs -= 1
        f.wait_group = pung_of_win
    f.concealed_pongs = concealed_pongs
    if form == STANDARD:
        if not wait or not h.unique_wait:
            wait = 0
        else:
            f.wait_group = wait_at
    elif form == KNITTED_STRAIGHT:
        wait = _knitted_wait(h, groups, knits)
    else:
        wait = 0
    f.wait = wait
    have = h.have | _FORM_GATES[form] | _SHAPE_GATES[len(chows)][len(pongs)][concealed_pongs][wait] | _SEEN_GATES[seen]
    if len(chows) > 1:
        f.chow_fans, gate = _combinations(chows, _CHOW_PAIRS, _chow_triples, _chow_quad)
        have |= gate
    else:
        f.chow_fans = _NO_FANS
    if len(pongs) > 1:
        f.pong_fans, gate = _combinations(pongs, _PONG_PAIRS, _pong_triples, _pong_quad)
        have |= gate
    else:
        f.pong_fans = _NO_FANS
    f.have = have
    return f


def _wait_position(groups: tuple[tuple[int, int], ...], win: int) -> int:
    """Edge, closed or single wait from the concealed groups holding the winning tile (edge first)."""
    best = 0
    for kind, tile in groups:
        if kind == CHOW and tile <= win <= tile + 2:
            found = CLOSED if win == tile + 1 else EDGE
        elif kind == PAIR and tile == win:
            found = SINGLE_WAIT
        else:
            continue
        if best == 0 or found < best:
            best = found
    return best


def _knitted_wait(h: HandFacts, groups: tuple[tuple[int, int], ...], knits: list[tuple[int, int]]) -> int:
    """The wait of a knitted straight hand, as the reference calculator reads it.

    Concealed: judged on the set and pair beside the knitted straight alone
    (a winning tile inside the knitted runs waits on nothing there).  With a
    declared set: a winning tile outside the knitted runs completed the pair,
    and one inside them did so too when three copies are held.
    """
    win = h.win
    in_knit = any(tile <= win <= tile + 6 and (win - tile) % 3 == 0 for _, tile in knits)
    rest = [g for g in groups if g[0] != KNIT]
    if not h.fixed:
        rest_counts = bytearray(34)
        for kind, tile in rest:
            if kind == CHOW:
                rest_counts[tile] += 1
                rest_counts[tile + 1] += 1
                rest_counts[tile + 2] += 1
            else:
                rest_counts[tile] += 3 if kind == PUNG else 2
        if not rest_counts[win]:
            return 0
        rest_counts[win] -= 1
        if len(dv.waits(bytes(rest_counts), 1, False)) != 1:
            return 0
        return _wait_position(tuple(rest), win)
    if not in_knit or h.concealed[win] == 3:
        return SINGLE_WAIT
    return 0


def holder_group(f: McrFacts) -> int | None:
    """The concealed group shown holding the winning tile: the one a fan read it into, else the first that can."""
    if f.wait_group is not None:
        return f.wait_group
    win = f.h.win
    for gi in range(len(f.groups) - len(f.h.fixed)):
        kind, tile = f.groups[gi]
        if kind == CHOW and tile <= win <= tile + 2:
            return gi
        if kind == KNIT and tile <= win <= tile + 6 and (win - tile) % 3 == 0:
            return gi
        if kind in (PUNG, PAIR, dv.SINGLE) and tile == win:
            return gi
    return None


# ---------------------------------------------------------------------------------------- combinations


def _chow_pair(a: int, b: int) -> str | None:
    """The two-chow fan of chows starting at ``a`` <= ``b`` (000 lines 626-629)."""
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    if b - a == 3:
        return "short_straight"
    if a % 9 == 0 and b % 9 == 6:
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


def _shifted(r: Sequence[int], step: int) -> bool:
    return all(r[i] + step == r[i + 1] for i in range(len(r) - 1))


def _chow_triple(a: int, b: int, c: int) -> str | None:
    """The three-chow fan of chows starting at ``a`` <= ``b`` <= ``c`` (000 lines 580, 585, 587, 596, 598, 608)."""
    suits = {a // 9, b // 9, c // 9}
    if len(suits) == 3:
        ranks = sorted((a % 9, b % 9, c % 9))
        if _shifted(ranks, 1):
            return "mixed_shifted_chows"
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [0, 3, 6]:
            return "mixed_straight"
        return None
    if len(suits) == 1:
        if b - a == 3 and c - b == 3:
            return "pure_straight"
        if _shifted([a, b, c], 2) or _shifted([a, b, c], 1):
            return "pure_shifted_chows"
        if a == c:
            return "pure_triple_chow"
    return None


def _chow_quad(tiles: Sequence[int]) -> str | None:
    """The four-chow fan of chows starting at ``tiles`` (sorted; 000 lines 571, 573)."""
    a, b, c, d = tiles
    if b - a == c - b == d - c and b - a in (1, 2):
        return "four_pure_shifted_chows"
    if a == d:
        return "quadruple_chow"
    return None


def _pong_pair(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if a // 9 != b // 9 and a % 9 == b % 9 else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


def _pong_triple(a: int, b: int, c: int) -> str | None:
    if c < 27:
        suits = {a // 9, b // 9, c // 9}
        if len(suits) == 3:
            ranks = sorted((a % 9, b % 9, c % 9))
            if _shifted(ranks, 1):
                return "mixed_shifted_pungs"
            if ranks[0] == ranks[2]:
                return "triple_pung"
        elif len(suits) == 1 and _shifted([a, b, c], 1):
            return "pure_shifted_pungs"
        return None
    if 27 <= a and c <= 30:
        return "big_three_winds"
    if a >= 31:
        return "big_three_dragons"
    return None


def _pong_quad(tiles: Sequence[int]) -> str | None:
    """The four-pong fan of pongs of ``tiles`` (sorted; 000 lines 558, 572)."""
    a, b, c, d = tiles
    if d < 27 and a // 9 == d // 9 and b - a == c - b == d - c == 1:
        return "four_pure_shifted_pungs"
    if (a, b, c, d) == (27, 28, 29, 30):
        return "big_four_winds"
    return None


PairTable = list[list[str | None]]
TripleTable = list[list[list[str | None]]]


def _pair_table(tiles: Sequence[int], fan_of: Callable[[int, int], str | None]) -> PairTable:
    """The fan two sets starting at tiles ``a <= b`` make, as ``table[a][b]`` (``None``: none); built once,
    read by every division."""
    table: PairTable = [[None] * 34 for _ in range(34)]
    for a, b in combinations_with_replacement(tiles, 2):
        table[a][b] = fan_of(a, b)
    return table


def _triple_table(tiles: Sequence[int], fan_of: Callable[[int, int, int], str | None]) -> TripleTable:
    """The fan three sets starting at tiles ``a <= b <= c`` make, as ``table[a][b][c]``."""
    table: TripleTable = [[[None] * 34 for _ in range(34)] for _ in range(34)]
    for a, b, c in combinations_with_replacement(tiles, 3):
        table[a][b][c] = fan_of(a, b, c)
    return table


_CHOW_STARTS = [t for t in range(27) if t % 9 <= 6]
_CHOW_PAIRS = _pair_table(_CHOW_STARTS, _chow_pair)


@lru_cache(maxsize=1)
def _chow_triples() -> TripleTable:
    """Built on first use, like :func:`_pong_triples`: a hand of fewer than three chows never reads it."""
    return _triple_table(_CHOW_STARTS, _chow_triple)


_PONG_PAIRS = _pair_table(range(34), _pong_pair)


@lru_cache(maxsize=1)
def _pong_triples() -> TripleTable:
    """Built on first use (some 5 ms): most hands have fewer than three pongs, and a command that imports
    the family to list or check rulesets scores none."""
    return _triple_table(range(34), _pong_triple)


_COMBINATION_GATES = {name: NEEDS[f"combination_{name}"] for name in COMBINATIONS}
_NO_FANS: dict[str, tuple[int, ...]] = {}
_BY_TILE = itemgetter(1)


def _combinations(sets: list[Any], pairs: PairTable, triples: Callable[[], TripleTable],
                  quad: Callable[[Sequence[int]], str | None]) -> tuple[dict[str, tuple[int, ...]], int]:
    """The fans two, three or four of a division's chows (or pongs) make: ``{fan: matches}`` and their gates.

    ``sets`` are ``(group index, tile, ...)``; a fan's matches come in the
    order of the sets sorted by tile, pairs of positions before triples.
    """
    if len(sets) == 2:
        first, second = sets
        low, high = first[1], second[1]
        name = pairs[low][high] if low <= high else pairs[high][low]
        if name is None:
            return _NO_FANS, 0
        return {name: (1 << first[0] | 1 << second[0],)}, _COMBINATION_GATES[name]
    ordered = sorted(sets, key=_BY_TILE)
    out: dict[str, tuple[int, ...]] = {}
    for a, b in combinations(ordered, 2):
        name = pairs[a[1]][b[1]]
        if name is not None:
            out[name] = out.get(name, ()) + (1 << a[0] | 1 << b[0],)
    table = triples()
    for a, b, c in combinations(ordered, 3):
        name = table[a[1]][b[1]][c[1]]
        if name is not None:
            out[name] = out.get(name, ()) + (1 << a[0] | 1 << b[0] | 1 << c[0],)
    if len(ordered) == 4:
        a, b, c, d = ordered
        name = quad((a[1], b[1], c[1], d[1]))
        if name is not None:
            out[name] = (1 << a[0] | 1 << b[0] | 1 << c[0] | 1 << d[0],)
    gate = 0
    for name in out:
        gate |= _COMBINATION_GATES[name]
    return out, gate


# ---------------------------------------------------------------------------------------- standalone use

_FORMS = {"standard": STANDARD, "seven_pairs": SEVEN_PAIRS, "thirteen_orphans": THIRTEEN_ORPHANS,
          "honours_and_knitted": HONOURS_KNITTED, "knitted_straight": KNITTED_STRAIGHT}
_KINDS = {MeldKind.CHOW: CHOW, MeldKind.PUNG: PUNG, MeldKind.KONG: KONG, MeldKind.PAIR: PAIR,
          MeldKind.KNITTED: KNIT, MeldKind.SINGLE: dv.SINGLE}


def facts_from_arrangement(arrangement: Any, hand: Hand, context: Mapping[str, Any]) -> McrFacts:
    """The facts of one :class:`~mahjong_core.plugin.Arrangement` of a hand.

    This is how a predicate is evaluated outside the engine (docs, tests): the
    declared melds are taken out of the arrangement and the rest is the division.

    :raises MahjongError: as :func:`situation` and :func:`hand_facts` do.
    """
    rest = list(arrangement.melds)
    for meld in hand.melds:
        for i, m in enumerate(rest):
            if m.kind is meld.kind and m.tiles == meld.tiles:
                del rest[i]
                break
        else:
            raise HandError("the arrangement does not hold the hand's declared melds", place="arrangement")
    groups = tuple((_KINDS[m.kind], m.tiles[0]) for m in rest)
    return division_facts(hand_facts(hand, situation(hand, context)), _FORMS[arrangement.form.value], groups)
