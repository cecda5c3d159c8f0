"""An exchange of tiles of one suit (Sichuan's huan san zhang: three tiles of one suit passed before play).

Switched on by ``tile_exchange.one_suit: true`` on a Charleston-kind exchange, whose passes
:mod:`.tile_exchange` turns into steps as for any other.  This module only takes away, in the exchange
phase, every choice whose tiles are not all of one suit (``mahjong_refused_options``), so the bots, a
person at a live table and the audit choose among the same choices.  A hand of 13 tiles in three suits
holds at least five of one of them, so a choice of three is always left.

It is a module of its own, not a branch of :mod:`.tile_exchange`, so that the rulesets whose exchanges take
any tiles (Orsk, Piter) do not register a refusal hook that every decision of theirs would then ask.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_core.plugin import Action, Contribution, Ruleset, Table, hookimpl, suit_of


def switched_on(ruleset: Ruleset) -> bool:
    spec = ruleset.get("tile_exchange") or {}
    return spec.get("kind") == "charleston" and bool(spec.get("one_suit"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "one_suit_exchange", sys.modules[__name__], switched_on=switched_on,
                         description="every tile of an exchange's pass of one suit")]


def mixed(action: Action) -> bool:
    """Whether an exchange choice passes tiles of more than one suit (or a tile of none)."""
    suits = {suit_of(tile) for tile in action.tiles}
    return len(suits) > 1 or None in suits


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """In the exchange, every choice of tiles of more than one suit."""
    if phase != "exchange":
        return None
    return [o for o in options if o.kind == "exchange" and mixed(o)]
