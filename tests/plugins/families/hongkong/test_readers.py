"""The fan engine's fast path answers as asking the rows' predicates does: reader by reader, and reading by reading.

The hands are seeded random complete hands of the shapes the readers tell apart (chows, pongs and kongs of one
suit, of honours, of terminals, of winds, of dragons; seven pairs; thirteen orphans; nine gates), with exposed
sets, bonus tiles and situation flags, each read every way the engine reads it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from mahjong_rulesets.families.hongkong import scoring
from mahjong_rulesets.families.hongkong.plan import Reading
from mahjong_rulesets.families.hongkong.readers import MELD_READERS, READERS, TILE_READERS, Shape

from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import Arrangement, ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.tiles import (
    BONUS,
    DRAGONS,
    EAST,
    GREEN,
    HONOURS,
    RED,
    TERMINALS,
    TERMINALS_AND_HONOURS,
    WHITE,
    WINDS,
)
from mahjong_core.rules import load_ruleset

FAMILY_RULESETS = ("hongkong", "hongkong_old_style", "hongkong_plus", "malaysian_3p", "singapore", "vietnamese")

#: Where a hand's sets and pair are drawn from, by style.
_POOLS: dict[str, tuple[int, ...]] = {
    "any": tuple(range(34)),
    "honours": HONOURS,
    "majors": TERMINALS_AND_HONOURS,
    "terminals": TERMINALS,
    "winds": WINDS + (4, 13),
    "kongs": tuple(range(34)),
}


def _set(rng: random.Random, first: int, chows: bool, kongs: float) -> tuple[MeldKind, tuple[int, ...]]:
    if chows and first < 27 and first % 9 < 7 and rng.random() < 0.5:
        return MeldKind.CHOW, (first, first + 1, first + 2)
    return (MeldKind.KONG, (first,) * 4) if rng.random() < kongs else (MeldKind.PUNG, (first,) * 3)


def _tiles(rng: random.Random, style: str) -> tuple[list[int], list[Meld]] | None:
    if style == "orphans":
        return [*TERMINALS_AND_HONOURS, rng.choice(TERMINALS_AND_HONOURS)], []
    if style == "pairs":
        return [k for k in rng.sample(range(34), 7) for _ in range(2)], []
    suit = rng.randrange(3) * 9
    if style == "gates":
        return [suit + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, rng.randrange(9))], []
    pool = _POOLS.get(style) or tuple(range(suit, suit + 9)) + {"half": HONOURS, "dragons": DRAGONS}.get(style, ())
    concealed: list[int] = []
    melds: list[Meld] = []
    # three winds apart, in the winds style, so that some hands are the four winds hands
    # and a suit's own dragon in the dragons style, for the jade, ruby and pearl dragon hands
    firsts = [rng.choice(pool) for _ in range(4)]
    if style == "winds":
        firsts[:3] = rng.sample(WINDS, 3)
    elif style == "dragons":
        firsts[0] = {0: RED, 9: WHITE, 18: GREEN}[suit]
    for first in firsts:
        kind, tiles = _set(rng, first, style in ("any", "suit", "half"), 0.9 if style == "kongs" else 0.2)
        if kind is MeldKind.KONG or rng.random() < 0.3:
            exposed = kind is not MeldKind.KONG or rng.random() < 0.5
            melds.append(Meld(kind, tiles, exposed, ClaimedFrom.LEFT if exposed else None))
        else:
            concealed += tiles
    pair = rng.choice(pool)
    concealed += [pair, pair]
    every = concealed + [t for m in melds for t in m.tiles]
    return (concealed, melds) if all(every.count(t) <= 4 for t in set(every)) else None


def _hands(n: int, seed: int) -> Iterator[Hand]:
    rng = random.Random(seed)
    styles = ("any", "suit", "half", "honours", "majors", "terminals", "winds", "dragons", "kongs", "pairs", "orphans",
              "gates")
    while n:
        made = _tiles(rng, rng.choice(styles))
        if made is None:
            continue
        concealed, melds = made
        winning = concealed.pop(rng.randrange(len(concealed)))
        bonus = tuple(sorted(rng.sample(BONUS, rng.choice((0, 0, 1, 2, 4)))))
        yield Hand(tuple(sorted(concealed)), tuple(melds), bonus, winning if rng.random() < 0.9 else None)
        n -= 1


def _context(rng: random.Random) -> dict[str, Any]:
    self_drawn = rng.random() < 0.5
    return {"seat_wind": EAST + rng.randrange(4), "prevalent_wind": EAST + rng.randrange(4),
            "self_drawn": self_drawn, "replacement": self_drawn and rng.random() < 0.3,
            "robbing_kong": not self_drawn and rng.random() < 0.2, "dealer": rng.random() < 0.3,
            "first_go_around": rng.random() < 0.2, "first_discard": rng.random() < 0.2,
            "last_tile": rng.random() < 0.2, "how": "self_drawn" if self_drawn else "discard", "kongs_in_a_row": 0,
            "winning_tile": rng.randrange(34)}


def _readings(n: int, seed: int) -> Iterator[tuple[Arrangement, Hand, dict[str, Any]]]:
    rng = random.Random(seed + 1)
    for hand in _hands(n, seed):
        ctx = _context(rng)
        for arrangement in arrangements(hand, seven_pairs=True, thirteen_orphans=True, knitted=False):
            yield arrangement, hand, ctx


def _answer(predicate: Any, *args: Any) -> Any:
    try:
        return bool(predicate.fn(*args))
    except Exception as error:  # noqa: BLE001 - the same error, or none, is the answer
        return type(error), str(error)


@pytest.mark.parametrize("seed", range(4))
def test_every_reader_answers_as_its_predicate_on_every_reading(seed: int) -> None:
    seen: dict[str, set[Any]] = {}
    for arrangement, hand, ctx in _readings(600, seed):
        shape = Shape(arrangement)
        assert shape.plain
        for predicate, read in READERS.items():
            want = _answer(predicate, arrangement, hand, ctx)
            try:
                got: Any = bool(read(shape, hand, ctx))
            except Exception as error:  # noqa: BLE001
                got = type(error), str(error)
            assert got == want, (predicate.name, arrangement, hand)
            seen.setdefault(predicate.name, set()).add(want)
        for predicate, read_meld in MELD_READERS.items():
            for i, meld in enumerate(arrangement.melds):
                one = Arrangement(arrangement.form, (meld,), 0 if i == arrangement.winning_meld else None)
                assert read_meld(meld) == _answer(predicate, one, hand, ctx), (predicate.name, meld)
        for predicate, read_tile in TILE_READERS.items():
            for tile in hand.bonus:
                alone = Hand(hand.concealed, hand.melds, (tile,), hand.winning_tile)
                assert read_tile(tile, ctx) == _answer(predicate, arrangement, alone, ctx), (predicate.name, tile)
    # the hands reach both answers of every reader, so each comparison above could have failed
    assert {name for name, answers in seen.items() if {True, False} <= answers} == {p.name for p in READERS}


@pytest.mark.parametrize("ruleset_id", FAMILY_RULESETS)
def test_a_planned_reading_is_the_reading_the_predicates_give(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    plan = scoring._plan(ruleset)
    readings = limits = 0
    for arrangement, hand, ctx in _readings(400, 7):
        facts = scoring.situation_context(hand, {**ctx, "winning_tile": hand.winning_tile or ctx["winning_tile"]})
        try:
            want: Any = scoring._read(ruleset, arrangement, hand, facts)
        except Exception as error:  # noqa: BLE001
            want = type(error), str(error)
        try:
            got: Any = scoring._read_planned(ruleset, plan, arrangement, hand, facts, {})
        except Exception as error:  # noqa: BLE001
            got = type(error), str(error)
        assert got == want, (arrangement, hand)
        readings += 1
        limits += isinstance(want, scoring._Reading) and want.limit is not None
    assert readings > 300 and limits  # most hands read (a tenth name no winning tile), some as limit hands


def test_a_shape_of_other_kinds_is_read_by_the_predicates_themselves() -> None:
    flower_pung = Arrangement(scoring.Form.STANDARD, (Meld(MeldKind.PUNG, (34, 34, 34)),))
    assert not Shape(flower_pung).plain


def test_a_context_missing_a_fact_is_read_by_the_predicates_and_names_the_fact() -> None:
    ruleset = load_ruleset("singapore")
    assert "how" in scoring._plan(ruleset).facts
    hand = next(iter(_hands(1, 3)))
    context = {"seat_wind": EAST, "prevalent_wind": EAST, "winning_tile": hand.winning_tile or 0}
    with pytest.raises(scoring.MahjongError, match="needs the situation fact"):
        scoring.score(ruleset, hand, context)


def test_a_reading_builds_each_single_meld_and_bonus_hand_once() -> None:
    hand = next(h for h in _hands(50, 5) if h.bonus)
    arrangement = arrangements(hand, seven_pairs=True, thirteen_orphans=True, knitted=False)[0]
    bonus: dict[int, Hand] = {}
    r = Reading(load_ruleset("hongkong"), arrangement, hand, {}, bonus)
    assert r.single(0) is r.single(0) and r.single(0).melds == (arrangement.melds[0],)
    tile = hand.bonus[0]
    assert r.with_bonus(tile) is r.with_bonus(tile) and r.with_bonus(tile).bonus == (tile,) and tile in bonus
