"""The predicates only the Korean tables name: a hand with nothing claimed, Korea's all-sequences hand, the
double wind, the pure straight, four concealed pungs, the three hands of the first go-around, the count of the
winning tile's kind (the "Korean dora"), a hand declared ready ("uper") and its first-discard form, and the three
bonus hands won on one named tile.

The classical family's ``concealed`` is a concealed hand won by a tile drawn from the wall; Korean 2-point
mahjong also counts a point for a concealed hand won on a discard, so ``kr_concealed`` asks only that nothing
was claimed before the win (a concealed kong keeps a hand concealed).  ``all_chows`` allows any pair and any way
of winning, while the Korean all-sequences hand wants a pair that is worth nothing and a win on a discard.  The
declaration's facts (``riichi``, ``double_riichi``) and the first go-around's (``tenhou``, ``chiihou``,
``renhou``) are those the ``riichi_declaration`` mechanism makes: Korea's uper is that declaration, for no stick,
and the mechanism tells a win on the dealt hand, on the first draw and on a discard before it as riichi's rules
do.  The ruleset's ``mahjong_predicates`` hook contributes them, made with the classical family's registrars so
that a ``per: match`` row counts once per tile.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.families.classical.predicates import classical_predicate, counting_predicate

from mahjong_core.plugin import (
    DRAGONS,
    Arrangement,
    Hand,
    MeldKind,
    Vocabulary,
    is_exposed,
    parse_tiles,
    tiles_of,
    winning_tile_of,
)

#: What this module adds to the Korean ruleset's vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()

#: The tiles the three bonus hands of a named winning tile name (the Korean tile set has no bamboo; dots are "p").
ONE_DOT, FIVE_DOTS, NINE_DOTS = parse_tiles("1p5p9p")
#: The 1 of each suit, where a pure straight starts.
SUIT_ONES = tuple(parse_tiles("1m1p1s"))


@classical_predicate("kr_concealed", vocabulary=VOCABULARY,
                     description="nothing claimed before the win (a concealed kong allowed), on a discard or drawn")
def kr_concealed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed hand: no meld laid out with another seat's tile before the win (co_kr section 3.1: a concealed
    kong keeps it, and a concealed hand won on a discard is still worth its one point)."""
    return not any(meld.exposed for meld in hand.melds)


@classical_predicate("kr_all_sequences", vocabulary=VOCABULARY, facts=("seat_wind", "prevalent_wind", "self_drawn"),
                     description="four chows and a pair that is neither a dragon nor the seat's or round's wind, "
                                 "won on another's tile")
def kr_all_sequences(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four sequences and a pair of no value, won on another seat's tile (co_kr section 5.1: a seat cannot make
    the hand with a pair of its own wind; co_kr section 11, its second worked hand: the same tiles self-drawn are not
    the hand; namu_korean section 2: it does not go with a self-drawn win).  That a dragon or the round's wind
    spoils the pair too is this file's reading, as the classical worthless hand."""
    if ctx["self_drawn"]:
        return False
    melds = arrangement.melds
    if len(melds) != 5 or sum(1 for m in melds if m.kind is MeldKind.CHOW) != 4:
        return False
    pair = next((m.tiles[0] for m in melds if m.kind is MeldKind.PAIR), None)
    return pair is not None and pair not in DRAGONS and pair != ctx["seat_wind"] and pair != ctx["prevalent_wind"]


@classical_predicate("kr_double_wind", vocabulary=VOCABULARY, facts=("seat_wind", "prevalent_wind"),
                     description="a pung or kong of a wind that is both the seat's and the round's")
def kr_double_wind(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The double wind (co_kr_learn10 section 1.2): three or four of the wind that is at once the seat's and the
    round's -- East's seat in the East round, South's in the South round."""
    wind = ctx["seat_wind"]
    return wind == ctx["prevalent_wind"] and any(m.is_pong and m.tiles[0] == wind for m in arrangement.melds)


@classical_predicate("kr_pure_straight", vocabulary=VOCABULARY,
                     description="1-2-3, 4-5-6 and 7-8-9 of one suit, as three sequences")
def kr_pure_straight(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The pure straight (co_kr_learn10 section 1.2): the three sequences that run one suit from 1 to 9."""
    starts = {m.tiles[0] for m in arrangement.melds if m.kind is MeldKind.CHOW}
    return any({one, one + 3, one + 6} <= starts for one in SUIT_ONES)


@classical_predicate("kr_four_concealed_pungs", vocabulary=VOCABULARY, facts=("self_drawn",),
                     description="four pungs or kongs, none claimed nor completed by another's discard")
def kr_four_concealed_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four concealed pungs (namu_korean section 2): four pungs or kongs made from the wall alone -- a pung that
    another seat's discard completed is not concealed, as the classical family reads three concealed pungs."""
    self_drawn = bool(ctx["self_drawn"])
    return sum(1 for i, m in enumerate(arrangement.melds)
               if m.is_pong and not is_exposed(arrangement, i, self_drawn)) == 4


@classical_predicate("kr_heavenly", vocabulary=VOCABULARY, facts=("tenhou",),
                     description="the dealer won on the hand dealt to it")
def kr_heavenly(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The heavenly hand (namu_korean section 2): the dealer's dealt hand complete before its first discard."""
    return bool(ctx["tenhou"])


@classical_predicate("kr_earthly", vocabulary=VOCABULARY, facts=("chiihou",),
                     description="a seat other than the dealer won on its first draw, nothing claimed before it")
def kr_earthly(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The earthly hand (namu_korean section 2): a seat other than the dealer completes its hand with its first
    draw of the deal, before any claim."""
    return bool(ctx["chiihou"])


@classical_predicate("kr_human", vocabulary=VOCABULARY, facts=("renhou",),
                     description="a seat other than the dealer won on a discard before its first draw")
def kr_human(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The human hand (namu_korean section 2): a seat other than the dealer wins on another's discard before it has
    drawn, before any claim."""
    return bool(ctx["renhou"])


@counting_predicate("kr_winning_tile_count", vocabulary=VOCABULARY,
                    description="the tiles of the winning tile's kind in the whole hand (counted per tile)")
def kr_winning_tile_count(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count the hand's tiles of the winning tile's kind, the winning tile included: the "Korean style dora"
    (co_kr section 9.1, whose worked hand counts the three dragons of the winning kind; fourwinds_korean section
    Patterns: one point for each such tile)."""
    winning = hand.winning_tile
    if winning is None:
        return 0
    return tiles_of(arrangement).count(winning)


@classical_predicate("kr_uper", vocabulary=VOCABULARY, facts=("riichi", "double_riichi"),
                     description="the winner declared its ready hand (uper), as riichi's declaration is made")
def kr_uper(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A ready hand declared ("uper", co_kr section 9.1: one bonus point): the declaration the
    ``riichi_declaration`` mechanism makes, whose facts tell a declaration on the first discard (``double_riichi``)
    from any other (``riichi``)."""
    return bool(ctx["riichi"] or ctx["double_riichi"])


@classical_predicate("kr_open_uper", vocabulary=VOCABULARY, facts=("open_riichi",),
                     description="the winner declared its ready hand with the hand shown face up (bullo)")
def kr_open_uper(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A ready hand declared with all its tiles turned face up (namu_korean section 4.2's 불러, two bonus points): the
    ``open_declaration`` mechanism's ``open_riichi``, beside the declaration's own facts, which the uper's row reads."""
    return bool(ctx["open_riichi"])


@classical_predicate("kr_double_uper", vocabulary=VOCABULARY, facts=("double_riichi",),
                     description="the winner declared its ready hand with its first discard, nothing claimed before")
def kr_double_uper(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A ready hand declared with the seat's first discard, before any claim (namu_korean section 3.4's 부지부엎어,
    riichi's double riichi): the mechanism's ``double_riichi``."""
    return bool(ctx["double_riichi"])


@classical_predicate("kr_kong_five_dots", vocabulary=VOCABULARY, facts=("replacement",),
                     description="won with a kong's replacement tile, and that tile is the 5 of dots")
def kr_kong_five_dots(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A win on a kong's replacement tile that is the 5 of dots (namu_korean section 4.4, 깡상5통올라)."""
    return bool(ctx["replacement"]) and winning_tile_of(hand, ctx, "kr_kong_five_dots") == FIVE_DOTS


@classical_predicate("kr_last_tile_one_dot", vocabulary=VOCABULARY, facts=("self_drawn", "last_tile"),
                     description="self-drawn the wall's last tile, and that tile is the 1 of dots")
def kr_last_tile_one_dot(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The wall's last tile drawn for the win, and it is the 1 of dots (namu_korean section 4.4, 하이테이1통올라)."""
    return (bool(ctx["self_drawn"]) and bool(ctx["last_tile"])
            and winning_tile_of(hand, ctx, "kr_last_tile_one_dot") == ONE_DOT)


@classical_predicate("kr_last_discard_nine_dots", vocabulary=VOCABULARY,
                     facts=("self_drawn", "robbing_kong", "last_tile"),
                     description="won on the discard after the wall's last tile, and that tile is the 9 of dots")
def kr_last_discard_nine_dots(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The last discard won on, and it is the 9 of dots (namu_korean section 4.4, 하이테이9통쏘아)."""
    return (not ctx["self_drawn"] and not ctx["robbing_kong"] and bool(ctx["last_tile"])
            and winning_tile_of(hand, ctx, "kr_last_discard_nine_dots") == NINE_DOTS)
