"""Harbin's own predicate: the beggar's hand, which 000 defines by what it is worth under Harbin's tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mahjong_rulesets.classical.named_hands import all_simples
from mahjong_rulesets.classical.predicates import (
    Reader,
    SetKey,
    Shape,
    _all_simples,
    _half_flush,
    _no_chows,
    add_reader,
)

from mahjong_core.melds import Arrangement, Hand, MeldKind
from mahjong_core.predicates import (
    CORE,
    Predicate,
    Vocabulary,
    is_exposed,
    is_standard,
    pong_kinds,
)
from mahjong_core.tiles import DRAGONS, is_terminal_or_honour

VOCABULARY = Vocabulary()
no_chows = CORE["no_chows"].fn
half_flush = CORE["half_flush"].fn


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
            if not is_exposed(arrangement, i, self_drawn):
                value *= 2
            points += value
        elif meld.kind is MeldKind.PAIR and (
            meld.first in DRAGONS or meld.first in (ctx["seat_wind"], ctx["prevalent_wind"])
        ):
            special_pair = True
    return points + (2 if special_pair else 0)


def _harbin_doubles(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Whether any of the Harbin winner's doublings applies (000 lines 469-477, 486-495)."""
    kinds = pong_kinds(arrangement)
    if kinds & set(DRAGONS) or kinds & {ctx["seat_wind"], ctx["prevalent_wind"]}:
        return True
    if ctx["self_drawn"]:  # self-drawn, self-drawn from the dead wall, and concealed (000 line 178) all need it
        return True
    return all_simples(arrangement, hand, ctx) or no_chows(arrangement, hand, ctx) or half_flush(arrangement, hand, ctx)


@VOCABULARY.predicate(
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
    if not is_standard(arrangement) or hand.bonus:
        return False
    return _harbin_points(arrangement, hand, ctx) == 22 and not _harbin_doubles(arrangement, hand, ctx)


# The classical engine answers the beggar's hand from the shape it builds once (the same rule, read faster).
def _reader(predicate: Predicate) -> Callable[[Reader], Reader]:
    return lambda read: add_reader(predicate, read)


def _harbin_set_value(key: SetKey) -> int:
    kind, exposed, major = key
    return (2 if kind is MeldKind.PUNG else 8) * (2 if major else 1) * (1 if exposed else 2)


@_reader(VOCABULARY["beggars_hand"])
def _beggars_hand(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """22 points by 000's set table and no doubling (the predicate's ``_harbin_points`` and ``_harbin_doubles``)."""
    if not shape.standard or hand.bonus:
        return False
    points = 20 + sum(_harbin_set_value(key) * n for key, n in shape.census.items())
    if any(t in DRAGONS or t in (ctx["seat_wind"], ctx["prevalent_wind"]) for t in shape.pairs):
        points += 2
    if points != 22:
        return False
    kinds = set(shape.pongs)
    if kinds & set(DRAGONS) or kinds & {ctx["seat_wind"], ctx["prevalent_wind"]} or ctx["self_drawn"]:
        return False
    return not (_all_simples(shape, hand, ctx) or _no_chows(shape, hand, ctx) or _half_flush(shape, hand, ctx))
