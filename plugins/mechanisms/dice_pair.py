"""A deal whose wall was broken by a pair of the dice paid double (the Filipino game).

Switched on by ``dice_pair_doubles: true``.  The dice of the wall ceremony are the seeded table's own and are
logged as ``wall_dice`` events; the last throw of the ceremony is the one that breaks the wall.  This module keeps,
per deal, whether that throw was a pair (in ``table.extra``, as :mod:`.bites` keeps its record), and replies to the
deal's ``settlement`` event with a second ``payment`` of every amount it paid (``mahjong_event_reactions``), so
the win is paid double, the audit re-checking it as any payment.  A re-play asks the same events in the same order
and pays the same.  The payments made the moment something happens (kongs, flowers) are not doubled: the source
doubles the hand.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Ruleset, Table, hookimpl, payment_event, reacts_to

REASON = "dice_pair"
#: ``table.extra`` key: ``(deal, whether the wall-breaking throw was a pair)``.
KEY = "dice_pair"


def switched_on(ruleset: Ruleset) -> bool:
    return bool(ruleset.get("dice_pair_doubles"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "dice_pair_doubles", sys.modules[__name__], switched_on=switched_on,
                         description="a deal whose wall-breaking throw of the dice is a pair has its win paid "
                                     "double",
                         parameters=parameters_of("dice_pair_doubles"))]


@hookimpl
@reacts_to({"wall_dice", "settlement"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Remember the ceremony's last throw; at the settlement, pay every payment again if it was a pair."""
    if event["type"] == "wall_dice":
        values = list(event["values"])
        table.extra[KEY] = (table.deal_number, len(values) == 2 and values[0] == values[1])
        return None
    record = table.extra.get(KEY)
    if event["type"] != "settlement" or record != (table.deal_number, True):
        return None
    return [payment_event(int(payer), int(payee), int(amount), REASON)
            for payer, payee, amount, _ in event["payments"] if int(amount) > 0] or None
