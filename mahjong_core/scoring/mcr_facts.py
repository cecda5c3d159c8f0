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
:mod:`mahjong_core.predicates` (``self_drawn``, ``last_tile``, ``replacement``,
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

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..errors import HandError, MahjongError
from ..melds import Hand, MeldKind
from ..tiles import EAST, KINDS
from . import mcr_divide as dv
from .mcr_divide import CHOW, KNIT, KONG, PAIR, PUNG

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
    facts = dict(defaults)
    for key in _FLAG_FACTS:
        if key in context:
            facts[key] = bool(context[key])
    how = context.get("how")
    if how is not None:
        if how not in ("self_drawn", "discard", "replacement", "robbing_kong"):
            raise MahjongError(f"unknown win {how!r}; expected self_drawn, discard, replacement or robbing_kong",
                               place="context.how")
        facts["self_drawn"] = how in ("self_drawn", "replacement")
        facts["replacement"] = how == "replacement"
        facts["robbing_kong"] = how == "robbing_kong"
        if how == "replacement" and "kong_replacement" in context:
            facts["replacement"] = bool(context["kong_replacement"])
    unsure = how == "replacement" and "kong_replacement" not in context
    if "last_tile_of_kind" not in context and "winning_tile_visible" in context:
        facts["last_tile_of_kind"] = context["winning_tile_visible"] == 3
    explicit_self_drawn = "self_drawn" in context or how is not None
    seat = context.get("seat_wind")
    prevalent = context.get("prevalent_wind")
    for flag in hand.situations:
        if flag in _FLAG_FACTS:
            facts[flag] = True
            explicit_self_drawn = explicit_self_drawn or flag == "self_drawn"
        elif flag.startswith("seat_wind_") and flag[10:] in _WIND_NAMES:
            seat = EAST + _WIND_NAMES.index(flag[10:])
        elif flag.startswith("prevalent_wind_") and flag[15:] in _WIND_NAMES:
            prevalent = EAST + _WIND_NAMES.index(flag[15:])
        else:
            raise MahjongError(f"unknown situation flag !{flag}; the Chinese official rules know "
                               + ", ".join("!" + f for f in sorted(KNOWN_FLAGS)), place="situations")
    if facts["replacement"]:
        if explicit_self_drawn and not facts["self_drawn"]:
            raise MahjongError("a win on a replacement tile is self-drawn; the context says it was not",
                               place="situations")
        facts["self_drawn"] = True
    if facts["robbing_kong"] and facts["self_drawn"]:
        raise MahjongError("robbing a kong takes another player's tile; it cannot also be self-drawn",
                           place="situations")
    winning = hand.winning_tile if hand.winning_tile is not None else context.get("winning_tile")
    return Situation(
        facts["self_drawn"], facts["last_tile"], facts["replacement"], facts["robbing_kong"],
        facts["last_tile_of_kind"],
        None if seat is None else _wind(seat, "seat_wind"),
        None if prevalent is None else _wind(prevalent, "prevalent_wind"),
        winning,
        unsure and "replacement" not in hand.situations,
    )


class HandFacts:
    """Facts about a winning hand that hold for every division of it."""

    __slots__ = ("hand", "sit", "win", "concealed", "concealed_before", "fixed", "counts", "sets",
                 "melded_fixed", "fixed_kongs", "suits", "honours", "winds", "dragons", "all_suited",
                 "ranks", "all_simple", "all_terminal", "all_honour", "all_terminal_or_honour", "all_green",
                 "all_reversible", "bonus", "last_tile_of_kind", "replacement", "have", "_unique")

    def __init__(self) -> None:
        self._unique: bool | None = None

    @property
    def unique_wait(self) -> bool:
        """Whether the hand before the winning tile waited on that tile alone (regular and seven-pairs waits)."""
        if self._unique is None:
            found = dv.waits(self.concealed_before, self.sets, not self.fixed)
            self._unique = len(found) == 1
        return self._unique


def hand_facts(hand: Hand, sit: Situation) -> HandFacts:
    """The division-independent facts of a winning hand.

    :raises HandError: when the hand names no winning tile, has the wrong
        number of tiles, or its situation is physically impossible (the last
        tile of its kind while another copy is held; robbing a kong of a tile
        the hand holds; a replacement win without a kong).
    """
    win = sit.winning_tile
    if win is None:
        raise HandError("the winning tile must be named, e.g. '+5p': the Chinese official rules score the wait",
                        place="winning tile")
    if not isinstance(win, int) or not 0 <= win < 34:
        raise HandError(f"the winning tile must be a playing tile kind 0..33, got {win!r}", place="winning tile")
    f = HandFacts()
    f.hand = hand
    f.sit = sit
    f.win = win
    before = bytearray(34)
    for t in hand.concealed:
        before[t] += 1
    f.concealed_before = bytes(before)
    before[win] += 1
    f.concealed = bytes(before)
    fixed = []
    counts = list(before)
    melded = 0
    kongs = 0
    for meld in hand.melds:
        kind = meld.kind
        if kind is MeldKind.CHOW:
            fixed.append((CHOW, meld.tiles[0], True))
        elif kind is MeldKind.PUNG:
            fixed.append((PUNG, meld.tiles[0], True))
        elif kind is MeldKind.KONG:
            fixed.append((KONG, meld.tiles[0], meld.exposed))
            kongs += 1
        else:
            raise HandError(f"a declared meld is a chow, pung or kong, got a {kind.value}", place="melds")
        melded += meld.exposed
        for t in meld.tiles:
            counts[t] += 1
    f.fixed = tuple(fixed)
    f.fixed_kongs = kongs
    f.melded_fixed = melded
    f.counts = counts
    f.sets = 4 - len(fixed)
    if f.sets < 0 or len(hand.concealed) + 1 != 3 * f.sets + 2:
        raise HandError(f"a winning hand has 14 tiles (a kong counts as three), got {hand.tile_count()}",
                        place="tile count")
    if max(counts) > 4:
        raise HandError("a hand holds at most four copies of a tile", place="tiles")
    (f.suits, f.winds, f.dragons, ranks, f.all_green, f.all_reversible, four) = _tile_facts(bytes(counts))
    f.honours = f.winds or f.dragons
    f.all_suited = not f.honours
    f.ranks = ranks
    f.all_simple = not f.honours and not ranks & 0b1000000010
    f.all_terminal = not f.honours and not ranks & 0b0111111100
    f.all_honour = not f.suits
    f.all_terminal_or_honour = not ranks & 0b0111111100
    f.bonus = len(hand.bonus)
    held_elsewhere = f.concealed_before[win]
    in_fixed = counts[win] - before[win]
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
    if replacement and not kongs:
        if not sit.replacement_unsure:
            raise HandError("a win on a kong's replacement tile needs a kong in the hand", place="situations")
        replacement = False  # without a kong the dead-wall tile replaced a flower: an ordinary self-drawn win
    f.replacement = replacement
    n = NEEDS
    have = n["honours"] if f.honours else n["suited"]
    if f.suits in (1, 2, 4):
        have |= n["one_suit"]
    elif f.suits in (3, 5, 6):
        have |= n["two_suits"]
    if f.all_green:
        have |= n["green"]
    if f.all_reversible:
        have |= n["reversible"]
    if f.all_terminal_or_honour:
        have |= n["terminals_honours"]
    if f.all_simple:
        have |= n["simple"]
    if four:
        have |= n["four_of_a_kind"]
    if f.bonus:
        have |= n["bonus"]
    have |= n["self_drawn"] if sit.self_drawn else n["discard"]
    if not melded:
        have |= n["unmelded"]
    elif melded == 4:
        have |= n["melded4"]
    if sit.last_tile:
        have |= n["last_tile"]
    if replacement:
        have |= n["replacement"]
    if sit.robbing_kong:
        have |= n["robbing"]
    if last_of_kind:
        have |= n["last_of_kind"]
    f.have = have
    return f


@lru_cache(maxsize=1 << 15)
def _tile_facts(counts: bytes) -> tuple[int, bool, bool, int, bool, bool, bool]:
    """Suits present (bits m=1 p=2 s=4), winds?, dragons?, suited ranks (bit r), all green?, all reversible?,
    four of a kind?"""
    present = [k for k in range(34) if counts[k]]
    suits = 0
    ranks = 0
    for k in present:
        if k < 27:
            suits |= 1 << (k // 9)
            ranks |= 1 << (k % 9 + 1)
    return (suits, any(27 <= k < 31 for k in present), any(k >= 31 for k in present), ranks,
            all(k in GREEN_TILES for k in present), all(k in REVERSIBLE_TILES for k in present), 4 in counts)


class McrFacts:
    """One division of a winning hand, with every fact the fan predicates read.

    Groups are numbered: the division's concealed groups first, then the
    declared melds in their order.  A *match* of a fan is the bit mask of the
    groups it uses.  ``chow_fans`` and ``pong_fans`` map each fan made by
    combining chows (or pongs) to its matches; ``have`` holds the gate bits
    of :data:`NEEDS` the division passes.
    """

    __slots__ = ("h", "form", "groups", "exposed", "all_mask", "chows", "knits", "pongs", "pair",
                 "concealed_pongs", "exposed_kongs", "concealed_kongs", "wait", "wait_group",
                 "counted_others", "have", "chow_fans", "pong_fans")

    def __init__(self) -> None:
        self.counted_others = 0


STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONOURS_KNITTED, KNITTED_STRAIGHT = (
    "standard", "seven_pairs", "thirteen_orphans", "honours_and_knitted", "knitted_straight")

EDGE, CLOSED, SINGLE_WAIT = 1, 2, 3

#: The fans that combining sets makes, as :func:`_chow_combos` and :func:`_pong_combos` name them.
COMBINATIONS = (
    "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows", "mixed_shifted_chows",
    "mixed_triple_chow", "mixed_straight", "pure_straight", "pure_shifted_chows", "pure_triple_chow",
    "four_pure_shifted_chows", "quadruple_chow", "double_pung", "two_dragon_pungs", "mixed_shifted_pungs",
    "triple_pung", "pure_shifted_pungs", "big_three_winds", "big_three_dragons", "four_pure_shifted_pungs",
    "big_four_winds")
#: Gates a fan predicate may declare (``needs``): facts of a division it cannot do without, each a bit of
#: ``McrFacts.have``; ``combination_<fan>`` is set when the division's sets make that fan at all.
NEEDS = {name: 1 << i for i, name in enumerate(
    ("chows2", "chows3", "chows4", "pongs1", "pongs2", "pongs3", "kongs", "suited", "honours", "standard",
     "seven_pairs", "knitted", "orphans", "bonus", "one_suit", "two_suits", "green", "reversible",
     "terminals_honours", "simple", "four_of_a_kind", "self_drawn", "discard", "unmelded", "melded4", "last_tile",
     "replacement", "robbing", "last_of_kind", "wait", *(f"combination_{name}" for name in COMBINATIONS)))}


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
    win = h.win
    sit = h.sit
    all_groups = list(groups)
    exposed = [False] * len(groups)
    for kind, tile, is_exposed in h.fixed:
        all_groups.append((kind, tile))
        exposed.append(is_exposed)
    f.groups = all_groups
    f.exposed = exposed
    f.all_mask = (1 << len(all_groups)) - 1
    chows = []
    knits = []
    pongs = []
    pair = None
    for gi, (kind, tile) in enumerate(all_groups):
        if kind == CHOW:
            chows.append((gi, tile))
        elif kind == PUNG or kind == KONG:
            pongs.append((gi, tile, kind == KONG, exposed[gi]))
        elif kind == PAIR:
            pair = (gi, tile) if pair is None else pair
        elif kind == KNIT:
            knits.append((gi, tile))
    f.chows = chows
    f.knits = knits
    f.pongs = pongs
    f.pair = pair
    concealed_pongs = 0
    exposed_kongs = 0
    concealed_kongs = 0
    for _gi, _tile, is_kong, is_exposed in pongs:
        if is_kong:
            if is_exposed:
                exposed_kongs += 1
            else:
                concealed_kongs += 1
        if not is_exposed:
            concealed_pongs += 1
    f.wait_group = None
    if not sit.self_drawn and form != SEVEN_PAIRS:
        n = len(groups)
        if not any(gi < n and tile <= win <= tile + 2 for gi, tile in chows):
            for gi, tile, _kong, is_exposed in pongs:
                if tile == win and not is_exposed:
                    concealed_pongs -= 1
                    f.wait_group = gi
    f.concealed_pongs = concealed_pongs
    f.exposed_kongs = exposed_kongs
    f.concealed_kongs = concealed_kongs
    wait = 0
    if form == STANDARD:
        if h.unique_wait:
            wait, gi = _wait_position(groups, win)
            if gi is not None:
                f.wait_group = gi
    elif form == KNITTED_STRAIGHT:
        wait = _knitted_wait(h, groups, knits)
    f.wait = wait
    if f.wait_group is None:
        f.wait_group = _holder(all_groups, win, len(groups))
    f.chow_fans, chow_bits = _masks(chows, _chow_combos) if len(chows) > 1 else _NONE
    f.pong_fans, pong_bits = _masks([(gi, t) for gi, t, _, _ in pongs], _pong_combos) if len(pongs) > 1 else _NONE
    f.have = _have(f, h) | chow_bits | pong_bits
    return f


_N = NEEDS
_CHOW_GATES = (0, 0, _N["chows2"], _N["chows2"] | _N["chows3"], _N["chows2"] | _N["chows3"] | _N["chows4"])
_PONG_GATES = (0, _N["pongs1"], _N["pongs1"] | _N["pongs2"], _N["pongs1"] | _N["pongs2"] | _N["pongs3"],
               _N["pongs1"] | _N["pongs2"] | _N["pongs3"])
_FORM_GATES = {STANDARD: _N["standard"], SEVEN_PAIRS: _N["seven_pairs"], HONOURS_KNITTED: _N["knitted"],
               KNITTED_STRAIGHT: _N["knitted"], THIRTEEN_ORPHANS: _N["orphans"]}


def _have(f: McrFacts, h: HandFacts) -> int:
    have = h.have | _CHOW_GATES[len(f.chows)] | _PONG_GATES[len(f.pongs)] | _FORM_GATES[f.form]
    if f.exposed_kongs or f.concealed_kongs:
        have |= _N["kongs"]
    if f.wait:
        have |= _N["wait"]
    return have


def _wait_position(groups: tuple[tuple[int, int], ...], win: int) -> tuple[int, int | None]:
    """Edge, closed or single wait from the concealed groups holding the winning tile (edge first)."""
    best = 0
    where = None
    for gi, (kind, tile) in enumerate(groups):
        if kind == CHOW and tile <= win <= tile + 2:
            found = CLOSED if win == tile + 1 else EDGE
        elif kind == PAIR and tile == win:
            found = SINGLE_WAIT
        else:
            continue
        if best == 0 or found < best:
            best, where = found, gi
    return best, where


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
        return _wait_position(tuple(rest), win)[0]
    if not in_knit or h.concealed[win] == 3:
        return SINGLE_WAIT
    return 0


def _holder(groups: list[tuple[int, int]], win: int, concealed_count: int) -> int | None:
    """A concealed group that holds the winning tile (for display)."""
    for gi in range(concealed_count):
        kind, tile = groups[gi]
        if kind == CHOW and tile <= win <= tile + 2:
            return gi
        if kind == KNIT and tile <= win <= tile + 6 and (win - tile) % 3 == 0:
            return gi
        if kind in (PUNG, PAIR, dv.SINGLE) and tile == win:
            return gi
    return None


# ---------------------------------------------------------------------------------------- combinations


_MASK_CACHE: dict[tuple[Any, ...], tuple[dict[str, tuple[int, ...]], int]] = {}
_NONE: tuple[dict[str, tuple[int, ...]], int] = ({}, 0)


def _masks(items: list[tuple[int, int]], combos: Any) -> tuple[dict[str, tuple[int, ...]], int]:
    """Run a cached combination finder on sorted tiles; its positions as group masks, and its gate bits (cached)."""
    key = (combos, *items)
    cached = _MASK_CACHE.get(key)
    if cached is not None:
        return cached
    ordered = sorted(items, key=lambda item: item[1])
    found = combos(tuple(t for _, t in ordered))
    out: dict[str, tuple[int, ...]] = {}
    bits = 0
    for name, position_sets in found.items():
        out[name] = tuple(sum(1 << ordered[p][0] for p in positions) for positions in position_sets)
        bits |= NEEDS[f"combination_{name}"]
    if len(_MASK_CACHE) > 1 << 16:
        _MASK_CACHE.clear()
    result = _MASK_CACHE[key] = (out, bits)
    return result


_COMBO_CACHE: dict[tuple[str, tuple[int, ...]], dict[str, tuple[tuple[int, ...], ...]]] = {}


def _suit(t: int) -> int:
    return t // 9


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


def _shifted(r: list[int], step: int) -> bool:
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


def _chow_combos(tiles: tuple[int, ...]) -> dict[str, tuple[tuple[int, ...], ...]]:
    key = ("c", tiles)
    cached = _COMBO_CACHE.get(key)
    if cached is not None:
        return cached
    out: dict[str, list[tuple[int, ...]]] = {}
    n = len(tiles)
    for i in range(n):
        for j in range(i + 1, n):
            name = _chow_pair(tiles[i], tiles[j])
            if name:
                out.setdefault(name, []).append((i, j))
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                name = _chow_triple(tiles[i], tiles[j], tiles[k])
                if name:
                    out.setdefault(name, []).append((i, j, k))
    if n == 4:
        if _shifted(list(tiles), 1) or _shifted(list(tiles), 2):
            out["four_pure_shifted_chows"] = [(0, 1, 2, 3)]
        elif tiles[0] == tiles[3]:
            out["quadruple_chow"] = [(0, 1, 2, 3)]
    result = {name: tuple(v) for name, v in out.items()}
    _COMBO_CACHE[key] = result
    return result


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


def _pong_combos(tiles: tuple[int, ...]) -> dict[str, tuple[tuple[int, ...], ...]]:
    key = ("p", tiles)
    cached = _COMBO_CACHE.get(key)
    if cached is not None:
        return cached
    out: dict[str, list[tuple[int, ...]]] = {}
    n = len(tiles)
    for i in range(n):
        for j in range(i + 1, n):
            name = _pong_pair(tiles[i], tiles[j])
            if name:
                out.setdefault(name, []).append((i, j))
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                name = _pong_triple(tiles[i], tiles[j], tiles[k])
                if name:
                    out.setdefault(name, []).append((i, j, k))
    if n == 4:
        if tiles[3] < 27 and tiles[0] // 9 == tiles[3] // 9 and _shifted(list(tiles), 1):
            out["four_pure_shifted_pungs"] = [(0, 1, 2, 3)]
        elif tiles == (27, 28, 29, 30):
            out["big_four_winds"] = [(0, 1, 2, 3)]
    result = {name: tuple(v) for name, v in out.items()}
    _COMBO_CACHE[key] = result
    return result


# ---------------------------------------------------------------------------------------- standalone use

_FORMS = {"standard": STANDARD, "seven_pairs": SEVEN_PAIRS, "thirteen_orphans": THIRTEEN_ORPHANS,
          "honours_and_knitted": HONOURS_KNITTED, "knitted_straight": KNITTED_STRAIGHT}
_KINDS = {MeldKind.CHOW: CHOW, MeldKind.PUNG: PUNG, MeldKind.KONG: KONG, MeldKind.PAIR: PAIR,
          MeldKind.KNITTED: KNIT, MeldKind.SINGLE: dv.SINGLE}


def facts_from_arrangement(arrangement: Any, hand: Hand, context: Mapping[str, Any]) -> McrFacts:
    """Facts of an :class:`~mahjong_core.melds.Arrangement` from :func:`mahjong_core.arrangements.arrangements`.

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
