"""Arrangements: every reading, each exactly once, each using exactly the hand's tiles.

The standard form is checked against a deliberately naive enumerator (try
every pair and every combination of candidate sets), so a clever pruning
mistake in the module cannot hide; the special forms are checked on
hand-picked hands.  The module keeps each suit's readings per count vector;
the cache tests read the same vectors from different hands, suits and
forms, with the cache cold, warm and overflowing, so a wrong key or a
cached value changed by a caller would show.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_core.hand.arrangements as arrangements_module
from mahjong_core.errors import HandError
from mahjong_core.hand.arrangements import arrangements, is_complete, meld_sort_key
from mahjong_core.hand.melds import Arrangement, ClaimedFrom, Form, Hand, Meld, MeldKind
from mahjong_core.hand.notation import format_tiles, parse_hand, parse_tiles

KNITTED_ALL = {"knitted": True}


def tiles_of(arrangement: Arrangement) -> list[int]:
    return sorted(t for meld in arrangement.melds for t in meld.tiles)


def check_invariants(hand: Hand, found: list[Arrangement]) -> None:
    """What every answer must satisfy, whatever the hand."""
    assert len(set(found)) == len(found), "arrangements must be distinct"
    for a in found:
        assert tiles_of(a) == sorted(hand.all_tiles())
        assert list(a.melds) == sorted(a.melds, key=meld_sort_key)
        assert Counter(m for m in a.melds if m in hand.melds) == Counter(hand.melds)
        made = [m for m in a.melds if m not in hand.melds]
        assert all(not m.exposed and m.claimed_from is None for m in made)
        if hand.winning_tile is None:
            assert a.winning_meld is None
        else:
            holder = a.melds[a.winning_meld]
            assert hand.winning_tile in holder.tiles and holder in made
            assert a.melds.index(holder) == a.winning_meld
        if a.form is Form.STANDARD:
            kinds = Counter(m.kind for m in a.melds)
            assert kinds[MeldKind.PAIR] == 1 and len(a.melds) == 5
    forms = list(Form)
    assert found == sorted(found, key=lambda a: (forms.index(a.form), [meld_sort_key(m) for m in a.melds],
                                                 -1 if a.winning_meld is None else a.winning_meld))


def readings(found: list[Arrangement], form: Form = Form.STANDARD) -> set[tuple[str, ...]]:
    """Each reading as sorted meld texts, winning group starred."""
    out = set()
    for a in found:
        if a.form is form:
            texts = [format_tiles(m.tiles) + ("*" if i == a.winning_meld else "") for i, m in enumerate(a.melds)]
            out.add(tuple(texts))
    return out


# --------------------------------------------------------------------------- naive reference


def naive_standard(tiles: list[int], sets: int) -> set[tuple[tuple[int, ...], ...]]:
    counts = Counter(tiles)
    candidates = [(k, k, k) for k in counts if counts[k] >= 3]
    candidates += [(k, k + 1, k + 2) for k in counts if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]]
    out = set()
    for pair in [k for k in counts if counts[k] >= 2]:
        rest = counts - Counter({pair: 2})
        for chosen in itertools.combinations_with_replacement(sorted(candidates), sets):
            if Counter(t for group in chosen for t in group) == rest:
                out.add(tuple(sorted(chosen + ((pair, pair),))))
    return out


def standard_multisets(found: list[Arrangement], hand: Hand) -> set[tuple[tuple[int, ...], ...]]:
    return {tuple(sorted(m.tiles for m in a.melds if m not in hand.melds)) for a in found if a.form is Form.STANDARD}


def random_complete_hand(rng: random.Random) -> Hand:
    """A complete standard hand with 0-4 declared melds and a winning tile (sometimes none)."""
    while True:
        left = [4] * 34
        melds, concealed = [], []
        declared = rng.choice([0, 0, 0, 1, 2, 3, 4])
        ok = True
        for i in range(4):
            if rng.random() < 0.5:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                group = (start, start + 1, start + 2)
            else:
                kind = rng.randrange(34)
                group = (kind,) * (4 if i < declared and rng.random() < 0.3 else 3)
            if any(left[t] < group.count(t) for t in group):
                ok = False
                break
            for t in group:
                left[t] -= 1
            if i < declared:
                if len(group) == 4 and rng.random() < 0.4:
                    melds.append(Meld(MeldKind.KONG, group))
                else:
                    kind = MeldKind.CHOW if group[0] != group[1] else MeldKind.PUNG
                    kind = MeldKind.KONG if len(group) == 4 else kind
                    seat = ClaimedFrom.LEFT if kind is MeldKind.CHOW else rng.choice(list(ClaimedFrom))
                    melds.append(Meld(kind, group, exposed=True, claimed_from=seat))
            else:
                concealed.extend(group)
        pair = rng.randrange(34)
        if not ok or left[pair] < 2:
            continue
        concealed += [pair, pair]
        rng.shuffle(concealed)
        winning = concealed.pop() if rng.random() < 0.9 else None
        return Hand(tuple(sorted(concealed)), tuple(melds), winning_tile=winning)


@st.composite
def complete_hands(draw) -> Hand:
    """Complete standard hands with 0-4 declared melds and a winning tile (sometimes none)."""
    return random_complete_hand(random.Random(draw(st.integers(0, 2**32 - 1))))


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_standard_readings_match_the_naive_enumerator(hand):
    found = arrangements(hand)
    check_invariants(hand, found)
    tiles = list(hand.concealed) + ([hand.winning_tile] if hand.winning_tile is not None else [])
    assert standard_multisets(found, hand) == naive_standard(tiles, 4 - len(hand.melds))
    assert is_complete(hand)
    # One arrangement per distinct group holding the winning tile, for every multiset.
    if hand.winning_tile is not None:
        for multiset in standard_multisets(found, hand):
            holders = {g for g in multiset if hand.winning_tile in g}
            got = {
                a.melds[a.winning_meld].tiles
                for a in found
                if a.form is Form.STANDARD
                and tuple(sorted(m.tiles for m in a.melds if m not in hand.melds)) == multiset
            }
            assert got == holders


@settings(max_examples=300, deadline=None)
@given(complete_hands(), st.integers(0, 33), st.booleans())
def test_is_complete_is_whether_there_is_an_arrangement(hand, other, knitted):
    # Swap the winning tile for another kind: usually incomplete, sometimes complete another way.
    if hand.winning_tile is None or Counter(hand.all_tiles())[other] >= 4:
        return
    changed = Hand(hand.concealed, hand.melds, winning_tile=other)
    found = arrangements(changed, knitted=knitted)
    check_invariants(changed, found)
    assert is_complete(changed, knitted=knitted) == bool(found)


# --------------------------------------------------------------------------- hand-picked


def test_pungs_or_chows():
    hand = parse_hand("111222333m456p7s +7s")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert readings(found) == {
        ("111m", "222m", "333m", "456p", "77s*"),
        ("123m", "123m", "123m", "456p", "77s*"),
    }


def test_winning_tile_in_pair_or_in_chow():
    """1233m + 3m: wins on the pair (33m) or inside the chow (123m): two readings of one multiset."""
    hand = parse_hand("1233m456p789s111z +3m")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert readings(found) == {
        ("123m*", "33m", "456p", "789s", "111z"),
        ("123m", "33m*", "456p", "789s", "111z"),
    }


def test_winning_tile_in_one_of_identical_chows_is_one_reading():
    hand = parse_hand("112233m456p789s1z +1z")
    assert len(arrangements(hand, seven_pairs=False)) == 1
    hand = parse_hand("11223m456p789s11z +3m")
    found = arrangements(hand)
    # One reading, with the winning tile in the first of the two equal chows.
    assert readings(found) == {("123m*", "123m", "456p", "789s", "11z")}
    assert len(found) == 1 and found[0].winning_meld == 0


@pytest.mark.parametrize("extra", range(9))
def test_nine_gates_with_any_tile(extra):
    hand = Hand(parse_tiles("1112345678999m"), winning_tile=extra)
    found = arrangements(hand)
    check_invariants(hand, found)
    assert found and all(a.form is Form.STANDARD for a in found)
    assert standard_multisets(found, hand) == naive_standard(list(hand.all_tiles()), 4)


def test_nine_gates_known_readings():
    found = arrangements(parse_hand("1112345678999m +1m"))
    assert readings(found) == {("111m*", "123m", "456m", "789m", "99m"), ("111m", "123m*", "456m", "789m", "99m")}
    found = arrangements(parse_hand("1112345678999m +2m"))
    assert readings(found) == {("111m", "22m*", "345m", "678m", "999m")}


def test_seven_pairs_that_is_also_standard():
    hand = parse_hand("112233m445566p7s +7s")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert [a.form for a in found] == [Form.STANDARD, Form.SEVEN_PAIRS]
    assert readings(found, Form.SEVEN_PAIRS) == {("11m", "22m", "33m", "44p", "55p", "66p", "77s*")}
    assert [a.form for a in arrangements(hand, seven_pairs=False)] == [Form.STANDARD]


def test_seven_pairs_with_four_of_a_kind():
    hand = parse_hand("1111m2233p4455s6z +6z")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert readings(found, Form.SEVEN_PAIRS) == {("11m", "11m", "22p", "33p", "44s", "55s", "66z*")}
    assert arrangements(hand, seven_pairs_allow_four=False) == []
    assert is_complete(hand) and not is_complete(hand, seven_pairs_allow_four=False)
    hand = parse_hand("111m2233p4455s66z +1m")
    assert readings(arrangements(hand), Form.SEVEN_PAIRS) == {("11m*", "11m", "22p", "33p", "44s", "55s", "66z")}


def test_thirteen_orphans():
    hand = parse_hand("19m19p19s1234567z +1m")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert [a.form for a in found] == [Form.THIRTEEN_ORPHANS]
    melds = found[0].melds
    assert [m.kind for m in melds].count(MeldKind.PAIR) == 1 and len(melds) == 13
    assert melds[found[0].winning_meld] == Meld(MeldKind.PAIR, (0, 0))
    single = arrangements(parse_hand("119m19p19s123456z +7z"))[0]
    assert single.melds[single.winning_meld] == Meld(MeldKind.SINGLE, (33,))
    assert arrangements(hand, thirteen_orphans=False) == []


def test_lesser_and_greater_honours_and_knitted():
    lesser = parse_hand("147m258p369s1234z +5z")
    assert arrangements(lesser) == [] and not is_complete(lesser)
    found = arrangements(lesser, **KNITTED_ALL)
    check_invariants(lesser, found)
    assert [a.form for a in found] == [Form.HONOURS_AND_KNITTED]
    assert all(m.kind is MeldKind.SINGLE for m in found[0].melds) and len(found[0].melds) == 14
    assert found[0].melds[found[0].winning_meld].tiles == (31,)
    assert is_complete(lesser, knitted=True)
    greater = parse_hand("47m58p369s123456z +7z")
    found = arrangements(greater, **KNITTED_ALL)
    check_invariants(greater, found)
    assert [a.form for a in found] == [Form.HONOURS_AND_KNITTED]
    # Not knitted: 1m and 2m in one suit.
    assert arrangements(parse_hand("12m258p369s1234z +5z"), **KNITTED_ALL) == []
    # A repeated tile is no honours-and-knitted hand.
    assert arrangements(parse_hand("147m258p369s1123z +5z"), **KNITTED_ALL) == []


def test_knitted_straight_with_a_set_and_a_pair():
    hand = parse_hand("147m258p369s123m5z +5z")
    found = arrangements(hand, **KNITTED_ALL)
    check_invariants(hand, found)
    assert [a.form for a in found] == [Form.KNITTED_STRAIGHT]
    kinds = Counter(m.kind for m in found[0].melds)
    assert kinds == Counter({MeldKind.KNITTED: 3, MeldKind.CHOW: 1, MeldKind.PAIR: 1})
    assert arrangements(hand) == []
    # With the set declared.
    declared = parse_hand("147m258p369s5z [123m<] +5z")
    found = arrangements(declared, **KNITTED_ALL)
    check_invariants(declared, found)
    assert [a.form for a in found] == [Form.KNITTED_STRAIGHT]
    # The winning tile can sit in a knitted group or in the chow: two readings.
    hand = parse_hand("47m258p369s123m55z +1m")
    found = arrangements(hand, **KNITTED_ALL)
    check_invariants(hand, found)
    holders = {a.melds[a.winning_meld].kind for a in found}
    assert holders == {MeldKind.KNITTED, MeldKind.CHOW}


def test_declared_melds_are_kept_as_they_are():
    hand = parse_hand("7s [123m<] [555p^] (EEEE) [9999s+>] +7s")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert len(found) == 1
    a = found[0]
    assert set(hand.melds) <= set(a.melds)
    assert a.melds[a.winning_meld] == Meld(MeldKind.PAIR, (24, 24))
    assert a.form is Form.STANDARD


def test_no_winning_tile_named():
    hand = parse_hand("111222333m456p77s")
    found = arrangements(hand)
    check_invariants(hand, found)
    assert len(found) == 2 and all(a.winning_meld is None for a in found)


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s1122z +4z",  # incomplete
        "123m456p789s1122z",  # 13 tiles
        "123m456p789s11z +1z",  # 12 tiles
        "",
        "1z [123m<] [456p<] [789s<] [111z>] +2z",  # no pair
        "147m258p369s12345z +6z",  # honours and knitted needs 14 different tiles: 15 here
    ],
)
def test_incomplete_hands_have_no_arrangement(text):
    hand = parse_hand(text)
    assert arrangements(hand, **KNITTED_ALL) == []
    assert not is_complete(hand, knitted=True)


def test_special_forms_need_a_fully_concealed_hand():
    hand = parse_hand("1122m3344p55s [666z>] +5s")
    assert [a.form for a in arrangements(hand)] == []
    hand = parse_hand("1122m3344p55s66z +7z")
    assert arrangements(hand) == []


def test_impossible_hand_raises():
    with pytest.raises(HandError):
        arrangements(Hand((0, 0, 0, 0, 0)))
    with pytest.raises(HandError):
        is_complete(Hand((0,), melds=(Meld(MeldKind.PUNG, (0, 1, 2), exposed=True),)))


# --------------------------------------------------------------------------- the per-suit cache and checked=True

#: Hands whose suits share count vectors with each other and with the hands of other tests: 123m and 123p,
#: 1112345678999m in each suit, a knitted straight whose rest (11123m) is also a standard suit.
SHARED_VECTORS = [
    "123m123p456s789s1z +1z", "123p123s456m789m1z +1z", "1112345678999m +5m", "1112345678999p +5p",
    "1112345678999s +1s", "11123m456p789s111z +1m", "147m258p369s123m1m +1m", "147m258p369s5z [123m<] +5z",
    "1111222233334m +4m", "11112222333344m", "123123123m44p +1m", "11223344556677s +7s", "19m19p19s1234567z +1z",
    "11223344m556677p +5p", "111222333m456p7s +7s", "1z [123m<] [123p<] [123s<] +1z",
]


def _unnamed(hand: Hand) -> Hand:
    """The same tiles with no winning tile named: the winning tile joins the concealed ones."""
    if hand.winning_tile is None:
        return hand
    return replace(hand, concealed=tuple(sorted((*hand.concealed, hand.winning_tile))), winning_tile=None)


def _naive_reading_check(hand: Hand, found: list[Arrangement]) -> None:
    """The standard readings are the naive enumerator's, each with one arrangement per distinct winning group."""
    check_invariants(hand, found)
    tiles = list(hand.concealed) + ([hand.winning_tile] if hand.winning_tile is not None else [])
    multisets = standard_multisets(found, hand)
    assert multisets == naive_standard(tiles, 4 - len(hand.melds))
    for multiset in multisets:
        holders = [a for a in found if a.form is Form.STANDARD
                   and tuple(sorted(m.tiles for m in a.melds if m not in hand.melds)) == multiset]
        want = 1 if hand.winning_tile is None else len({g for g in multiset if hand.winning_tile in g})
        assert len(holders) == want


@pytest.mark.parametrize("text", SHARED_VECTORS)
def test_a_suit_vector_shared_by_many_hands_reads_right_in_each(text):
    hand = parse_hand(text)
    for variant in (hand, _unnamed(hand)):
        for options in ({}, KNITTED_ALL, {"seven_pairs_allow_four": False}):
            _naive_reading_check(variant, arrangements(variant, **options))


def test_a_knitted_straight_reads_its_rest_like_any_suit():
    """The rest 11123m of this knitted hand is read by the standard machinery: 1m wins in three different groups."""
    hand = parse_hand("47m258p369s11123m +1m")
    found = arrangements(hand, **KNITTED_ALL)
    check_invariants(hand, found)
    assert [a.form for a in found] == [Form.KNITTED_STRAIGHT] * 3
    assert {a.melds[a.winning_meld].kind for a in found} == {MeldKind.KNITTED, MeldKind.CHOW, MeldKind.PAIR}
    standard = parse_hand("11123m456p789s111z +1m")  # the same 11123m, now one suit of a standard hand
    _naive_reading_check(standard, arrangements(standard))


def _cache_cases() -> list[tuple[Hand, dict]]:
    """Seeded hands and options whose suits repeat, each also with no winning tile named, without it, and one
    tile short."""
    rng = random.Random(41)
    cases = []
    hands = [parse_hand(text) for text in SHARED_VECTORS] + [random_complete_hand(rng) for _ in range(150)]
    for hand in hands:
        for variant in (hand, _unnamed(hand), replace(hand, winning_tile=None),
                        replace(hand, concealed=hand.concealed[1:])):
            cases += [(variant, {}), (variant, {**KNITTED_ALL, "seven_pairs_allow_four": False})]
    return cases


def _cold(hand: Hand, options: dict) -> list[Arrangement]:
    arrangements_module._SUIT_READINGS.clear()
    return arrangements(hand, **options)


def test_warm_and_overflowing_caches_read_as_a_cold_one(monkeypatch):
    cases = _cache_cases()
    cold = [_cold(hand, options) for hand, options in cases]
    order = list(range(len(cases)))
    random.Random(3).shuffle(order)
    for limit in (None, 5):  # the usual bound, then one so small the cache is emptied again and again
        if limit is not None:
            monkeypatch.setattr(arrangements_module, "_MAX_SUIT_READINGS", limit)
            arrangements_module._SUIT_READINGS.clear()
        for i in order:
            hand, options = cases[i]
            assert arrangements(hand, **options) == cold[i], (hand, options)
        assert len(arrangements_module._SUIT_READINGS) <= arrangements_module._MAX_SUIT_READINGS
    for (hand, _), found in zip(cases, cold, strict=True):
        check_invariants(hand, found)


def test_results_share_no_mutable_state():
    hand = parse_hand("111222333m456p7s +7s")
    first = arrangements(hand)
    expected = list(first)
    first.clear()  # the caller owns its list
    first.append("junk")
    assert arrangements(hand) == expected and len(expected) == 2
    # Equal groups of different hands are one shared object, so they must be frozen.
    other = arrangements(parse_hand("111m456p789s123s5z +5z"))[0]
    assert other.melds[0] is expected[0].melds[0]
    with pytest.raises(FrozenInstanceError):
        other.melds[0].tiles = (5, 5, 5)
    with pytest.raises(FrozenInstanceError):
        expected[0].winning_meld = 0
    for readings_of_suit in arrangements_module._SUIT_READINGS.values():
        assert isinstance(readings_of_suit, tuple) and all(isinstance(r, tuple) for r in readings_of_suit)
    # Knitted straights read their rest through the same suit cache; the standard readings stay as they were.
    knitted = parse_hand("147m258p369s123m5z +5z")
    assert arrangements(knitted, **KNITTED_ALL)
    assert arrangements(knitted) == [] and arrangements(hand) == expected


def test_checked_skips_the_check_and_nothing_else(monkeypatch):
    cases = _cache_cases()[::3]
    unchecked = [arrangements(hand, **options) for hand, options in cases]
    calls = []
    monkeypatch.setattr(arrangements_module, "check_hand", lambda hand: calls.append(hand))
    assert [arrangements(hand, checked=True, **options) for hand, options in cases] == unchecked
    assert calls == []
    arrangements(cases[0][0])
    assert calls == [cases[0][0]]
    calls.clear()
    assert is_complete(parse_hand("147m258p369s1234z +5z"), knitted=True)  # found by arrangements() only
    assert len(calls) == 1, "is_complete checks the hand once and passes checked=True on"
