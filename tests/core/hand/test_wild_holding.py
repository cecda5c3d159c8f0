"""A hand written with copies of the deal's wild kind reads as the game reads its winner's holding
(:mod:`mahjong_core.hand.wild`): the same kinds stood for, the same winning tile, the same concealed tiles."""

from __future__ import annotations

import pytest

from mahjong_core.errors import HandError
from mahjong_core.hand.jokers import JokerRule
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.tiles import KINDS
from mahjong_core.hand.wild import with_wild
from mahjong_core.table.state import Seat

GOLD = JokerRule(pungs=True, pairs=True, chows=True)  # where Fuzhou's gold stands (jokers.in)


def kind(code: str) -> int:
    return next(k.index for k in KINDS if k.code == code)


def as_seated(text: str, wild: str) -> Seat:
    """The seat a game would hold for the written hand: the wild kind's copies among its jokers, not its counts."""
    hand = parse_hand(text)
    seat = Seat(joker_rule=GOLD)
    for tile in (*hand.concealed, hand.winning_tile):
        assert tile is not None
        if tile == kind(wild):
            seat.held_jokers.append(tile)
        else:
            seat.counts[tile] += 1
    return seat


@pytest.mark.parametrize(("text", "wild"), [
    ("123m456m789p123s4s5p99p +6s", "5p"),   # a gold completes a chow
    ("123m456m789p123s4s6s99p +5p", "5p"),   # the gold is the winning tile
    ("123m456m789p123s456s5p5p +9s", "5p"),  # two golds, one the pair's partner
    ("123m456m789p123s456s5p9p +5p", "5p"),  # a single wait filled by the gold itself
])
def test_the_written_hand_reads_as_the_seat_s_holding(text: str, wild: str) -> None:
    hand = parse_hand(text)
    read = with_wild(hand, kind(wild), GOLD)
    game = as_seated(text, wild).to_hand(hand.winning_tile)
    assert (read.concealed, read.winning_tile, read.wild) == (game.concealed, game.winning_tile, game.wild)
    assert read.wild  # the copies are jokers now


def test_a_hand_without_the_wild_kind_is_left_as_written() -> None:
    hand = parse_hand("123m456m789p123s456s99p +9p")
    assert with_wild(hand, kind("5p"), GOLD) is hand


def test_three_golds_in_an_incomplete_hand_stand_for_themselves() -> None:
    read = with_wild(parse_hand("1m4m7m1p4p7p1s4s7s258m5p5p +5p"), kind("5p"), GOLD)
    assert read.wild == (kind("5p"),) * 3


def test_a_wild_kind_must_be_a_playing_kind() -> None:
    with pytest.raises(HandError, match="playing kind"):
        with_wild(parse_hand("123m456m789p123s456s99p +9p"), 40, GOLD)
