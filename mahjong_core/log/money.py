"""Where a log's points stop adding up: the audit's check that points are conserved, event by event.

A log's points start where its header says (``starting_points``, else 0 each) and move only by payments: a
settlement's and a false mahjong's between seats, a ``payment`` event's between a seat and a seat or the table's
pot.  The running scores a settlement, a false mahjong or the game's end writes must be those payments' sums, and
the seats' scores with the pot must add up to the points the game began with after every event.  The fold
(:mod:`mahjong_core.log.fold`, :attr:`~mahjong_core.log.fold.FoldedTable.imbalance`) keeps the same sums; this
loop reads only the events that move points, so an audit pays for nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mahjong_core.log.opening import opening_of

__all__ = ["MOVES", "money_problem"]

#: The events that move points or state them: the only ones the check reads.
MOVES = frozenset({"payment", "settlement", "false_mahjong", "game_end"})


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def money_problem(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> tuple[int, str] | None:
    """The first event after which the points do not add up, as ``(event number, what is wrong)``; else ``None``."""
    players = len(header.get("seats") or []) or 4
    scores, pot, _counters = opening_of(header)
    total = sum(scores) + pot
    for event in events:
        kind = event.get("type")
        if kind not in MOVES:
            continue
        n = int(event["n"])
        if kind == "payment":
            payer, payee, amount = event.get("payer"), event.get("payee"), int(event["amount"])
            if not all(p is None or _seat(p, players) for p in (payer, payee)) or payer == payee:
                return n, f"the payment from {payer!r} to {payee!r} is not between two of the seats and the pot"
            for party, sign in ((payer, -1), (payee, 1)):
                if party is None:
                    pot += sign * amount
                else:
                    scores[party] += sign * amount
            if pot < 0:
                return n, f"the payment takes {amount} from a pot that held {pot + amount}"
            continue
        for payer, payee, amount, _reason in event.get("payments", ()):
            if not (_seat(payer, players) and _seat(payee, players)):
                return n, f"the payment from {payer!r} to {payee!r} names a seat the table does not have"
            scores[payer] -= amount
            scores[payee] += amount
        claimed = event.get("scores")
        if claimed != scores:
            if isinstance(claimed, list) and sum(claimed) + pot != total:
                return n, (f"the scores {claimed} and the pot's {pot} add up to {sum(claimed) + pot}, not the {total} "
                           f"the game began with: points were made or lost (the payments so far give {scores})")
            return n, f"the scores {claimed} are not the sum of the payments so far ({scores})"
    return None
