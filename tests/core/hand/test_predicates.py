"""Named predicates on hand-built arrangements."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest
from mahjong_rulesets.hands.predicates import VOCABULARY as CORE

from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.hand.melds import Arrangement, Form, Hand, Meld, MeldKind
from mahjong_core.hand.predicates import Vocabulary
from mahjong_core.hand.tiles import EAST, GREEN, NORTH, RED, SOUTH, WEST, WHITE
from mahjong_core.plugin.binding import bind, installed_predicates
from mahjong_core.rules import load_ruleset

PREDICATES = installed_predicates()

M, P, S = 0, 9, 18  # first index of characters, dots, bamboo
E, SO, W, N = EAST, SOUTH, WEST, NORTH

CTX: dict[str, object] = {
    "seat_wind": SOUTH,
    "prevalent_wind": EAST,
    "self_drawn": False,
    "dealer": False,
    "first_go_around": False,
    "first_discard": False,
    "last_tile": False,
    "tiles_left": 30,
    "replacement": False,
    "robbing_kong": False,
}


def pung(tile: int, exposed: bool = False) -> Meld:
    return Meld(MeldKind.PUNG, (tile,) * 3, exposed=exposed)


def kong(tile: int, exposed: bool = False) -> Meld:
    return Meld(MeldKind.KONG, (tile,) * 4, exposed=exposed)


def chow(first: int, exposed: bool = False) -> Meld:
    return Meld(MeldKind.CHOW, (first, first + 1, first + 2), exposed=exposed)


def pair(tile: int) -> Meld:
    return Meld(MeldKind.PAIR, (tile, tile))


def std(*melds: Meld, winning: int | None = None) -> Arrangement:
    return Arrangement(Form.STANDARD, tuple(melds), winning)


def pairs(*tiles: int) -> Arrangement:
    return Arrangement(Form.SEVEN_PAIRS, tuple(pair(t) for t in tiles))


def hand(arrangement: Arrangement, winning: int | None = None, bonus: tuple[int, ...] = ()) -> Hand:
    tiles = sorted(t for m in arrangement.melds for t in m.tiles)
    if winning is not None:
        tiles.remove(winning)
    return Hand(tuple(tiles), winning_tile=winning, bonus=bonus)


def check(
    name: str, arrangement: Arrangement, winning: int | None = None, bonus: tuple[int, ...] = (), **ctx: object
) -> bool:
    return PREDICATES[name](arrangement, hand(arrangement, winning, bonus), {**CTX, **ctx})


# ---------------------------------------------------------------- registry


#: Where a predicate's definition comes from: a seed's line, or a place in a document a ruleset declares under
#: ``sources:`` (Zung Jung's List of Patterns: "zj_patterns section 4.2.1"), as the rulesets' YAML cites them.
CITED = re.compile(r"\b00[0-3] lines? \d+|\b[a-z][a-z0-9_]* (?:section|page)s? [0-9A-Za-z][0-9A-Za-z.]*")


def test_every_predicate_cites_its_seed_line() -> None:
    for name, pred in PREDICATES.items():
        assert pred.fn.__doc__ and CITED.search(pred.fn.__doc__), name
        assert pred.description, name


def test_every_predicate_a_bundled_table_names_is_registered() -> None:
    named = {
        row["predicate"]
        for ruleset_id in ("harbin", "shanghai", "chinese_classical", "european_classical", "hongkong", "traditional")
        for row in load_ruleset(ruleset_id).table("limit_hands").values()
    }
    assert named <= set(PREDICATES)
    assert {"no_chows", "all_chows", "half_flush", "all_simples", "concealed"} <= set(PREDICATES)


def test_unknown_predicate_lists_known_names() -> None:
    with pytest.raises(RulesetError, match="unknown predicate 'nope' for ruleset harbin; known: .*pure_suit"):
        bind(load_ruleset("harbin")).predicate("nope")
    assert bind(load_ruleset("harbin")).predicate("pure_suit") is CORE["pure_suit"]


def test_a_vocabulary_rejects_a_taken_name_and_an_unknown_fact() -> None:
    def other(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        return True

    vocabulary = Vocabulary()
    vocabulary.predicate("pure_suit", description="x")(other)
    with pytest.raises(RulesetError, match="already defined by"):
        vocabulary.predicate("pure_suit", description="y")(other)
    with pytest.raises(ValueError, match="unknown facts"):
        vocabulary.predicate("new_one", description="x", facts=("moon_phase",))


def test_a_rulesets_own_predicates_reach_only_it_and_its_descendants() -> None:
    assert "beggars_hand" in bind(load_ruleset("shanghai")).predicates  # Harbin's, inherited
    assert "beggars_hand" not in bind(load_ruleset("chinese_classical")).predicates
    assert "pt_dragon_pair" in bind(load_ruleset("piter")).predicates
    assert "pt_dragon_pair" not in bind(load_ruleset("traditional")).predicates  # Piter's own, not its family's
    borrowed = bind(load_ruleset("mcr")).predicate("cl_chow")
    assert borrowed is bind(load_ruleset("harbin")).predicate("cl_chow")  # borrowable


def test_missing_fact_is_named() -> None:
    arrangement = std(pung(M + 1), pung(M + 2), pung(M + 3), pung(M + 4), pair(M + 5))
    with pytest.raises(MahjongError, match="'found_treasure' needs the situation fact.*self_drawn"):
        PREDICATES["found_treasure"](arrangement, hand(arrangement), {})
    with pytest.raises(MahjongError, match="needs the winning tile"):
        PREDICATES["nine_gates"](arrangement, Hand(()), {})


# ---------------------------------------------------------------- situation limits


def test_heavenly_and_earthly() -> None:
    any_hand = std(chow(M), chow(P), chow(S), pung(E), pair(RED))
    assert check("heavenly_hand", any_hand, dealer=True, first_go_around=True, self_drawn=True)
    assert not check("heavenly_hand", any_hand, dealer=True, first_go_around=False, self_drawn=True)
    assert not check("heavenly_hand", any_hand, dealer=True, first_go_around=True, self_drawn=False)
    assert check("earthly_hand", any_hand, first_discard=True)
    assert not check("earthly_hand", any_hand, first_discard=True, dealer=True)
    assert not check("earthly_hand", any_hand, first_discard=False)


def test_moon_and_grapes() -> None:
    moon = std(chow(P), chow(M), chow(S), pung(E), pair(P + 0))
    assert check("moon_from_the_bottom_of_the_sea", moon, winning=P, self_drawn=True, last_tile=True)
    assert not check("moon_from_the_bottom_of_the_sea", moon, winning=P, self_drawn=False, last_tile=True)
    assert not check("moon_from_the_bottom_of_the_sea", moon, winning=P + 1, self_drawn=True, last_tile=True)
    grapes = std(chow(P + 3), chow(M), chow(S), pung(E), pair(W))
    assert check("grapes_on_a_flat_roof", grapes, winning=P + 4, self_drawn=True, tiles_left=1)
    assert check("grapes_on_a_flat_roof", grapes, winning=P + 4, self_drawn=True, tiles_left=0)
    assert not check("grapes_on_a_flat_roof", grapes, winning=P + 4, self_drawn=True, tiles_left=2)
    assert check("grapes_on_a_flat_roof_loose_tile", grapes, winning=P + 4, replacement=True)
    assert not check("grapes_on_a_flat_roof_loose_tile", grapes, winning=P + 4, replacement=False)


def test_scratching_a_carrying_pole() -> None:
    arrangement = std(chow(S), chow(M), chow(P), pung(N), pair(RED))
    assert check("scratching_a_carrying_pole", arrangement, winning=S + 1, robbing_kong=True)
    assert not check("scratching_a_carrying_pole", arrangement, winning=S + 1, robbing_kong=False)
    assert not check("scratching_a_carrying_pole", arrangement, winning=S, robbing_kong=True)


# ---------------------------------------------------------------- special forms


def test_thirteen_orphans() -> None:
    singles = [M, M + 8, P, P + 8, S, S + 8, E, SO, W, N, WHITE, GREEN, RED]
    melds = tuple(Meld(MeldKind.SINGLE, (t,)) for t in singles[1:]) + (pair(singles[0]),)
    orphans = Arrangement(Form.THIRTEEN_ORPHANS, melds)
    assert check("thirteen_orphans", orphans)
    broken = Arrangement(Form.THIRTEEN_ORPHANS, melds[:-1] + (pair(M + 1),))
    assert not check("thirteen_orphans", broken)


def test_seven_pairs_and_heavenly_twins() -> None:
    mixed = pairs(M, M + 3, P + 1, S + 2, E, RED, WHITE)
    assert check("seven_pairs", mixed)
    assert not check("heavenly_twins", mixed)
    assert check("heavenly_twins", pairs(E, SO, W, N, WHITE, GREEN, RED))
    assert check("heavenly_twins", pairs(S, S + 1, S + 2, S + 4, S + 5, S + 6, S + 8))
    assert not check("seven_pairs", std(chow(M), chow(P), chow(S), pung(E), pair(RED)))


# ---------------------------------------------------------------- tile content


def test_all_terminals_and_honours_all_honours_all_terminals() -> None:
    honours_terminals = std(pung(M), pung(P + 8), pung(E), pung(RED), pair(S))
    assert check("all_terminals_and_honours", honours_terminals)
    assert not check("all_honours", honours_terminals)
    assert not check("all_terminals", honours_terminals)
    assert check("all_honours", std(pung(E), pung(SO), pung(WHITE), pung(RED), pair(N)))
    assert check("all_terminals", std(pung(M), pung(M + 8), pung(P), kong(S + 8), pair(S)))
    assert not check("all_terminals_and_honours", std(chow(M), pung(P), pung(E), pung(RED), pair(S)))


def test_pure_suit_and_half_flush() -> None:
    pure = std(chow(P), chow(P + 3), pung(P + 7), pung(P + 6), pair(P + 8))
    assert check("pure_suit", pure)
    assert not check("half_flush", pure)
    half = std(chow(P), chow(P + 3), pung(P + 7), pung(E), pair(RED))
    assert check("half_flush", half)
    assert not check("pure_suit", half)
    assert not check("half_flush", std(pung(E), pung(SO), pung(WHITE), pung(RED), pair(N)))
    assert not check("half_flush", std(chow(P), chow(M), pung(P + 7), pung(E), pair(RED)))


def test_all_green_and_imperial_jade() -> None:
    green_chows = std(chow(S + 1), chow(S + 1), pung(S + 5), pung(GREEN), pair(S + 7))
    assert check("all_green", green_chows)
    assert not check("imperial_jade", green_chows)
    green_pongs = std(pung(S + 1), pung(S + 2), pung(S + 5), pung(GREEN), pair(S + 7))
    assert check("imperial_jade", green_pongs)
    assert not check("all_green", std(chow(S), pung(S + 2), pung(S + 5), pung(GREEN), pair(S + 7)))


# ---------------------------------------------------------------- set content


def test_three_great_scholars_both_readings() -> None:
    loose = std(pung(WHITE), pung(GREEN), kong(RED, exposed=True), chow(M), pair(P + 4))
    assert check("three_great_scholars", loose)
    assert not check("three_great_scholars_one_suit", loose)
    strict = std(pung(WHITE), pung(GREEN), pung(RED), pung(M + 2), pair(M + 4))
    assert check("three_great_scholars_one_suit", strict)
    assert not check("three_great_scholars_one_suit", std(pung(WHITE), pung(GREEN), pung(RED), pung(M + 2), pair(P)))
    assert not check("three_great_scholars", std(pung(WHITE), pung(GREEN), chow(M), chow(P), pair(RED)))


def test_winds() -> None:
    big = std(pung(E), pung(SO), kong(W), pung(N), pair(M + 4))
    assert check("big_four_winds", big)
    assert not check("little_four_winds", big)
    little = std(pung(E), pung(SO), pung(W), chow(M), pair(N))
    assert check("little_four_winds", little)
    assert not check("big_four_winds", little)
    assert not check("little_four_winds", std(pung(E), pung(SO), pung(W), chow(M), pair(RED)))


def test_four_kongs() -> None:
    assert check("four_kongs", std(kong(M), kong(P, exposed=True), kong(S + 3), kong(RED), pair(E)))
    assert not check("four_kongs", std(kong(M), kong(P), kong(S + 3), pung(RED), pair(E)))


@pytest.mark.parametrize(
    ("name", "suit", "dragon"), [("jade_dragon", S, GREEN), ("ruby_dragon", M, RED), ("pearl_dragon", P, WHITE)]
)
def test_gem_dragons(name: str, suit: int, dragon: int) -> None:
    good = std(pung(suit + 1), pung(suit + 4), kong(suit + 8), pung(dragon), pair(suit + 6))
    assert check(name, good)
    wrong_dragon = std(pung(suit + 1), pung(suit + 4), pung(suit + 8), pung(E), pair(suit + 6))
    assert not check(name, wrong_dragon)
    other_suit = (suit + 9) % 27
    assert not check(name, std(pung(suit + 1), pung(other_suit), pung(suit + 8), pung(dragon), pair(suit + 6)))
    assert not check(name, std(chow(suit + 1), pung(suit + 4), pung(suit + 8), pung(dragon), pair(suit + 6)))


def test_nine_gates() -> None:
    # 111 234 567 999 88 dots: before the winning 8 dots the hand held 1112345678999.
    gates = std(pung(P), chow(P + 1), chow(P + 4), pung(P + 8), pair(P + 7), winning=4)
    assert check("nine_gates", gates, winning=P + 7)
    assert not check("nine_gates", gates, winning=P + 1)  # before would be 1113456788999
    exposed = std(pung(P, exposed=True), chow(P + 1), chow(P + 4), pung(P + 8), pair(P + 7), winning=4)
    assert not check("nine_gates", exposed, winning=P + 7)


def test_hiding_snake() -> None:
    snake = std(pung(S), pung(S + 8), chow(S + 1), chow(S + 5), pair(S + 4))
    assert check("hiding_snake", snake)
    assert not check("hiding_snake", std(pung(S), pung(S + 8), chow(S + 1), chow(S + 5), pair(S + 3)))
    assert not check("hiding_snake", std(pung(S), pung(S + 7), chow(S + 1), chow(S + 4), pair(S + 4)))


def test_found_and_hidden_treasure() -> None:
    treasure = std(pung(M + 1), pung(M + 3), kong(M + 5), pung(M + 8), pair(M + 6), winning=3)
    assert check("found_treasure", treasure, self_drawn=True)
    assert not check("found_treasure", treasure, self_drawn=False)
    assert check("hidden_treasure", treasure, self_drawn=True)
    mixed = std(pung(M + 1), pung(P + 3), pung(E), pung(RED), pair(W))
    assert check("hidden_treasure", mixed, self_drawn=True)
    assert not check("found_treasure", mixed, self_drawn=True)
    shown = std(pung(M + 1, exposed=True), pung(P + 3), pung(E), pung(RED), pair(W))
    assert not check("hidden_treasure", shown, self_drawn=True)


# ---------------------------------------------------------------- the beggar's hand


def _harbin_limit(text: str, **ctx: object) -> str | None:
    """The limit Harbin's engine gives a hand: the beggar's hand is read by the hand's value by its tables."""
    from mahjong_core.hand.notation import parse_hand
    from mahjong_core.plugin.scoring import score_hand

    facts = {**CTX, "winner": True, "replacement": False, "last_tile": False, "robbing_kong": False, "tiles_left": 30}
    return score_hand(load_ruleset("harbin"), parse_hand(text), {**facts, **ctx}).limit


@pytest.mark.parametrize(("text", "ctx", "beggar"), [
    ("123m456s678p9m [555p<] +9m", {}, True),  # 000 line 231's example: one exposed simple pung, 20 + 2
    ("123m456s678p123p7z +7z", {}, True),  # chows and a dragon pair: 20 + 2
    ("123m456s678p123p2z +2z", {}, True),  # the seat wind's pair is special too
    ("123m456s678p55p99m +5p", {}, True),  # a pung completed by a discard counts as exposed (000 line 175)
    ("123m456s678p555p9m +9m", {}, False),  # a concealed pung is 4: 24 points
    ("123m456s678p9m [111p<] +9m", {}, False),  # a terminal pung is 4
    ("123m456s678p9m [555p<] +9m", {"self_drawn": True}, False),  # self-drawn doubles
    ("234m456s678p8m [555p<] +8m", {}, False),  # all simples doubles
    ("123m456s678p123p9m +9m", {}, False),  # 20 points is the chavka, not 22
    ("456s678p123p9m [111z<] +9m", {}, False),  # a prevalent wind pung doubles
])
def test_beggars_hand_is_worth_exactly_22_by_the_rulesets_own_tables(text: str, ctx: dict[str, object],
                                                                      beggar: bool) -> None:
    assert (_harbin_limit(text, **ctx) == "beggars_hand") is beggar


def test_beggars_hand_reads_the_value_it_is_given() -> None:
    example = std(pung(P + 4, exposed=True), chow(M), chow(S + 3), chow(P + 5), pair(M + 8))
    assert check("beggars_hand", example, table_points=22, table_doublings=0)
    assert not check("beggars_hand", example, table_points=24, table_doublings=0)
    assert not check("beggars_hand", example, table_points=22, table_doublings=1)
    assert not check("beggars_hand", example, bonus=(34,), table_points=22, table_doublings=0)
    with pytest.raises(MahjongError, match="needs the situation fact.*table_points"):
        check("beggars_hand", example)


# ---------------------------------------------------------------- common shapes


def test_common_shapes() -> None:
    chows = std(chow(M), chow(P + 2), chow(S + 4), chow(S), pair(E))
    assert check("all_chows", chows)
    assert not check("no_chows", chows)
    pongs = std(pung(M), pung(P + 2), kong(S + 4), pung(RED), pair(E))
    assert check("no_chows", pongs)
    assert not check("all_chows", pongs)
    assert not check("no_chows", pairs(M, M + 3, P + 1, S + 2, E, RED, WHITE))
    simple = std(chow(M + 1), chow(P + 2), pung(S + 4), pung(S + 6), pair(M + 7))
    assert check("all_simples", simple)
    assert not check("all_simples", chows)


def test_concealed_needs_self_drawn_and_no_exposed_set() -> None:
    arrangement = std(chow(M), chow(P + 2), pung(S + 4), pung(RED), pair(E), winning=2)
    assert check("concealed", arrangement, self_drawn=True)
    assert not check("concealed", arrangement, self_drawn=False)
    exposed = std(chow(M, exposed=True), chow(P + 2), pung(S + 4), pung(RED), pair(E))
    assert not check("concealed", exposed, self_drawn=True)
