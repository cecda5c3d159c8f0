"""Riichi's money between deals and at the game's end, as the bundled mechanisms play it: ready-hand payments at
an exhaustive draw (``ready_payments``), the dealer's repeat and its honba counter (``dealer_repeat``), the end of a
game for points (``game_end``) and the payments by place (``placement_payments``).

Each rule on tables and outcomes set up by hand, then seeded games of the ``riichi_tenhou`` preset (loaded by its
path: it is not an installed ruleset yet), whose logs audit clean and whose counters, rotations, draws and game-end
payments follow the rules event by event; and, by Hypothesis, the points over the seats and the pot conserved.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rulesets.mechanisms import dealer_repeat, game_end, placement, ready_payments

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.errors import RulesetError
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.plugin import MeldKind, Outcome, Ruleset, Table, parse_tiles
from mahjong_core.table.state import meld_of

TENHOU = Path(__file__).resolve().parents[3] / "plugins" / "rulesets" / "riichi_tenhou" / "ruleset.yaml"
START, TOTAL = 25000, 100000
NOT_READY = "19m19p19s12345z5m5p"  # 13 tiles, far from ready
READY = "123m456p789s1122z"  # waiting on 1z or 2z


@pytest.fixture(scope="module")
def tenhou() -> Ruleset:
    return load_ruleset(TENHOU)


def table(*hands: str, dealer: int = 0, scores: Sequence[int] = (START,) * 4) -> Table:
    t = Table(players=4, scores=list(scores), dealer=dealer)
    t.new_deal()
    for seat, hand in zip(t.seats, hands, strict=False):
        for kind in parse_tiles(hand):
            seat.counts[kind] += 1
    return t


def reactions(ruleset: Ruleset, t: Table, event: dict[str, Any]) -> list[Any]:
    return list(ready_payments.mahjong_event_reactions(ruleset=ruleset, table=t, event=event) or ())


def paid(events: Sequence[Any]) -> list[int]:
    """Each seat's net from the payment events."""
    net = [0] * 4
    for e in events:
        if e["type"] == "payment":
            net[e["payer"]] -= e["amount"]
            net[e["payee"]] += e["amount"]
    return net


# -- ready-hand payments ---------------------------------------------------------------------------------------


def test_ready_hands_share_three_thousand_from_the_hands_not_ready(tenhou: Ruleset) -> None:
    draw = {"type": "exhaustive_draw"}
    one = reactions(tenhou, table(READY, NOT_READY, NOT_READY, NOT_READY), draw)
    assert one[0] == {"type": "ready_hands", "seats": [0]}
    assert paid(one) == [3000, -1000, -1000, -1000]
    two = reactions(tenhou, table(READY, NOT_READY, READY, NOT_READY), draw)
    assert two[0]["seats"] == [0, 2] and paid(two) == [1500, -1500, 1500, -1500]
    assert {e["amount"] for e in two[1:]} == {750}
    three = reactions(tenhou, table(READY, READY, READY, NOT_READY), draw)
    assert paid(three) == [1000, 1000, 1000, -3000]


def test_nothing_moves_when_every_hand_or_none_is_ready(tenhou: Ruleset) -> None:
    draw = {"type": "exhaustive_draw"}
    assert reactions(tenhou, table(READY, READY, READY, READY), draw) == [
        {"type": "ready_hands", "seats": [0, 1, 2, 3]}]
    assert reactions(tenhou, table(NOT_READY, NOT_READY, NOT_READY, NOT_READY), draw) == [
        {"type": "ready_hands", "seats": []}]
    assert reactions(tenhou, table(READY), {"type": "deal_end"}) == []


def test_a_wait_on_a_kind_whose_four_copies_the_seat_holds_is_not_ready(tenhou: Ruleset) -> None:
    t = table("2m345p678p345s", READY)  # waits on 2m alone, and holds the other three in a pung
    t.seats[0].melds.append(meld_of(MeldKind.PUNG, (1, 1, 1), exposed=True, claimed_from=1))
    assert not ready_payments.seat_ready(t, 0)
    assert ready_payments.ready_seats(t) == [1]
    t.seats[0].melds[0] = meld_of(MeldKind.PUNG, (2, 2, 2), exposed=True, claimed_from=1)  # 3m held instead
    assert ready_payments.seat_ready(t, 0)


def test_all_orphan_discards_none_claimed_are_paid_a_mangan_instead(tenhou: Ruleset) -> None:
    draw = {"type": "exhaustive_draw"}
    t = table(READY, NOT_READY, NOT_READY, NOT_READY, dealer=3)
    t.seats[1].discards.extend(parse_tiles("1m9p1z7z"))
    t.seats[2].discards.extend(parse_tiles("1m5p"))
    replies = reactions(tenhou, t, draw)
    assert replies[0] == {"type": "ready_hands", "seats": [0]}  # the ready seats still shown
    assert {e["reason"] for e in replies[1:]} == {"all_orphan_discards"}  # the ready-hand payments replaced
    assert paid(replies) == [-2000, 8000, -2000, -4000]
    t.dealer = 1  # the dealer's: 4,000 from each
    assert paid(reactions(tenhou, t, draw)) == [-4000, 12000, -4000, -4000]
    t.seats[0].melds.append(meld_of(MeldKind.PUNG, (27, 27, 27), exposed=True, claimed_from=1))  # 1z from seat 1
    assert paid(reactions(tenhou, t, draw)) == [3000, -1000, -1000, -1000]  # claimed: the ready payments again
    assert ready_payments.claimed_from(t, 1) and not ready_payments.claimed_from(t, 2)


# -- the dealer's repeat and the honba counter -------------------------------------------------------------------


RULE = {"win": True, "ready_at_draw": True, "abortive_draw": True, "counter": "honba"}


@pytest.mark.parametrize(("outcome", "hands", "keeps"), [
    (Outcome("win", winner=0, how="discard", discarder=2), (), True),
    (Outcome("win", winner=1, how="self_drawn"), (), False),
    (Outcome("win", winner=1, how="discard", discarder=2, wins=[Outcome("win", winner=1), Outcome("win", winner=0)]),
     (), True),
    (Outcome("abortive", reason="four_winds"), (), True),
    (Outcome("draw"), (READY, NOT_READY), True),
    (Outcome("draw"), (NOT_READY, READY), False),
])
def test_the_dealer_keeps_the_deal_on_a_win_a_ready_draw_and_an_abortive_draw(
        outcome: Outcome, hands: tuple[str, ...], keeps: bool) -> None:
    assert dealer_repeat.keeps_deal(RULE, table(*hands), outcome) is keeps
    assert dealer_repeat.keeps_deal({**RULE, "win": False, "abortive_draw": False, "ready_at_draw": False},
                                    table(*hands), outcome) is False


def test_the_rule_keeps_the_deal_and_leaves_passing_it_to_the_core(tenhou: Ruleset) -> None:
    t = table(READY, NOT_READY, dealer=0)
    assert dealer_repeat.mahjong_next_deal(ruleset=tenhou, table=t, outcome=Outcome("draw")) == (0, 0, 0)
    assert t.extra[dealer_repeat.EXTRA] is False  # not won
    t = table(NOT_READY, READY, dealer=0)
    assert dealer_repeat.mahjong_next_deal(ruleset=tenhou, table=t, outcome=Outcome("draw")) is None
    assert dealer_repeat.mahjong_next_deal(ruleset=tenhou, table=t, outcome=Outcome("win", winner=1)) is None
    assert t.extra[dealer_repeat.EXTRA] is True


@pytest.mark.parametrize(("won", "repeated", "before", "after"), [
    (True, True, 2, 3),  # the dealer won: a repeat
    (False, True, 2, 3),  # a ready dealer at a draw
    (False, False, 2, 3),  # a draw that passed the deal still adds one
    (True, False, 2, 0),  # a win the dealer was not among
    (True, False, 0, None),  # ... leaving 0 at 0: nothing logged
])
def test_honba_rises_on_a_repeat_and_any_draw_and_resets_after_a_win_that_passes_the_deal(
        tenhou: Ruleset, won: bool, repeated: bool, before: int, after: int | None) -> None:
    t = table()
    t.counters["honba"] = before
    t.deal_in_round = 1 if repeated else 0
    t.extra[dealer_repeat.EXTRA] = won
    rotation = {"type": "rotation", "dealer": 0, "prevalent_wind": 0, "round": 0}
    replies = dealer_repeat.mahjong_event_reactions(ruleset=tenhou, table=t, event=rotation)
    assert replies == (None if after is None else [{"type": "counter", "name": "honba", "value": after}])
    assert dealer_repeat.EXTRA not in t.extra
    assert dealer_repeat.mahjong_event_reactions(ruleset=tenhou, table=t, event={"type": "deal_end"}) is None


def test_the_counter_reaches_the_score_of_a_win(tenhou: Ruleset) -> None:
    t = table()
    assert dealer_repeat.mahjong_win_context(ruleset=tenhou, table=t) == {"honba": 0}
    t.counters["honba"] = 4
    assert dealer_repeat.mahjong_win_context(ruleset=tenhou, table=t) == {"honba": 4}


# -- the game's end ----------------------------------------------------------------------------------------------


END = {"target": 30000, "extension_rounds": 1, "below_zero_ends": True, "dealer_stops_when_first": True}


def between(round_index: int, dealer: int, scores: Sequence[int], repeated: bool = False) -> Table:
    t = table(dealer=dealer, scores=scores)
    t.round_index, t.deal_in_round = round_index, 1 if repeated else 0
    return t


@pytest.mark.parametrize(("t", "ends"), [
    (between(1, 2, [40000, 20000, 20000, 20000]), False),  # South 3: the game goes on
    (between(0, 1, [-100, 45100, 30000, 25000]), True),  # a seat below zero
    (between(0, 1, [0, 45000, 30000, 25000]), False),  # a seat at exactly zero plays on
    (between(2, 0, [31000, 23000, 23000, 23000]), True),  # the hanchan played, a seat at the target
    (between(2, 0, [29900, 23400, 23400, 23300]), False),  # nobody at the target: into the West round
    (between(2, 1, [29900, 23400, 23400, 23300]), False),  # West 2, still nobody
    (between(2, 2, [30000, 23400, 23300, 23300]), True),  # West: the first deal leaving a seat at 30,000
    (between(3, 0, [29900, 23400, 23400, 23300]), True),  # the West round played: over whatever the points
    (between(1, 3, [20000, 20000, 20000, 40000], repeated=True), True),  # all-last: the dealer first, stops
    (between(1, 3, [20000, 20000, 20000, 40000]), False),  # all-last reached, but not by the dealer's repeat
    (between(1, 3, [40000, 20000, 20000, 20000], repeated=True), False),  # the dealer repeats, not first
    (between(1, 3, [27000, 27000, 19000, 27000], repeated=True), False),  # first on points, not by seat order
    (between(1, 3, [24000, 24000, 24000, 28000], repeated=True), False),  # first, but short of the target
])
def test_the_game_ends_by_target_extension_busting_and_the_last_dealer_stopping(t: Table, ends: bool) -> None:
    assert game_end.over(END, "seat_order", t, 2) is ends


def test_without_busting_or_stopping_the_rounds_alone_end_it() -> None:
    rule = {"target": None, "extension_rounds": 0, "below_zero_ends": False, "dealer_stops_when_first": False}
    assert not game_end.over(rule, "seat_order", between(0, 1, [-5000, 55000, 25000, 25000]), 1)
    assert not game_end.over(rule, "seat_order", between(0, 3, [0, 0, 0, 100000], repeated=True), 1)
    assert game_end.over(rule, "seat_order", between(1, 0, [25000] * 4), 1)  # tonpuusen: one round
    assert game_end.over(END, "shared", between(1, 3, [20000, 20000, 30000, 30000], repeated=True), 2)


# -- placement: the pot, the oka, the uma -----------------------------------------------------------------------


PLACEMENT = {"return_points": 30000, "uma": [20000, 10000, -10000, -20000], "ties": "seat_order"}


def after(scores: Sequence[int], events: Sequence[Any], pot: int = 0) -> list[int]:
    out = list(scores)
    for e in events:
        if e["payer"] is None:
            pot -= e["amount"]
        else:
            out[e["payer"]] -= e["amount"]
        out[e["payee"]] += e["amount"]
    assert pot == 0
    return out


def test_oka_and_uma_by_place() -> None:
    scores = [32000, 17300, 30600, 20100]
    paid_out = placement.settlement(PLACEMENT, START, scores, 0)
    assert {e["reason"] for e in paid_out} == {"oka", "uma"}
    # each measured against 30,000, first taking the 20,000 of oka, then +20/+10/-10/-20 thousand: the points after
    # the payments, less the 25,000 each began with, are those results (they add up to 0)
    assert [x - START for x in after(scores, paid_out)] == [2000 + 20000 + 20000, -12700 - 20000, 600 + 10000,
                                                            -9900 - 10000]


def test_the_pot_left_goes_to_first_place() -> None:
    scores = [30000, 25000, 24000, 19000]
    paid_out = placement.settlement(PLACEMENT, START, scores, 2000)
    assert paid_out[0] == {"type": "payment", "payer": None, "payee": 0, "amount": 2000, "reason": "pot_to_first"}
    assert sum(after(scores, paid_out, 2000)) == sum(scores) + 2000


def test_ties_by_seat_order_or_shared() -> None:
    scores = [20000, 30000, 30000, 18000]
    by_seat = after(scores, placement.settlement(PLACEMENT, START, scores, 1000), 1000)
    assert by_seat == [20000 - 5000 - 10000, 30000 + 1000 + 15000 + 20000, 30000 - 5000 + 10000, 18000 - 5000 - 20000]
    shared = after(scores, placement.settlement({**PLACEMENT, "ties": "shared"}, START, scores, 1000), 1000)
    assert shared[1] == shared[2]
    assert sum(shared) == sum(scores) + 1000
    assert shared[1] - 30000 == 500 + 5000 + 15000  # half the pot, half the oka net, half of uma 20+10 thousand


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-20000, 80000), min_size=3, max_size=3), st.integers(0, 10).map(lambda n: n * 1000),
       st.sampled_from(["seat_order", "shared"]))
def test_the_game_end_payments_conserve_the_points(three: list[int], pot: int, ties: str) -> None:
    scores = [*three, TOTAL - pot - sum(three)]
    paid_out = placement.settlement({**PLACEMENT, "ties": ties}, START, scores, pot)
    final = after(scores, paid_out, pot)
    assert sum(final) == TOTAL
    assert all(e["amount"] > 0 for e in paid_out)
    first = placement.places(scores, ties)[0]
    others = [final[seat] for seat in range(4) if seat not in first]
    assert min(final[seat] for seat in first) >= max(others, default=0)  # the payments never overturn first place


# -- load-time refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "place"), [
    ("{total: 3000,", "{total: 1000,", "ready_payments.value.total"),
    ("uma: [20000, 10000, -10000, -20000]", "uma: [20000, 10000, -10000, -10000]", "placement_payments.value.uma"),
    ("uma: [20000, 10000, -10000, -20000]", "uma: [20000, -20000]", "placement_payments.value.uma"),
    ("return_points: 30000", "return_points: 20000", "placement_payments.value.return_points"),
    ("extension_rounds: 1", "extension_rounds: 9", "game_end"),
    ("ties: seat_order", "ties: coin", "placement_payments"),
])
def test_values_that_cannot_be_played_are_refused_where_they_stand(tmp_path: Path, old: str, new: str,
                                                                   place: str) -> None:
    text = TENHOU.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "riichi_tenhou.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert place in str(caught.value)


# -- seeded games ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def logs(tenhou: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    played = simulate(tenhou, 11, 3, ["greedy"] * 4, tmp_path_factory.mktemp("logs"))
    return [game.replay for game in played if game.replay is not None]


def deals(events: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The events of each deal, from its deal_start to the rotation after it (or the game's end)."""
    out: list[list[dict[str, Any]]] = []
    for e in events:
        if e["type"] == "deal_start":
            out.append([])
        if out:
            out[-1].append(e)
    return out


def test_seeded_games_audit_clean_and_keep_the_points(logs: list[Path]) -> None:
    assert len(logs) == 3
    for log in logs:
        assert check(str(log), "audit").ok
        parsed = read_log(log)
        for state in fold(parsed.header, parsed.events):
            assert sum(state.scores) + state.pot == TOTAL


def test_seeded_games_follow_the_rules_of_repeat_honba_draws_and_the_end(tenhou: Ruleset, logs: list[Path]) -> None:
    seen = {"ready_draw": 0, "repeat": 0, "reset": 0, "honba_paid": 0}
    for log in logs:
        events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        honba = 0
        for deal in deals(events):
            dealer = deal[0]["dealer"]
            winners = [e["seat"] for e in deal if e["type"] == "mahjong"]
            for e in deal:  # the counter reaches the family's score of each win: its honba, paid within the hand
                if e["type"] == "score" and e["seat"] in winners:
                    assert e["raw"].get("honba", 0) == honba
                    seen["honba_paid"] += bool(honba)
            if any(e["type"] == "exhaustive_draw" for e in deal):
                k = next(i for i, e in enumerate(deal) if e["type"] == "exhaustive_draw")
                ready = deal[k + 1]["seats"]
                end = next(i for i, e in enumerate(deal) if e["type"] == "settlement")
                payments = [e for e in deal[k + 2:end] if e["type"] == "payment"]
                if 0 < len(ready) < 4:
                    seen["ready_draw"] += 1
                    assert sum(e["amount"] for e in payments) == 3000
                    assert {e["payee"] for e in payments} == set(ready)
                else:
                    assert payments == []
                keeps = dealer in ready
            elif any(e["type"] == "abortive_draw" for e in deal):
                keeps = True  # dealer_repeat's abortive_draw: the deal is played again
            else:
                keeps = dealer in winners
            rotation = next((e for e in deal if e["type"] == "rotation"), None)
            if rotation is None:
                assert deal[-1]["type"] == "game_end"
                continue
            assert (rotation["dealer"] == dealer) is keeps
            counter = next((e for e in deal if e["type"] == "counter"), None)
            expected = honba + 1 if keeps or not winners else 0
            assert (counter["value"] if counter else honba) == expected
            if keeps:
                seen["repeat"] += 1
            elif winners and honba:
                seen["reset"] += 1
            honba = expected
        ended = events[-1]
        assert ended["type"] == "game_end"
        assert sum(ended["scores"]) == TOTAL
        last = max(i for i, e in enumerate(events) if e["type"] == "deal_end")
        reasons = [e["reason"] for e in events[last:] if e["type"] == "payment"]
        assert "uma" in reasons
    assert all(seen.values()), seen


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.sampled_from(["greedy", "random"]), min_size=4, max_size=4))
def test_points_over_the_seats_and_the_pot_are_conserved_across_whole_games(tenhou: Ruleset, seed: int,
                                                                             bots: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="i31-money-") as out:
        game = simulate(tenhou, seed, 1, bots, Path(out))[0]
        assert game.replay is not None
        parsed = read_log(game.replay)
        pots = [state.pot for state in fold(parsed.header, parsed.events) if sum(state.scores) + state.pot == TOTAL]
    assert len(pots) == game.events  # after every event
    assert pots[-1] == 0 and sum(game.result.scores) == TOTAL  # the pot emptied into first place at the end
    scores = game.result.scores
    assert game.result.deals >= 8 or min(scores) < 0  # a hanchan, unless a seat went below zero
