"""Typed jokers read from the tables by class (:mod:`mahjong_core.hand.typed_tables`) give exactly the search's
distance (:func:`mahjong_core.hand.typed_jokers.distance`, kept as the oracle and as the measure of types that do
not decompose).

The games and golden replays of the ``vietnamese`` ruleset were made with the search, so every answer is held
to it: for the ruleset's own types, the masks of ``test_typed_jokers.py``, other types that decompose (a kind no
joker stands for, two types of one mask, the honours cut kind by kind) and types that do not (a joker of some
ranks of a suit: the search answers, and still agrees); under each of the eight rules ``where`` may say; for 13,
14, 16 and 17 tiles (and small hands), 0 to 8 jokers (whole sets of jokers alone), any number of sets and pairs.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from joker_oracle import wrong_in_threads

from mahjong_core.errors import HandError
from mahjong_core.hand import joker_tables, jokers, typed_tables
from mahjong_core.hand.jokers import JokerRule, least_after_discards_with_jokers, shanten_after_discards_with_jokers
from mahjong_core.hand.typed_jokers import distance as searched
from mahjong_core.rules import available, load_ruleset
from mahjong_core.rules.jokers import joker_play

ALL = (1 << 34) - 1
SUITED = (1 << 27) - 1
CHARACTERS, DOTS, BAMBOO = (sum(1 << k for k in range(9 * s, 9 * s + 9)) for s in range(3))
WINDS = sum(1 << k for k in range(27, 31))
DRAGONS = sum(1 << k for k in range(31, 34))
#: The vietnamese ruleset's types: any kind; dots, bamboo, characters; winds; dragons; any suited tile.
VIETNAMESE = (ALL, DOTS, BAMBOO, CHARACTERS, WINDS, DRAGONS, SUITED)
#: Types that decompose: test_typed_jokers.py's; dots and winds (the other kinds stood for by none); two types of
#: one mask; the honours one by one under any honour; one joker of anything (untyped jokers as types).
DECOMPOSED = (
    VIETNAMESE,
    (ALL, DOTS, SUITED, WINDS),
    (DOTS, WINDS),
    (SUITED, SUITED, 1 << 27, 1 << 33, WINDS | DRAGONS),
    (ALL,),
)
#: Types that do not: a joker of 1-5 dots cuts the dots between two classes.
CUT = ((ALL, sum(1 << k for k in range(9, 14))), (DOTS | WINDS, sum(1 << k for k in range(9, 14)), DRAGONS))
WHERE = [(p, q, c) for p in (True, False) for q in (True, False) for c in (True, False)]
#: Pools of kinds a hand is drawn from: all 34; dots and the honours; two suits; one suit (long chains, many sets).
POOLS = (tuple(range(34)), (*range(9, 18), *range(27, 34)), tuple(range(9, 27)), tuple(range(18, 27)))


@st.composite
def hands(draw: st.DrawFn, types: int, sizes: tuple[int, ...] = (13, 14, 16, 17, 13, 14, 16, 17, 2, 5, 8, 11)
          ) -> tuple[bytes, tuple[int, ...]]:
    """Playing tiles (at most four of a kind) and 0 to 8 typed jokers, a random count of each of ``types``."""
    size = draw(st.sampled_from(sizes))
    held = [0] * types
    for _ in range(draw(st.integers(0, min(8, size)))):
        held[draw(st.integers(0, types - 1))] += 1
    pool = draw(st.sampled_from(POOLS))
    counts = [0] * 34
    for _ in range(size - sum(held)):
        counts[draw(st.sampled_from([k for k in pool if counts[k] < 4]))] += 1
    return bytes(counts), tuple(held)


@st.composite
def cases(draw: st.DrawFn, masks_from: tuple[tuple[int, ...], ...]
          ) -> tuple[tuple[int, ...], tuple[bool, bool, bool], bytes, tuple[int, ...]]:
    masks = draw(st.sampled_from(masks_from))
    counts, held = draw(hands(len(masks)))
    return masks, draw(st.sampled_from(WHERE)), counts, held


@settings(max_examples=600, deadline=None)
@given(cases(DECOMPOSED), st.integers(0, 6), st.integers(0, 1))
def test_the_tables_give_the_search_s_distance_for_any_sets_and_pairs(
        case: tuple[tuple[int, ...], tuple[bool, bool, bool], bytes, tuple[int, ...]], sets: int, pair: int) -> None:
    masks, where, counts, held = case
    pl = typed_tables.plan(masks, where)
    assert pl is not None
    n = (sum(counts) + sum(held)) // 3
    for s in (n, sets):
        assert typed_tables.distance(pl, counts, held, s, pair) == searched(counts, held, s, pair, masks, where)


def _rule(masks: tuple[int, ...], where: tuple[bool, bool, bool]) -> JokerRule:
    return JokerRule(*where, stands_for=masks, kinds=tuple(range(50, 50 + len(masks))))


def _searched_after(counts: bytes, held: tuple[int, ...], masks: tuple[int, ...], where: tuple[bool, bool, bool]
                    ) -> dict[int, int]:
    sets = (sum(counts) + sum(held) - 1) // 3
    return {kind: searched(counts[:kind] + bytes((c - 1,)) + counts[kind + 1:], held, sets, 1, masks, where) - 1
            for kind, c in enumerate(counts) if c}


@settings(max_examples=300, deadline=None)
@given(cases(DECOMPOSED + CUT))
def test_shanten_after_each_discard_is_the_search_s(
        case: tuple[tuple[int, ...], tuple[bool, bool, bool], bytes, tuple[int, ...]]) -> None:
    """Read discard by discard from the tables (or searched, for types cut); the least discards exact in
    :func:`least_after_discards_with_jokers`, every other one above the least."""
    masks, where, counts, held = case
    if (sum(counts) + sum(held)) % 3 == 1 or not sum(counts):
        return  # no hand after a discard (3k tiles), or nothing to discard: refused elsewhere
    rule = _rule(masks, where)
    expected = _searched_after(counts, held, masks, where)
    assert shanten_after_discards_with_jokers(counts, held, rule) == expected
    least = least_after_discards_with_jokers(counts, held, rule)
    best = min(expected.values())
    assert {k for k, v in least.items() if v == best} == {k for k, v in expected.items() if v == best}
    assert all(v > best for k, v in least.items() if expected[k] > best)
    if typed_tables.plan(masks, where) is not None:
        assert least == expected  # every value exact where the tables read them


@settings(max_examples=300, deadline=None)
@given(cases(CUT))
def test_types_that_cut_a_suit_are_searched_and_agree(
        case: tuple[tuple[int, ...], tuple[bool, bool, bool], bytes, tuple[int, ...]]) -> None:
    masks, where, counts, held = case
    assert typed_tables.plan(masks, where) is None
    n = sum(counts) + sum(held)
    assert jokers.distance(counts, held, _rule(masks, where)) == searched(counts, held, n // 3, 1, masks, where)


def test_random_hands_of_the_ruleset_s_sizes_under_every_rule() -> None:
    """Many more hands than the properties above draw, of 13, 14, 16 and 17 tiles, every rule and type set."""
    rng = random.Random(20261206)
    wall = [k for k in range(34) for _ in range(4)]
    compared = 0
    for masks in DECOMPOSED:
        for where in WHERE:
            pl = typed_tables.plan(masks, where)
            assert pl is not None
            for _ in range(60):
                size = rng.choice((13, 14, 16, 17))
                held = [0] * len(masks)
                for _ in range(rng.randrange(5)):
                    held[rng.randrange(len(masks))] += 1
                tiles = rng.sample(wall, size - sum(held))
                counts = bytes(tiles.count(k) for k in range(34))
                for pair in (0, 1):
                    got = typed_tables.distance(pl, counts, held, size // 3, pair)
                    assert got == searched(counts, tuple(held), size // 3, pair, masks, where), (tiles, held, where)
                    compared += 1
    assert compared == len(DECOMPOSED) * len(WHERE) * 120


def test_the_plan_follows_the_types() -> None:
    """Vietnamese: seven nodes (the suited joker above the three suits', the General above it, the winds' and the
    dragons'); five classes hold kinds; a set of jokers alone may lie in a suit's, the winds' or the dragons'."""
    pl = typed_tables.plan(VIETNAMESE, (True, True, True))
    assert pl is not None
    general, suited = pl.node_types.index((0,)), pl.node_types.index((6,))
    assert pl.roots == (general,)
    assert set(pl.children[suited]) == {pl.node_types.index((t,)) for t in (1, 2, 3)}
    assert [len(groups) for groups in pl.class_groups] == [1, 1, 1, 1, 1, 0, 0, 0]  # the suited, General, none: no kind
    assert [n for n, (sets, _) in enumerate(pl.whole) if sets] == [n for n, parts in enumerate(pl.parts[:-1])
                                                                   if parts]
    merged = typed_tables.plan((SUITED, SUITED, 1 << 27), (True, False, False))
    assert merged is not None and merged.node_types == ((2,), (0, 1))  # two types of one mask are one node
    assert typed_tables.plan(CUT[0], (True, True, True)) is None


def test_the_memos_emptied_mid_game_give_the_same_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every memo emptied every few dozen entries (jokers.py's tables too, whose ids ours name), four
    threads asking at once still get the search's answers."""
    rng = random.Random(45)
    wall = [k for k in range(34) for _ in range(4)]
    asked = []
    for _ in range(200):
        held = tuple(rng.randrange(2) for _ in VIETNAMESE)
        tiles = rng.sample(wall, 14 - sum(held))
        asked.append((bytes(tiles.count(k) for k in range(34)), held))
    where = (True, True, True)
    expected = [searched(c, h, 4, 1, VIETNAMESE, where) for c, h in asked]
    pl = typed_tables.plan(VIETNAMESE, where)
    assert pl is not None
    monkeypatch.setattr(joker_tables, "_KEPT", 40)
    assert wrong_in_threads(lambda i: typed_tables.distance(pl, asked[i][0], asked[i][1], 4, 1), expected, rng,
                            jokers.clear_caches) == []


def test_the_bundled_typed_rulesets_take_the_tables() -> None:
    """Every bundled ruleset with typed jokers (vietnamese) decomposes; the rulesets of untyped jokers
    (example_jokers, fuzhou, filipino and the others) never come here."""
    typed = {rid: play.rule for rid in available() if (play := joker_play(load_ruleset(rid))) is not None
             and play.rule.stands_for}
    assert "vietnamese" in typed
    for rule in typed.values():
        assert typed_tables.plan(rule.stands_for, (rule.pungs, rule.pairs, rule.chows)) is not None
    assert typed["vietnamese"].stands_for == VIETNAMESE


@pytest.mark.parametrize(("held", "rule"), [((), JokerRule()), ((1, -1), _rule((DOTS, WINDS), (True, True, True))),
                                            ((True, 0), _rule((DOTS, WINDS), (True, True, True))),
                                            ((1,), _rule((DOTS, WINDS), (True, True, True)))])
def test_the_one_line_check_of_typed_counts_refuses_what_the_full_check_does(held: tuple[int, ...],
                                                                               rule: JokerRule) -> None:
    """Counts as bytes and jokers as a tuple take a check of one line; a tuple of no types for untyped jokers, a
    negative count, a bool or a count short of the types still fail."""
    with pytest.raises(HandError):
        jokers.distance(bytes(34), held, rule)
