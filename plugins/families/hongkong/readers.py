"""Fast readers: the predicates the Hong Kong tables name most, answered from a reading's shape built once.

Every win a seat could make is scored before the game lets it win (the
minimum value: 3 faan in ``hongkong_old_style``), so the fan engine scores
five or six hands a deal, and a reading asks some thirty table rows.  Asked
as predicates, each row built its own list of the arrangement's tiles or
pongs and checked its facts again.  Here the arrangement's melds are walked
once into a :class:`Shape` (its pong kinds, chows, kongs, pairs, the set of
its tile kinds and suits), and a row whose predicate has a reader is
answered from that shape.

A reader stands for one predicate *object* (:data:`READERS`, keyed as the
classical family keys its own): a row uses it exactly when its name resolves
in the ruleset's vocabulary to that very object, so a ruleset that
redefines ``pure_suit`` gets its own predicate asked, never this reader.
Each reader answers as its predicate does on every arrangement of playing
tiles (kinds 0-33; a shape holding another kind has no readers, and every row
asks its predicate) -- ``tests/plugins/families/hongkong/test_readers.py``
compares them on every reading of many hands.  Where a predicate is costly
and rarely true (nine gates, the dragon hands, hidden treasure), its reader
is a necessary condition that answers ``False`` at once and asks the
predicate itself otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mahjong_rulesets.families.hongkong import predicates as hk
from mahjong_rulesets.hands import predicates as hands

from mahjong_core.plugin import (
    DRAGONS,
    GREEN,
    HONOURS,
    RED,
    SUITED,
    TERMINALS,
    TERMINALS_AND_HONOURS,
    WHITE,
    WINDS,
    Arrangement,
    Form,
    Hand,
    Meld,
    MeldKind,
    Predicate,
)

__all__ = ["MELD_READERS", "READERS", "Reader", "Shape", "TILE_READERS"]

_PUNG, _KONG, _CHOW, _PAIR = MeldKind.PUNG, MeldKind.KONG, MeldKind.CHOW, MeldKind.PAIR
_PLAYING = frozenset(range(34))
_SUITED = frozenset(SUITED)
_HONOURS = frozenset(HONOURS)
_TERMINALS = frozenset(TERMINALS)
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)
_WINDS = frozenset(WINDS)
_DRAGONS = frozenset(DRAGONS)


class Shape:
    """What the readers read of one arrangement, worked out once: kinds of its pongs (kongs included), its chows,
    kongs and pairs, the kinds and suits of its tiles, and whether every tile is a playing kind (``plain``)."""

    __slots__ = ("arrangement", "chows", "kinds", "kongs", "melds", "pairs", "plain", "pong_set", "pongs",
                 "standard", "suits", "tile_count")

    def __init__(self, arrangement: Arrangement) -> None:
        self.arrangement = arrangement
        self.melds = melds = arrangement.melds
        self.standard = arrangement.form is Form.STANDARD
        pongs: list[int] = []
        pairs: list[int] = []
        chows = kongs = count = 0
        kinds: set[int] = set()
        for meld in melds:
            kind, tiles = meld.kind, meld.tiles
            if kind is _PUNG:
                pongs.append(tiles[0])
            elif kind is _KONG:
                pongs.append(tiles[0])
                kongs += 1
            elif kind is _CHOW:
                chows += 1
            elif kind is _PAIR:
                pairs.append(tiles[0])
            kinds.update(tiles)
            count += len(tiles)
        self.pongs, self.pong_set, self.pairs = pongs, frozenset(pongs), pairs
        self.chows, self.kongs, self.tile_count, self.kinds = chows, kongs, count, kinds
        self.plain = kinds <= _PLAYING
        self.suits = {t // 9 for t in kinds if t < 27}


#: ``read(shape, hand, ctx)``: the row's predicate's answer on ``shape.arrangement``.
Reader = Callable[[Shape, Hand, Mapping[str, object]], bool]


def _winning_tile_known(hand: Hand, ctx: Mapping[str, object]) -> bool:
    tile = hand.winning_tile if hand.winning_tile is not None else ctx.get("winning_tile")
    return isinstance(tile, int)


def _nine_gates(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    # the predicate raises for a hand that names no winning tile: it is asked then, so that it does
    if _winning_tile_known(hand, ctx) and not (shape.tile_count == 14 and len(shape.suits) == 1
                                                and shape.kinds <= _SUITED):
        return False
    return hands.nine_gates(shape.arrangement, hand, ctx)


def _four_pongs_and_a_pair(shape: Shape) -> bool:
    return shape.standard and not shape.chows and len(shape.pongs) == 4 and len(shape.pairs) == 1


def _dragon_hand(predicate: Callable[[Arrangement, Hand, Mapping[str, object]], bool], dragon: int) -> Reader:
    def read(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
        return dragon in shape.pong_set and _four_pongs_and_a_pair(shape) and predicate(shape.arrangement, hand, ctx)

    return read


def _hidden_treasure(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return shape.standard and len(shape.pongs) == 4 and hands.hidden_treasure(shape.arrangement, hand, ctx)


def _little_four_winds(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    pong_winds = shape.pong_set & _WINDS
    return len(pong_winds) == 3 and _WINDS.intersection(shape.pairs) == _WINDS - pong_winds


def _vocabulary_readers() -> dict[Predicate, Reader]:
    shared, own = hands.VOCABULARY, hk.VOCABULARY
    return {
        shared["pure_suit"]: lambda s, h, c: len(s.suits) == 1 and s.kinds <= _SUITED,
        shared["half_flush"]: lambda s, h, c: len(s.suits) == 1 and not s.kinds.isdisjoint(_HONOURS),
        shared["all_honours"]: lambda s, h, c: bool(s.kinds) and s.kinds <= _HONOURS,
        shared["all_terminals"]: lambda s, h, c: bool(s.kinds) and s.kinds <= _TERMINALS,
        shared["thirteen_orphans"]: lambda s, h, c: s.tile_count == 14 and s.kinds == _ORPHANS,
        shared["seven_pairs"]: lambda s, h, c: len(s.melds) == 7 and len(s.pairs) == 7,
        shared["three_great_scholars"]: lambda s, h, c: _DRAGONS <= s.pong_set,
        shared["big_four_winds"]: lambda s, h, c: _WINDS <= s.pong_set,
        shared["little_four_winds"]: _little_four_winds,
        shared["four_kongs"]: lambda s, h, c: s.kongs == 4,
        shared["all_chows"]: lambda s, h, c: s.standard and s.chows == 4,
        shared["no_chows"]: lambda s, h, c: s.standard and not s.chows and len(s.pongs) == 4,
        shared["nine_gates"]: _nine_gates,
        shared["hidden_treasure"]: _hidden_treasure,
        own["jade_dragon"]: _dragon_hand(hk.jade_dragon, GREEN),
        own["ruby_dragon"]: _dragon_hand(hk.ruby_dragon, RED),
        own["pearl_dragon"]: _dragon_hand(hk.pearl_dragon, WHITE),
        own["hk_seat_wind_pong"]: lambda s, h, c: c["seat_wind"] in s.pong_set,
        own["hk_prevalent_wind_pong"]: lambda s, h, c: c["prevalent_wind"] in s.pong_set,
        own["hk_little_three_winds"]: lambda s, h, c: (s.standard and len(s.pong_set & _WINDS) == 2
                                                       and not _WINDS.isdisjoint(s.pairs)),
    }


#: Readers of whole-arrangement predicates, by the predicate they answer for (on a ``plain`` shape).
READERS: dict[Predicate, Reader] = _vocabulary_readers()

#: For a row counted per meld: whether the predicate holds of an arrangement of that one meld (any shape).
MELD_READERS: dict[Predicate, Callable[[Meld], bool]] = {
    hk.VOCABULARY["hk_dragon_pong"]: lambda meld: meld.kind in (_PUNG, _KONG) and meld.tiles[0] in _DRAGONS,
}

#: For a row counted per bonus tile: whether the predicate holds of a hand of that one bonus tile (any hand).
TILE_READERS: dict[Predicate, Callable[[int, Mapping[str, object]], bool]] = {
    hk.VOCABULARY["hk_own_bonus_tile"]: lambda tile, ctx: WINDS[(tile - 34) % 4] == ctx["seat_wind"],
}
