"""``mahjong soak``: many seeded games of each ruleset with every installed bot, until an invariant breaks.

The first broken invariant (tiles, hand sizes, payments) is named with its
ruleset, seed and bots, so the game can be played again; ``--journal`` keeps
a long run resumable.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json, progress_bar
from mahjong_core.cli.parser import add_command
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from collections.abc import Callable

    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong soak [--ruleset R]... [--games N] [--seed S] [--workers N] [--journal FILE]``."""
    p = add_command(commands, "soak", cmd_soak, summary("soak"))
    p.add_argument("--ruleset", action="append", help="only this ruleset: an installed id or a ruleset YAML "
                   "file (repeatable; default: every installed one)")
    p.add_argument("--games", type=int, default=20, help="games per ruleset (default: 20)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed; game i plays seed + i (default: 1)")
    p.add_argument("--max-deals", type=int, default=None, help="stop each game after this many deals")
    p.add_argument("--workers", type=int, default=0,
                   help="play on a local Dask cluster of N worker processes (the same report)")
    p.add_argument("--journal", metavar="FILE", default=None,
                   help="keep each played batch in FILE the moment it is played; when FILE exists, resume the "
                        "run it records (same options, rulesets and code), playing only what it lacks")


def cmd_soak(args: argparse.Namespace) -> int:
    """Soak every (or each named) ruleset; exit 1 with the failing game's ruleset, seed and bots."""
    from mahjong_core.conformance.soak import soak, soak_batch
    from mahjong_core.rules import available, load_ruleset
    from mahjong_core.table.rng import MAX_LOG_SEED

    if not 0 <= args.seed <= MAX_LOG_SEED - args.games + 1:
        raise MahjongError(f"the games' seeds {args.seed} to {args.seed + args.games - 1} must lie within 0 to "
                           f"{MAX_LOG_SEED} (2**53 - 1), so that each game can be simulated and logged again",
                           place="--seed")
    refs = args.ruleset or list(available())
    rulesets = [load_ruleset(ref) for ref in refs]
    journal = None
    if args.journal:
        from mahjong_core.conformance.soak_journal import open_journal, run_header

        journal = open_journal(args.journal, run_header(rulesets, args.games, args.seed, args.max_deals))
    bar = None
    try:
        if journal is not None and journal.played:
            games = sum(len(batch) for batch in journal.played.values())
            torn = "; its cut-off last line was dropped" if journal.torn else ""
            print(f"resuming {args.journal}: {len(journal.played)} batches ({games} games) played before{torn}",
                  file=sys.stderr)
        bar = progress_bar(args.games * len(rulesets), "game", shown=not args.json)
        run = None
        if args.workers:
            from mahjong_study.runner import map_ordered

            def run(tasks: list[tuple[Any, ...]], on_result: Callable[[int, Any], object]) -> list[Any]:
                return map_ordered(soak_batch, tasks, workers=args.workers, on_result=on_result)

        report = soak(rulesets, args.games, args.seed,
                      max_deals=args.max_deals, progress=bar.update if bar else None, run=run,
                      played=journal.played if journal else None, on_batch=journal.keep if journal else None)
    finally:
        if bar is not None:
            bar.close()
        if journal is not None:
            journal.close()
    failure = report.failure
    if args.json:
        print_json({"games": report.games, "deals": report.deals,
                    "failure": None if failure is None else {"ruleset": failure.ruleset, "seed": failure.seed,
                                                             "bots": list(failure.bots), "message": failure.message}})
    else:
        for rid, played in report.games.items():
            print(f"{rid:24s} {played:6d} games {report.deals[rid]:7d} deals")
        print(f"FAILED {failure}" if failure else f"all invariants held: {sum(report.games.values())} games")
    return EXIT_FAILED_CHECK if failure else EXIT_OK

