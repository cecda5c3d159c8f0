"""Classical settlement: the hand, East's double, limits, dead hands, the pay-the-limit rules and the bank.

Scores are built directly (``Score(total, ...)``) so these tests do not depend
on the scoring engine; game-level tests register a stand-in scorer as an
observer plugin, which the plugin manager calls before the core's default.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rulesets.families.classical.bank import is_bank_deal
from mahjong_rulesets.families.classical.settlement import east_factor

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.score import Score
from mahjong_core.hand.tiles import FLOWERS, SEASONS
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.settlement import settle
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Outcome, Payment, Table, meld_of

CLASSICAL = ("harbin", "shanghai", "orsk", "chinese_classical", "european_classical", "traditional",
             "bonus_classical")


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

    def __getattr__(self, name: str) -> Any:  # everything else (its settlement, its family) is the base's
        return getattr(self._base, name)


def table(dealer: int = 0, deal: int = 0, round_index: int = 0) -> Table:
    t = Table(players=4, scores=[0] * 4, dealer=dealer, deal_number=deal, round_index=round_index)
    t.new_deal()
    for seat in t.seats:
        seat.counts[0] = 13  # a hand of the right size (only its size matters to settlement)
    return t


def win(winner: int, values: dict[int, int], *, limit: str | None = None, how: str = "discard",
        discarder: int | None = None) -> Outcome:
    scores = {s: Score(v, "classical", limit=limit if s == winner else None) for s, v in values.items()}
    if discarder is None and how == "discard":
        discarder = (winner + 1) % 4
    return Outcome("win", winner, how, 0, discarder, scores)


def net(payments: list[Payment], players: int = 4) -> list[int]:
    out = [0] * players
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


# ------------------------------------------------------------------ the hand


def test_losers_pay_the_winner_and_settle_differences_with_east_double() -> None:
    payments = settle(load_ruleset("harbin"), table(dealer=0), win(1, {0: 10, 1: 40, 2: 20, 3: 0}))
    assert payments == [
        Payment(0, 1, 80, "mahjong"),  # East pays double
        Payment(2, 1, 40, "mahjong"),
        Payment(3, 1, 40, "mahjong"),
        Payment(0, 2, 20, "difference"),  # East's difference is doubled too (000 line 136)
        Payment(3, 0, 20, "difference"),
        Payment(3, 2, 20, "difference"),
    ]
    assert net(payments) == [-80, 160, 0, -80]


def test_east_winning_receives_double_from_everyone() -> None:
    payments = settle(load_ruleset("traditional"), table(dealer=2), win(2, {0: 8, 1: 8, 2: 50, 3: 8}))
    assert payments == [Payment(s, 2, 100, "mahjong") for s in (0, 1, 3)]  # equal losers: no differences


def test_without_east_double_every_payment_is_single() -> None:
    rs = Tweaked(load_ruleset("harbin"), east_pays_double=False)
    payments = settle(rs, table(dealer=0), win(1, {0: 10, 1: 40, 2: 20, 3: 0}))
    assert net(payments) == [-40 - 10 + 10, 120, -40 + 10 + 20, -40 - 10 - 20]
    assert east_factor(rs, table(dealer=0), 0, 1) == 1


def test_no_settlement_between_losers_after_a_limit() -> None:
    rs = load_ruleset("shanghai")
    payments = settle(rs, table(dealer=3), win(1, {0: 10, 1: 1000, 2: 200, 3: 0}, limit="usual_limit"))
    assert payments == [Payment(0, 1, 1000, "mahjong"), Payment(2, 1, 1000, "mahjong"), Payment(3, 1, 2000, "mahjong")]
    special = settle(rs, table(dealer=3), win(1, {0: 10, 1: 5000, 2: 200, 3: 0}, limit="heavenly"))
    assert {p.reason for p in special} == {"mahjong"}
    # A house rule may keep the losers' settlement after a limit.
    kept = settle(Tweaked(rs, losers_settle_after_limit=True), table(dealer=3),
                  win(1, {0: 10, 1: 1000, 2: 200, 3: 0}, limit="usual_limit"))
    assert Payment(0, 2, 190, "difference") in kept


def test_a_drawn_deal_settles_no_hands() -> None:
    for rid in CLASSICAL:
        if rid in ("shanghai", "orsk"):
            continue  # the bank counts stakes in a draw, but pays nothing
        assert settle(load_ruleset(rid), table(), Outcome("draw")) == []


def test_a_dead_hand_with_too_many_tiles_counts_nothing_among_losers() -> None:
    rs = load_ruleset("traditional")  # 001 line 115
    t = table(dealer=0)
    t.seats[2].counts[1] = 1  # 14 tiles: a long dead hand
    t.seats[3].counts[0] = 10  # 10 tiles: a short dead hand, still scored
    payments = settle(rs, t, win(1, {0: 10, 1: 40, 2: 30, 3: 20}))
    assert Payment(2, 1, 40, "mahjong") in payments  # a dead hand still pays the winner
    assert Payment(2, 0, 20, "difference") in payments  # 10 against 0, doubled for East
    assert Payment(2, 3, 20, "difference") in payments
    assert Payment(3, 0, 20, "difference") not in payments and Payment(0, 3, 20, "difference") in payments
    # Where the ruleset has no dead-hand rule, the long hand's value counts.
    assert Payment(3, 2, 10, "difference") in settle(load_ruleset("harbin"), t, win(1, {0: 10, 1: 40, 2: 30, 3: 20}))


def test_a_kong_counts_three_tiles_for_the_dead_hand_rule() -> None:
    t = table(dealer=0)
    t.seats[2].counts[0] = 10
    t.seats[2].melds.append(meld_of(MeldKind.KONG, (5, 5, 5, 5), exposed=True))
    payments = settle(load_ruleset("traditional"), t, win(1, {0: 0, 1: 40, 2: 30, 3: 0}))
    assert Payment(0, 2, 60, "difference") in payments


@pytest.mark.parametrize("bad, message", [
    ({0: 1, 2: 3, 3: 4}, "the winner (seat 1) has no score"),
    ({0: 1, 1: 40, 3: 4}, "a loser (seat 2) has no score"),
    ({0: 1, 1: -5, 2: 3, 3: 4}, "must be a non-negative integer"),
])
def test_missing_or_bad_scores_are_named(bad: dict[int, int], message: str) -> None:
    with pytest.raises(MahjongError, match=re.escape(message)):
        settle(load_ruleset("harbin"), table(), win(1, bad))


def test_a_win_without_a_winner_is_an_error() -> None:
    with pytest.raises(MahjongError, match="needs the winner's seat"):
        settle(load_ruleset("harbin"), table(), Outcome("win", None, "discard", 0, 2, {}))


# ------------------------------------------------------------------ pay the limit


def test_four_flowers_and_four_seasons_are_paid_the_usual_limit_even_in_a_draw() -> None:
    rs = load_ruleset("harbin")  # 000 lines 196, 350; usual limit 500
    t = table(dealer=0)
    t.seats[2].bonus = list(FLOWERS) + list(SEASONS)
    payments = settle(rs, t, Outcome("draw"))
    assert Counter(payments) == Counter({
        Payment(0, 2, 1000, "four_flowers"): 1, Payment(1, 2, 500, "four_flowers"): 1,
        Payment(3, 2, 500, "four_flowers"): 1, Payment(0, 2, 1000, "four_seasons"): 1,
        Payment(1, 2, 500, "four_seasons"): 1, Payment(3, 2, 500, "four_seasons"): 1,
    })
    t.seats[2].bonus = list(FLOWERS[:3]) + list(SEASONS[:3])
    assert settle(rs, t, Outcome("draw")) == []
    t.seats[2].bonus = list(FLOWERS)
    assert settle(Tweaked(rs, pay_limit_for_four_bonus=False), t, Outcome("draw")) == []


def test_pay_the_limit_needs_a_usual_limit() -> None:
    rs = Tweaked(load_ruleset("harbin"), usual_limit=None)
    t = table()
    t.seats[1].bonus = list(SEASONS)
    with pytest.raises(RulesetError, match="usual_limit is None"):
        settle(rs, t, Outcome("draw"))


def test_fifth_and_later_consecutive_mahjongs_receive_the_usual_limit() -> None:
    rs = load_ruleset("harbin")  # 000 lines 199, 351: five or more in a row
    t = table(dealer=0)
    extra: list[list[Payment]] = []
    sequence = [2, 2, 2, 2, 2, 2, "draw", 2, 2, 2, 2, 1, 2]
    for deal, who in enumerate(sequence):
        t.deal_number = deal
        outcome = Outcome("draw") if who == "draw" else win(who, {0: 0, 1: 0, 2: 0, 3: 0, who: 30})
        extra.append([p for p in settle(rs, t, outcome) if p.reason == "consecutive_wins"])
    assert [bool(x) for x in extra] == [False] * 4 + [True, True] + [False] * 7
    assert Counter(extra[4]) == Counter([Payment(0, 2, 1000, "consecutive_wins"),
                                         Payment(1, 2, 500, "consecutive_wins"),
                                         Payment(3, 2, 500, "consecutive_wins")])
    for rid in ("chinese_classical", "european_classical", "traditional"):
        t2 = table()
        for deal in range(6):
            t2.deal_number = deal
            assert all(p.reason == "mahjong" for p in settle(load_ruleset(rid), t2, win(2, {0: 0, 1: 0, 2: 30, 3: 0})))


def test_settling_the_same_deal_twice_counts_it_once() -> None:
    rs = load_ruleset("shanghai")
    t = table(dealer=0)
    for deal in range(4):
        t.deal_number = deal
        first = settle(rs, t, win(2, {0: 0, 1: 0, 2: 30, 3: 0}))
        again = settle(rs, t, win(2, {0: 0, 1: 0, 2: 30, 3: 0}))
        assert first == again
    t.deal_number = 4
    assert any(p.reason == "consecutive_wins" for p in settle(rs, t, win(2, {0: 0, 1: 0, 2: 30, 3: 0})))
    assert t.bank == 5 * 100 * 4


# ------------------------------------------------------------------ the bank


def _deal(rs: Any, t: Table, deal: int, dealer: int, round_index: int, outcome: Outcome) -> list[Payment]:
    t.deal_number, t.dealer, t.round_index = deal, dealer, round_index
    return [p for p in settle(rs, t, outcome) if p.reason == "bank"]


def test_the_bank_is_won_when_the_rounds_first_north_deals() -> None:
    rs = load_ruleset("shanghai")  # 000 line 202; stake 100
    t = table()
    plain = win(1, {0: 0, 1: 30, 2: 0, 3: 0})
    assert _deal(rs, t, 0, 0, 0, plain) == []
    assert _deal(rs, t, 1, 1, 0, plain) == []
    assert _deal(rs, t, 2, 2, 0, plain) == [] and t.bank == 3 * 400
    # Seat 3 was North when the round began (seat 0 its first East): this deal is for the bank.
    assert _deal(rs, t, 3, 3, 0, Outcome("draw")) == [] and t.bank == 4 * 400  # a draw leaves the bank
    assert is_bank_deal(t, t.extra["bank"]["state"])
    paid = _deal(rs, t, 4, 3, 0, win(0, {0: 30, 1: 0, 2: 0, 3: 0}))
    assert paid == [Payment(1, 0, 500, "bank"), Payment(2, 0, 500, "bank"), Payment(3, 0, 500, "bank")]
    assert t.bank == 0
    # The bank is played once a round: North-East winning again plays for no bank.
    assert _deal(rs, t, 5, 3, 0, win(3, {0: 0, 1: 0, 2: 0, 3: 30})) == [] and t.bank == 400
    # The next round's first North is again the seat before its first East.
    assert _deal(rs, t, 6, 0, 1, plain) == []
    paid = _deal(rs, t, 7, 3, 1, win(3, {0: 0, 1: 0, 2: 0, 3: 30}))
    assert paid == [Payment(s, 3, 300, "bank") for s in (0, 1, 2)]


def test_the_bank_is_not_filled_after_its_fourth_win() -> None:
    rs = load_ruleset("orsk")
    t = table()
    deal = 0
    for round_index in range(4):
        for dealer in (0, 1, 2, 3):
            paid = _deal(rs, t, deal, dealer, round_index, win(dealer, {0: 0, 1: 0, 2: 0, 3: 0, dealer: 30}))
            deal += 1
            assert bool(paid) is (dealer == 3)
    assert t.extra["bank"]["state"]["won"] == 4
    assert _deal(rs, t, deal, 3, 3, win(3, {0: 0, 1: 0, 2: 0, 3: 30})) == [] and t.bank == 0
    assert _deal(rs, t, deal + 1, 0, 4, win(0, {0: 30, 1: 0, 2: 0, 3: 0})) == [] and t.bank == 0


def test_rulesets_without_the_bank_pay_no_bank() -> None:
    for rid in ("harbin", "chinese_classical", "european_classical", "traditional", "bonus_classical",
                "shanghai_1500_no_bank"):
        t = table()
        for dealer in range(4):
            outcome = win(dealer, {0: 0, 1: 0, 2: 0, 3: 0, dealer: 9})
            assert _deal(load_ruleset(rid), t, dealer, dealer, 0, outcome) == []
        assert t.bank == 0 and "bank" not in t.extra


# ------------------------------------------------------------------ properties


@settings(max_examples=300, deadline=None)
@given(
    rid=st.sampled_from(CLASSICAL),
    values=st.lists(st.integers(0, 3000), min_size=4, max_size=4),
    winner=st.integers(0, 3),
    dealer=st.integers(0, 3),
    limit=st.booleans(),
    bonus=st.lists(st.sets(st.sampled_from(FLOWERS + SEASONS)), min_size=4, max_size=4),
    won=st.booleans(),
)
def test_payments_sum_to_zero_and_follow_the_rules(rid: str, values: list[int], winner: int, dealer: int,
                                                   limit: bool, bonus: list[set[int]], won: bool) -> None:
    rs = load_ruleset(rid)
    t = table(dealer=dealer)
    taken: set[int] = set()
    for seat, tiles in zip(t.seats, bonus, strict=True):
        seat.bonus = sorted(tiles - taken)  # one copy of each bonus tile
        taken |= tiles
    outcome = win(winner, dict(enumerate(values)), limit="usual_limit" if limit else None) if won else Outcome("draw")
    payments = settle(rs, t, outcome)
    assert sum(net(payments)) == 0
    assert all(p.amount > 0 and p.payer != p.payee and 0 <= p.payer < 4 and 0 <= p.payee < 4 for p in payments)
    by_reason: dict[str, list[Payment]] = {}
    for p in payments:
        by_reason.setdefault(p.reason, []).append(p)
    hand = by_reason.get("mahjong", [])
    if not won:
        assert not hand and "difference" not in by_reason
        return
    double = rs.value("east_pays_double")
    factor = {s: 2 if double and dealer in (s, winner) else 1 for s in range(4)}
    assert sorted((p.payer, p.amount) for p in hand) == \
        sorted((s, values[winner] * factor[s]) for s in range(4) if s != winner and values[winner])
    differences = net(by_reason.get("difference", []))
    assert differences[winner] == 0
    for s in range(4):
        if s == winner:
            continue
        expected = 0 if limit else sum((values[s] - values[o]) * (2 if double and dealer in (s, o) else 1)
                                       for o in range(4) if o not in (s, winner))
        assert differences[s] == expected


# ------------------------------------------------------------------ games


class StandInScoring:
    """A scorer independent of the scoring engine, and the classical settlement wired in."""

    @hookimpl
    def mahjong_score_hand(self, ruleset: Any, hand: Any, context: Any) -> Score:
        value = 4 * len(hand.melds) + 4 * len(hand.bonus) + (20 if context.get("winner") else 0)
        return Score(value, "stand-in")

    @hookimpl
    def mahjong_settle(self, ruleset: Any, table: Table, outcome: Outcome) -> list[Payment]:
        return settle(ruleset, table, outcome)


class BankWatcher:
    """Follows a game and checks each deal's bank payments against the rule as 000 line 202 states it."""

    def __init__(self) -> None:
        self.round_first_dealer: dict[int, int] = {}
        self.won_rounds: set[int] = set()
        self.banks = 0
        self.pending = 0
        self.bank_deals_drawn = 0

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "deal_start":
            self.round_first_dealer.setdefault(event["round"], event["dealer"])
            self.dealer, self.round = event["dealer"], event["round"]
            self.winner: int | None = None
        elif event["type"] == "mahjong":
            self.winner = event["seat"]
        elif event["type"] == "settlement":
            paid = [p for p in event["payments"] if p[3] == "bank"]
            if self.banks >= 4:
                assert not paid and table.bank == 0
                return
            self.pending += 1
            north = (self.round_first_dealer[self.round] - 1) % 4
            bank_deal = self.dealer == north and self.round not in self.won_rounds
            if bank_deal and self.winner is not None:
                assert sorted(paid) == sorted([s, self.winner, 100 * self.pending, "bank"]
                                              for s in range(4) if s != self.winner)
                self.banks += 1
                self.won_rounds.add(self.round)
                self.pending = 0
            else:
                assert not paid
                self.bank_deals_drawn += bank_deal
            assert table.bank == 400 * self.pending


@pytest.mark.parametrize("rid, seed", [("shanghai", 1), ("orsk", 3), ("shanghai", 7)])
def test_a_whole_game_wins_the_bank_once_a_round(rid: str, seed: int) -> None:
    watcher = BankWatcher()
    events: list[dict[str, Any]] = []
    game = Game(load_ruleset(rid), make_bots(["greedy", "random", "greedy", "random"], seed), seed,
                emit=events.append, observers=(StandInScoring(), watcher), max_deals=200)
    result = game.play()
    assert result.deals < 200  # the game ended by its rule: four rounds
    assert watcher.banks == 4
    assert sum(result.scores) == 0
    payments = [p for e in events if e["type"] == "settlement" for p in e["payments"]]
    assert {p[3] for p in payments} >= {"mahjong", "difference", "bank"}


def test_games_pay_consecutive_wins_exactly_from_the_fifth_in_a_row() -> None:
    rs = load_ruleset("harbin")
    seen = 0
    for seed in (2, 5):
        events: list[dict[str, Any]] = []
        Game(rs, make_bots(["greedy", "random", "greedy", "random"], seed), seed, emit=events.append,
             observers=(StandInScoring(),), max_deals=200).play()
        run_seat, run = None, 0
        winner = None
        for e in events:
            if e["type"] == "deal_start":
                winner = None
            elif e["type"] == "mahjong":
                winner = e["seat"]
            elif e["type"] == "settlement":
                run = run + 1 if winner is not None and winner == run_seat else (1 if winner is not None else 0)
                run_seat = winner
                paid = [p for p in e["payments"] if p[3] == "consecutive_wins"]
                assert bool(paid) is (run >= 5)
                seen += bool(paid)
    assert seen > 0
