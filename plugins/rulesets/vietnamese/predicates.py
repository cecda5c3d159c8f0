"""The predicates only the Vietnamese tables name: the seat's own flowers, emperors and empresses, the flower
joker, the typed jokers declared for Phán, the hands of sequences or triplets with and without honours, the pure
straight, and the big hands' extra for a hand won without jokers or without bonus tiles.

The Vietnamese set's own kinds are numbered from 42 in the order its ``tile_set`` lists them (as ``TileSet``
documents): the emperors ``1e``-``4e`` (42-45), the empresses ``1q``-``4q`` (46-49) and the flower joker ``1x``
(50), then the typed jokers ``1j``-``7j`` (51-57), the rectangle-framed copies, and their copies in a diamond
frame ``1d``-``7d`` (58-64) and in a circle frame ``1c``-``7c`` (65-71); the ruleset's tests hold its set to these
numbers.  Each name
starts with ``vn_`` so that no other module's name can collide with it.  Sources are named as the ruleset's
``sources:`` name them (``riichi_advanced``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mahjong_core.plugin import (
    DRAGONS,
    FLOWERS,
    HONOURS,
    SEASONS,
    WINDS,
    Arrangement,
    Hand,
    Meld,
    MeldKind,
    Vocabulary,
    bonus_seat,
    chows_of,
    is_exposed,
    is_standard,
    number_of,
    pongs_of,
    suit_of,
    waits,
)

#: What this module adds to the Vietnamese ruleset's vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()
#: The emperors and the empresses, numbered 1-4 for the seats East to North: the set's first eight own kinds.
_ROYALS = range(max(FLOWERS + SEASONS) + 1, max(FLOWERS + SEASONS) + 9)
#: The flower joker (花), the own kind the set lists after them.
FLOWER_JOKER = _ROYALS.stop
#: The typed jokers 1j-7j, listed after it: the General (縂), the jokers of dots (筒), bamboo (索) and characters (萬)
#: -- the green ones --, then the red jokers of winds (喜), dragons (元) and suited tiles (合).
TYPED_JOKERS = range(FLOWER_JOKER + 1, FLOWER_JOKER + 8)
#: Every copy of the typed jokers: the rectangle-framed ones (:data:`TYPED_JOKERS`), then the seven in a diamond
#: frame and the seven in a circle frame (riichi_advanced section Tiles: one copy of each joker in each frame).
ALL_TYPED_JOKERS = range(TYPED_JOKERS.start, TYPED_JOKERS.start + 21)
#: The frames in the order the set lists them, by the letter of their copies' codes.
FRAME_LETTERS = ("j", "d", "c")


def plain(tile: int) -> int:
    """The typed joker a copy in any frame is (``1d`` and ``1c`` are the General, ``1j``); any other tile itself."""
    if tile in ALL_TYPED_JOKERS:
        return TYPED_JOKERS.start + (tile - TYPED_JOKERS.start) % len(TYPED_JOKERS)
    return tile


#: The green jokers (the General and the jokers of dots, bamboo and characters) and the red ones (the flower joker
#: and the jokers of winds, dragons and suited tiles), every frame's copies: riichi_advanced section Tiles.
GREEN_JOKERS = frozenset(k for k in ALL_TYPED_JOKERS if plain(k) in TYPED_JOKERS[:4])
RED_JOKERS = frozenset((FLOWER_JOKER, *(k for k in ALL_TYPED_JOKERS if plain(k) in TYPED_JOKERS[4:])))
#: Each typed joker's name in the Phán table's rows (``vn_declared_<name>_joker``).
JOKER_NAMES = ("general", "dots", "bamboo", "characters", "winds", "dragons", "suits")
#: The seat (0 East .. 3 North) each typed joker is numbered for, as the flowers are: the green jokers 1j-4j East
#: to North, the red jokers after the flower joker, which has no seat, South to North (riichi_advanced section
#: Phan: the General +1 Phán for East, the dots joker and the winds joker for South, and so on).
JOKER_SEATS = (0, 1, 2, 3, 1, 2, 3)
_HONOURS = frozenset(HONOURS)

Predicate = Callable[[Arrangement, Hand, Mapping[str, object]], bool]


def seat_number(kind: int) -> int | None:
    """The seat (0 East .. 3 North) a numbered bonus tile belongs to: a flower, a season, an emperor or an
    empress; ``None`` for any other tile."""
    if kind in FLOWERS or kind in SEASONS:
        return bonus_seat(kind)
    if kind in _ROYALS:
        return (kind - _ROYALS.start) % 4
    return None


@VOCABULARY.predicate("vn_own_bonus_tile", facts=("seat_wind",),
                      description="a flower, season, emperor or empress of the seat's own number (per bonus tile)")
def vn_own_bonus_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A numbered bonus tile whose number is the seat's, 1 East to 4 North: one Phán each (riichi_advanced
    section Phán; mahjongpros section Royalty: the emperors and empresses are flowers)."""
    return any((seat := seat_number(tile)) is not None and WINDS[seat] == ctx["seat_wind"] for tile in hand.bonus)


@VOCABULARY.predicate("vn_flower_joker", description="the flower joker, set aside as a flower (per bonus tile)")
def vn_flower_joker(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The flower joker (花), two Phán whatever the seat (riichi_advanced section Phan)."""
    return FLOWER_JOKER in hand.bonus


def _declared(kind: int, text: str) -> None:
    """The predicate of one typed joker declared: set aside for Phán instead of played (per bonus tile)."""

    def declared(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        return any(plain(tile) == kind for tile in hand.bonus)  # a copy in any frame

    declared.__doc__ = (f"The {text} joker declared: set aside in the seat's turn, as a flower is, and counted with "
                        "the bonus tiles (riichi_advanced sections Calls and Phan).")
    name = JOKER_NAMES[kind - TYPED_JOKERS.start]
    VOCABULARY.predicate(f"vn_declared_{name}_joker",
                         description=f"the {text} joker declared, set aside as a bonus tile (per bonus tile)")(declared)


for _kind, _text in zip(TYPED_JOKERS, ("General", "dots", "bamboo", "characters", "winds", "dragons",
                                       "suited tiles'"), strict=True):
    _declared(_kind, _text)


@VOCABULARY.predicate("vn_declared_joker_own_seat", facts=("seat_wind",),
                      description="a declared typed joker numbered for the seat (per bonus tile)")
def vn_declared_joker_own_seat(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A declared typed joker whose number is the seat's (:data:`JOKER_SEATS`): one Phán more
    (riichi_advanced section Phan)."""
    return any(tile in ALL_TYPED_JOKERS and WINDS[JOKER_SEATS[plain(tile) - TYPED_JOKERS.start]] == ctx["seat_wind"]
               for tile in hand.bonus)


#: The win's fact the ``joker_declaration`` mechanism gives: the codes of the jokers the winner declared before
#: play (``["1j", "7j"]``), none where it is not given.
BEFORE_PLAY = "jokers_before_play"
#: The General (1j) and the suited tiles' joker (7j), and the seats each is numbered for (East, North).
GENERAL, SUITS = TYPED_JOKERS[0], TYPED_JOKERS[6]


def _frames_before_play(kind: int, hand: Hand, ctx: Mapping[str, object]) -> set[str]:
    """The frames (by their codes' letters) of the copies of the joker ``kind`` declared before play: each copy
    named by the fact (``1j``, ``1d``, ``1c``) and among the hand's bonus tiles."""
    before = ctx.get(BEFORE_PLAY)
    named = {str(code) for code in before} if isinstance(before, list | tuple) else set()
    number = kind - TYPED_JOKERS.start + 1
    return {letter for frame, letter in enumerate(FRAME_LETTERS)
            if f"{number}{letter}" in named and kind + len(TYPED_JOKERS) * frame in hand.bonus}


def _before_play(kind: int, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Whether the joker ``kind`` (a copy in any frame) was declared before play: among the hand's bonus tiles, and
    named by the fact."""
    return bool(_frames_before_play(kind, hand, ctx))


@VOCABULARY.predicate("vn_general_joker_before_play", facts=("seat_wind",),
                      description="the General joker declared before play by a seat other than East")
def vn_general_joker_before_play(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The General declared before play: the East seat's one Phán more for any seat (riichi_advanced section Phan,
    the additional rule); East has it already as its own number's (``vn_declared_joker_own_seat``)."""
    return ctx["seat_wind"] != WINDS[JOKER_SEATS[0]] and _before_play(GENERAL, hand, ctx)


@VOCABULARY.predicate("vn_suits_joker_before_play", facts=("seat_wind",),
                      description="the suited tiles' joker declared before play by a seat other than North")
def vn_suits_joker_before_play(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The suited tiles' joker declared before play: the North seat's one Phán more for any seat
    (riichi_advanced section Phan, the additional rule)."""
    return ctx["seat_wind"] != WINDS[JOKER_SEATS[6]] and _before_play(SUITS, hand, ctx)


@VOCABULARY.predicate("vn_general_and_suits_jokers_before_play",
                      description="the General and the suited tiles' joker both declared before play")
def vn_general_and_suits_jokers_before_play(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The General and the suited tiles' joker declared together before play: nine Phán for the two
    (riichi_advanced section Phan)."""
    return _before_play(GENERAL, hand, ctx) and _before_play(SUITS, hand, ctx)


@VOCABULARY.predicate("vn_general_and_suits_jokers_one_frame",
                      description="the General and the suited tiles' joker of one frame both declared before play")
def vn_general_and_suits_jokers_one_frame(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The General and the suited tiles' joker declared together before play, both in one frame (both in a
    circle, say): twelve Phán for the two instead of nine (riichi_advanced section Phan)."""
    return bool(_frames_before_play(GENERAL, hand, ctx) & _frames_before_play(SUITS, hand, ctx))


def _sets(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.kind is not MeldKind.PAIR]


def _pair(arrangement: Arrangement) -> int | None:
    return next((m.first for m in arrangement.melds if m.kind is MeldKind.PAIR), None)


def _all_chows(arrangement: Arrangement) -> bool:
    return is_standard(arrangement) and len(chows_of(arrangement)) == len(_sets(arrangement)) == 4


def _all_pungs(arrangement: Arrangement) -> bool:
    return is_standard(arrangement) and len(pongs_of(arrangement)) == len(_sets(arrangement)) == 4


def _honour_pung(arrangement: Arrangement) -> bool:
    return any(m.first in _HONOURS for m in pongs_of(arrangement))


@VOCABULARY.predicate("vn_all_chows", description="four chows and a pair that is not an honour")
def vn_all_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All sequences, one Phán (riichi_advanced section Phan)."""
    return _all_chows(arrangement) and _pair(arrangement) not in _HONOURS


@VOCABULARY.predicate("vn_all_chows_honour_pair", description="four chows and a pair of an honour")
def vn_all_chows_honour_pair(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All sequences with an honour pair, three Phán (riichi_advanced section Phan)."""
    return _all_chows(arrangement) and _pair(arrangement) in _HONOURS


@VOCABULARY.predicate("vn_all_pungs", description="four pungs or kongs, none of an honour")
def vn_all_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All triplets of suited tiles, three Phán (riichi_advanced section Phan)."""
    return _all_pungs(arrangement) and not _honour_pung(arrangement)


@VOCABULARY.predicate("vn_all_pungs_honours", description="four pungs or kongs, one at least of an honour")
def vn_all_pungs_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All triplets with an honour triplet, one Mủn (riichi_advanced section Phan)."""
    return _all_pungs(arrangement) and _honour_pung(arrangement)


def _all_exposed(arrangement: Arrangement, ctx: Mapping[str, object]) -> bool:
    """Every set a pung or kong claimed from a discard (a kong declared concealed is not one)."""
    return _all_pungs(arrangement) and all(
        is_exposed(arrangement, i, bool(ctx["self_drawn"])) for i, m in enumerate(arrangement.melds)
        if m.kind is not MeldKind.PAIR)


@VOCABULARY.predicate("vn_all_exposed_pungs", facts=("self_drawn",),
                      description="four exposed pungs or kongs, none of an honour")
def vn_all_exposed_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All called triplets, one Mủn (riichi_advanced section Phan)."""
    return _all_exposed(arrangement, ctx) and not _honour_pung(arrangement)


@VOCABULARY.predicate("vn_all_exposed_pungs_honours", facts=("self_drawn",),
                      description="four exposed pungs or kongs, one at least of an honour")
def vn_all_exposed_pungs_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All called triplets with an honour triplet, two Mủn (riichi_advanced section Phan)."""
    return _all_exposed(arrangement, ctx) and _honour_pung(arrangement)


@VOCABULARY.predicate("vn_terminal_pungs", description="four pungs or kongs, among them one of 1s and one of 9s")
def vn_terminal_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All triplets with a triplet of ones and one of nines, one Mủn (riichi_advanced section Phan)."""
    ranks = {number_of(m.first) for m in pongs_of(arrangement) if m.first not in _HONOURS}
    return _all_pungs(arrangement) and {1, 9} <= ranks


def _no_bonus(hand: Hand) -> bool:
    """No flower and no joker declared: no bonus tile set aside (a declared joker is among them), and no joker
    set aside beside the hand."""
    return not hand.bonus and not hand.jokers


def _no_honours(hand: Hand) -> bool:
    return not any(tile in _HONOURS for tile in hand.all_tiles())


@VOCABULARY.predicate("vn_no_bonus_no_honours", description="no bonus tile set aside and no honour in the hand")
def vn_no_bonus_no_honours(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No flowers or honours, one Mủn (riichi_advanced section Phan)."""
    return _no_bonus(hand) and _no_honours(hand)


@VOCABULARY.predicate("vn_no_bonus_all_chows", description="no bonus tile, four chows and a pair of no honour")
def vn_no_bonus_all_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No flowers, honours or triplets, two Mủn (riichi_advanced section Phan)."""
    return _no_bonus(hand) and vn_all_chows(arrangement, hand, ctx)


@VOCABULARY.predicate("vn_pure_straight", description="chows 1-2-3, 4-5-6 and 7-8-9 of one suit")
def vn_pure_straight(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The pure straight, three Mủn (riichi_advanced section Phan)."""
    starts = {(suit_of(m.first), number_of(m.first)) for m in chows_of(arrangement)}
    return is_standard(arrangement) and any({(suit, 1), (suit, 4), (suit, 7)} <= starts
                                            for suit, _ in starts)


@VOCABULARY.predicate("vn_little_three_dragons", description="pungs of two dragons and a pair of the third")
def vn_little_three_dragons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Small three dragons, one Mủn (riichi_advanced section Phan)."""
    pungs = {m.first for m in pongs_of(arrangement) if m.first in DRAGONS}
    return is_standard(arrangement) and len(pungs) == 2 and _pair(arrangement) in DRAGONS


@VOCABULARY.predicate("vn_four_concealed_pungs", facts=("self_drawn",),
                      description="four concealed pungs or kongs (one completed by a discard is not concealed)")
def vn_four_concealed_pungs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four concealed triplets, three Mủn: a triplet won on a discard or a robbed kong is not concealed, the
    pair may be (riichi_advanced section Phan)."""
    return _all_pungs(arrangement) and not any(
        is_exposed(arrangement, i, bool(ctx["self_drawn"])) for i, m in enumerate(arrangement.melds)
        if m.kind is not MeldKind.PAIR)


def _four_kongs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return is_standard(arrangement) and sum(1 for m in arrangement.melds if m.kind is MeldKind.KONG) == 4


def _winds(arrangement: Arrangement, pungs: int) -> bool:
    winds = {m.first for m in pongs_of(arrangement) if m.first in WINDS}
    if pungs == 4:
        return is_standard(arrangement) and len(winds) == 4
    return is_standard(arrangement) and len(winds) == 3 and _pair(arrangement) in WINDS


def no_jokers(hand: Hand) -> bool:
    """No joker stands in the hand: every tile is a copy of its kind."""
    return not hand.wild and not any(m.jokers for m in hand.melds)


_BIG_HANDS: dict[str, tuple[str, Predicate]] = {
    "four_concealed_pungs": ("four concealed pungs or kongs", vn_four_concealed_pungs),
    "four_kongs": ("four kongs", _four_kongs),
    "little_four_winds": ("pungs of three winds and a pair of the fourth", lambda a, h, c: _winds(a, 3)),
    "big_four_winds": ("pungs of the four winds", lambda a, h, c: _winds(a, 4)),
}


def _register_extras(name: str, text: str, base: Predicate) -> None:
    """The big hands' two extras: one Mủn more without a joker, one more without a bonus tile
    (riichi_advanced section Phan)."""

    def without_jokers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        return no_jokers(hand) and base(arrangement, hand, ctx)

    def without_bonus(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        return _no_bonus(hand) and base(arrangement, hand, ctx)

    cited = "one Mủn more (riichi_advanced section Phan)"
    without_jokers.__doc__ = f"{text.capitalize()} with no joker in the hand: {cited}."
    without_bonus.__doc__ = f"{text.capitalize()} with no bonus tile set aside: {cited}."

    facts = ("self_drawn",) if name == "four_concealed_pungs" else ()
    VOCABULARY.predicate(f"vn_{name}_no_jokers", facts=facts, description=f"{text}, no joker in the hand")(
        without_jokers)
    VOCABULARY.predicate(f"vn_{name}_no_bonus", facts=facts, description=f"{text}, no bonus tile set aside")(
        without_bonus)


for _name, (_text, _base) in _BIG_HANDS.items():
    _register_extras(_name, _text, _base)


@VOCABULARY.predicate("vn_blessing_of_man", facts=("dealer", "first_go_around", "self_drawn"),
                      description="a seat other than East wins on its first draw, before any claim")
def vn_blessing_of_man(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The blessing of man, two Mủn: won before the seat's first discard and before any claim
    (riichi_advanced section Phan); here the seat's own first draw, the one such win the facts tell apart."""
    return not ctx["dealer"] and bool(ctx["first_go_around"]) and bool(ctx["self_drawn"])


#: The win's fact the Vietnamese module gives (:mod:`.green_jokers`): the green jokers the winner discarded where
#: their discard made the win, 0 for any other win.
GREEN_DISCARDED = "green_jokers_discarded"


def _green_win(fewest: int, most: int | None) -> Predicate:
    def won(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        count = int(ctx.get(GREEN_DISCARDED) or 0)  # type: ignore[call-overload]
        return count >= fewest and (most is None or count <= most)

    return won


vn_green_jokers_three = VOCABULARY.predicate(
    "vn_green_jokers_three", description="the win made by discarding three or four green jokers and no red one")(
    _green_win(3, 4))
vn_green_jokers_three.__doc__ = ("Three green joker discards, one Mủn: the third (or fourth) claimed by no one "
                                 "(riichi_advanced section Green).")
vn_green_jokers_five = VOCABULARY.predicate(
    "vn_green_jokers_five", description="the win made by discarding five or more green jokers and no red one")(
    _green_win(5, None))
vn_green_jokers_five.__doc__ = ("Five green joker discards, two Mủn: the fifth or a later one claimed by no one "
                                "(riichi_advanced section Green).")


#: The win's fact the Vietnamese module gives: the win was on a discarded joker, taken as a General joker.
WON_ON_JOKER = "won_on_discarded_joker"


@VOCABULARY.predicate("vn_won_on_discarded_joker", description="the win was on a discarded joker, taken as a General")
def vn_won_on_discarded_joker(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The NFNL deal-in, one Mủn: won on a discarded flower or joker, which a seat ready to win takes as a General
    joker (riichi_advanced sections Calls and Phan); here a joker, a flower being never discarded."""
    return bool(ctx.get(WON_ON_JOKER))


def _nfnl(hand: Hand) -> bool:
    """No flowers, no leaves: no bonus tile set aside, no joker anywhere, every tile suited, won on a suited tile
    (riichi_advanced section NFNL)."""
    return not hand.bonus and no_jokers(hand) and not hand.jokers and not hand.wild \
        and all(tile < 27 for tile in hand.all_tiles()) \
        and (hand.winning_tile is None or hand.winning_tile < 27)


def _concealed(hand: Hand) -> bool:
    """No open call: every meld declared is a concealed kong."""
    return not any(m.exposed for m in hand.melds)


def _one_suit(hand: Hand) -> bool:
    return len({suit_of(tile) for tile in hand.all_tiles()}) == 1


def _single_wait(hand: Hand) -> bool:
    """The concealed tiles less the winning tile, as four sets and a pair, waited on one kind only."""
    if hand.winning_tile is None:
        return False
    counts = [0] * 34
    for tile in hand.concealed:
        counts[tile] += 1
    return sum(counts) % 3 == 1 and len(waits(counts, seven_pairs=False, thirteen_orphans=False)) == 1


_NFNL_HANDS: dict[str, tuple[str, Predicate]] = {
    "": ("an NFNL hand: suited tiles alone in any shape, no flower or joker declared, no joker held",
         lambda a, h, c: _nfnl(h)),
    "_all_pungs": ("an NFNL hand of four pungs or kongs and a pair",
                   lambda a, h, c: _nfnl(h) and _all_pungs(a)),
    "_full_flush": ("an NFNL hand of four sets and a pair, of one suit",
                    lambda a, h, c: _nfnl(h) and is_standard(a) and bool(a.melds) and _one_suit(h)),
    "_full_flush_all_pungs": ("an NFNL hand of four pungs or kongs and a pair, of one suit",
                              lambda a, h, c: _nfnl(h) and _all_pungs(a) and _one_suit(h)),
    "_concealed_all_chows_single_wait": (
        "a concealed NFNL hand of four chows and a pair, won on its one wait",
        lambda a, h, c: _nfnl(h) and _concealed(h) and _all_chows(a) and _single_wait(h)),
    "_concealed_all_pungs": ("a concealed NFNL hand of four pungs or kongs and a pair",
                             lambda a, h, c: _nfnl(h) and _concealed(h) and _all_pungs(a)),
    "_concealed_full_flush_all_pungs": (
        "a concealed NFNL hand of four pungs or kongs and a pair, of one suit",
        lambda a, h, c: _nfnl(h) and _concealed(h) and _all_pungs(a) and _one_suit(h)),
}

for _suffix, (_text, _fn) in _NFNL_HANDS.items():
    _fn.__doc__ = f"{_text[0].upper()}{_text[1:]} (riichi_advanced section NFNL)."
    VOCABULARY.predicate(f"vn_nfnl{_suffix}", description=_text)(_fn)
