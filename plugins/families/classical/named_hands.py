"""The named hands only the classical family's tables name: situation limits, green hands, treasures.

The hands more than one family names (pure suit, the four-wind hands...)
are the shared hands' plugin's (:mod:`mahjong_rulesets.hands`); these are the
classical tables' own, contributed to the rulesets of this family by its
plugin (:mod:`mahjong_rulesets.families.classical.family`).  Where the seeds define
one name two ways (000 and 001 disagree on "grapes on a flat roof" and
"three great scholars"), both readings exist under different names and each
ruleset's table picks its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.hands.predicates import VOCABULARY as CORE

from mahjong_core.plugin import (
    DRAGONS,
    GREENS,
    Arrangement,
    Form,
    Hand,
    MeldKind,
    Vocabulary,
    chows_of,
    concealed_hand,
    is_honour,
    is_simple,
    is_standard,
    is_terminal_or_honour,
    number_of,
    one_suit_only,
    pairs_of,
    pongs_of,
    tiles_of,
    winning_tile_of,
)

ONE_DOTS = 9  # 1p
FIVE_DOTS = 13  # 5p
TWO_BAMBOO = 19  # 2s

VOCABULARY = Vocabulary()
seven_pairs = CORE["seven_pairs"].fn
three_great_scholars = CORE["three_great_scholars"].fn


@VOCABULARY.predicate(
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


@VOCABULARY.predicate(
    "grapes_on_a_flat_roof",
    description="win on the last or second-last permissible wall tile, and it is 5 dots",
    facts=("self_drawn", "tiles_left"),
)
def grapes_on_a_flat_roof(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Mahjong on the last or the second-last permissible wall tile, which is 5 dots (000 line 269)."""
    tile = winning_tile_of(hand, ctx, "grapes_on_a_flat_roof")
    return tile == FIVE_DOTS and bool(ctx["self_drawn"]) and ctx["tiles_left"] in (0, 1)


@VOCABULARY.predicate(
    "grapes_on_a_flat_roof_loose_tile",
    description="win with a loose (replacement) tile, and it is 5 dots",
    facts=("replacement",),
)
def grapes_on_a_flat_roof_loose_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A hand completed with a loose tile that is 5 dots (001 line 185; 000 line 269 reads it otherwise)."""
    return winning_tile_of(hand, ctx, "grapes_on_a_flat_roof_loose_tile") == FIVE_DOTS and bool(ctx["replacement"])


@VOCABULARY.predicate(
    "scratching_a_carrying_pole",
    description="win by robbing a kong of 2 bamboo",
    facts=("robbing_kong",),
)
def scratching_a_carrying_pole(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Mahjong by robbing a kong of 2 bamboo as it is declared (001 line 187, "sawing the bearing pillar")."""
    return winning_tile_of(hand, ctx, "scratching_a_carrying_pole") == TWO_BAMBOO and bool(ctx["robbing_kong"])


@VOCABULARY.predicate("heavenly_twins", description="seven pairs, all honours or all of one suit",
                      recognises=(Form.SEVEN_PAIRS,), recognises_all=False)
def heavenly_twins(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Seven pairs of the winds and dragons, or seven pairs of one suit (001 line 171; 000 line 403)."""
    if not seven_pairs(arrangement, hand, ctx):
        return False
    tiles = tiles_of(arrangement)
    return all(is_honour(t) for t in tiles) or one_suit_only(tiles)


@VOCABULARY.predicate("all_terminals_and_honours", description="every tile a terminal or an honour")
def all_terminals_and_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile a terminal or an honour, "Онёрный Маджонг" (000 line 222)."""
    tiles = tiles_of(arrangement)
    return bool(tiles) and all(is_terminal_or_honour(t) for t in tiles)


@VOCABULARY.predicate("all_green", description="only 2, 3, 4, 6, 8 bamboo and green dragons")
def all_green(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only green tiles: green dragons and bamboo 2, 3, 4, 6, 8 (000 line 259)."""
    tiles = tiles_of(arrangement)
    return bool(tiles) and all(t in GREENS for t in tiles)


@VOCABULARY.predicate("imperial_jade", description="four pongs and a pair, all green tiles")
def imperial_jade(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four pungs (kongs) and a pair of green tiles only (001 line 169; chows are excluded, unlike 000 line 259)."""
    return is_standard(arrangement) and not chows_of(arrangement) and all_green(arrangement, hand, ctx)


@VOCABULARY.predicate(
    "three_great_scholars_one_suit",
    description="pongs of all three dragons, plus a pong and a pair of one suit",
)
def three_great_scholars_one_suit(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of the three dragons, then a pong and a pair of one suit (001 line 173; 000 line 403 for КК)."""
    if not (is_standard(arrangement) and three_great_scholars(arrangement, hand, ctx)):
        return False
    rest = [m for m in arrangement.melds if not (m.is_pong and m.first in DRAGONS)]
    pongs = [m for m in rest if m.is_pong]
    pairs = [m for m in rest if m.kind is MeldKind.PAIR]
    if len(pongs) != 1 or len(pairs) != 1:
        return False
    return one_suit_only([pongs[0].first, pairs[0].first])


@VOCABULARY.predicate("hiding_snake", description="one suit: pongs of 1 and 9, a pair of 2, 5 or 8, two chows")
def hiding_snake(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """One suit with pongs of 1 and 9, a pair of 2, 5 or 8 and two chows of the rest (001 line 179)."""
    tiles = tiles_of(arrangement)
    if not (is_standard(arrangement) and one_suit_only(tiles)):
        return False
    pong_numbers = sorted(number_of(m.first) or 0 for m in pongs_of(arrangement))
    pairs = pairs_of(arrangement)
    return (
        pong_numbers == [1, 9]
        and len(chows_of(arrangement)) == 2
        and len(pairs) == 1
        and number_of(pairs[0].first) in (2, 5, 8)
    )


@VOCABULARY.predicate("found_treasure", description="concealed, no chows, one suit", facts=("self_drawn",))
def found_treasure(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed all-pong hand of one suit (000 line 263; 001 line 163: every tile from the wall)."""
    return (
        is_standard(arrangement)
        and not chows_of(arrangement)
        and one_suit_only(tiles_of(arrangement))
        and concealed_hand(arrangement, bool(ctx["self_drawn"]))
    )


@VOCABULARY.predicate("all_simples", description="no terminal and no honour")
def all_simples(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No terminal and no honour, "Безонёрный" (000 line 472)."""
    tiles = tiles_of(arrangement)
    return bool(tiles) and all(is_simple(t) for t in tiles)


@VOCABULARY.predicate("concealed", description="every set concealed and the winning tile self-drawn",
                      facts=("self_drawn",))
def concealed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed hand outside Sport: all sets concealed and the mahjong drawn from the wall (000 line 178).

    Sport's own meaning (000 line 178, first sentence) belongs to its fan table.
    """
    return concealed_hand(arrangement, bool(ctx["self_drawn"]))

