"""``mahjong docs``: the rules documentation for the installed rulesets (built by :mod:`mahjong_docs.build`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .output import EXIT_OK, Ticker, print_json


def cmd_docs(args: argparse.Namespace) -> int:
    """Build the rules documentation (HTML) for the installed rulesets, house rules included.

    The build takes seconds (Sphinx), so a terminal sees a progress bar with the elapsed time on standard error.
    """
    from mahjong_docs.build import build

    with Ticker(1, "site", enabled=not args.json) as ticker:
        ticker.phase("building the rules documentation (Sphinx)")
        out = build(Path(args.out), args.ruleset or None)
        ticker.step("done")
    if args.json:
        print_json({"out": str(out)})
    else:
        print(f"documentation written to {out}")
    return EXIT_OK
