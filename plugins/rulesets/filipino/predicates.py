"""The predicates only the Filipino tables name, each prefixed ``fil_``.

The rest of the Filipino table borrows the Taiwanese family's words (concealed, all pungs, one suit): every
family's names carry its prefix, so a ruleset may name another family's predicate.  These are the hands of sixteen
tiles (five sets and a pair) that no installed vocabulary says -- the shared ``all_chows`` counts four chows, a
thirteen-tile hand's -- and a wait judged where a wild may make a fifth copy of a kind.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import Arrangement, Hand, Meld, MeldKind, Vocabulary, number_of, suit_of, waits

__all__ = ["VOCABULARY"]

#: What this module adds to the Filipino ruleset's vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()
_KINDS = 34
_COPIES = 4
#: The lowest tiles of the three chows of a straight, 1-2-3, 4-5-6 and 7-8-9.
_STRAIGHT = (1, 4, 7)


def _sets(arrangement: Arrangement) -> list[Meld]:
    return [m for m in arrangement.melds if m.kind is not MeldKind.PAIR]


@VOCABULARY.predicate("fil_all_chows", description="every set a chow (five chows and a pair)")
def fil_all_chows(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: wiki section Table (All Chows)."""
    sets = _sets(arrangement)
    return bool(sets) and all(m.kind is MeldKind.CHOW for m in sets)


@VOCABULARY.predicate("fil_pure_straight", description="1-2-3, 4-5-6 and 7-8-9 of one suit among the sets (escalera)")
def fil_pure_straight(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: wiki section Table (Pure Straight); fitch section 6 ("escelera")."""
    runs = {(suit_of(m.tiles[0]), number_of(m.tiles[0])) for m in _sets(arrangement) if m.kind is MeldKind.CHOW}
    return any(all((suit, low) in runs for low in _STRAIGHT) for suit, _ in runs)


@VOCABULARY.predicate("fil_all_revealed", description="every set shown, the winning tile pairing the last one in hand")
def fil_all_revealed(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Every set claimed or declared in sight, one tile left in hand for the pair.

    Cited: wiki section Table (All Revealed).
    """
    return len(hand.concealed) == 1 and bool(hand.melds) and all(m.exposed for m in hand.melds)


@VOCABULARY.predicate("fil_back_to_back", description="waiting on two pairs, the winning tile making one a pung")
def fil_back_to_back(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winning tile completes a pung of the hand's own pair, another pair standing: the two-pair wait.

    Cited: wiki section Table (Back to Back); fitch section 6 ("waiting back-to-back").
    """
    i = arrangement.winning_meld
    if i is None or hand.winning_tile is None:
        return False
    meld = arrangement.melds[i]
    return meld.kind is MeldKind.PUNG and meld.tiles[0] == hand.winning_tile


@VOCABULARY.predicate("fil_difficult_wait", description="an edge, middle or single wait: one kind only would have "
                      "completed the hand, which holds no wild")
def fil_difficult_wait(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Only one kind would have completed the hand, whatever reading it is scored by.

    A hand holding a wild waits on every kind its wild could stand for, so it has no difficult wait (our reading:
    the sources do not say); its kinds, each wild counted as the kind it stands for, may hold a fifth copy of a
    kind, which no count of natural tiles can.  Cited: wiki section Table (Difficult Wait); fitch section 6.
    """
    if hand.wild or hand.winning_tile is None:
        return False
    counts = [0] * _KINDS
    for tile in hand.concealed:
        if tile < _KINDS:
            counts[tile] += 1
    return max(counts) <= _COPIES and len(waits(counts, seven_pairs=False, thirteen_orphans=False)) == 1


@VOCABULARY.predicate("fil_no_flowers", description="no flower in the winner's row (every honour is a flower)")
def fil_no_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: wiki section Instant (No Flowers, awarded at the win)."""
    return not hand.bonus
