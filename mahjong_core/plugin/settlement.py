"""A deal's scores become payments through the ``mahjong_settle`` hook of the settlement its ruleset names.

The ``settlement`` parameter names a settlement an installed plugin
contributes (:class:`~mahjong_core.plugin.contributions.Contribution` of kind
``settlement``; the bundled classical, Hong Kong and sport settlements live
with their families under ``plugins/``); its plugin, registered in the games
of the rulesets that name it, answers ``mahjong_settle``.  :func:`settle`
asks that hook outside a game, as the game's deal end does inside one.
Payments always sum to zero: each moves points from one seat to another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.table.state import Outcome, Payment, Table

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome as a game of the ruleset settles it (``mahjong_settle``)."""
    return list(ruleset_hooks(ruleset).mahjong_settle(ruleset=ruleset, table=table, outcome=outcome) or [])
