"""The flower hands: all eight flowers and seasons a win in itself, and seven of them taking the eighth.

Switched on by ``flower_hands``.  The Taiwanese game's 八仙過海 and 七搶一 are the model (its family plays them
for itself); the Singapore and Malaysian games name the same hands (seven or eight flowers, a special hand) and
score them on the Hong Kong family's tables, so the rule is a mechanism any family's ruleset may switch on.  The
eight are the flowers and the seasons (the core's ``FLOWERS`` and ``SEASONS``); other bonus tiles (animals, faces)
do not count.  Each part is a switch of the data:

* ``all_eight`` -- a seat whose bonus row holds all eight wins on the draw that brought the last of them (its
  replacement tile, or its next draw), whatever its tiles (``mahjong_hand_complete``, how ``self_drawn`` or
  ``replacement``);
* ``rob_eighth`` -- a seat holding seven wins on the eighth as another seat sets it aside (the engine asks
  ``mahjong_kong_robbable`` with the way ``bonus``, then ``mahjong_hand_complete`` with how ``robbing_bonus``, as
  every bonus tile is set aside); the seat that set it aside gave the tile;
* ``take_held_eighth`` -- a seat that has just set aside its seventh while another seat holds the eighth takes that
  one and wins (the way ``bonus_held``); the holder gave the tile.

A win so made is told to the scorer as the fact ``bonus_win`` (``mahjong_win_context``), so a family whose tables
need sets and a pair may score the hand by its limit rows alone; the shared predicates ``all_eight_flowers`` and
``seven_flowers_rob_eighth`` (:mod:`mahjong_rulesets.hands.predicates`) are the rows a table names.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import FLOWERS, SEASONS, Contribution, Ruleset, Table, hookimpl

#: The eight bonus tiles the hands count.
EIGHT = frozenset(FLOWERS + SEASONS)
#: The win's how when the last of them is taken from another seat (the engine's name).
ROBBING_BONUS = "robbing_bonus"
#: The ways ``mahjong_kong_robbable`` is asked with, each by the switch that answers it.
WAYS = {"bonus": "rob_eighth", "bonus_held": "take_held_eighth"}


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``flower_hands``: ``all_eight``, ``rob_eighth``, ``take_held_eighth``."""
    value: Mapping[str, Any] = ruleset.value("flower_hands")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("flower_hands") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "flower_hands", sys.modules[__name__], switched_on=switched_on,
                         description="all eight flowers and seasons a win in itself; seven of them robbing the "
                                     "eighth as it is set aside, or taking it from the seat that holds it",
                         parameters=parameters_of("flower_hands"))]


def held(table: Table, seat: int) -> frozenset[int]:
    """The flowers and seasons in the seat's bonus row."""
    return EIGHT.intersection(table.seats[seat].bonus)


@hookimpl
def mahjong_kong_robbable(ruleset: Ruleset, way: str) -> bool | None:
    """A flower being set aside (``bonus``) or held by another seat (``bonus_held``) may be taken where the
    ruleset switches that on; any other way, or a switch left off, is another plugin's question (``None``: the
    Taiwanese family plays the robbery from its own rows)."""
    switch = WAYS.get(way)
    return True if switch is not None and rule(ruleset).get(switch) else None


def _by_flowers(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool:
    row = held(table, seat)
    if how in ("self_drawn", "replacement"):
        return len(row) == len(EIGHT) and bool(rule(ruleset).get("all_eight"))
    # Asked only where a robbery was offered (mahjong_kong_robbable): seven held, the tile the eighth.
    return how == ROBBING_BONUS and len(row) == len(EIGHT) - 1 and tile in EIGHT and tile not in row


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """All eight held, the last just drawn: a win whatever the tiles; seven held, the eighth being taken from
    another seat: a win.  ``None`` otherwise, so the hand's shape decides as in any game."""
    if how == ROBBING_BONUS:
        return _by_flowers(ruleset, table, seat, tile, how)
    return True if _by_flowers(ruleset, table, seat, tile, how) else None


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> dict[str, Any]:
    """``bonus_win``: whether this rule made the win (a robbed eighth, or all eight held on a draw)."""
    return {"bonus_win": how == ROBBING_BONUS or _by_flowers(ruleset, table, seat, tile, how)}
