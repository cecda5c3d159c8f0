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
from typing import Any

from .output import EXIT_FAILED_CHECK, EXIT_OK, EXIT_USAGE, Ticker, print_json


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
            self.results.append(row)
            self.ticker.step(report.nodeid.split("::")[-1][:40])


def cmd_conformance(args: argparse.Namespace) -> int:
    """Run the conformance checks (:func:`mahjong_core.conformance.run`) on the rulesets named."""
    from ..conformance import run

    _check_installed(args.ruleset)
    if not args.json:
        return _status(run(list(args.ruleset)))
    with Ticker(0, "check", enabled=True) as ticker:
        collector = _Collector(ticker)
        captured = io.StringIO()
        with contextlib.redirect_stdout(captured):
            code = run(list(args.ruleset), ["-q"], plugins=[collector])
    counts: dict[str, int] = {}
    for row in collector.results:
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    print_json({"rulesets": list(args.ruleset), "ok": code == 0, "exit_code": code, "counts": counts,
                "checks": collector.results, **({"pytest": captured.getvalue()[-4000:]} if code > 1 else {})})
    sys.stdout.flush()
    return _status(code)


def _check_installed(ids: list[str]) -> None:
    """An unknown id or a ruleset file that does not load is bad input (exit 2, one line), before pytest starts.

    A file the loader refuses would otherwise fail every check with the same error and its traceback.
    """
    from ..errors import MahjongError
    from ..rules import available, is_ruleset_path, load_ruleset
    from ..rules.loader import did_you_mean

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
