"""What a deal is played on: the table state the hooks see, the wall and its seeded randomness, the event catalogue.

Below the plugin layer, so that hook specs can name the table's types
without importing the engine that drives it.  ``mahjong_core.table`` was
once the module :mod:`mahjong_core.table.state`; its names are forwarded
from here, with a warning, for one release.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .._moved import warn_moved

_SUBMODULES = frozenset({"state", "wall", "rng", "events"})


def __getattr__(name: str) -> Any:
    """Forward a name of the old ``mahjong_core.table`` module to :mod:`.state`, with a warning."""
    state = import_module(f"{__name__}.state")
    if name.startswith("__") or name in _SUBMODULES or not hasattr(state, name):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn_moved(f"{__name__}.{name}", f"{__name__}.state.{name}")
    return getattr(state, name)
