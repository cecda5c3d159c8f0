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
from itertools import compress

from mahjong_rulesets.cards.card import COPIES, FLOWER, JOKERS, KEYS, Card, Reading

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


def slots_after(reading: Reading, exposures: Sequence[tuple[int, int]]) -> tuple[tuple[int, int, int], ...] | None:
    """The reading's (kind, need, natural) for the concealed tiles once ``exposures`` take their groups, or
    ``None`` where one fits no group of it (or the hand is concealed)."""
    if not exposures:
        return reading.slots
    if reading.hand.concealed:
        return None
    groups = list(reading.groups)
    taken: dict[int, int] = {}
    for exposure in exposures:
        if exposure not in groups:
            return None
        groups.remove(exposure)
        taken[exposure[0]] = taken.get(exposure[0], 0) + exposure[1]
    # an exposed group is laid down whole: what the hand still needs of its kind is real only up to the need
    return tuple((k, need - taken.get(k, 0), min(natural, need - taken.get(k, 0)))
                 for k, need, natural in reading.slots)


def completes(reading: Reading, counts: Sequence[int], jokers: int,
              exposures: Sequence[tuple[int, int]] = ()) -> bool:
    """Whether the concealed ``counts`` and ``jokers``, with ``exposures`` laid down, make this reading."""
    if any(counts[k] for k in range(KEYS) if not reading.mask >> k & 1):
        return False
    slots = slots_after(reading, exposures)
    if slots is None:
        return False
    if sum(need for _, need, _ in slots) != sum(counts) + jokers:
        return False
    return all(natural <= counts[k] <= need for k, need, natural in slots)


#: Per card (by its id, the card kept beside so the id stays its own): for each kind, the readings holding it, as
#: a bit mask over the card's readings -- so a hand's candidates are a few ANDs, not a pass over every reading.
_INDEX: dict[int, tuple[Card, tuple[int, ...]]] = {}


def _holding(card: Card, kinds: Iterable[int]) -> int:
    """The readings (bits over ``card.readings``) that hold every one of ``kinds``."""
    entry = _INDEX.get(id(card))
    if entry is None or entry[0] is not card:
        by_kind = [0] * KEYS
        for i, reading in enumerate(card.readings):
            for k in reading.kinds:
                by_kind[k] |= 1 << i
        if len(_INDEX) >= 16:
            _INDEX.clear()
        entry = _INDEX[id(card)] = (card, tuple(by_kind))
    bits = (1 << len(card.readings)) - 1
    for k in kinds:
        bits &= entry[1][k] if 0 <= k < KEYS else 0  # a kind no card counts: no reading holds it
    return bits


def _each(card: Card, bits: int) -> Iterable[Reading]:
    """The readings of ``bits``, in the card's order."""
    readings = card.readings
    while bits:
        low = bits & -bits
        yield readings[low.bit_length() - 1]
        bits ^= low


def completed(card: Card, counts: Sequence[int], jokers: int,
              exposures: Sequence[tuple[int, int]] = ()) -> list[Reading]:
    """The readings of ``card`` the hand completes, the first of each hand, in the card's order."""
    out: list[Reading] = []
    seen: set[str] = set()
    for reading in _each(card, _holding(card, compress(range(KEYS), counts))):
        if reading.hand.id in seen:
            continue
        if completes(reading, counts, jokers, exposures):
            out.append(reading)
            seen.add(reading.hand.id)
    return out


def completed_by(card: Card, counts: Sequence[int], jokers: int, exposures: Sequence[tuple[int, int]],
                 key: int) -> bool:
    """Whether one more tile of ``key`` completes a hand of the card: ``bool(completed(...))`` of the hand with
    that tile, asked of every other seat at every discard.

    The hand changes once a turn and is asked about at each other seat's discard, so the readings one tile could
    complete (:func:`_near`) are found once per hand, and each discard only tests those that hold its kind.
    """
    near = _near(card, counts, jokers, exposures)
    if not near or not 0 <= key < KEYS:
        return False
    for reading, slots in near:
        if reading.mask >> key & 1:
            for k, need, natural in slots:
                have = counts[k] + (k == key)
                if not natural <= have <= need:
                    break
            else:
                return True
    return False


#: Per card (by its id, the card kept beside): for a hand asked about (its counts, jokers and sorted exposures),
#: the readings one more tile could complete, each with its slots.
_NEAR: dict[int, tuple[Card, dict[tuple[bytes, int, tuple[tuple[int, int], ...]],
                                  tuple[tuple[Reading, tuple[tuple[int, int, int], ...]], ...]]]] = {}


def _near(card: Card, counts: Sequence[int], jokers: int, exposures: Sequence[tuple[int, int]]
          ) -> tuple[tuple[Reading, tuple[tuple[int, int, int], ...]], ...]:
    """The readings one more tile could complete: those holding every kind the hand holds, its exposures among
    their groups, one tile more than the hand in all, and a tile short (:func:`gap` of 1: a completed reading's
    gap is 0, and one tile less leaves it 1).  Kept per hand, as :func:`fitting` keeps per exposures."""
    entry = _NEAR.get(id(card))
    if entry is None or entry[0] is not card:
        if len(_NEAR) >= 16:
            _NEAR.clear()
        entry = _NEAR[id(card)] = (card, {})
    ordered = tuple(sorted(exposures))
    memo_key = (bytes(counts), jokers, ordered)
    found = entry[1].get(memo_key)
    if found is None:
        total = sum(counts) + jokers + 1
        near = []
        for reading in _each(card, _holding(card, compress(range(KEYS), counts))):
            slots = slots_after(reading, ordered)
            if slots is not None and sum(need for _, need, _ in slots) == total and gap(slots, counts, jokers) <= 1:
                near.append((reading, slots))
        found = tuple(near)
        if len(entry[1]) >= 4096:
            entry[1].clear()
        entry[1][memo_key] = found
    return found


def gap(slots: Sequence[tuple[int, int, int]], counts: Sequence[int], jokers: int) -> int:
    """Tiles missing from ``slots`` (a reading's, :func:`slots_after`) for the concealed counts and jokers."""
    missing = 0
    room = 0
    for k, need, natural in slots:
        have = counts[k]
        if have < need:
            missing += need - have
            room += need - (have if have > natural else natural)
    return missing - (jokers if jokers < room else room)


def missing(reading: Reading, counts: Sequence[int], jokers: int,
            exposures: Sequence[tuple[int, int]] = ()) -> int | None:
    """Tiles the hand still lacks to make this reading (0: complete), or ``None`` where its exposures rule it out.

    A tile the reading has no use for counts nothing; a joker counts where a group large enough for one still
    lacks a tile.
    """
    slots = slots_after(reading, exposures)
    return None if slots is None else gap(slots, counts, jokers)


def distances(card: Card, counts: Sequence[int], jokers: int,
              exposures: Sequence[tuple[int, int]] = ()) -> dict[str, tuple[int, Reading]]:
    """For each hand of the card its exposures leave possible: the fewest tiles missing and a closest reading."""
    best: dict[str, tuple[int, Reading]] = {}
    for reading, slots in fitting(card, exposures):
        short = gap(slots, counts, jokers)
        kept = best.get(reading.hand.id)
        if kept is None or short < kept[0]:
            best[reading.hand.id] = (short, reading)
    return best


def closest(card: Card, counts: Sequence[int], jokers: int,
            exposures: Sequence[tuple[int, int]] = ()) -> list[tuple[int, Reading]]:
    """Every hand still possible, nearest first (ties by the higher value, then the card's order)."""
    order = {h.id: i for i, h in enumerate(card.hands)}
    found = distances(card, counts, jokers, exposures).values()
    return sorted(found, key=lambda item: (item[0], -item[1].hand.value, order[item[1].hand.id]))


def possible(card: Card, exposures: Sequence[tuple[int, int]]) -> bool:
    """Whether any hand of the card can still be made with these exposures (the dead-hand test's core)."""
    return bool(fitting(card, exposures))


#: Per card (by its id, the card kept beside): for each set of exposures asked, sorted, each reading they leave
#: possible with its slots -- a seat's exposures change a few times a deal and are asked about at every discard.
_FITS: dict[int, tuple[Card, dict[tuple[tuple[int, int], ...],
                                  tuple[tuple[Reading, tuple[tuple[int, int, int], ...]], ...]]]] = {}


def fitting(card: Card, exposures: Sequence[tuple[int, int]]
            ) -> tuple[tuple[Reading, tuple[tuple[int, int, int], ...]], ...]:
    """Each reading of the card these exposures leave possible, with its slots (:func:`slots_after`), in the
    card's order: the same for the exposures in any order, so kept per sorted set."""
    entry = _FITS.get(id(card))
    if entry is None or entry[0] is not card:
        if len(_FITS) >= 16:
            _FITS.clear()
        entry = _FITS[id(card)] = (card, {})
    key = tuple(sorted(exposures))
    found = entry[1].get(key)
    if found is None:
        if key:
            pairs = ((reading, slots_after(reading, key))
                     for reading in _each(card, _holding(card, {kind for kind, _ in key})))
        else:
            pairs = ((reading, reading.slots) for reading in card.readings)
        found = tuple((reading, slots) for reading, slots in pairs if slots is not None)
        if len(entry[1]) >= 4096:
            entry[1].clear()
        entry[1][key] = found
    return found


def alive(card: Card, exposures: Sequence[tuple[int, int]], seen: Sequence[int]) -> bool:
    """Whether a seat with these exposures can still make a hand of the card, the tiles every seat can see taken
    out: some reading its exposures allow needs no more real tiles of a kind (its singles and pairs, where no
    joker stands) than the set holds less those ``seen`` (discarded, or in any seat's exposures as real tiles),
    and no more jokers for the rest than the set holds.

    The American game's dead hand (a hand whose needed tiles cannot be had, or whose exposures fit no hand): a
    seat for which this is false is dead.  Only what every seat sees is read, never a concealed tile.
    """
    for _, slots in fitting(card, exposures):
        jokers = 0
        for k, need, natural in slots:
            left = COPIES[k] - seen[k]
            if natural > left:
                break
            jokers += max(0, need - left)
        else:
            if jokers <= JOKERS:
                return True
    return False
