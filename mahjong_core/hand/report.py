"""What ``mahjong hand`` reports: a hand's arrangements, waits and shanten, as JSON-ready facts.

A hand of 14 tiles (as a hand counts them) is read for its arrangements; a
hand of 13 for its waits; both get their shanten per form, because a player
looking at a hand wants to know how far it is from each kind of mahjong.  The
text the command prints is made from these facts by
:mod:`mahjong_core.cli.render.hand`.
"""

from __future__ import annotations

from typing import Any

from mahjong_core.errors import HandError
from mahjong_core.hand import arrangements as arr
from mahjong_core.hand import notation
from mahjong_core.hand import shanten as sh
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.tiles import KINDS, NUM_PLAYING_KINDS


def _counts(hand: Hand) -> bytes:
    counts = [0] * NUM_PLAYING_KINDS
    for t in hand.concealed:
        counts[t] += 1
    if hand.winning_tile is not None:
        counts[hand.winning_tile] += 1
    return bytes(counts)


def analyse(text: str, *, knitted: bool = False) -> dict[str, Any]:
    """Analyse a hand written in the notation; raises :class:`HandError`/`NotationError` for bad input."""
    hand = notation.parse_hand(text, source="<argument>")
    size = hand.tile_count()
    if size not in (13, 14):
        raise HandError(f"a hand has 13 tiles (to see its waits) or 14 (to see its arrangements); this one has "
                        f"{size} (a kong counts as three)", source="<argument>")
    counts = _counts(hand)
    report: dict[str, Any] = {
        "hand": notation.format_hand(hand),
        "glyphs": notation.glyphs(hand.all_tiles()),
        "tiles": size,
        "shanten": {
            "best": sh.shanten(counts),
            "standard": sh.shanten_standard(counts),
        },
    }
    if not hand.melds:
        report["shanten"]["seven_pairs"] = sh.shanten_seven_pairs(counts)
        report["shanten"]["thirteen_orphans"] = sh.shanten_thirteen_orphans(counts)
    if size == 14:
        if hand.winning_tile is None and hand.concealed:
            # Without a named winning tile, read the last concealed tile as the one that completed it.
            concealed = list(hand.concealed)
            last = concealed.pop()
            hand = Hand(tuple(concealed), hand.melds, hand.bonus, last, hand.situations)
        found = arr.arrangements(hand, knitted=knitted)
        report["complete"] = bool(found)
        report["arrangements"] = [
            {"form": a.form.value, "melds": [{"kind": m.kind.value, "tiles": [KINDS[t].code for t in m.tiles],
                                              "exposed": m.exposed} for m in a.melds],
             "winning_meld": a.winning_meld}
            for a in found
        ]
    else:
        waits = sh.waits(counts)
        report["waits"] = [KINDS[t].code for t in waits]
    return report
