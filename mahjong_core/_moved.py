"""The old flat module paths, kept for one release: importing one warns and hands over the module's new home.

The core moved into packages by concern (``docs/architecture.md`` draws them).
A third party's ``from mahjong_core.tiles import KINDS`` keeps working, with a
:class:`DeprecationWarning` naming the new path, until the next release drops
this table.  One import finder serves every old path, so the package holds no
shim files; ``mahjong_core.table`` and ``mahjong_core.engine`` are packages
now, and their ``__init__`` forwards the old names the same way.
"""

from __future__ import annotations

import sys
import warnings
from importlib import import_module
from importlib.machinery import ModuleSpec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

#: Each old module (under ``mahjong_core.``) and its new home.
MOVED: dict[str, str] = {
    "bounded_read": "reading.bounded_read",
    "strict_json": "reading.strict_json",
    "schema_compile": "reading.schema_compile",
    "code_files": "reading.code_files",
    "entry_points": "reading.entry_points",
    "load_trust": "reading.load_trust",
    "tiles": "hand.tiles",
    "notation": "hand.notation",
    "melds": "hand.melds",
    "predicates": "hand.predicates",
    "arrangements": "hand.arrangements",
    "shanten": "hand.shanten",
    "situation": "hand.situation",
    "score": "hand.score",
    "hand_report": "hand.report",
    "limit_hands": "rules.limit_hands",
    "rng": "table.rng",
    "wall": "table.wall",
    "events": "table.events",
    "hookspecs": "plugin.hookspecs",
    "plugin_manager": "plugin.manager",
    "extensions": "plugin.extensions",
    "defaults": "plugin.defaults",
    "scoring": "plugin.scoring",
    "score_card": "plugin.score_card",
    "settlement": "plugin.settlement",
    "forms": "plugin.forms",
    "players": "engine.players",
    "simulate": "log.simulate",
    "log_chain": "log.chain",
    "replay_log": "log.format",
    "replay_check": "audit.check",
    "table_view": "cli.render.table",
    "views": "log.redaction",
    "observed_wall": "log.observed_wall",
    "recorded": "log.recorded",
    "audit_report": "audit.report",
    "invariants": "conformance.invariants",
    "soak": "conformance.soak",
    "soak_journal": "conformance.soak_journal",
}


def warn_moved(old: str, new: str) -> None:
    """Say once per use that ``old`` is now ``new``, pointing at the importer's line."""
    warnings.warn(f"{old} has moved to {new}; the old path will be removed in the next release",
                  DeprecationWarning, stacklevel=3)


class _HandOver:
    """Loads an old path as the new module itself (the same object, private names included).

    A loader by the protocol :mod:`importlib` asks for (``create_module`` and
    ``exec_module``), without :mod:`importlib.abc`, whose import would cost
    every ``mahjong`` command :mod:`typing` and more.
    """

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        warn_moved(spec.name, self.new)
        return import_module(self.new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: :meth:`create_module` gave a module already imported."""


class _OldPaths:
    """Finds ``mahjong_core.<old>`` for every old path in :data:`MOVED`, and nothing else."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        prefix, _, old = fullname.partition(".")
        if prefix != "mahjong_core" or old not in MOVED:
            return None
        loader: Any = _HandOver(f"mahjong_core.{MOVED[old]}")  # a loader by protocol, not by base class
        return ModuleSpec(fullname, loader)


def install() -> None:
    """Put the finder on ``sys.meta_path`` once (``import mahjong_core`` calls this)."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(_OldPaths())
