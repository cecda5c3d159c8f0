"""A test ruleset package of a folder under ``tests/``, put on the path with an entry point as an installed package.

:meth:`RulesetPackage.installed` writes a ``.dist-info`` folder naming its ``mahjong_core.rulesets`` entry point into
a temporary folder and returns the ``PYTHONPATH`` entries that find it and the package (for a server the test
starts); :meth:`RulesetPackage.on_path` does the same for this process, and forgets the scan of entry points and
the loaded rulesets before and after.  One mechanism for every such test package, so each folder names only its
ruleset and module.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from mahjong_core.plugin.extensions import clear_cache as forget_plugins
from mahjong_core.rules import clear_cache as forget_rulesets


@dataclass(frozen=True)
class RulesetPackage:
    """The package ``module`` in the folder ``here``, installing the ruleset ``ruleset``."""

    here: Path
    ruleset: str
    module: str

    def installed(self, folder: Path) -> list[str]:
        """The path entries under which the ruleset is installed (a dist-info written in ``folder``)."""
        name = self.module.replace("_", "-")
        dist = folder / f"{self.module}-1.0.0.dist-info"
        dist.mkdir(parents=True, exist_ok=True)
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n", encoding="utf-8")
        (dist / "entry_points.txt").write_text(f"[mahjong_core.rulesets]\n{self.ruleset} = {self.module}\n",
                                               encoding="utf-8")
        return [str(folder), str(self.here)]

    @contextmanager
    def on_path(self, folder: Path) -> Iterator[None]:
        """The ruleset installed in this process while the block runs."""
        entries = self.installed(folder)
        sys.path[:0] = entries
        forget_plugins()
        forget_rulesets()
        try:
            yield
        finally:
            for entry in entries:
                sys.path.remove(entry)
            forget_plugins()
            forget_rulesets()
