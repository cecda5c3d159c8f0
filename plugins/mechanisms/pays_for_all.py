"""Paying for all (包, "bao"; pao): one seat answers for a win the others would have paid.

Switched on by ``pays_for_all`` (which cases apply).  Whatever the ruleset's settlement makes the losers of a win
pay, a seat liable for that win pays it all: this module wraps ``mahjong_settle`` (``wrapper=True``) and moves
onto the liable seat every payment another loser would have made to the winner, amount and reason kept, so the
points still balance and the settlement itself is untouched.  The cases, each a switch of the data:

* ``robbed_kong`` -- the seat whose kong was robbed pays for the win it gave;
* ``third_dragon_set`` -- the seat whose discard made the winner's third exposed set of dragons pays, the
  winner then holding all three;
* ``fourth_wind_set`` -- the seat whose discard made the winner's fourth exposed set of winds pays.

An exposed set's discarder is its ``claimed_from``; the sets a seat made are in the order it made them, so the
last of the dragons' (or winds') sets is the one that completed them.  A deal with several wins is settled win
by win as before: only a win with a liable seat changes.
"""

from __future__ import annotations

import sys
from collections.abc import Generator, Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    DRAGONS,
    WINDS,
    Contribution,
    Meld,
    Outcome,
    Payment,
    Ruleset,
    Table,
    hookimpl,
)

REASON = "pays for all"


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("pays_for_all") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "pays_for_all", sys.modules[__name__], switched_on=switched_on,
                         description="one seat pays the whole of a win it is liable for: a robbed kong, the "
                                     "discard that gave the third dragon set or the fourth wind set",
                         parameters=parameters_of("pays_for_all"))]


def _feeder(melds: Sequence[Meld], kinds: tuple[int, ...], winner: int, players: int) -> int | None:
    """The seat whose discard made the last exposed set of ``kinds``, where the winner has one of each kind."""
    sets = [m for m in melds if m.is_pong and m.first in kinds and m.exposed]
    if {m.first for m in sets} != set(kinds):
        return None
    source = sets[-1].claimed_from
    return None if source is None else (winner + source.offset) % players


def liable_seat(ruleset: Ruleset, table: Table, win: Outcome) -> tuple[int, str] | None:
    """The seat that pays for the whole of ``win``, and the case that makes it liable; ``None`` for none."""
    cases = ruleset.value("pays_for_all")
    winner = win.winner
    if winner is None:
        return None
    if cases.get("robbed_kong") and win.how == "robbing_kong" and win.discarder is not None:
        return win.discarder, "robbed_kong"
    melds = table.seats[winner].melds
    for case, kinds in (("third_dragon_set", DRAGONS), ("fourth_wind_set", WINDS[:4])):
        if cases.get(case):
            seat = _feeder(melds, tuple(kinds), winner, table.players)
            if seat is not None and seat != winner:
                return seat, case
    return None


def shifted(payments: Sequence[Payment], winner: int, liable: int, case: str) -> list[Payment]:
    """The payments with every other loser's payment to the winner made by ``liable`` instead."""
    return [Payment(liable, p.payee, p.amount, f"{p.reason}; {REASON} ({case.replace('_', ' ')})")
            if p.payee == winner and p.payer not in (liable, winner) else p for p in payments]


@hookimpl(wrapper=True)
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> Generator[None, object, object]:
    payments = yield
    if outcome.kind != "win" or outcome.wins or not isinstance(payments, list):
        return payments
    found = liable_seat(ruleset, table, outcome)
    if found is None or outcome.winner is None:
        return payments
    return shifted(payments, outcome.winner, *found)
