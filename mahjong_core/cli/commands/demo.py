"""``mahjong demo``: the whole job in one command -- one seeded game played, its log written, re-played and audited.

A newcomer sees every promise at once: the log, byte-identical re-play, and
an audit that recomputes every score and payment.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json
from mahjong_core.cli.parser import add_command
from mahjong_core.cli.seats import add_game_options, list_bots, parse_bots, seated_ruleset, signer
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong demo --ruleset R --seed S [--out DIR]``."""
    p = add_command(commands, "demo", cmd_demo,
                    summary("demo"))
    add_game_options(p)
    p.add_argument("--out", default="out", help="folder for the replay log (default: out)")


def cmd_demo(args: argparse.Namespace) -> int:
    """The main job: one seeded game, its replay written, re-played and audited, and a summary."""
    if args.bots is None:
        return list_bots(args)
    from mahjong_core.audit.check import check
    from mahjong_core.log.simulate import log_name, play_game, prepare_out_dir
    from mahjong_core.table.rng import parse_seed

    ruleset = seated_ruleset(args)
    bots = parse_bots(args.bots, int(ruleset.param("players")))
    seed = parse_seed(args.seed)
    out = Path(args.out)
    path = out / log_name(ruleset, seed)
    partial = path.with_name(path.name + ".partial")
    prepare_out_dir(out, [partial.name])
    game = play_game(ruleset, seed, bots, replay=partial, max_deals=args.max_deals, signer=signer(args))
    # The demo may be run again with the same arguments: its log is then replaced by the same bytes.  A log that
    # differs (another version of the ruleset, say) is never replaced.
    if path.exists() and path.read_bytes() != partial.read_bytes():
        raise MahjongError(f"exists and holds another game; not overwritten (this game's log is {partial})",
                           source=str(path))
    partial.replace(path)
    replayed = check(str(path), "replay")
    audited = check(str(path), "audit")
    summary = {
        "ruleset": ruleset.identity, "seed": seed, "bots": bots, "replay": str(path), "events": game.events,
        "deals": game.result.deals, "wins": game.result.wins, "draws": game.result.draws,
        "scores": game.result.scores, "team_scores": game.result.team_scores(),
        "replay_check": replayed.to_json(), "audit": audited.to_json(),
    }
    if args.json:
        print_json(summary)
    else:
        print(f"ruleset   {ruleset.identity}")
        print(f"seed      {seed}  bots {','.join(bots)}")
        print(f"played    {game.result.deals} deals: {game.result.wins} won, {game.result.draws} drawn")
        print(f"scores    {game.result.scores}" + (f"  teams {game.result.team_scores()}"
                                                    if len(game.result.teams) < len(game.result.scores) else ""))
        print(f"replay    {path} ({game.events} events)")
        print(f"re-play   {'byte-identical' if replayed.ok else replayed.text()}")
        print(f"audit     {'clean' if audited.ok else audited.text()}")
    return EXIT_OK if replayed.ok and audited.ok else EXIT_FAILED_CHECK

