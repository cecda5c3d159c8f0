"""The sacred discard (``sacred_discard``): a seat is refused a win on another seat's tile of a kind it discarded
itself -- and nothing else: not a pung or kong of that tile, not a win on another kind, not a win it draws.
"""

from __future__ import annotations

import pytest
from mahjong_rulesets.mechanisms import sacred_discard

from mahjong_core import load_ruleset, load_ruleset_text
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.plugin import ClaimedFrom, Meld, MeldKind, Ruleset
from mahjong_core.table.state import Action, Seat, Table


def kind(code: str) -> int:
    return parse_tiles(code)[0]


def overlay(reach: str | None) -> Ruleset:
    value = "null" if reach is None else reach
    return load_ruleset_text(f"id: korean_sacred_{value}\nversion: 1.0.0\nname: test\nextends: korean\n"
                             f"parameters:\n  sacred_discard: {{value: {value}, assumption: a test}}\n",
                             "test.yaml")


def table_with(discards: list[list[str]]) -> Table:
    seats = []
    for codes in discards:
        seat = Seat()
        seat.discards = [kind(c) for c in codes]
        seats.append(seat)
    return Table(players=4, scores=[0] * 4, seats=seats)


def refused(ruleset: Ruleset, table: Table, phase: str, options: list[Action], seat: int = 0) -> list[Action]:
    return list(sacred_discard.mahjong_refused_options(ruleset=ruleset, table=table, seat=seat, phase=phase,
                                                       options=options) or [])


@pytest.fixture(scope="module")
def korean() -> Ruleset:
    return load_ruleset("korean")


def test_a_win_on_a_kind_the_seat_discarded_is_refused_and_its_pung_and_pass_are_not(korean: Ruleset) -> None:
    table = table_with([["1z", "5p", "9m"], [], [], []])
    five = kind("5p")
    options = [Action("win", five), Action("pung", five, (five, five)), Action("pass")]
    assert refused(korean, table, "claim", options) == [Action("win", five)]


def test_a_win_on_a_kind_the_seat_never_discarded_is_left(korean: Ruleset) -> None:
    table = table_with([["1z", "5p", "9m"], [], [], []])
    options = [Action("win", kind("6p")), Action("pass")]
    assert refused(korean, table, "claim", options) == []


def test_only_the_deciding_seat_s_own_discards_count(korean: Ruleset) -> None:
    table = table_with([[], ["5p"], [], []])  # seat 1 discarded 5p, not seat 0
    assert refused(korean, table, "claim", [Action("win", kind("5p")), Action("pass")], seat=0) == []
    assert refused(korean, table, "claim", [Action("win", kind("5p")), Action("pass")], seat=1) == \
        [Action("win", kind("5p"))]


def test_robbing_a_kong_of_a_sacred_kind_is_refused_too(korean: Ruleset) -> None:
    table = table_with([["3m"], [], [], []])
    assert refused(korean, table, "rob_kong", [Action("win", kind("3m")), Action("pass")]) == \
        [Action("win", kind("3m"))]


def test_a_seat_s_own_turn_is_never_touched(korean: Ruleset) -> None:
    """A tile the seat draws may win, whatever it discarded: the rule is about another seat's tile."""
    table = table_with([["3m"], [], [], []])
    options = [Action("win", kind("3m")), Action("discard", kind("3m"))]
    assert sacred_discard.mahjong_refused_options(ruleset=korean, table=table, seat=0, phase="turn",
                                                  options=options) is None


def test_a_discard_another_seat_claimed_stays_sacred_for_the_whole_deal(korean: Ruleset) -> None:
    """Seat 0's 7p was punged by seat 2 (so it left seat 0's row): seat 0 still may not win on a 7p."""
    table = table_with([["1z"], [], [], []])
    seven = kind("7p")
    # seat 2 claimed from seat 0: seat 0 is two seats after seat 2 in turn order
    table.seats[2].melds.append(Meld(MeldKind.PUNG, (seven,) * 3, exposed=True, claimed_from=ClaimedFrom(2, 4)))
    assert sacred_discard.sacred_kinds(table, 0, "whole_deal") == {kind("1z"), seven}
    assert refused(korean, table, "claim", [Action("win", seven), Action("pass")]) == [Action("win", seven)]
    # the pung's tile came from seat 0, not from seat 1
    assert seven not in sacred_discard.sacred_kinds(table, 1, "whole_deal")


def test_the_last_discard_reading_looks_at_the_latest_discard_only() -> None:
    ruleset = overlay("last_discard")
    table = table_with([["5p", "9m"], [], [], []])
    assert refused(ruleset, table, "claim", [Action("win", kind("9m")), Action("pass")]) == [Action("win", kind("9m"))]
    assert refused(ruleset, table, "claim", [Action("win", kind("5p")), Action("pass")]) == []


def test_the_mechanism_is_off_where_a_ruleset_does_not_switch_it_on() -> None:
    assert sacred_discard.switched_on(load_ruleset("korean"))
    assert not sacred_discard.switched_on(overlay(None))
    assert not sacred_discard.switched_on(load_ruleset("chinese_classical"))


def test_a_reading_the_rule_does_not_know_is_a_load_error() -> None:
    from mahjong_core import RulesetError

    with pytest.raises(RulesetError, match="sacred_discard"):
        overlay("forever")
