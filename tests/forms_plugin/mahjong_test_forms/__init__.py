"""A test ruleset's module: a winning form of its own, registered and scored as a third party would.

"Two pungs and four pairs" (fourteen concealed tiles) is no mahjong in any
seed; registered here as a :class:`~mahjong_core.plugin.WinningForm`
contribution, it wins in this ruleset's games, and :func:`mahjong_score_hand`
scores it at the usual limit.  It imports
only ``mahjong_core.plugin``; the tests install it with an entry point of
the group ``mahjong_core.rulesets`` (``tests/forms_plugin/install.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import Contribution, Hand, Ruleset, Score, ScoreItem, WinningForm, hookimpl

FORM = "two_pungs_four_pairs"


def complete(counts: bytes) -> bool:
    """Fourteen concealed tiles as two pungs and four pairs (four of a kind is two pairs)."""
    if sum(counts) != 14:
        return False
    pungs = pairs = 0
    for n in counts:
        if n == 3:
            pungs += 1
        elif n in (2, 4):
            pairs += n // 2
        elif n:
            return False
    return pungs == 2 and pairs == 4


def near(counts: bytes) -> bool:
    """Whether one more tile could complete thirteen concealed tiles in the form."""
    if sum(counts) != 13:
        return False
    return any(counts[k] < 4 and complete(counts[:k] + bytes((counts[k] + 1,)) + counts[k + 1:])
               for k in range(len(counts)) if counts[k])


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("form", FORM, sys.modules[__name__], "two pungs and four pairs of concealed tiles",
                         form=WinningForm(complete, near))]


def _counts(hand: Hand) -> bytes:
    counts = [0] * 34
    for tile in hand.all_tiles():
        counts[tile] += 1
    return bytes(counts)


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None:
    """A winning hand in the form at the usual limit (this module's hooks come before the family's); every other
    hand is the family's to score."""
    if not context.get("winner", True) or hand.melds or not complete(_counts(hand)):
        return None
    limit = int(ruleset.value("usual_limit"))
    item = ScoreItem(FORM, "limit", limit, source="assumption: a test ruleset's form, at the usual limit")
    return Score(limit, "classical", (item,), limit="usual_limit",
                 raw={"points": limit, "doublings": 0, "points_excluding_bonus": limit, "total": limit})
