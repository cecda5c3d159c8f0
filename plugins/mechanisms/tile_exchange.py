"""Tile exchanges between the deal and the first discard: Charleston (000, Orsk), the partner exchange (003), and
Sichuan's three tiles of one suit (a Charleston of one pass with ``one_suit: true``).

Switched on by ``tile_exchange.kind`` other than ``none``; the engine's
exchange phase asks :func:`mahjong_exchange_steps` for the steps and plays
them, so this module only turns the data into steps.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, ExchangeStep, Ruleset, RulesetError, Table, hookimpl


def direction_offset(direction: str, seats: int) -> int:
    """Seats after the giver, in turn order, of a pass's receiver: the right is the next seat, the left the
    previous one (``seats - 1``), across (or the partner) half way round; the loader refuses across at an odd
    number of seats."""
    return {"right": 1, "left": seats - 1}.get(direction, seats // 2)


def switched_on(ruleset: Ruleset) -> bool:
    spec = ruleset.get("tile_exchange") or {}
    return spec.get("kind", "none") != "none"


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "tile_exchange", sys.modules[__name__], switched_on=switched_on,
                         description="Charleston passes or the partner exchange before the first discard",
                         parameters=parameters_of("tile_exchange"))]


@hookimpl
def mahjong_exchange_steps(ruleset: Ruleset, table: Table) -> list[ExchangeStep]:
    """The ruleset's passes: a partner exchange of ``tiles`` tiles, or the Charleston's ``passes`` in order, each of
    tiles of one suit where the exchange says ``one_suit``; passes of one ``group`` stop together when a seat
    declines an optional one (the American second Charleston); a ``blind`` pass lets a seat pass on, unseen, tiles
    passed to it in that pass in place of its own (the American blind pass); an ``agreed`` pass has each seat ask a
    count and each pair pass the smaller ask (the American courtesy pass); before a pass marked ``win_before`` a
    seat whose hand is already complete may win on it (the American heavenly and earthly hands)."""
    spec = ruleset.get("tile_exchange") or {"kind": "none"}
    kind = spec.get("kind", "none")
    if kind == "partner":
        return [ExchangeStep("partner", int(spec.get("tiles", 2)), direction_offset("partner", table.players),
                             refuse_only_if_calling=bool(spec.get("refuse_only_if_calling", True)))]
    if kind == "charleston":
        steps = []
        one_suit = bool(spec.get("one_suit", False))
        for i, p in enumerate(spec.get("passes", ())):
            direction = p["direction"]
            steps.append(ExchangeStep(p.get("name", f"charleston-{i + 1}-{direction}"), int(p.get("count", 3)),
                                      direction_offset(direction, table.players),
                                      optional=bool(p.get("optional", False)), one_suit=one_suit,
                                      group=p.get("group"), blind=bool(p.get("blind", False)),
                                      agreed=bool(p.get("agreed", False)), win_before=bool(p.get("win_before", False))))
        return steps
    raise RulesetError(f"unknown tile exchange kind {kind!r}; expected none, partner or charleston",
                       source=ruleset.id, place="$.parameters.tile_exchange.value.kind")
