"""``mahjong docs``: a club's rules site for the rulesets it plays (built by :mod:`mahjong_docs.build`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK, Ticker, print_json
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong docs [--ruleset R]... [--out DIR] [--title T] [--intro FILE] [--reference]``."""
    p = add_command(commands, "docs", cmd_docs, summary("docs"))
    p.add_argument("--ruleset", action="append", metavar="ID_OR_FILE",
                   help="a ruleset id or house-rule file to document (repeatable; default: every installed one)")
    p.add_argument("--out", default="mahjong-docs", help="output folder (default: mahjong-docs)")
    p.add_argument("--title", default="Mahjong rules", help="the site's title (default: Mahjong rules)")
    p.add_argument("--intro", metavar="FILE", help="the club's introduction for the front page (.md or .rst)")
    p.add_argument("--reference", action="store_true",
                   help="also the developer's reference: plugins and hooks of each ruleset, hook reference, schemas")


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

