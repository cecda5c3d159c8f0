"""Classical settlement: the losers pay the winner, then settle among themselves (000 line 136; 001 lines 119-121).

Order of a deal's payments, each one seat to another (so they always sum to zero):

1. **The hand** (only when someone won): each of the losers pays the winner
   the winner's full value (``outcome.scores[winner].total``, already after
   doublings and limits).  Then every pair of losers settles: the loser whose
   hand is worth less pays the other the difference.
2. **East pays and receives double** (``east_pays_double``, 000 line 343):
   000 line 136 asks for the rule to be applied inside the loser pairs too,
   so every payment between East (``table.dealer``) and another seat is
   doubled: East the winner receives 2x from each loser; a losing East pays
   2x to the winner; in a loser pair that includes East, the difference is
   doubled whichever way it goes.  The same factor applies to the limits paid
   at once below (the common classical reading: East pays or receives twice
   the limit).
3. **After a limit** (the winner's score has ``limit`` set, special or usual)
   the losers do not settle among themselves (000 line 512), unless the
   ruleset says ``losers_settle_after_limit: true``.
4. **Dead hands** (``dead_hand``, 001 line 115): a loser holding more tiles
   than a hand has counts 0 in the losers' settlement (``long_hand_scores:
   false``); one holding fewer counts as scored (``short_hand_scores: true``).
   Either still pays the winner.
5. **Payments outside the hand** (:func:`deal_payments`), made in every deal,
   drawn or won, and also when a penalty replaces the hand's settlement:

   * pay the limit for four flowers or four seasons (000 line 196): every
     other seat pays the holder the usual limit.  The seed says the others
     pay "at once" and does not end the deal, so the deal goes on and the
     payment is settled with the deal's other payments (same amounts);
   * pay the limit for five or more consecutive mahjongs (000 line 199): the
     winner of the fifth (sixth, ...) mahjong in a row receives the usual
     limit from each loser on top of the hand's value.  A drawn deal breaks
     the row (the seed's "подряд": in a row of deals);
   * the bank (:mod:`mahjong_rulesets.families.classical.bank`).

A drawn deal settles no hands (001 line 123: no scoring in a drawn deal; 000
scores only the hand that took the mahjong, line 326).

This module is the settlement's plugin, registered in the games of the
rulesets that choose ``settlement: classical``: its hooks are
``mahjong_settle`` and ``mahjong_payment_note``, at the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from mahjong_rulesets.families.classical.bank import bank_payments, deal_state

from mahjong_core.plugin import (
    FLOWERS,
    SEASONS,
    MahjongError,
    Outcome,
    Payment,
    Ruleset,
    RulesetError,
    Table,
    hookimpl,
)

__all__ = [
    "DOUBLED_FOR_EAST",
    "classical_settlement",
    "deal_payments",
    "east_factor",
    "hand_value",
    "hand_payments",
    "payment_note",
    "usual_limit",
    "winner_payments",
]


def classical_settlement(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Every payment of a deal under classical settlement: the hand's, then those outside it."""
    return hand_payments(ruleset, table, outcome) + deal_payments(ruleset, table, outcome)


def east_factor(ruleset: Ruleset, table: Table, a: int, b: int) -> int:
    """2 when one of the two seats is East and the ruleset doubles East's payments, else 1."""
    if ruleset.value("east_pays_double") and table.dealer in (a, b):
        return 2
    return 1


#: The payments :func:`east_factor` doubles: the hand's, the losers' differences and the limits paid at once.
DOUBLED_FOR_EAST = frozenset({"mahjong", "difference", "four_flowers", "four_seasons", "consecutive_wins"})


def payment_note(ruleset: Ruleset, dealer: int, payment: Sequence[Any]) -> str | None:
    """Why a payment to or from East is twice the hand's figure (``east_pays_double``), for the deal's end;
    ``None`` for a payment that is the plain figure."""
    payer, payee, amount, reason = payment
    if reason not in DOUBLED_FOR_EAST or not ruleset.value("east_pays_double") or dealer not in (payer, payee):
        return None
    if not isinstance(amount, int) or amount % 2:
        return None
    who = "pays" if payer == dealer else "receives"
    try:
        source = str(ruleset.source_of("east_pays_double"))
    except RulesetError:  # a value the ruleset's data does not carry itself: say the parameter's name
        source = "east_pays_double"
    return f"{amount // 2} × 2: East {who} double [{source}]"


def winner_payments(ruleset: Ruleset, table: Table, winner: int, value: int, reason: str = "mahjong") -> list[Payment]:
    """Each loser pays the winner ``value`` (doubled to or from East); zero payments are left out."""
    return [Payment(seat, winner, value * east_factor(ruleset, table, seat, winner), reason)
            for seat in range(table.players) if seat != winner and value]


def hand_payments(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The hand's payments: the losers pay the winner, then settle their differences pairwise."""
    if outcome.kind != "win":
        return []
    winner = _winner(table, outcome)
    score = _score(outcome.scores, winner, "the winner")
    payments = winner_payments(ruleset, table, winner, hand_value(score, winner))
    if getattr(score, "limit", None) and not _param(ruleset, "losers_settle_after_limit", False):
        return payments
    losers = [seat for seat in range(table.players) if seat != winner]
    values = {seat: _loser_value(ruleset, table, seat, _score(outcome.scores, seat, "a loser")) for seat in losers}
    for a, b in combinations(losers, 2):
        if values[a] == values[b]:
            continue
        high, low = (a, b) if values[a] > values[b] else (b, a)
        amount = (values[high] - values[low]) * east_factor(ruleset, table, a, b)
        payments.append(Payment(low, high, amount, "difference"))
    return payments


def deal_payments(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments outside the hand, made in every deal: four bonus tiles, consecutive mahjongs, the bank.

    Also called by the dangerous-discard penalty, which replaces only the
    hand's settlement.  Keeps its state across deals in ``table.extra``.
    """
    return (four_bonus_payments(ruleset, table) + consecutive_win_payments(ruleset, table, outcome)
            + bank_payments(ruleset, table, outcome))


def four_bonus_payments(ruleset: Ruleset, table: Table) -> list[Payment]:
    """Every other seat pays the usual limit to a seat holding all four flowers, and again for all four seasons."""
    if not ruleset.value("pay_limit_for_four_bonus"):
        return []
    payments: list[Payment] = []
    for holder, seat in enumerate(table.seats):
        held = set(seat.bonus)
        for reason, group in (("four_flowers", FLOWERS), ("four_seasons", SEASONS)):
            if held.issuperset(group):
                payments += winner_payments(ruleset, table, holder, usual_limit(ruleset), reason)
    return payments


def consecutive_win_payments(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The usual limit from each loser to a player taking his ``count``-th (or later) mahjong in a row."""
    spec = ruleset.value("pay_limit_for_consecutive_wins") or {}
    if not spec.get("enabled"):
        return []
    state = deal_state(table, "consecutive_wins", {"seat": None, "count": 0})
    if outcome.kind != "win":
        state.update(seat=None, count=0)
        return []
    winner = _winner(table, outcome)
    state["count"] = state["count"] + 1 if state["seat"] == winner else 1
    state["seat"] = winner
    need = spec.get("count")
    if not isinstance(need, int) or need < 1:
        raise RulesetError(f"pay_limit_for_consecutive_wins.count must be a positive integer, got {need!r}",
                           source=ruleset.location, place="$.parameters.pay_limit_for_consecutive_wins.count")
    if state["count"] < need:
        return []
    return winner_payments(ruleset, table, winner, usual_limit(ruleset), "consecutive_wins")


def usual_limit(ruleset: Ruleset) -> int:
    """The ruleset's usual limit; an error when a rule needs it and the ruleset has none."""
    limit = ruleset.value("usual_limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
        raise RulesetError(f"a pay-the-limit rule is on, but usual_limit is {limit!r}; expected a positive integer",
                           source=ruleset.location, place="$.parameters.usual_limit")
    return limit


def hand_value(score: Any, seat: int) -> int:
    """A score's total, checked: the value settlement moves for this seat."""
    total = getattr(score, "total", None)
    if not isinstance(total, int) or isinstance(total, bool) or total < 0:
        raise MahjongError(f"seat {seat}'s score total must be a non-negative integer, got {total!r}",
                           place=f"outcome.scores[{seat}].total")
    return total


# ------------------------------------------------------------------ helpers


def _param(ruleset: Ruleset, name: str, default: Any) -> Any:
    try:
        return ruleset.value(name)
    except RulesetError:
        return default


def _winner(table: Table, outcome: Outcome) -> int:
    winner = outcome.winner
    if not isinstance(winner, int) or not 0 <= winner < table.players:
        raise MahjongError(f"a won deal needs the winner's seat (0-{table.players - 1}), got {winner!r}",
                           place="outcome.winner")
    return winner


def _score(scores: Mapping[int, Any], seat: int, who: str) -> Any:
    try:
        return scores[seat]
    except KeyError:
        raise MahjongError(f"classical settlement needs the value of every hand; {who} (seat {seat}) has no score",
                           place=f"outcome.scores[{seat}]") from None


def _loser_value(ruleset: Ruleset, table: Table, seat: int, score: Any) -> int:
    """A loser's value in the losers' settlement: 0 for a dead hand the ruleset does not score."""
    value = hand_value(score, seat)
    dead = _param(ruleset, "dead_hand", None) or {}
    if not dead.get("enabled"):
        return value
    held = table.seats[seat].hand_count()
    size = int(ruleset.value("hand_size"))
    if held > size and not dead.get("long_hand_scores", False):
        return 0
    if held < size and not dead.get("short_hand_scores", True):
        return 0
    return value


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    return classical_settlement(ruleset, table, outcome)


@hookimpl
def mahjong_payment_note(ruleset: Ruleset, dealer: int, payment: Sequence[Any]) -> str | None:
    return payment_note(ruleset, dealer, payment)
