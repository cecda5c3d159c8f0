"""``mahjong hand TILES``: how a hand reads, what it waits on, how far it is from ready.

Needs no ruleset: the arrangements, waits and shanten are the same under
every one, so an engine author can check a hand before choosing rules.
"""

from __future__ import annotations

import argparse

from mahjong_core.cli.output import EXIT_OK, print_json


def cmd_hand(args: argparse.Namespace) -> int:
    """Print the report of :func:`mahjong_core.hand.report.analyse` for the hand given in the notation."""
    from mahjong_core.hand.report import analyse

    report = analyse(" ".join(args.tiles), knitted=args.knitted)
    if args.json:
        print_json(report)
    else:
        print(report["text"])
    return EXIT_OK
