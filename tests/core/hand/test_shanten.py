"""Shanten, waits and the complete-hand test: exact, consistent with each other, and with the riichi oracle.

Three independent checks keep the fast tables honest: the riichi reference
calculator (``mahjong`` on PyPI) on seeded random hands, form by form; a
brute-force search over every target for small hands (the definition in the
module docstring, copy limit included); and the two identities the module
promises (complete iff shanten -1, ready iff some wait).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mahjong_core.errors import HandError
from mahjong_core.hand.shanten import (
    ORPHANS,
    as_counts,
    is_complete_counts,
    least_after_passing,
    one_exchange_apart,
    shanten,
    shanten_after_discards,
    shanten_best_discard,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    waits,
)

WALL = [kind for kind in range(34) for _ in range(4)]
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def counts_of(tiles) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def random_hands(seed: int, n: int, size: int = 13) -> list[list[int]]:
    rng = random.Random(seed)
    return [counts_of(rng.sample(WALL, size)) for _ in range(n)]


def crowded_hands(seed: int, n: int) -> list[list[int]]:
    """Hands from few kinds, of every size, so four of a kind is common (the copy limit matters)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        kinds = rng.sample(range(34), rng.randint(3, 9))
        size = rng.choice(SIZES)
        if size <= 4 * len(kinds):
            out.append(counts_of(rng.sample([k for k in kinds for _ in range(4)], size)))
    return out


def parse(text: str) -> list[int]:
    """``"123m456p11z"`` as counts (kept local so this file tests shanten alone)."""
    tiles = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            base = {"m": 0, "p": 9, "s": 18, "z": 27}[ch]
            tiles.extend(base + int(d) - 1 for d in digits)
            digits = ""
    return counts_of(tiles)


# --------------------------------------------------------------------------- oracle


def test_standard_form_agrees_with_oracle_on_10000_random_hands():
    for counts in random_hands(2024, 10_000):
        assert shanten_standard(counts) == Shanten.calculate_shanten_for_regular_hand(counts), counts


def test_seven_pairs_agrees_with_oracle_on_10000_random_hands():
    # The oracle's chiitoitsu wants seven different pairs: our allow_four=False.
    for counts in random_hands(2025, 10_000):
        assert shanten_seven_pairs(counts, allow_four=False) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)


def test_thirteen_orphans_agrees_with_oracle_on_10000_random_hands():
    for counts in random_hands(2026, 10_000):
        assert shanten_thirteen_orphans(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts)


def test_combined_shanten_agrees_with_oracle():
    hands = random_hands(7, 3000) + random_hands(8, 2000, size=14)
    for counts in hands:
        expected = Shanten.calculate_shanten(counts)
        assert shanten(counts, seven_pairs_allow_four=False) == expected
        assert shanten(bytes(counts), seven_pairs_allow_four=False) == expected


def test_crowded_hands_of_every_size_agree_with_oracle():
    """Four of a kind everywhere: the copy limit (no fifth tile) is where naive methods differ."""
    hands = crowded_hands(99, 6000)
    assert sum(4 in counts for counts in hands) > 500
    for counts in hands:
        assert shanten_standard(counts) == Shanten.calculate_shanten_for_regular_hand(counts), counts


def test_complete_check_agrees_with_agari_oracle():
    rng = random.Random(5)
    hands = random_hands(6, 2000, size=14) + [complete_hand(rng) for _ in range(2000)]
    hands += [c for c in crowded_hands(3, 4000) if sum(c) % 3 == 2]
    for counts in hands:
        assert is_complete_counts(counts, seven_pairs_allow_four=False) == Agari.is_agari(counts), counts


def complete_hand(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                counts[rng.randrange(34)] += 3
            else:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


# --------------------------------------------------------------------------- definition, by brute force


def _targets(sets: int) -> list[list[int]]:
    groups = [[k] * 3 for k in range(34)] + [[k, k + 1, k + 2] for k in range(27) if k % 9 <= 6]
    out = []
    for chosen in itertools.combinations_with_replacement(groups, sets):
        for pair in range(34):
            target = counts_of([t for g in chosen for t in g] + [pair, pair])
            if max(target) <= 4:
                out.append(target)
    return out


def brute_standard(counts: list[int], targets: list[list[int]]) -> int:
    held = [(k, c) for k, c in enumerate(counts) if c]
    best = min(sum(target) - sum(min(c, target[k]) for k, c in held) for target in targets)
    return best - 1


@pytest.mark.parametrize("sets", [0, 1, 2])
def test_standard_form_matches_brute_force_over_all_targets(sets):
    targets = _targets(sets)
    rng = random.Random(sets)
    hands = [h for h in crowded_hands(100 + sets, 400) if sum(h) // 3 == sets][: 25 if sets == 2 else 200]
    for size in (3 * sets + 1, 3 * sets + 2):
        hands += [counts_of(rng.sample(WALL, size)) for _ in range(5 if sets == 2 else 40)]
    for counts in hands:
        assert shanten_standard(counts) == brute_standard(counts, targets), counts


# --------------------------------------------------------------------------- identities


@st.composite
def fourteen(draw):
    """14 concealed tiles: half near-complete (built from groups, a few tiles swapped), half random."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    if draw(st.booleans()):
        return counts_of(rng.sample(WALL, 14))
    counts = complete_hand(rng)
    for _ in range(draw(st.integers(0, 2))):
        out = rng.choice([k for k in range(34) if counts[k]])
        into = rng.choice([k for k in range(34) if counts[k] < 4 and k != out])
        counts[out] -= 1
        counts[into] += 1
    return counts


@settings(max_examples=400, deadline=None)
@given(fourteen(), st.booleans())
def test_complete_exactly_when_shanten_is_minus_one(counts, allow_four):
    assert (shanten(counts, seven_pairs_allow_four=allow_four) == -1) == is_complete_counts(
        counts, seven_pairs_allow_four=allow_four
    )


def brute_waits(counts: list[int], allow_four: bool) -> tuple[int, ...]:
    found = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if is_complete_counts(counts, seven_pairs_allow_four=allow_four):
                found.append(k)
            counts[k] -= 1
    return tuple(found)


@settings(max_examples=400, deadline=None)
@given(fourteen(), st.integers(0, 13), st.booleans())
def test_ready_exactly_when_there_is_a_wait(counts, drop, allow_four):
    held = [k for k in range(34) for _ in range(counts[k])]
    counts[held[drop]] -= 1
    found = waits(counts, seven_pairs_allow_four=allow_four)
    assert found == brute_waits(counts, allow_four)
    assert (shanten(counts, seven_pairs_allow_four=allow_four) == 0) == bool(found)


def test_identities_hold_on_crowded_hands_of_every_size():
    for counts in crowded_hands(11, 3000):
        n = sum(counts)
        if n % 3 == 2:
            assert (shanten(counts) == -1) == is_complete_counts(counts)
        else:
            found = waits(counts)
            assert found == brute_waits(counts, True)
            assert (shanten(counts) == 0) == bool(found)


# --------------------------------------------------------------------------- hand-picked cases


def test_nine_gates_waits_on_all_nine():
    assert waits(parse("1112345678999m")) == tuple(range(9))
    assert shanten(parse("1112345678999m")) == 0


def test_thirteen_sided_and_single_orphan_waits():
    assert waits(parse("19m19p19s1234567z")) == ORPHANS
    assert waits(parse("119m19p19s123456z")) == (33,)
    assert shanten(parse("19m19p19s1234567z")) == 0


def test_no_wait_on_a_fifth_copy():
    """111z + 1z waits on a tile that does not exist: the hand is one exchange from ready, not ready."""
    counts = parse("123m456p789s1111z")
    assert waits(counts) == ()
    assert shanten(counts) == 1 == Shanten.calculate_shanten(counts)
    # 1111m + 234p567p789s: 1m cannot pair, so only 1-shanten, and no tile completes it.
    assert waits(parse("1111m234p567p789s")) == ()
    assert shanten(parse("1111m234p567p789s")) == 1


def test_seven_pairs_conventions():
    four = parse("1111m2233p4455s6z")  # 13 tiles: 11m twice, 22p 33p 44s 55s, 6z single
    assert shanten_seven_pairs(four) == 0
    assert waits(four) == (32,)
    assert shanten_seven_pairs(four, allow_four=False) == 2  # 6z pair, and a seventh kind from scratch
    assert waits(four, seven_pairs_allow_four=False) == ()
    complete = parse("1111m2233p4455s66z")
    assert is_complete_counts(complete) and not is_complete_counts(complete, seven_pairs_allow_four=False)
    assert shanten(complete) == -1 and shanten(complete, seven_pairs_allow_four=False) > -1
    # A triple waits on its fourth copy when four of a kind is two pairs.
    assert waits(parse("111m2233p4455s66z")) == (0,)
    assert waits(parse("111m2233p4455s66z"), seven_pairs_allow_four=False) == ()


def test_forms_can_be_switched_off():
    orphans = parse("19m19p19s1234567z")
    assert shanten(orphans, thirteen_orphans=False) > 0
    pairs = parse("1122m3344p5566s7z")
    assert shanten(pairs) == 0 and shanten(pairs, seven_pairs=False) > 0
    assert waits(pairs, seven_pairs=False) == ()


def test_fewer_tiles_count_the_declared_sets_as_made():
    assert shanten(parse("11z")) == -1
    assert shanten(parse("1z")) == 0 and waits(parse("1z")) == (27,)
    assert shanten(parse("123m4p")) == 0 and waits(parse("123m4p")) == (12,)
    assert shanten(parse("1m4p7s1z")) == 2
    assert is_complete_counts(parse("123m99s")) and not is_complete_counts(parse("124m99s"))
    assert waits(parse("2345m")) == (1, 4)
    assert shanten(parse("13m")) == 0  # two tiles make the pair: draw 1m or 3m


def test_list_tuple_and_bytes_agree():
    for counts in random_hands(1, 200):
        expected = shanten(counts)
        assert shanten(tuple(counts)) == expected == shanten(bytes(counts)) == shanten(bytearray(counts))
    assert as_counts([0] * 34) == bytes(34)


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "counts, words",
    [
        ([0] * 33, "34"),
        ([0] * 35, "34"),
        ([5] + [0] * 33, "4 copies"),
        ([-1] + [0] * 33, "between 0 and 4"),
        (["x"] * 34, "between 0 and 4"),
        ([300] + [0] * 33, "between 0 and 4"),
        (counts_of([0, 1, 2] * 4), "got 12"),
        (counts_of(list(range(15))), "got 15"),
        ([0] * 34, "got 0"),
        (None, "34 tile counts"),
    ],
)
def test_bad_counts_raise_hand_error(counts, words):
    for call in (shanten, shanten_standard, is_complete_counts, waits):
        with pytest.raises(HandError) as info:
            call(counts)
        assert info.value.place and info.value.place.startswith("counts")
    with pytest.raises(HandError) as info:
        shanten(counts)
    assert words in str(info.value)


def test_counts_of_the_wrong_shape_for_each_function():
    with pytest.raises(HandError, match="14, 11, 8, 5 or 2"):
        is_complete_counts(parse("123m456p789s1234z"))
    with pytest.raises(HandError, match="13, 10, 7, 4 or 1"):
        waits(parse("123m456p789s12344z"))
    with pytest.raises(HandError, match="13 or 14"):
        shanten_seven_pairs(parse("1122m"))
    with pytest.raises(HandError, match="13 or 14"):
        shanten_thirteen_orphans(parse("19m"))
    # A bad count found in a part never enters the tables: the same call fails again.
    bad = bytes([0] * 27 + [5, 0, 0, 0, 0, 0, 0])
    for _ in range(2):
        with pytest.raises(HandError):
            shanten(bad)


def _each_discard(counts: list[int]) -> dict[int, int | str]:
    """What :func:`shanten` says of the hand less one tile of each kind held (the error's name where it refuses)."""
    out: dict[int, int | str] = {}
    for kind in range(34):
        if counts[kind]:
            less = list(counts)
            less[kind] -= 1
            try:
                out[kind] = shanten(less)
            except HandError as exc:
                out[kind] = type(exc).__name__
    return out


def test_shanten_after_discards_is_shanten_of_each_discard_on_random_and_crowded_hands():
    hands = [*(h for size in (14, 11, 8, 5, 2) for h in random_hands(size, 1500, size)), *crowded_hands(7, 6000)]
    compared = 0
    for counts in hands:
        expected = _each_discard(counts)
        try:
            got: dict[int, int | str] = dict(shanten_after_discards(counts))
        except HandError as exc:  # a hand shanten refuses after any discard is refused as a whole
            assert set(expected.values()) == {type(exc).__name__}, counts
            continue
        assert got == expected, counts
        assert list(got) == sorted(got)
        compared += len(got)
    assert compared > 50_000


@settings(max_examples=300, deadline=None)
@given(fourteen())
def test_shanten_after_discards_on_near_complete_hands(counts):
    assert shanten_after_discards(counts) == _each_discard(counts)


def test_shanten_best_discard_is_the_least_shanten_after_any_discard():
    rng = random.Random(11)
    hands = [counts_of(rng.sample(WALL, size)) for size in (3, 6, 9, 12) for _ in range(2000)]
    for _ in range(6000):  # few kinds, so four of a kind is common
        kinds = rng.sample(range(34), rng.randint(2, 6))
        size = rng.choice([n for n in (3, 6, 9, 12) if n <= 4 * len(kinds)])
        hands.append(counts_of(rng.sample([k for k in kinds for _ in range(4)], size)))
    hands += [[0] * 34, *(h for h in random_hands(13, 300, 14))]
    for counts in hands:
        assert shanten_best_discard(counts) == min(shanten_after_discards(counts).values(), default=99), counts


def _walk_every_pass(counts: list[int], k: int) -> tuple[int, tuple[int, ...]]:
    """The definition: every different choice of ``k`` tiles in ascending order, the first with the least shanten."""
    best, first = 99, ()
    for combo in sorted(set(itertools.combinations([t for t in range(34) for _ in range(counts[t])], k))):
        kept = list(counts)
        for t in combo:
            kept[t] -= 1
        value = shanten(kept) if sum(kept) % 3 else shanten_best_discard(kept)
        if value < best:
            best, first = value, combo
    return best, first


def test_least_after_passing_is_the_first_best_of_every_choice_on_random_and_crowded_hands():
    rng = random.Random(17)
    cases = []
    for size in (3, 4, 8, 11, 12, 13, 14):
        for counts in random_hands(size, 150, size):
            cases.append((counts, rng.randint(max(1, size - 12), min(3, size - 1))))
    for counts in crowded_hands(23, 1500):
        size = sum(counts)
        if size >= 2:
            cases.append((counts, rng.randint(max(1, size - 12), min(3, size - 1))))
    for counts, k in cases:
        assert least_after_passing(counts, k) == _walk_every_pass(counts, k), (counts, k)
    assert len(cases) > 2000


@pytest.mark.parametrize("k", [-1, 0, 14])
def test_least_after_passing_refuses_what_it_cannot_measure(k):
    with pytest.raises(HandError, match="keeps"):
        least_after_passing(random_hands(3, 1)[0], k)


def test_the_best_discard_of_a_complete_size_hand_leaves_its_own_shanten_or_ready():
    """For 3k + 2 tiles, min over discards of shanten == max(shanten, 0): what the greedy bot's claims rely on."""
    hands = [h for size in (2, 5, 8, 11, 14) for h in random_hands(size + 40, 1500, size)]
    hands += [h for h in crowded_hands(41, 8000) if sum(h) % 3 == 2]
    for counts in hands:
        assert min(shanten_after_discards(counts).values()) == max(shanten(counts), 0), counts
    assert len(hands) > 9000


def _plainly_one_exchange(a: bytes, b: bytes) -> bool:
    diffs = sorted(y - x for x, y in zip(a, b, strict=True) if x != y)
    return diffs == [-1, 1]


@settings(max_examples=400, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((4, 7, 10, 13)), st.integers(1, 3))
def test_one_exchange_apart_is_one_tile_in_and_another_out(rnd: random.Random, size: int, changes: int) -> None:
    """Read as numbers, two count vectors one exchange apart are told from every other pair: the same hand, a
    tile in or out only, two tiles changed, one kind's count moved by two, neighbours in the vector, the first
    and last kinds."""
    tiles = rnd.sample(WALL, size)
    before = list(counts_of(tiles))
    after = list(before)
    for _ in range(changes):
        out = rnd.choice([k for k in range(34) if after[k]])
        after[out] -= 1
        ins = rnd.choice([k for k in range(34) if after[k] < 4])
        after[ins] += 1
    a, b = bytes(before), bytes(after)
    assert one_exchange_apart(a, b) == one_exchange_apart(b, a) == _plainly_one_exchange(a, b)
    # a tile taken in, or let go, alone (a claim, a kong, a replacement): not an exchange
    grown = list(after)
    grown[next(k for k in range(34) if grown[k] < 4)] += 1
    assert not one_exchange_apart(a, bytes(grown)) and not one_exchange_apart(bytes(grown), bytes(grown))
    for i, j in ((0, 33), (33, 0), (0, 1), (16, 17), (5, 5)):
        base = [1] * 34
        shifted = [c + (1 if k == i else 0) - (1 if k == j else 0) for k, c in enumerate(base)]
        assert one_exchange_apart(bytes(base), bytes(shifted)) == (i != j)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from((1, 4, 7, 10, 13)))
def test_one_exchange_moves_shanten_by_one_at_most(rnd: random.Random, size: int) -> None:
    """What the claim window relies on to leave a hand unmeasured (a bound carried over a plain turn): shanten
    after one exchange is within one of shanten before, on random hands and on hands crowded with fours."""
    pool = WALL if rnd.random() < 0.5 else [k for k in rnd.sample(range(34), 5) for _ in range(4)]
    if len(pool) <= size:
        pool = WALL
    tiles = rnd.sample(pool, size)
    counts = counts_of(tiles)
    out = rnd.choice([k for k in range(34) if counts[k]])
    ins = rnd.choice([k for k in range(34) if counts[k] < 4 and k != out])
    after = list(counts)
    after[out] -= 1
    after[ins] += 1
    assert one_exchange_apart(bytes(counts), bytes(after))
    assert abs(shanten(bytes(after)) - shanten(bytes(counts))) <= 1
