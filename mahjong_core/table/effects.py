"""A plugin's event applied to the engine's table by its declared effects, as both folds apply it to theirs.

A plugin's event type says what it does in the core's terms
(:class:`mahjong_core.table.vocabulary.Effect`); the engine applies those
effects here when it logs the event (:meth:`mahjong_core.engine.game.Game.event`),
and the referee's fold (:mod:`mahjong_core.log.fold`) and the viewer's apply the
same declarations to theirs, so the three tables agree without the plugin's code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.errors import MahjongError
from mahjong_core.hand.tiles import KINDS
from mahjong_core.table.state import Table
from mahjong_core.table.vocabulary import Effect

_KIND_OF_CODE = {kind.code: i for i, kind in enumerate(KINDS)}


def apply_effects(table: Table, event: Mapping[str, Any], effects: Sequence[Effect]) -> None:
    """Change ``table`` as ``effects`` say for ``event``.

    :raises MahjongError: where the event's fields cannot mean what the effect reads (a seat out of range,
        a tile the seat does not hold): the plugin that made the event is wrong, and the event names it.
    """
    for effect in effects:
        kind = effect.kind
        if kind == "flag":
            _seat(table, event, effect).flags[effect.name] = event.get(effect.value)
        elif kind == "count":
            by = event.get(effect.by) if isinstance(effect.by, str) else effect.by
            if not isinstance(by, int) or isinstance(by, bool):
                raise MahjongError(f"{event.get('type')} event: its counter {effect.name} moves by {by!r}, "
                                   "not a whole number", place=f"event {event.get('n')}")
            table.counters[effect.name] = table.counters.get(effect.name, 0) + by
        elif kind == "show":  # a tile as it lies face up: a red five shown is shown as the red five it is
            table.shown.append(_tile(table, event, effect, as_played=False))
        elif kind == "set_aside":
            seat = _seat(table, event, effect)
            tile = _tile(table, event, effect)
            if seat.counts[tile] <= 0:
                raise MahjongError(f"{event.get('type')} event: seat {event.get(effect.seat)} sets aside "
                                   f"{event.get(effect.tile)}, which it does not hold", place=f"event {event.get('n')}")
            seat.counts[tile] -= 1
            seat.aside.append(tile)


def _seat(table: Table, event: Mapping[str, Any], effect: Effect) -> Any:
    n = event.get(effect.seat)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(table.seats):
        raise MahjongError(f"{event.get('type')} event: {effect.seat} {n!r} is no seat of the table",
                           place=f"event {event.get('n')}")
    return table.seats[n]


def _tile(table: Table, event: Mapping[str, Any], effect: Effect, *, as_played: bool = True) -> int:
    """The kind an event's tile field names, in the table's tile set (a ruleset's own kinds) or the standard one.

    A marked copy (a red five) counts as the kind it plays as where a hand's count vector takes it, which holds
    playing kinds only (``as_played``); a tile shown on the table keeps its own kind, as both folds keep its code.
    """
    code = event.get(effect.tile)
    tiles = table.tiles
    if not isinstance(code, str):
        tile = None
    elif tiles is not None:
        tile = tiles.kind_of(code)
        if tile is not None and as_played and tiles.plays_as[tile] >= 0:
            tile = tiles.plays_as[tile]
    else:
        tile = _KIND_OF_CODE.get(code)
    if tile is None:
        raise MahjongError(f"{event.get('type')} event: {effect.tile} {code!r} is no tile",
                           place=f"event {event.get('n')}")
    return tile
