"""The installed distributions' entry points, scanned once per process and shared by every reader of them.

Rulesets (:mod:`mahjong_core.rules.registry`), plugins
(:mod:`mahjong_core.plugin.extensions`), bots (:mod:`mahjong_core.engine.players`)
and the fingerprint of installed code (:mod:`.code_files`) are all found
through entry points, and each scan reads the metadata of every installed
distribution (some 6 ms here); a short command that lists rulesets reads
three groups, so all four readers share this one cached scan.  That is its
job, and why it sits in the bottom layer that all four may import.
:func:`clear_cache` forgets it, for a process that installs a distribution
while it runs (tests do).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import metadata


@lru_cache(maxsize=1)
def _scan() -> metadata.EntryPoints | metadata.SelectableGroups:
    return metadata.entry_points()


def entry_points(group: str) -> tuple[metadata.EntryPoint, ...]:
    """The entry points of ``group``, as ``importlib.metadata.entry_points(group=group)`` gives them."""
    return tuple(_scan().select(group=group))


def clear_cache() -> None:
    """Scan again on next use."""
    _scan.cache_clear()
