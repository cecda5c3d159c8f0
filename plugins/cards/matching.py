"""Which hands of a card a seat's tiles complete, and how far they are from each (for bots and the dead hand).

A hand is given as counts of its concealed tiles over the card's kinds (:data:`~.card.KEYS`: the 34 playing
kinds and any flower), the jokers among them, and its exposures, each a (kind, count) group already laid
down.  Each of the card's readings (:class:`~.card.Reading`, compiled at load) is then a matter of counting:

* an exposure must be one of the reading's groups of the same kind and size (a concealed hand has none);
* the concealed tiles may hold no kind the reading's other groups do not, no more copies than they need, and
  at least the real tiles its singles and pairs need; the jokers fill the rest, which then lies only in groups
  large enough for a joker.

The joker rule is the card's (``jokers_in_groups_of``), already folded into each reading's ``natural`` counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mahjong_rulesets.cards.card import FLOWER, KEYS, Card, Reading

#: The core's first bonus kind (``1f``) and the eight flowers and seasons after it: each counts as a flower.
_FIRST_FLOWER = 34
_FLOWER_KINDS = range(_FIRST_FLOWER, _FIRST_FLOWER + 8)


def counts_of(kinds: Iterable[int]) -> list[int]:
    """Counts over the card's kinds of tiles given as the core's kinds (flowers and seasons as any flower).

    :raises ValueError: for a kind a card does not count (an animal, a joker: jokers are counted apart).
    """
    counts = [0] * KEYS
    for kind in kinds:
        if 0 <= kind < FLOWER:
            counts[kind] += 1
        elif kind in _FLOWER_KINDS:
            counts[FLOWER] += 1
        else:
            raise ValueError(f"kind {kind} is no tile of a card's hands")
    return counts


def _left_after(reading: Reading, exposures: Sequence[tuple[int, int]]) -> tuple[list[int], list[int]] | None:
    """The reading's need and natural counts once ``exposures`` take their groups, or ``None`` where one fits no
    group (or the hand is concealed)."""
    need, natural = list(reading.need), list(reading.natural)
    if not exposures:
        return need, natural
    if reading.hand.concealed:
        return None
    groups = list(reading.groups)
    for exposure in exposures:
        if exposure not in groups:
            return None
        groups.remove(exposure)
        kind, count = exposure
        need[kind] -= count
        natural[kind] = min(natural[kind], need[kind])  # an exposed group is laid down whole
    return need, natural


def completes(reading: Reading, counts: Sequence[int], jokers: int,
              exposures: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether the concealed ``counts`` and ``jokers``, with ``exposures`` laid down, make this reading."""
    if any(counts[k] for k in range(KEYS) if not reading.mask >> k & 1):
        return False
    left = _left_after(reading, exposures)
    if left is None:
        return False
    need, natural = left
    if sum(need) != sum(counts) + jokers:
        return False
    return all(natural[k] <= counts[k] <= need[k] for k in reading.kinds)


def completed(card: Card, counts: Sequence[int], jokers: int,
              exposures: Sequence[tuple[int, int]] = ()) -> list[Reading]:
    """The readings of ``card`` the hand completes, the first of each hand, in the card's order."""
    held = sum(1 << k for k in range(KEYS) if counts[k])
    out: list[Reading] = []
    seen: set[str] = set()
    for reading in card.readings:
        if reading.hand.id in seen or held & ~reading.mask:
            continue
        if completes(reading, counts, jokers, exposures):
            out.append(reading)
            seen.add(reading.hand.id)
    return out


def missing(reading: Reading, counts: Sequence[int], jokers: int,
            exposures: Sequence[tuple[int, int]] = ()) -> int | None:
    """Tiles the hand still lacks to make this reading (0: complete), or ``None`` where its exposures rule it out.

    A tile the reading has no use for counts nothing; a joker counts where a group large enough for one still
    lacks a tile.
    """
    left = _left_after(reading, exposures)
    if left is None:
        return None
    need, natural = left
    useful = 0
    joker_room = 0
    for k in reading.kinds:
        have = counts[k]
        useful += min(have, need[k])
        joker_room += max(0, need[k] - max(have, natural[k]))
    return sum(need) - useful - min(jokers, joker_room)


def distances(card: Card, counts: Sequence[int], jokers: int,
              exposures: Sequence[tuple[int, int]] = ()) -> dict[str, tuple[int, Reading]]:
    """For each hand of the card its exposures leave possible: the fewest tiles missing and a closest reading."""
    best: dict[str, tuple[int, Reading]] = {}
    for reading in card.readings:
        gap = missing(reading, counts, jokers, exposures)
        if gap is None:
            continue
        kept = best.get(reading.hand.id)
        if kept is None or gap < kept[0]:
            best[reading.hand.id] = (gap, reading)
    return best


def closest(card: Card, counts: Sequence[int], jokers: int,
            exposures: Sequence[tuple[int, int]] = ()) -> list[tuple[int, Reading]]:
    """Every hand still possible, nearest first (ties by the higher value, then the card's order)."""
    order = {h.id: i for i, h in enumerate(card.hands)}
    found = distances(card, counts, jokers, exposures).values()
    return sorted(found, key=lambda item: (item[0], -item[1].hand.value, order[item[1].hand.id]))


def possible(card: Card, exposures: Sequence[tuple[int, int]]) -> bool:
    """Whether any hand of the card can still be made with these exposures (the dead-hand test's core)."""
    return any(_left_after(reading, exposures) is not None for reading in card.readings)
