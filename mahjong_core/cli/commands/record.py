"""``mahjong record SHEET``: a score sheet (a game written down at a physical table) as its sealed replay log.

A sheet whose figures differ from the rules is refused, each difference
named at its line; a sheet that agrees becomes a log that is audited like any
other before the command says it is done.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json
from mahjong_core.cli.parser import add_command
from mahjong_core.cli.seats import signer
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong record SHEET [--out LOG] [--sign KEYFILE]``."""
    p = add_command(commands, "record", cmd_record, summary("record"))
    p.add_argument("sheet", metavar="SHEET", help="the score sheet, YAML or JSON (see docs/score-sheets.md)")
    p.add_argument("--out", default=None, help="the log to write (default: the sheet's name with .jsonl)")
    p.add_argument("--sign", metavar="KEYFILE", default=None,
                   help="sign the log with this Ed25519 private key (made by `mahjong keygen`)")


def cmd_record(args: argparse.Namespace) -> int:
    """Turn a score sheet into its canonical, sealed replay log; a sheet that differs from the rules is refused.

    The log is written next to the sheet (``game.yaml`` -> ``game.jsonl``) unless ``--out`` names it, never over
    another file, and then audited like any log before the command says it is done.
    """
    from mahjong_core.audit.check import check
    from mahjong_core.sheets.read import read_sheet
    from mahjong_core.sheets.record import log_text, record

    sheet = read_sheet(args.sheet)
    recorded = record(sheet)
    if recorded.differences:
        if args.json:
            print_json({"recorded": None, "differences": [d.to_json() for d in recorded.differences],
                        "follows": [d.to_json() for d in recorded.follows]})
        else:
            first = recorded.differences[0].line
            where = f"{args.sheet}::line {first}" if first is not None else args.sheet
            count = len(recorded.differences)
            print(f"{where}: not recorded - {count} figure{'s' if count > 1 else ''} of the sheet "
                  f"differ{'' if count > 1 else 's'} from the rules; correct the sheet (or `mahjong audit "
                  f"{args.sheet}` for the whole report):", file=sys.stderr)
            print(recorded.report(), file=sys.stderr)
        return EXIT_FAILED_CHECK
    out = Path(args.out) if args.out else Path(args.sheet).with_suffix(".jsonl")
    text = log_text(recorded, signer(args))
    if out.exists():
        if out.read_bytes() != text.encode("utf-8"):
            raise MahjongError("exists and holds another log; not overwritten (give --out another file)",
                               source=str(out))
    else:
        try:
            with open(out, "x", encoding="utf-8", newline="") as file:
                file.write(text)
        except OSError as exc:
            raise MahjongError(f"cannot write the log: {exc.strerror or exc}", source=str(out)) from None
    verdict = check(str(out), "audit")
    if args.json:
        print_json({"recorded": str(out), "deals": recorded.result.deals, "scores": recorded.result.scores,
                    "audit": verdict.to_json()})
    else:
        scores = ", ".join(f"{name} {score}" for name, score in zip(sheet.players, recorded.result.scores,
                                                                     strict=True))
        print(f"{args.sheet}: recorded {recorded.result.deals} deals as {out}; final scores {scores}")
        print(verdict.text())
    return EXIT_OK if verdict.ok else EXIT_FAILED_CHECK

