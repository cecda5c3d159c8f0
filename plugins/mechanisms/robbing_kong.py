"""Robbing the kong: another seat takes the tile of a kong being declared, for mahjong (000 line 133).

Switched on where ``robbing_kong`` allows it for an added kong or, for
thirteen orphans only, a concealed one; elsewhere no kong can be robbed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Mechanism, Ruleset, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    rob = ruleset.get("robbing_kong") or {}
    return bool(rob.get("added") or rob.get("concealed_for_thirteen_orphans"))


@hookimpl
def mahjong_mechanisms() -> Sequence[Mechanism]:
    return [Mechanism("robbing_kong", sys.modules[__name__], switched_on,
                      "a kong's tile may be taken for mahjong as the kong is declared",
                      parameters=parameters_of("robbing_kong"))]


@hookimpl
def mahjong_kong_robbable(ruleset: Ruleset, way: str) -> bool:
    """An added kong where ``robbing_kong.added``; a concealed one where ``concealed_for_thirteen_orphans``."""
    rob = ruleset.get("robbing_kong") or {}
    if way == "added":
        return bool(rob.get("added"))
    if way == "concealed":
        return bool(rob.get("concealed_for_thirteen_orphans"))
    return False
