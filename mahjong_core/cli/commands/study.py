"""``mahjong study``: the same seeded games under two rulesets, reduced to figures and compared.

The work is :mod:`mahjong_study`'s; this module reads the options, shows a
progress bar on a terminal and prints the result (text, or ``--json``).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK, print_json
from mahjong_core.cli.parser import add_command
from mahjong_core.cli.seats import game_progress, needs_study_extra, parse_bots
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong study A B --seed S [--games N] [--out DIR] [--workers N | --scheduler ADDRESS]``."""
    p = add_command(commands, "study", cmd_study, summary("study"))
    p.add_argument("a", help="ruleset A: an installed id or a YAML file")
    p.add_argument("b", help="ruleset B: an installed id or a YAML file")
    p.add_argument("--seed", required=True, help="the first game's seed; game i plays seed + i")
    p.add_argument("--games", type=int, default=100, help="games under each ruleset (default: 100)")
    p.add_argument("--bots", default="greedy", help="comma-separated bots, one per seat, or one for all")
    p.add_argument("--max-deals", type=int, default=None, help="stop each game after this many deals")
    p.add_argument("--out", default="study", help="folder for report.html, study.json and the plots")
    p.add_argument("--workers", type=int, default=0,
                   help="play on a local Dask cluster of N worker processes (default: in this process)")
    p.add_argument("--scheduler", default=None, help="a running Dask scheduler's address, tcp://HOST:PORT")


def cmd_study(args: argparse.Namespace) -> int:
    """Duplicate play of two rulesets; the report in ``--out``, the figures printed."""
    try:
        from mahjong_study import report
        from mahjong_study.study import study
    except ImportError:
        raise needs_study_extra("mahjong study") from None

    from mahjong_core.rules import load_ruleset
    from mahjong_core.table.rng import parse_seed

    a, b = load_ruleset(args.a), load_ruleset(args.b)
    players = int(a.param("players"))
    if int(b.param("players")) != players:
        raise MahjongError(f"{args.a} seats {players} players and {args.b} {b.param('players')}; duplicate play "
                           "needs the same table", place="b")
    bots = parse_bots(args.bots, players)
    out = Path(args.out)
    with game_progress(args, 2 * args.games) as progress:
        result = study(args.a, args.b, parse_seed(args.seed), args.games, bots, max_deals=args.max_deals,
                       workers=args.workers, scheduler=args.scheduler, out=out, progress=progress)
    if args.json:
        print_json(result)
    else:
        print(report.text(result))
        print(f"report: {out / 'report.html'} (plots as PNG and SVG beside it, figures in study.json)")
    return EXIT_OK

