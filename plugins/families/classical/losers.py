"""Reading a losing hand: its declared melds plus what its concealed tiles hold.

000 scores every player's sets, pairs and bonus tiles (line 406) and doubles
losers' hands too (line 430); 001 and 002 settle between losers the same way.
A losing hand is usually incomplete, so it has no arrangement to choose; the
seeds do not say how its concealed tiles are grouped.  The reading used here
(an assumption each ruleset records as ``scoring.loser_groups``) is the usual
one of the classical literature: the declared melds count as declared, three
or four equal concealed tiles are a concealed pung (a kong kept in hand is a
pung, 000 line 323, 001 line 93), two equal tiles are a pair, and nothing
else is read -- concealed chows would score nothing anyway.

This grouping is also the highest-scoring one: a pung always scores at least
what a pair of the same tiles would, no classical row pays a loser for a
chow, and every pair is offered to the tables (which cap how many special
pairs count), so no other grouping can score more.  The tiles left over are
kept as single tiles so that whole-hand predicates (one suit, all honours)
still see every tile.

A losing hand's score shows no arrangement, and the classical rows read only
the reading's :class:`~mahjong_rulesets.families.classical.predicates.Shape`, so
:func:`loser_shape` gathers that shape straight from the tiles without
building the groups; :func:`loser_arrangement` builds them for a row that
needs the arrangement itself.
"""

from __future__ import annotations

from collections.abc import Collection

from mahjong_rulesets.families.classical.predicates import Shape, TileFacts

from mahjong_core.plugin import Arrangement, Form, Hand, Meld, MeldKind, meld_sort_key

__all__ = ["loser_arrangement", "loser_shape"]


def loser_arrangement(hand: Hand, groups: Collection[str]) -> Arrangement:
    """The losing hand read as its melds, concealed pungs and pairs (as ``groups`` allows), and single tiles."""
    counts: dict[int, int] = {}
    for tile in hand.concealed:
        counts[tile] = counts.get(tile, 0) + 1
    if hand.winning_tile is not None:
        counts[hand.winning_tile] = counts.get(hand.winning_tile, 0) + 1
    melds = list(hand.melds)
    for kind in sorted(counts):
        n = counts[kind]
        if n >= 3 and "pung" in groups:
            melds.append(Meld(MeldKind.PUNG, (kind,) * 3))
            n -= 3
        if n >= 2 and "pair" in groups:
            melds.append(Meld(MeldKind.PAIR, (kind,) * 2))
            n -= 2
        melds.extend(Meld(MeldKind.SINGLE, (kind,)) for _ in range(n))
    return Arrangement(Form.STANDARD, tuple(sorted(melds, key=meld_sort_key)), None)


def loser_shape(hand: Hand, groups: Collection[str], tiles: TileFacts) -> Shape:
    """The :class:`~mahjong_rulesets.families.classical.predicates.Shape` of :func:`loser_arrangement`, from the tiles.

    :param tiles: the hand's tile facts.
    """
    shape = Shape.start(None, tiles, True, None)
    for meld in hand.melds:  # declared groups score as declared: a losing hand has no winning group
        shape.add(meld.kind, meld.tiles[0], meld.exposed, meld.exposed)
    counts: dict[int, int] = {}
    for tile in hand.concealed:
        counts[tile] = counts.get(tile, 0) + 1
    if hand.winning_tile is not None:
        counts[hand.winning_tile] = counts.get(hand.winning_tile, 0) + 1
    read_pungs, read_pairs = "pung" in groups, "pair" in groups
    for kind, n in counts.items():  # the concealed tiles: pungs, pairs and single tiles, as loser_arrangement reads
        if n >= 3 and read_pungs:
            shape.add(MeldKind.PUNG, kind, False, False)
            n -= 3
        if n >= 2 and read_pairs:
            shape.add(MeldKind.PAIR, kind, False, False)
            n -= 2
        shape.groups += n  # single tiles: groups of their own, and nothing else a row counts
    return shape
