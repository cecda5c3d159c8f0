"""Harbin's own predicate: the beggar's hand, which 000 defines by what it is worth (line 231).

"A mahjong worth 22 points in the Harbin, Shanghai and Orsk rules (in the
example the pung is exposed; bonus tiles and doublings are absent)."  So the
hand is read by its value under the ruleset's own points and doublings
tables, which the classical engine gives its limit rows as ``table_points``
and ``table_doublings``: the set table is written once, in the YAML.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.families.classical.predicates import Shape, add_reader

from mahjong_core.plugin import Arrangement, Hand, Vocabulary, is_standard

#: What this module adds to Harbin's vocabulary and its descendants' (Shanghai, Orsk).
VOCABULARY = Vocabulary()

#: 000 line 231: twenty for going out and two more, nothing doubled.
BEGGARS_POINTS = 22


@VOCABULARY.predicate(
    "beggars_hand",
    description="a standard hand worth exactly 22 points with no doublings by the ruleset's own tables",
    facts=("table_points", "table_doublings"),
)
def beggars_hand(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The beggar's hand: a mahjong worth 22 points with no doubling and no bonus tile (000 line 231)."""
    return (is_standard(arrangement) and not hand.bonus and ctx["table_points"] == BEGGARS_POINTS
            and ctx["table_doublings"] == 0)


def _beggars_hand(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return (shape.standard and not hand.bonus and ctx["table_points"] == BEGGARS_POINTS
            and ctx["table_doublings"] == 0)


add_reader(VOCABULARY["beggars_hand"], _beggars_hand)
