"""The fast joker algebra gives exactly the old search's answers (``joker_oracle.py``), on random hands.

The search was replaced by per-group tables joined across the suits (:mod:`mahjong_core.hand.jokers`); the
games and golden replays of the joker rulesets were made with the old one, so every public answer is held to
it: distance for any number of sets, shanten with and without seven pairs, the complete test, the waits and
the reading of a complete hand.  The hands hold 0 to 4 jokers and 1 to 17 tiles in all, under each of the
eight rules a ruleset's ``jokers: {in: [...]}`` can say (so under every rule a bundled ruleset uses: Fuzhou's
and the Malaysian game's pungs, pairs and chows, example_jokers' pungs only).
"""

from __future__ import annotations

import random

import joker_oracle as old
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.errors import HandError
from mahjong_core.hand import joker_tables
from mahjong_core.hand import jokers as new
from mahjong_core.hand.jokers import JokerRule
from mahjong_core.rules import available, load_ruleset
from mahjong_core.rules.jokers import joker_play

RULES = [JokerRule(p, q, c) for p in (True, False) for q in (True, False) for c in (True, False)]

#: Pools of kinds a hand is drawn from: all 34; one suit and the honours; two suits (crowded hands, long chains).
POOLS = (tuple(range(34)), (*range(9), *range(27, 34)), tuple(range(9, 27)), tuple(range(18, 27)))


@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...] = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17)) -> tuple[bytes, int]:
    """Playing tiles (at most four of a kind) and 0 to 4 jokers, ``size`` in all."""
    size = draw(st.sampled_from(sizes))
    jokers = draw(st.integers(0, min(4, size)))
    pool = draw(st.sampled_from(POOLS))
    counts = [0] * 34
    for _ in range(size - jokers):
        counts[draw(st.sampled_from([k for k in pool if counts[k] < 4]))] += 1
    return bytes(counts), jokers


@settings(max_examples=400, deadline=None)
@given(hands(), st.sampled_from(RULES), st.integers(0, 6))
def test_distance_is_the_old_search_s_for_any_number_of_sets(hand: tuple[bytes, int], rule: JokerRule,
                                                             sets: int) -> None:
    counts, jokers = hand
    assert new.distance(counts, jokers, rule) == old.distance(counts, jokers, rule)
    assert new.distance(counts, jokers, rule, sets=sets) == old.distance(counts, jokers, rule, sets=sets)


@settings(max_examples=400, deadline=None)
@given(hands(), st.sampled_from(RULES), st.booleans())
def test_shanten_and_the_complete_test_are_the_old_search_s(hand: tuple[bytes, int], rule: JokerRule,
                                                            seven_pairs: bool) -> None:
    counts, jokers = hand
    n = sum(counts) + jokers
    if n % 3:
        expected = old.shanten_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs)
        assert new.shanten_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs) == expected
    assert new.is_complete_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs) == \
        old.is_complete_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs)


@settings(max_examples=80, deadline=None)
@given(hands((1, 4, 7, 10, 13, 16)), st.sampled_from(RULES), st.booleans())
def test_waits_are_the_old_search_s(hand: tuple[bytes, int], rule: JokerRule, seven_pairs: bool) -> None:
    counts, jokers = hand
    assert new.waits_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs) == \
        old.waits_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs)


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[bytes, int, JokerRule]:
    """A 3k + 2 hand that is complete under its rule: a waiting hand and one of its waits (or any hand)."""
    counts, jokers = draw(hands((1, 4, 7, 10, 13, 16)))
    rule = draw(st.sampled_from(RULES))
    waits = old.waits_with_jokers(counts, jokers, rule)
    grown = bytearray(counts)
    if waits:
        grown[draw(st.sampled_from(waits))] += 1
    else:  # not ready: a joker more makes the 3k + 2 that the reading refuses, as both must
        jokers += 1
    return bytes(grown), jokers, rule


@settings(max_examples=120, deadline=None)
@given(complete_hands())
def test_the_reading_of_a_complete_hand_is_the_old_search_s(hand: tuple[bytes, int, JokerRule]) -> None:
    counts, jokers, rule = hand
    assert new.stand_ins(counts, jokers, rule) == old.stand_ins(counts, jokers, rule)
    assert new.joker_reading(counts, jokers, rule) == old.joker_reading(counts, jokers, rule)


def test_the_tables_forgotten_give_the_same_answers() -> None:
    """The memos are emptied when they grow large; what is rebuilt answers as before."""
    counts = bytes([1, 1, 0, 2, 0, 1, 1, 1, 0] + [0] * 9 + [0, 2, 1, 1, 0, 0, 0, 0, 0] + [1, 0, 0, 0, 0, 0, 0])
    rule = JokerRule(pungs=True)
    before = [new.distance(counts, j, rule) for j in range(4)]
    new.clear_caches()
    assert [new.distance(counts, j, rule) for j in range(4)] == before == \
        [old.distance(counts, j, rule) for j in range(4)]


def test_threads_asking_at_once_while_the_memos_are_emptied_get_the_old_answers(monkeypatch: pytest.MonkeyPatch
                                                                                  ) -> None:
    """A server plays tables in threads: with the memos emptied every few dozen hands, four threads asking at once
    still get the old search's answers (a table id handed out twice, or read after the memos were emptied,
    would give another hand's)."""
    rng = random.Random(34)
    asked = []
    for _ in range(300):
        jokers = rng.randint(0, 4)
        counts = [0] * 34
        for kind in rng.sample([k for k in range(34) for _ in range(4)], 14 - jokers):
            counts[kind] += 1
        asked.append((bytes(counts), jokers, rng.choice(RULES)))
    expected = [old.distance(c, j, r) for c, j, r in asked]
    monkeypatch.setattr(joker_tables, "_KEPT", 40)
    assert old.wrong_in_threads(lambda i: new.distance(*asked[i]), expected, rng, new.clear_caches) == []


def test_the_bundled_rulesets_rules_are_among_those_tested() -> None:
    """Each ruleset whose untyped jokers are played says one of the eight rules; at least the three known ones
    exist.  Typed jokers (``jokers.stands_for``) take their own search, held to trying every kind for every joker
    in ``test_typed_jokers.py``."""
    used = {play.rule for rid in available() if (play := joker_play(load_ruleset(rid))) is not None
            and not play.rule.stands_for}
    assert used <= set(RULES)
    assert {JokerRule(True, True, True), JokerRule(True, False, False)} <= used


def test_a_negative_number_of_sets_is_refused() -> None:
    with pytest.raises(HandError, match="sets"):
        new.distance(bytes(34), 2, sets=-1)
