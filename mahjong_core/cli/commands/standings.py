"""``mahjong standings --ruleset ID``: players, games, cumulative scores, ratings and champions from the database."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.database import DB_HELP, open_database
from mahjong_core.cli.output import EXIT_OK, print_json
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong standings --ruleset R [--db DB]``."""
    p = add_command(commands, "standings", cmd_standings, summary("standings"))
    p.add_argument("--ruleset", required=True, help="ruleset id; each identity (house rule) has its own tables")
    p.add_argument("--db", default=None, help=DB_HELP)


def cmd_standings(args: argparse.Namespace) -> int:
    database = open_database(args)
    from mahjong_core.cli.render.standings import standings_text
    from mahjong_records.standings import RATING_MODEL, SEPARATE_TABLES_SOURCE, standings

    tables = standings(database, args.ruleset)
    if args.json:
        print_json({"ruleset": args.ruleset, "rating": RATING_MODEL, "separate_tables": SEPARATE_TABLES_SOURCE,
                    "tables": [t.to_json() for t in tables]})
        return EXIT_OK
    if not tables:
        print(f"no games recorded under {args.ruleset}")
    for t in tables:
        print(standings_text(t.to_json()))
    return EXIT_OK

