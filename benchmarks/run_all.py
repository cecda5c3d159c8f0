"""Every benchmark in one command, its figures in one JSON file, and what moved since a baseline.

Run: ``python benchmarks/run_all.py [--out figures.json] [--compare benchmarks/baseline.json]``

Each ``bench_*.py`` script runs in a process of its own, as it would alone,
and writes its figures (``--json``, :mod:`figures`); this collects them:

* ``bench_engine.py`` for every installed ruleset: ``mahjong simulate`` with
  and without ``--out`` (greedy and random bots, deals per CPU second as a
  user runs it, and the log's cost in per cent), greedy, random, replay and
  audit deals per CPU second in one process, the replay's and the audits'
  ratios to greedy, and the peak memory of 10,000 deals with their logs for
  ``mcr`` and ``chinese_classical``;
* ``bench_hands.py``: shanten and the complete-hand test beside the riichi
  calculator ``mahjong`` 2.1.0;
* ``bench_cards.py``: a card of fixed hands read, and hands matched against it;
* ``bench_mcr.py``: the agreement figures and the scoring speed beside
  PyMahjongGB 1.4.0;
* ``bench_classical.py``: microseconds per classical score;
* ``bench_cli.py``: how soon the ``mahjong`` command answers;
* ``bench_study.py``: a study on 1 and 2 Dask workers, its speed-up and memory;
* ``bench_import.py``: games recorded elsewhere (Botzone, mjai, Tenhou XML,
  tenhou.net/6) imported and audited, rounds per CPU second, the agreement
  with each platform, and the wall-clock speed-up of ``mahjong import`` and
  ``mahjong audit`` on 2 Dask workers.

Ratios against a reference are measured in the same process as the figure
and printed beside it.  ``--compare BASELINE`` prints every figure that
moved by more than ``--threshold`` (10%) from the baseline's, saying whether
for the better or the worse, and any agreement count that changed at all;
``--strict`` then exits 1 if something got worse.  Timings on a shared
machine wander by a few percent, so a figure printed once is a hint; the
same figure moving again on a second run is a finding.

``--pair CHECKOUT`` runs every job in another checkout too (with that
checkout's own ``.venv``), the two runs of each job one after the other and
which goes first alternating from job to job, and prints every figure of both
side by side with the change: a before/after comparison made under one and
the same load, which two runs an hour apart on a shared machine are not.
A script the other checkout does not have runs in this one only.

``--figures FILE`` measures nothing: it reads an earlier ``--out`` file and
compares it with ``--compare BASELINE``, to compare a run with a second
baseline, or again with another ``--threshold``.

``--quick`` runs every script on a tiny workload (two rulesets, a few deals
and hands): it shows the harness works, and its figures mean nothing.  The
committed baseline (``benchmarks/baseline.json``) is a full run:
``python benchmarks/run_all.py --out benchmarks/baseline.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: With --verbose, each script's own report follows a line starting with this and naming the script and arguments.
REPORT_MARK = "=== report of "
#: Rulesets whose 10,000-deal memory is measured in a full run (the issue's memory figure).
MEMORY_RULESETS = ("mcr", "chinese_classical")


def _rulesets() -> list[str]:
    from mahjong_core.rules import available

    return sorted(available())


def jobs(quick: bool, rulesets: Sequence[str], engine: Sequence[str] = ()) -> list[tuple[str, list[str]]]:
    """``(script, arguments)`` of every benchmark run; ``engine`` is added to each full ``bench_engine.py`` run
    (a smaller workload, so that every ruleset fits one quiet stretch of a shared machine)."""
    out: list[tuple[str, list[str]]] = []
    for rid in rulesets:
        if quick:
            out.append(("bench_engine.py", ["--ruleset", rid, "--deals", "4", "--repeat", "1", "--memory-deals", "0",
                                            "--cli-deals", "8", "--cli-repeat", "1"]))
        else:
            memory = "10000" if rid in MEMORY_RULESETS else "0"
            out.append(("bench_engine.py", ["--ruleset", rid, "--memory-deals", memory, *engine]))
    if quick:
        out += [("bench_hands.py", ["--hands", "200"]), ("bench_cards.py", ["--hands", "100"]),
                ("bench_mcr.py", ["--per-fan", "1", "--random", "20"]),
                ("bench_classical.py", ["--rulesets", "chinese_classical", "--games", "1", "--cold-games", "1",
                                        "--passes", "1"]),
                ("bench_cli.py", ["--runs", "1"]),
                ("bench_study.py", ["--deals", "64"]),
                ("bench_import.py", ["--passes", "1", "--format", "mjai", "--workers", "0"])]
    else:
        out += [("bench_hands.py", []), ("bench_cards.py", []), ("bench_mcr.py", []), ("bench_classical.py", []),
                ("bench_cli.py", []), ("bench_study.py", []), ("bench_import.py", [])]
    return out


def run(script: str, args: Sequence[str], verbose: bool, checkout: Path | None = None) -> dict[str, Any]:
    """Run one benchmark script in its own process (of ``checkout``'s venv and scripts, or this one's); return its
    figures."""
    python, here = (sys.executable, HERE) if checkout is None else (checkout / ".venv" / "bin" / "python",
                                                                     checkout / "benchmarks")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "figures.json"
        done = subprocess.run([str(python), str(here / script), *args, "--json", str(out)], cwd=here.parent,
                              capture_output=True, text=True, check=False)
        if verbose:
            print(f"{REPORT_MARK}{script} {' '.join(args)}\n{done.stdout}", end="")
        if done.returncode not in (0, 1) or not out.exists():
            raise SystemExit(f"{script} {' '.join(args)} failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
        figures: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return figures


def describe(name: str, entry: dict[str, Any]) -> str:
    """One figure as a line: name, value, unit, and the ratio against its reference where it has one."""
    value = entry["value"]
    shown = f"{value:,.1f}" if abs(value) < 1000 else f"{value:,.0f}"
    line = f"{name:<48} {shown:>12} {entry['unit']:<9}"
    if "ratio" in entry:
        line += f" {entry['ratio']:7.3f}x {entry['reference']}"
    return line


def side_by_side(before: dict[str, Any], after: dict[str, Any], threshold: float) -> list[str]:
    """Every figure of both runs on one line each: before, after, the change, WORSE beyond ``threshold``, and the
    ratio to its reference before and after where the figure has one (replay/greedy, audit/greedy)."""
    lines = [f"{'figure':<48} {'before':>12} {'after':>12} {'change':>8}"]
    for name in [*before, *(n for n in after if n not in before)]:
        old, new = before.get(name), after.get(name)
        if old is None or new is None:
            lines.append(f"{name:<48} {'-' if old is None else old['value']:>12} "
                         f"{'-' if new is None else new['value']:>12}")
            continue
        was, now, better = old["value"], new["value"], new["better"]
        change = (now - was) / was if was else 0.0
        mark = ""
        if better == "same":
            mark = "" if now == was else "CHANGED"
        elif abs(change) > threshold:
            improved = change > 0 if better == "higher" else change < 0
            mark = "better" if improved else "WORSE"
        ratio = (f" {old['ratio']:.2f}x -> {new['ratio']:.2f}x {new['reference']}"
                 if "ratio" in old and "ratio" in new else "")
        lines.append(f"{name:<48} {was:>12,.1f} {now:>12,.1f} {change:>+8.1%} {new['unit']:<9} {mark:<7}{ratio}"
                     .rstrip())
    return lines


def compare(figures: dict[str, Any], baseline: dict[str, Any], threshold: float) -> list[str]:
    """Lines for every figure that moved beyond ``threshold`` (any change of a ``same`` figure), worse first."""
    worse, better, other = [], [], []
    for name, entry in figures.items():
        old = baseline.get(name)
        if old is None:
            other.append(f"new        {describe(name, entry)}")
            continue
        before, now = old["value"], entry["value"]
        if entry["better"] == "same":
            if now != before:
                worse.append(f"CHANGED    {describe(name, entry)}  (baseline {before:g})")
            continue
        change = (now - before) / before if before else (0.0 if now == before else float("inf"))
        if abs(change) <= threshold:
            continue
        improved = change > 0 if entry["better"] == "higher" else change < 0
        line = f"{'better' if improved else 'WORSE':<10} {describe(name, entry)}  {change:+.1%} (baseline {before:g})"
        (better if improved else worse).append(line)
    other += [f"missing    {name} (in the baseline only)" for name in baseline if name not in figures]
    return worse + better + other


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="write the figures here as JSON")
    parser.add_argument("--compare", type=Path, default=None, metavar="BASELINE",
                        help="print the figures that moved from this earlier --out file")
    parser.add_argument("--threshold", type=float, default=0.10, help="relative change to report (default 0.10)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a figure got worse beyond the threshold")
    parser.add_argument("--quick", action="store_true", help="tiny workloads: checks the harness, not the speed")
    parser.add_argument("--rulesets", default=None, help="comma-separated ruleset ids for the engine benchmark "
                        "(default: every installed one; chinese_classical,mcr with --quick)")
    parser.add_argument("--engine-workload", default="", metavar="ARGS",
                        help="extra bench_engine.py arguments for every ruleset of a full run, e.g. "
                             "'--deals 150 --repeat 3 --cli-deals 400' (recorded in the output's meta)")
    parser.add_argument("--verbose", action="store_true", help="print each script's own report as well")
    parser.add_argument("--pair", type=Path, default=None, metavar="CHECKOUT",
                        help="run every job in this other checkout too (its .venv), alternating which runs first, "
                             "and print both side by side (it is 'before', this checkout 'after')")
    parser.add_argument("--pair-out", type=Path, default=None, help="with --pair: write its figures here as JSON")
    parser.add_argument("--figures", type=Path, default=None, metavar="FILE",
                        help="run nothing: compare this earlier --out file with --compare BASELINE")
    args = parser.parse_args(argv)
    if args.figures is not None:
        if args.compare is None or args.pair is not None or args.out is not None:
            parser.error("--figures FILE needs --compare BASELINE, and measures nothing (no --pair, no --out)")
        earlier = _figures_file(parser, args.figures)
        return _compare(earlier["figures"], bool(earlier.get("meta", {}).get("quick")), args,
                        _figures_file(parser, args.compare))
    if args.pair is not None and not (args.pair / ".venv" / "bin" / "python").exists():
        parser.error(f"--pair {args.pair}: no .venv/bin/python there (make the checkout's venv first)")
    if args.rulesets:
        rulesets = args.rulesets.split(",")
    else:
        rulesets = ["chinese_classical", "mcr"] if args.quick else _rulesets()
    figures: dict[str, Any] = {}
    paired: dict[str, Any] = {}
    engine = args.engine_workload.split()
    for index, (script, script_args) in enumerate(jobs(args.quick, rulesets, engine)):
        print(f"running {script} {' '.join(script_args)}", file=sys.stderr, flush=True)
        if args.pair is None:
            figures.update(run(script, script_args, args.verbose))
            continue
        if not (args.pair / "benchmarks" / script).exists():
            # A benchmark newer than the other checkout measures this one only; its figures print with "-" before.
            print(f"  {args.pair} has no benchmarks/{script}: this checkout only", file=sys.stderr, flush=True)
            figures.update(run(script, script_args, args.verbose))
            continue
        for checkout in ((args.pair, None) if index % 2 == 0 else (None, args.pair)):
            (paired if checkout is not None else figures).update(run(script, script_args, args.verbose, checkout))
    print(f"{len(figures)} figures{' (quick: tiny workloads, the figures mean nothing)' if args.quick else ''}")
    for name, entry in figures.items():
        print(f"  {describe(name, entry)}")
    document = {"meta": {"quick": args.quick, "python": platform.python_version(), "machine": platform.machine(),
                         "rulesets": rulesets, **({"engine_workload": engine} if engine else {})},
                "figures": figures}
    if args.out is not None:
        args.out.write_text(json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                            encoding="utf-8")
    if args.pair is not None:
        if args.pair_out is not None:
            meta = {**document["meta"], "checkout": str(args.pair)}
            args.pair_out.write_text(json.dumps({"meta": meta, "figures": paired}, indent=1, sort_keys=True,
                                                ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"before: {args.pair}; after: {HERE.parent}")
        for line in side_by_side(paired, figures, args.threshold):
            print(f"  {line}")
    if args.compare is None:
        return 0
    return _compare(figures, args.quick, args, _figures_file(parser, args.compare))


def _figures_file(parser: argparse.ArgumentParser, path: Path) -> dict[str, Any]:
    """An ``--out`` file, or the parser's one-line error naming it and what is wrong."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        parser.error(f"{path}: cannot read it as a figures file ({exc})")
    if not isinstance(document, dict) or not isinstance(document.get("figures"), dict):
        parser.error(f"{path}: not a figures file (expected a JSON object with \"figures\", as --out writes)")
    return document


def _compare(figures: dict[str, Any], quick: bool, args: argparse.Namespace, base: dict[str, Any]) -> int:
    """Print what moved from ``base``; 1 with ``--strict`` when something got worse."""
    if base.get("meta", {}).get("quick") != quick:
        print(f"note: comparing a {'quick' if quick else 'full'} run with a "
              f"{'quick' if base.get('meta', {}).get('quick') else 'full'} baseline")
    lines = compare(figures, base["figures"], args.threshold)
    print(f"against {args.compare}: {len(lines)} figure(s) moved by more than {args.threshold:.0%}"
          + (":" if lines else ""))
    for line in lines:
        print(f"  {line}")
    return 1 if args.strict and any(line.startswith(("WORSE", "CHANGED")) for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
