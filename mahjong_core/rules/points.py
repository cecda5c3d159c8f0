"""The points a game begins with, as a ruleset's data says.

Read by the game (every seat's first score), by the log's header (which carries them where they are not 0, so
that a replay's fold, which knows no ruleset, starts where the game did) and by the audit (which holds a log's
header to the ruleset's value).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mahjong_core.rules.ruleset import Ruleset

__all__ = ["starting_points"]


def starting_points(ruleset: Ruleset) -> int:
    """The points each seat begins the game with: the ruleset's ``starting_points``, 0 where it does not say.

    A game of a ruleset that says nothing starts every seat at 0, as every game did before the value existed,
    so its log is written as it always was.
    """
    return int(ruleset.get("starting_points", 0) or 0)
