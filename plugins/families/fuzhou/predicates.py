"""The predicates the ``fuzhou`` family's tables name, each prefixed ``fz_``.

A row of the ``points`` table (the "flowers", 花, counted onto the base) asks its predicate once per unit it is
counted by: ``per: gold`` for each gold the winner holds, ``per: bonus_tile`` for each bonus tile (the hand
holding that one tile), ``per: meld`` for each set (an arrangement holding that one set), ``per: flower_group``
for each whole group of four bonus tiles (the hand holding those four).  A row of the ``special_hands`` table asks
once of the whole hand; of those that hold only the largest counts (the source's hands do not combine).

The gold is the deal's wild kind (the ruleset's ``jokers.wild``): the winner's golds are the kinds its jokers
stand for in the reading scored (``Hand.wild``), or the jokers held beside the tiles where no reading is complete
(three golds win whatever the tiles).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from mahjong_core.plugin import Arrangement, Hand, MeldKind, Vocabulary

__all__ = ["VOCABULARY", "golds", "naturals"]

#: What this package adds to every ruleset's vocabulary (through its plugin's ``mahjong_predicates`` hook).
VOCABULARY = Vocabulary()
_KINDS = 34
_SUITED = 27


def golds(hand: Hand) -> int:
    """The golds the winner holds: the kinds its jokers stand for, or the jokers held where none stand."""
    return len(hand.wild) + hand.jokers


def naturals(hand: Hand) -> bytes:
    """The counts of the winner's concealed tiles that are no gold (the winning tile among them)."""
    counts = [0] * _KINDS
    tiles = [*hand.concealed, *([hand.winning_tile] if hand.winning_tile is not None else [])]
    for tile in tiles:
        if tile < _KINDS:
            counts[tile] += 1
    for kind in hand.wild:
        counts[kind] -= 1
    return bytes(max(n, 0) for n in counts)


@lru_cache(maxsize=1 << 14)
def _sets(counts: bytes, jokers: int, sets: int, pair: int) -> bool:
    """Whether the tiles and jokers make exactly ``sets`` sets and ``pair`` pairs, a joker in any place."""
    k = next((i for i, n in enumerate(counts) if n), -1)
    if k < 0:
        return jokers == 3 * sets + 2 * pair
    rest = bytearray(counts)
    shapes: list[tuple[list[int], int, int, int]] = []  # (kinds taken, jokers, sets left, pairs left)
    if sets:
        shapes += [([k] * used, 3 - used, sets - 1, pair) for used in (1, 2, 3)]
        if k < _SUITED:
            rank = k % 9
            for low in (rank - 2, rank - 1, rank):
                if low < 0 or low + 2 > 8:
                    continue
                higher = [k - rank + low + i for i in range(3) if low + i > rank]
                for mask in range(1 << len(higher)):
                    taken = [k] + [x for bit, x in enumerate(higher) if mask >> bit & 1]
                    shapes.append((taken, 3 - len(taken), sets - 1, pair))
    if pair:
        shapes += [([k] * used, 2 - used, sets, pair - 1) for used in (1, 2)]
    for taken, wild, left_sets, left_pair in shapes:
        if wild > jokers or any(rest[x] < taken.count(x) for x in set(taken)):
            continue
        for x in taken:
            rest[x] -= 1
        if _sets(bytes(rest), jokers - wild, left_sets, left_pair):
            return True
        for x in taken:
            rest[x] += 1
    return False


def _shape(hand: Hand, gold_pair: bool, gold_pung: bool) -> bool:
    """Whether the winner's tiles make its sets and pair with two golds as the pair, or three as a pung."""
    n = golds(hand) - (2 if gold_pair else 3)
    if n < 0:
        return False
    counts = naturals(hand)
    sets = (sum(counts) + golds(hand) - 2) // 3 - (1 if gold_pung else 0)
    return _sets(counts, n, sets, 0 if gold_pair else 1)


def _kongs(hand: Hand) -> int:
    return sum(1 for m in hand.melds if m.kind is MeldKind.KONG)


# -- the flowers (花) counted onto the base -------------------------------------------------------------------------

@VOCABULARY.predicate("fz_gold", description="a gold (the deal's wild kind) in the winning hand (金)")
def fz_gold(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Each gold counts, wherever it stands.  Cited: kityou section flowers."""
    return True


@VOCABULARY.predicate("fz_flower", description="a bonus tile: a flower, a season, a wind or a dragon (花牌)")
def fz_flower(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Each bonus tile counts.  Cited: kityou section flowers."""
    return bool(hand.bonus)


@VOCABULARY.predicate("fz_exposed_kong", description="a kong made of a discard or added to a pung (明槓)")
def fz_exposed_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section flowers."""
    return any(m.kind is MeldKind.KONG and m.exposed for m in arrangement.melds)


@VOCABULARY.predicate("fz_concealed_kong", description="a concealed kong (暗槓)")
def fz_concealed_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section flowers."""
    return any(m.kind is MeldKind.KONG and not m.exposed for m in arrangement.melds)


@VOCABULARY.predicate("fz_flower_group", description="a whole group of four bonus tiles (花槓, 一組花)")
def fz_flower_group(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Asked of the hand holding one whole group.  Cited: kityou section flowers."""
    return len(hand.bonus) == 4


# -- the special hands: one counts, the largest ---------------------------------------------------------------------

@VOCABULARY.predicate("fz_single_flower_or_gold", description="one flower or one gold, not both, and no kong (單花金)")
def fz_single_flower_or_gold(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 15."""
    return len(hand.bonus) + golds(hand) == 1 and not _kongs(hand)


@VOCABULARY.predicate("fz_no_flower_gold_kong", description="no flower, no gold and no kong (無花金槓)")
def fz_no_flower_gold_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 30."""
    return not hand.bonus and not golds(hand) and not _kongs(hand)


@VOCABULARY.predicate("fz_robbing_gold", description="the turned gold taken to win: by a non-dealer on the dealt "
                                                      "hand, or by the dealer after his first discard (搶金)")
def fz_robbing_gold(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 30."""
    return bool(ctx.get("robbing_gold"))


@VOCABULARY.predicate("fz_heavenly", description="the dealer won on the dealt hand (天胡)",
                      facts=("dealer", "self_drawn", "first_go_around"))
def fz_heavenly(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 30.  The dealer's robbing of the gold after his first discard is self-drawn in the
    first go-around too, but not on the dealt hand: it is the robbing's hand, not this one."""
    return bool(ctx["dealer"]) and bool(ctx["self_drawn"]) and bool(ctx["first_go_around"]) \
        and not ctx.get("robbing_gold")


@VOCABULARY.predicate("fz_earthly", description="a non-dealer won on the dealer's first discard (地胡)",
                      facts=("first_discard",))
def fz_earthly(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 30 (the original meaning, won on the dealer's first discard)."""
    return bool(ctx.get("first_discard"))


@VOCABULARY.predicate("fz_three_golds", description="the three golds in one hand: a win in itself (三金倒)")
def fz_three_golds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 40."""
    return golds(hand) >= 3


@VOCABULARY.predicate("fz_golden_sparrow", description="two golds make the pair (金雀)")
def fz_golden_sparrow(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 60 (named there; two golds as the pair is our reading)."""
    return golds(hand) >= 2 and _shape(hand, gold_pair=True, gold_pung=False)


@VOCABULARY.predicate("fz_golden_dragon", description="three golds make a pung (金龍)")
def fz_golden_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Cited: kityou section 120 (named there; three golds as a pung is our reading)."""
    return golds(hand) >= 3 and _shape(hand, gold_pair=False, gold_pung=True)
