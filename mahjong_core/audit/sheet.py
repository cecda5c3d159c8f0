"""``mahjong audit SHEET``: a score sheet's every figure against the rules, as a verdict and a report.

The sheet is re-enacted through the engine (:func:`~.record.record`); each
written figure the rules do not give is a difference, and all of them are
reported at once, each at its line -- a referee corrects a sheet in one pass,
not one mistake per run.  A sheet that agrees is then checked once more the
way any log is: its canonical log, made in memory, is audited like a file,
so the report of its deals (winner, hand, items with sources, payments,
totals) is the same one a log gets (:mod:`mahjong_core.audit.report` makes it from the verdict).
"""

from __future__ import annotations

import re

from mahjong_core.audit.check import Verdict, check, check_parsed
from mahjong_core.audit.report import LogReport
from mahjong_core.errors import MahjongError
from mahjong_core.log.format import parse_log
from mahjong_core.sheets.read import Sheet, check_is_sheet, is_sheet_path, read_sheet
from mahjong_core.sheets.record import log_text, record

__all__ = ["audit_sheet", "check_and_report"]


def audit_sheet(path: str, key: str | None = None) -> Verdict:
    """Audit the score sheet at ``path``; never raises for a bad sheet (the verdict says what is wrong).

    A sheet that agrees with the rules gets a verdict that holds its canonical log, for the report of its deals.
    """
    verdict = Verdict("audit", path, ok=False, kind="sheet")
    if key is not None:
        return verdict.fail(None, "a score sheet is not signed; record it with `mahjong record SHEET --sign KEY` "
                               "to seal and sign its log")
    try:
        sheet = read_sheet(path)
        recorded = record(sheet)
    except MahjongError as exc:
        line = exc.line
        if line is None and exc.source == path:  # "line 11, column 3" (a YAML syntax error), "$.x (line 4)"
            found = re.search(r"\bline (\d+)", exc.place or "")
            line = int(found[1]) if found else None
        # The verdict names the line itself: a place that is only that line is not said twice.
        bare = exc.place is None or (line is not None and exc.place == f"line {line}")
        message = exc.message if bare else f"{exc.place}: {exc.message}"
        return verdict.fail(line, message)
    verdict.ruleset = sheet.ruleset.identity
    verdict.deals = len(sheet.deals)
    if recorded.differences:
        verdict.differences = [d.to_json() for d in recorded.differences]
        count = len(recorded.differences)
        verdict.fail(recorded.differences[0].line,
                     f"{count} figure{'s' if count > 1 else ''} of the sheet differ{'' if count > 1 else 's'} from "
                     f"the rules:\n" + recorded.report())
        return verdict
    log = parse_log(log_text(recorded).encode("utf-8"), source=path)
    checked = check_parsed(log, "audit")
    checked.kind = "sheet"
    if checked.ok:
        checked.proof = {"sheet": sheet_agreement(sheet), **checked.proof}
    return checked


def sheet_agreement(sheet: object) -> str:
    """The audit's one-line verdict on a sheet that agrees with the rules: which of its written figures were checked."""
    assert isinstance(sheet, Sheet)
    counts = {"hand values": 0, "hands by their figures": 0, "payments": 0, "deal results": 0, "running totals": 0,
              "honba counters": 0, "final scores": len(sheet.final)}
    for deal in sheet.deals:
        w = deal.written
        counts["hand values"] += len(w.values)
        counts["hands by their figures"] += len(deal.figures or {})
        counts["payments"] += len(w.payments or ())
        counts["deal results"] += len(w.net)
        counts["running totals"] += len(w.totals)
        counts["honba counters"] += deal.counter is not None
    checked = ", ".join(f"{n} {what}" for what, n in counts.items() if n)
    if not checked:
        return "the sheet writes no figures: its hands were scored and settled by the rules alone"
    return f"every written figure agrees with the rules: {checked}"


def check_and_report(path: str, mode: str, key: str | None = None) -> LogReport:
    """Check one log (or audit one score sheet) and report it: the unit of work when many are checked.

    Here, above both the log and the sheets, because a path may be either.
    """
    if is_sheet_path(path):
        if mode != "audit":
            verdict = Verdict(mode, path, ok=False, kind="sheet")
            try:
                check_is_sheet(path)
            except MahjongError as exc:
                found = re.search(r"\bline (\d+)", exc.place or "")
                line = exc.line or (int(found[1]) if found else 1)
                return LogReport(verdict.fail(line, exc.message), [], [])
            return LogReport(verdict.fail(None, "a score sheet records no moves to re-play: audit it (`mahjong "
                                          "audit`), or record it as a log first (`mahjong record`)"), [], [])
        return LogReport.of(audit_sheet(path, key))
    return LogReport.of(check(path, mode, key=key))
