"""Robbing the kong: another seat takes the tile of a kong being declared, for mahjong (000 line 133).

Switched on where ``robbing_kong`` allows it for an added kong or, for
thirteen orphans only, a concealed one; elsewhere no kong can be robbed.
Which hands may rob a concealed kong (thirteen orphans, whose thirteenth
kind nobody else could hold) is this mechanism's rule too, not the engine's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import TERMINALS_AND_HONOURS, Contribution, Ruleset, Table, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    rob = ruleset.get("robbing_kong") or {}
    return bool(rob.get("added") or rob.get("concealed_for_thirteen_orphans"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "robbing_kong", sys.modules[__name__], switched_on=switched_on,
                         description="a kong's tile may be taken for mahjong as the kong is declared",
                         parameters=parameters_of("robbing_kong"))]


@hookimpl
def mahjong_kong_robbable(ruleset: Ruleset, way: str) -> bool | None:
    """An added kong where ``robbing_kong.added``; a concealed one where ``concealed_for_thirteen_orphans``; never a
    kong of a discard; any other way (a plugin's action that offers its tile to be robbed) is its own plugin's
    question (``None``)."""
    rob = ruleset.get("robbing_kong") or {}
    if way == "added":
        return bool(rob.get("added"))
    if way == "concealed":
        return bool(rob.get("concealed_for_thirteen_orphans"))
    return False if way == "from_discard" else None


@hookimpl
def mahjong_may_rob_kong(table: Table, seat: int, way: str, tile: int) -> bool | None:
    """A concealed kong only by thirteen orphans; any other kong by any hand the tile completes (``None``)."""
    if way != "concealed":
        return None
    return _thirteen_orphans_with(table.seats[seat].counts, tile)


def _thirteen_orphans_with(counts: Sequence[int], tile: int) -> bool:
    """Whether concealed ``counts`` plus ``tile`` are thirteen orphans: fourteen tiles, every orphan among them."""
    total = sum(counts) + 1
    return total == 14 and all(counts[k] + (k == tile) >= 1 for k in TERMINALS_AND_HONOURS) and \
        sum(counts[k] + (k == tile) for k in TERMINALS_AND_HONOURS) == 14
