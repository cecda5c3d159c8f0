"""Kong money: points paid the moment a kong stands (Sichuan's "wind and rain", gua feng xia yu).

Switched on by ``kong_money`` (its three amounts).  The engine logs a kong claimed on a discard as a
``claim`` of kind ``kong`` and a concealed or added kong as a ``kong`` event once it stands (after anyone
has had the chance to rob it, so a robbed kong is never paid); this module replies to those events
(``mahjong_event_reactions``) with ``payment`` events, which the core applies and the audit checks:

* a kong on a discard is paid ``from_discard`` by its discarder -- or, with ``from_discard_paid_by: every_seat``
  (the Filipino game's melded kong), by every seat still in play;
* an added kong ``added``, a concealed kong ``concealed``, by every seat still in play (a seat that has won
  and left the deal pays nothing, as it is paid nothing).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Ruleset, Table, hookimpl, payment_event, reacts_to

REASON = "kong_money"


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("kong_money") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "kong_money", sys.modules[__name__], switched_on=switched_on,
                         description="kong money paid as the kong stands (wind and rain)",
                         parameters=parameters_of("kong_money"))]


@hookimpl
@reacts_to({"claim", "kong"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """The kong's money, from the discarder for a kong on its discard, else from each seat still in play."""
    kind = event["type"]
    money = ruleset.value("kong_money")
    if kind == "claim" and event.get("kind") == "kong":
        amount = int(money["from_discard"])
        if money.get("from_discard_paid_by", "discarder") == "every_seat":
            return _from_every_seat(table, event["seat"], amount)
        return [payment_event(event["discarder"], event["seat"], amount, REASON)] if amount else None
    if kind == "kong":
        return _from_every_seat(table, event["seat"], int(money["concealed" if event.get("way") == "concealed"
                                                                 else "added"]))
    return None


def _from_every_seat(table: Table, konger: int, amount: int) -> Sequence[Mapping[str, Any]] | None:
    """``amount`` from every other seat still in play (a seat that has won and left the deal pays nothing)."""
    if not amount:
        return None
    return [payment_event(seat, konger, amount, REASON) for seat in range(table.players)
            if seat != konger and not (table.wins and table.out_of_play(seat))]
