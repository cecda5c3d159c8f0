"""The Zung Jung patterns no shared vocabulary names, as predicates the ruleset's table cites.

Zung Jung (Alan Kwan's scoring system, v3.3) scores a winning hand by the
patterns it contains, added up.  Most of them are shapes the shared
vocabulary already knows (pure suit, seven pairs, the wind and dragon
hands); these are the rest: counts of concealed triplets and of kongs,
identical, similar and consecutive sets, and the terminal hands that allow
chows.  Each predicate is written from the pattern's meaning, in this
project's words; the ruleset's YAML cites the pattern's number in the List
of Patterns for each row.

A triplet is concealed when all of its tiles came from the wall: one
completed by a claimed discard (the winning discard included) is not
(Zung Jung's miscellaneous rules, "Concealed Triplet").  A concealed kong
counts as a concealed triplet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from mahjong_core.plugin import (
    WINDS,
    Arrangement,
    Hand,
    Meld,
    MeldKind,
    Vocabulary,
    chows_of,
    is_exposed,
    is_honour,
    is_standard,
    is_terminal,
    is_terminal_or_honour,
    number_of,
    pairs_of,
    pongs_of,
    suit_of,
)

#: The Zung Jung patterns this module adds to the game's vocabulary.
VOCABULARY = Vocabulary()
predicate = VOCABULARY.predicate


def _concealed_pongs(arrangement: Arrangement, ctx: Mapping[str, object]) -> int:
    self_drawn = bool(ctx["self_drawn"])
    return sum(1 for i, meld in enumerate(arrangement.melds)
               if meld.is_pong and not is_exposed(arrangement, i, self_drawn))


def _kongs(arrangement: Arrangement) -> int:
    return sum(1 for meld in arrangement.melds if meld.kind is MeldKind.KONG)


def _chow_counts(arrangement: Arrangement) -> list[int]:
    """How many times each distinct chow occurs, most first."""
    return sorted(Counter(meld.first for meld in chows_of(arrangement)).values(), reverse=True)


@predicate("zj_concealed_hand", description="a regular hand with nothing claimed but, perhaps, the winning discard")
def zj_concealed_hand(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 1.2: no exposed set before the win; a concealed kong keeps the hand concealed, a win on
    a discard does not spoil it, and only a regular hand (four sets and a pair) qualifies."""
    return is_standard(arrangement) and not any(meld.exposed for meld in arrangement.melds)


@predicate("zj_two_concealed_triplets", description="at least two triplets or kongs made wholly from the wall",
           facts=("self_drawn",))
def zj_two_concealed_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 4.2.1 (the higher counts of the series exclude it in the table)."""
    return _concealed_pongs(arrangement, ctx) >= 2


@predicate("zj_three_concealed_triplets", description="at least three triplets or kongs made wholly from the wall",
           facts=("self_drawn",))
def zj_three_concealed_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 4.2.2."""
    return _concealed_pongs(arrangement, ctx) >= 3


@predicate("zj_four_concealed_triplets", description="four triplets or kongs made wholly from the wall",
           facts=("self_drawn",))
def zj_four_concealed_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 4.2.3."""
    return _concealed_pongs(arrangement, ctx) == 4


@predicate("zj_one_kong", description="at least one kong, exposed or concealed")
def zj_one_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 4.3.1."""
    return _kongs(arrangement) >= 1


@predicate("zj_two_kongs", description="at least two kongs")
def zj_two_kongs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 4.3.2."""
    return _kongs(arrangement) >= 2


@predicate("zj_three_kongs", description="at least three kongs")
def zj_three_kongs(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 4.3.3 (four kongs, 4.3.4, is the shared ``four_kongs``)."""
    return _kongs(arrangement) >= 3


@predicate("zj_two_identical_sequences", description="one chow twice: same suit, same numbers")
def zj_two_identical_sequences(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 5.1.1."""
    counts = _chow_counts(arrangement)
    return bool(counts) and counts[0] >= 2


@predicate("zj_two_identical_sequences_twice", description="two different chows, each held twice")
def zj_two_identical_sequences_twice(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 5.1.2: two pairs of identical chows (four of one chow is 5.1.4 and excludes this)."""
    return sum(n // 2 for n in _chow_counts(arrangement)) >= 2


@predicate("zj_three_identical_sequences", description="one chow three times")
def zj_three_identical_sequences(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 5.1.3."""
    counts = _chow_counts(arrangement)
    return bool(counts) and counts[0] >= 3


@predicate("zj_four_identical_sequences", description="one chow four times")
def zj_four_identical_sequences(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 5.1.4."""
    counts = _chow_counts(arrangement)
    return bool(counts) and counts[0] == 4


def _by_number(melds: list[Meld]) -> dict[int, set[str]]:
    """The suits in which melds of each starting number occur."""
    found: dict[int, set[str]] = {}
    for meld in melds:
        suit = suit_of(meld.first)
        if suit is not None:
            found.setdefault(number_of(meld.first) or 0, set()).add(suit)
    return found


@predicate("zj_three_similar_sequences", description="the same chow in each of the three suits")
def zj_three_similar_sequences(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 6.1."""
    return any(len(suits) == 3 for suits in _by_number(chows_of(arrangement)).values())


@predicate("zj_small_three_similar_triplets",
           description="triplets of one number in two suits and a pair of that number in the third")
def zj_small_three_similar_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 6.2.1."""
    pongs = _by_number(pongs_of(arrangement))
    pairs = _by_number(pairs_of(arrangement)) if is_standard(arrangement) else {}
    return any(len(suits) == 2 and len(pairs.get(number, set()) - suits) == 1 for number, suits in pongs.items())


@predicate("zj_three_similar_triplets", description="triplets of one number in each of the three suits")
def zj_three_similar_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 6.2.2."""
    return any(len(suits) == 3 for suits in _by_number(pongs_of(arrangement)).values())


@predicate("zj_nine_tile_straight", description="the chows 1-2-3, 4-5-6 and 7-8-9 of one suit")
def zj_nine_tile_straight(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 7.1."""
    starts = {meld.first for meld in chows_of(arrangement)}
    return any({base, base + 3, base + 6} <= starts for base in (0, 9, 18))


def _longest_run_of_triplets(arrangement: Arrangement) -> int:
    kinds = sorted({meld.first for meld in pongs_of(arrangement) if suit_of(meld.first) is not None})
    best = run = 0
    previous = None
    for kind in kinds:
        run = run + 1 if previous is not None and kind == previous + 1 and suit_of(kind) == suit_of(previous) else 1
        best = max(best, run)
        previous = kind
    return best


@predicate("zj_three_consecutive_triplets", description="triplets of three consecutive numbers in one suit")
def zj_three_consecutive_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 7.2.1."""
    return _longest_run_of_triplets(arrangement) >= 3


@predicate("zj_four_consecutive_triplets", description="triplets of four consecutive numbers in one suit")
def zj_four_consecutive_triplets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 7.2.2."""
    return _longest_run_of_triplets(arrangement) >= 4


def _every_group_has_terminal_or_honour(arrangement: Arrangement) -> bool:
    return all(any(is_terminal_or_honour(t) for t in meld.tiles) for meld in arrangement.melds)


def _has_honour(arrangement: Arrangement) -> bool:
    return any(is_honour(t) for meld in arrangement.melds for t in meld.tiles)


@predicate("zj_mixed_lesser_terminals",
           description="every set and the pair hold a terminal or an honour, and honours are present")
def zj_mixed_lesser_terminals(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 8.1.1 (the greater and the pure terminal hands exclude it in the table)."""
    return is_standard(arrangement) and _every_group_has_terminal_or_honour(arrangement) and _has_honour(arrangement)


@predicate("zj_pure_lesser_terminals", description="every set and the pair hold a terminal; no honours")
def zj_pure_lesser_terminals(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 8.1.2."""
    return is_standard(arrangement) and all(any(is_terminal(t) for t in meld.tiles) for meld in arrangement.melds)


@predicate("zj_mixed_greater_terminals", description="every tile a terminal or an honour, honours present")
def zj_mixed_greater_terminals(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 8.1.3: no chow can be made of such tiles, so the hand is triplets and a pair, or seven pairs;
    thirteen terminals is its own pattern (10.1)."""
    tiles = [t for meld in arrangement.melds for t in meld.tiles]
    if any(meld.kind is MeldKind.SINGLE for meld in arrangement.melds):
        return False
    return (all(is_terminal_or_honour(t) for t in tiles) and any(is_honour(t) for t in tiles)
            and not all(is_honour(t) for t in tiles))


@predicate("zj_small_three_winds", description="triplets of two winds and a pair of a third")
def zj_small_three_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 3.3.1."""
    winds = {meld.first for meld in pongs_of(arrangement) if meld.first in WINDS}
    pair = [meld.first for meld in pairs_of(arrangement) if meld.first in WINDS]
    return is_standard(arrangement) and len(winds) == 2 and len(pair) == 1


@predicate("zj_big_three_winds", description="triplets of three winds")
def zj_big_three_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """zj_patterns section 3.3.2 (small and big four winds exclude it in the table)."""
    return sum(1 for meld in pongs_of(arrangement) if meld.first in WINDS) >= 3
