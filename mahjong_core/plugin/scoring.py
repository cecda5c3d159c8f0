"""Scoring a hand the way a game does: through the ``mahjong_score_hand`` hook of the ruleset's plugins.

Play, ``mahjong score``, the minimum-value objection, score sheets, the
docs' example hands and the conformance suite all score here, so a ruleset
whose own plugin implements ``mahjong_score_hand`` is scored by it
everywhere.  Without one, the plugin of the family the ruleset's data names
answers; no other family's plugin is ever registered for it.
A ruleset without a ``scoring`` section has no scoring yet, and its deals are
settled with no payments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import RulesetError
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.score import Score
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.family_scoring import check_winning_size, has_scoring, minimum_figures, score_with
from mahjong_core.plugin.manager import ruleset_hooks, shared_plugin_manager

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Arrangement
    from mahjong_core.plugin.contributions import ReadingFn
    from mahjong_core.rules import Ruleset

__all__ = ["check_winning_size", "family_of", "has_scoring", "minimum_figures", "reading_scorer", "score_hand",
           "scoring_value"]


def scoring_value(ruleset: Ruleset, name: str) -> Any:
    """A value of the ruleset's top-level ``scoring`` section (``scoring_value(rs, "family")``)."""
    node: Any = ruleset.tables.get("scoring") or {}
    for part in name.split("."):
        if not isinstance(node, Mapping) or part not in node:
            raise RulesetError(f"ruleset {ruleset.id} has no scoring value {name!r}", source=ruleset.location,
                               place=f"$.scoring.{name}")
        node = node[part]
    if isinstance(node, Mapping) and "value" in node:
        return node["value"]
    return node


def family_of(ruleset: Ruleset) -> str:
    """The name of the ruleset's scoring family, as its data gives it."""
    return str(scoring_value(ruleset, "family"))


def reading_scorer(ruleset: Ruleset) -> ReadingFn | None:
    """A scorer of one given arrangement, through the ruleset's ``mahjong_score_reading`` hooks, or ``None`` when
    none of its plugins implements that hook (its family's engine reads ``arrangements()``)."""
    pm, hooks = shared_plugin_manager(bind(ruleset).plugins)
    if not pm.hook.mahjong_score_reading.get_hookimpls():
        return None

    def score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any], arrangement: Arrangement) -> Score:
        score = hooks.mahjong_score_reading(ruleset=ruleset, hand=hand, context=context, arrangement=arrangement)
        if score is None:
            raise RulesetError(f"ruleset {ruleset.id}: no plugin scored the reading {arrangement}",
                               source=ruleset.location)
        return score

    return score_reading


def score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None:
    """Score a hand as a game of the ruleset does: its plugins' ``mahjong_score_hand``, the first answer.

    The ruleset's own hook where it has one; otherwise its family's.  The core refuses a winner's hand of the
    wrong size first (``check_winning_size``); ``None`` when the ruleset
    defines no scoring.
    """
    return score_with(ruleset_hooks(ruleset), ruleset, hand, context)
