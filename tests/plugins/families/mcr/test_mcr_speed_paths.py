"""The MCR engine's quick ways give exactly what the plain reading of the rules gives.

The engine divides hands one suit at a time, finds set combinations in
tables, picks the open fan rows with table lookups and takes short ways
through the principles for the usual hands (``mahjong_rulesets.families.mcr.scoring``'s
docstring).  Each test here sets one of those against a plain, slow
version written for the test.  Runs in a few seconds.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from mahjong_rulesets.families.mcr import divide as dv
from mahjong_rulesets.families.mcr import facts
from mahjong_rulesets.families.mcr import scoring as mcr
from mahjong_rulesets.families.mcr.samples import samples

from mahjong_core.hand.notation import format_tiles, parse_hand
from mahjong_core.hand.score import ScoreItem
from mahjong_core.rules import load_ruleset

#: A house rule whose rows take the engine's general ways: third-party predicates, a whole-hand row fed by a
#: per-set predicate, a bonus row that excludes and is excluded, principles on other rows.
HOUSE = """\
id: mcr_speed_paths
version: 1.0.0
name: MCR rows that take the general ways
extends: mcr
scoring:
  non_identical_fans:
    value: [pure_double_chow, double_pung, pure_shifted_chows, dragon_pung, pung_of_terminals_or_honours]
    assumption: "a test"
  account_once_fans:
    value: [pure_double_chow, mixed_double_chow, short_straight, two_terminal_chows, pung_of_terminals_or_honours]
    assumption: "a test"
fans:
  all_chows: {predicate: all_chows, value: 3, per: meld, excludes: [no_honours], assumption: "a test"}
  dragon_pung: {predicate: mcr_dragon_pung, value: 2, per: hand, excludes: [pung_of_terminals_or_honours],
                assumption: "a test"}
  dragons_generic: {predicate: cl_dragon_pong, value: 5, per: match, excludes: [dragon_pung, self_drawn],
                    assumption: "a test"}
  flower_tiles: {predicate: mcr_flower_tiles, value: 1, per: bonus_tile, excludes: [chicken_hand, half_flush],
                 assumption: "a test"}
  bonus_again: {predicate: hk_own_bonus_tile, value: 2, per: bonus_tile, excludes: [flower_tiles],
                assumption: "a test"}
  chicken_hand: {predicate: mcr_chicken_hand, value: 8, per: hand, excludes: [all_simples], assumption: "a test"}
  tile_hog: {predicate: mcr_tile_hog, value: 2, per: match, excludes: [pung_of_terminals_or_honours,
             two_concealed_pungs], assumption: "a test"}
"""


@pytest.fixture(scope="module")
def rulesets(tmp_path_factory: pytest.TempPathFactory) -> list:
    path: Path = tmp_path_factory.mktemp("house") / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return [load_ruleset("mcr"), load_ruleset(path)]


@pytest.fixture(scope="module")
def hands() -> list:
    return samples(21, per_fan=3, random_hands=600)


def _divisions(ruleset, sample):  # type: ignore[no-untyped-def]
    table = mcr.fan_table(ruleset)
    h = facts.hand_facts(sample.hand, facts.situation(sample.hand, sample.context, table.defaults))
    return table, [facts.division_facts(h, form, groups) for form, groups in mcr.divisions(h, table)]


# ------------------------------------------------------------------------------------------- divisions


def _walk(key: bytes, sets: int) -> tuple:
    """Every division of a whole count vector by one walk over the 34 kinds (the engine's former way)."""
    counts = list(key)
    found: list = []
    groups: list = []

    def walk(kind: int, sets_left: int, pair_left: int) -> None:
        while kind < 34 and not counts[kind]:
            kind += 1
        if kind == 34:
            if not sets_left and not pair_left:
                found.append(tuple(groups))
            return
        held = counts[kind]
        for pung in (0, 1):
            for pair in (0, 1) if pair_left else (0,):
                chows = held - 3 * pung - 2 * pair
                if chows < 0 or pung + chows > sets_left:
                    continue
                if chows and not (kind < 27 and kind % 9 <= 6 and counts[kind + 1] >= chows
                                  and counts[kind + 2] >= chows):
                    continue
                added = [(dv.PUNG, kind)] * pung + [(dv.PAIR, kind)] * pair + [(dv.CHOW, kind)] * chows
                groups.extend(added)
                counts[kind] = 0
                if chows:
                    counts[kind + 1] -= chows
                    counts[kind + 2] -= chows
                walk(kind + 1, sets_left - pung - chows, pair_left - pair)
                if chows:
                    counts[kind + 1] += chows
                    counts[kind + 2] += chows
                counts[kind] = held
                del groups[len(groups) - len(added):]

    walk(0, sets, 1)
    return tuple(found)


def _random_keys(rng: random.Random, n: int) -> list[tuple[bytes, int]]:
    keys = []
    for _ in range(n):
        sets = rng.randint(0, 4)
        counts = bytearray(34)
        while sum(counts) < 3 * sets + 1:
            kind = rng.randrange(34) if rng.random() < .3 else 9 * rng.randrange(3) + rng.randrange(9)
            if counts[kind] < 4:
                counts[kind] += 1
        keys.append((bytes(counts), sets))
    return keys


def test_suit_by_suit_divisions_are_the_whole_walk_in_its_order() -> None:
    """Each division, and their order, as one walk over all 34 kinds finds them (a fifth copy included)."""
    checked = 0
    for key, sets in _random_keys(random.Random(5), 1500):
        for tile in range(34):
            full = bytearray(key)
            full[tile] += 1
            assert dv.standard(bytes(full), sets) == _walk(bytes(full), sets)
            checked += bool(_walk(bytes(full), sets))
    assert checked > 200


def test_waits_are_the_tiles_that_complete_the_hand() -> None:
    for key, sets in _random_keys(random.Random(6), 1500):
        for with_pairs in (True, False):
            completing = []
            for tile in range(34):
                full = bytearray(key)
                full[tile] += 1
                if _walk(bytes(full), sets) or (with_pairs and dv.seven_pairs(bytes(full)) is not None):
                    completing.append(tile)
            assert dv.waits(key, sets, with_pairs) == tuple(completing)
            for win in completing:
                full = bytearray(key)
                full[win] += 1
                if _walk(bytes(full), sets):
                    assert dv.only_wait(key, win, sets, with_pairs) == (completing == [win])


def test_cold_per_suit_caches_change_no_score(rulesets: list, hands: list) -> None:
    ruleset = rulesets[0]
    warm = [mcr.score_mcr(ruleset, s.hand, s.context) for s in hands[:300]]
    dv.clear_caches()
    assert [mcr.score_mcr(ruleset, s.hand, s.context) for s in reversed(hands[:300])] == warm[::-1]


# ------------------------------------------------------------------------------------------- facts


def test_tile_facts_read_from_bit_masks(hands: list) -> None:
    for sample in hands:
        h = facts.hand_facts(sample.hand, facts.situation(sample.hand, sample.context))
        tiles = list(sample.hand.all_tiles())
        suited = [t for t in tiles if t < 27]
        assert h.suits == sum({1 << (t // 9) for t in suited})
        assert h.honours == (len(suited) < len(tiles))
        assert h.winds == any(27 <= t <= 30 for t in tiles) and h.dragons == any(t >= 31 for t in tiles)
        assert h.ranks == sum({1 << (t % 9 + 1) for t in suited})
        assert h.all_green == (set(tiles) <= facts.GREEN_TILES)
        assert h.all_reversible == (set(tiles) <= facts.REVERSIBLE_TILES)
        assert h.all_simple == all(t < 27 and 1 <= t % 9 <= 7 for t in tiles)
        assert h.all_terminal == all(t < 27 and t % 9 in (0, 8) for t in tiles)
        assert h.all_terminal_or_honour == all(t >= 27 or t % 9 in (0, 8) for t in tiles)
        assert h.fours == tuple(k for k in range(34) if tiles.count(k) == 4)


def _combinations(sets: list, pair_of, triple_of, quad_of) -> dict:  # type: ignore[no-untyped-def]
    ordered = sorted(sets, key=lambda s: s[1])
    out: dict = {}
    for size in (2, 3, 4):
        for chosen in combinations(ordered, size):
            name = (pair_of, triple_of, quad_of)[size - 2](*(s[1] for s in chosen)) if size < 4 else \
                quad_of([s[1] for s in chosen])
            if name:
                out.setdefault(name, []).append(sum(1 << s[0] for s in chosen))
    return {name: tuple(masks) for name, masks in out.items()}


def test_set_combinations_from_tables_are_every_pair_triple_and_quad() -> None:
    rng = random.Random(7)
    starts = [t for t in range(27) if t % 9 <= 6]
    for _ in range(3000):
        for pool, pairs, triples, pair_of, triple_of, quad_of in (
                (starts, facts._CHOW_PAIRS, facts._chow_triples, facts._chow_pair, facts._chow_triple,
                 facts._chow_quad),
                (range(34), facts._PONG_PAIRS, facts._pong_triples, facts._pong_pair, facts._pong_triple,
                 facts._pong_quad)):
            n = rng.randint(2, 4)
            sets = [(gi, rng.choice(pool)) for gi in rng.sample(range(8), n)]
            quad = facts._chow_quad if pool is starts else facts._pong_quad
            found, gate = facts._combinations(sets, pairs, triples, quad)
            assert found == _combinations(sets, pair_of, triple_of, quad_of)
            assert gate == sum(facts.NEEDS[f"combination_{name}"] for name in found)


# ------------------------------------------------------------------------------------------- rows


def test_open_rows_are_the_gated_rows_in_evaluation_order(rulesets: list, hands: list) -> None:
    for ruleset in rulesets:
        table = mcr.fan_table(ruleset)
        haves = [-1, 0] + [f.have for sample in hands[:400] for f in _divisions(ruleset, sample)[1]]
        for have in haves:
            assert list(table.open_rows(have)) == [c for c in table.compiled if not c.row.needs & ~have]


def _group_text(f, gi: int) -> str:  # type: ignore[no-untyped-def]
    kind, tile = f.groups[gi]
    name = dv.KIND_NAMES[kind] if kind != dv.KONG else "exposed kong" if f.exposed[gi] else "concealed kong"
    tiles = {dv.CHOW: (tile, tile + 1, tile + 2), dv.KNIT: (tile, tile + 3, tile + 6), dv.PUNG: (tile,) * 3,
             dv.KONG: (tile,) * 4, dv.PAIR: (tile,) * 2}.get(kind, (tile,))
    return f"{name} {format_tiles(tiles)}"


def _detail(f, row, masks: list[int]) -> str:  # type: ignore[no-untyped-def]
    if row.per == "bonus_tile":
        return "bonus tiles " + format_tiles(f.h.hand.bonus)
    if row.per == "hand":
        return ""
    return "; ".join(" + ".join(_group_text(f, gi) for gi in range(mask.bit_length()) if mask >> gi & 1)
                     for mask in masks if mask != f.all_mask)


def _plain(table, f) -> tuple:  # type: ignore[no-untyped-def]
    """The principles applied match by match to every open row, as the engine read them before its short ways."""
    items, excluded, seen = [], [], set()
    always, total, bonus, others = 0, 0, 0, 0
    owners: list = []
    scoped: list = []
    used: set = set()
    lots: list[set] = []
    for bit, test, kind, value, amask, smask, combo, last, row in table.open_rows(f.have):
        if last:
            f.counted_others = others
        res = True if test is None else test(f)  # a row its gates decide
        if not res:
            continue
        matches = (f.all_mask,) if kind == mcr.K_HAND or res is True else \
            (f.all_mask,) * int(res) if kind == mcr.K_BONUS else res
        kept = []
        for mask in matches:
            groups = {gi for gi in range(mask.bit_length()) if mask >> gi & 1}
            why = None
            if always & bit:
                why = next(owner.implies for owner_mask, owner in owners if owner_mask & bit)
            else:
                why = next((owner.implies for fans, inside, owner in scoped if fans & bit and not mask & ~inside),
                           None)
            if why is None and combo & mcr.NON_IDENTICAL and any((bit, g) in used for g in groups):
                why = mcr._REFUSED["non_identical"]
            if why is None and combo & mcr.ACCOUNT_ONCE and any(len(lot & groups) > 1 for lot in lots):
                why = mcr._REFUSED["account_once"]
            if why is not None:
                if (row.id, mask, why) not in seen:
                    seen.add((row.id, mask, why))
                    what = _detail(f, row, [mask])
                    excluded.append(ScoreItem(row.id, "fan", value, 1, row.source, f"{what}: {why}" if what else why))
                continue
            if combo & mcr.NON_IDENTICAL:
                used |= {(bit, g) for g in groups}
            if combo & mcr.ACCOUNT_ONCE:
                joined = set(groups).union(*(lot for lot in lots if lot & groups))
                lots = [lot for lot in lots if not lot & groups] + [joined]
            kept.append(mask)
            if amask:
                owners.append((amask, row))
                always |= amask
            if smask:
                scoped.append((smask, mask, row))
        if kept:
            total += value * len(kept)
            if kind == mcr.K_BONUS:
                bonus += value * len(kept)
            else:
                others += len(kept)
            items.append((row, ScoreItem(row.id, "fan", value, len(kept), row.source, _detail(f, row, kept))))
    items.sort(key=lambda pair: (-pair[0].value, pair[0].index))
    return total, bonus, others, [item for _, item in items], excluded


def test_the_short_ways_through_the_principles_match_the_plain_reading(rulesets: list, hands: list) -> None:
    extra = [parse_hand(text) for text in ("123m456m456m5p [123m<] +5p", "123s234s234s345s9p +9p",
                                           "45m [123p<] [678s<] [999m>] 55z +3m 1234f",
                                           "999m123p456p5s EEE +5s !seat_wind_east !prevalent_wind_south")]
    cases = [(s.hand, s.context) for s in hands] + [(hand, {}) for hand in extra]
    compared = 0
    for ruleset in rulesets:
        table = mcr.fan_table(ruleset)
        for hand, context in cases:
            h = facts.hand_facts(hand, facts.situation(hand, context, table.defaults))
            for form, groups in mcr.divisions(h, table):
                t = mcr._evaluate(table, facts.division_facts(h, form, groups))
                expected = _plain(table, facts.division_facts(h, form, groups))
                items = sorted(t.items, key=lambda item: table.rank[item.name]) if t.late else t.items
                assert (t.total, t.bonus, t.fans, items, t.excluded) == expected
                assert mcr._total(table, facts.division_facts(h, form, groups)) == t.total
                compared += 1
    assert compared > 2 * len(cases)


def test_score_items_belong_to_their_own_ruleset(rulesets: list) -> None:
    """Two rulesets with a row of the same name but another value never share that row's items."""
    hand = parse_hand("12367p22z [234m<] [567s<] +8p 12f")
    base, house = rulesets
    for _ in range(2):
        for ruleset, value, source in ((base, 1, "000 line 638"), (house, 1, "assumption: a test")):
            score = mcr.score_mcr(ruleset, hand, {})
            flowers = [item for item in score.items + score.excluded if item.name == "flower_tiles"]
            assert flowers and all(item.value == value and item.source == source for item in flowers)
        chicken = [i for i in mcr.score_mcr(base, hand, {}).items if i.name == "chicken_hand"]
        assert chicken and chicken[0].source == "000 line 600"


def test_the_minimum_figures_are_the_explained_scores(rulesets: list, hands: list) -> None:
    """The figures the game judges the minimum on, reckoned by the fast path alone (``mahjong_minimum_figures``),
    are the explained score's: its points and its points without the flowers, under the rules and under the house
    rule whose bonus rows exclude and are excluded."""
    with_flowers = 0
    for ruleset in rulesets:
        for sample in hands:
            context = dict(sample.context, winner=True)
            figures = mcr.minimum_figures(ruleset, sample.hand, context)
            raw = mcr.score_mcr(ruleset, sample.hand, context).raw
            assert figures == {k: raw[k] for k in ("points", "points_excluding_bonus", "bonus_points")}, sample
            with_flowers += figures["bonus_points"] > 0
    assert with_flowers > 300, with_flowers
    assert mcr.minimum_figures(rulesets[0], hands[0].hand, {**hands[0].context, "winner": False}) is None
