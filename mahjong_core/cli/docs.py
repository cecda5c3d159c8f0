"""``mahjong docs``: the rules documentation for the installed rulesets (built by :mod:`mahjong_docs.build`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .output import EXIT_OK, print_json


def cmd_docs(args: argparse.Namespace) -> int:
    """Build the rules documentation (HTML) for the installed rulesets, house rules included."""
    from mahjong_docs.build import build

    out = build(Path(args.out), args.ruleset or None)
    if args.json:
        print_json({"out": str(out)})
    else:
        print(f"documentation written to {out}")
    return EXIT_OK
