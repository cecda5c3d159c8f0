"""A card of fixed hands (``mahjong_rulesets.cards``): the example card compiles, a card with mistakes gets every
one at once at its line, nothing on a card runs, and the matcher says which hands a hand completes and how far
it is from each."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from mahjong_rulesets.cards import matching, strategy
from mahjong_rulesets.cards.card import FLOWER, Card, read_card

from mahjong_core.errors import DataFileError
from mahjong_core.plugin import parse_tiles

EXAMPLE = Path(__file__).parents[3] / "plugins" / "cards" / "example_card.yaml"


@pytest.fixture(scope="module")
def card() -> Card:
    return read_card(EXAMPLE)


def hand(text: str) -> tuple[list[int], int]:
    """Counts over the card's kinds and the jokers, from the notation with ``J`` for each joker."""
    jokers = text.count("J")
    return matching.counts_of(parse_tiles(text.replace("J", ""))), jokers


def completed_ids(card: Card, text: str, exposures: tuple[tuple[int, int], ...] = ()) -> list[str]:
    counts, jokers = hand(text)
    return [r.hand.id for r in matching.completed(card, counts, jokers, exposures)]


# ---------------------------------------------------------------- the example card


def test_the_example_card_compiles_every_hand_to_its_readings(card: Card) -> None:
    assert [h.id for h in card.hands][:3] == ["harbour_steps", "mirror_pond", "odd_lanterns"]
    per_hand: dict[str, int] = {}
    for reading in card.readings:
        per_hand[reading.hand.id] = per_hand.get(reading.hand.id, 0) + 1
        assert sum(count for _, count in reading.groups) == 14
    assert per_hand["harbour_steps"] == 6 * 6  # three suits in any order, a run starting 1 to 6
    assert per_hand["odd_lanterns"] == 3 * 3  # a suit, x chosen from 1, 3 and 5
    assert per_hand["compass_garden"] == 1  # every tile named
    assert per_hand["mirror_pond"] == 6 * 9 * 3 // 2  # the pung and the two kongs: A and B are interchangeable
    assert card.hand("quiet_zero").concealed and not card.hand("sextet_tide").concealed


def test_every_hand_of_the_example_card_is_completed_by_its_own_readings(card: Card) -> None:
    for reading in card.readings[::7]:
        counts = [0] * len(reading.need)
        jokers = 0
        for kind, count in reading.groups:
            real = min(count, 4 if kind != FLOWER else 8) if count < 3 else min(count, 2)
            counts[kind] += real
            jokers += count - real
        jokers -= sum(max(0, c - (8 if k == FLOWER else 4)) for k, c in enumerate(counts))
        counts = [min(c, 8 if k == FLOWER else 4) for k, c in enumerate(counts)]
        assert matching.missing(reading, counts, jokers) == 0
        assert reading.hand.id in [r.hand.id for r in matching.completed(card, counts, jokers)]


# ---------------------------------------------------------------- matching


def test_a_run_in_three_suits_with_flowers_and_a_joker(card: Card) -> None:
    # harbour steps: 33m 444m 555p 666s+joker FF
    assert completed_ids(card, "33444m555p666s1f3yJ") == ["harbour_steps"]
    # the same with the run one higher is the same hand
    assert completed_ids(card, "44555m666p777s1f3yJ") == ["harbour_steps"]
    assert completed_ids(card, "33444m666p555s1f3yJ") == ["harbour_steps"]  # B and C are any two other suits
    assert completed_ids(card, "33444m555p777s1f3yJ") == []  # a gap in the run


def test_a_joker_never_stands_in_a_pair_or_a_single(card: Card) -> None:
    assert completed_ids(card, "3J444m555p6666s1f3y") == []  # a joker in the pair of 3m
    assert completed_ids(card, "1234z33m777s1fJ555z") == []  # a joker for the single zero? no: for a red dragon ok
    assert completed_ids(card, "1234z33m777s1f2y77z7z") == ["compass_garden"]
    assert completed_ids(card, "1234z33m777s1f2y77zJ") == ["compass_garden"]  # the dragon pung takes a joker
    assert completed_ids(card, "123z33m777s1f2y777zJ") == []  # the North single does not


def test_a_quint_and_a_sextet_need_jokers(card: Card) -> None:
    assert completed_ids(card, "2222mJ444m66m5555z") == ["even_orchard"]  # x = 2, the dragon of B: green
    assert completed_ids(card, "2222mJ444m66m7777z") == []  # red is the dragon of characters, A's suit here
    assert completed_ids(card, "7777pJJ1234f7777s") == ["sextet_tide"]


def test_like_numbers_and_any_dragon(card: Card) -> None:
    assert completed_ids(card, "4444m4444p444s666z") == ["mirror_pond"]
    assert completed_ids(card, "4444m4444p444s66zJ") == ["mirror_pond"]
    assert completed_ids(card, "4444m4444p445s666z") == []


def test_exposures_must_be_groups_of_the_hand_and_a_concealed_hand_has_none(card: Card) -> None:
    counts, jokers = hand("33m555p666s1f3yJ")
    assert [r.hand.id for r in matching.completed(card, counts, jokers, ((3, 3),))] == ["harbour_steps"]
    assert matching.completed(card, counts, jokers, ((3, 4),)) == []  # a kong where the hand has a pung
    compass = [r for r in card.readings if r.hand.id == "compass_garden"][0]
    counts, jokers = hand("1234z33m1f2y777z")
    assert matching.missing(compass, counts, jokers, ((24, 3),)) is None
    assert not matching.possible(card, ((27, 3), (28, 3), (29, 3)))  # three wind pungs fit no hand of the card
    assert matching.possible(card, ((27, 4),))


def test_the_distance_counts_the_tiles_still_missing(card: Card) -> None:
    counts, jokers = hand("33444m555p666s1f3y")  # harbour steps less one tile
    steps = matching.distances(card, counts, jokers)["harbour_steps"]
    assert steps[0] == 1
    counts, jokers = hand("33444m555p666s1fJ")  # the joker cannot be the second flower
    assert matching.distances(card, counts, jokers)["harbour_steps"][0] == 1
    counts, jokers = hand("19m19p19s1234z567zJ")
    nearest = matching.closest(card, counts, jokers)
    assert nearest[0][0] <= nearest[-1][0] and all(gap > 0 for gap, _ in nearest)
    assert {r.hand.id for _, r in nearest} == {h.id for h in card.hands}


# ---------------------------------------------------------------- mistakes


BROKEN = """\
card: 1
title: broken
tiles: 14
jokers_in_groups_of: 3
hands:
  - id: first
    name: First
    value: 10
    groups:
      - {count: 4, suit: A, number: x}
      - {count: 4, suit: B, number: x, wind: east}
      - {count: 6, flower: true}
  - id: first
    name: Again
    value: 10
    groups: [{count: 8, flower: true}, {count: 6, dragon: red}]
  - id: short
    name: Short
    valeu: 10
    groups: [{count: 3, suit: A, number: 1}]
  - id: off_the_end
    name: Off the end
    value: 10
    choose: {y: [1]}
    groups:
      - {count: 4, suit: A, number: x-1}
      - {count: 4, suit: A, number: x+8}
      - {count: 6, flower: true}
  - id: too_many_pairs
    name: Too many pairs
    value: 10
    groups:
      - {count: 2, suit: A, number: 5}
      - {count: 2, suit: A, number: 5}
      - {count: 2, suit: A, number: 5}
      - {count: 8, flower: true}
  - id: code
    name: Code
    value: 10
    groups: [{count: 8, suit: A, number: "__import__('os')"}, {count: 6, flower: true}]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "card.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_card_with_mistakes_gets_every_one_at_once_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, BROKEN)
    with pytest.raises(DataFileError) as caught:
        read_card(path)
    errors = caught.value.errors
    lines = {e.line: e.message for e in errors}
    assert all(e.source == str(path) for e in errors)
    assert "valeu" in lines[19] and "did you mean 'value'" in lines[19]  # the schema's: a misspelt key
    assert "__import__" in lines[40] and "x+1" in lines[40]  # the schema's: a number that is no variable
    assert "'value' is a required property" in lines[17]
    assert len(errors) == 3
    # the schema's errors and the card's own come together: once the schema passes, these are found too
    fixed = BROKEN.replace("valeu", "value").replace('"__import__(\'os\')"', "x")
    with pytest.raises(DataFileError) as caught:
        read_card(write(tmp_path, fixed))
    lines = {e.line: e.message for e in caught.value.errors}
    assert "exactly one of" in lines[11] and "suit, wind" in lines[11]
    assert "already" in lines[13] and "$.hands[0]" in lines[13]
    assert "hold 3 tiles" in lines[20]
    assert "'y'" in lines[24] and "x" in lines[24]
    assert "no number is left for 'x'" in lines[25]
    assert "no choice of suits and numbers" in lines[29]
    assert len(caught.value.errors) == 6
    assert str(caught.value).count("\n") == 5  # one line each


def test_nothing_on_a_card_runs(tmp_path: Path) -> None:
    path = write(tmp_path, "card: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(DataFileError) as caught:
        read_card(path)
    assert "not allowed" in str(caught.value) and "(line 1)" in str(caught.value)
    path = write(tmp_path, "card: &a 1\ntitle: *a\n")
    with pytest.raises(DataFileError, match="anchors and aliases are not allowed"):
        read_card(path)


def test_a_file_that_is_no_card_is_told_so(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="expected a card of fixed hands"):
        read_card(write(tmp_path, ""))
    with pytest.raises(DataFileError, match="cannot read"):
        read_card(tmp_path / "missing.yaml")
    with pytest.raises(DataFileError) as caught:
        read_card(write(tmp_path, "card: 1\ntitle: t\ntiles: 14\njokers_in_groups_of: 3\nhands: []\n"))
    assert caught.value.errors[0].place == "$.hands" and caught.value.errors[0].line == 5


# ---------------------------------------------------------------- a player's choices


def test_the_discard_kept_is_the_one_nearest_a_hand(card: Card) -> None:
    counts, jokers = hand("33444m555p666s1f3y9p")  # thirteen of harbour steps and a stray 9p
    kind, aimed = strategy.best_discard(card, counts, jokers)
    assert kind == parse_tiles("9p")[0] and aimed == strategy.Aim(1, 30, "harbour_steps")
    counts, jokers = hand("33444m555p666s1fJ9p")
    kind, _ = strategy.best_discard(card, counts, jokers)
    assert kind == parse_tiles("9p")[0]  # the joker stays


def test_a_call_is_made_only_for_a_group_the_hand_needs(card: Card) -> None:
    counts, _ = hand("33444m55p666s1f3y9p")  # harbour steps wants a third 5p
    five_dots, nine_dots = parse_tiles("5p")[0], parse_tiles("9p")[0]
    assert strategy.worth_exposing(card, counts, 0, (), five_dots, 3)
    assert not strategy.worth_exposing(card, counts, 0, (), five_dots, 4)  # a kong needs a fourth 5p or a joker
    assert not strategy.worth_exposing(card, counts, 0, (), nine_dots, 3)  # one 9p and no joker
    assert strategy.exposure_aim(card, counts, 0, (), nine_dots, 3) is strategy.NOWHERE


def test_a_hand_whose_exposures_fit_no_hand_is_nowhere(card: Card) -> None:
    counts, jokers = hand("33m555p666s1f3y")
    assert strategy.aim(card, counts, jokers, ((27, 3), (28, 3))) is strategy.NOWHERE
    assert strategy.aim(card, counts, jokers, ((3, 3),)).hand == "harbour_steps"


def test_the_quick_discard_agrees_with_asking_after_each_tile(card: Card) -> None:
    """best_discard counts each reading once and changes it by the tile let go; asking the whole card again
    after each candidate (strategy.aim) must give the same distance, on seeded hands of every kind."""
    rng = random.Random(7)
    wall = [k for k in range(35) for _ in range(8 if k == FLOWER else 4)] + [strategy.JOKER] * 8
    exposures_tried = [(), ((3, 3),), ((27, 4),)]
    for i in range(60):
        drawn = rng.sample(wall, 14)
        counts = [drawn.count(k) for k in range(35)]
        jokers = drawn.count(strategy.JOKER)
        exposures = exposures_tried[i % 3]
        kind, aimed = strategy.best_discard(card, counts, jokers, exposures)
        expected = []
        for k in [*(k for k in range(35) if counts[k]), *([strategy.JOKER] if jokers else [])]:
            left = list(counts)
            if k == strategy.JOKER:
                expected.append(strategy.aim(card, left, jokers - 1, exposures).missing)
            else:
                left[k] -= 1
                expected.append(strategy.aim(card, left, jokers, exposures).missing)
        assert aimed.missing == min(expected)


# ---------------------------------------------------------------- the format's page


PAGE = Path(__file__).parents[3] / "docs" / "card-format.md"


def test_the_page_s_example_hands_make_the_hands_it_says(card: Card) -> None:
    lines = [line for line in PAGE.read_text(encoding="utf-8").splitlines() if " -> " in line]
    assert len(lines) >= 5
    for line in lines:
        tiles, expected = line.split(" -> ")
        assert completed_ids(card, tiles) == ([] if expected == "none" else expected.split(", ")), line


def test_the_checker_prints_a_card_or_every_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_rulesets.cards.__main__ import main

    assert main([str(EXAMPLE)]) == 0
    assert "10 hands" in capsys.readouterr().out
    broken = write(tmp_path, BROKEN.replace("valeu", "value").replace('"__import__(\'os\')"', "x"))
    assert main([str(broken)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 6 and all(line.startswith(f"{broken}::$.hands[") for line in err)


def test_a_hand_of_too_many_choices_is_refused_before_any_is_tried(tmp_path: Path) -> None:
    groups = "".join(f"      - {{count: 2, suit: A, number: {v}}}\n" for v in "abcdef") + \
        "      - {count: 2, dragon: any}\n"
    text = (f"card: 1\ntitle: t\ntiles: 14\njokers_in_groups_of: 3\nhands:\n  - id: wide\n    name: Wide\n"
            f"    value: 1\n    groups:\n{groups}")
    with pytest.raises(DataFileError, match=r"4,782,969 choices to try") as caught:
        read_card(write(tmp_path, text))
    assert caught.value.errors[0].line == 6


def test_the_checker_reads_a_hand_against_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_rulesets.cards.__main__ import main

    assert main([str(EXAMPLE), "--hand", "33444m555p666s1f3yJ"]) == 0
    assert "makes harbour_steps (Harbour steps), worth 30" in capsys.readouterr().out
    assert main([str(EXAMPLE), "--hand", "33444m555p666s1f3y9p"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "  1 tile from harbour_steps (Harbour steps, 30)" and len(lines) == 11
    assert main([str(EXAMPLE), "--hand", "33x"]) == 2
    assert "char 3" in capsys.readouterr().err


def test_a_hand_without_a_joker_is_worth_the_card_s_multiple_unless_no_joker_could_stand_in_it(card: Card) -> None:
    counts, jokers = hand("33444m555p6666s1f3y")
    steps = matching.completed(card, counts, jokers)[0]
    assert card.jokerless_multiplier == 2
    assert card.value(steps, 0) == 60 and card.value(steps, 1) == 30
    quiet = next(r for r in card.readings if r.hand.id == "quiet_zero")  # singles and pairs: no group for a joker
    assert card.value(quiet, 0) == 50
