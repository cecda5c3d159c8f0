"""A seat dealt no bonus tile paid at the deal by every other seat (the Filipino game's "no flowers").

Switched on by ``no_bonus_payment`` (``{amount}``).  Once the dealt bonus tiles are set aside and replaced, a seat
whose bonus row is still empty is paid ``amount`` by every other seat.  The moment is the deal's first decision
after the bonus phase (the dealer's first discard, or a decision of the declarations before it): this module
replies to that ``decision`` event (``mahjong_event_reactions``) with the ``payment`` events, once a deal (its
record in ``table.extra``, as :mod:`.bites` keeps its own).  The same hand paid at the win is a scoring row of the
ruleset's table, not this module's.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Ruleset, Table, hookimpl, payment_event, reacts_to

REASON = "no_bonus_dealt"
#: ``table.extra`` key: the deal whose payment was made.
KEY = "no_bonus_paid"
#: The phases before the dealt bonus tiles are all replaced: no payment is due yet.
_BEFORE = frozenset({"wall", "deal", "exchange", "bonus"})


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("no_bonus_payment") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "no_bonus_payment", sys.modules[__name__], switched_on=switched_on,
                         description="a seat dealt no bonus tile is paid by every other seat once the dealt bonus "
                                     "tiles are replaced",
                         parameters=parameters_of("no_bonus_payment"))]


@hookimpl
@reacts_to({"decision"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """At the deal's first decision after its bonus phase: each seat with an empty bonus row paid by the others."""
    if table.phase in _BEFORE or table.extra.get(KEY) == table.deal_number:
        return None
    table.extra[KEY] = table.deal_number
    amount = int(ruleset.value("no_bonus_payment")["amount"])
    if not amount:
        return None
    return [payment_event(other, seat, amount, REASON) for seat in range(table.players)
            if not table.seats[seat].bonus for other in range(table.players) if other != seat] or None
