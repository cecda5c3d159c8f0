"""``mahjong hand TILES``: how a hand reads, what it waits on, how far it is from ready.

Needs no ruleset: the arrangements, waits and shanten are the same under
every one, so an engine author can check a hand before choosing rules.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK, print_json
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong hand TILES [--knitted]``."""
    p = add_command(commands, "hand", cmd_hand, summary("hand"))
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p78s11z [777s<] +9s (14 tiles: its arrangements) or "
                                            "13 tiles (its waits)")
    p.add_argument("--knitted", action="store_true", help="also read the Chinese official knitted forms")


def cmd_hand(args: argparse.Namespace) -> int:
    """Print the report of :func:`mahjong_core.hand.report.analyse` for the hand given in the notation.

    ``--json`` prints the facts with the text beside them, under ``"text"``, as a script that shows the hand reads it.
    """
    from mahjong_core.cli.render.hand import hand_text
    from mahjong_core.hand.report import analyse

    report = analyse(" ".join(args.tiles), knitted=args.knitted)
    report["text"] = hand_text(report)
    if args.json:
        print_json(report)
    else:
        print(report["text"])
    return EXIT_OK
