"""``mahjong conformance ID ...``: the conformance suite on installed rulesets, third-party ones too.

A ruleset author without a checkout of this project runs the same checks the
bundled rulesets pass; the exit status is pytest's (0 all passed, 1 a check
failed, 2 and above pytest could not run them), so CI can use it as is.  With
``--json`` pytest's own output is kept off standard output, which carries one
JSON object instead: every check with its outcome, and the failures' reports.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, EXIT_USAGE, Ticker, print_json
from mahjong_core.cli.parser import add_command
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong conformance RULESET... [--terse]``."""
    p = add_command(commands, "conformance", cmd_conformance, summary("conformance"))
    p.add_argument("ruleset", nargs="+", help="rulesets to check: installed ids or ruleset YAML files")
    p.add_argument("--terse", action="store_true",
                   help="pytest's own progress line (a dot a check) instead of every check named with its outcome")


class _Collector:
    """A pytest plugin object that records each check's outcome (and moves a progress bar)."""

    def __init__(self, ticker: Ticker) -> None:
        self.ticker = ticker
        self.results: list[dict[str, Any]] = []

    def pytest_collection_finish(self, session: Any) -> None:
        if self.ticker.bar is not None:
            self.ticker.bar.total = len(session.items)
            self.ticker.bar.refresh()

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            row: dict[str, Any] = {"check": report.nodeid.split("::", 1)[-1], "outcome": report.outcome}
            if report.outcome == "failed":
                row["report"] = str(report.longrepr)[-4000:]
            elif report.outcome == "skipped" and isinstance(report.longrepr, tuple):
                row["reason"] = str(report.longrepr[-1]).removeprefix("Skipped: ")
            self.results.append(row)
            self.ticker.step(report.nodeid.split("::")[-1][:40])


def cmd_conformance(args: argparse.Namespace) -> int:
    """Run the conformance checks (:func:`mahjong_core.conformance.run`) on the rulesets named.

    A ruleset author reads which promise failed, so the text answer names every check with its outcome;
    ``--terse`` keeps pytest's own progress line (a dot a check) for logs of CI runs.
    """
    from mahjong_core.conformance import run

    _check_installed(args.ruleset)
    if args.terse and not args.json:
        return _status(run(list(args.ruleset)))
    with Ticker(0, "check", enabled=True) as ticker:
        collector = _Collector(ticker)
        captured = io.StringIO()
        with contextlib.redirect_stdout(captured):
            code = run(list(args.ruleset), ["-q"], plugins=[collector])
    counts: dict[str, int] = {}
    for row in collector.results:
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    if args.json:
        print_json({"rulesets": list(args.ruleset), "ok": code == 0, "exit_code": code, "counts": counts,
                    "checks": collector.results, **({"pytest": captured.getvalue()[-4000:]} if code > 1 else {})})
    else:
        print(_listing(collector.results, counts))
        if code > 1:  # pytest could not run the checks: its own words say why
            print(captured.getvalue()[-4000:], file=sys.stderr)
    sys.stdout.flush()
    return _status(code)


def _listing(results: list[dict[str, Any]], counts: dict[str, int]) -> str:
    """Every check by ruleset, its outcome and its name in words, then each failure's report and the counts."""
    lines: list[str] = []
    by_ruleset: dict[str, list[dict[str, Any]]] = {}
    for row in results:
        name, _, param = row["check"].partition("[")
        by_ruleset.setdefault(param.rstrip("]") or "-", []).append({**row, "name": name})
    for ruleset, rows in by_ruleset.items():
        lines.append(f"{ruleset}:")
        for row in rows:
            words = row["name"].removeprefix("test_").replace("_", " ")
            reason = f" ({row['reason']})" if row.get("reason") else ""
            lines.append(f"  {row['outcome'].upper() if row['outcome'] == 'failed' else row['outcome']:<8} "
                         f"{words}{reason}")
    for row in results:
        if row["outcome"] == "failed":
            lines += ["", f"--- {row['check']} failed:", row.get("report", "").rstrip()]
    total = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items()))
    lines.append(f"{len(results)} checks: {total or 'none ran'}")
    return "\n".join(lines)


def _check_installed(ids: list[str]) -> None:
    """An unknown id or a ruleset file that does not load is bad input (exit 2, one line), before pytest starts.

    A file the loader refuses would otherwise fail every check with the same error and its traceback.
    """
    from mahjong_core.rules import available, is_ruleset_path, load_ruleset
    from mahjong_core.rules.loader import did_you_mean

    installed = available()
    for rid in ids:
        if is_ruleset_path(rid):
            load_ruleset(rid)  # raises, located at its line, for a file that does not load
            continue
        if rid not in installed:
            raise MahjongError(f"unknown ruleset {rid!r}{did_you_mean(rid, installed)}; installed: "
                               f"{', '.join(installed) or 'none'}", place="ruleset")


def _status(code: int) -> int:
    """pytest's exit status on the command's table: 0 passed, 1 a check failed, 2 the suite could not run."""
    return code if code in (EXIT_OK, EXIT_FAILED_CHECK) else EXIT_USAGE

