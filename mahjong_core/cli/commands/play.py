"""``mahjong play``: sit down against bots -- a local server, a table, and the browser opened on it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.database import DB_HELP, recorder
from mahjong_core.cli.live import house_rules, program, server
from mahjong_core.cli.parser import RULESET_HELP, add_command
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands
    from mahjong_core.rules import Ruleset

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong play --ruleset R [--bot B] [--length game|round|deal] [--name NAME] [--db DB]``."""
    p = add_command(commands, "play", cmd_play,
                    summary("play"))
    p.add_argument("--ruleset", required=True, help=RULESET_HELP)
    p.add_argument("--bot", default="greedy",
                   help="installed bot for the other seats (default: greedy), or mjai:COMMAND, an external program "
                        "speaking mjai, started for each of those seats")
    p.add_argument("--length", choices=("game", "round", "deal"), default="game",
                   help="how long the table plays: a whole game, one round or one deal (default: game)")
    p.add_argument("--data", default="mahjong-data", help="folder for the table's log (default: mahjong-data)")
    p.add_argument("--no-browser", action="store_true", help="print the table's address instead of opening it")
    p.add_argument("--bot-pace", type=float, default=0.8, help="longest real pause of a bot's turn (default: 0.8 s)")
    p.add_argument("--name", default=None,
                   help="your name in the log, the standings and the EMA export (1-40 characters); without it you "
                        "play as a guest named after the table, guest-<table id>-north, which no other game shares")
    p.add_argument("--db", default=None,
                   help="record the game, once finished, in this games database (" + DB_HELP + ")")


def cmd_play(args: argparse.Namespace) -> int:
    """Open a table against bots on a local server; a bad ruleset, bot, pace or name stops it before it starts."""
    from mahjong_core.engine.players import installed_bots, unknown_bot
    from mahjong_core.rules import available, is_ruleset_path

    house: tuple[Ruleset, ...] = ()
    rid = args.ruleset
    if is_ruleset_path(rid):
        house = house_rules([rid])
        rid = house[0].id
    elif rid not in available():
        raise MahjongError(f"unknown ruleset {rid!r}; installed: {', '.join(sorted(available()))}",
                           place="--ruleset")
    programs: dict[str, str] = {}
    bot = args.bot
    if ":" in bot:  # an external program (mjai:COMMAND): the table seats it under its kind's name
        bot, _ = program(args.bot, name=bot.partition(":")[0], place="--bot")
        programs[bot] = args.bot
    elif bot not in installed_bots():
        raise MahjongError(unknown_bot(bot), place="--bot")
    if args.bot_pace < 0:
        raise MahjongError(f"--bot-pace is in seconds, at least 0; got {args.bot_pace}", place="--bot-pace")
    serve = server()
    if args.name is not None:
        from mahjong_server.names import name_problem

        problem = name_problem(args.name, installed_bots())
        if problem is not None:
            raise MahjongError(f"--name {args.name!r}: {problem}", place="--name")
    return int(serve.play(rid, Path(args.data), bot=bot, programs=programs, length=args.length,
                          open_browser=not args.no_browser, bot_pace_s=args.bot_pace, house_rules=house,
                          records=recorder(args.db), as_json=args.json, name=args.name))

