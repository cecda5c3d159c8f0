"""What ``mahjong hand`` reports: a hand's arrangements, waits and shanten, as JSON-ready facts.

A hand of 14 tiles (as a hand counts them) is read for its arrangements; a
hand of 13 for its waits (17 and 16 where the hand size is 16: five sets and a
pair); both get their shanten per form, because a player looking at a hand
wants to know how far it is from each kind of mahjong.  The text the command prints is made from these facts by
:mod:`mahjong_core.cli.render.hand`.
"""

from __future__ import annotations

from typing import Any

from mahjong_core.errors import HandError
from mahjong_core.hand import arrangements as arr
from mahjong_core.hand import notation
from mahjong_core.hand import shanten as sh
from mahjong_core.hand.joker_report import analyse_with_jokers
from mahjong_core.hand.jokers import JokerRule
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.tiles import KINDS, NUM_PLAYING_KINDS, TileSet


def _counts(hand: Hand) -> bytes:
    counts = [0] * NUM_PLAYING_KINDS
    for t in hand.concealed:
        counts[t] += 1
    if hand.winning_tile is not None:
        counts[hand.winning_tile] += 1
    return bytes(counts)


def analyse(text: str, *, knitted: bool = False, tiles: TileSet | None = None, hand_size: int = 13,
            jokers: JokerRule | None = None) -> dict[str, Any]:
    """Analyse a hand written in the notation; raises :class:`HandError`/`NotationError` for bad input.

    With ``tiles`` the hand is read in that tile set (``parse_hand(text, tiles=tiles)``), and the
    report names its kinds of its own: ``marked`` (the red fives among the playing tiles), ``set_aside`` (bonus
    tiles and jokers, as codes) with their names under ``names``.  ``hand_size`` is the ruleset's (13, or 16 for
    five sets and a pair): the hand is read for its waits at that size and its arrangements at one more.
    ``jokers`` is the ruleset's rule where it plays jokers: a hand holding jokers is then read with them as held
    tiles (``mahjong_core.hand.joker_report``); a hand without jokers reads as ever.
    """
    hand = notation.parse_hand(text, source="<argument>", tiles=tiles)
    if jokers is not None and hand.jokers:  # jokers held and played: counted among the hand's tiles
        return analyse_with_jokers(hand, _counts(hand), tiles, hand_size, jokers)
    size = hand.tile_count()
    if size not in (hand_size, hand_size + 1):
        raise HandError(f"a hand has {hand_size} tiles (to see its waits) or {hand_size + 1} (to see its "
                        f"arrangements); this one has {size} (a kong counts as three)", source="<argument>")
    counts = _counts(hand)
    report: dict[str, Any] = {
        "hand": notation.format_hand(hand, tiles),
        "glyphs": notation.glyphs(hand.all_tiles()),
        "tiles": size,
        "shanten": {
            "best": sh.shanten(counts),
            "standard": sh.shanten_standard(counts),
        },
    }
    if tiles is not None and (hand.marked or hand.jokers or hand.bonus):
        set_aside = [*hand.bonus, *[min(tiles.jokers)] * hand.jokers] if hand.jokers else list(hand.bonus)
        report["marked"] = [tiles.code(tiles.marked_of(k)) for k in hand.marked]
        report["set_aside"] = [tiles.code(k) for k in set_aside]
        report["names"] = {tiles.code(k): info.name for k in {*set_aside, *map(tiles.marked_of, hand.marked)}
                           if (info := tiles.kinds[k]) is not None}
    if not hand.melds and hand_size == 13:  # the special forms are hands of fourteen tiles
        report["shanten"]["seven_pairs"] = sh.shanten_seven_pairs(counts)
        report["shanten"]["thirteen_orphans"] = sh.shanten_thirteen_orphans(counts)
    if size == hand_size + 1:
        if hand.winning_tile is None and hand.concealed:
            # Without a named winning tile, read the last concealed tile as the one that completed it.
            concealed = list(hand.concealed)
            last = concealed.pop()
            hand = Hand(tuple(concealed), hand.melds, hand.bonus, last, hand.situations, hand.marked, hand.jokers)
        found = arr.arrangements(hand, knitted=knitted, sets=(hand_size - 1) // 3)
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
