"""The ``flat_demo`` ruleset: Chinese Classical play, scored by the flat family and paid by the flat settlement.

The rules are data, in ``ruleset.yaml`` next to this module, except one hook.
The settlement a ruleset pays by is named by its ``settlement`` parameter,
and the core's default ``mahjong_settle`` hook looks that name up among the
installed settlements.  But the ruleset schema (``schemas/ruleset.schema.json``,
``resolved_parameters.settlement``) allows only ``classical``, ``hongkong``
and ``sport`` there, so ``settlement: flat`` does not load.  The data therefore
names the settlement with the third-party parameter ``x_settlement`` (names
starting with ``x_`` are free for plugins) and this module's hook settles by
it.  Once the schema admits any installed settlement's name, the data says
``settlement: flat``, ``x_settlement`` goes, and so does this hook.
"""

from __future__ import annotations

from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.extensions import installed
from mahjong_core.hookspecs import hookimpl
from mahjong_core.table import Outcome, Payment, Table

PARAMETER = "x_settlement"


def chosen_settlement(ruleset: Any) -> str | None:
    """The settlement ``x_settlement`` names, or ``None`` where a ruleset does not set it."""
    try:
        name = ruleset.value(PARAMETER)
    except RulesetError:
        return None
    if name is not None and not isinstance(name, str):
        raise RulesetError(f"{PARAMETER} names an installed settlement, got {name!r}", source=ruleset.location,
                           place=f"$.parameters.{PARAMETER}.value")
    return name


@hookimpl
def mahjong_settle(ruleset: Any, table: Table, outcome: Outcome) -> list[Payment] | None:
    """Pay by the settlement x_settlement names (flat): the schema does not let the settlement parameter name it.

    :return: that settlement's payments; ``None`` where ``x_settlement`` is not set, leaving the deal to the
        settlement the ``settlement`` parameter names.
    """
    name = chosen_settlement(ruleset)
    if name is None:
        return None
    try:
        rule = installed().settlement(name, source=ruleset.location)
    except RulesetError as exc:
        raise RulesetError(exc.message, source=ruleset.location, place=f"$.parameters.{PARAMETER}") from None
    return list(rule.settle(ruleset, table, outcome))
