"""The four predicates only the Korean tables name: a hand with nothing claimed, Korea's all-sequences hand,
the count of the winning tile's kind (the "Korean dora"), and a hand declared ready ("uper").

The classical family's ``concealed`` is a concealed hand won by a tile drawn from the wall; Korean 2-point
mahjong also counts a point for a concealed hand won on a discard, so ``kr_concealed`` asks only that nothing
was claimed before the win (a concealed kong keeps a hand concealed).  ``all_chows`` allows any pair, while the
Korean all-sequences hand wants a pair that is worth nothing: neither a dragon nor the seat's or the round's
wind.  ``kr_uper`` reads the declaration the ``riichi_declaration`` mechanism makes and notes (its facts
``riichi`` and ``double_riichi``: Korea's uper is that declaration, for no stick).  The ruleset's
``mahjong_predicates`` hook contributes them, made with the classical family's
registrars so that a ``per: match`` row counts once per tile.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.families.classical.predicates import classical_predicate, counting_predicate

from mahjong_core.plugin import DRAGONS, Arrangement, Hand, MeldKind, Vocabulary, tiles_of

#: What this module adds to the Korean ruleset's vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()


@classical_predicate("kr_concealed", vocabulary=VOCABULARY,
                     description="nothing claimed before the win (a concealed kong allowed), on a discard or drawn")
def kr_concealed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A concealed hand: no meld laid out with another seat's tile before the win (co_kr section 3.1: a concealed
    kong keeps it, and a concealed hand won on a discard is still worth its one point)."""
    return not any(meld.exposed for meld in hand.melds)


@classical_predicate("kr_all_sequences", vocabulary=VOCABULARY, facts=("seat_wind", "prevalent_wind"),
                     description="four chows and a pair that is neither a dragon nor the seat's or round's wind")
def kr_all_sequences(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four sequences and a pair of no value (co_kr section 5.1: a seat cannot make the hand with a pair of its own
    wind; that a dragon or the round's wind spoils it too is this file's reading, as the classical worthless hand)."""
    melds = arrangement.melds
    if len(melds) != 5 or sum(1 for m in melds if m.kind is MeldKind.CHOW) != 4:
        return False
    pair = next((m.tiles[0] for m in melds if m.kind is MeldKind.PAIR), None)
    return pair is not None and pair not in DRAGONS and pair != ctx["seat_wind"] and pair != ctx["prevalent_wind"]


@counting_predicate("kr_winning_tile_count", vocabulary=VOCABULARY,
                    description="the tiles of the winning tile's kind in the whole hand (counted per tile)")
def kr_winning_tile_count(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count the hand's tiles of the winning tile's kind, the winning tile included: the "Korean style dora"
    (co_kr section 9.1, whose worked hand counts the three dragons of the winning kind; fourwinds_korean section
    Patterns: one point for each such tile)."""
    winning = hand.winning_tile
    if winning is None:
        return 0
    return tiles_of(arrangement).count(winning)


@classical_predicate("kr_uper", vocabulary=VOCABULARY, facts=("riichi", "double_riichi"),
                     description="the winner declared its ready hand (uper), as riichi's declaration is made")
def kr_uper(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A ready hand declared ("uper", co_kr section 9.1: one bonus point): the declaration the
    ``riichi_declaration`` mechanism makes, whose facts tell a declaration on the first discard (``double_riichi``)
    from any other (``riichi``); Korea pays both alike."""
    return bool(ctx["riichi"] or ctx["double_riichi"])
