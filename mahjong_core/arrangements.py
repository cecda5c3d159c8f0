"""Every way to read a complete hand as groups.

Scoring depends on how a hand is read: 111222333m is three pungs or three
chows, 1233m + 3m wins on the pair or inside a chow, 112233m445566p77s is
seven pairs and also four sets and a pair.  Scorers therefore get *all*
readings and keep the best one; this module produces them.

What is read
------------
The concealed tiles plus the winning tile, with the declared melds
(``hand.melds``) kept exactly as they are.  With ``f`` declared melds the rest
must make ``4 - f`` sets and a pair (``3 (4 - f) + 2`` tiles), or else the
hand is incomplete and the answer is ``[]``.  The forms:

* ``STANDARD``: chows and pungs from the concealed tiles, the declared melds,
  and one pair;
* ``SEVEN_PAIRS`` (no declared melds): seven ``PAIR`` groups; with
  ``seven_pairs_allow_four`` four equal tiles are two equal pairs;
* ``THIRTEEN_ORPHANS`` (no declared melds): twelve ``SINGLE`` groups and the
  ``PAIR`` of the doubled orphan;
* with ``knitted=True`` (Chinese official rules):
  ``KNITTED_STRAIGHT`` -- 1-4-7, 2-5-8 and 3-6-9 each in a different suit,
  as three ``KNITTED`` groups, plus one set (concealed or declared) and a
  pair; ``HONOURS_AND_KNITTED`` (no declared melds) -- fourteen different
  tiles, each an honour or a suited tile of one knitted 147/258/369
  assignment, as fourteen ``SINGLE`` groups.  Lesser and greater honours and knitted tiles share this
  form; the greater one is the case holding all seven honours.

Groups made here are concealed (``exposed=False``), including the group a
discarded winning tile completed: whether that counts as exposed is the
scorer's decision.

Distinct readings
-----------------
Two arrangements are the same when they have the same form, the same groups
(as a multiset) and the same *group holding the winning tile* (compared as a
value, so the winning tile in one of two identical chows is one reading, not
two).  The winning tile's position inside its group follows from the group
and the tile, so (groups, winning group) fixes the wait.  ``melds`` are sorted
by tiles, then kind (chow, pung, kong, knitted, pair, single), then exposure,
seat and added flag; ``winning_meld`` is the index of the first group equal
to the winning group, or ``None`` when the hand names no winning tile.  The
list is ordered by form, then melds, then winning index.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations

from .melds import Arrangement, Form, Hand, Meld, MeldKind
from .notation import check_hand
from .shanten import ORPHANS, is_complete_counts

__all__ = ["arrangements", "is_complete", "meld_sort_key"]

_KIND_RANK = {
    MeldKind.CHOW: 0,
    MeldKind.PUNG: 1,
    MeldKind.KONG: 2,
    MeldKind.KNITTED: 3,
    MeldKind.PAIR: 4,
    MeldKind.SINGLE: 5,
}
_FORM_RANK = {form: i for i, form in enumerate(Form)}


def meld_sort_key(meld: Meld) -> tuple:
    """The canonical order of groups inside an arrangement."""
    seat = -1 if meld.claimed_from is None else int(meld.claimed_from)
    return (meld.tiles, _KIND_RANK[meld.kind], meld.exposed, seat, meld.added)


def _counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        counts[tile] += 1
    return counts


def _standard_groups(counts: list[int], sets: int) -> Iterator[list[Meld]]:
    """Every multiset of ``sets`` chows/pungs and one pair using exactly ``counts``, each once.

    At the lowest kind still held, its copies must go to at most one pung,
    at most one pair and chows *starting* there (nothing lower is left), so
    choosing (pung?, pair?) fixes the number of chows and every multiset is
    produced exactly once.
    """
    groups: list[Meld] = []

    def walk(kind: int, sets_left: int, pair_left: int) -> Iterator[list[Meld]]:
        while kind < 34 and counts[kind] == 0:
            kind += 1
        if kind == 34:
            if sets_left == 0 and pair_left == 0:
                yield list(groups)
            return
        held = counts[kind]
        chow_room = kind < 27 and kind % 9 <= 6
        for pung in (0, 1):
            for pair in (0, 1) if pair_left else (0,):
                chows = held - 3 * pung - 2 * pair
                if chows < 0 or pung + chows > sets_left:
                    continue
                if chows and not (chow_room and counts[kind + 1] >= chows and counts[kind + 2] >= chows):
                    continue
                added = pung + pair + chows
                if pung:
                    groups.append(Meld(MeldKind.PUNG, (kind,) * 3))
                if pair:
                    groups.append(Meld(MeldKind.PAIR, (kind,) * 2))
                groups.extend([Meld(MeldKind.CHOW, (kind, kind + 1, kind + 2))] * chows)
                counts[kind] = 0
                if chows:
                    counts[kind + 1] -= chows
                    counts[kind + 2] -= chows
                yield from walk(kind + 1, sets_left - pung - chows, pair_left - pair)
                if chows:
                    counts[kind + 1] += chows
                    counts[kind + 2] += chows
                counts[kind] = held
                del groups[len(groups) - added :]

    yield from walk(0, sets, 1)


def _knitted_assignments() -> list[tuple[tuple[int, int, int], ...]]:
    """The six ways to give 1-4-7, 2-5-8 and 3-6-9 to the three suits, as kind triples."""
    out = []
    for offsets in permutations(range(3)):
        out.append(tuple((9 * suit + off, 9 * suit + off + 3, 9 * suit + off + 6) for suit, off in enumerate(offsets)))
    return out


_KNITTED = _knitted_assignments()


def _seven_pairs(counts: list[int], allow_four: bool) -> list[Meld] | None:
    if any(c % 2 for c in counts) or (not allow_four and 4 in counts):
        return None
    return [Meld(MeldKind.PAIR, (kind, kind)) for kind in range(34) for _ in range(counts[kind] // 2)]


def _thirteen_orphans(counts: list[int]) -> list[Meld] | None:
    if sum(counts[k] for k in ORPHANS) != 14 or any(counts[k] == 0 for k in ORPHANS):
        return None
    return [Meld(MeldKind.PAIR if counts[k] == 2 else MeldKind.SINGLE, (k,) * counts[k]) for k in ORPHANS]


def _honours_and_knitted(counts: list[int]) -> list[Meld] | None:
    if max(counts) > 1 or sum(counts) != 14:
        return None
    suited = {kind for kind in range(27) if counts[kind]}
    if not any(suited <= {k for triple in assignment for k in triple} for assignment in _KNITTED):
        return None
    return [Meld(MeldKind.SINGLE, (kind,)) for kind in range(34) if counts[kind]]


def _knitted_straights(counts: list[int], sets: int) -> Iterator[list[Meld]]:
    for assignment in _KNITTED:
        kinds = [k for triple in assignment for k in triple]
        if any(counts[k] == 0 for k in kinds):
            continue
        for k in kinds:
            counts[k] -= 1
        knitted = [Meld(MeldKind.KNITTED, triple) for triple in assignment]
        for rest in list(_standard_groups(counts, sets - 3)):
            yield knitted + rest
        for k in kinds:
            counts[k] += 1


def arrangements(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    knitted: bool = False,
    seven_pairs_allow_four: bool = True,
) -> list[Arrangement]:
    """Every distinct reading of the complete hand (see the module docstring); ``[]`` if it is incomplete.

    :raises HandError: for an impossible hand (fifth copy, bad declared meld).
    """
    check_hand(hand)
    tiles = list(hand.concealed)
    if hand.winning_tile is not None:
        tiles.append(hand.winning_tile)
    fixed = list(hand.melds)
    sets = 4 - len(fixed)
    if sets < 0 or len(tiles) != 3 * sets + 2:
        return []
    counts = _counts(tiles)
    readings: list[tuple[Form, list[Meld]]] = [(Form.STANDARD, groups) for groups in _standard_groups(counts, sets)]
    if not fixed:
        if seven_pairs:
            groups = _seven_pairs(counts, seven_pairs_allow_four)
            if groups:
                readings.append((Form.SEVEN_PAIRS, groups))
        if thirteen_orphans:
            groups = _thirteen_orphans(counts)
            if groups:
                readings.append((Form.THIRTEEN_ORPHANS, groups))
        if knitted:
            groups = _honours_and_knitted(counts)
            if groups:
                readings.append((Form.HONOURS_AND_KNITTED, groups))
    if knitted and sets >= 3:
        readings.extend((Form.KNITTED_STRAIGHT, groups) for groups in _knitted_straights(counts, sets))
    found: dict[tuple, Arrangement] = {}
    for form, groups in readings:
        melds = tuple(sorted(fixed + groups, key=meld_sort_key))
        if hand.winning_tile is None:
            holders: list[int | None] = [None]
        else:
            holders = sorted({melds.index(g) for g in groups if hand.winning_tile in g.tiles})
        for index in holders:
            found.setdefault((form, melds, index), Arrangement(form, melds, index))
    return sorted(
        found.values(),
        key=lambda a: (
            _FORM_RANK[a.form],
            [meld_sort_key(m) for m in a.melds],
            -1 if a.winning_meld is None else a.winning_meld,
        ),
    )


def is_complete(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    knitted: bool = False,
    seven_pairs_allow_four: bool = True,
) -> bool:
    """Whether :func:`arrangements` would find a reading; uses the fast count test when it can.

    :raises HandError: for an impossible hand.
    """
    check_hand(hand)
    tiles = list(hand.concealed)
    if hand.winning_tile is not None:
        tiles.append(hand.winning_tile)
    sets = 4 - len(hand.melds)
    if sets < 0 or len(tiles) != 3 * sets + 2:
        return False
    if is_complete_counts(
        bytes(_counts(tiles)),
        seven_pairs=seven_pairs,
        thirteen_orphans=thirteen_orphans,
        seven_pairs_allow_four=seven_pairs_allow_four,
    ):
        return True
    return knitted and bool(
        arrangements(
            hand,
            seven_pairs=seven_pairs,
            thirteen_orphans=thirteen_orphans,
            knitted=True,
            seven_pairs_allow_four=seven_pairs_allow_four,
        )
    )
