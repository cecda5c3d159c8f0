"""The ``mahjong`` commands, one module each, in the order ``mahjong --help`` lists them.

Each module declares its command with ``register(commands)`` -- its name,
help, options and the handler that runs it -- and holds that handler.  A run
of one command imports only that command's module (:func:`mahjong_core.cli.build_parser`
declares the others by name alone); ``mahjong --help`` imports them all.  A
module imports only the command line's light parts at its top; what its
command runs on (the engine, Sphinx, pytest, the server) is imported in its
handler, and the module says so once, in a comment ``# deferred imports:``
(``tests/core/test_deferred_imports.py`` holds every import inside a function
to such a comment, and to deferring something).  Measured: the handlers'
imports of the core alone (the engine, the rules, the audit) take some 200 ms,
and with the optional extras' (Dask, SQLAlchemy, Sphinx) over 700 ms, against
about 46 ms for the whole of ``mahjong --help`` (``benchmarks/bench_cli.py``).  To add a command, write its
module and name it here.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType

#: Every command, in the order of ``mahjong --help``, and the module of this package that declares it.
COMMANDS = {"rules": "rules", "hand": "hand", "simulate": "simulate", "study": "study", "demo": "demo",
            "replay": "replay", "view": "view", "score": "score", "docs": "docs", "conformance": "conformance",
            "audit": "audit", "record": "record", "keygen": "keygen", "soak": "soak", "serve": "serve",
            "play": "play", "records": "records", "standings": "standings", "import": "import_"}


def command_module(name: str) -> ModuleType:
    """The module that declares the command ``name`` (one of :data:`COMMANDS`), imported now."""
    return import_module(f"{__name__}.{COMMANDS[name]}")
