"""What ``mahjong hand`` reports: a hand's arrangements, waits and shanten, as JSON-ready facts.

A hand of 14 tiles (as a hand counts them) is read for its arrangements; a
hand of 13 for its waits (17 and 16 where the hand size is 16: five sets and a
pair); both get their shanten per form, because a player looking at a hand
wants to know how far it is from each kind of mahjong.  The text the command prints is made from these facts by
:mod:`mahjong_core.cli.render.hand`.
"""

from __future__ import annotations

from dataclasses import replace
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
            jokers: JokerRule | None = None, wild: int | None = None) -> dict[str, Any]:
    """Analyse a hand written in the notation; raises :class:`HandError`/`NotationError` for bad input.

    With ``tiles`` the hand is read in that tile set (``parse_hand(text, tiles=tiles)``), and the
    report names its kinds of its own: ``marked`` (the red fives among the playing tiles), ``set_aside`` (bonus
    tiles and jokers, as codes) with their names under ``names``.  ``hand_size`` is the ruleset's (13, or 16 for
    five sets and a pair): the hand is read for its waits at that size and its arrangements at one more.
    ``jokers`` is the ruleset's rule where it plays jokers: a hand holding jokers is then read with them as held
    tiles (``mahjong_core.hand.joker_report``); a hand without jokers reads as ever.
    """
    hand = notation.parse_hand(text, source="<argument>", tiles=tiles)
    if wild is not None:
        return _analyse_with_wild(hand, wild, tiles, hand_size, jokers)
    if jokers is not None and hand.jokers:  # jokers held and played: counted among the hand's tiles
        if not (jokers.stands_for and tiles is not None):
            return analyse_with_jokers(hand, _counts(hand), tiles, hand_size, jokers)
        # typed jokers: each counted by its type and shown by its own code, as written
        kinds = sorted(k for token in text.split() if token[0] not in "[+!"
                       for k in notation.parse_tiles(token, "<argument>", tiles) if k in tiles.jokers)
        typed = analyse_with_jokers(hand, _counts(hand), tiles, hand_size, jokers, held=jokers.held(kinds))
        typed["hand"] = " ".join([notation.format_hand(replace(hand, jokers=0), tiles),
                                  *(tiles.code(k) for k in kinds)])
        return typed
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


def _analyse_with_wild(hand: Hand, wild: int, tiles: TileSet | None, hand_size: int,
                       jokers: JokerRule | None) -> dict[str, Any]:
    """The report of a hand read where ``wild`` is the deal's wild kind (``jokers.wild``: Fuzhou's gold): its
    copies, concealed or the winning tile, are held as jokers; the hand is shown as written, its golds by code."""
    if jokers is None:
        raise HandError("a wild kind is read only under a ruleset that makes a kind wild at each deal "
                        "(jokers.wild, such as fuzhou)", source="<argument>", place="wild")
    if not 0 <= wild < NUM_PLAYING_KINDS:
        raise HandError(f"the wild kind is a playing kind (1m..7z), got {wild!r}", source="<argument>", place="wild")
    copies = hand.concealed.count(wild) + (hand.winning_tile == wild)
    as_jokers = Hand(tuple(t for t in hand.concealed if t != wild), hand.melds, hand.bonus,
                     None if hand.winning_tile == wild else hand.winning_tile, hand.situations, hand.marked,
                     hand.jokers + copies)
    counts = bytearray(_counts(hand))
    counts[wild] = 0
    report = analyse_with_jokers(as_jokers, bytes(counts), tiles, hand_size, jokers, shown=hand)
    report["wild"] = KINDS[wild].code
    return report
