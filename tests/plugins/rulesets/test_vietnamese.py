"""Vietnamese mahjong (``vietnamese``): its 176 tiles (emperors and empresses set aside as flowers, the flower
joker, seven typed jokers three times over), a joker standing only for its own kinds in the hand and in play,
each hand of its Phán table and the payments, a joker declared for Phán instead of played (in the hand's score
and in play), a bad value refused at its line, and seeded games of both bots that win, replay and audit clean.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import joker_declaration
from mahjong_rulesets.rulesets.vietnamese.predicates import (
    ALL_TYPED_JOKERS,
    FLOWER_JOKER,
    GREEN_JOKERS,
    RED_JOKERS,
    TYPED_JOKERS,
    plain,
)

from mahjong_core import check, load_ruleset, load_ruleset_text, simulate
from mahjong_core.conformance.invariants import TileConservation
from mahjong_core.engine.jokers import joker_discard_names
from mahjong_core.engine.players import _WithJokers
from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.hand.jokers import (
    JOKER_TYPES,
    is_complete_with_jokers,
    shanten_with_jokers,
    stand_ins,
    waits_with_jokers,
)
from mahjong_core.hand.notation import format_hand, parse_hand
from mahjong_core.hand.report import analyse
from mahjong_core.hand.situation import win_context
from mahjong_core.hand.tiles import FLOWERS, SEASONS, WINDS
from mahjong_core.log.redaction import HIDDEN, live_event_view
from mahjong_core.plugin import ANY_JOKER, AS_BONUS, Action, Hand, Ruleset, Table, bind
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules.jokers import joker_play
from mahjong_core.table.events import code as code_of
from mahjong_core.table.state import Outcome, Seat

RULESET = "vietnamese"
_KIND = {c + s: i for s, base in (("m", 0), ("p", 9), ("s", 18), ("z", 27)) for c, i in
         zip("123456789", range(base, base + 9), strict=False)}
#: The joker types in the order of the set's codes 1j-7j.
ANY, DOTS, BAMBOO, CHARACTERS, WIND, DRAGON, SUITED = range(7)
#: Every copy of the typed jokers by its code (1j in a rectangle, 1d in a diamond, 1c in a circle), and the green ones.
JOKER_CODES = tuple(f"{n}{frame}" for frame in "jdc" for n in range(1, 8))
GREEN_CODES = tuple(c for c in JOKER_CODES if c[0] in "1234")


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


# ---------------------------------------------------------------- the tiles


def test_the_set_is_176_tiles_with_royals_a_flower_joker_and_seven_typed_jokers_thrice(ruleset: Ruleset) -> None:
    tiles = bind(ruleset).tiles
    assert len(tiles.tiles) == 176
    own = [tiles.code(k) for k in range(42, tiles.size)]
    assert own == ["1e", "2e", "3e", "4e", "1q", "2q", "3q", "4q", "1x", *(f"{n}{frame}" for frame in "jdc"
                                                                         for n in range(1, 8))]
    assert tiles.code(FLOWER_JOKER) == "1x"                                      # what the predicates read
    assert [tiles.code(k) for k in TYPED_JOKERS] == [f"{n}j" for n in range(1, 8)]
    assert [tiles.code(k) for k in ALL_TYPED_JOKERS] == own[9:]
    assert tiles.bonus == frozenset((*FLOWERS, *SEASONS, *range(42, 51)))      # emperors, empresses, flower joker
    copies = tiles.copies()
    assert all(copies[k] == 1 for k in tiles.jokers) and copies[FLOWER_JOKER] == 3   # one copy in each frame
    assert tiles.jokers == frozenset(ALL_TYPED_JOKERS)
    assert [tiles.plain_joker(k) for k in ALL_TYPED_JOKERS] == [*TYPED_JOKERS] * 3
    assert all(copies[k] == 1 for k in range(42, 50))
    assert sum(copies[k] for k in tiles.jokers) + copies[FLOWER_JOKER] == 24


# ---------------------------------------------------------------- typed jokers


def counts(text: str) -> bytes:
    out = bytearray(34)
    for tile in parse_hand(text).concealed:
        out[tile] += 1
    return bytes(out)


def jokers(**held: int) -> tuple[int, ...]:
    names = ("any", "dots", "bamboo", "characters", "wind", "dragon", "suited")
    return tuple(held.get(name, 0) for name in names)


def test_the_jokers_are_typed_as_the_sources_say(ruleset: Ruleset) -> None:
    play = joker_play(ruleset)
    assert play is not None
    rule = play.rule
    stands = [frozenset(k for k in range(34) if mask >> k & 1) for mask in rule.stands_for]
    assert stands[ANY] == frozenset(range(34))
    assert stands[DOTS] == frozenset(range(9, 18)) and stands[BAMBOO] == frozenset(range(18, 27))
    assert stands[CHARACTERS] == frozenset(range(9))
    assert stands[WIND] == frozenset(WINDS) and stands[DRAGON] == frozenset(range(31, 34))
    assert stands[SUITED] == frozenset(range(27))
    assert play.calls and not play.declared_kongs and play.exchange == "none" and play.dead_when_discarded


@pytest.mark.parametrize(("held", "complete"), [
    ({"dots": 1}, True),            # 5p 5p and a dots joker: a pung of 5p
    ({"suited": 1}, True),          # the suited joker stands for any suited tile
    ({"any": 1}, True),             # the General stands for anything
    ({"bamboo": 1}, False),         # a bamboo joker is no 5p
    ({"characters": 1}, False),
    ({"wind": 1}, False),           # nor is a wind joker
    ({"dragon": 1}, False),
])
def test_a_joker_stands_only_for_its_own_kinds(ruleset: Ruleset, held: dict[str, int], complete: bool) -> None:
    rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    hand = counts("123m456m789m57p11z")            # the joker must be 6p: 567p and the pair of East
    assert is_complete_with_jokers(hand, jokers(**held), rule) is complete


def test_a_wind_joker_makes_a_wind_pung_and_a_dragon_joker_does_not(ruleset: Ruleset) -> None:
    rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    assert is_complete_with_jokers(counts("123m456p789s11z55p"), jokers(wind=1), rule)    # 1z 1z and the joker
    assert not is_complete_with_jokers(counts("123m456p789s55z11p"), jokers(wind=1), rule)  # 5z is a dragon
    assert is_complete_with_jokers(counts("123m456p789s55z11p"), jokers(dragon=1), rule)


def test_the_narrowest_joker_is_spent_first(ruleset: Ruleset) -> None:
    """A dots joker and a General: the 5p place comes first, and the General must stay free for the 7s."""
    rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    hand = counts("123m456m789m55p7s")             # 555p with a joker, 77s with the other
    assert is_complete_with_jokers(hand, jokers(dots=1, any=1), rule)
    assert is_complete_with_jokers(hand, jokers(any=1, suited=1), rule)
    assert not is_complete_with_jokers(hand, jokers(dots=2), rule)    # no dots joker is a 7s
    assert shanten_with_jokers(counts("123m456m789m55p"), jokers(dots=2), rule) == 0   # ready: one wait


def test_waits_and_stand_ins_follow_the_types(ruleset: Ruleset) -> None:
    rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    hand = counts("123m456m789m1z")
    assert waits_with_jokers(hand, jokers(dots=3), rule) == (27,)        # the jokers a dots pung: East's pair
    assert waits_with_jokers(hand, jokers(wind=3), rule) == (27, 28, 29, 30)  # a wind pair or a third East
    reading = stand_ins(counts("123m456m789m11z"), jokers(dragon=3), rule)
    assert reading is not None and set(reading[1]) <= {31, 32, 33} and len(reading[1]) == 3


def test_a_seat_holding_typed_jokers_is_scored_as_the_kinds_they_stand_for(ruleset: Ruleset) -> None:
    play = joker_play(ruleset)
    assert play is not None
    seat = Seat(joker_rule=play.rule)
    for tile in parse_hand("123m456m789m11z5p").concealed:
        seat.counts[tile] += 1
    seat.held_jokers = [play.rule.kinds[DOTS], play.rule.kinds[ANY]]   # a dots joker and the General
    hand = seat.to_hand(None)
    assert len(hand.wild) == 2 and all(9 <= k < 18 for k in hand.wild)    # both stand for dots: a pung of 5p
    seat.held_jokers = [play.rule.kinds[WIND], play.rule.kinds[ANY]]
    hand = seat.to_hand(None)                                              # the wind joker: East; the General 5p
    assert sorted(hand.wild) == [13, 27]


def test_the_bots_discard_a_typed_joker_by_its_own_code(tmp_path: Path) -> None:
    played = simulate(load_ruleset(RULESET), 5, 1, ["random"] * 4, tmp_path, max_deals=6)
    assert played[0].replay is not None
    lines = [json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()]
    named = {e["tile"] for e in lines if e["type"] == "decision" and e.get("action") == "discard"
             and e.get("tile") in JOKER_CODES}                         # a copy in any frame, by its own code
    assert len({c[0] for c in named}) >= 5 and {c[1] for c in named} == {"j", "d", "c"}, named


# ---------------------------------------------------------------- Phán and Mủn


def hand(ruleset: Ruleset, text: str, wild: str = "") -> Hand:
    parsed = parse_hand(text, tiles=bind(ruleset).tiles)
    return replace(parsed, wild=tuple(sorted(_KIND[w] for w in wild.split())))


def scored(ruleset: Ruleset, h: Hand, *flags: str, **facts: Any) -> tuple[int, dict[str, int]]:
    facts.setdefault("seat_wind", WINDS[1])
    facts.setdefault("prevalent_wind", WINDS[0])
    score = score_hand(ruleset, h, win_context(flags, facts=facts))
    assert score is not None
    return score.total, {i.name: i.value * i.count for i in score.items if i.kind == "fan"}


@pytest.mark.parametrize(("text", "points", "rows"), [
    ("123m456m789p222s5p 3f +5p", 1, {}),                               # a chicken hand: no Phán, paid 1
    ("123m456m789p234s5p 3f +5p", 1, {"all_chows": 1}),
    ("123m456m789p234s1z +1z", 4, {"all_chows_honour_pair": 3}),
    # South's own flower, emperor and empress, the flower joker: 3 + 2 + 3 Phán, one Mủn
    ("123m456m789p234s1z 2f2e2q1x +1z", 32, {"own_bonus_tile": 3, "flower_joker": 2, "all_chows_honour_pair": 3}),
    ("[222m] 333p444s666m5p 1f +5p", 4, {"all_pungs": 3}),
    ("[222m] 333p444s555z5p 1f +5p", 32, {"all_pungs_honours": 6}),
    ("[111m] 999p333s555s5p 1f +5p", 32, {"terminal_pungs": 6}),         # instead of all triplets
    ("123m345m567m789m5m 1f +5m", 64, {"all_chows": 1, "full_flush": 12}),
    ("123m456m789m234p5p 1f +5p", 96, {"all_chows": 1, "pure_straight": 18}),
    ("[111z] 222z333z555z6z 1f +6z", 160, {"all_pungs_honours": 6, "all_honours": 24}),
    ("19m19p19s1234567z 1f +1z", 64, {"thirteen_orphans": 12}),
    ("555z666z7z123m456p 1f +7z", 32, {"little_three_dragons": 6}),
    ("555z666z777z123m4p 1f +4p", 64, {"big_three_dragons": 12}),
])
def test_each_hand_of_the_table(ruleset: Ruleset, text: str, points: int, rows: dict[str, int]) -> None:
    assert scored(ruleset, hand(ruleset, text)) == (points, rows)


@pytest.mark.parametrize(("text", "points", "rows"), [
    ("123m456m789p234s5p +5p", 64, {"no_bonus_all_chows": 12}),          # instead of all sequences
    ("123m456m789p111p5p +5p", 32, {"no_bonus_no_honours": 6}),
])
def test_no_flowers_and_no_honours_with_a_joker_in_the_hand(ruleset: Ruleset, text: str, points: int,
                                                            rows: dict[str, int]) -> None:
    """With no joker these hands are of no flowers and no leaves (its own rows); a joker standing for a 7p
    leaves them the Phán rows of no flowers (riichi_advanced section Phan)."""
    assert scored(ruleset, hand(ruleset, text, wild="7p")) == (points, rows)
    assert score_hand(ruleset, hand(ruleset, text), win_context((), facts={  # type: ignore[union-attr]
        "seat_wind": WINDS[1], "prevalent_wind": WINDS[0]})).limit.startswith("nfnl")


def paid(ruleset: Ruleset, text: str, how: str) -> dict[int, int]:
    """What each loser pays seat 1 for the hand won ``how`` (seat 2 the discarder on a discard), as the deal's end
    settles it: the settlement's own hook on an outcome carrying the winner's score."""
    from mahjong_rulesets.families.hongkong import settlement

    flags = ("self_drawn",) if how == "self_drawn" else ()
    score = score_hand(ruleset, hand(ruleset, text), win_context(flags, facts={"seat_wind": WINDS[1],
                                                                             "prevalent_wind": WINDS[0]}))
    assert score is not None
    table = Table(players=4)
    outcome = Outcome("win", 1, how, None, 2 if how == "discard" else None, scores={1: score})
    return {p.payer: p.amount for p in settlement.settle(ruleset, table, outcome)}


def test_a_chicken_hand_is_paid_one_by_every_loser_and_one_phan_as_the_table_says(ruleset: Ruleset) -> None:
    chicken = "123m456m789p222s5p 3f +5p"                                 # no Phán
    assert paid(ruleset, chicken, "discard") == {0: 1, 2: 1, 3: 1}          # the discarder no more than the others
    assert paid(ruleset, chicken, "self_drawn") == {0: 1, 2: 1, 3: 1}       # and none double on a self-drawn win
    one = "123m456m789p234s5p 3f +5p"                                     # all sequences: one Phán, also 1 point
    assert paid(ruleset, one, "discard") == {0: 1, 2: 2, 3: 1}
    assert paid(ruleset, one, "self_drawn") == {0: 2, 2: 2, 3: 2}


@pytest.mark.parametrize(("band", "message"), [
    ("{min: 0, max: 0, points: 1, flat: yes please}", "flat is true or false"),
    ("{min: 0, max: 0, points: 1, flat: true, each: 2}", "a fan_points band is {min, max, points}"),
])
def test_a_bad_flat_band_is_refused_at_its_place(band: str, message: str) -> None:
    text = ("id: vietnamese_flat\nversion: 1.0.0\nname: A house rule of the chicken hand\nextends: vietnamese\n"
            f"scoring:\n  fan_points:\n    chicken_hand:\n      value: {band}\n      assumption: a test's\n")
    with pytest.raises(RulesetError, match=message) as error:
        load_ruleset_text(text, "<test>")
    assert "$.scoring.fan_points.chicken_hand.value" in str(error.value)


def test_called_triplets_replace_the_triplets(ruleset: Ruleset) -> None:
    total, items = scored(ruleset, hand(ruleset, "[111m] [222p] [333s] [888m] 5p 1f +5p"))
    assert items == {"all_exposed_pungs": 6} and total == 32          # counted instead of all triplets
    total, items = scored(ruleset, hand(ruleset, "[111m] [222p] [333s] [555z] 5p 1f +5p"))
    assert items == {"all_exposed_pungs_honours": 12} and total == 64


def test_the_big_hands_count_one_mun_more_without_jokers_and_one_more_without_bonus_tiles(ruleset: Ruleset) -> None:
    plain = hand(ruleset, "111z222z333z444z5p +5p")
    total, items = scored(ruleset, plain, "self_drawn")
    assert items["big_four_winds"] == 48 and items["big_four_winds_no_jokers"] == 6
    assert items["big_four_winds_no_bonus"] == 6 and total == 256       # ten Mủn and more paid as eight
    with_joker = hand(ruleset, "111z222z333z444z5p +5p", wild="1z")     # a joker stood for one East
    _, items = scored(ruleset, with_joker, "self_drawn")
    assert "big_four_winds_no_jokers" not in items and items["big_four_winds_no_bonus"] == 6
    _, items = scored(ruleset, hand(ruleset, "111z222z333z44z55p 1f +5p"), "self_drawn")
    assert items["little_four_winds"] == 30 and items["little_four_winds_no_jokers"] == 6
    assert "little_four_winds_no_bonus" not in items
    _, items = scored(ruleset, hand(ruleset, "111m222p333s777p5p 1f +5p"), "self_drawn")  # (no flower: an NFNL hand)
    assert items["four_concealed_pungs"] == 18 and items["four_concealed_pungs_no_jokers"] == 6
    _, items = scored(ruleset, hand(ruleset, "111m222p333s77p55s 1f +7p"))  # a pung completed by a discard
    assert items == {"all_pungs": 3}
    _, items = scored(ruleset, hand(ruleset, "[1111m] [2222p] [3333s] [7777p] 5p 1f +5p"), "self_drawn")
    assert items["four_kongs"] == 24 and items["four_kongs_no_jokers"] == 6


def test_the_blessings(ruleset: Ruleset) -> None:
    text = "123m456m789m234p1z 1f +1z"
    _, items = scored(ruleset, hand(ruleset, text), "self_drawn", "first_go_around", dealer=True, seat_wind=WINDS[0])
    assert items["blessing_of_heaven"] == 12
    _, items = scored(ruleset, hand(ruleset, text), "first_discard", dealer=False)
    assert items["blessing_of_earth"] == 12
    _, items = scored(ruleset, hand(ruleset, text), "self_drawn", "first_go_around", dealer=False)
    assert items["blessing_of_man"] == 12 and "blessing_of_heaven" not in items


def test_the_own_numbered_bonus_tiles_follow_the_seat(ruleset: Ruleset) -> None:
    h = hand(ruleset, "123m456m789m234p1z 1f1e1q2e4q +1z")
    _, east = scored(ruleset, h, seat_wind=WINDS[0])
    _, north = scored(ruleset, h, seat_wind=WINDS[3])
    assert east["own_bonus_tile"] == 3 and north["own_bonus_tile"] == 1


# ---------------------------------------------------------------- a joker declared for Phán


def declared(ruleset: Ruleset, text: str, *codes: str) -> Hand:
    """A hand with the typed jokers ``codes`` declared: set aside among its bonus tiles, as play leaves them."""
    h = hand(ruleset, text)
    kinds = [TYPED_JOKERS[int(c[0]) - 1] for c in codes]
    return replace(h, bonus=tuple(sorted((*h.bonus, *kinds))))


def test_a_declared_joker_is_worth_its_phan_and_ends_the_hand_without_flowers(ruleset: Ruleset) -> None:
    """The same sequences, won by South: with nothing declared and a joker standing for the 7p, no flowers,
    honours or triplets, two Mủn; with the dots joker declared, its Phán, one more for its number (South's), and
    all sequences: 3 Phán, paid 4."""
    text = "123m456m789p234s5p +5p"
    assert scored(ruleset, hand(ruleset, text, wild="7p")) == (64, {"no_bonus_all_chows": 12})
    assert scored(ruleset, declared(ruleset, text, "2j")) == (
        4, {"declared_dots_joker": 1, "declared_joker_own_seat": 1, "all_chows": 1})


@pytest.mark.parametrize(("codes", "seat", "rows"), [
    (("1j",), "E", {"declared_general_joker": 2, "declared_joker_own_seat": 1}),
    (("1j",), "S", {"declared_general_joker": 2}),
    (("3j", "6j"), "W", {"declared_bamboo_joker": 1, "declared_dragons_joker": 1, "declared_joker_own_seat": 2}),
    (("4j", "5j", "7j"), "N", {"declared_characters_joker": 1, "declared_winds_joker": 1,
                               "declared_suits_joker": 2, "declared_joker_own_seat": 2}),
    (("7j",), "E", {"declared_suits_joker": 2}),
])
def test_each_joker_declared_is_priced_by_its_row_and_its_seat(ruleset: Ruleset, codes: tuple[str, ...],
                                                               seat: str, rows: dict[str, int]) -> None:
    wind = WINDS["ESWN".index(seat)]
    _, items = scored(ruleset, declared(ruleset, "123m456m789p222s5p +5p", *codes), seat_wind=wind)
    assert {k: v for k, v in items.items() if k.startswith("declared")} == rows


class _Wall:
    """The little of a wall the declaration reads: the tiles left to draw."""

    def __init__(self, left: int) -> None:
        self.left = left

    def live_count(self) -> int:
        return self.left


def holding(ruleset: Ruleset, *codes: str, left: int = 20) -> Table:
    """A table at seat 0's turn, seat 0 holding the typed jokers ``codes`` among its tiles."""
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    t.wall = _Wall(left)  # type: ignore[assignment]
    s = t.seats[0]
    s.joker_rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    tiles = bind(ruleset).tiles
    s.held_jokers.extend(tiles.kind_of(c) for c in codes)  # type: ignore[misc]
    return t


def test_a_seat_is_offered_one_declaration_per_copy_it_holds_and_one_discard_per_type(ruleset: Ruleset) -> None:
    """A joker's copies in other frames are its own kinds: the seat chooses which copy it lays down (``1d``, not
    only ``1j``), and a discard of a type gives up the plain copy first, else the first frame's held, the log
    naming the copy that left."""
    t = holding(ruleset, "1j", "1d", "1c", "6c")
    offered = joker_declaration.mahjong_turn_actions(ruleset=ruleset, table=t, seat=0)
    assert [code_of(o.tile) for o in offered] == ["1j", "1d", "1c", "6c"]
    assert all(o.way == AS_BONUS for o in offered)
    rule = t.seats[0].joker_rule
    assert [code_of(n) for n in joker_discard_names(rule, t.seats[0].held_jokers)] == ["1j", "6c"]
    assert [code_of(n) for n in joker_discard_names(rule, holding(ruleset, "1c", "1d").seats[0].held_jokers)] == ["1d"]
    assert rule.held(t.seats[0].held_jokers) == (3, 0, 0, 0, 0, 1, 0)  # counted by type, whatever the frame


def test_a_seat_is_offered_one_declaration_per_type_of_joker_it_holds(ruleset: Ruleset) -> None:
    def offered(r: Ruleset, t: Table) -> Any:
        return joker_declaration.mahjong_turn_actions(ruleset=r, table=t, seat=0)

    t = holding(ruleset, "1j", "1j", "6j")
    assert offered(ruleset, t) == [Action("declare_joker", ANY_JOKER + ANY, way=AS_BONUS),
                                   Action("declare_joker", ANY_JOKER + DRAGON, way=AS_BONUS)]
    assert offered(ruleset, holding(ruleset)) is None                 # no joker held
    assert offered(ruleset, holding(ruleset, "1j", left=0)) is None   # no tile left to replace it with
    t.extra[joker_declaration.CLAIMED] = (t.deal_number, 0)            # the turn of a pung: after_claim says yes
    assert offered(ruleset, t)
    no_claim_turn = load_ruleset_text(_DECLARE.replace("after_claim: true", "after_claim: false"), "<test>")
    assert offered(no_claim_turn, t) is None


def test_in_play_a_declared_joker_goes_to_the_bonus_row_and_is_replaced(ruleset: Ruleset, tmp_path: Path) -> None:
    """Random bots declare jokers: each declaration is followed by the core's bonus event for that joker and a
    replacement tile, the games audit clean, and a win counts what its winner declared."""
    (game,) = simulate(ruleset, 3, 1, ["random"] * 4, tmp_path, max_deals=4)
    assert game.replay is not None and check(game.replay).ok
    events = [json.loads(line) for line in game.replay.read_text(encoding="utf-8").splitlines()]
    declarations = [i for i, e in enumerate(events) if e.get("action") == "declare_joker"]
    assert declarations
    for i in declarations:
        decision, bonus, replacement = events[i], events[i + 1], events[i + 2]
        assert decision["way"] == "as_bonus"
        assert (bonus["type"], bonus["seat"], bonus["tile"]) == ("bonus", decision["actor"], decision["tile"])
        assert replacement["type"] == "replacement" and replacement["seat"] == decision["actor"]
    items = [item["name"] for e in events if e["type"] == "score" for item in e["items"]]
    assert any(name.startswith("declared_") for name in items), items


def test_framed_copies_are_dealt_drawn_declared_and_discarded_by_their_own_codes(ruleset: Ruleset,
                                                                                 tmp_path: Path) -> None:
    """The wall holds each joker's three copies, and the log names each copy where it goes: a draw of ``4d``, its
    declaration or discard as ``4d``, its bonus event; the games replay and audit clean, and each copy laid down
    is scored by its joker's row."""
    framed = {f"{n}{f}" for f in "dc" for n in range(1, 8)}
    seen: dict[str, int] = {}
    for seed in (3, 5):
        (game,) = simulate(ruleset, seed, 1, ["random"] * 4, tmp_path / str(seed), max_deals=4)
        assert game.replay is not None and check(game.replay, "audit").ok
        for line in game.replay.read_text(encoding="utf-8").splitlines():
            e = json.loads(line)
            if e.get("tile") in framed:
                key = e["type"] if e["type"] != "decision" else e["action"]
                seen[key] = seen.get(key, 0) + 1
    assert {"declare_joker", "bonus"} <= set(seen) and seen.get("discard", 0) + seen.get("draw", 0), seen
    tiles = bind(ruleset).tiles
    h = hand(ruleset, "123m456m789p234s5p *2c +5p")
    assert h.bonus == (tiles.kind_of("2c"),) and plain(h.bonus[0]) == TYPED_JOKERS[DOTS]
    assert scored(ruleset, h)[1] == {"declared_dots_joker": 1, "declared_joker_own_seat": 1, "all_chows": 1}


def test_a_hand_holds_jokers_of_several_kinds_and_frames_up_to_the_sets_jokers(ruleset: Ruleset) -> None:
    """A hand's jokers held are counted against every joker of the set together (the hand does not say which
    kinds they are), not against one kind's copies: four held, one copy of each kind and frame, are a hand."""
    tiles = bind(ruleset).tiles
    h = parse_hand("123m456m789p5p 1j2d3c4j +5p", tiles=tiles)
    assert h.jokers == 4 and format_hand(h, tiles) == "123456m5789p 1111j +5p"   # a count, written as 1j
    with pytest.raises(MahjongError, match="one 2d too many"):
        parse_hand("123m456m789p5p 2d2d +5p", tiles=tiles)


def test_the_jokers_declared_before_play_are_named_by_their_frames(ruleset: Ruleset) -> None:
    """The fact ``jokers_before_play`` holds each copy's code as its declaration named it (``7d``)."""
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    t.phase = "declarations"
    for tile in ("1c", "7d"):
        joker_declaration.mahjong_event_reactions(ruleset=ruleset, table=t, event={
            "type": "decision", "actor": 2, "phase": "declaration", "action": "declare_joker", "tile": tile,
            "way": "as_bonus"})
    assert joker_declaration.mahjong_win_context(ruleset=ruleset, table=t, seat=2, tile=0, how="self_drawn") == {
        "jokers_before_play": ["1c", "7d"]}


def test_a_declaration_of_a_joker_the_seat_does_not_hold_is_refused_at_its_event(ruleset: Ruleset,
                                                                                  tmp_path: Path) -> None:
    (game,) = simulate(ruleset, 3, 1, ["random"] * 4, tmp_path, max_deals=1)
    assert game.replay is not None
    lines = game.replay.read_text(encoding="utf-8").splitlines()
    n, line = next((n, line) for n, line in enumerate(lines) if '"action":"declare_joker"' in line)
    held = json.loads(line)["tile"]
    other = next(c for c in ("1j", "2j", "3j", "4j", "5j", "6j", "7j") if c != held)
    lines[n] = line.replace(f'"tile":"{held}"', f'"tile":"{other}"')
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(tampered, "audit")
    assert not verdict.ok
    assert f"line {n + 1}" in verdict.text() and "declare_joker" in verdict.text()


# ---------------------------------------------------------------- jokers declared before play, and the pair


BEFORE = "123m456m789p222s5p *17j +5p"      # the General and the suited tiles' joker declared (the notation's *)


def before_play(ruleset: Ruleset, text: str, seat: str, *codes: str) -> dict[str, int]:
    """The declared jokers' rows of ``text`` won by ``seat``, ``codes`` declared before play."""
    _, items = scored(ruleset, hand(ruleset, text), seat_wind=WINDS["ESWN".index(seat)],
                      jokers_before_play=list(codes))
    return {k: v for k, v in items.items() if k.startswith(("declared", "general", "suits"))}


@pytest.mark.parametrize("seat", ["E", "S", "W", "N"])
def test_the_general_and_the_suited_tiles_joker_declared_together_before_play_are_nine_phan(
        ruleset: Ruleset, seat: str) -> None:
    """riichi_advanced section Phan: the two declared together before the game are nine Phán, whatever the seat
    (East's General and North's suited joker count their +1 as their numbers', the others as declared before),
    where their frames differ (a General in a rectangle, 1j, a suited tiles' joker in a diamond, 7d)."""
    rows = before_play(ruleset, TWO_FRAMES, seat, "1j", "7d")
    assert rows["general_and_suits_jokers_before_play"] == 3 and sum(rows.values()) == 9
    assert scored(ruleset, hand(ruleset, TWO_FRAMES), seat_wind=WINDS["ESWN".index(seat)],
                  jokers_before_play=["1j", "7d"])[0] == 32             # one Mủn


#: The General in a rectangle frame and the suited tiles' joker in a diamond frame, declared.
TWO_FRAMES = "123m456m789p222s5p *1j7d +5p"


@pytest.mark.parametrize("seat", ["E", "S", "W", "N"])
@pytest.mark.parametrize(("text", "codes"), [(BEFORE, ("1j", "7j")), ("123m456m789p222s5p *1d7d +5p", ("1d", "7d")),
                                             ("123m456m789p222s5p *1c7c +5p", ("7c", "1c"))])
def test_the_general_and_the_suited_tiles_joker_of_one_frame_before_play_are_twelve_phan(
        ruleset: Ruleset, seat: str, text: str, codes: tuple[str, ...]) -> None:
    """riichi_advanced section Phan: the two declared together before the game, both of one frame (both in a
    rectangle, a diamond or a circle), are twelve Phán instead of nine: two Mủn."""
    rows = before_play(ruleset, text, seat, *codes)
    assert rows["general_and_suits_jokers_one_frame"] == 3 and sum(rows.values()) == 12
    assert scored(ruleset, hand(ruleset, text), seat_wind=WINDS["ESWN".index(seat)],
                  jokers_before_play=list(codes))[0] == 64             # two Mủn


@pytest.mark.parametrize(("text", "codes"), [
    ("123m456m789p222s5p *1d7c +5p", ("1d", "7c")),          # two frames
    ("123m456m789p222s5p *1d7d +5p", ("1d",)),               # the suited tiles' joker declared in play
    ("123m456m789p222s5p *1d7c +5p", ("1c", "7c")),          # a fact naming a copy the hand did not declare
])
def test_two_jokers_of_two_frames_or_one_declared_in_play_are_not_twelve_phan(
        ruleset: Ruleset, text: str, codes: tuple[str, ...]) -> None:
    rows = before_play(ruleset, text, "S", *codes)
    assert "general_and_suits_jokers_one_frame" not in rows


def test_the_pair_is_not_paid_when_either_joker_was_declared_in_play(ruleset: Ruleset) -> None:
    assert before_play(ruleset, BEFORE, "S") == {"declared_general_joker": 2, "declared_suits_joker": 2}
    only_general = before_play(ruleset, BEFORE, "S", "1j")
    assert only_general == {"declared_general_joker": 2, "declared_suits_joker": 2, "general_joker_before_play": 1}
    # a fact naming a joker the hand has not declared pays nothing
    assert "general_joker_before_play" not in before_play(ruleset, "123m456m789p222s5p *7j +5p", "S", "1j", "7j")


@pytest.mark.parametrize(("seat", "codes", "more"), [
    ("E", ("1j",), {}),                                   # East counts the General's +1 as its own number's
    ("S", ("1j",), {"general_joker_before_play": 1}),
    ("N", ("7j",), {}),                                   # North likewise for the suited tiles' joker
    ("W", ("7j",), {"suits_joker_before_play": 1}),
    ("W", ("2j",), {}),                                   # the additional rule names only those two
])
def test_a_general_or_suited_joker_declared_before_play_has_its_seats_phan_for_any_seat(
        ruleset: Ruleset, seat: str, codes: tuple[str, ...], more: dict[str, int]) -> None:
    text = f"123m456m789p222s5p *{''.join(c[0] for c in codes)}j +5p"
    rows = before_play(ruleset, text, seat, *codes)
    assert {k: v for k, v in rows.items() if "before_play" in k} == more


def test_the_notation_writes_a_declared_joker_and_refuses_a_bad_one_at_its_place(ruleset: Ruleset) -> None:
    tiles = bind(ruleset).tiles
    h = parse_hand("123m456m789p234s5p 1j 3f *72j +5p", tiles=tiles)
    assert h.bonus == tuple(sorted((FLOWERS[2], TYPED_JOKERS[1], TYPED_JOKERS[6]))) and h.jokers == 1
    assert format_hand(h, tiles) == "123456m5789p234s 3f1j *27j +5p"
    assert parse_hand(format_hand(h, tiles), tiles=tiles) == h
    for text, place, message in [
        ("123m456m789p234s5p *5p +5p", "char 21", "only a joker is declared with '*', got 5p"),
        ("123m456m789p234s5p * +5p", "char 21", "expected a joker after '*'"),
        ("123m456m789p234s5p *2j2j +5p", "char 23", "one 2j too many"),     # one copy in each frame
        ("123m*2j", "char 5", "a space before '*'"),
    ]:
        with pytest.raises(MahjongError, match=place) as info:
            parse_hand(text, tiles=tiles)
        assert message in str(info.value)
    with pytest.raises(MahjongError, match="char 20: a declared joker .* is read in a tile set with jokers"):
        parse_hand("123m456m789p234s5p *2j +5p")


def test_the_jokers_declared_before_play_are_the_winners_fact_for_that_deal_only(ruleset: Ruleset) -> None:
    t = holding(ruleset, "1j", "7j")
    react = joker_declaration.mahjong_event_reactions
    t.phase = "declarations"
    for code in ("1j", "7j"):
        react(ruleset=ruleset, table=t, event={"type": "decision", "actor": 0, "action": "declare_joker",
                                               "tile": code, "phase": "declaration"})
    t.phase = "turns"
    react(ruleset=ruleset, table=t, event={"type": "decision", "actor": 0, "action": "declare_joker", "tile": "2j",
                                           "phase": "turn"})             # in play: no fact
    facts = joker_declaration.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=0, how="discard")
    assert facts == {"jokers_before_play": ["1j", "7j"]}
    assert joker_declaration.mahjong_win_context(ruleset=ruleset, table=t, seat=1, tile=0, how="discard") == {
        "jokers_before_play": []}
    t.deal_number += 1                                                   # the game's next deal
    assert joker_declaration.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=0, how="discard") == {
        "jokers_before_play": []}


def test_before_play_each_seat_is_offered_its_jokers_only_where_the_rule_says(ruleset: Ruleset) -> None:
    t = holding(ruleset, "1j", "6j")
    offered = joker_declaration.mahjong_deal_declarations(ruleset=ruleset, table=t, seat=0)
    assert offered == [Action("declare_joker", ANY_JOKER + ANY, way=AS_BONUS),
                       Action("declare_joker", ANY_JOKER + DRAGON, way=AS_BONUS)]
    assert joker_declaration.mahjong_deal_declarations(ruleset=ruleset, table=holding(ruleset), seat=0) is None
    off = load_ruleset_text(_DECLARE.replace("before_play: true", "before_play: false"), "<test>")
    assert joker_declaration.mahjong_deal_declarations(ruleset=off, table=t, seat=0) is None


def _game(ruleset: Ruleset, tmp_path: Path, seed: int = 1) -> tuple[Path, list[dict[str, Any]]]:
    (game,) = simulate(ruleset, seed, 1, ["random"] * 4, tmp_path, max_deals=4)
    assert game.replay is not None
    return game.replay, [json.loads(line) for line in game.replay.read_text(encoding="utf-8").splitlines()]


def test_in_play_jokers_are_laid_down_before_the_first_discard_and_scored(ruleset: Ruleset, tmp_path: Path) -> None:
    """Random bots lay jokers down before play: each a decision of the declarations phase, the core's bonus event
    and a replacement, all before the deal's first discard; the games audit clean, and a winner who declared the
    General before play off the East seat is paid its Phán more (seed 13: the first whose four deals hold such a
    winner since flowers are kept in the hand and set aside by choice)."""
    replay, events = _game(ruleset, tmp_path, 13)
    assert check(replay).ok
    before = [i for i, e in enumerate(events) if e.get("action") == "declare_joker" and e["phase"] == "declaration"]
    assert before
    for i in before:
        decision, bonus, replacement = events[i], events[i + 1], events[i + 2]
        assert (bonus["type"], bonus["seat"], bonus["tile"]) == ("bonus", decision["actor"], decision["tile"])
        assert replacement["type"] == "replacement" and replacement["seat"] == decision["actor"]
        start = max(j for j in range(i) if events[j]["type"] == "deal_start")
        assert not any(e.get("action") == "discard" for e in events[start:i])
    items = [item["name"] for e in events if e["type"] == "score" for item in e["items"]]
    assert "general_joker_before_play" in items


def test_a_tampered_declaration_before_play_is_named_at_its_line(ruleset: Ruleset, tmp_path: Path) -> None:
    replay, events = _game(ruleset, tmp_path)
    lines = replay.read_text(encoding="utf-8").splitlines()
    n = next(n for n, e in enumerate(events) if e.get("action") == "declare_joker" and e["phase"] == "declaration")
    held = events[n]["tile"]
    other = next(c for c in ("1j", "2j", "3j", "4j", "5j", "6j", "7j") if c != held)
    lines[n] = lines[n].replace(f'"tile":"{held}"', f'"tile":"{other}"')
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(tampered, "audit")
    assert not verdict.ok
    assert f"line {n + 1}" in verdict.text() and "declare_joker" in verdict.text()


def test_a_declaration_before_play_is_public_and_the_hand_is_not(ruleset: Ruleset, tmp_path: Path) -> None:
    """Another seat learns the joker from the bonus event, as it would a flower, and nothing of the hand: neither
    the dealt tiles, nor the declarer's choices, nor the replacement tile."""
    _, events = _game(ruleset, tmp_path)
    n = next(n for n, e in enumerate(events) if e.get("action") == "declare_joker" and e["phase"] == "declaration")
    seat = events[n]["actor"]
    other = (seat + 1) % 4
    assert live_event_view(events[n], other) is None                     # a declaration's offer says nothing
    assert live_event_view(events[n + 1], other) == events[n + 1]        # the joker laid down, face up
    assert live_event_view(events[n + 2], other)["tile"] != events[n + 2]["tile"]   # the replacement, hidden
    dealt = next(e for e in reversed(events[:n]) if e["type"] == "hands")
    assert set(live_event_view(dealt, other)["hands"][seat]) == {HIDDEN}


def test_the_greedy_bot_declares_a_joker_that_does_not_help_its_hand_and_keeps_one_that_does(
        ruleset: Ruleset) -> None:
    """Before play, holding 123m 456m 789p 23s 5p: a dragons joker stands for nothing the hand needs, and is
    declared (its Phán for nothing); a dots joker pairs the 5p (ready), and is kept."""
    rule = joker_play(ruleset).rule
    assert rule is not None
    counts = [0] * 34
    for code in ("1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2s", "3s", "5p"):
        counts[_KIND[code]] += 1
    for joker, declared_ in ((DRAGON, True), (DOTS, False)):
        weighing = _WithJokers(counts, rule.held([TYPED_JOKERS[joker]]), rule)
        offer = Action("declare_joker", ANY_JOKER + joker, way=AS_BONUS)
        assert weighing.declaration([offer, Action("pass")], None) == (offer if declared_ else None)


def test_greedy_bots_declare_jokers_in_play_and_before_it(ruleset: Ruleset, tmp_path: Path) -> None:
    played = simulate(ruleset, 7, 1, ["greedy"] * 4, tmp_path, max_deals=8)
    events = [json.loads(line) for game in played if game.replay is not None
              for line in game.replay.read_text(encoding="utf-8").splitlines()]
    phases = {e["phase"] for e in events if e.get("action") == "declare_joker"}
    assert phases == {"turn", "declaration"}
    items = [item["name"] for e in events if e["type"] == "score" for item in e["items"]]
    assert any(name.startswith("declared_") for name in items)


_DECLARE = """id: vietnamese_declaring
version: 1.0.0
name: A house rule over the Vietnamese declaration
extends: vietnamese
parameters:
  joker_declaration:
    value: {after_claim: true, before_play: true}
    assumption: "a test's house rule"
"""


@pytest.mark.parametrize(("old", "new", "message"), [
    ("after_claim: true,", "after_claim: yes please,", "'yes please' is not of type 'boolean'"),
    ("{after_claim: true, before_play: true}", "{}", "'after_claim' is a required property"),
    ("{after_claim: true, before_play: true}", "{after_claim: true}", "'before_play' is a required property"),
    ("    assumption: \"a test's house rule\"\n",
     "    assumption: \"a test's house rule\"\n  jokers:\n    value: {played: false}\n    assumption: \"none held\"\n",
     "the ruleset's jokers are not played"),
])
def test_a_bad_declaration_value_is_refused_at_its_line(old: str, new: str, message: str) -> None:
    with pytest.raises(RulesetError, match=r"<test>::\$\.parameters\.j") as info:
        load_ruleset_text(_DECLARE.replace(old, new), "<test>")
    assert message in str(info.value) and "line " in str(info.value)


# ---------------------------------------------------------------- data


_HOUSE = """id: vietnamese_house
version: 1.0.0
name: A house rule over the Vietnamese tables
extends: vietnamese
parameters:
  jokers:
    value:
      played: true
      in: [pungs, pairs, chows]
      dead_when_discarded: true
      exchange: none
      declared_kongs: false
      stands_for:
        1j: [any]
        2j: [dots]
        3j: [bamboo]
        4j: [characters]
        5j: [winds]
        6j: [dragons]
        7j: [suits]
    assumption: "a test's house rule"
  bonus_kept:
    value: {after_claim: false, before_play: true, won_on_discarded: false}
    assumption: "a test's house rule: no joker is named to take a discarded flower as"
"""


def test_the_house_rule_of_the_same_jokers_loads() -> None:
    assert load_ruleset_text(_HOUSE, "<test>").id == "vietnamese_house"


@pytest.mark.parametrize(("old", "new", "message"), [
    ("7j: [suits]", "7j: [dragon]", "7j stands for 'dragon', which is no playing group"),
    ("7j: [suits]", "7j: [dots, 1z]", "5j and 7j stand for kinds that overlap"),
    ("        7j: [suits]\n", "", "does not say what 7j stands for"),
    ("7j: [suits]", "7j: [suits]\n        8j: [5p]", "'8j', which is no joker kind"),
    ("declared_kongs: false", "declared_kongs: true", "typed jokers (stands_for) go into no kong declared in the"),
])
def test_a_bad_joker_value_is_refused_at_its_line(old: str, new: str, message: str) -> None:
    place = r"<test>::\$\.parameters\.jokers\.value\.(stands_for|declared_kongs) \(line \d+"
    with pytest.raises(RulesetError, match=place) as info:
        load_ruleset_text(_HOUSE.replace(old, new), "<test>")
    assert message in str(info.value)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("7j: [suits]", "7j: [suits]\n        7d: [suits]", "'7d' does not match"),   # a copy is not typed
    ("      stands_for:\n" + "".join(f"        {n}j: [{k}]\n" for n, k in enumerate(
        ("any", "dots", "bamboo", "characters", "winds", "dragons", "suits"), start=1)), "",
     "which the engine plays only with typed jokers"),                                         # frames untyped
])
def test_a_frame_the_jokers_cannot_play_is_refused_at_its_line(old: str, new: str, message: str) -> None:
    """A framed copy (``7d``) stands for what its plain kind does, so ``stands_for`` does not name it; and the
    frames are played with typed jokers only."""
    assert old in _HOUSE
    with pytest.raises(RulesetError, match=r"<test>::\$\.parameters\.jokers\.value") as info:
        load_ruleset_text(_HOUSE.replace(old, new), "<test>")
    assert message in str(info.value)


# ---------------------------------------------------------------- jokers in claimed sets


def test_a_claim_takes_only_jokers_that_stand_for_the_kinds_it_fills(ruleset: Ruleset) -> None:
    """riichi_advanced section Calls: no joker restrictions on calls.  Holding 4s 5s, the General, a bamboo joker and
    a dots joker, a discarded 5s may be punged or konged with the General or the bamboo joker, never the dots joker;
    a chow takes one joker standing for the place it fills."""
    from mahjong_core.engine.jokers import typed_claim_shapes, used_in_meld

    seat = Seat()
    seat.joker_rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    for code in ("4s", "5s", "9m", "9m"):
        seat.counts[_KIND[code]] += 1
    seat.held_jokers.extend(TYPED_JOKERS[t] for t in (ANY, BAMBOO, DOTS))
    five, four = _KIND["5s"], _KIND["4s"]
    g, b = ANY_JOKER + ANY, ANY_JOKER + BAMBOO
    offered = {(o.kind, o.tiles) for o in typed_claim_shapes(seat, five)}
    assert offered == {("kong", (five, g, b)), ("pung", (five, g)), ("pung", (five, b)), ("pung", (g, b)),
                       ("chow", (four, g)), ("chow", (four, b)),             # the joker is 6s
                       ("chow", (g, four)), ("chow", (b, four))}             # the joker is 3s
    assert not any(ANY_JOKER + DOTS in tiles for _, tiles in offered)
    # no 5p held, no run: only a pung of two jokers, the General and the dots joker (not the bamboo one)
    assert {(o.kind, o.tiles) for o in typed_claim_shapes(seat, _KIND["5p"])} == {("pung", (g, ANY_JOKER + DOTS))}
    natural, stands = used_in_meld(seat, (four, b), five)                   # the bamboo joker is 6s in 4s 5s 6s
    assert (natural, stands) == ((four,), (_KIND["6s"],))
    assert sorted(seat.held_jokers) == sorted(TYPED_JOKERS[t] for t in (ANY, DOTS))


def test_the_golden_game_claims_with_typed_jokers_and_the_log_names_each(ruleset: Ruleset) -> None:
    """The golden replay holds claims with jokers: each names the joker tiles that went in, and each of them stands
    for the kind it took (its type's kinds hold it)."""
    rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    log = Path(__file__).parents[3] / "replays" / "vietnamese-seed20261130.jsonl"
    claims = [e for e in map(json.loads, log.read_text(encoding="utf-8").splitlines())
              if e.get("type") == "claim" and e.get("jokers")]
    assert claims and {e["kind"] for e in claims} >= {"pung", "chow"}
    for e in claims:
        assert len(e["joker_tiles"]) == len(e["jokers"])
        for joker, kind in zip(e["joker_tiles"], e["jokers"], strict=True):
            assert rule.stands_for[int(joker[0]) - 1] >> _KIND[kind] & 1, e


def test_a_claim_naming_a_joker_that_cannot_stand_there_is_named_at_its_line(tmp_path: Path) -> None:
    """The golden game's first pung with a suit's joker, by the random bot's seat written as a person's (whose
    decisions the audit judges by the rules instead of re-playing a bot), tampered to name the joker of another
    suit, which does not stand for the kind (a bamboo joker in a pung of characters): the audit names that line
    and what was legal."""
    log = Path(__file__).parents[3] / "replays" / "vietnamese-seed20261130.jsonl"
    lines = log.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace('"kind":"random"', '"kind":"human"')
    suits = {"2": "p", "3": "s", "4": "m"}                   # the jokers of dots, bamboo, characters, any frame
    n, joker = next((n, joker) for n, line in enumerate(lines) for joker in JOKER_CODES
                    if joker[0] in suits and '"phase":"claim"' in line and '"action":"pung"' in line
                    and '"actor":1' in line and f'"{joker}"' in line)
    tile = json.loads(lines[n])["tile"]
    assert tile[1] == suits[joker[0]]                                    # a suit's joker in a pung of its suit
    other = next(number for number, suit in suits.items() if suit != tile[1]) + joker[1]   # another suit's
    lines[n] = lines[n].replace(f'"{joker}"', f'"{other}"')
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(tampered, "audit")
    assert not verdict.ok and f"line {n + 1}" in verdict.text()
    assert "is not legal here" in verdict.text() and f"+{other}" in verdict.text() and f"+{joker}" in verdict.text()


# ---------------------------------------------------------------- the win by discarding green jokers


def test_three_green_jokers_discarded_win_one_mun_and_five_two_whatever_the_hand(ruleset: Ruleset) -> None:
    h = hand(ruleset, "123m456m789p23s5p 3f")                           # thirteen tiles: no hand of sets at all
    for count, points, row in ((3, 32, "green_jokers_three"), (4, 32, "green_jokers_three"),
                               (5, 64, "green_jokers_five"), (7, 64, "green_jokers_five")):
        score = score_hand(ruleset, h, win_context(("self_drawn",), facts={
            "seat_wind": WINDS[1], "prevalent_wind": WINDS[0], "bonus_win": True, "green_jokers_discarded": count}))
        assert score is not None and (score.total, score.limit) == (points, row)
    table = Table(players=4)
    outcome = Outcome("win", 1, "self_drawn", None, None, scores={1: score})  # type: ignore[possibly-undefined]
    from mahjong_rulesets.families.hongkong import settlement

    assert {p.payer: p.amount for p in settlement.settle(ruleset, table, outcome)} == {0: 128, 2: 128, 3: 128}


class GreenDiscarder:
    """Seat 0's player: discards every green joker it holds (and no red one), declares none, and takes every win
    offered; a greedy bot plays everything else."""

    kind = "green"

    def __init__(self, seed: int, spoil: bool = False) -> None:
        from mahjong_core.engine.players import make_bots

        self.bot = make_bots(["greedy"], seed)[0]
        self.name = "green-0"
        self.spoil = spoil  # discard the red jokers too, which spoils the win

    def choose(self, table: Table, seat: int, options: Any, phase: str) -> Action:
        win = next((o for o in options if o.kind == "win"), None)
        if win is not None:
            return win
        types = (ANY, DOTS, BAMBOO, CHARACTERS, *((WIND, DRAGON, SUITED) if self.spoil else ()))
        wanted = {ANY_JOKER + JOKER_TYPES * frame + t for frame in range(3) for t in types}  # a copy in any frame
        if phase in ("turn", "declaration"):
            jokers = [o for o in options if o.kind == "discard" and o.tile in wanted]
            if self.spoil:  # a red one first, so that green ones follow it
                jokers.sort(key=lambda o: (o.tile - ANY_JOKER) % JOKER_TYPES < WIND)
            if jokers:
                return jokers[0]
            options = [o for o in options if o.kind != "declare_joker"] or options
        return self.bot.choose(table, seat, options, phase)


def _green_games(ruleset: Ruleset, spoil: bool) -> list[dict[str, Any]]:
    from mahjong_core.engine.game import Game
    from mahjong_core.engine.players import make_bots

    events: list[dict[str, Any]] = []

    class Watch:
        def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
            events.append(dict(event, discards=[list(s.discards) for s in table.seats]))

    for seed in range(10):  # random bots at the other seats: seldom ready, they leave seat 0 its green wins
        players = [GreenDiscarder(seed, spoil), *make_bots(["random"] * 4, seed)[1:]]
        conserved = TileConservation()  # every tile in its place after every event: the jokers claimed and won on
        Game(ruleset, players, seed, observers=(Watch(), conserved), max_deals=3).play()  # type: ignore[arg-type]
        assert conserved.checked
    return events


def _green_wins(events: list[dict[str, Any]]) -> list[int]:
    """The wins made by discarding green jokers: a mahjong right after its seat's own decision in the claim
    window (a self-drawn win on a joker drawn is no such win)."""
    return [i for i, e in enumerate(events) if e["type"] == "mahjong" and e["tile"] in GREEN_CODES
            and e["how"] == "self_drawn" and events[i - 1]["type"] == "decision" and events[i - 1]["phase"] == "claim"
            and events[i - 1]["actor"] == e["seat"]]


def test_in_play_a_third_green_joker_claimed_by_no_one_wins_for_its_discarder_as_self_drawn(
        ruleset: Ruleset) -> None:
    events = _green_games(ruleset, spoil=False)
    greens = GREEN_JOKERS                                                # every frame's copies
    wins = _green_wins(events)
    assert any(events[i]["seat"] == 0 for i in wins), "seat 0 never won by discarding green jokers"
    for i in wins:
        win, decision = events[i], events[i - 1]
        assert (win["how"], win["discarder"]) == ("self_drawn", None)
        seat = win["seat"]                        # seat 0 mostly; a random bot too, discarding its jokers at random
        assert (decision["type"], decision["actor"], decision["phase"], decision["action"]) == \
            ("decision", seat, "claim", "win")
        assert sum(1 for tile in win["discards"][seat] if tile in greens) >= 3
        score = next(e for e in events[i:] if e["type"] == "score" and e["seat"] == seat)
        assert score["limit"] in ("green_jokers_three", "green_jokers_five")
        settlement = next(e for e in events[i:] if e["type"] == "settlement")
        assert {p[0] for p in settlement["payments"]} == {0, 1, 2, 3} - {seat}
        assert all(p[2] == 2 * score["value"] for p in settlement["payments"])   # every loser pays double


def test_a_game_won_by_discarding_green_jokers_audits_clean_and_a_forged_win_is_named(
        ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 0 written as a person (its decisions repeated by the audit), the others random bots re-played."""
    from mahjong_core.engine import players as bots
    from mahjong_core.log import simulate as simulating

    def seated(kinds: Any, seed: Any) -> list[Any]:
        green = GreenDiscarder(int(seed) % 1000)
        green.kind = "human"
        return [green, *bots.make_bots(["random"] * 4, seed)[1:]]

    monkeypatch.setattr(simulating, "make_bots", seated)
    for seed in range(1, 30):  # the first seeded game in which seat 0 wins so
        (game,) = simulate(ruleset, seed, 1, ["random"] * 4, tmp_path / str(seed), max_deals=3)
        assert game.replay is not None
        lines = game.replay.read_text(encoding="utf-8").splitlines()
        won = [n for n, line in enumerate(lines) if '"type":"mahjong"' in line and '"how":"self_drawn"' in line
               and any(f'"tile":"{c}"' in line for c in GREEN_CODES)]
        if won:
            break
    assert won and check(game.replay, "audit").ok
    # The win's decision naming another joker than the one discarded is named at its line.
    n = won[0] - 1
    decision = json.loads(lines[n])
    assert (decision["phase"], decision["action"]) == ("claim", "win")
    other = next(c for c in GREEN_CODES if c != decision["tile"])
    lines[n] = lines[n].replace(f'"tile":"{decision["tile"]}"', f'"tile":"{other}"')
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(forged, "audit")
    assert not verdict.ok and f"line {n + 1}" in verdict.text()


def test_a_red_joker_discarded_spoils_the_green_jokers_win(ruleset: Ruleset) -> None:
    """Seat 0 discards its red jokers too: where one lies among its discards, a third or later green joker claimed
    by no one offers it no win; the wins it made had no red joker among its discards."""
    events = _green_games(ruleset, spoil=True)
    greens, reds = GREEN_JOKERS, RED_JOKERS - {FLOWER_JOKER}           # every frame's copies
    spoiled = 0
    for i, e in enumerate(events[:-1]):
        if e["type"] == "decision" and e["actor"] == 0 and e["phase"] == "turn" and e.get("tile") in \
                GREEN_CODES:
            after = events[i + 1]["discards"][0]                        # the discards once this one is made
            if any(t in reds for t in after) and sum(t in greens for t in after) >= 3:
                spoiled += 1
                nxt = events[i + 1]
                assert not (nxt["type"] == "decision" and nxt["actor"] == 0 and nxt["phase"] == "claim")
    assert spoiled                                                   # green jokers went after a red one
    for i in _green_wins(events):
        assert not any(t in reds for t in events[i]["discards"][events[i]["seat"]])


# ---------------------------------------------------------------- a discarded joker won on as a General


def test_a_seat_ready_to_win_takes_a_discarded_joker_as_a_general_for_one_mun_more(ruleset: Ruleset) -> None:
    """riichi_advanced section Calls: a discarded joker is a General joker to anyone ready to win, and to win only;
    section Phan: the NFNL deal-in, one Mủn.  Seat 0 discards its green jokers (and the random bots theirs): other
    seats win on them."""
    events = _green_games(ruleset, spoil=False)
    deal_ins = [i for i, e in enumerate(events) if e["type"] == "mahjong" and e["how"] == "discard"
                and e["tile"] in JOKER_CODES]
    assert deal_ins, "no seat won on a discarded joker"
    for i in deal_ins:
        win, decision = events[i], events[i - 1]
        assert win["as_joker"] == "1j" and win["discarder"] != win["seat"]
        discarded = events[i - 2]                               # the joker's discard, then the winner's claim
        assert (discarded["actor"], discarded["action"], discarded["tile"]) == (win["discarder"], "discard",
                                                                                 win["tile"])
        assert (decision["actor"], decision["phase"], decision["action"], decision["tile"]) == \
            (win["seat"], "claim", "win", win["tile"])
        score = next(e for e in events[i:] if e["type"] == "score" and e["seat"] == win["seat"])
        assert any(item["name"] == "nfnl_deal_in" for item in score["items"]), score
    # a joker is claimed for nothing else: no pung, kong or chow takes a discarded joker
    assert not any(e["type"] == "claim" and e["tile"] in JOKER_CODES for e in events)


def test_the_win_on_a_discarded_joker_is_one_mun_more(ruleset: Ruleset) -> None:
    h = hand(ruleset, "123m456m789p234s5p 3f +5p")                      # all sequences: one Phán
    assert scored(ruleset, h, won_on_discarded_joker=True) == (32, {"all_chows": 1, "nfnl_deal_in": 6})
    assert scored(ruleset, h) == (1, {"all_chows": 1})


@pytest.mark.parametrize(("old", "new", "message"), [
    ("claimed_to_win_as: 1j", "claimed_to_win_as: 1x", "'1x' does not match '^[1-9]j$'"),   # the schema's word
    ("claimed_to_win_as: 1j", "claimed_to_win_as: 8j", "claimed_to_win_as names '8j', which is no joker kind"),
])
def test_a_bad_claimed_to_win_as_is_refused_at_its_line(old: str, new: str, message: str) -> None:
    house = _HOUSE.replace("      dead_when_discarded: true\n",
                           "      dead_when_discarded: true\n      claimed_to_win_as: 1j\n")
    assert load_ruleset_text(house, "<test>").id == "vietnamese_house"
    with pytest.raises(RulesetError, match=r"<test>::\$\.parameters\.jokers\.value\.claimed_to_win_as \(line"):
        load_ruleset_text(house.replace(old, new), "<test>")
    with pytest.raises(RulesetError) as info:
        load_ruleset_text(house.replace(old, new), "<test>")
    assert message in str(info.value)


# ---------------------------------------------------------------- no flowers, no leaves


@pytest.mark.parametrize(("text", "flags", "points", "limit"), [
    ("135m246p79s1358s2p +2p", (), 96, "nfnl"),                          # no sets at all: suited tiles alone
    ("123m456m789p23s55p +4s", (), 96, "nfnl"),                          # all sequences, waiting on 1s or 4s
    ("123m456m789p234s5p +5p", (), 128, "nfnl_concealed_all_chows_single_wait"),
    ("[111m] 222p333s777p5p +5p", (), 128, "nfnl_all_pungs"),
    ("111m222p333s777p5p +5p", ("self_drawn",), 192, "nfnl_concealed_all_pungs"),
    ("[123m] 345m567m789m5m +5m", (), 160, "nfnl_full_flush"),
    ("[111m] 222m333m777m5m +5m", (), 192, "nfnl_full_flush_all_pungs"),
    ("111m222m333m777m5m +5m", ("self_drawn",), 256, "nfnl_concealed_full_flush_all_pungs"),
])
def test_the_hands_of_no_flowers_and_no_leaves(ruleset: Ruleset, text: str, flags: tuple[str, ...], points: int,
                                               limit: str) -> None:
    h = hand(ruleset, text)
    score = score_hand(ruleset, h, win_context(flags, facts={"seat_wind": WINDS[1], "prevalent_wind": WINDS[0],
                                                             "bonus_win": True}))
    assert score is not None and (score.total, score.limit) == (points, limit)


@pytest.mark.parametrize("text", ["123m456m789p234s5p 1f +5p",            # a flower set aside
                                  "123m456m789p234s5p *2j +5p",           # a joker declared
                                  "123m456m789p234s1z +1z"])              # an honour
def test_no_nfnl_row_holds_for_a_flower_a_joker_or_an_honour(ruleset: Ruleset, text: str) -> None:
    score = score_hand(ruleset, hand(ruleset, text), win_context((), facts={"seat_wind": WINDS[1],
                                                                            "prevalent_wind": WINDS[0]}))
    assert score is not None and score.limit is None


def test_an_nfnl_hand_of_any_shape_is_complete_in_play(ruleset: Ruleset) -> None:
    """The Vietnamese module answers the engine's "is this hand complete?" for an NFNL hand: suited tiles alone, no
    bonus tile, no joker; any other question it leaves to the hand's shape (``None``)."""
    from mahjong_rulesets.rulesets import vietnamese

    def asked(t: Table, tile: str, how: str) -> bool | None:
        return vietnamese.mahjong_hand_complete(ruleset=ruleset, table=t, seat=0, tile=_KIND[tile], how=how)

    t = holding(ruleset)
    for code in ("1m", "3m", "5m", "2p", "4p", "6p", "7s", "9s", "1s", "3s", "5s", "8s", "2p"):
        t.seats[0].counts[_KIND[code]] += 1
    assert asked(t, "2s", "discard") is True                            # fourteen suited tiles, no set needed
    assert asked(t, "1z", "discard") is None                            # won on an honour: no NFNL hand
    t.seats[0].counts[_KIND["2s"]] += 1
    assert asked(t, "2s", "self_drawn") is True
    t.seats[0].bonus.append(FLOWERS[0])                                  # a flower drawn and set aside
    assert asked(t, "2s", "self_drawn") is None
    t.seats[0].bonus.clear()
    t.seats[0].held_jokers.append(TYPED_JOKERS[ANY])                     # a joker held
    assert asked(t, "2s", "self_drawn") is None


# ---------------------------------------------------------------- every bot


@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy"] * 4])
def test_every_bot_wins_and_the_games_audit_clean(ruleset: Ruleset, tmp_path: Path, bots: list[str]) -> None:
    played = simulate(ruleset, 7, 1, bots, tmp_path, max_deals=8)
    wins = 0
    for game in played:
        assert game.replay is not None and sum(game.result.scores) == 0
        report = check(game.replay)
        assert report.ok, report
        wins += game.replay.read_text(encoding="utf-8").count('"type":"mahjong"')
    assert wins


def test_mahjong_hand_reads_each_joker_by_its_type(ruleset: Ruleset) -> None:
    rule = joker_play(ruleset).rule  # type: ignore[union-attr]
    tiles = bind(ruleset).tiles
    dots = analyse("123m456m789m57p11z2j", tiles=tiles, jokers=rule)
    assert dots["complete"] and dots["stand_ins"] == ["6p"] and dots["hand"].endswith(" 2j")
    bamboo = analyse("123m456m789m57p11z3j", tiles=tiles, jokers=rule)
    assert not bamboo["complete"] and bamboo["shanten"]["best"] == 0
    assert analyse("123m456m789m57p1z25j", tiles=tiles, jokers=rule)["complete"]   # 6p, and East's pair
