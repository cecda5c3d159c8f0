"""Settlement dispatch: a deal's scores become payments by the settlement its ruleset's data names.

The ``settlement`` parameter names a :class:`~mahjong_core.plugin.contributions.Settlement`
that an installed plugin contributes (the bundled classical, Hong Kong and
sport settlements live with their families under ``plugins/``).  The core's
default ``mahjong_settle`` hook calls :func:`settle`.  Payments always sum to
zero: each moves points from one seat to another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_core.plugin.binding import bind
from mahjong_core.table.state import Outcome, Payment, Table

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome under the ruleset's settlement."""
    rule = bind(ruleset).settlement
    if rule is None:
        return []
    return rule.settle(ruleset, table, outcome)
