"""Zung Jung's settlement, contributed by entry point as any third party's would be (``zung_jung_payoff`` in the
``mahjong_core.plugins`` group); the ``zung_jung`` ruleset chooses it with ``settlement: zung_jung``."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.zung_jung import payoff

from mahjong_core.plugin import Contribution, hookimpl


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("settlement", "zung_jung", payoff,
                         description="only the winner is paid; on a discard the discarder pays what the others' "
                                     "par leaves unpaid")]
