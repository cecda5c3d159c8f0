"""The predicates the ``taiwanese`` family's tai table names, each prefixed ``tw_``.

The prefix keeps these names apart from every other plugin's in the one vocabulary all installed plugins share.
A row counted ``per: meld`` asks its predicate of an arrangement holding that one meld (with ``winning_meld`` 0
when the winning tile completed it), so the set predicates say "the arrangement has such a meld"; a row counted
``per: bonus_tile`` asks of the hand holding that one bonus tile.  The patterns follow the Taiwanese 16-tile
lists the ruleset cites (``plugins/rulesets/taiwanese_16/ruleset.yaml``): five sets and a pair, flowers by seat.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import (
    DRAGONS,
    EAST,
    FLOWERS,
    SEASONS,
    WINDS,
    Arrangement,
    Hand,
    Meld,
    MeldKind,
    Vocabulary,
    bonus_seat,
    is_honour,
    number_of,
    suit_of,
    waits,
)

__all__ = ["EIGHT", "VOCABULARY", "concealed_pungs", "waiting_kinds"]

#: What this package adds to every ruleset's vocabulary (through its plugin's ``mahjong_predicates`` hook).
VOCABULARY = Vocabulary()
#: The bonus tiles of the set: four flowers and four seasons, one of each.
EIGHT = 8
#: The way of a win on a bonus tile robbed as another seat sets it aside (the engine offers it).
ROBBING_BONUS = "robbing_bonus"
_KINDS = 34


def _sets(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.kind is not MeldKind.PAIR]


def _pair(arrangement: Arrangement) -> Meld | None:
    return next((m for m in arrangement.melds if m.kind is MeldKind.PAIR), None)


def _won_on_discard(ctx: Mapping[str, object]) -> bool:
    return not ctx["self_drawn"]


def concealed_pungs(arrangement: Arrangement, ctx: Mapping[str, object]) -> int:
    """Pungs and kongs the winner holds concealed (暗刻): not claimed, and not completed by another's discard.

    A pung the winning discard completed is a claimed pung in all but name; a concealed kong counts.
    """
    n = 0
    for i, meld in enumerate(arrangement.melds):
        if not meld.is_pong or meld.exposed:
            continue
        if i == arrangement.winning_meld and _won_on_discard(ctx) and meld.kind is MeldKind.PUNG:
            continue
        n += 1
    return n


def waiting_kinds(hand: Hand) -> tuple[int, ...]:
    """The kinds that would have completed the hand before its winning tile: the hand's wait."""
    counts = [0] * _KINDS
    for tile in hand.concealed:
        counts[tile] += 1
    return waits(counts, seven_pairs=False, thirteen_orphans=False)


@VOCABULARY.predicate("tw_dealer", description="the winner is the dealer (莊家)", facts=("dealer",))
def tw_dealer(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The dealer's own tai: the dealer scores one more, winning or paying.

    Cited: chh section 1; atawmj section 1.1.
    """
    return bool(ctx["dealer"])


@VOCABULARY.predicate("tw_self_drawn", description="the winning tile was drawn (自摸)", facts=("self_drawn",))
def tw_self_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winner drew the winning tile, from the wall or as a replacement.

    Cited: chh section 4; atawmj section 1.6.
    """
    return bool(ctx["self_drawn"])


@VOCABULARY.predicate("tw_concealed", description="no chow, pung or kong claimed or shown (門清)")
def tw_concealed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Nothing was claimed: every declared meld is a concealed kong.

    Cited: chh section 5; atawmj section 1.4.
    """
    return not any(m.exposed for m in hand.melds)


@VOCABULARY.predicate("tw_concealed_self_drawn", description="concealed and self-drawn (門清自摸, 不求)",
                      facts=("self_drawn",))
def tw_concealed_self_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Concealed, and the winning tile drawn too: the two together are a pattern of their own.

    Cited: chh section 6.
    """
    return bool(ctx["self_drawn"]) and tw_concealed(arrangement, hand, ctx)


@VOCABULARY.predicate("tw_ping_hu", description="five chows and a pair, no honours, no flowers, won on a discard "
                      "with a two-sided wait (平胡)", facts=("self_drawn",))
def tw_ping_hu(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The plain hand: all chows, nothing honour or flower in it, a discard completing a two-sided wait.

    The wait is two-sided when the winning tile ends the chow it completed and that chow is not 1-2-3 waited
    on the 3 or 7-8-9 waited on the 7 (an edge wait); a pair wait does not count.

    Cited: atawmj section 2.1; chh section 14.
    """
    if ctx["self_drawn"] or hand.bonus or any(is_honour(t) for t in hand.all_tiles()):
        return False
    sets = _sets(arrangement)
    if not sets or any(m.kind is not MeldKind.CHOW for m in sets):
        return False
    i = arrangement.winning_meld
    if i is None or hand.winning_tile is None:
        return False
    meld = arrangement.melds[i]
    if meld.kind is not MeldKind.CHOW:
        return False
    low, high = meld.tiles[0], meld.tiles[-1]
    tile = hand.winning_tile
    if tile == low:
        return number_of(high) != 9
    if tile == high:
        return number_of(low) != 1
    return False


@VOCABULARY.predicate("tw_seat_wind_pung", description="a pung or kong of the seat's wind (門風)",
                      facts=("seat_wind",))
def tw_seat_wind_pung(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A set of the winner's own wind, counted for each such meld.

    Cited: atawmj section 1.7.
    """
    return any(m.is_pong and m.first == ctx["seat_wind"] for m in arrangement.melds)


@VOCABULARY.predicate("tw_round_wind_pung", description="a pung or kong of the round's wind (圈風)",
                      facts=("prevalent_wind",))
def tw_round_wind_pung(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A set of the prevailing wind, counted for each such meld (with the seat's wind too when they agree).

    Cited: atawmj section 1.8.
    """
    return any(m.is_pong and m.first == ctx["prevalent_wind"] for m in arrangement.melds)


@VOCABULARY.predicate("tw_dragon_pung", description="a pung or kong of a dragon (三元牌)")
def tw_dragon_pung(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A set of red, green or white, counted for each such meld.

    Cited: chh section 15; atawmj section 1.11.
    """
    return any(m.is_pong and m.first in DRAGONS for m in arrangement.melds)


@VOCABULARY.predicate("tw_seat_flower", description="a flower or season of the winner's seat (正花)",
                      facts=("seat_wind",))
def tw_seat_flower(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A bonus tile numbered for the winner's seat: East 1 (plum, spring) .. North 4; asked per bonus tile.

    Cited: atawmj section 1.9.
    """
    wind = ctx["seat_wind"]
    return isinstance(wind, int) and any(bonus_seat(t) == wind - EAST for t in hand.bonus)


@VOCABULARY.predicate("tw_flower_set", description="all four flowers or all four seasons (花槓)")
def tw_flower_set(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """One whole group of bonus tiles: the four flowers, or the four seasons.

    Cited: atawmj section 2.3.
    """
    held = set(hand.bonus)
    return set(FLOWERS) <= held or set(SEASONS) <= held


@VOCABULARY.predicate("tw_eight_flowers", description="all four flowers and all four seasons (八仙過海)",
                      facts=("how",))
def tw_eight_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every bonus tile of the set is the winner's, the last drawn, not robbed: a win in itself, whatever the tiles.

    Cited: mahjongclub section Tais.
    """
    return len(set(hand.bonus)) == EIGHT and ctx.get("how") != ROBBING_BONUS


@VOCABULARY.predicate("tw_seven_rob_eighth", description="seven flowers robbing the eighth (七搶一)",
                      facts=("how",))
def tw_seven_rob_eighth(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All eight bonus tiles, the last robbed as another seat set it aside: a win in itself, whatever the tiles.

    A ruleset switches the robbery on by having a ``limit_hands`` row of this predicate (the family offers the
    rob only then: :mod:`..family`).  Cited: mahjongclub section Tais; Japanese Wikipedia 台湾麻将.
    """
    return len(set(hand.bonus)) == EIGHT and ctx.get("how") == ROBBING_BONUS


@VOCABULARY.predicate("tw_all_pungs", description="five pungs or kongs and a pair (碰碰胡)")
def tw_all_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No chow among the sets.

    Cited: chh section 12; atawmj section 4.2.
    """
    sets = _sets(arrangement)
    return bool(sets) and all(m.is_pong for m in sets)


def _suits(hand: Hand) -> tuple[set[str | None], bool]:
    tiles = hand.all_tiles()
    return {suit_of(t) for t in tiles if not is_honour(t)}, any(is_honour(t) for t in tiles)


@VOCABULARY.predicate("tw_mixed_one_suit", description="one suit and honours (混一色)")
def tw_mixed_one_suit(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Tiles of a single suit with winds or dragons beside them.

    Cited: chh section 20.
    """
    suits, honours = _suits(hand)
    return len(suits) == 1 and honours


@VOCABULARY.predicate("tw_pure_one_suit", description="one suit only, no honours (清一色)")
def tw_pure_one_suit(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile of one suit.

    Cited: chh section 21.
    """
    suits, honours = _suits(hand)
    return len(suits) == 1 and not honours


@VOCABULARY.predicate("tw_all_honours", description="winds and dragons only (字一色)")
def tw_all_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No suited tile at all.

    Cited: chh section 21.
    """
    suits, honours = _suits(hand)
    return not suits and honours


def _honour_sets(arrangement: Arrangement, kinds: tuple[int, ...]) -> tuple[int, bool]:
    pungs = sum(m.is_pong and m.first in kinds for m in arrangement.melds)
    pair = _pair(arrangement)
    return pungs, pair is not None and pair.first in kinds


@VOCABULARY.predicate("tw_small_three_dragons", description="two dragon pungs and a dragon pair (小三元)")
def tw_small_three_dragons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 19; nh48jid section 4."""
    pungs, pair = _honour_sets(arrangement, DRAGONS)
    return pungs == 2 and pair


@VOCABULARY.predicate("tw_big_three_dragons", description="three dragon pungs (大三元)")
def tw_big_three_dragons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 18; nh48jid section 4."""
    return _honour_sets(arrangement, DRAGONS)[0] == 3


@VOCABULARY.predicate("tw_small_four_winds", description="three wind pungs and a wind pair (小四喜)")
def tw_small_four_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 17; nh48jid section 4."""
    pungs, pair = _honour_sets(arrangement, WINDS)
    return pungs == 3 and pair


@VOCABULARY.predicate("tw_big_four_winds", description="four wind pungs (大四喜)")
def tw_big_four_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 16; nh48jid section 4."""
    return _honour_sets(arrangement, WINDS)[0] == 4


@VOCABULARY.predicate("tw_three_concealed_pungs", description="three concealed pungs or kongs (三暗刻)",
                      facts=("self_drawn",))
def tw_three_concealed_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: atawmj section 2.4."""
    return concealed_pungs(arrangement, ctx) >= 3


@VOCABULARY.predicate("tw_four_concealed_pungs", description="four concealed pungs or kongs (四暗刻)",
                      facts=("self_drawn",))
def tw_four_concealed_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: nh48jid section 5.2."""
    return concealed_pungs(arrangement, ctx) >= 4


@VOCABULARY.predicate("tw_five_concealed_pungs", description="five concealed pungs or kongs (五暗刻)",
                      facts=("self_drawn",))
def tw_five_concealed_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: nh48jid section 5.1."""
    return concealed_pungs(arrangement, ctx) >= 5


@VOCABULARY.predicate("tw_last_tile_drawn", description="won by drawing the wall's last tile (海底撈月)",
                      facts=("last_tile", "self_drawn"))
def tw_last_tile_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 8; atawmj section 1.16."""
    return bool(ctx["last_tile"]) and bool(ctx["self_drawn"])


@VOCABULARY.predicate("tw_last_discard", description="won on the discard after the wall's last tile (河底撈魚)",
                      facts=("last_tile", "self_drawn"))
def tw_last_discard(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 10; atawmj section 1.15."""
    return bool(ctx["last_tile"]) and not ctx["self_drawn"]


@VOCABULARY.predicate("tw_robbing_kong", description="won on a tile added to a pung to make a kong (搶槓)",
                      facts=("robbing_kong",))
def tw_robbing_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: atawmj section 1.10."""
    return bool(ctx["robbing_kong"])


@VOCABULARY.predicate("tw_replacement_win", description="won on the tile drawn to replace a flower or a kong "
                      "(槓上開花)", facts=("replacement",))
def tw_replacement_win(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: chh section 9; atawmj section 1.14."""
    return bool(ctx["replacement"])


@VOCABULARY.predicate("tw_single_wait", description="the hand waited on one kind only: edge, closed or pair wait "
                      "(獨聽)")
def tw_single_wait(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only one kind would have completed the hand, whatever reading it is scored by.

    Cited: chh section 7; atawmj section 1.12.
    """
    return hand.winning_tile is not None and len(waiting_kinds(hand)) == 1


def _all_claimed(hand: Hand) -> bool:
    return len(hand.concealed) == 1 and bool(hand.melds) and all(m.exposed for m in hand.melds)


@VOCABULARY.predicate("tw_all_claimed", description="every set claimed, the pair won on a discard (全求)",
                      facts=("self_drawn",))
def tw_all_claimed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """One tile left in hand, every set shown, and another's discard pairs it.

    Cited: atawmj section 2.2; chh section 13.
    """
    return _all_claimed(hand) and not ctx["self_drawn"]


@VOCABULARY.predicate("tw_half_claimed", description="every set claimed, the pair self-drawn (半求)",
                      facts=("self_drawn",))
def tw_half_claimed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """One tile left in hand, every set shown, and the winner draws its pair.

    Cited: atawmj section 1.13.
    """
    return _all_claimed(hand) and bool(ctx["self_drawn"])


@VOCABULARY.predicate("tw_heavenly", description="the dealer won on the dealt hand (天胡)",
                      facts=("dealer", "self_drawn", "first_go_around"))
def tw_heavenly(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: nh48jid section 3.1."""
    return bool(ctx["dealer"]) and bool(ctx["self_drawn"]) and bool(ctx["first_go_around"])


@VOCABULARY.predicate("tw_earthly", description="a non-dealer won on the first tile drawn (地胡)",
                      facts=("dealer", "self_drawn", "first_go_around"))
def tw_earthly(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: nh48jid section 3.2."""
    return not ctx["dealer"] and bool(ctx["self_drawn"]) and bool(ctx["first_go_around"])


@VOCABULARY.predicate("tw_human", description="won on a discard in the first go-around (人胡)",
                      facts=("self_drawn", "first_go_around"))
def tw_human(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: nh48jid section 3.3."""
    return not ctx["self_drawn"] and bool(ctx["first_go_around"])
