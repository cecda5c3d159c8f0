"""Put the test ruleset package of this folder on the path, with an entry point as an installed package has.

:func:`installed` writes a ``.dist-info`` folder naming its ``mahjong_core.rulesets`` entry point into a
temporary folder and returns the ``PYTHONPATH`` entries that find it and the package; :func:`on_path` does the
same for this process, and forgets the scan of entry points and the loaded rulesets before and after.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mahjong_core.plugin.extensions import clear_cache as forget_plugins
from mahjong_core.rules import clear_cache as forget_rulesets

HERE = Path(__file__).resolve().parent
RULESET = "forms_test"


def installed(folder: Path) -> list[str]:
    """The path entries under which ``forms_test`` is an installed ruleset (a dist-info written in ``folder``)."""
    dist = folder / "mahjong_test_forms-1.0.0.dist-info"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mahjong-test-forms\nVersion: 1.0.0\n",
                                   encoding="utf-8")
    (dist / "entry_points.txt").write_text(f"[mahjong_core.rulesets]\n{RULESET} = mahjong_test_forms\n",
                                           encoding="utf-8")
    return [str(folder), str(HERE)]


@contextmanager
def on_path(folder: Path) -> Iterator[None]:
    """``forms_test`` installed in this process while the block runs."""
    entries = installed(folder)
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
