"""``mahjong export --format FORMAT LOG``: one of our replay logs written in another platform's format.

The writers are :mod:`mahjong_formats`' (one module per format, each with
``export_text(header, events)``); this module reads the log strictly, hands
it to the format's writer and writes the result to ``--out`` or standard
output.  A log the format cannot hold (a game of another family, another
number of seats) is refused with the reason, and nothing is written.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK
from mahjong_core.cli.parser import add_command
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)

#: The formats a log can be exported to, each with the module whose ``export_text`` writes it.
EXPORTS: dict[str, str] = {"mjai": "mahjong_formats.mjai"}


def register(commands: Subcommands) -> None:
    """``mahjong export --format FORMAT LOG [--out FILE]``."""
    p = add_command(commands, "export", cmd_export, summary("export"))
    p.add_argument("--format", required=True, choices=sorted(EXPORTS), metavar="FORMAT",
                   help=f"the format to write: {', '.join(sorted(EXPORTS))}")
    p.add_argument("log", metavar="LOG", help="the replay log (.jsonl)")
    p.add_argument("--out", metavar="FILE", default=None, help="write here instead of standard output")


def cmd_export(args: argparse.Namespace) -> int:
    from mahjong_core.log.format import read_log

    log = read_log(args.log)
    writer = importlib.import_module(EXPORTS[args.format])
    try:
        text = writer.export_text(log.header, list(log.events))
    except MahjongError as exc:
        raise MahjongError(f"cannot be written as {args.format}: {exc.message}", source=args.log,
                           place=exc.place) from None
    if args.out is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise MahjongError(f"cannot write the export: {exc.strerror}", source=args.out) from None
    return EXIT_OK
