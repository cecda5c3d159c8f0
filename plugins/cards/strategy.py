"""What a player aiming at a card's hands does: which tile to let go, and whether a discard is worth exposing.

A greedy player aims at the card's hand its tiles are nearest to (:func:`~.matching.closest`: fewest tiles
missing, then the higher value); these functions answer its two questions by that measure, so a bot, a
hint or a study reads one strategy.  They are pure: counts over the card's kinds (:data:`~.card.KEYS`),
the jokers held, the exposures laid down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_rulesets.cards import matching
from mahjong_rulesets.cards.card import KEYS, Card

#: The discard that lets a joker go, beside the kinds 0 .. KEYS-1.
JOKER = KEYS


@dataclass(frozen=True)
class Aim:
    """How near a hand is to the card: the tiles missing from its nearest hand, that hand's value and id."""

    missing: int
    value: int
    hand: str | None

    def better_than(self, other: Aim) -> bool:
        return (self.missing, -self.value) < (other.missing, -other.value)


#: The aim of a hand whose exposures leave no hand of the card: it can no longer win (a dead hand).
NOWHERE = Aim(10**6, 0, None)


def aim(card: Card, counts: Sequence[int], jokers: int, exposures: Sequence[tuple[int, int]] = ()) -> Aim:
    """The nearest hand of the card, or :data:`NOWHERE` where the exposures fit none."""
    nearest = matching.closest(card, counts, jokers, exposures)
    if not nearest:
        return NOWHERE
    gap, reading = nearest[0]
    return Aim(gap, reading.hand.value, reading.hand.id)


def best_discard(card: Card, counts: Sequence[int], jokers: int,
                 exposures: Sequence[tuple[int, int]] = ()) -> tuple[int, Aim]:
    """The tile to let go (a kind, or :data:`JOKER`) that leaves the hand nearest the card, and that aim.

    Ties go to the lowest kind, a joker last: a joker is kept while it can stand anywhere.  Each reading's
    distance is counted once for the whole hand and then changed by the one tile let go, which touches only
    that tile's kind (a tile the reading has no use for changes nothing).
    """
    candidates = [*(k for k in range(KEYS) if counts[k]), *([JOKER] if jokers else [])]
    if not candidates:
        raise ValueError("a hand with no tile has nothing to let go")
    # Whatever tile is let go, a reading's distance is its distance now (``short`` less the jokers its ``room``
    # takes) or one more: a reading two or more farther than the nearest can be no candidate's best, nor tie with
    # it, so only the others are weighed tile by tile -- the same answer as weighing every reading.
    measured = []
    nearest = 1 << 30
    for reading, slots in matching.fitting(card, exposures):
        short, room = 0, 0
        for k, need, natural in slots:
            have = counts[k]
            if have < need:
                short += need - have
                room += need - (have if have > natural else natural)
        base = short - (jokers if jokers < room else room)
        if base < nearest:
            nearest = base
        measured.append((base, short, room, reading, slots))
    best: dict[int, Aim] = {}
    for base, short, room, reading, slots in measured:
        if base > nearest + 1:
            continue
        per_kind = {k: (need, natural) for k, need, natural in slots}
        value, hand = reading.hand.value, reading.hand.id
        for kind in candidates:
            if kind == JOKER:
                found = short - min(jokers - 1, room)
            elif kind in per_kind and counts[kind] <= per_kind[kind][0]:
                need, natural = per_kind[kind]
                have = counts[kind]
                before = need - (have if have > natural else natural) if have < need else 0
                after = need - (have - 1 if have - 1 > natural else natural)
                found = short + 1 - min(jokers, room - before + after)
            else:
                found = short - min(jokers, room)
            kept = best.get(kind)
            if kept is None or (found, -value) < (kept.missing, -kept.value):
                best[kind] = Aim(found, value, hand)
    if not best:
        return candidates[0], NOWHERE
    chosen = candidates[0]
    for kind in candidates:
        if kind in best and (chosen not in best or best[kind].better_than(best[chosen])):
            chosen = kind
    return chosen, best[chosen]


def exposure_aim(card: Card, counts: Sequence[int], jokers: int, exposures: Sequence[tuple[int, int]],
                 tile: int, size: int) -> Aim:
    """Where the hand stands after exposing ``size`` of ``tile`` with a claimed copy of it and letting a tile go:
    real copies of it from the hand first, jokers for the rest; :data:`NOWHERE` where the hand lacks them or
    the exposure fits no hand of the card."""
    real = min(counts[tile], size - 1)
    used_jokers = size - 1 - real
    if used_jokers > jokers:
        return NOWHERE
    left = list(counts)
    left[tile] -= real
    exposed = (*exposures, (tile, size))
    if not matching.possible(card, exposed):
        return NOWHERE
    if not any(left) and jokers == used_jokers:
        return aim(card, left, 0, exposed)
    return best_discard(card, left, jokers - used_jokers, exposed)[1]


def worth_exposing(card: Card, counts: Sequence[int], jokers: int, exposures: Sequence[tuple[int, int]],
                   tile: int, size: int) -> bool:
    """Whether exposing the group brings the hand nearer its nearest hand than letting the discard pass: the
    calls a card game allows are for groups the hand needs, and a player makes only those."""
    after = exposure_aim(card, counts, jokers, exposures, tile, size)
    return after is not NOWHERE and after.missing < aim(card, counts, jokers, exposures).missing


def worth_exchanging(card: Card, counts: Sequence[int], jokers: int, exposures: Sequence[tuple[int, int]],
                     tile: int) -> bool:
    """Whether giving a held ``tile`` for a joker in an exposure leaves the hand no farther from the card: a joker
    stands for any tile of a group of three or more, but never in a single or a pair, so the swap is not always
    a gain."""
    if not counts[tile]:
        return False
    after = list(counts)
    after[tile] -= 1
    return not aim(card, counts, jokers, exposures).better_than(aim(card, after, jokers + 1, exposures))
