"""Pair play: partners sitting opposite share one result (Piter, 003).

Switched on by ``pairs.partners``; without it every seat is its own team,
which the core's default says.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Ruleset, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    pairs = ruleset.get("pairs")
    return bool(pairs and pairs.get("partners"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "pair_play", sys.modules[__name__], switched_on=switched_on,
                         description="partners opposite share one result",
                         parameters=parameters_of("pair_play"))]


@hookimpl
def mahjong_teams(ruleset: Ruleset, seats: int) -> list[list[int]] | None:
    """Seat ``s`` with seat ``s + seats/2`` for ``partners: opposite``; ``None`` defers for any other pairing."""
    if ruleset.get("pairs").get("partners") == "opposite":
        half = seats // 2
        return [[s, s + half] for s in range(half)]
    return None
