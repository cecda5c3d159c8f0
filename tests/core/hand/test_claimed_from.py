"""Who a claimed tile came from, at a table of two, three or four seats.

The offset counts seats after the claimer in turn order: 1 is the next player
(the right), ``seats - 1`` the previous one (the left, where a chow comes
from).  The four-seat names keep their meaning; a four-seat enum could not say
"the left" at three seats (offset 2, which it called "across") and had no
offset 4 at all (five seats crashed in mid-game).
"""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core.errors import HandError
from mahjong_core.hand.melds import MAX_SEATS, MIN_SEATS, ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.notation import check_hand, format_hand, format_meld, meld_from_tiles, parse_hand

SEATS = st.integers(MIN_SEATS, MAX_SEATS)


def test_the_four_seat_names_are_the_enums_values_and_order() -> None:
    assert (ClaimedFrom.LEFT.offset, ClaimedFrom.ACROSS.offset, ClaimedFrom.RIGHT.offset) == (3, 2, 1)
    assert list(ClaimedFrom) == [ClaimedFrom.LEFT, ClaimedFrom.ACROSS, ClaimedFrom.RIGHT] and len(ClaimedFrom) == 3
    assert ClaimedFrom(3) is ClaimedFrom.LEFT and ClaimedFrom(1, 4) is ClaimedFrom.RIGHT
    assert ClaimedFrom(ClaimedFrom.ACROSS) is ClaimedFrom.ACROSS
    assert [int(s) for s in ClaimedFrom] == [3, 2, 1] and ClaimedFrom.LEFT.value == 3
    assert [s.name for s in ClaimedFrom] == ["LEFT", "ACROSS", "RIGHT"]
    assert repr(ClaimedFrom.LEFT) == "ClaimedFrom.LEFT" and repr(ClaimedFrom(2, 3)) == "ClaimedFrom(2, seats=3)"
    assert sorted([ClaimedFrom.LEFT, ClaimedFrom.RIGHT, ClaimedFrom.ACROSS]) == [
        ClaimedFrom.RIGHT, ClaimedFrom.ACROSS, ClaimedFrom.LEFT]


@given(SEATS, st.data())
def test_every_offset_round_a_table_has_one_shared_source(seats: int, data: st.DataObject) -> None:
    sources = ClaimedFrom.around(seats)
    assert [s.offset for s in sources] == list(range(1, seats)) and {s.seats for s in sources} == {seats}
    source = data.draw(st.sampled_from(sources))
    assert ClaimedFrom(source.offset, seats) is source
    assert pickle.loads(pickle.dumps(source)) is source and copy.deepcopy(source) is source
    with pytest.raises(AttributeError):
        source.offset = 1  # type: ignore[misc]


@given(SEATS, st.data())
def test_the_left_is_the_previous_player_at_any_table(seats: int, data: st.DataObject) -> None:
    claimer = data.draw(st.integers(0, seats - 1))
    discarder = data.draw(st.integers(0, seats - 1).filter(lambda d: d != claimer))
    source = ClaimedFrom((discarder - claimer) % seats, seats)
    assert 1 <= source.offset <= seats - 1
    assert source.is_left == (discarder == (claimer - 1) % seats)
    assert source.is_right == (discarder == (claimer + 1) % seats)
    assert source.is_across == (2 * source.offset == seats)
    assert ClaimedFrom.left_of(seats).is_left


def test_three_and_two_seats_name_their_sides() -> None:
    left, right = ClaimedFrom(2, 3), ClaimedFrom(1, 3)
    assert left.is_left and not left.is_across and left.name == "LEFT" and left is not ClaimedFrom.ACROSS
    assert right.is_right and not right.is_left and right.name == "RIGHT"
    (other,) = ClaimedFrom.around(2)
    assert other.is_left and other.is_right and other.is_across  # the one other player is all three


@pytest.mark.parametrize(("offset", "seats", "words"), [
    (0, 4, "expected an offset from 1 to 3"), (4, 4, "expected an offset from 1 to 3"),
    (3, 3, "at 3 seats: expected an offset from 1 to 2"), (1, 5, "a table of 5 seats"),
    (1, 1, "a table of 1 seats"),
])
def test_an_offset_outside_the_table_is_refused(offset: int, seats: int, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        ClaimedFrom(offset, seats)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        with pytest.raises(ValueError, match="the seat geometry supports 2 to 4"):
            ClaimedFrom.around(seats)


def test_a_chow_from_the_left_is_a_chow_from_the_left_at_three_seats() -> None:
    chow = meld_from_tiles((4, 5, 6), exposed=True, claimed_from=ClaimedFrom.left_of(3))
    assert chow.claimed_from is ClaimedFrom(2, 3) and format_meld(chow) == "[567m<]"
    check_hand(Hand((0, 0, 0, 9, 10, 11, 18, 19, 20, 27), (chow,), winning_tile=27))
    with pytest.raises(HandError, match="a chow can only be claimed from the left"):
        meld_from_tiles((4, 5, 6), exposed=True, claimed_from=ClaimedFrom(1, 3))
    pung = Meld(MeldKind.PUNG, (27, 27, 27), True, ClaimedFrom(1, 3))
    assert format_meld(pung) == "[111z>]"
    assert format_meld(Meld(MeldKind.PUNG, (27, 27, 27), True, ClaimedFrom(1, 2))) == "[111z<]"


@pytest.mark.parametrize(("seats", "left", "right"), [(4, 3, 1), (3, 2, 1), (2, 1, 1)])
def test_a_meld_of_a_smaller_table_is_written_and_read_back_at_its_seats(seats: int, left: int, right: int) -> None:
    """The notation's seat marks name seats of the table the hand was played at: ``<`` is the previous player
    (offset 2 of three), ``>`` the next; a hand written at three seats reads back as the same hand."""
    chow = Meld(MeldKind.CHOW, (18, 19, 20), exposed=True, claimed_from=ClaimedFrom(left, seats))
    pung = Meld(MeldKind.PUNG, (24, 24, 24), exposed=True, claimed_from=ClaimedFrom(right, seats))
    hand = Hand(concealed=(12, 13, 27, 27), melds=(chow, pung, Meld(MeldKind.KONG, (31,) * 4, exposed=False)),
                winning_tile=11)
    text = format_hand(hand)
    # At two seats the one other player is both neighbours, written ``<``.
    assert text == f"45p11z [123s<] [777s{'>' if seats > 2 else '<'}] (5555z) +3p"
    assert parse_hand(text, seats=seats) == hand
    assert parse_hand(text, seats=seats).melds[0].claimed_from.is_left


def test_no_one_sits_across_at_three_seats() -> None:
    with pytest.raises(HandError, match=r"no seat is across \(\^\) at a table of 3") as raised:
        parse_hand("45p11z [777s^] 123s +3p", seats=3)
    assert raised.value.place == "char 13"
    assert parse_hand("45p11z [777s^] 123s +3p", seats=2).melds[0].claimed_from is ClaimedFrom(1, 2)
