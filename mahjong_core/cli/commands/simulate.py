"""``mahjong simulate``: play seeded games between bots and write their replays (``--summary``: their figures).

Each game plays its own seed (seed + i), so a batch on a Dask cluster
(``--workers``) writes the same logs as one played here; ``--store`` records
them in the games database as they are written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.commands import summary
from mahjong_core.cli.database import DB_HELP, store_simulated
from mahjong_core.cli.output import EXIT_OK, print_json, progress_bar
from mahjong_core.cli.parser import add_command
from mahjong_core.cli.seats import (
    add_game_options,
    game_progress,
    list_bots,
    needs_study_extra,
    parse_bots,
    seated_ruleset,
    signer,
)
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands
    from mahjong_core.log.simulate import SimulatedGame
    from mahjong_core.rules import Ruleset

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong simulate --ruleset R --seed S [--games N] [--out DIR] [--summary] [--store] ...``."""
    p = add_command(commands, "simulate", cmd_simulate, summary("simulate"))
    add_game_options(p)
    p.add_argument("--games", type=int, default=1, help="how many games to play; game i plays seed + i (default: 1)")
    p.add_argument("--out", default=None, help="folder for the replay logs")

    p.add_argument("--summary", action="store_true",
                   help="print the games' figures with 95%% intervals (win rates, values, items, limits, ...)")
    p.add_argument("--workers", type=int, default=0, help="play on a local Dask cluster of N processes")
    p.add_argument("--store", action="store_true",
                   help="record every game played (its log, audited) in the games database; needs --out")
    p.add_argument("--db", default=None, help=DB_HELP)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play seeded games between bots, write their replays, and print one line (or JSON object) per game."""
    if args.bots is None:
        return list_bots(args)
    from mahjong_core.log.simulate import simulate
    from mahjong_core.table.rng import parse_seed

    if args.players is not None and (args.summary or args.workers):
        raise MahjongError("--players seats an installed ruleset here, in this process; --summary and --workers "
                           "load the ruleset again elsewhere, so for them write a house rule file that sets "
                           "players and pass it as --ruleset", place="--players")
    ruleset = seated_ruleset(args)
    bots = parse_bots(args.bots, int(ruleset.param("players")))
    seed = parse_seed(args.seed)
    if args.summary:
        return _summary(args, bots, seed)
    out = Path(args.out) if args.out else None
    if args.store and out is None:
        raise MahjongError("--store records the games' logs, so it needs --out FOLDER for them (the logs are the "
                           "source of truth; the database is their index)", place="--store")
    bar = progress_bar(args.games, "game", shown=not args.json and args.games > 1)
    sign = signer(args)
    try:
        if args.workers:
            played = _simulate_on_dask(args, ruleset, seed, bots, out, bar)
        else:
            played = simulate(ruleset, seed, args.games, bots, out, max_deals=args.max_deals,
                              progress=bar.update if bar else None, signer=sign)
    finally:
        if bar is not None:
            bar.close()
    rows = [{"seed": g.seed, "deals": g.result.deals, "wins": g.result.wins, "draws": g.result.draws,
             "scores": g.result.scores, "team_scores": g.result.team_scores(), "events": g.events,
             "replay": str(g.replay) if g.replay else None} for g in played]
    for row, g in zip(rows, played, strict=True):
        if g.cut_at is not None:  # only a game whose log would not have been readable: every other row as it was
            row["cut_at"] = g.cut_at
    if args.store:
        for row, stored in zip(rows, store_simulated(args, [str(g.replay) for g in played if g.replay]), strict=True):
            row["stored"] = stored["status"]
    if args.json:
        print_json({"ruleset": ruleset.identity, "games": rows})
    else:
        print(f"ruleset {ruleset.identity}, bots {','.join(bots)}")
        for r in rows:
            print(f"seed {r['seed']}: {r['deals']} deals ({r['wins']} won, {r['draws']} drawn), "
                  f"scores {r['scores']}, {r['events']} events" + (f" -> {r['replay']}" if r["replay"] else "")
                  + (f" ({r['stored']})" if "stored" in r else ""))
    _say_cut(ruleset, rows)
    return EXIT_OK


def _say_cut(ruleset: Ruleset, rows: Sequence[dict[str, Any]]) -> None:
    """One line on stderr for each game stopped where its log would have passed what a log reader reads."""
    from mahjong_core.log.simulate import log_bounds

    lines, size = log_bounds()
    for r in rows:
        if "cut_at" in r:
            print(f"{ruleset.location or ruleset.id}::seed {r['seed']}: at deal {r['cut_at']} the game's log would "
                  f"pass what a log reader reads ({lines:,} lines, {size:,} bytes); "
                  f"the log holds its first {r['deals']} deals, played again as a game of that length "
                  f"(options.max_deals {r['deals']}), which replays and audits", file=sys.stderr)


def _summary(args: argparse.Namespace, bots: Sequence[str], seed: int | str) -> int:
    """``simulate --summary``: the figures of one ruleset's games, no logs written."""
    try:  # deferred: the optional [study] extra (matplotlib, Dask), only for --summary
        from mahjong_study import report
        from mahjong_study.study import summary
    except ImportError:
        raise needs_study_extra("simulate --summary") from None

    with game_progress(args, args.games) as progress:
        figures = summary(args.ruleset, seed, args.games, bots, max_deals=args.max_deals, workers=args.workers,
                          progress=progress)
    if args.json:
        print_json(figures)
    else:
        print(report.text(figures))
    return EXIT_OK


def _simulate_on_dask(args: argparse.Namespace, ruleset: Ruleset, seed: int | str, bots: list[str],
                      out: Path | None, bar: Any) -> list[SimulatedGame]:
    """The batch's games on a local Dask cluster: each worker plays a game from its seed and writes its log."""
    from mahjong_core.log.simulate import game_seed, log_name, prepare_out_dir
    from mahjong_study.play import play_game_task
    from mahjong_study.runner import map_ordered

    seeds = [game_seed(seed, i) for i in range(args.games)]
    if out is not None:
        prepare_out_dir(out, [log_name(ruleset, s) for s in seeds])
    where = args.ruleset if ruleset.text is not None else ruleset.id
    tasks = [(str(where), s, list(bots), str(out / log_name(ruleset, s)) if out is not None else None,
              args.max_deals, args.sign) for s in seeds]
    return map_ordered(play_game_task, tasks, workers=args.workers, progress=bar.update if bar else None)

