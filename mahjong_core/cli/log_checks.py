"""What ``mahjong replay`` and ``mahjong audit`` share: their options, and checking many logs with one summary.

Both read any number of logs (``audit`` score sheets too), give one verdict
or report a file and a summary for several, and exit 1 if any fails; they
differ only in the check each file gets.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json, progress_bar
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.audit.report import LogReport

_KEY_HELP = ("the signer's public key file (PEM, or 64 hex digits): the log must be signed with it, "
             "and every signature must verify")


def add_log_check_options(p: argparse.ArgumentParser) -> None:
    """The files and options of a command that checks logs (``replay``, ``audit``)."""
    p.add_argument("files", nargs="+", metavar="FILE", help="replay logs, or for audit also score sheets "
                   "(.yaml, .yml, .json); any number: a summary follows")
    p.add_argument("--key", metavar="PUBKEY", default=None, help=_KEY_HELP)
    p.add_argument("--deals", action="store_true",
                   help="report every deal: winner, hand, scoring items with their sources, payments, totals")
    p.add_argument("--html", metavar="OUT.html", default=None,
                   help="also write the report as one self-contained HTML page")
    p.add_argument("--workers", type=int, default=0,
                   help="check the files on a local Dask cluster of N worker processes")


def check_logs(args: argparse.Namespace, mode: str) -> int:
    """Replay or audit every file; one verdict (or report) per file, a summary for several, exit 1 if any fails.

    With ``--workers`` the files are checked on a local Dask cluster (``mahjong_study.runner``), each where
    it is read, and only the reports come back.
    """
    # deferred: the audit and all it re-plays with (~180 ms) would load with `mahjong --help`, which imports this
    # module through the audit and replay commands
    from mahjong_core.audit.report import report_json
    from mahjong_core.audit.sheet import check_and_report
    from mahjong_core.cli.render.audit import report_html, report_text
    from mahjong_core.log.chain import load_public_key

    for file in args.files:  # nothing to judge: unreadable input (exit 2) before any verdict (exit 1)
        if not Path(file).exists():
            raise MahjongError("cannot read the log: no such file", source=file)
    key = None
    if args.key is not None:
        key = load_public_key(args.key)
    bar = progress_bar(len(args.files), "log", shown=len(args.files) > 1 and not args.json)

    def show(report: LogReport) -> None:
        if args.json:
            return
        # The verdict is the command's answer, failed or not, so it goes to standard output: `audit x > report.txt`
        # keeps it, and the exit status says whether it passed.
        text = report_text(report, deals=args.deals and report.verdict.ok)
        (bar.write if bar is not None else print)(text, file=sys.stdout)

    tasks = [(str(file), mode, key) for file in args.files]
    try:
        if args.workers:
            from mahjong_study.runner import map_ordered  # deferred: the optional [study] extra (Dask), --workers only

            reports = map_ordered(check_and_report, tasks, workers=args.workers,
                                  progress=bar.update if bar is not None else None)
            for report in reports:
                show(report)
        else:
            reports = []
            for task in tasks:
                reports.append(check_and_report(*task))
                show(reports[-1])
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    verdicts = [r.verdict for r in reports]
    failed = [v for v in verdicts if not v.ok]
    if args.html:
        Path(args.html).write_text(report_html(reports, title=f"{mode.capitalize()} report"), encoding="utf-8")
    if args.json:
        documents = [report_json(r) for r in reports]
        if len(documents) == 1:
            print_json(documents[0])
        else:
            print_json({"summary": {"logs": len(verdicts), "clean": len(verdicts) - len(failed),
                                    "failed": len(failed), "deals": sum(v.deals for v in verdicts)},
                        "logs": documents})
    elif len(verdicts) > 1:
        print(f"{len(verdicts)} logs: {len(verdicts) - len(failed)} clean, {len(failed)} failed; "
              f"{sum(v.deals for v in verdicts)} deals" + (f"; report {args.html}" if args.html else ""))
    return EXIT_FAILED_CHECK if failed else EXIT_OK
