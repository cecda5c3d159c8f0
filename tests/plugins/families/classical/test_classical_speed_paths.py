"""The classical engine's fast paths say exactly what the slow ones say.

The engine reads each row from a shape built once per arrangement (the
readers of :mod:`mahjong_rulesets.families.classical.predicates`), reads a losing hand's
shape straight from its tiles, and skips the full input checks for a plainly
valid hand.  Each is held here to what it stands for -- the registered
predicate, :func:`loser_arrangement`, :func:`check_hand` -- on a few thousand
seeded hands of every shape the tables care about.  (A winner's readings are
``arrangements(hand, checked=True)``, whose cache tests/core/hand/test_arrangements.py
holds.)  Runs in about five seconds.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from mahjong_rulesets.families.classical.context import plainly_valid, prepare
from mahjong_rulesets.families.classical.losers import loser_arrangement, loser_shape
from mahjong_rulesets.families.classical.predicates import COUNTERS, READERS, Shape, hand_tiles, shape_of
from mahjong_rulesets.families.classical.scoring import classical_score, situation_context
from mahjong_rulesets.families.classical.tables import VALUE_FACTS, classical_tables, row_reader
from mahjong_rulesets.hands.predicates import VOCABULARY as CORE
from mahjong_rulesets.rulesets.harbin import predicates as harbin_predicates

from mahjong_core.errors import MahjongError
from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import Arrangement, ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.notation import check_hand, parse_hand
from mahjong_core.hand.predicates import Predicate
from mahjong_core.hand.tiles import BONUS, GREENS, TERMINALS_AND_HONOURS
from mahjong_core.plugin.binding import bind, installed_predicates
from mahjong_core.rules import available, load_ruleset

#: Every installed ruleset's predicates (loading them all also imports every module that adds a reader).
PREDICATES = installed_predicates()

CLASSICAL = ("harbin", "shanghai", "orsk", "chinese_classical", "european_classical", "traditional",
             "bonus_classical", "piter")
WINDS = ("E", "S", "W", "N")


# ---------------------------------------------------------------- seeded hands of every shape


def _hand(rng: random.Random) -> Hand:
    """A complete hand with its winning tile: plain, one suit, honours, terminals, green, pairs, orphans, gates."""
    style = rng.choice(("any", "any", "suit", "honours", "majors", "green", "pairs", "orphans", "gates", "chows"))
    suit = rng.randrange(3)

    def pick() -> int:
        return {"suit": lambda: suit * 9 + rng.randrange(9), "honours": lambda: 27 + rng.randrange(7),
                "majors": lambda: rng.choice(TERMINALS_AND_HONOURS), "green": lambda: rng.choice(GREENS)
                }.get(style, lambda: rng.randrange(34))()

    while True:
        concealed: list[int] = []
        melds: list[Meld] = []
        if style == "orphans":
            concealed = [*TERMINALS_AND_HONOURS, rng.choice(TERMINALS_AND_HONOURS)]
        elif style == "pairs":
            for kind in rng.sample(range(34), 6):
                concealed += [kind, kind]
            concealed += [concealed[0]] * 2 if rng.random() < 0.3 else [pick()] * 2
        elif style == "gates":
            concealed = [suit * 9 + n for n in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, rng.randrange(9))]
        else:
            for _ in range(4):
                first = pick()
                chow = (style == "chows" or rng.random() < 0.4) and first < 27 and first % 9 < 7
                tiles = (first, first + 1, first + 2) if chow else (first,) * (4 if rng.random() < 0.2 else 3)
                if len(tiles) == 4:
                    exposed = rng.random() < 0.5
                    melds.append(Meld(MeldKind.KONG, tiles, exposed, ClaimedFrom.RIGHT if exposed else None,
                                      exposed and rng.random() < 0.3))
                elif rng.random() < 0.35:
                    kind = MeldKind.CHOW if chow else MeldKind.PUNG
                    melds.append(Meld(kind, tiles, True, ClaimedFrom.LEFT if chow else rng.choice(list(ClaimedFrom))))
                else:
                    concealed += tiles
            pair = pick()
            concealed += [pair, pair]
        every = concealed + [t for m in melds for t in m.tiles]
        if all(every.count(t) <= 4 for t in every):
            break
    winning = rng.choice(concealed)
    concealed.remove(winning)
    flags = {flag for flag in ("self_drawn", "replacement", "robbing_kong", "last_tile", "first_go_around",
                               "first_discard", "calling_from_start", "last_loose_tile") if rng.random() < 0.2}
    bonus = tuple(sorted(rng.sample(BONUS, rng.choice((0, 0, 1, 4, 8)))))
    return Hand(tuple(sorted(concealed)), tuple(melds), bonus, winning, frozenset(flags))


def _loser(hand: Hand, rng: random.Random) -> Hand:
    tiles = sorted((*hand.concealed, hand.winning_tile))
    del tiles[rng.randrange(len(tiles))]
    return Hand(tuple(tiles), hand.melds, hand.bonus)


#: Hands too rare to count on the seeded ones for: every limit and doubling shape the readers answer for.
RARE = ("(1111m) (2222p) (3333s) (4444z) 5z +5z", "111222333444z5m +5m", "111222333z44z567m +4z",
        "1122335566889m +9m", "1122334455667z +7z", "111999m111999p1s +1s", "222333444s666z8s +8s",
        "111234678999m5m +5m", "555666777z222m3m +3m", "111222333555m9m +9m", "123m456p789s5p [777s<] +5p",
        "234m456p678s234s5m +5m", "223344s888s666z6s +6s", "1112345678999m +5m", "19m19p19s1234567z +1m",
        "555666777z123m4p +4p", "555666z7z123m456p +7z", "111m999p111s99m [999s<] +9m",
        "123456789m11p [789m<] +1p", "111222333m11z [444m^] +1z", "(1111z) (2222z) (3333z) 4z55z +4z")


def _cases(n: int, seed: int) -> Iterator[tuple[str, Hand, dict[str, Any]]]:
    """(ruleset id, hand, context) for ``n`` seeded winners, the rare ones, and their losers, checked as the engine
    checks them."""
    rng = random.Random(seed)
    hands = [_hand(rng) for _ in range(n)] + [replace(parse_hand(text), situations=frozenset(flags))
                                              for text in RARE for flags in ((), ("self_drawn",))]
    for i, hand in enumerate(hands):
        ruleset_id = CLASSICAL[i % len(CLASSICAL)]
        tables = classical_tables(load_ruleset(ruleset_id))
        if not tables.copies.get(BONUS[0]):
            hand = replace(hand, bonus=())
        seat, prevalent = rng.choice(WINDS), rng.choice(WINDS)
        for h in (hand, _loser(hand, rng)):
            context = situation_context(h, seat, prevalent, tiles_left=rng.choice((0, 1, 30)))
            yield ruleset_id, *prepare(tables, h, context)[:2]


CASES = list(_cases(600, seed=11))


def _count(fn: Callable[..., Any], *args: Any) -> Any:
    """What ``fn(*args)`` answers, or the error it raises."""
    try:
        return fn(*args)
    except MahjongError as exc:
        return type(exc), exc.message


def _truth(fn: Callable[..., Any], *args: Any) -> Any:
    """Whether the predicate holds, or the error it raises."""
    answer = _count(fn, *args)
    return answer if isinstance(answer, tuple) else bool(answer)


def _shapes(ruleset_id: str, hand: Hand, ctx: dict[str, Any]) -> list[tuple[Arrangement, Shape]]:
    """The arrangements the engine reads for this hand, each with the shape it reads them by."""
    tables = classical_tables(load_ruleset(ruleset_id))
    tiles = hand_tiles(hand)
    if ctx["winner"]:
        return [(a, shape_of(a, ctx, tiles)) for a in arrangements(hand, checked=True)]
    arrangement = loser_arrangement(hand, tables.loser_groups)
    return [(arrangement, loser_shape(hand, tables.loser_groups, tiles))]


# ---------------------------------------------------------------- readers


def test_the_cases_reach_every_form_and_many_readings() -> None:
    forms = {a.form for r, h, c in CASES if c["winner"] for a, _ in _shapes(r, h, c)}
    assert len(forms) == 3
    assert sum(len(arrangements(h)) > 1 for _, h, c in CASES if c["winner"]) > 20


def test_every_reader_stands_for_the_predicate_its_name_resolves_to_and_is_used() -> None:
    """A fast path declared for an object no table resolves to would be silently unused: fail instead."""
    named, used = set(), set()
    for ruleset_id in available():
        ruleset = load_ruleset(ruleset_id)
        if bind(ruleset).family is None or bind(ruleset).family.name != "classical":
            continue
        for table in ruleset.raw_tables.values():
            for row in table.values() if isinstance(table, dict) else ():
                if isinstance(row, dict) and isinstance(row.get("predicate"), str):
                    named.add(bind(ruleset).predicate(row["predicate"]))
        tables = classical_tables(ruleset)
        used |= {row.read for row in (*tables.winner_points, *tables.winner_doublings, *tables.loser_points,
                                      *tables.loser_doublings, *tables.limits)}
        if tables.chavka is not None:
            named.add(bind(ruleset).predicate(ruleset.tables["scoring"]["chavka_hand"]["value"]))
            used.add(tables.chavka.read)
    for predicate in READERS:
        assert predicate in named, f"the reader of {predicate.name} stands for a predicate no classical table names"
    assert used & {reader.read for reader in READERS.values()}, "no compiled row uses a reader"
    for predicate in named & set(READERS):
        row_uses_it = READERS[predicate].read in used
        assert row_uses_it or all(entry.get("value") == 0 for entry in _rows_naming(predicate)), predicate.name


def _rows_naming(predicate: Predicate) -> list[dict[str, Any]]:
    """Every bundled row naming ``predicate`` (a row worth nothing is dropped when the tables compile)."""
    found = []
    for ruleset_id in available():
        ruleset = load_ruleset(ruleset_id)
        for table in ruleset.raw_tables.values():
            for row in table.values() if isinstance(table, dict) else ():
                if isinstance(row, dict) and row.get("predicate") == predicate.name:
                    found.append(row)
    return found


@pytest.mark.parametrize("name", sorted(p.name for p in READERS))
def test_each_reader_answers_as_its_predicate(name: str) -> None:
    reader = READERS[PREDICATES[name]]
    counter = COUNTERS.get(PREDICATES[name])
    held = 0
    engine_facts = set(PREDICATES[name].facts) & VALUE_FACTS  # facts the engine gives limit rows itself
    for ruleset_id, hand, ctx in CASES:
        if engine_facts:  # a few values around what such a row tests for
            ctx = {**ctx, "table_points": 20 + 2 * (len(hand.concealed) % 3), "table_doublings": hand.concealed[0] % 2}
        for arrangement, shape in _shapes(ruleset_id, hand, ctx):
            if reader.arrangement:
                shape.arrangement = arrangement
            if counter is not None:
                assert _count(reader.read, shape, hand, ctx) == _count(counter.fn, arrangement, hand, ctx), \
                    (name, hand, arrangement)
            slow = _truth(PREDICATES[name].fn, arrangement, hand, ctx)
            assert _truth(reader.read, shape, hand, ctx) == slow, (name, hand, arrangement)
            held += slow is True
    assert held, f"{name} never holds in the cases, so they do not test its reader"


def test_a_loser_shape_is_the_shape_of_its_reading() -> None:
    losers = [(h, c) for _, h, c in CASES if not c["winner"]]
    for groups in ({"pung", "pair"}, {"pung"}, {"pair"}, set()):
        for hand, ctx in losers:
            fast = loser_shape(hand, groups, hand_tiles(hand))
            slow = shape_of(loser_arrangement(hand, groups), ctx)
            for field in Shape.__slots__:
                if field in ("arrangement", "tiles"):
                    continue
                a, b = getattr(fast, field), getattr(slow, field)
                assert (sorted(a) if isinstance(a, list) else a) == (sorted(b) if isinstance(b, list) else b), field
            assert (fast.tiles.count, fast.tiles.some, fast.tiles.every) == \
                   (slow.tiles.count, slow.tiles.some, slow.tiles.every)


def test_a_row_whose_predicate_was_replaced_calls_the_new_one(monkeypatch: pytest.MonkeyPatch) -> None:
    fast, needs = row_reader(CORE["pure_suit"], CORE["pure_suit"].fn)
    assert fast is READERS[CORE["pure_suit"]].read and not needs

    def other(arrangement: Arrangement, hand: Hand, ctx: Any) -> bool:
        return arrangement.form.value == "seven_pairs"

    read, needs = row_reader(Predicate("pure_suit", other, "replaced"), other)
    assert needs and read is not READERS[CORE["pure_suit"]].read
    hand = parse_hand("1133m5577p99s11z2z +2z")
    (arrangement, *_) = (a for a in arrangements(hand) if a.form.value == "seven_pairs")
    assert read(shape_of(arrangement, {}), hand, {}) is True


def test_a_loser_row_without_a_reader_reads_the_arrangement(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    def x_two_pairs(arrangement: Arrangement, hand: Hand, ctx: Any) -> bool:
        return sum(m.kind is MeldKind.PAIR for m in arrangement.melds) == 2

    monkeypatch.setitem(harbin_predicates.VOCABULARY._by_name, "x_two_pairs",
                        Predicate("x_two_pairs", x_two_pairs, "a plugin's predicate"))
    body = "doublings:\n  x: {predicate: x_two_pairs, value: 1, applies_to: everyone, assumption: test}\n"
    path = tmp_path / "x_harbin.yaml"
    path.write_text(f"id: x_harbin\nversion: 1.0.0\nname: x\nextends: harbin\n{body}", encoding="utf-8")
    ruleset, harbin = load_ruleset(path), load_ruleset("harbin")
    assert classical_tables(ruleset).loser_arrangement and not classical_tables(harbin).loser_arrangement
    for text, extra in (("222333s44s66s [666p<] 5s", 1), ("222333s44s678s [666p<] 1m", 0)):
        loser = parse_hand(text)
        context = situation_context(loser, "S", "E")
        assert classical_score(ruleset, loser, context).raw["doublings"] == \
            classical_score(harbin, loser, context).raw["doublings"] + extra, text


# ---------------------------------------------------------------- input checks


def _full_check_passes(ruleset_id: str, hand: Any) -> bool:
    try:
        prepare(classical_tables(load_ruleset(ruleset_id)), replace(hand, situations=frozenset()),
                {"winner": False, "seat_wind": 27, "prevalent_wind": 27})
    except MahjongError:
        return False
    return True


def test_a_plainly_valid_hand_passes_the_full_checks() -> None:
    rng = random.Random(5)
    accepted = rejected = 0
    for ruleset_id, hand, _ in CASES:
        tables = classical_tables(load_ruleset(ruleset_id))
        plain = replace(hand, situations=frozenset())
        variants = [plain,
                    replace(plain, concealed=tuple(sorted(plain.concealed + (plain.concealed[0],) * 2))),
                    replace(plain, bonus=tuple(sorted({*plain.bonus, rng.choice(BONUS)}))),
                    replace(plain, melds=(*plain.melds, Meld(MeldKind.KONG, (rng.randrange(34),) * 4)))]
        for variant in variants:
            if plainly_valid(tables, variant):
                accepted += 1
                check_hand(variant)
                assert _full_check_passes(ruleset_id, variant)
            else:
                rejected += 1
    assert accepted > 1000 and rejected > 100


@pytest.mark.parametrize("odd", [
    Hand((1, 2, True)),  # a bool for a tile kind
    Hand([1, 2, 3]),  # type: ignore[arg-type]  # a list for a tuple
    Hand((1, 2, 3), (Meld("pung", (5, 5, 5), True),)),  # type: ignore[arg-type]  # a str for a meld kind
    Hand((1, 2, 3), (Meld(MeldKind.PUNG, (5, 5, 5), 1),)),  # an int for a flag
    Hand((1, 2, 3), (Meld(MeldKind.PUNG, (5, 5, 5), True, 3),)),  # type: ignore[arg-type]  # an int for a seat
    Hand((1, 2, 3), situations=frozenset({"self_drawn"})),
    Hand((3, 2, 1)),
    Hand((1, 2, 33, 34)),
    Hand((1, 2, 3), bonus=(35, 34)),
    Hand((1, 2, 3), (Meld(MeldKind.CHOW, (5, 6, 7), True, ClaimedFrom.ACROSS),)),
    Hand((1, 2, 3), (Meld(MeldKind.PUNG, (5, 5, 5)),)),
    Hand((1, 1, 1, 1), (Meld(MeldKind.PUNG, (1, 1, 1), True),)),
])
def test_anything_unusual_gets_the_full_checks(odd: Hand) -> None:
    assert not plainly_valid(classical_tables(load_ruleset("chinese_classical")), odd)


def test_every_predicate_and_scoring_module_imports_first() -> None:
    """Any of them may be the first a program imports: every ruleset's vocabulary is complete either way."""
    modules = ["mahjong_core.hand.predicates", "mahjong_rulesets.families.classical.predicates",
               "mahjong_rulesets.rulesets.piter.predicates", "mahjong_rulesets.families.hongkong.predicates",
               "mahjong_rulesets.families.mcr.predicates", "mahjong_rulesets.families.classical.scoring",
               "mahjong_rulesets.families.classical.context", "mahjong_rulesets.families.classical.losers",
               "mahjong_rulesets.families.mcr.scoring"]
    counts = set()
    for module in modules:
        done = subprocess.run([sys.executable, "-c", f"import {module}\nfrom mahjong_core.plugin.binding import "
                               "installed_predicates\nprint(len(installed_predicates()))"],
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"import {module} first: {done.stderr[-800:]}"
        counts.add(int(done.stdout))
    assert len(counts) == 1 and counts.pop() > 150
