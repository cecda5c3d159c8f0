"""Seat walls: each seat draws from its own share of the wall, and the deal ends when the seat due to draw has none.

Botzone's Chinese Standard Mahjong deals every player 34 tiles of their own
(13 in hand, the rest to draw, loose tiles after a kong included), so its
exhaustive draw falls when one seat's share is empty even while the others
still hold tiles: a shared wall would end its deals a few draws later.
Switched on by ``seat_walls.draws``, the tiles each seat may take after the
dealing (the dealer's extra dealt tile counts as the first of its share);
the shared wall's own limit (``exhaustive_draw_tiles_left``) still applies.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Ruleset, Table, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    return bool((ruleset.get("seat_walls") or {}).get("draws"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "seat_walls", sys.modules[__name__], switched_on=switched_on,
                         description="each seat draws from its own share of the wall; an empty share ends the deal",
                         parameters=parameters_of("seat_walls"))]


@hookimpl
def mahjong_deal_exhausted(ruleset: Ruleset, table: Table) -> bool | None:
    """``True`` when the seat about to draw has taken its share; otherwise the shared wall's rule decides."""
    share = int((ruleset.get("seat_walls") or {})["draws"])
    if table.turn == table.dealer:  # the dealer's extra dealt tile is the first of its share
        share -= int((ruleset.get("wall_ceremony") or {}).get("dealer_extra", 0))
    if table.seats[table.turn].taken >= share:
        return True
    return None
