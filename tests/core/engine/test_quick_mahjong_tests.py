"""The engine's quick mahjong tests answer as the tests they stand in front of, kept here as oracles.

At every discard the claim window asks each other seat whether the discard completes its hand, and at every
turn whether the tile drawn did.  Three quick paths stand in front of the full tests; each must change no answer:

* a hand of 17 tiles read from the tables of complete slices (``shanten._wide_complete``) is complete exactly
  when the wide shanten (the oracle it replaced) is ``-1``;
* a seat holding jokers is tested with the discard only where its hand is ready now (``ready_with_jokers``), and
  with its draw only where it was ready before it (``unready_before_draw``): the oracle is the complete test
  made on every hand, under each joker rule a bundled ruleset plays, with 0 to 4 jokers (typed ones too);
* the greedy bot holding jokers measures all its discards at once (``shanten_after_discards_with_jokers``): the
  oracle is ``shanten_with_jokers`` of each hand a discard leaves, as the bot asked it before;
* with typed jokers the bot measures exactly only the discards whose bound (the jokers standing for anything)
  could reach the least (``least_after_discards_with_jokers``): the oracle is the same, for every discard that
  leaves the least, and every other is above it;
* a 16-tile hand's claim (its melds counted as three tiles) is decided by the mahjong test alone, where before it
  was made only for a hand shanten called ready: the oracle is the test behind that gate.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.engine.jokers import ready_with_jokers, unready_before_draw
from mahjong_core.errors import HandError
from mahjong_core.hand import shanten as sh
from mahjong_core.hand.jokers import (
    JokerRule,
    is_complete_with_jokers,
    least_after_discards_with_jokers,
    shanten_after_discards_with_jokers,
    shanten_with_jokers,
)
from mahjong_core.plugin.forms import is_mahjong, recognised_forms
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.jokers import joker_play

#: The bundled rulesets whose jokers are played (each one's rule is tested), and those of 16-tile hands.
JOKER_RULESETS = ("fuzhou", "filipino", "vietnamese", "malaysian_3p", "american_style")
SIXTEEN_TILE_RULESETS = ("taiwanese_16", "fuzhou", "filipino")


@cache
def bundled_rules() -> tuple[tuple[str, JokerRule, bool], ...]:
    """Each joker ruleset's rule and whether it scores seven pairs, and every untyped rule besides."""
    found = []
    for rid in JOKER_RULESETS:
        ruleset = load_ruleset(rid)
        play = joker_play(ruleset)
        assert play is not None, rid  # its jokers are played: the test must hold its rule
        found.append((rid, play.rule, "seven_pairs" in recognised_forms(ruleset)))
    found += [("any", JokerRule(p, q, c), sp) for p in (True, False) for q in (True, False) for c in (True, False)
              for sp in (True, False)]
    return tuple(found)


# ---------------------------------------------------------------- hands


def _hand_of_sets(seed: int, tiles: int) -> list[int]:
    """Counts near a complete hand: random sets and a pair, then up to two tiles changed, ``tiles`` in all.

    Drawn from a seed, so that hypothesis shrinks one number; most hands so made are complete, ready or one
    tile from ready, where the quick tests and the oracles could disagree."""
    rng = random.Random(seed)
    counts = [0] * 34
    while sum(counts) < tiles:
        room = tiles - sum(counts)
        shape = rng.choice(("pung", "chow", "chow", "pair", "single") if room >= 3 else ("pair", "single")
                           if room == 2 else ("single",))
        kind = rng.randrange(34)
        kinds = {"pung": [kind] * 3, "pair": [kind] * 2, "single": [kind],
                 "chow": [kind, kind + 1, kind + 2] if kind < 27 and kind % 9 <= 6 else [kind] * 3}[shape]
        if all(counts[k] + kinds.count(k) <= 4 for k in kinds):
            for k in kinds:
                counts[k] += 1
    for _ in range(rng.randrange(3) if tiles else 0):  # a change or two: a tile swapped for another kind
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1
    return counts


SEEDS = st.integers(0, 1 << 32)


@st.composite
def joker_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """3k + 1 tiles and jokers (k up to 5), 0 to 4 of them jokers."""
    total = draw(st.sampled_from((4, 7, 10, 13, 16)))
    jokers = draw(st.integers(0, 4))
    return _hand_of_sets(draw(SEEDS), total - jokers), jokers


class _Seat:
    """What the quick tests read of a seat: its concealed counts, its jokers held and its rule."""

    def __init__(self, counts: list[int], held_jokers: Sequence[int], rule: JokerRule) -> None:
        self.counts, self.held_jokers, self.joker_rule = counts, list(held_jokers), rule


class _Game:
    def __init__(self, seven_pairs: bool) -> None:
        self.forms = {"seven_pairs": ()} if seven_pairs else {}


def _held(jokers: int, rule: JokerRule, rng: random.Random) -> list[int]:
    """``jokers`` joker kinds as a seat holds them: any kind where jokers are untyped, else random types."""
    return [rng.choice(rule.kinds) if rule.stands_for else 99 for _ in range(jokers)]


# ---------------------------------------------------------------- 17 tiles from the slices' tables


@settings(max_examples=1000, deadline=None)
@given(SEEDS)
def test_a_17_tile_hand_read_from_the_slices_is_complete_as_the_wide_shanten_says(seed: int) -> None:
    counts = bytes(_hand_of_sets(seed, 17))
    oracle = sh._wide_shanten(counts) == -1
    assert sh.is_complete_counts(counts) is oracle, list(counts)


def test_a_suit_of_five_sets_takes_the_wide_path_and_is_complete() -> None:
    counts = bytearray(34)
    for kind in (0, 0, 0, 1, 2, 3, 2, 3, 4, 5, 6, 7, 6, 7, 8):  # five sets in the first suit, 15 tiles
        counts[kind] += 1
    counts[27] += 2
    assert sh.is_complete_counts(bytes(counts)) and sh._wide_shanten(bytes(counts)) == -1
    counts[27] -= 1
    counts[28] += 1
    assert not sh.is_complete_counts(bytes(counts)) and sh._wide_shanten(bytes(counts)) != -1


# ---------------------------------------------------------------- jokers: ready now, or ready before the draw


@settings(max_examples=400, deadline=None)
@given(joker_hands(), SEEDS)
def test_a_hand_with_jokers_not_ready_is_completed_by_no_tile(hand: tuple[list[int], int], seed: int) -> None:
    counts, jokers = hand
    for rid, rule, seven_pairs in bundled_rules():
        held = _held(jokers, rule, random.Random(seed))
        seat = _Seat(list(counts), held, rule)
        game = _Game(seven_pairs)
        ready = ready_with_jokers(game, seat)  # type: ignore[arg-type]
        sp = seven_pairs and not rule.stands_for
        assert ready is (shanten_with_jokers(bytes(counts), rule.held(held), rule, seven_pairs=sp) <= 0)
        for tile in range(34):
            if counts[tile] >= 4:
                continue
            counts[tile] += 1
            oracle = is_complete_with_jokers(bytes(counts), rule.held(held), rule, seven_pairs=sp)
            # the claim window's answer: the test made only for a ready hand
            assert (ready and oracle) is oracle, (rid, counts, held, tile)
            # the turn's answer, the tile just drawn: the test made only where the hand was ready before it
            seat.counts = counts
            before = list(counts)
            unready = unready_before_draw(game, seat, tile)  # type: ignore[arg-type]
            assert (not unready and oracle) is oracle, (rid, counts, held, tile)
            assert counts == before  # the hand is left as it was
            counts[tile] -= 1


def test_the_bundled_joker_rules_are_all_held_to_the_oracle() -> None:
    rules = {rid: rule for rid, rule, _ in bundled_rules()}
    assert any(rule.stands_for for rule in rules.values())  # typed jokers among them
    assert {rid for rid in rules if rid != "any"} == set(JOKER_RULESETS)


def test_a_drawn_joker_or_no_draw_leaves_the_test_to_be_made() -> None:
    rule = JokerRule(True, True, True)
    seat = _Seat([0] * 34, [99, 99], rule)
    seat.counts[0] = 3
    assert not unready_before_draw(_Game(False), seat, None)  # type: ignore[arg-type]
    assert not unready_before_draw(_Game(False), seat, 5)  # type: ignore[arg-type]  # 5 is not held: a joker came


# ---------------------------------------------------------------- 16 tiles: the mahjong test without the shanten gate


@settings(max_examples=300, deadline=None)
@given(SEEDS, st.sampled_from((16, 13, 10, 7)))
def test_a_16_tile_hand_that_a_discard_completes_is_ready(seed: int, concealed: int) -> None:
    """Its concealed tiles, all 16 or fewer beside its melds."""
    counts = _hand_of_sets(seed, concealed)
    assert sh.shanten(bytes(counts)) >= -1
    ready = sh.shanten(bytes(counts)) <= 0
    for rid in SIXTEEN_TILE_RULESETS:
        forms = recognised_forms(load_ruleset(rid))
        for tile in range(34):
            if counts[tile] >= 4:
                continue
            counts[tile] += 1
            complete = is_mahjong(counts, forms)
            counts[tile] -= 1
            assert (ready and complete) is complete, (rid, counts, tile)  # the gate never said no to a mahjong


# ---------------------------------------------------------------- jokers: every discard measured at once


@st.composite
def discard_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """3k + 2 tiles and jokers (k up to 5; 3k + 3 now and then, a hand after a kong), 0 to 4 of them jokers, at
    least one a playing tile (a discard to weigh)."""
    total = draw(st.sampled_from((5, 8, 11, 14, 17, 6, 15)))
    jokers = draw(st.integers(0, 4))
    return _hand_of_sets(draw(SEEDS), total - jokers), jokers


@settings(max_examples=300, deadline=None)
@given(discard_hands(), SEEDS)
def test_every_discard_measured_at_once_is_measured_as_the_hand_it_leaves(hand: tuple[list[int], int],
                                                                         seed: int) -> None:
    counts, jokers = hand
    for rid, rule, _ in bundled_rules():
        held = rule.held(_held(jokers, rule, random.Random(seed)))
        if (sum(counts) - 1 + jokers) % 3 == 0:  # a hand that leaves 3k tiles is refused, as shanten refuses it
            with pytest.raises(HandError):
                shanten_after_discards_with_jokers(bytes(counts), held, rule)
            continue
        after = shanten_after_discards_with_jokers(bytes(counts), held, rule)
        assert sorted(after) == [kind for kind in range(34) if counts[kind]]
        for kind in after:  # the oracle: one call per discard, as the bot made them
            counts[kind] -= 1
            assert after[kind] == shanten_with_jokers(bytes(counts), held, rule), (rid, counts, held, kind)
            counts[kind] += 1


@settings(max_examples=300, deadline=None)
@given(discard_hands(), SEEDS)
def test_the_best_discards_are_exact_and_every_other_is_above_them(hand: tuple[list[int], int], seed: int) -> None:
    counts, jokers = hand
    if (sum(counts) - 1 + jokers) % 3 == 0:
        return  # refused as above
    for rid, rule, _ in bundled_rules():
        held = rule.held(_held(jokers, rule, random.Random(seed)))
        least = least_after_discards_with_jokers(bytes(counts), held, rule)
        exact = shanten_after_discards_with_jokers(bytes(counts), held, rule)
        assert sorted(least) == sorted(exact), rid
        best = min(exact.values())
        assert {k for k, v in least.items() if v == best} == {k for k, v in exact.items() if v == best}, (rid, counts)
        assert all(least[k] == exact[k] if exact[k] == best else best < least[k] <= exact[k] for k in exact), rid
