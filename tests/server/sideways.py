"""Which discard of a riichi declarer lies sideways, worked out from a log by the core's fold, for the browser
tests that check the page draws it so (render.js ``sidewaysDiscard``).

The convention (riichi.wiki, "Riichi", "Rules to riichi"; Mahjong Time, "Ari-Ari rules" 3.3.12): the discard that
declares riichi is turned sideways in the declarer's row; where another seat claims it for a meld, the declarer's
next discard is turned instead.  Here the row is the core fold's (``mahjong_core.log.fold``), so the place of the
turned tile is the length of the row the moment before it was laid: a second reading, apart from the page's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.log.fold import fold

#: The riichi_declaration mechanism's turn action.
DECLARE = "riichi"


def turned_discard(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]], seat: int,
                   upto: int | None = None) -> tuple[int, str] | None:
    """(its place in the row, its code) of ``seat``'s discard lying sideways after ``events[upto]`` (the last
    event by default) of the deal it is in, or ``None`` where none does."""
    last = len(events) - 1 if upto is None else upto
    declared = False
    turned: tuple[int, str] | None = None
    length = 0  # the seat's row before the event at hand
    for k, table in enumerate(fold(header, events[:last + 1])):
        e = events[k]
        if e["type"] == "deal_start":
            declared, turned = False, None
        elif e["type"] == "decision" and e.get("actor") == seat:
            if e["action"] == DECLARE:
                declared = True
            elif declared and turned is None and e["action"] == "discard":
                turned = (length, e["tile"])
        elif e["type"] == "claim" and e.get("discarder") == seat and turned is not None \
                and len(table.seats[seat].discards) == turned[0]:
            turned = None  # the turned tile was claimed: the next discard is turned in its place
        elif e["type"] == "mahjong" and e.get("discarder") == seat and turned is not None \
                and len(table.seats[seat].discards) == turned[0]:
            return None  # won on: it lies with its winner, and the deal is over
        length = len(table.seats[seat].discards)
    return turned
