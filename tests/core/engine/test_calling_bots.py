"""When a bot declares a calling hand: where the ruleset's data says the declaration counts, and nowhere else.

A declaration is needed to win where ``calling_hand_rule.required`` says so,
and pays where a scoring item reads it (``calling_from_start`` in Piter and
the traditional rules).  Anywhere else it only tells the table that a hand
is ready, and the greedy bot keeps quiet -- while every bundled ruleset's
games, and so the golden replays, stay what they were.
"""

from __future__ import annotations

import pytest

from mahjong_core.engine.players import GreedyBot
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.plugin.binding import bind
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import Rng
from mahjong_core.table.state import Action, CallingRule, Table


@pytest.mark.parametrize(("ruleset", "required", "scored"), [
    ("chinese_classical", True, set()),
    ("piter", True, {"calling_from_start"}),
    ("traditional", True, {"calling_from_start"}),
    ("hongkong", False, set()),
    ("mcr", False, set()),
])
def test_the_calling_rule_is_read_from_the_rulesets_data(ruleset: str, required: bool, scored: set[str]) -> None:
    rs = load_ruleset(ruleset)
    assert CallingRule.of(rs, bind(rs).predicates) == CallingRule(required, frozenset(scored))


def _ready_table(rule: CallingRule | None, first_go_around: bool) -> tuple[Table, list[Action]]:
    """Seat 0 holds 14 tiles; discarding the lone 5z leaves it ready, plainly or with a declaration."""
    table = Table(players=4, scores=[0] * 4)
    table.new_deal()
    table.calling_rule = rule
    table.first_go_around = first_go_around
    for tile in parse_tiles("123m456p789s11225z"):
        table.seats[0].counts[tile] += 1
    five = parse_tiles("5z")[0]
    return table, [Action("discard", five), Action("discard", five, way="declare_calling")]


@pytest.mark.parametrize(("rule", "first_go_around", "declares"), [
    (CallingRule(required=True), False, True),
    (CallingRule(required=False), True, False),
    (CallingRule(required=False, scored=frozenset({"calling_from_start"})), True, True),
    (CallingRule(required=False, scored=frozenset({"calling_from_start"})), False, False),
    (CallingRule(required=False, scored=frozenset({"calling"})), False, True),
    (None, False, True),
], ids=["required", "neither", "scored-from-the-start", "too-late-to-score", "scored", "not-said"])
def test_the_greedy_bot_declares_only_where_the_declaration_counts(rule: CallingRule | None,
                                                                   first_go_around: bool, declares: bool) -> None:
    table, options = _ready_table(rule, first_go_around)
    chosen = GreedyBot(Rng.from_seed(1)).choose(table, 0, options, "turn")
    assert chosen.kind == "discard" and (chosen.way == "declare_calling") is declares
    on_dealt = GreedyBot(Rng.from_seed(1)).choose(table, 1, [Action("declare_calling"), Action("pass")], "declaration")
    assert (on_dealt.kind == "declare_calling") is declares
