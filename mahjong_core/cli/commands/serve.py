"""``mahjong serve``: the live game server, where people play against bots in a browser (:mod:`mahjong_server`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.database import DB_HELP, recorder
from mahjong_core.cli.live import house_rules, program, server
from mahjong_core.cli.parser import add_command
from mahjong_core.cli.seats import signer
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands


def register(commands: Subcommands) -> None:
    """``mahjong serve [--host H] [--port P] [--data DIR] [--sign KEYFILE] [--house-rule FILE]... [--db DB]
    [--program NAME=mjai:COMMAND]...``."""
    p = add_command(commands, "serve", cmd_serve, summary("serve"))
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, loopback only)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000; 0 picks a free one)")
    p.add_argument("--data", default="mahjong-data", help="folder for the tables' logs (default: mahjong-data)")
    p.add_argument("--allow-origin", action="append", help="another origin whose pages may open websockets")
    p.add_argument("--bot-pace", type=float, default=0.8,
                   help="longest real pause of a bot's turn, in seconds, so people can follow (default: 0.8)")
    p.add_argument("--deal-pause", type=float, default=30.0,
                   help="seconds to wait after a deal for the people to say ready (default: 30)")
    p.add_argument("--sign", metavar="KEYFILE", default=None,
                   help="sign every table's log with this Ed25519 private key (made by `mahjong keygen`)")
    p.add_argument("--spectator-delay", type=float, default=0.0,
                   help="seconds by which spectators see the game late (default: 0, live)")
    p.add_argument("--stamp-events", action="store_true",
                   help="add each event's monotonic emission time to its messages (for benchmarks/bench_server.py)")
    p.add_argument("--house-rule", action="append", metavar="FILE.yaml", default=[],
                   help="offer this house-rule file's ruleset at the server's tables, by its id (repeatable)")
    p.add_argument("--db", default=None, help="record every finished game in this games database (" + DB_HELP + ")")
    p.add_argument("--program", action="append", metavar="NAME=mjai:COMMAND", default=[],
                   help="offer an external program speaking mjai as a seat, which a table request names by NAME "
                        "(repeatable); only the commands given here are ever run")


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until it is stopped; a bad key, pause, house rule or database stops it before it listens."""
    sign = signer(args)
    serve = server()
    for name in ("bot_pace", "deal_pause", "spectator_delay"):
        if getattr(args, name) < 0:
            raise MahjongError(f"--{name.replace('_', '-')} is in seconds, at least 0; got {getattr(args, name)}",
                               place=f"--{name.replace('_', '-')}")
    offered = house_rules(args.house_rule)
    programs = dict(program(spec) for spec in args.program)
    records = recorder(args.db)
    return int(serve.serve(args.host, args.port, Path(args.data), allowed_origins=tuple(args.allow_origin or ()),
                           bot_pace_s=args.bot_pace, deal_pause_s=args.deal_pause, stamp_events=args.stamp_events,
                           spectator_delay_s=args.spectator_delay, signer=sign, house_rules=offered,
                           records=records, as_json=args.json, programs=programs))
