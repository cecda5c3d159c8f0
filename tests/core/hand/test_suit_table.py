"""The shipped suit table (:mod:`mahjong_core.hand.suit_table`) says what the searches say, and a damaged one is
named, never read as vectors."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from mahjong_core.errors import HandError
from mahjong_core.hand import shanten, suit_table
from mahjong_core.hand.suit_table import SuitTableError

TABLE = suit_table.load()


def _searched_wide(part: bytes) -> tuple[int, ...]:
    sets, paired = shanten._wide_part(part)
    return (*sets, *paired, sum(part))


def _random_suit(rng: random.Random, tiles: int) -> bytes:
    counts = [0] * 9
    for _ in range(tiles):
        counts[rng.choice([k for k in range(9) if counts[k] < 4])] += 1
    return bytes(counts)


def test_every_suit_of_up_to_five_tiles_and_a_sample_of_longer_ones_read_as_searched() -> None:
    small = [bytes(c) for c in itertools.product(range(5), repeat=9) if sum(c) <= 5]
    rng = random.Random(20261206)
    longer = [_random_suit(rng, rng.randint(6, 17)) for _ in range(1500)]
    for part in small + longer:
        vector = TABLE.vector_of(part)
        assert vector == _searched_wide(part), list(part)
        if sum(part) <= shanten.MAX_STANDARD_TILES:  # the 13-tile path reads the first five slots of each half
            standard = shanten._VECTORS[shanten.searched_part_id(part)]
            assert vector is not None and standard == (*vector[0:5], *vector[6:11], vector[12]), list(part)
    assert len(small) == 2002 - 9  # C(14, 9) ways of up to five tiles in nine kinds, less five of one kind
    assert {sum(part) for part in longer} == set(range(6, 18))


def test_both_paths_answer_as_their_searches_do() -> None:
    rng = random.Random(7)
    for _ in range(200):
        part = _random_suit(rng, rng.randint(0, 17))
        shanten.clear_caches()
        assert shanten._WIDE_VECTORS[shanten._wide_part_id(part)] == _searched_wide(part), list(part)
        if sum(part) <= shanten.MAX_STANDARD_TILES:
            read = shanten._VECTORS[shanten._part_id(part)]
            assert read == shanten._VECTORS[shanten.searched_part_id(part)], list(part)


def test_a_suit_beyond_seventeen_tiles_is_absent_and_searched() -> None:
    part = bytes((4, 4, 4, 4, 2, 0, 0, 0, 0))
    assert TABLE.vector_of(part) is None
    with pytest.raises(HandError, match="18"):  # no hand the tables answer, whatever reads the suit
        shanten.shanten(part + bytes(25))
    assert shanten._VECTORS[shanten._part_id(part)] == shanten._VECTORS[shanten.searched_part_id(part)]


def test_shanten_reads_the_same_after_the_tables_are_forgotten() -> None:
    hand = bytes((1, 1, 1, 0, 2, 0, 0, 1, 1) + (0,) * 9 + (1, 1, 1) + (0,) * 6 + (2, 0, 0, 0, 0, 0, 1))
    before = shanten.shanten(hand)
    shanten.clear_caches()
    assert shanten.shanten(hand) == before == 1


@pytest.mark.parametrize(("data", "expected"), [
    (b"MJSX\x02" + bytes(10), "magic"),
    (b"MJSV\x01" + bytes(10), "magic"),  # the first format's
    (suit_table.MAGIC + (3).to_bytes(2, "big") + bytes(39) + bytes(100), "expected 3 vectors"),
    (suit_table.MAGIC + (300).to_bytes(2, "big") + bytes(3900) + bytes(suit_table.SUITS), "expected 300 vectors"),
])
def test_a_damaged_file_is_named_with_what_was_expected(data: bytes, expected: str) -> None:
    with pytest.raises(SuitTableError) as raised:
        suit_table.decode(data, Path("damaged.bin"))
    assert "damaged.bin" in str(raised.value) and expected in str(raised.value)


def test_a_byte_naming_no_vector_is_named_where_it_is_read() -> None:
    table = suit_table.decode(suit_table.MAGIC + (1).to_bytes(2, "big") + bytes(13) + bytes([7]) * suit_table.SUITS,
                              Path("damaged.bin"))
    with pytest.raises(SuitTableError, match="damaged.bin: byte 6 of the places names vector 7, beyond the 1"):
        table.vector_of(bytes((0, 0, 0, 0, 0, 0, 0, 1, 1)))  # base 5: 11 = 6


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SuitTableError, match="missing.bin: the suit table cannot be read"):
        suit_table.load(tmp_path / "missing.bin")
