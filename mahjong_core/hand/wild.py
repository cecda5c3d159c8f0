"""A hand holding jokers as its scorer reads it: each joker as the kind it stands for, named in ``Hand.wild``.

One reading serves the game and the command line alike.  At a table the seat's
state holds the jokers apart from its playing tiles
(:meth:`~mahjong_core.table.state.Seat.to_hand`); a hand written in the
notation under a ruleset that makes a kind wild for the deal (``jokers.wild``,
Fuzhou's gold) holds that kind's copies as written, and :func:`with_wild` sets
them apart first (``mahjong score --wild 5p``).  Either way
:func:`scored_holding` picks the kinds the jokers stand for, so a family scores
the hand as the tiles it plays as, and a hand scored by hand is scored as the
game would score it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mahjong_core.errors import HandError
from mahjong_core.hand.jokers import JokerRule, stand_ins
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS

__all__ = ["scored_holding", "with_wild"]


def scored_holding(counts: Sequence[int] | bytes, held: Sequence[int], winning_tile: int | None,
                   rule: JokerRule) -> tuple[tuple[int, ...], int | None, tuple[int, ...] | None]:
    """The concealed tiles, the winning tile and the kinds the jokers stand for, as a scorer reads a holding.

    :param counts: the playing tiles held (the winning tile among them), jokers not counted: 34 counts.
    :param held: the jokers held, each by its kind: a joker kind of the tile set, or a playing kind whose copies
        are wild this deal.
    :param winning_tile: the tile that completed the hand, if any.
    :param rule: where a joker may stand.
    :return: ``(concealed, winning_tile, stood)``: where the tiles and jokers are complete, each joker is
        counted as the kind it stands for in one reading (``stood``, sorted); a wild kind's copies in a hand
        that is not complete each stand for their own kind (three golds win so); otherwise ``stood`` is
        ``None`` and the jokers stay beside the playing tiles.  A wild kind's copy that won is taken as the
        kind it stands for.
    """
    reading = stand_ins(counts, rule.held(held), rule)
    if reading is None and held and held[0] < NUM_PLAYING_KINDS:
        reading = ((), tuple(held))
    played = list(counts)
    for kind in reading[1] if reading is not None else ():
        played[kind] += 1
    if reading is not None and winning_tile is not None and not played[winning_tile] and winning_tile in held:
        winning_tile = reading[1][0]
    if winning_tile is not None and played[winning_tile] > 0:
        played[winning_tile] -= 1
    concealed = tuple(kind for kind, n in enumerate(played) for _ in range(n))
    return concealed, winning_tile, None if reading is None else reading[1]


def with_wild(hand: Hand, wild: int, rule: JokerRule) -> Hand:
    """``hand``, written in the notation, with the concealed copies of the deal's wild kind ``wild`` (the winning
    tile among them) played as jokers, as the game hands a winner's tiles to its family.

    A hand with no copy of ``wild`` is returned as it is: every tile plays as itself.  Melds are left alone: a
    gold is no part of any call (Fuzhou), and a meld's own jokers are written in its brackets.

    :raises HandError: for a ``wild`` that is no playing kind.
    """
    if not 0 <= wild < NUM_PLAYING_KINDS:
        raise HandError(f"the wild kind is a playing kind (1m..7z), got {wild!r}", place="wild")
    copies = hand.concealed.count(wild) + (hand.winning_tile == wild)
    if not copies:
        return hand
    counts = [0] * NUM_PLAYING_KINDS
    for tile in (*hand.concealed, *(() if hand.winning_tile is None else (hand.winning_tile,))):
        if tile != wild:
            counts[tile] += 1
    concealed, winning_tile, stood = scored_holding(counts, (wild,) * copies, hand.winning_tile, rule)
    assert stood is not None  # a wild kind's copies always stand for some kind
    return replace(hand, concealed=concealed, winning_tile=winning_tile, wild=stood)
