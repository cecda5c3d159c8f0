"""Every way to read a complete hand as groups.

Scoring depends on how a hand is read: 111222333m is three pungs or three
chows, 1233m + 3m wins on the pair or inside a chow, 112233m445566p77s is
seven pairs and also four sets and a pair.  Scorers therefore get *all*
readings and keep the best one; this module produces them.

What is read
------------
The concealed tiles plus the winning tile, with the declared melds
(``hand.melds``) kept exactly as they are.  A hand makes ``sets`` sets and a
pair: four (a 13-tile hand, the default) or as many as the ruleset's hand size
says (five for 16 tiles).  With ``f`` declared melds the rest must make
``sets - f`` sets and a pair (``3 (sets - f) + 2`` tiles), or else the hand is
incomplete and the answer is ``[]``.  The forms:

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

How, and why so
---------------
Scoring engines and the game engine read hands through this module many
times a deal (four hands at each deal's end, more for the engine's win
checks), so the work is shared where it can be.  A standard reading is a choice of one reading per
suit, and a suit's tiles recur far more often than whole hands do: each
suit's readings are found once per count vector and kept (a bounded cache,
emptied when full), as tuples of groups that are made once per
(kind, first tile) together with their sort keys.  The cached values and the
groups are immutable, so arrangements built from them share no mutable
state.  Callers that have already validated the hand (a scoring engine whose
input check ran) pass ``checked=True`` to skip the second check.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from itertools import permutations, product
from operator import itemgetter

from mahjong_core.hand.melds import Arrangement, Form, Hand, Meld, MeldKind
from mahjong_core.hand.notation import check_hand
from mahjong_core.hand.shanten import ORPHANS, is_complete_counts
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS

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

#: A meld's place in the canonical order: tiles, kind rank, exposed, seat claimed from (-1: none), added.
MeldKey = tuple[tuple[int, ...], int, bool, int, bool]


def meld_sort_key(meld: Meld) -> MeldKey:
    """The canonical order of groups inside an arrangement."""
    seat = -1 if meld.claimed_from is None else meld.claimed_from.offset
    return (meld.tiles, _KIND_RANK[meld.kind], meld.exposed, seat, meld.added)


def _counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * NUM_PLAYING_KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


# ---------------------------------------------------------------------------
# Groups, made once
# ---------------------------------------------------------------------------

#: A group with its sort key, and whether the reading made it (``False`` for a declared meld, which never
#: holds the winning tile).  Keys are compared far more often than groups are made, so they travel together.
_Keyed = tuple[MeldKey, Meld, bool]
_KEY = itemgetter(0)


def _made(kind: MeldKind, tiles: tuple[int, ...]) -> _Keyed:
    meld = Meld(kind, tiles)
    return meld_sort_key(meld), meld, True


def _all_groups() -> dict[tuple[MeldKind, int], _Keyed]:
    """Every group a reading can make of concealed tiles, by (kind, first tile)."""
    groups = {}
    for k in range(NUM_PLAYING_KINDS):
        groups[MeldKind.PUNG, k] = _made(MeldKind.PUNG, (k,) * 3)
        groups[MeldKind.PAIR, k] = _made(MeldKind.PAIR, (k,) * 2)
        groups[MeldKind.SINGLE, k] = _made(MeldKind.SINGLE, (k,))
    for k in range(27):
        if k % 9 <= 6:
            groups[MeldKind.CHOW, k] = _made(MeldKind.CHOW, (k, k + 1, k + 2))
        if k % 9 <= 2:
            groups[MeldKind.KNITTED, k] = _made(MeldKind.KNITTED, (k, k + 3, k + 6))
    return groups


_GROUPS = _all_groups()


# ---------------------------------------------------------------------------
# The standard form, suit by suit
# ---------------------------------------------------------------------------

#: The suits' kinds as (first, end); the honours make no chows.
_SUITS = ((0, 9), (9, 18), (18, 27), (27, NUM_PLAYING_KINDS))
#: One suit's readings by (first kind, its counts); emptied when it holds ``_MAX_SUIT_READINGS`` of them.
_SUIT_READINGS: dict[tuple[int, tuple[int, ...]], tuple[tuple[_Keyed, ...], ...]] = {}
_MAX_SUIT_READINGS = 20_000


def _suit_readings(first: int, counts: tuple[int, ...]) -> tuple[tuple[_Keyed, ...], ...]:
    """Every way to read one suit's tiles as pungs, chows and (when 2 more than a multiple of 3) one pair; cached.

    Each multiset of groups comes once: at the lowest kind left, its copies
    can only go to at most one pung, at most one pair and chows *starting*
    there (nothing lower is left), so choosing (pung?, pair?) fixes the
    number of chows.  The groups come in canonical order as they are made:
    kind by kind, and within a kind the pair (k k), the pung (k k k), then
    the chows (k k+1 k+2).
    """
    key = (first, counts)
    found = _SUIT_READINGS.get(key)
    if found is not None:
        return found
    held = list(counts)
    size = len(held)
    chows_possible = first < 27
    groups: list[_Keyed] = []
    readings: list[tuple[_Keyed, ...]] = []

    def walk(i: int, pair_left: int) -> None:
        while i < size and not held[i]:
            i += 1
        if i == size:
            if not pair_left:
                readings.append(tuple(groups))
            return
        n = held[i]
        kind = first + i
        for pung in (0, 1):
            for pair in (0, 1) if pair_left else (0,):
                chows = n - 3 * pung - 2 * pair
                if chows < 0 or chows and not (chows_possible and i + 2 < size and held[i + 1] >= chows
                                               and held[i + 2] >= chows):
                    continue
                mark = len(groups)
                if pair:
                    groups.append(_GROUPS[MeldKind.PAIR, kind])
                if pung:
                    groups.append(_GROUPS[MeldKind.PUNG, kind])
                held[i] = 0
                if chows:
                    groups.extend([_GROUPS[MeldKind.CHOW, kind]] * chows)
                    held[i + 1] -= chows
                    held[i + 2] -= chows
                walk(i + 1, pair_left - pair)
                if chows:
                    held[i + 1] += chows
                    held[i + 2] += chows
                held[i] = n
                del groups[mark:]

    walk(0, 1 if sum(counts) % 3 == 2 else 0)
    if len(_SUIT_READINGS) >= _MAX_SUIT_READINGS:
        _SUIT_READINGS.clear()
    found = _SUIT_READINGS[key] = tuple(readings)
    return found


def _standard_groups(counts: Sequence[int]) -> list[tuple[_Keyed, ...]]:
    """Every reading of ``counts`` as sets and exactly one pair, each multiset once, groups in canonical order.

    The number of sets follows from the number of tiles, which the caller
    has made ``3 n + 2``; suits are disjoint, so one reading per suit makes
    each multiset exactly once.
    """
    per_suit = []
    pairs = 0
    for first, end in _SUITS:
        part = tuple(counts[first:end])
        n = sum(part)
        if not n:
            continue
        if n % 3 == 2:
            pairs += 1
        readings = _suit_readings(first, part)
        if not readings:
            return []
        per_suit.append(readings)
    if pairs != 1:
        return []
    return [sum(choice, ()) for choice in product(*per_suit)]


# ---------------------------------------------------------------------------
# The special forms
# ---------------------------------------------------------------------------


def _knitted_assignments() -> list[tuple[tuple[int, int, int], ...]]:
    """The six ways to give 1-4-7, 2-5-8 and 3-6-9 to the three suits, as kind triples."""
    out = []
    for offsets in permutations(range(3)):
        out.append(tuple((9 * suit + off, 9 * suit + off + 3, 9 * suit + off + 6) for suit, off in enumerate(offsets)))
    return out


_KNITTED = _knitted_assignments()
#: Each assignment's nine kinds.
_KNITTED_KINDS = [frozenset(k for triple in assignment for k in triple) for assignment in _KNITTED]


def _seven_pairs(counts: Sequence[int], allow_four: bool) -> list[_Keyed] | None:
    """Seven pairs, kind by kind; four equal tiles are two equal pairs only where ``allow_four``."""
    if any(n % 2 for n in counts) or (not allow_four and 4 in counts):
        return None
    return [_GROUPS[MeldKind.PAIR, kind] for kind in range(NUM_PLAYING_KINDS) for _ in range(counts[kind] // 2)]


def _thirteen_orphans(counts: Sequence[int]) -> list[_Keyed] | None:
    """One of each orphan and a second of one; ``ORPHANS`` ascends, so the groups come in canonical order."""
    if sum(counts[k] for k in ORPHANS) != 14 or any(counts[k] == 0 for k in ORPHANS):
        return None
    return [_GROUPS[MeldKind.PAIR if counts[k] == 2 else MeldKind.SINGLE, k] for k in ORPHANS]


def _honours_and_knitted(counts: Sequence[int]) -> list[_Keyed] | None:
    """Fourteen different tiles, the suited ones all from one knitted assignment, as singles."""
    if max(counts) > 1 or sum(counts) != 14:
        return None
    suited = {kind for kind in range(27) if counts[kind]}
    if not any(suited <= kinds for kinds in _KNITTED_KINDS):
        return None
    return [_GROUPS[MeldKind.SINGLE, kind] for kind in range(NUM_PLAYING_KINDS) if counts[kind]]


def _knitted_straights(counts: Sequence[int]) -> Iterator[list[_Keyed]]:
    """Each knitted straight the tiles hold, with every standard reading of the rest (a set and a pair, or a pair)."""
    for assignment, kinds in zip(_KNITTED, _KNITTED_KINDS, strict=True):
        if any(counts[k] == 0 for k in kinds):
            continue
        rest = list(counts)
        for k in kinds:
            rest[k] -= 1
        knitted = [_GROUPS[MeldKind.KNITTED, triple[0]] for triple in assignment]
        for groups in _standard_groups(rest):
            yield knitted + list(groups)


def _special_forms(
    counts: Sequence[int], seven_pairs: bool, thirteen_orphans: bool, knitted: bool, allow_four: bool
) -> Iterator[tuple[Form, list[_Keyed]]]:
    """The forms only a fully concealed hand can take, each with its groups in canonical order."""
    if seven_pairs:
        groups = _seven_pairs(counts, allow_four)
        if groups:
            yield Form.SEVEN_PAIRS, groups
    if thirteen_orphans:
        groups = _thirteen_orphans(counts)
        if groups:
            yield Form.THIRTEEN_ORPHANS, groups
    if knitted:
        groups = _honours_and_knitted(counts)
        if groups:
            yield Form.HONOURS_AND_KNITTED, groups


# ---------------------------------------------------------------------------
# Readings to arrangements
# ---------------------------------------------------------------------------

#: A reading found: (form rank, its keyed groups, winning group index or -1, the arrangement).
_Found = tuple[int, Sequence[_Keyed], int, Arrangement]


def _read(found: list[_Found], form: Form, keyed: Sequence[_Keyed], winning: int | None) -> None:
    """Add the reading (groups in canonical order) once for each distinct made group holding the winning tile.

    Equal groups are adjacent in canonical order (the key covers every field
    of a meld), so the first of a run of equal groups is the one
    ``melds.index`` names and the others are skipped.
    """
    melds = tuple(meld for _, meld, _ in keyed)
    rank = _FORM_RANK[form]
    if winning is None:
        found.append((rank, keyed, -1, Arrangement(form, melds, None)))
        return
    for index, (key, meld, made) in enumerate(keyed):
        if made and winning in meld.tiles and not (index and keyed[index - 1][0] == key):
            found.append((rank, keyed, index, Arrangement(form, melds, index)))


def _with_declared(declared: list[_Keyed], groups: Sequence[_Keyed]) -> Sequence[_Keyed]:
    """The reading's groups and the declared melds together, in canonical order."""
    return sorted([*declared, *groups], key=_KEY) if declared else groups


#: Hands whose readings are pinned to one arrangement (see :func:`pinned`); empty outside such a block.
_PINNED: dict[Hand, Arrangement] = {}


@contextlib.contextmanager
def pinned(hand: Hand, arrangement: Arrangement) -> Iterator[None]:
    """While active, :func:`arrangements` gives just ``arrangement`` for ``hand`` (other hands as usual).

    The conformance suite scores each reading of a hand alone to compare it
    with the engine's choice; asking the finder itself, rather than patching
    the modules that imported it, reaches every engine that reads it.
    """
    _PINNED[hand] = arrangement
    try:
        yield
    finally:
        del _PINNED[hand]


def arrangements(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    knitted: bool = False,
    seven_pairs_allow_four: bool = True,
    checked: bool = False,
    sets: int = 4,
) -> list[Arrangement]:
    """Every distinct reading of the complete hand (see the module docstring); ``[]`` if it is incomplete.

    :param checked: the caller has already validated ``hand`` as
        :func:`~mahjong_core.hand.notation.check_hand` does (a scoring engine's
        input check), so it is not checked again.  Passing ``True`` for a hand
        that was not checked is the caller's mistake: an impossible hand then
        gives a wrong answer or an arbitrary exception instead of ``HandError``.
    :param sets: the sets a complete hand makes besides its pair: ``(hand_size - 1) // 3`` of the ruleset, four
        for 13 tiles, five for 16.  The special forms keep their own size (fourteen tiles, no declared meld).
    :raises HandError: for an impossible hand (fifth copy, bad declared meld), unless ``checked``.
    """
    if _PINNED and hand in _PINNED:
        return [_PINNED[hand]]
    if not checked:
        check_hand(hand)
    winning = hand.winning_tile
    special = sets == 4  # seven pairs, thirteen orphans and the knitted forms are read from 14 tiles
    sets -= len(hand.melds)
    if sets < 0 or len(hand.concealed) + (winning is not None) != 3 * sets + 2:
        return []
    counts = _counts(hand.concealed)
    if winning is not None:
        counts[winning] += 1
    declared = [(meld_sort_key(m), m, False) for m in hand.melds]
    # No reading comes twice, so nothing is deduplicated: standard multisets come once each, a special form at
    # most once, and knitted straights of different assignments differ in their knitted groups.
    found: list[_Found] = []
    for standard in _standard_groups(counts):
        _read(found, Form.STANDARD, _with_declared(declared, standard), winning)
    if not declared and special:
        for form, groups in _special_forms(counts, seven_pairs, thirteen_orphans, knitted, seven_pairs_allow_four):
            _read(found, form, groups, winning)
    if knitted and special and sets >= 3:
        for straight in _knitted_straights(counts):
            _read(found, Form.KNITTED_STRAIGHT, sorted([*declared, *straight], key=_KEY), winning)
    if len(found) > 1:  # form, then the groups' keys, then the winning group
        found.sort(key=lambda entry: (entry[0], [key for key, _, _ in entry[1]], entry[2]))
    return [entry[3] for entry in found]


def is_complete(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    knitted: bool = False,
    seven_pairs_allow_four: bool = True,
    sets: int = 4,
) -> bool:
    """Whether :func:`arrangements` would find a reading; uses the fast count test when it can.

    :raises HandError: for an impossible hand.
    """
    check_hand(hand)
    tiles = list(hand.concealed)
    if hand.winning_tile is not None:
        tiles.append(hand.winning_tile)
    if sets - len(hand.melds) < 0 or len(tiles) != 3 * (sets - len(hand.melds)) + 2:
        return False
    if is_complete_counts(
        bytes(_counts(tiles)),
        seven_pairs=seven_pairs and sets == 4,  # the special forms are hands of fourteen tiles
        thirteen_orphans=thirteen_orphans and sets == 4,
        seven_pairs_allow_four=seven_pairs_allow_four,
    ):
        return True
    return knitted and sets == 4 and bool(
        arrangements(
            hand,
            seven_pairs=seven_pairs,
            thirteen_orphans=thirteen_orphans,
            knitted=True,
            seven_pairs_allow_four=seven_pairs_allow_four,
            checked=True,
            sets=sets,
        )
    )
