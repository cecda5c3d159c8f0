"""Settlement families: how a deal's scores become payments, chosen by the ``settlement`` parameter.

* ``classical`` -- the three losers pay the winner; losers settle their
  differences pairwise; East pays and receives double where the ruleset says;
  limits, the bank and the pay-the-limit rules;
* ``hongkong`` -- fan-laak points, the discarder paying double, no settlement
  between losers;
* ``sport`` -- 8 points from each loser plus the hand's value from the
  discarder (or from everyone when self-drawn).

A family registers ``fn(ruleset, table, outcome) -> list[Payment]`` with
:func:`register_settlement`; the core's default ``mahjong_settle`` hook calls
:func:`settle`.  Payments always sum to zero: each moves points from one seat
to another.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .errors import RulesetError
from .table import Outcome, Payment, Table

SettleFn = Callable[[Any, Table, Outcome], list[Payment]]

FAMILY_MODULES = {
    "classical": "mahjong_rulesets.classical.settlement",
    "hongkong": "mahjong_rulesets.hongkong.settlement",
    "sport": "mahjong_rulesets.mcr.settlement",
}
_FAMILIES: dict[str, SettleFn] = {}


def register_settlement(name: str) -> Callable[[SettleFn], SettleFn]:
    """Decorator: make ``fn(ruleset, table, outcome)`` the settlement for ``settlement: name``."""

    def decorate(fn: SettleFn) -> SettleFn:
        _FAMILIES[name] = fn
        return fn

    return decorate


def settle(ruleset: Any, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome under the ruleset's settlement family."""
    name = str(ruleset.value("settlement"))
    if name not in _FAMILIES and name in FAMILY_MODULES:
        importlib.import_module(FAMILY_MODULES[name])
    try:
        fn = _FAMILIES[name]
    except KeyError:
        raise RulesetError(f"unknown settlement {name!r}; known: {sorted(set(FAMILY_MODULES) | set(_FAMILIES))}",
                           source=ruleset.location, place="$.parameters.settlement") from None
    return fn(ruleset, table, outcome)
