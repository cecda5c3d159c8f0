"""No flowers, no leaves (NFNL): a hand of suited tiles alone, in any shape, won with no flower or joker declared.

riichi_advanced section NFNL (cited, not quoted): a seat that never declares a flower or joker and holds only
suited tiles, winning on a suited tile, wins whatever the tiles' shape (the ruleset file's winning definitions say
the same: fourteen suited tiles and no joker).  A flower is kept in the hand as it is drawn (``bonus_kept``), and a
seat may discard it instead of setting it aside: only a flower or joker set aside spoils the hand (the page's "never
declaring"), so a seat that drew flowers and discarded them all may still win it; a flower still held is a tile of
no set, and a joker held or in a meld spoils it too.

The engine asks whether a hand is complete (``mahjong_hand_complete``); this module answers ``True`` for such a
hand, so that one of no sets wins, and ``None`` for every other (the hand's shape decides).  Such a hand is scored
by the ruleset's NFNL rows (``limit_hands``, in place of the Phán: "a 3 Mủn payout"), and one that is not four sets
and a pair by those rows alone (the fact ``bonus_win``, a win its tiles' shape did not make, which this module
gives in play; ``mahjong score --ruleset vietnamese "135m246p79s1358s2p +2p" --fact bonus_win=true`` scores such a
hand written down).
"""

from __future__ import annotations

from mahjong_core.plugin import Table

#: Kinds below this are suited.
_SUITED = 27


def complete(table: Table, seat: int, tile: int, how: str) -> bool:
    """Whether the seat's hand is an NFNL hand winning with ``tile``: no bonus tile set aside (no flower, no joker
    declared), no joker held or in a meld, every tile suited, and the tile won a suited one.

    The hand's size is the engine's to keep; ``tile`` is among the seat's tiles when self-drawn, not yet when won
    on a discard or a robbed kong (a discarded joker won on is no suited tile).
    """
    s = table.seats[seat]
    if s.bonus or s.held_jokers or s.kept:  # a flower kept in the hand is a tile of no set: no hand yet
        return False
    if how in ("discard", "robbing_kong"):
        if not 0 <= tile < _SUITED:
            return False
    elif how not in ("self_drawn", "replacement"):
        return False
    counts = s.counts
    if any(counts[_SUITED:]):
        return False
    return all(not m.jokers and m.tiles[0] < _SUITED for m in s.melds)
