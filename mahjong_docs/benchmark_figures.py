"""The committed benchmark figures (``benchmarks/baseline.json``) rendered as tables, against the targets.

The figures a user meets -- deals a CPU second of ``mahjong simulate --out``,
the replay's and the audit's rates beside the greedy bots' -- are measured by
``benchmarks/run_all.py`` and committed with the code that gave them.  Copied
into a page by hand they would be one edit away from disagreeing with that
file; ``.. mahjong-benchmarks:: <file>`` reads it as the page is built and
marks every figure short of its target, so the page says exactly what the
committed run says, shortfalls included.  A file that cannot be read, or one
that lacks an installed ruleset's figures, is a build warning, which fails a
``-W`` build.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong_core import MahjongError, read_bounded

from . import rst

#: The file is a few hundred figures; anything far larger is not a baseline.
MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Targets:
    """The engine's targets: deals a CPU second of ``mahjong simulate --out`` with greedy and random bots, and the
    replay's and the audit's rates as multiples of the greedy bots' rate in one process."""

    greedy: float = 300
    random: float = 500
    replay: float = 1.25
    audit: float = 0.6


def read_baseline(path: str | Path) -> dict[str, Any]:
    """The baseline document (``{"meta": ..., "figures": ...}``).

    :raises MahjongError: naming the file, for one that cannot be read or is not a baseline.
    """
    path = Path(path)
    data = read_bounded(path, MAX_BYTES, what="the benchmark baseline", error=MahjongError)
    try:  # the figures are fractions, which the logs' strict reading refuses: the standard reader, size-bounded
        document = json.loads(data.decode("utf-8", errors="replace"))
    except ValueError as exc:
        raise MahjongError(f"not JSON: {exc}", source=str(path)) from None
    if not isinstance(document, dict) or not isinstance(document.get("figures"), dict) \
            or not isinstance(document.get("meta"), dict):
        raise MahjongError("expected an object with 'meta' and 'figures' (benchmarks/run_all.py --out)",
                           source=str(path))
    return document


def problems(document: Mapping[str, Any], installed: Sequence[str]) -> list[str]:
    """What makes the file unfit to stand for the code: an installed ruleset without its engine figures, a quick
    run (tiny workloads, whose figures mean nothing)."""
    out = []
    if document["meta"].get("quick"):
        out.append("the baseline is a --quick run: its figures mean nothing")
    figures = document["figures"]
    missing = [rid for rid in installed if f"engine.{rid}.simulate_greedy" not in figures]
    if missing:
        out.append(f"no engine figures for {', '.join(missing)}: run benchmarks/bench_engine.py for them")
    return out


def _value(figures: Mapping[str, Any], name: str) -> float | None:
    entry = figures.get(name)
    if not isinstance(entry, Mapping) or not isinstance(entry.get("value"), int | float):
        return None
    return float(entry["value"])


def _rate(value: float | None, short: bool) -> str:
    if value is None:
        return "--"
    text = f"{value:,.0f}"
    return f"{text} (short)" if short else text


def engine_rows(figures: Mapping[str, Any], rulesets: Sequence[str], targets: Targets
                ) -> tuple[list[list[str]], dict[str, list[str]]]:
    """One row per ruleset, and for each ruleset the targets it misses."""
    rows, missed = [], {}
    for rid in rulesets:
        got = {what: _value(figures, f"engine.{rid}.{what}")
               for what in ("simulate_greedy", "simulate_random", "greedy", "random", "replay", "audit",
                            "log_cost_greedy", "log_cost_random")}
        greedy = got["greedy"]
        short = {"greedy": _below(got["simulate_greedy"], targets.greedy),
                 "random": _below(got["simulate_random"], targets.random),
                 "replay": _below(got["replay"], None if greedy is None else targets.replay * greedy),
                 "audit": _below(got["audit"], None if greedy is None else targets.audit * greedy)}
        costs = " / ".join("--" if c is None else f"{c:.0f}%" for c in (got["log_cost_greedy"],
                                                                       got["log_cost_random"]))
        rows.append([f"``{rid}``", _rate(got["simulate_greedy"], short["greedy"]),
                     _rate(got["simulate_random"], short["random"]), _rate(greedy, False),
                     _rate(got["random"], False), _against(got["replay"], greedy, short["replay"]),
                     _against(got["audit"], greedy, short["audit"]), costs])
        missed[rid] = [name for name, is_short in short.items() if is_short]
    return rows, missed


def _below(value: float | None, target: float | None) -> bool:
    return value is not None and target is not None and value < target


def _against(value: float | None, greedy: float | None, short: bool) -> str:
    """A rate with its multiple of the greedy bots' rate."""
    if value is None:
        return "--"
    times = f" ({value / greedy:.2f}x{', short' if short else ''})" if greedy else ""
    return f"{value:,.0f}{times}"


def benchmarks_rst(document: Mapping[str, Any], rulesets: Sequence[str], targets: Targets) -> str:
    """The engine's table for ``rulesets``, the count of rulesets meeting every target, the other scripts' headline
    figures, and the run's own notes."""
    figures, meta = document["figures"], document["meta"]
    rows, missed = engine_rows(figures, rulesets, targets)
    met = [rid for rid in rulesets if not missed[rid]]
    out = [f"Measured with Python {meta.get('python', '?')} on {meta.get('machine', '?')}"
           + (f", each ruleset's engine run given ``{' '.join(meta['engine_workload'])}``"
              if meta.get("engine_workload") else "") + ". "
           f"{len(met)} of {rst.plural(len(rulesets), 'ruleset')} meet every engine target"
           + (f" ({', '.join(f'``{rid}``' for rid in met)})" if met and len(met) <= 12 else "") + ".\n"]
    header = ["ruleset", f"simulate, greedy (>= {targets.greedy:,.0f})", f"simulate, random (>= {targets.random:,.0f})",
              "greedy, in process", "random, in process", f"replay (>= {targets.replay}x greedy)",
              f"audit (>= {targets.audit}x greedy)", "the log's cost, greedy / random"]
    out.append(rst.list_table(header, rows, stub=1, classes="mahjong-benchmarks"))
    others = [(name, entry) for name, entry in figures.items() if not name.startswith("engine.")
              and isinstance(entry, Mapping) and "value" in entry]
    if others:
        out.append("The other benchmarks of the same run:\n")
        out.append(rst.list_table(["figure", "value", "unit"],
                                  [[f"``{name}``", _figure(entry), str(entry.get("unit", ""))]
                                   for name, entry in sorted(others)], classes="mahjong-benchmarks"))
    notes = meta.get("notes") or []
    if notes:
        out.append("What the run's notes say of how its figures were taken:\n")
        out.extend(f"* {rst.text(note)}" for note in notes)
        out.append("")
    return "\n".join(out)


def _figure(entry: Mapping[str, Any]) -> str:
    value = entry["value"]
    text = f"{value:,.1f}" if isinstance(value, float) and abs(value) < 1000 else f"{value:,.0f}"
    if "ratio" in entry:
        text += f" ({entry['ratio']:.2f}x {entry.get('reference', '')})"
    return text
