"""The engine that plays a deal: the game and its phases, the players (bots and people).

It drives the table (:mod:`mahjong_core.table`) through the hooks of the
plugin layer (:mod:`mahjong_core.plugin`).  ``mahjong_core.engine`` was once
the module :mod:`mahjong_core.engine.game`; its names are forwarded from
here, with a warning, for one release.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from mahjong_core._moved import warn_moved

_SUBMODULES = frozenset({"game", "players", "flow", "options", "drawing", "dealing", "exchange",
                         "turn", "claims", "winning", "deal_end"})


def __getattr__(name: str) -> Any:
    """Forward a name of the old ``mahjong_core.engine`` module to :mod:`.game`, with a warning."""
    game = import_module(f"{__name__}.game")
    if name.startswith("__") or name in _SUBMODULES or not hasattr(game, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn_moved(f"{__name__}.{name}", f"{__name__}.game.{name}")
    return getattr(game, name)
