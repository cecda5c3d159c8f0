"""The predicates only the Malaysian three-player tables name: the faces, a pung of North (everyone's wind), the
little three dragons, the four Fly jokers held and a win on the replacement tile after two kongs in a row.  The
animals, the seat's flowers and the last tile are the Singapore ruleset's
(:mod:`mahjong_rulesets.rulesets.singapore.predicates`), which this ruleset's module contributes too.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.rulesets.singapore.predicates import ANIMALS

from mahjong_core.plugin import DRAGONS, NORTH, Arrangement, Hand, MeldKind, Vocabulary, is_standard, pongs_of

#: What this module adds to the Malaysian ruleset's vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()
#: The faces, the set's own kinds listed after the animals (``1h``-``4h``: see the Singapore predicates' note).
FACES = range(ANIMALS.stop, ANIMALS.stop + 4)


def is_face(kind: int) -> bool:
    """A face (``1h``-``4h``), the own kinds the Malaysian set lists after its animals."""
    return kind in FACES


@VOCABULARY.predicate("my_face", description="a face (counted per bonus tile)")
def my_face(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A face tile, one fan each (thewriter section 1)."""
    return any(is_face(tile) for tile in hand.bonus)


@VOCABULARY.predicate("my_all_faces", description="all four faces")
def my_all_faces(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The four faces, one fan more than each counts (thewriter section 2)."""
    return len({tile for tile in hand.bonus if is_face(tile)}) == 4


@VOCABULARY.predicate("my_north_pung", description="a pung or kong of North, every seat's wind at three seats")
def my_north_pung(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A pung of North, the wind no seat has and so everyone's (thewriter section 7)."""
    return any(m.first == NORTH for m in pongs_of(arrangement))


@VOCABULARY.predicate("my_little_three_dragons", description="pungs of two dragons and a pair of the third")
def my_little_three_dragons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Two dragon pungs and a pair of the third dragon, three fan (thewriter section 9)."""
    if not is_standard(arrangement):
        return False
    pungs = {m.first for m in pongs_of(arrangement) if m.first in DRAGONS}
    pairs = {m.first for m in arrangement.melds if m.kind is MeldKind.PAIR and m.first in DRAGONS}
    return len(pungs) == 2 and len(pairs) == 1


@VOCABULARY.predicate("my_four_flies", description="all four Fly jokers in the hand")
def my_four_flies(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Winning with the four Fly jokers, a maximum hand (thewriter section M8)."""
    return len(hand.wild) + sum(len(m.jokers) for m in hand.melds) >= 4


@VOCABULARY.predicate("my_two_kongs_in_a_row", description="won on the replacement tile after two kongs in a row",
                      facts=("kongs_in_a_row",))
def my_two_kongs_in_a_row(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Two kongs declared one after the other and the last one's replacement tile wins (thewriter section M6): the
    engine's ``kongs_in_a_row`` fact, the kongs the winner declared in a row before the replacement that won."""
    kongs = ctx["kongs_in_a_row"]
    return isinstance(kongs, int) and kongs >= 2
