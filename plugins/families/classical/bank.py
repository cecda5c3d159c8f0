"""The bank of the Shanghai and Orsk rules (000 line 202), and per-deal state kept across deals.

What 000 says: at the start of every deal each player puts 100 into the bank;
the bank is played once per round, four times a game: when the player who was
North at the start of the round becomes East, the deal begins in which
whoever takes the mahjong takes the whole bank; after the fourth time the
bank is no longer filled, even if the game goes on.

How this module reads it (each point an assumption where the seed is silent):

* **Escrow.**  Payments move points between seats only, so a stake is not
  paid into a fifth account: the stakes are counted in ``table.extra["bank"]``
  (and the pot shown in ``table.bank``), and when the bank is won every other
  seat pays the winner the stakes it put in since the bank was last won.  The
  winner's own stakes come back to him.  The net result is exactly the
  seed's; only the running scores between deals do not show stakes in the
  pot.  Stakes of a bank never won (a game cut short) are not paid.
* **The bank deal** is any deal whose East is the seat that was North when
  the round began (the seat before the round's first East in turn order),
  until the bank is won in that round.  A drawn bank deal leaves the bank
  where it is; where East keeps the deal on a draw (000 line 344) the next
  deal is a bank deal again.  The round's first East is the dealer of the
  first deal settled with a new ``table.round_index``.
* The bank deal's own stakes go into the bank before it is won ("at the
  start of every deal").
* No East doubling: the bank is a pot, not a payment for a hand.
* "Four times a game" is the ruleset's ``rounds_per_game`` (once a round).
"""

from __future__ import annotations

import copy
from typing import Any

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, RulesetError, Table

__all__ = ["bank_payments", "deal_state", "is_bank_deal"]

#: ``table.extra`` key of the bank's state.
BANK_KEY = "bank"


def deal_state(table: Table, key: str, initial: dict[str, Any]) -> dict[str, Any]:
    """The mutable state ``table.extra[key]`` for the current deal, as it stood before this deal.

    Settlement runs once a deal, but a caller may settle the same deal again
    (a report, a test, a penalty considered then dropped): each time, the
    state is restarted from its value before this deal, so settling twice
    never counts a deal twice.
    """
    entry = table.extra.get(key)
    if entry is None:
        entry = {"deal": None, "before": copy.deepcopy(initial), "state": copy.deepcopy(initial)}
        table.extra[key] = entry
    if entry["deal"] == table.deal_number:
        entry["state"] = copy.deepcopy(entry["before"])
    else:
        entry["before"] = copy.deepcopy(entry["state"])
        entry["deal"] = table.deal_number
    return entry["state"]


def _initial() -> dict[str, Any]:
    return {"round": None, "first_dealer": None, "won_this_round": False, "won": 0, "pending_deals": 0}


def is_bank_deal(table: Table, state: dict[str, Any]) -> bool:
    """Whether the current deal is played for the bank: the round's first North is East and it is not won yet."""
    if state["first_dealer"] is None or state["won_this_round"]:
        return False
    return table.dealer == (state["first_dealer"] - 1) % table.players


def bank_payments(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Count this deal's stakes and, in a won bank deal, pay the bank to the winner.

    :return: one ``bank`` payment from each other seat to the winner when the
        bank is won this deal, else nothing.
    """
    spec = ruleset.value("bank") or {}
    if not spec.get("enabled"):
        return []
    stake = spec.get("stake")
    if not isinstance(stake, int) or isinstance(stake, bool) or stake < 0:
        raise RulesetError(f"bank.stake must be a non-negative integer, got {stake!r}", source=ruleset.location,
                           place="$.parameters.bank.stake")
    state = deal_state(table, BANK_KEY, _initial())
    if state["round"] != table.round_index:
        state.update(round=table.round_index, first_dealer=table.dealer, won_this_round=False)
    if state["won"] >= _banks_per_game(ruleset):
        table.bank = 0
        return []
    state["pending_deals"] += 1
    payments: list[Payment] = []
    if outcome.kind == "win" and is_bank_deal(table, state):
        winner = outcome.winner
        if not isinstance(winner, int) or not 0 <= winner < table.players:
            raise MahjongError(f"a won deal needs the winner's seat (0-{table.players - 1}), got {winner!r}",
                               place="outcome.winner")
        amount = stake * state["pending_deals"]
        payments = [Payment(seat, winner, amount, "bank") for seat in range(table.players)
                    if seat != winner and amount]
        state.update(pending_deals=0, won=state["won"] + 1, won_this_round=True)
    table.bank = stake * state["pending_deals"] * table.players
    return payments


def _banks_per_game(ruleset: Ruleset) -> int:
    try:
        rounds = ruleset.value("rounds_per_game")
    except RulesetError:
        return 4  # 000 line 202: four times a game, once for each of the four rounds (line 310)
    return int(rounds)
