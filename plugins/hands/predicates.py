"""The named hands more than one family's tables name: pure suit, all honours, the four-wind hands, seven pairs...

They describe tiles, not one family's rules, so they are a plugin of their
own (``hands`` in the ``mahjong_core.plugins`` entry-point group) whose
vocabulary every installed ruleset sees; the classical and Hong Kong tables
name them directly.  Each docstring cites the seed line that defines the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from mahjong_core.plugin import (
    DRAGONS,
    FLOWERS,
    SEASONS,
    TERMINALS_AND_HONOURS,
    WINDS,
    Arrangement,
    Form,
    Hand,
    MeldKind,
    Vocabulary,
    chows_of,
    concealed_hand,
    is_honour,
    is_standard,
    is_suited,
    is_terminal,
    number_of,
    one_suit_only,
    pairs_of,
    pong_kinds,
    pongs_of,
    suits_of,
    tiles_of,
    winning_tile_of,
)

#: The shared hands, in the order the seeds list them.
VOCABULARY = Vocabulary()
predicate = VOCABULARY.predicate


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


# ---------------------------------------------------------------------------
# Special forms
# ---------------------------------------------------------------------------


@predicate("thirteen_orphans", description="one of each terminal and honour, one of them paired",
           recognises=(Form.THIRTEEN_ORPHANS,))
def thirteen_orphans(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All 13 different terminals and honours, one of them twice (000 line 219; 001 line 181)."""
    tiles = tiles_of(arrangement)
    return len(tiles) == 14 and set(tiles) == set(TERMINALS_AND_HONOURS)


@predicate("seven_pairs", description="seven pairs", recognises=(Form.SEVEN_PAIRS,))
def seven_pairs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Seven pairs, "Парный Маджонг" (000 line 379; its structure differs from four sets, 000 line 404).

    Whether four equal tiles may count as two pairs is the arrangement
    enumerator's business; this only checks the reading it was given.
    """
    return len(arrangement.melds) == 7 and all(m.kind is MeldKind.PAIR for m in arrangement.melds)


# ---------------------------------------------------------------------------
# Tile-content limits
# ---------------------------------------------------------------------------


@predicate("pure_suit", description="every tile of one suit, no honours")
def pure_suit(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All tiles of one suit, "Масть" (000 line 226)."""
    return one_suit_only(tiles_of(arrangement))


@predicate("all_honours", description="every tile a wind or a dragon")
def all_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile an honour (000 line 234; 001 line 165 "imperial retinue": pongs and a pair of honours)."""
    tiles = tiles_of(arrangement)
    return bool(tiles) and all(is_honour(t) for t in tiles)


@predicate("all_terminals", description="every tile a 1 or a 9")
def all_terminals(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every tile a terminal (000 line 238; 001 line 167 "heads and tails")."""
    tiles = tiles_of(arrangement)
    return bool(tiles) and all(is_terminal(t) for t in tiles)


# ---------------------------------------------------------------------------
# Set-content limits
# ---------------------------------------------------------------------------


@predicate("three_great_scholars", description="pongs of all three dragons and anything else")
def three_great_scholars(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of all three dragons and any completion (000 line 243)."""
    return set(DRAGONS) <= pong_kinds(arrangement)


@predicate("big_four_winds", description="pongs of all four winds and any pair")
def big_four_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of all four winds and any completion (000 line 247; 001 line 175 "four joys")."""
    return set(WINDS) <= pong_kinds(arrangement)


@predicate("little_four_winds", description="pongs of three winds and a pair of the fourth")
def little_four_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of three winds, a pair of the fourth and any completion (000 line 275)."""
    pong_winds = pong_kinds(arrangement) & set(WINDS)
    pair_winds = {m.first for m in pairs_of(arrangement)} & set(WINDS)
    return len(pong_winds) == 3 and pair_winds == set(WINDS) - pong_winds


@predicate("four_kongs", description="four kongs and any pair")
def four_kongs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four kongs and any pair (000 line 251; 001 line 177 "four by four")."""
    return sum(1 for m in arrangement.melds if m.kind is MeldKind.KONG) == 4


@predicate("nine_gates", description="1112345678999 of one suit held, waiting on any tile of that suit")
def nine_gates(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Before the winning tile the hand held 1112345678999 of one suit (000 line 255).

    The thirteen tiles must have been in hand, so no meld other than the one
    the winning tile completed may be exposed.
    """
    winning = winning_tile_of(hand, ctx, "nine_gates")
    tiles = tiles_of(arrangement)
    if not one_suit_only(tiles) or len(tiles) != 14:
        return False
    if any(m.exposed for i, m in enumerate(arrangement.melds) if i != arrangement.winning_meld):
        return False
    before = Counter(tiles)
    before[winning] -= 1
    numbers = Counter({number_of(t): n for t, n in before.items() if n})
    counts = [numbers.get(n, 0) for n in range(1, 10)]
    return counts == [3, 1, 1, 1, 1, 1, 1, 1, 3]


@predicate("hidden_treasure", description="four concealed pongs and a concealed pair", facts=("self_drawn",))
def hidden_treasure(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four concealed pongs and a concealed pair (000 line 272).

    A pair completed by a discard is not concealed, so the hand is self-drawn.
    """
    return (
        is_standard(arrangement)
        and len(pongs_of(arrangement)) == 4
        and concealed_hand(arrangement, bool(ctx["self_drawn"]))
    )


# ---------------------------------------------------------------------------
# The beggar's hand: defined by its value
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Common shapes for the scoring tables
# ---------------------------------------------------------------------------


@predicate("no_chows", description="four pongs and a pair")
def no_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No chow in a four-sets-and-a-pair hand, "Панговый" (000 line 475)."""
    return is_standard(arrangement) and not chows_of(arrangement) and len(pongs_of(arrangement)) == 4


@predicate("all_chows", description="four chows and a pair")
def all_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every set a chow (000 line 480)."""
    return is_standard(arrangement) and len(chows_of(arrangement)) == 4


@predicate("half_flush", description="one suit and honours, both present")
def half_flush(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only one suit and honours, "Полумасть" (000 line 477).

    At least one honour must be present: without honours the hand is a pure
    suit, which 000 lists as a separate doubling (line 478).
    """
    tiles = tiles_of(arrangement)
    suited = [t for t in tiles if is_suited(t)]
    return (
        len(suits_of(suited)) == 1
        and any(is_honour(t) for t in tiles)
        and all(is_suited(t) or is_honour(t) for t in tiles)
    )


# ---------------------------------------------------------------------------
# Flower hands: wins in themselves, whatever the tiles (the mechanism flower_hands plays them)
# ---------------------------------------------------------------------------

#: The win's how when the last flower is taken from another seat (the engine's name).
_ROBBING_BONUS = "robbing_bonus"


def _all_eight(hand: Hand) -> bool:
    return set(FLOWERS + SEASONS) <= set(hand.bonus)


@predicate("all_eight_flowers", description="all four flowers and all four seasons, the last drawn",
           facts=("how",))
def all_eight_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every flower and season is the winner's, the last of them drawn, not taken from another seat: a win
    whatever the tiles (Singapore's and Malaysia's eight-flower special hand; Taiwan's 八仙過海).

    Cited: mahjongstudio_bonus section Hand (the singapore and malaysian_3p rulesets' sources).
    """
    return _all_eight(hand) and ctx.get("how") != _ROBBING_BONUS


@predicate("seven_flowers_rob_eighth", description="seven flowers and seasons taking the eighth from another seat",
           facts=("how",))
def seven_flowers_rob_eighth(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All eight flowers and seasons, the last taken from another seat's row as he set it aside or as the winner
    set aside his seventh: a win whatever the tiles (七搶一).

    Cited: mahjongstudio_bonus section Hand (seven or eight flowers); jawiki section 1 (taiwanese_16's source).
    """
    return _all_eight(hand) and ctx.get("how") == _ROBBING_BONUS
