"""``mahjong records migrate|add|rebuild|export``: the games database, an index over audited logs.

The work is :mod:`mahjong_records`' (an optional extra, reached through
:mod:`mahjong_core.cli.database`); this module reads the options and prints
the answers.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.database import DB_HELP, open_database
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json
from mahjong_core.cli.parser import add_command, add_group
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands
    from mahjong_records.db import Database
    from mahjong_records.store import Recorded

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong records`` and its subcommands ``migrate``, ``add``, ``rebuild`` and ``export``."""
    records = add_group(commands, "records", summary("records"), dest="records_command")
    p = add_command(records, "migrate", cmd_migrate, "create the games database or bring its schema up to date "
                    "(every other command does this too when it opens one)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add_command(records, "add", cmd_add, "audit replay logs and record those that pass (a failing log is "
                    "refused with the audit's message)")
    p.add_argument("files", nargs="+", metavar="FILE", help="replay logs (simulated, live, or made by mahjong record)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add_command(records, "rebuild", cmd_rebuild, "empty the games database and record every log under the "
                    "folders again: the index from the logs alone")
    p.add_argument("folders", nargs="+", metavar="DIR", help="folders of replay logs (*.jsonl, at any depth)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add_command(records, "export", cmd_export, "tournament results of one ruleset's recorded games (or of its "
                    "score sheets, --sheet), in the European Mahjong Association's layout (columns documented in "
                    "docs/records.md)")
    p.add_argument("--ruleset", required=True, help="ruleset id: the rules the tournament was played under")
    p.add_argument("--sheet", action="append", default=None, metavar="SHEET",
                   help="a score sheet of the tournament, once per sheet, read instead of the database: each is "
                        "re-enacted by the rules, and one that differs from them or whose game is not over is "
                        "refused at its line (a ruleset that settles by place, riichi's uma and oka)")
    p.add_argument("--format", choices=("ema-csv",), default="ema-csv", help="the layout (default: ema-csv)")
    p.add_argument("--sha256", default=None, metavar="PREFIX",
                   help="which identity of the ruleset, where games of several (house rules) are recorded")
    p.add_argument("--under", default=None, metavar="DIR", help="only games whose logs lie under this folder")
    p.add_argument("--players", default=None, metavar="FILE.csv",
                   help="the players' countries and EMA numbers: a CSV file with columns name,country,ema_number")
    p.add_argument("--out", default=None, metavar="FILE.csv", help="write here instead of standard output")
    p.add_argument("--db", default=None, help=DB_HELP)


def cmd_migrate(args: argparse.Namespace) -> int:
    database = open_database(args)
    from mahjong_records.db import migrate, shown

    revision = migrate(database)
    if args.json:
        print_json({"database": shown(database.url), "revision": revision})
    else:
        print(f"{shown(database.url)}: schema at revision {revision}")
    return EXIT_OK


def _report(args: argparse.Namespace, done: Sequence[Recorded], database: Database) -> int:
    from mahjong_records.db import shown

    refused = [r for r in done if r.status == "refused"]
    counts = {s: sum(1 for r in done if r.status == s) for s in ("recorded", "already recorded", "refused")}
    if args.json:
        print_json({"database": shown(database.url), "summary": counts, "logs": [r.to_json() for r in done]})
    else:
        print(f"{len(done)} logs: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + f" ({shown(database.url)})")
    return EXIT_FAILED_CHECK if refused else EXIT_OK


def _show(args: argparse.Namespace) -> Callable[[Recorded], None]:
    def show(r: Recorded) -> None:
        if not args.json:
            print(r.text(), file=sys.stderr if r.error is not None else sys.stdout)
    return show


def cmd_add(args: argparse.Namespace) -> int:
    for file in args.files:  # nothing to judge: unreadable input (exit 2) before any verdict (exit 1), as audit does
        if not Path(file).is_file():
            raise MahjongError("cannot read the log: no such file", source=file)
    database = open_database(args)
    from mahjong_records.store import record_logs

    return _report(args, record_logs(database, args.files, progress=_show(args)), database)


def cmd_rebuild(args: argparse.Namespace) -> int:
    database = open_database(args)
    from mahjong_records.store import rebuild

    return _report(args, rebuild(database, [Path(f) for f in args.folders], progress=_show(args)), database)


def cmd_export(args: argparse.Namespace) -> int:
    from mahjong_records.export import columns, csv_rows, ema_csv, read_players, results, sheet_results

    known = read_players(Path(args.players)) if args.players else None
    if args.sheet:
        ranked = sheet_results([Path(p) for p in args.sheet], args.ruleset)
    else:
        ranked = results(open_database(args), args.ruleset, sha256=args.sha256,
                         under=Path(args.under) if args.under else None)
    text = ema_csv(ranked, known)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    if args.json:
        rows = [dict(zip(columns(ranked), row, strict=True)) for row in csv_rows(ranked, known)]
        print_json({"ruleset": args.ruleset, "format": args.format, "out": args.out, "rows": rows})
    elif not args.out:
        sys.stdout.write(text)
    else:
        print(f"{len(ranked)} players -> {args.out}")
    return EXIT_OK

