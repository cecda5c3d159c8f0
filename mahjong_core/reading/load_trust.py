"""The process-wide switch: may this process take an earlier process's word that a ruleset loaded?

Its one reader is :func:`mahjong_core.rules.validated.trusted`; its one
setter is :func:`mahjong_core.cli.main`, around every command.  A ``mahjong``
command is a fresh process whose plugins are exactly the files installed, so
it may trust the record of loads; a long-running process may change its
plugins in memory (tests do), so a library caller checks every load unless it
asks otherwise.  The switch lives in this layer, apart from the record it
governs, because the command line sets it for every command, and importing
``mahjong_core.rules`` to set it would add about 58 ms (measured, ``python -X
importtime``) to the commands that load no ruleset: ``mahjong --help`` and
``mahjong hand``, some 46 and 52 ms in all (``benchmarks/bench_cli.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_trusting = False


@contextmanager
def trusting_loads() -> Iterator[None]:
    """Within this block a ruleset whose load passed every check before is not checked again."""
    global _trusting
    before, _trusting = _trusting, True
    try:
        yield
    finally:
        _trusting = before


def trusting() -> bool:
    """Whether the record of loads is trusted now."""
    return _trusting
