"""The package's plugin: what it contributes to mahjong-core, how its games score, and the eight-flowers win.

Registered in the ``mahjong_core.plugins`` entry-point group as ``example_sixteen_tiles``; a ruleset chooses
the family with ``scoring.family: tai`` and the settlement with ``settlement: base_plus_tai``.  Its games
register this module, which scores their hands (``mahjong_score_hand``) and answers "is this hand complete?"
(``mahjong_hand_complete``) where the hand's shape is not what decides: a seat that has drawn all eight flowers
and seasons has won, whatever its tiles.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import Contribution, FactsRead, Hand, Predicate, Ruleset, Score, Table, hookimpl

from . import settlement
from .predicates import EIGHT, VOCABULARY
from .scoring import FAMILY, facts_read, score, tai_tables


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The ``tai_`` predicates, so that a table row naming one validates like any other."""
    return list(VOCABULARY)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    """The tai family and the base-plus-tai settlement, under the names ruleset data uses for them."""
    return [Contribution("family", FAMILY, sys.modules[__name__],
                         description="Taiwanese tai added up: flowers, honour sets, kongs; eight flowers win",
                         # sets read from the hand size: five and a pair at 16, a house rule's two to four below
                         hand_sizes=frozenset({7, 10, 13, 16})),
            Contribution("settlement", settlement.SETTLEMENT, settlement,
                         description="a base plus so much per tai, from the discarder alone or from every loser "
                                     "of a self-drawn win")]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """A hand of a ``tai`` ruleset, scored by its tai table."""
    return score(ruleset, hand, context)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """The tai table read at load time, so a bad row is reported by ``mahjong rules validate``."""
    tai_tables(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    """What ``mahjong score`` needs to know of the situation flags."""
    return facts_read(ruleset)


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """All eight flowers and seasons drawn: a win on the draw that brought the last of them, whatever the tiles.

    ``None`` otherwise, so the hand's shape decides as in any game.
    """
    if how in ("self_drawn", "replacement") and len(set(table.seats[seat].bonus)) == EIGHT:
        return True
    return None
