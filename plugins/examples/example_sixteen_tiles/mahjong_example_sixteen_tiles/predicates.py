"""The predicates the ``tai`` family's table names, each prefixed ``tai_``.

The prefix keeps these names apart from every other plugin's in the one vocabulary all installed plugins share.
The set predicates are asked of an arrangement holding one meld when a row counts ``per: meld``
(:mod:`.scoring`), so each says "the arrangement has such a meld"; the flower predicates read the bonus tiles
the hand has set aside.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import Arrangement, Hand, MeldKind, Vocabulary, is_honour

__all__ = ["EIGHT", "VOCABULARY", "tai_concealed_kong", "tai_eight_flowers", "tai_exposed_kong", "tai_flower",
           "tai_honour_set", "tai_no_flowers", "tai_self_drawn"]

#: What this package adds to every ruleset's vocabulary (through its plugin's ``mahjong_predicates`` hook).
VOCABULARY = Vocabulary()
#: The bonus tiles of the set: four flowers and four seasons, one of each.
EIGHT = 8


@VOCABULARY.predicate("tai_flower", description="a flower or season set aside (counted per bonus tile)")
def tai_flower(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The hand has set aside a flower or a season, "Картинка" (000 line 413); the row counts once for each."""
    return bool(hand.bonus)


@VOCABULARY.predicate("tai_no_flowers", description="no flower or season set aside")
def tai_no_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winner drew no flower and no season this deal (000 line 524, no bonus tiles)."""
    return not hand.bonus


@VOCABULARY.predicate("tai_eight_flowers", description="all four flowers and all four seasons set aside")
def tai_eight_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every bonus tile of the set is the winner's (002 line 74, all eight): here a win in itself, whatever the
    hand's shape."""
    return len(set(hand.bonus)) == EIGHT


@VOCABULARY.predicate("tai_honour_set", description="a pung or kong of a wind or a dragon (counted per meld)")
def tai_honour_set(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A pung or a kong of honours, exposed or concealed: three equal tiles (000 line 82) of a wind or a dragon."""
    return any(m.is_pong and is_honour(m.first) for m in arrangement.melds)


@VOCABULARY.predicate("tai_exposed_kong", description="a kong made with a claimed tile or added (counted per meld)")
def tai_exposed_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A melded kong, four equal tiles (000 line 85) made with a claimed tile or added, shown on the table."""
    return any(m.kind is MeldKind.KONG and m.exposed for m in arrangement.melds)


@VOCABULARY.predicate("tai_concealed_kong", description="a kong of four drawn tiles (counted per meld)")
def tai_concealed_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed kong: four equal tiles (000 line 85) the seat drew itself, declared face down."""
    return any(m.kind is MeldKind.KONG and not m.exposed for m in arrangement.melds)


@VOCABULARY.predicate("tai_self_drawn", description="the winning tile came from the wall", facts=("self_drawn",))
def tai_self_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn, "Сам купил" (000 line 450): the winner drew the winning tile, from the wall or the dead wall."""
    return bool(ctx["self_drawn"])
