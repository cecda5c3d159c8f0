"""``mahjong export --format FORMAT LOG``: a replay log of ours written in another platform's format.

The writers are :mod:`mahjong_formats`' (one module per format, beside its
reader, each with ``export_log(path)``); each reads the log through the strict
reader, so a corrupt or tampered log is refused at its line before anything is
written, and this module prints the game (or writes it to ``--out``).  A log
the format cannot hold (a game of another family, another number of seats) is
bad input, named, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK
from mahjong_core.cli.parser import add_command
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)

#: The formats ``mahjong export`` writes, each with the module whose ``export_log(path)`` writes it.
EXPORTS = {"mjai": "mahjong_formats.mjai", "tenhou6": "mahjong_formats.tenhou6_export"}


def register(commands: Subcommands) -> None:
    """``mahjong export --format FORMAT LOG [--out FILE]``."""
    p = add_command(commands, "export", cmd_export, summary("export"))
    p.add_argument("--format", required=True, choices=sorted(EXPORTS), metavar="FORMAT",
                   help=f"the format to write: {', '.join(sorted(EXPORTS))}")
    p.add_argument("log", metavar="LOG", help="the replay log (.jsonl)")
    p.add_argument("--out", metavar="FILE", default=None, help="write the game here instead of printing it")


def cmd_export(args: argparse.Namespace) -> int:
    text: str = import_module(EXPORTS[args.format]).export_log(args.log)
    if args.out is None:
        sys.stdout.write(text)
        return EXIT_OK
    try:
        Path(args.out).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise MahjongError(f"cannot write the file: {exc.strerror}", source=args.out) from None
    return EXIT_OK
