"""The figures a benchmark script measures, as JSON for ``run_all.py`` to collect and compare.

Each ``bench_*.py`` script prints its report as before; given ``--json FILE``
it also writes what it measured, one entry per figure::

    {"engine.mcr.greedy": {"value": 262.1, "unit": "deals/s", "better": "higher"},
     "mcr.score_hand": {"value": 41000.0, "unit": "hands/s", "better": "higher",
                        "reference": "PyMahjongGB, prepared arguments", "ratio": 0.31}}

``ratio`` is the figure divided by the reference's, both measured in the
same process on the same input; ``better`` says which way is an improvement
(``"same"`` for counts that must not change at all, such as agreement
figures).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


class Figures:
    """The figures of one run, by name, in the order they were measured."""

    def __init__(self) -> None:
        self.items: dict[str, dict[str, Any]] = {}

    def add(self, name: str, value: float, unit: str, *, better: str = "higher", reference: str | None = None,
            ratio: float | None = None) -> None:
        if better not in ("higher", "lower", "same"):
            raise ValueError(f"better must be higher, lower or same, not {better!r}")
        entry: dict[str, Any] = {"value": round(float(value), 6), "unit": unit, "better": better}
        if reference is not None and ratio is not None:
            entry["reference"] = reference
            entry["ratio"] = round(float(ratio), 6)
        self.items[name] = entry

    def write(self, path: str | Path | None) -> None:
        """Write the figures to ``path`` (nothing when it is ``None``)."""
        if path is not None:
            Path(path).write_text(json.dumps(self.items, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", default=None, metavar="FILE", help="also write the figures measured to FILE as JSON")
