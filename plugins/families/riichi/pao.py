"""Liability (pao): who fed the set that completed a big three dragons or big four winds, as a fact of the win.

The EMA's 2016 riichi rules (section 3.3.9, cited, not quoted) and Tenhou's rules (Japanese Mahjong Wiki,
"Tenhou.net rules") make a player liable who discards the tile a seat claims to complete its third dragon set
(daisangen) or its fourth wind set (daisuushii): that player pays the whole yakuman of a self-drawn win, and half
of it beside the discarder of another's.  Which yakuman carry liability is the ruleset's ``pao`` flag in its yaku
table, which the family's scoring reads; the scoring pays it once it knows the liable seat (the ``pao`` fact: the
seat's wind).  This module finds that seat from the winner's melds in the order they were made: the last of the
three dragon sets (four wind sets) decides, and only a set claimed from a discard makes its discarder liable.
"""

from __future__ import annotations

from mahjong_core.plugin import MeldKind, Table

__all__ = ["liable_seat"]

#: The dragons and the winds, by kind; how many sets of each make the yakuman.
GROUPS = ((frozenset({31, 32, 33}), 3), (frozenset({27, 28, 29, 30}), 4))


def liable_seat(table: Table, seat: int) -> int | None:
    """The seat liable for ``seat``'s big dragons or big winds, or ``None`` (no such hand, or its last set was
    not claimed from a discard)."""
    melds = table.seats[seat].melds
    if len(melds) < 3:  # asked at every win the game weighs: most hands hold too few sets to be liable
        return None
    for kinds, need in GROUPS:
        sets = [m for m in melds if m.kind in (MeldKind.PUNG, MeldKind.KONG) and m.tiles and m.tiles[0] in kinds]
        if len(sets) == need and sets[-1].claimed_from is not None:
            return (seat + sets[-1].claimed_from.offset) % table.players
    return None
