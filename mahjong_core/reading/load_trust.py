"""Whether this process may take an earlier process's word that a ruleset loaded (:mod:`.rules.validated`).

A ``mahjong`` command is a fresh process whose plugins are exactly the files
installed, so it may trust the record of loads; a long-running process may
change its plugins in memory (tests do), so a library caller checks every
load unless it asks otherwise.  The switch lives apart from the record so
that a command can turn it on without importing the ruleset machinery it may
not need (``mahjong hand`` loads no ruleset).
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
