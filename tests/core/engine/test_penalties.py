"""Rules that punish or forbid: dangerous-discard penalties, the calling-hand rule and the dead hand.

Penalties: 000 lines 156-157 and 363 (КК), 001 lines 141-151 (traditional).
Calling hand: 000 lines 159-163 and 362, 001 line 113.  Dead hand: 001 line 115.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from mahjong_rulesets.families.classical.penalties import dangerous_discard_penalty, penalty_case

from mahjong_core.engine.deal_end import score_and_settle
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.hand.notation import parse_hand, parse_tiles
from mahjong_core.hand.score import Score
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.plugin.settlement import settle
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Action, Outcome, Payment, Penalty, Table

PENALTY_RULESETS = ("chinese_classical", "traditional")
NO_PENALTY_RULESETS = ("harbin", "shanghai", "orsk", "european_classical", "bonus_classical")


class Tweaked:
    """A ruleset with a few parameter values replaced (what a house-rule YAML would do)."""

    def __init__(self, base: Any, **values: Any):
        self._base = base
        self._values = values
        self.location = base.location
        self.id = base.id

    def value(self, name: str) -> Any:
        return self._values[name] if name in self._values else self._base.value(name)

    def get(self, name: str, default: Any = None) -> Any:
        return self._values[name] if name in self._values else self._base.get(name, default)


def dangerous_table(winner_hand: str, *, discarder_tiles: str = "1112223334445p", calling: bool = False,
                    dealer: int = 0) -> tuple[Table, int]:
    """Seat 1 has won with ``winner_hand`` (its ``+tile`` the discard of seat 2); returns the table and the tile."""
    t = Table(players=4, scores=[0] * 4, dealer=dealer)
    t.new_deal()
    hand = parse_hand(winner_hand)
    assert hand.winning_tile is not None
    for tile in hand.concealed + (hand.winning_tile,):
        t.seats[1].counts[tile] += 1
    t.seats[1].melds = list(hand.melds)
    for tile in parse_tiles(discarder_tiles):
        t.seats[2].counts[tile] += 1
    t.seats[2].calling = calling
    return t, hand.winning_tile


def discard_win(tile: int, value: int = 100, how: str = "discard") -> Outcome:
    return Outcome("win", 1, how, tile, 2 if how == "discard" else None,
                   {s: Score(value if s == 1 else 4, "classical") for s in range(4)})


CASES = {
    "pure_suit": "11m34m [123m<] [456m<] [789m<] +5m",
    "four_winds": "NN11m [111z] [222z] [333z] +4z",
    "three_dragons": "77z11m234p [555z] [666z] +7z",
    "terminals": "555p9s [111m] [999p] [111s] +9s",
}


@pytest.mark.parametrize("rid", PENALTY_RULESETS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_the_discarder_pays_for_everyone_and_nothing_else_is_settled(rid: str, case: str) -> None:
    t, tile = dangerous_table(CASES[case])
    penalty = dangerous_discard_penalty(load_ruleset(rid), t, discard_win(tile))
    # East (seat 0) would have paid double: 200 + 100 + 100, all of it from the discarder.
    assert penalty == Penalty(case, 2, (Payment(2, 1, 400, f"penalty_{case}"),))


def test_an_east_winner_is_paid_double_for_each_player() -> None:
    t, tile = dangerous_table(CASES["four_winds"], dealer=1)
    penalty = dangerous_discard_penalty(load_ruleset("traditional"), t, discard_win(tile, 50))
    assert penalty is not None and penalty.payments == (Payment(2, 1, 300, "penalty_four_winds"),)


@pytest.mark.parametrize("rid", NO_PENALTY_RULESETS)
def test_rulesets_without_penalties_settle_normally(rid: str) -> None:
    for case in CASES:
        t, tile = dangerous_table(CASES[case])
        assert dangerous_discard_penalty(load_ruleset(rid), t, discard_win(tile)) is None


def test_each_case_is_its_own_switch() -> None:
    base = load_ruleset("chinese_classical")
    penalties = dict(base.value("penalties"))
    penalties["four_winds"] = {"enabled": False}
    rs = Tweaked(base, penalties=penalties)
    t, tile = dangerous_table(CASES["four_winds"])
    assert penalty_case(rs, t, discard_win(tile)) is None
    t, tile = dangerous_table(CASES["three_dragons"])
    assert penalty_case(rs, t, discard_win(tile)) == "three_dragons"


def test_chinese_classical_keeps_what_the_seed_program_skipped() -> None:
    rs = load_ruleset("chinese_classical")
    assert {"penalties", "calling_hand_rule"} <= set(rs.value("skipped_by_seed_program"))
    assert all(rs.value("penalties")[case]["enabled"] for case in CASES)
    assert rs.value("calling_hand_rule")["required"] is True


@pytest.mark.parametrize("rid", PENALTY_RULESETS)
def test_pure_suit_exemptions(rid: str) -> None:
    rs = load_ruleset(rid)
    t, tile = dangerous_table(CASES["pure_suit"], discarder_tiles="2226667778889m")
    assert dangerous_discard_penalty(rs, t, discard_win(tile)) is None  # he held nothing else
    t, tile = dangerous_table(CASES["pure_suit"], calling=True)
    assert dangerous_discard_penalty(rs, t, discard_win(tile)) is None  # a declared calling hand
    t, tile = dangerous_table(CASES["pure_suit"], discarder_tiles="1112223336667p")
    assert dangerous_discard_penalty(rs, t, discard_win(tile)) is not None  # only another suit: no excuse


def test_the_seeds_exempt_only_the_pure_suit_case() -> None:
    # 000 line 157 and 001 line 143 state the exemptions inside the pure-suit case only.
    t, tile = dangerous_table(CASES["three_dragons"], calling=True)
    assert penalty_case(load_ruleset("traditional"), t, discard_win(tile)) == "three_dragons"


def test_an_undeclared_calling_discarder_is_exempt_where_there_is_no_calling_rule() -> None:
    penalties = dict(load_ruleset("chinese_classical").value("penalties"))
    rs = Tweaked(load_ruleset("harbin"), penalties=penalties)
    t, tile = dangerous_table(CASES["pure_suit"], discarder_tiles="1112223334445p")  # one from mahjong
    assert penalty_case(rs, t, discard_win(tile)) is None
    t, tile = dangerous_table(CASES["pure_suit"], discarder_tiles="1357913579p135s")  # far from it
    assert penalty_case(rs, t, discard_win(tile)) == "pure_suit"
    # Where the calling rule holds, only a declaration excuses.
    t, tile = dangerous_table(CASES["pure_suit"], discarder_tiles="1112223334445p")
    assert penalty_case(load_ruleset("chinese_classical"), t, discard_win(tile)) == "pure_suit"


@pytest.mark.parametrize("hand", [
    "11m34m [123m<] 456m [789m<] +5m",  # only six tiles of the suit exposed
    "EE34m [123m<] [456m<] [789m<] +5m",  # a half flush, not a pure suit
    "NN11m [111z] [222z] 333z +4z",  # two exposed wind sets
    "77z11m234p [555z] 666z +7z",  # one exposed dragon set
    "555p9s [111m] [999p] 111s +9s",  # two exposed terminal sets
    "555p55s [111m] [999p] [111s] +5s",  # the discard is not a terminal
])
def test_no_penalty_without_the_exposed_danger(hand: str) -> None:
    t, tile = dangerous_table(hand)
    assert penalty_case(load_ruleset("chinese_classical"), t, discard_win(tile)) is None


def test_a_terminal_completing_a_chow_is_still_dangerous() -> None:
    # 001 line 149 / 000 line 157 case 4: the one or nine "allowed the first to win".
    t, tile = dangerous_table("78s55p [111m] [999p] [111s] +9s")
    assert penalty_case(load_ruleset("chinese_classical"), t, discard_win(tile)) == "terminals"


@pytest.mark.parametrize("how", ["self_drawn", "robbing_kong", "replacement"])
def test_only_a_discard_is_dangerous(how: str) -> None:
    t, tile = dangerous_table(CASES["pure_suit"])
    assert dangerous_discard_penalty(load_ruleset("chinese_classical"), t, discard_win(tile, how=how)) is None


def test_no_scores_no_penalty_payments() -> None:
    t, tile = dangerous_table(CASES["pure_suit"])
    outcome = Outcome("win", 1, "discard", tile, 2, {})
    assert penalty_case(load_ruleset("chinese_classical"), t, outcome) == "pure_suit"
    assert dangerous_discard_penalty(load_ruleset("chinese_classical"), t, outcome) is None


def test_payments_outside_the_hand_survive_a_penalty() -> None:
    base = load_ruleset("shanghai")
    penalties = dict(load_ruleset("chinese_classical").value("penalties"))
    rs = Tweaked(base, penalties=penalties)
    t, tile = dangerous_table(CASES["pure_suit"], discarder_tiles="1357913579p135s")  # not calling
    t.seats[3].bonus = [34, 35, 36, 37]
    penalty = dangerous_discard_penalty(rs, t, discard_win(tile))
    assert penalty is not None
    assert penalty.payments[0] == Payment(2, 1, 400, "penalty_pure_suit")
    assert {p.reason for p in penalty.payments[1:]} == {"four_flowers"}
    assert t.bank == 400  # the deal's stakes were counted


def test_the_family_hook_returns_the_penalty() -> None:
    rs = load_ruleset("traditional")
    pm = build_plugin_manager(bind(rs).plugins)  # the classical family's plugin brings the penalties hook
    t, tile = dangerous_table(CASES["terminals"])
    fired = [p for p in pm.hook.mahjong_penalties(ruleset=rs, table=t, outcome=discard_win(tile)) if p]
    assert [(p.rule, p.seat) for p in fired] == [("terminals", 2)]


class StandInScoring:
    """A scorer independent of the scoring engine, and the classical settlement wired in."""

    @hookimpl
    def mahjong_score_hand(self, ruleset: Any, hand: Any, context: Any) -> Score:
        return Score(4 * len(hand.melds) + (20 if context.get("winner") else 0), "stand-in")

    @hookimpl
    def mahjong_settle(self, ruleset: Any, table: Table, outcome: Outcome) -> list[Payment]:
        return settle(ruleset, table, outcome)


def test_the_engine_logs_the_penalty_and_pays_it_instead_of_the_settlement() -> None:
    events: list[dict[str, Any]] = []
    game = Game(load_ruleset("chinese_classical"), make_bots(["greedy"] * 4, 1), 1, emit=events.append,
                observers=(StandInScoring(),))
    t, tile = dangerous_table(CASES["three_dragons"])
    game.table.seats = t.seats
    game.table.last_discarder = 2
    payments = score_and_settle(game, Outcome("win", 1, "discard", tile, 2))
    logged = [(e["rule"], e["seat"]) for e in events if e["type"] == "penalty"]
    assert logged == [("three_dragons", 2)]
    # The winner's stand-in value: two melds (8) + 20 for the mahjong, four times (East pays double).
    assert payments == [Payment(2, 1, 28 * 4, "penalty_three_dragons")]


# ------------------------------------------------------------------ the calling-hand rule


class CallingWatcher:
    """Checks every mahjong against the seats that declared calling in the same deal."""

    def __init__(self) -> None:
        self.declared: set[int] = set()
        self.mahjongs = 0

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "deal_start":
            self.declared = set()
        elif event["type"] == "decision" and event.get("way") == "declare_calling":
            self.declared.add(event["actor"])
        elif event["type"] == "decision" and event.get("way") == "withdraw_calling":
            self.declared.discard(event["actor"])
        elif event["type"] == "mahjong":
            assert event["seat"] in self.declared, f"seat {event['seat']} won without declaring calling"
            assert table.seats[event["seat"]].calling
            self.mahjongs += 1


@pytest.mark.parametrize("rid", PENALTY_RULESETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_mahjong_follows_a_calling_declaration(rid: str, seed: int) -> None:
    watcher = CallingWatcher()
    Game(load_ruleset(rid), make_bots(["greedy", "random", "greedy", "greedy"], seed), seed,
         observers=(watcher,), max_deals=4).play()
    assert watcher.mahjongs >= 3


def _objections(rid: str, *, calling: bool, hand: str = "1112345678999m +5m", discarded: bool = True,
                seat: int = 1) -> list[str]:
    rs = load_ruleset(rid)
    pm = build_plugin_manager(bind(rs).plugins)
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    parsed = parse_hand(hand)
    for tile in parsed.concealed:
        t.seats[seat].counts[tile] += 1
    t.seats[seat].calling = calling
    if discarded:
        t.seats[seat].discards.append(27)  # it has played, so it had the chance to declare
    return [o for o in pm.hook.mahjong_win_objections(ruleset=rs, table=t, seat=seat, hand=parsed, context={}) if o]


@pytest.mark.parametrize("rid", PENALTY_RULESETS)
def test_a_win_without_a_declaration_gets_the_objection(rid: str) -> None:
    assert _objections(rid, calling=False) == ["calling hand not declared"]
    assert _objections(rid, calling=True) == []


@pytest.mark.parametrize("rid", PENALTY_RULESETS)
def test_only_the_dealers_dealt_hand_wins_undeclared(rid: str) -> None:
    """A heavenly hand needs no declaration; an earthly one was declared on the deal (001 line 161)."""
    assert _objections(rid, calling=False, discarded=False, seat=0) == []  # East, dealer of a new table
    assert _objections(rid, calling=False, discarded=False, seat=1) == ["calling hand not declared"]
    assert _objections(rid, calling=True, discarded=False, seat=1) == []


def _declarations(rid: str, tiles: str, seat: int) -> list[Action]:
    rs = load_ruleset(rid)
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    for tile in parse_tiles(tiles):
        t.seats[seat].counts[tile] += 1
    pm = build_plugin_manager(bind(rs).plugins)
    return [a for group in pm.hook.mahjong_deal_declarations(ruleset=rs, table=t, seat=seat) for a in group]


@pytest.mark.parametrize("rid", PENALTY_RULESETS)
def test_a_ready_dealt_hand_may_be_declared_calling_at_once(rid: str) -> None:
    assert _declarations(rid, "1112345678999m", seat=2) == [Action("declare_calling")]
    assert _declarations(rid, "1112345678999m", seat=0) == []  # the dealer declares with its discard
    assert _declarations(rid, "1112345678m1357p", seat=2) == []  # not ready


@pytest.mark.parametrize("rid", NO_PENALTY_RULESETS)
def test_without_the_rule_nothing_is_declared_on_the_deal(rid: str) -> None:
    assert _declarations(rid, "1112345678999m", seat=2) == []


class _Plain:
    """Takes a mahjong when offered, declares on the deal if told to, discards ``discard`` first, else passes."""

    def __init__(self, declare: bool = False, discard: int | None = None):
        self.declare, self.discard = declare, discard

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        for option in options:
            if option.kind == "win" or (option.kind == "declare_calling" and self.declare):
                return option
        if phase == "turn":
            discards = [o for o in options if o.kind == "discard" and o.way is None]
            return next((o for o in discards if o.tile == self.discard), discards[0])
        return options[-1]


def _deal_order(ruleset: Any, hands: dict[int, str]) -> list[int]:
    """A draw order dealing ``hands`` (seat -> 13 tiles; the dealer's 14th is its last) to the seats."""
    rest = sorted(build_plugin_manager(bind(ruleset).plugins).hook.mahjong_tile_set(ruleset=ruleset))
    chosen = {seat: parse_tiles(text) for seat, text in hands.items()}
    for tiles in chosen.values():
        for tile in tiles:
            rest.remove(tile)
    fillers = [t for t in rest if t < 34]  # no bonus tile in a dealt hand: no replacement to follow
    seat_tiles = {}
    for seat in range(4):
        tiles = list(chosen.get(seat, ()))
        while len(tiles) < 13 + (seat == 0):
            tiles.append(fillers.pop())
            rest.remove(tiles[-1])
        seat_tiles[seat] = tiles
    order: list[int] = []
    for block in range(3):
        for seat in range(4):
            order += seat_tiles[seat][4 * block: 4 * block + 4]
    order += [seat_tiles[seat][12] for seat in range(4)] + [seat_tiles[0][13]]
    return order + rest


@pytest.mark.parametrize("declare", [True, False])
def test_the_earthly_hand_needs_the_declaration_on_the_deal(declare: bool) -> None:
    """South is dealt a ready hand; it wins on East's first discard only if it declared at once (001 line 161)."""
    from mahjong_core.table.wall import Wall

    rs = load_ruleset("traditional")
    order = _deal_order(rs, {0: "3z3z4z4z5z6z7z1p1p5m5m9p1z1z", 1: "123m456p789s1z1z2z2z"})
    seen: list[dict[str, Any]] = []
    players = [_Plain(discard=27), _Plain(declare=declare), _Plain(), _Plain()]
    Game(rs, players, None, emit=seen.append, max_deals=1, tile_source_factory=lambda game: Wall.from_order(
        order, rs.param("wall_ceremony"), players=4,
        exhaustive_draw_tiles_left=int(rs.param("exhaustive_draw_tiles_left")))).play()
    declared = [e["action"] for e in seen if e["type"] == "decision" and e["phase"] == "declaration"
                and e["actor"] == 1]
    assert declared == ["declare_calling" if declare else "pass"]
    assert not any(e["type"] == "decision" and e["phase"] == "declaration" and e["actor"] == 0 for e in seen)
    first_discard = next(e for e in seen if e["type"] == "decision" and e["action"] == "discard")
    assert (first_discard["actor"], first_discard["tile"]) == (0, "1z")
    answer = next(e for e in seen if e["n"] > first_discard["n"] and e["type"] == "decision")
    if declare:
        assert (answer["actor"], answer["action"]) == (1, "win")
        score = next(e for e in seen if e["type"] == "score" and e["seat"] == 1)
        assert "earthly" in {item["name"] for item in score["items"]}
    else:  # the win is not offered: South may only pung or pass
        assert (answer["actor"], answer["action"]) == (1, "pass")


# ------------------------------------------------------------------ the dead hand


def test_a_dead_hand_cannot_win_under_the_traditional_rules() -> None:
    # 001 line 115: a hand with a wrong number of tiles cannot take mahjong.
    assert _objections("traditional", calling=True, hand="111234567899m +9m") == [
        "dead hand: 13 tiles, a mahjong has 14"]
    assert _objections("traditional", calling=True, hand="11112345678999m +9m") == [
        "dead hand: 15 tiles, a mahjong has 14"]
    assert load_ruleset("traditional").value("dead_hand")["enabled"] is True
    assert load_ruleset("harbin").value("dead_hand")["enabled"] is False
    assert _objections("harbin", calling=False, hand="111234567899m +9m") == []
