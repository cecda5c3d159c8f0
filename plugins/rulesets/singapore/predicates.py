"""The predicates only the Singapore tables name: the animals, the seat's own flowers, Singapore's all-chows hand,
the half-terminals all-pungs hand and the last tile drawn.

The Hong Kong family's ``hk_own_bonus_tile`` reads every bonus tile's number, which an animal (a kind of the tile
set's own, after the flowers and seasons) does not have; ``sg_seat_flower`` asks only flowers and seasons.  The
rest of the Singapore table is the Hong Kong family's predicates and the shared hands.  Each name starts with
``sg_`` so that no other module's name can collide with it.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import (
    DRAGONS,
    FLOWERS,
    SEASONS,
    WINDS,
    Arrangement,
    Hand,
    MeldKind,
    Vocabulary,
    bonus_seat,
    chows_of,
    is_honour,
    is_standard,
    is_terminal,
    number_of,
    tiles_of,
)

#: What this module adds to the Singapore ruleset's vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()
_NUMBERED = frozenset(FLOWERS + SEASONS)
#: A set's own kinds are numbered from 42 in the order its ``tile_set`` lists them (the core's tile sets, as
#: ``TileSet`` documents):
#: the Singapore and Malaysian sets list the four animals first, so they are 42-45 (``1a``-``4a``), and the
#: Malaysian set's faces next, 46-49 (``1h``-``4h``).  Each ruleset's tests hold its set to these numbers.
ANIMALS = range(max(_NUMBERED) + 1, max(_NUMBERED) + 5)


def is_animal(kind: int) -> bool:
    """An animal (``1a``-``4a``): one of the four own kinds a Singapore or Malaysian set lists first."""
    return kind in ANIMALS


@VOCABULARY.predicate("sg_animal", description="an animal (cat, mouse, rooster or centipede; counted per bonus tile)")
def sg_animal(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """An animal tile, one tai each (bigproduction section Additional; mahjongstudio_bonus section Animals)."""
    return any(is_animal(tile) for tile in hand.bonus)


@VOCABULARY.predicate("sg_all_animals", description="all four animals")
def sg_all_animals(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The four animals, one tai more than the four each counts (bigproduction section Additional)."""
    return len({tile for tile in hand.bonus if is_animal(tile)}) == 4


@VOCABULARY.predicate("sg_seat_flower", description="a flower or season of the seat's own number (per bonus tile)",
                      facts=("seat_wind",))
def sg_seat_flower(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A flower or a season whose number is the seat's, 1 East to 4 North: one tai each
    (mahjongstudio_bonus section Flowers)."""
    return any(tile in _NUMBERED and WINDS[bonus_seat(tile)] == ctx["seat_wind"] for tile in hand.bonus)


def _two_sided(arrangement: Arrangement, hand: Hand) -> bool:
    """The winning tile ends the chow it completed, and that chow is not an edge (1-2 waiting on 3, 8-9 on 7)."""
    i, tile = arrangement.winning_meld, hand.winning_tile
    if i is None or tile is None:
        return False
    meld = arrangement.melds[i]
    if meld.kind is not MeldKind.CHOW:
        return False
    low, high = meld.tiles[0], meld.tiles[-1]
    if tile == low:
        return number_of(high) != 9
    return tile == high and number_of(low) != 1


def _all_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four chows and a pair of no value, won on a two-sided wait when won on a discard."""
    if not is_standard(arrangement):
        return False
    melds = arrangement.melds
    if sum(1 for m in melds if m.kind is MeldKind.CHOW) != 4:
        return False
    pair = next((m.first for m in melds if m.kind is MeldKind.PAIR), None)
    if pair is None or pair in DRAGONS or pair in (ctx["seat_wind"], ctx["prevalent_wind"]):
        return False
    return bool(ctx["self_drawn"]) or _two_sided(arrangement, hand)


@VOCABULARY.predicate("sg_ping_hu", facts=("seat_wind", "prevalent_wind", "self_drawn"),
                      description="four chows, a pair of no value, no bonus tile; a discard must end a two-sided wait")
def sg_ping_hu(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Singapore's all-chows hand without a bonus tile, worth four tai (bigproduction section Peng)."""
    return not hand.bonus and _all_chows(arrangement, hand, ctx)


@VOCABULARY.predicate("sg_ping_hu_with_bonus", facts=("seat_wind", "prevalent_wind", "self_drawn"),
                      description="the all-chows hand holding bonus tiles (a discard must end a two-sided wait)")
def sg_ping_hu_with_bonus(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The all-chows hand with bonus tiles, one tai (bigproduction section Peng)."""
    return bool(hand.bonus) and _all_chows(arrangement, hand, ctx)


@VOCABULARY.predicate("sg_last_tile_drawn", description="won on the wall's last tile, drawn",
                      facts=("last_tile", "self_drawn"))
def sg_last_tile_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Drawing the last tile of the wall to win (bigproduction section Additional)."""
    return bool(ctx["last_tile"]) and bool(ctx["self_drawn"])


@VOCABULARY.predicate("sg_half_terminals_pungs",
                      description="pungs and a pair of terminals and honours, both present")
def sg_half_terminals_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every set a pung of ones, nines or honours, the pair too, with a terminal and an honour among them
    (bigproduction section Half); without an honour it is the terminals' limit hand, without a terminal all
    honours."""
    if not is_standard(arrangement) or chows_of(arrangement):
        return False
    tiles = tiles_of(arrangement)
    return (all(is_terminal(t) or is_honour(t) for t in tiles) and any(is_terminal(t) for t in tiles)
            and any(is_honour(t) for t in tiles))
