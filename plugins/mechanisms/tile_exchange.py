"""Tile exchanges between the deal and the first discard: Charleston (000, Orsk) and the partner exchange (003).

Switched on by ``tile_exchange.kind`` other than ``none``; the engine's
exchange phase asks :func:`mahjong_exchange_steps` for the steps and plays
them, so this module only turns the data into steps.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, ExchangeStep, Ruleset, RulesetError, hookimpl

#: Seats to the right, across, to the left, or the partner (across the table), as seat offsets.
_DIRECTION_OFFSET = {"right": 1, "across": 2, "left": 3, "partner": 2}


def switched_on(ruleset: Ruleset) -> bool:
    spec = ruleset.get("tile_exchange") or {}
    return spec.get("kind", "none") != "none"


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "tile_exchange", sys.modules[__name__], switched_on=switched_on,
                         description="Charleston passes or the partner exchange before the first discard",
                         parameters=parameters_of("tile_exchange"))]


@hookimpl
def mahjong_exchange_steps(ruleset: Ruleset) -> list[ExchangeStep]:
    """The ruleset's passes: a partner exchange of ``tiles`` tiles, or the Charleston's ``passes`` in order."""
    spec = ruleset.get("tile_exchange") or {"kind": "none"}
    kind = spec.get("kind", "none")
    if kind == "partner":
        return [ExchangeStep("partner", int(spec.get("tiles", 2)), 2,
                             refuse_only_if_calling=bool(spec.get("refuse_only_if_calling", True)))]
    if kind == "charleston":
        steps = []
        for i, p in enumerate(spec.get("passes", ())):
            direction = p["direction"]
            steps.append(ExchangeStep(p.get("name", f"charleston-{i + 1}-{direction}"), int(p.get("count", 3)),
                                      _DIRECTION_OFFSET[direction], optional=bool(p.get("optional", False))))
        return steps
    raise RulesetError(f"unknown tile exchange kind {kind!r}; expected none, partner or charleston",
                       source=ruleset.id, place="$.parameters.tile_exchange.value.kind")
