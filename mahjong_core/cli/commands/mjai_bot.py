"""``mahjong mjai-bot NAME [--ruleset ID] [--seed N] [URL]``: an installed bot of ours played as an mjai program.

A game of four seats or of three (either layout mjai's three-player tools write) is played.

The program is :mod:`mahjong_formats.mjai_bot` (the reading of the messages,
the seat's options found by re-playing its deal through the engine, the
answers); this module reads the options and runs it on standard input and
output, or, given a server's ``mjsonp://HOST:PORT/ROOM``, over a TCP
connection to gimite's mjai server.  An unknown bot or ruleset is bad input, named before the first line
is read (exit status 2); after that, a line it cannot take is named on
standard error and answered ``{"type":"none"}``, and the program ends, status
0, when its input ends.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: the handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong mjai-bot NAME [--ruleset ID] [--seed N] [--name NAME] [URL]``."""
    p = add_command(commands, "mjai-bot", cmd_mjai_bot, summary("mjai-bot"))
    p.add_argument("bot", metavar="NAME", help="the installed bot that plays the seat (greedy, random, ...)")
    p.add_argument("--ruleset", metavar="ID", default=None,
                   help="the ruleset whose rules offer the seat its options: an installed id or a house-rule file "
                        "(default: riichi_tenhou for a game of four seats, sanma_tenhou for a game of three, as "
                        "the game's first start_kyoku shows: three seats, or four with the fourth empty)")
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="the seed the bot's generator derives from, as a simulation seeded N seats it (default 0)")
    p.add_argument("url", nargs="?", metavar="URL", default=None,
                   help="mjsonp://HOST:PORT/ROOM: play at gimite's mjai server there over TCP (the address it appends "
                        "to the commands it starts) instead of on standard input and output")
    p.add_argument("--name", metavar="NAME", default=None,
                   help="the name the seat joins a server's room with (default: the bot's name)")


def cmd_mjai_bot(args: argparse.Namespace) -> int:
    from mahjong_formats.mjai_bot import run

    return run(args.bot, args.ruleset, args.seed, url=args.url, name=args.name)
