"""The predicate that only the Sichuan tables name: the root (gen), four equal tiles in the hand.

A kong is a root, and so are four equal tiles held or made up otherwise (a pung and its fourth tile kept
in hand, two of the seven pairs alike): each kind of which the whole hand holds all four tiles counts once.
The ruleset's ``mahjong_predicates`` hook contributes it, made with the classical family's registrar so
that a ``per: match`` row doubles once per root.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.families.classical.predicates import counting_predicate

from mahjong_core.plugin import Arrangement, Hand, Vocabulary, tiles_of

#: What this module adds to the Sichuan rulesets' vocabulary, through the ruleset's module.
VOCABULARY = Vocabulary()


@counting_predicate(vocabulary=VOCABULARY, name="sc_root",
                    description="four equal tiles anywhere in the hand (counted per kind)")
def sc_root(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count the kinds of which the hand holds all four tiles: the root (gen) of the Sichuan variant, which seed
    000 names without its rules (000 lines 719-720); the ruleset cites its value (fugu section 3)."""
    tiles = tiles_of(arrangement)
    return sum(1 for kind in set(tiles) if tiles.count(kind) == 4)
