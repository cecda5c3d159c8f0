"""``mahjong docs``: a club's rules site for the rulesets it plays (built by :mod:`mahjong_docs.build`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from mahjong_core.cli.output import EXIT_OK, Ticker, print_json


def cmd_docs(args: argparse.Namespace) -> int:
    """Build a players' site (HTML) for the chosen rulesets, house rules included.

    The build takes seconds (Sphinx), so a terminal sees a progress bar on standard error: the pages read and
    written, and the elapsed time.
    """
    from mahjong_docs.build import build

    with Ticker(1, "page", enabled=not args.json) as ticker:
        ticker.phase("writing the pages from the rule data")

        def progress(done: int, total: int, what: str) -> None:
            if ticker.bar is not None:
                ticker.bar.total = total
                ticker.bar.n = done
                ticker.bar.set_description(what)

        out = build(Path(args.out), args.ruleset or None, title=args.title,
                    intro=Path(args.intro) if args.intro else None, reference=args.reference, progress=progress)
    if args.json:
        print_json({"out": str(out)})
    else:
        print(f"documentation written to {out}")
    return EXIT_OK
