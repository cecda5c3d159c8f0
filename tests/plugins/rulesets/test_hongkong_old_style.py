"""Hong Kong Old Style as its differences from Hong Kong: the 3-faan minimum (counted with the bonus tiles' faan or,
switched, without), the half-doubling table up to a 10-faan limit that limit hands are paid, pure one-suit at 7
faan, the payments as parameters, and pao: the discarder who fed a big hand pays for all (``pays_for_all``), unless he
had no choice or was himself waiting on a big hand (``pao_exceptions``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from mahjong_rulesets.families.hongkong import settlement as hk_settle
from mahjong_rulesets.families.hongkong.scoring import points_for_fan
from mahjong_rulesets.mechanisms import pao_exceptions, pays_for_all

from mahjong_core import Given, score_text
from mahjong_core.audit.check import check
from mahjong_core.errors import RulesetError
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.notation import parse_hand, parse_tiles
from mahjong_core.hand.situation import win_context
from mahjong_core.hand.tiles import WINDS
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.plugin.settlement import settle
from mahjong_core.rules import Ruleset, available, load_ruleset, load_ruleset_text
from mahjong_core.table.state import Outcome, Table, TimeLimits, meld_of


def old_style() -> Ruleset:
    return load_ruleset("hongkong_old_style")


def test_it_is_hong_kong_with_few_differences() -> None:
    rs = old_style()
    assert rs.parent == "hongkong"
    assert rs.value("minimum_value") == {"fan": 3, "excluding_bonus_tiles": False}
    assert rs.value("tile_set") == load_ruleset("hongkong").value("tile_set")


def test_the_half_doubling_table_stops_at_ten_faan() -> None:
    rs = old_style()
    assert [points_for_fan(rs, fan) for fan in range(14)] == [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 128, 128, 128]


def score(text: str) -> tuple[int, int, bool]:
    result = score_text(old_style(), text, Given(), "<test>")
    return result.score.total, int(result.score.raw["fan"]), result.score.limit is not None


def test_two_faan_is_below_the_minimum_and_five_pays_24() -> None:
    assert score("123m456m789p234s8s +8s")[:2] == (4, 2)
    assert score("111m345m789m1z [999m^] +1z !self_drawn")[:2] == (24, 5)


def test_a_limit_hand_is_paid_the_ten_faan_limit() -> None:
    assert score("1112345678999p +5p !self_drawn") == (128, 10, True)


def test_pure_one_suit_is_seven_faan() -> None:
    total, fan, _ = score("123456789p1p [444p<] +1p")
    assert fan == 7 + 1  # pure suit and no flowers
    assert total == 64


@pytest.mark.parametrize(("discarder", "others", "expected"), [(2, 1, {1: 32, 2: 16, 3: 16}), (4, 0, {1: 64})])
def test_half_and_full_shooter_payments_are_parameters(discarder: int, others: int, expected: dict[int, int]) -> None:
    rs = old_style()
    tables = json.loads(json.dumps(rs.raw_tables))
    tables["scoring"]["payments"]["discarder"]["value"] = discarder
    tables["scoring"]["payments"]["other_losers"]["value"] = others
    club = dataclasses.replace(rs, raw_tables=tables)
    payments = hk_settle.payments_for(club, players=4, dealer=0, winner=0, points=16, how="discard", discarder=1)
    assert {p.payer: p.amount for p in payments} == expected


def test_games_reach_the_minimum_replay_and_audit(tmp_path: Path) -> None:
    path = tmp_path / "hkos.jsonl"
    result = play_game(old_style(), 1, ["greedy"] * 4, replay=path, max_deals=12).result
    assert sum(result.scores) == 0
    scores = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    wins = [e for e in scores if e["type"] == "score" and e.get("raw", {}).get("fan") is not None
            and e["value"] > 0]
    assert wins and all(e["raw"]["fan"] >= 3 for e in wins)
    assert check(str(path), "audit").ok


# ---------------------------------------------------------------- the minimum, with or without the bonus tiles


def switched(rs: Ruleset, section: str, name: str, value: object) -> Ruleset:
    """The ruleset with one value of a section changed, as a club's house rule would."""
    tables = json.loads(json.dumps(rs.raw_tables))
    tables[section][name]["value"] = value
    return dataclasses.replace(rs, raw_tables=tables)


def objections(rs: Ruleset, text: str) -> list[str]:
    """What the game objects to East winning with the hand written (the East seat and round)."""
    hooks = ruleset_hooks(rs)
    table = Table(players=4)
    table.new_deal()
    hand = parse_hand(text)
    context = win_context(hand.situations, seat=WINDS[0], winning_tile=hand.winning_tile)
    return [o for o in hooks.mahjong_win_objections(ruleset=rs, table=table, seat=0, hand=hand, context=context) if o]


@pytest.mark.parametrize("text", [
    "123m456m789p555z1s +1s !self_drawn",     # a dragon pung, self-drawn and no bonus tile: 3 faan, 1 of them flowers'
    "123m456m789p555z1s 1f +1s !self_drawn",  # a dragon pung, self-drawn and the seat's own flower
])
def test_the_minimum_counts_the_bonus_tiles_faan_unless_a_table_excludes_them(text: str) -> None:
    rs = old_style()
    assert score_text(rs, text, Given(), "<test>").score.raw["fan"] == 3
    assert "fan_excluding_bonus" not in score_text(rs, text, Given(), "<test>").score.raw   # no figure by default
    assert objections(rs, text) == []
    strict = switched(rs, "parameters", "minimum_value", {"fan": 3, "excluding_bonus_tiles": True})
    raw = score_text(strict, text, Given(), "<test>").score.raw
    assert (raw["fan"], raw["fan_excluding_bonus"]) == (3, 2)
    assert "below the minimum value: 2 fan, at least 3 needed" in objections(strict, text)


def test_a_limit_hand_meets_a_minimum_counted_without_the_bonus_tiles() -> None:
    strict = switched(old_style(), "parameters", "minimum_value", {"fan": 3, "excluding_bonus_tiles": True})
    raw = score_text(strict, "1112345678999p +5p !self_drawn", Given(), "<test>").score.raw
    assert raw["fan_excluding_bonus"] == raw["fan"] == 10


# ---------------------------------------------------------------- pao: the discarder of a big hand pays for all


def fed_table(winner: int, melds: list[tuple[MeldKind, str, int]]) -> Table:
    """A table whose winner has laid out the sets written (kind, tiles, the seat whose discard made it)."""
    table = Table(players=4, dealer=0, scores=[0] * 4)
    table.new_deal()
    for kind, code, discarder in melds:
        table.seats[winner].melds.append(meld_of(kind, tuple(parse_tiles(code)), exposed=True,
                                                 claimed_from=(discarder - winner) % 4))
    return table


def won(text: str, winner: int, how: str, discarder: int | None, tile: str, rs: Ruleset | None = None) -> Outcome:
    """The win of ``winner`` with the hand written, scored as ``mahjong score`` scores it (its reading kept)."""
    outcome = Outcome("win", winner=winner, how=how, discarder=discarder, tile=parse_tiles(tile)[0])
    outcome.scores[winner] = score_text(rs or old_style(), text, Given(), "<test>").score
    return outcome


P, K, C = MeldKind.PUNG, MeldKind.KONG, MeldKind.CHOW
NINE_DOTS = [(C, "123p", 3), (P, "555p", 2), (P, "777p", 1)]


def test_a_set_of_the_suit_claimed_after_nine_shown_makes_its_discarder_pay_for_a_self_drawn_win() -> None:
    table = fed_table(0, [*NINE_DOTS, (P, "999p", 2)])
    win = won("4p [123p<] [555p^] [777p>] [999p^] +4p !self_drawn", 0, "self_drawn", None, "4p")
    assert pays_for_all.liable_seat(old_style(), table, win) == (2, "one_suit_exposed")
    payments = settle(old_style(), table, win)
    assert {p.payer for p in payments} == {2} and sum(p.amount for p in payments) == 3 * 2 * win.scores[0].total


def test_the_winning_discard_of_the_suit_after_nine_shown_is_a_feed() -> None:
    table = fed_table(0, NINE_DOTS)
    win = won("4p 999p [123p<] [555p^] [777p>] +4p", 0, "discard", 1, "4p")
    assert pays_for_all.liable_seat(old_style(), table, win) == (1, "one_suit_exposed")
    payments = settle(old_style(), table, win)
    assert {p.payer for p in payments} == {1}
    assert sum(p.amount for p in payments) == (2 + 1 + 1) * win.scores[0].total   # all three losers' shares


def test_no_one_pays_for_all_with_six_shown_or_a_second_suit_in_the_hand() -> None:
    six = fed_table(0, NINE_DOTS[:2])
    assert pays_for_all.liable_seat(old_style(), six, won("4p 777p999p [123p<] [555p^] +4p", 0, "discard", 1,
                                                          "4p")) is None
    nine = fed_table(0, NINE_DOTS)
    mixed = won("4p 999s [123p<] [555p^] [777p>] +4p", 0, "discard", 1, "4p")
    assert pays_for_all.liable_seat(old_style(), nine, mixed) is None


def test_a_half_flush_is_no_one_suit_hand_no_one_pays_for_all_and_no_dot_is_dangerous_beside_a_dragon_set() -> None:
    """Nine pieces is the warning of a pure hand (harr: a winning hand on entirely one suit; bigproduction: the
    winning hand is a pure suit): a hand of dots and honours makes nobody liable."""
    table = fed_table(0, NINE_DOTS)
    assert pays_for_all.liable_seat(old_style(), table, won("4p 555z [123p<] [555p^] [777p>] +4p", 0, "discard", 1,
                                                            "4p")) is None
    cases = old_style().value("pays_for_all")
    table.seats[0].melds.append(meld_of(P, tuple(parse_tiles("666z")), exposed=True, claimed_from=3))
    assert pao_exceptions.dangerous_kinds(cases, table, 1) == frozenset()


def test_the_third_dragon_given_as_the_winning_discard_is_a_feed_here_and_not_in_singapore() -> None:
    table = fed_table(0, [(P, "555z", 1), (P, "666z", 2)])
    text = "123m99s77z [555z>] [666z^] +7z"
    assert pays_for_all.liable_seat(old_style(), table, won(text, 0, "discard", 3, "7z")) == (3, "third_dragon_set")
    singapore = load_ruleset("singapore")
    assert pays_for_all.liable_seat(singapore, table, won(text, 0, "discard", 3, "7z", singapore)) is None


def test_a_kong_claimed_from_a_discard_feeds_nothing_here_and_feeds_in_singapore() -> None:
    table = fed_table(0, [(P, "555z", 1), (P, "666z", 2), (K, "7777z", 3)])
    text = "123m9s [555z>] [666z^] [7777z<] +9s !self_drawn"
    assert pays_for_all.liable_seat(old_style(), table, won(text, 0, "self_drawn", None, "9s")) is None
    singapore = load_ruleset("singapore")
    assert pays_for_all.liable_seat(singapore, table, won(text, 0, "self_drawn", None, "9s", singapore)) == \
        (3, "third_dragon_set")


def test_an_honour_fed_to_a_hand_of_nine_honours_shown() -> None:
    table = fed_table(0, [(P, "111z", 1), (P, "222z", 2), (P, "555z", 3)])
    win = won("66z77z [111z>] [222z^] [555z<] +6z", 0, "discard", 1, "6z")
    assert pays_for_all.liable_seat(old_style(), table, win) == (1, "honours_exposed")


def test_a_robbed_kong_pays_as_a_discard_only() -> None:
    table = fed_table(2, [])
    win = won("123m456m789m555z1s +1s", 2, "robbing_kong", 3, "1s")
    assert pays_for_all.liable_seat(old_style(), table, win) is None
    assert {p.payer for p in settle(old_style(), table, win)} == {0, 1, 3}


# ---------------------------------------------------------------- pao's exceptions: no choice, a discarder waiting

RULESET_FILE = Path(__file__).parents[3] / "plugins/rulesets/hongkong_old_style/ruleset.yaml"
EXCEPTIONS = "no_choice: true\n      waiting_discarder: {any_wait: {fan: 6}, every_wait: {fan: 5}}"


def without_exceptions() -> Ruleset:
    """The ruleset as a table that makes no exception to pao plays it."""
    text = RULESET_FILE.read_text(encoding="utf-8")
    assert EXCEPTIONS in text
    lifted = text.replace(EXCEPTIONS, "no_choice: false\n      waiting_discarder: null")
    return load_ruleset_text(lifted.replace("id: hongkong_old_style", "id: hkos_no_exceptions"), "<test>")


def hold(table: Table, seat: int, code: str) -> None:
    """Give ``seat`` the concealed tiles written."""
    for tile in parse_tiles(code):
        table.seats[seat].counts[tile] += 1


def discard(rs: Ruleset, table: Table, seat: int, code: str) -> list[dict[str, object]]:
    """The table's reply as ``seat`` decides to discard the tile written (the decision logged, the tile still
    held), then the tile gone from the hand: the events declared."""
    events = pao_exceptions.mahjong_event_reactions(rs, table, {"type": "decision", "action": "discard",
                                                                "phase": "turn", "actor": seat, "tile": code})
    table.seats[seat].counts[parse_tiles(code)[0]] -= 1
    return [dict(e) for e in events or ()]


def claim(rs: Ruleset, table: Table, seat: int, code: str, discarder: int) -> None:
    """``seat`` pungs the discard just made by ``discarder``: the set laid out, then the claim's event."""
    table.seats[seat].melds.append(meld_of(P, tuple(parse_tiles(code * 3)), exposed=True,
                                           claimed_from=(discarder - seat) % 4))
    pao_exceptions.mahjong_event_reactions(rs, table, {"type": "claim", "seat": seat, "discarder": discarder,
                                                       "kind": "pung", "tile": code})


ALL_DOTS = "11223344666888p"
DOTS_WIN = "4p 999p [123p<] [555p^] [777p>] +4p"


def test_a_discarder_with_no_safe_tile_declares_it_shows_his_hand_and_pays_his_own_share() -> None:
    rs = old_style()
    table = fed_table(0, NINE_DOTS)
    hold(table, 1, ALL_DOTS)
    assert discard(rs, table, 1, "4p") == [{"type": "no_choice", "seat": 1, "tile": "4p", "hand": [
        "1p", "1p", "2p", "2p", "3p", "3p", "4p", "4p", "6p", "6p", "6p", "8p", "8p", "8p"]}]
    win = won(DOTS_WIN, 0, "discard", 1, "4p")
    assert pays_for_all.liable_seat(rs, table, win) is None
    assert {p.payer: p.amount for p in settle(rs, table, win)} == {1: 2 * win.scores[0].total,
                                                                  2: win.scores[0].total, 3: win.scores[0].total}


def test_a_discarder_who_held_one_safe_tile_had_a_choice_and_pays_for_all() -> None:
    rs = old_style()
    table = fed_table(0, NINE_DOTS)
    hold(table, 1, "1122334466688p1z")
    assert discard(rs, table, 1, "4p") == []
    assert pays_for_all.liable_seat(rs, table, won(DOTS_WIN, 0, "discard", 1, "4p")) == (1, "one_suit_exposed")


def test_a_table_without_the_exceptions_declares_nothing_and_the_discarder_pays_for_all() -> None:
    rs = without_exceptions()
    assert not pao_exceptions.switched_on(rs) and pao_exceptions.switched_on(old_style())
    table = fed_table(0, NINE_DOTS)
    hold(table, 1, ALL_DOTS)
    assert discard(rs, table, 1, "4p") == []
    assert pays_for_all.liable_seat(rs, table, won(DOTS_WIN, 0, "discard", 1, "4p")) == (1, "one_suit_exposed")


def test_no_ruleset_but_hong_kong_old_style_switches_the_exceptions_on() -> None:
    on = [rid for rid in available() if pao_exceptions.switched_on(load_ruleset(rid))]
    assert on == ["hongkong_old_style"]


def test_a_discard_that_is_not_dangerous_needs_no_excuse() -> None:
    table = fed_table(0, NINE_DOTS)
    hold(table, 1, "1122334466688p1z")
    assert discard(old_style(), table, 1, "1z") == []
    assert table.extra[pao_exceptions.LAST][2] == ()


@pytest.mark.parametrize(("hand", "excused"), [
    ("1234566678999s", True),      # a pure bamboo hand whatever tile comes: 7 faan and more
    ("123s456m789m22s55s", False),  # ready, on a hand of two or three faan
    ("1234566678s999m1z", False),   # not ready
])
def test_a_discarder_waiting_on_a_big_hand_himself_is_not_liable(hand: str, excused: bool) -> None:
    rs = old_style()
    table = fed_table(0, NINE_DOTS)
    hold(table, 2, hand + "4p")
    assert discard(rs, table, 2, "4p") == []   # nothing declared: his waits stay his own
    assert table.extra[pao_exceptions.LAST][2] == (("waiting_discarder",) if excused else ())
    found = pays_for_all.liable_seat(rs, table, won(DOTS_WIN, 0, "discard", 2, "4p"))
    assert found == (None if excused else (2, "one_suit_exposed"))
    lifted = without_exceptions()
    table = fed_table(0, NINE_DOTS)
    hold(table, 2, hand + "4p")
    discard(lifted, table, 2, "4p")
    assert pays_for_all.liable_seat(lifted, table, won(DOTS_WIN, 0, "discard", 2, "4p")) == (2, "one_suit_exposed")


@pytest.mark.parametrize(("big", "excused"), [({"every_wait": {"fan": 8}}, True), ({"every_wait": {"fan": 10}}, False),
                                             ({"any_wait": {"fan": 8}}, True), ({"any_wait": {"fan": 10}}, False)])
def test_big_is_the_ruleset_s_own_score_of_the_hands_the_waits_make(big: dict[str, dict[str, int]],
                                                                   excused: bool) -> None:
    """A pure bamboo hand waiting, once the dot is gone: every hand its waits make is pure suit with no bonus tile
    (7 + 1 faan), none of them a limit hand; read against every wait's and some wait's figures."""
    table = fed_table(0, NINE_DOTS)
    hold(table, 2, "1234566678999s4p")
    assert pao_exceptions.waits_on_big_hand(old_style(), table, 2, parse_tiles("4p")[0], big) is excused


def test_a_set_claimed_from_a_discard_with_no_choice_feeds_no_pao_for_a_self_drawn_win() -> None:
    """Twelve pieces: the set that makes twelve tiles of one suit shown makes its discarder answer for a
    self-drawn win -- unless he had no choice."""
    self_drawn = "4p [123p<] [555p^] [777p>] [999p^] +4p !self_drawn"
    for held, declared, liable in (("11223344666889p", 1, None), ("112233446689p9p1z", 0, (2, "one_suit_exposed"))):
        rs = old_style()
        table = fed_table(0, NINE_DOTS)
        hold(table, 2, held)
        assert len(discard(rs, table, 2, "9p")) == declared
        claim(rs, table, 0, "9p", 2)
        assert pays_for_all.liable_seat(rs, table, won(self_drawn, 0, "self_drawn", None, "4p")) == liable


def test_an_excused_discard_excuses_only_itself() -> None:
    """A later discard of the same seat, with a safe tile in hand, is its own: the excuse of the first does not
    carry over to it."""
    rs = old_style()
    table = fed_table(0, NINE_DOTS)
    hold(table, 1, ALL_DOTS)
    assert discard(rs, table, 1, "8p")
    hold(table, 1, "1z")
    assert discard(rs, table, 1, "4p") == []
    assert pays_for_all.liable_seat(rs, table, won(DOTS_WIN, 0, "discard", 1, "4p")) == (1, "one_suit_exposed")


def test_the_third_dragon_and_the_fourth_wind_are_dangerous_to_the_other_seats_only() -> None:
    cases = old_style().value("pays_for_all")
    table = fed_table(0, [(P, "555z", 1), (P, "666z", 2), (C, "123m", 3)])
    assert pao_exceptions.dangerous_kinds(cases, table, 1) == frozenset(parse_tiles("7z"))
    for code in ("111z", "222z", "333z", "456s"):
        kind = C if code == "456s" else P
        table.seats[3].melds.append(meld_of(kind, tuple(parse_tiles(code)), exposed=True, claimed_from=1))
    assert pao_exceptions.dangerous_kinds(cases, table, 1) == frozenset(parse_tiles("47z"))
    assert pao_exceptions.dangerous_kinds(cases, table, 0) == frozenset(parse_tiles("4z"))
    assert pao_exceptions.dangerous_kinds(cases, table, 3) == frozenset(parse_tiles("7z"))


def test_nine_honours_shown_make_every_honour_dangerous() -> None:
    cases = old_style().value("pays_for_all")
    table = fed_table(0, [(P, "111z", 1), (P, "222z", 2), (P, "555z", 3)])
    assert pao_exceptions.dangerous_kinds(cases, table, 1) == frozenset(parse_tiles("1234567z"))


def test_a_figure_the_scores_do_not_carry_is_refused_at_load() -> None:
    text = RULESET_FILE.read_text(encoding="utf-8").replace(EXCEPTIONS, "waiting_discarder: {any_wait: {tai: 3}}")
    with pytest.raises(RulesetError, match="waiting_discarder.any_wait names the figure 'tai'") as caught:
        load_ruleset_text(text.replace("id: hongkong_old_style", "id: hkos_tai"), "<test>")
    assert "they give" in str(caught.value) and "fan" in str(caught.value)


def test_a_game_where_a_discarder_declares_no_choice_replays_and_audits(tmp_path: Path) -> None:
    """Seed 53 (greedy bots, 16 deals) is the first seeded game where a seat holds nothing but dangerous tiles."""
    path = tmp_path / "no_choice.jsonl"
    play_game(old_style(), 53, ["greedy"] * 4, replay=path, max_deals=16)
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    declared = [(k, e) for k, e in enumerate(events) if e["type"] == "no_choice"]
    assert declared
    for k, e in declared:  # right after the seat's decision to discard that tile, from the hand it held
        before = events[k - 1]
        assert (before["type"], before["action"], before["actor"], before["tile"]) == \
            ("decision", "discard", e["seat"], e["tile"]) and e["tile"] in e["hand"]
    assert check(str(path), "audit").ok


def test_a_discard_decided_too_late_is_judged_as_the_timeout_s_discard_that_replaces_it() -> None:
    """A decision over the move limit is shown to no other seat and does not stand: declaring no choice for its
    tile would name a tile the seat keeps.  The timeout's own discard is the one judged."""
    rs = old_style()
    table = fed_table(0, NINE_DOTS)
    table.time_limits = TimeLimits(move=5.0)
    hold(table, 1, ALL_DOTS)
    late = {"type": "decision", "action": "discard", "phase": "turn", "actor": 1, "tile": "8p", "after_ms": 5001}
    assert pao_exceptions.mahjong_event_reactions(rs, table, late) is None
    assert pao_exceptions.LAST not in table.extra
    timeout = {"type": "timeout", "seat": 1, "what": "move", "limit_ms": 5000, "action": "discard", "tile": "4p"}
    assert [e["tile"] for e in pao_exceptions.mahjong_event_reactions(rs, table, timeout) or ()] == ["4p"]
    in_time = {**late, "after_ms": 5000}
    assert [e["tile"] for e in pao_exceptions.mahjong_event_reactions(rs, table, in_time) or ()] == ["8p"]
