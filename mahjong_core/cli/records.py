"""``mahjong records migrate|add|rebuild|export``, ``mahjong standings``, and ``simulate --store``/``serve --db``.

The work is :mod:`mahjong_records`' (an optional extra: SQLAlchemy, Alembic,
psycopg, openskill); this module reads the options and prints the answers.
Without the extra, each of these says how to install it instead of failing
on an import.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_records.db import Database
    from mahjong_records.server import Recorder
    from mahjong_records.store import Recorded

DB_HELP = ("the games database: sqlite:///FILE or a file path (default: mahjong-records.sqlite here, or "
           "$MAHJONG_DB), or postgresql://USER@HOST:PORT/DATABASE")


def add_commands(sub: Any, add: Callable[..., argparse.ArgumentParser]) -> None:
    """The records' subcommands, and their options on ``simulate`` and ``serve`` (one block, for easy merges)."""
    records = sub.add_parser("records", help="the games database: record audited logs, rebuild it from the logs, "
                             "export tournament results").add_subparsers(
        dest="records_command", required=True, metavar="SUBCOMMAND", parser_class=sub._parser_class)
    p = add("migrate", "records:cmd_migrate", "create the games database or bring its schema up to date "
            "(every other command does this too when it opens one)", records)
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add("add", "records:cmd_add", "audit replay logs and record those that pass (a failing log is refused "
            "with the audit's message)", records)
    p.add_argument("files", nargs="+", metavar="FILE", help="replay logs (simulated, live, or made by mahjong record)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add("rebuild", "records:cmd_rebuild", "empty the games database and record every log under the folders "
            "again: the index from the logs alone", records)
    p.add_argument("folders", nargs="+", metavar="DIR", help="folders of replay logs (*.jsonl, at any depth)")
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add("export", "records:cmd_export", "tournament results of one ruleset's recorded games, in the European "
            "Mahjong Association's layout (columns documented in docs/records.md)", records)
    p.add_argument("--ruleset", required=True, help="ruleset id: the rules the tournament was played under")
    p.add_argument("--format", choices=("ema-csv",), default="ema-csv", help="the layout (default: ema-csv)")
    p.add_argument("--sha256", default=None, metavar="PREFIX",
                   help="which identity of the ruleset, where games of several (house rules) are recorded")
    p.add_argument("--under", default=None, metavar="DIR", help="only games whose logs lie under this folder")
    p.add_argument("--players", default=None, metavar="FILE.csv",
                   help="the players' countries and EMA numbers: a CSV file with columns name,country,ema_number")
    p.add_argument("--out", default=None, metavar="FILE.csv", help="write here instead of standard output")
    p.add_argument("--db", default=None, help=DB_HELP)
    p = add("standings", "records:cmd_standings", "standings under a ruleset from the games database: players, "
            "games, cumulative scores, ratings, pairs, and the champions' tables (000 line 289)")
    p.add_argument("--ruleset", required=True, help="ruleset id; each identity (house rule) has its own tables")
    p.add_argument("--db", default=None, help=DB_HELP)
    simulate = sub.choices["simulate"]
    simulate.add_argument("--store", action="store_true",
                          help="record every game played (its log, audited) in the games database; needs --out")
    simulate.add_argument("--db", default=None, help=DB_HELP)
    sub.choices["serve"].add_argument("--db", default=None,
                                      help="record every finished game in this games database (" + DB_HELP + ")")
    sub.choices["play"].add_argument("--db", default=None,
                                     help="record the game, once finished, in this games database (" + DB_HELP + ")")


def _records() -> Any:
    try:
        import mahjong_records.db as db
    except ImportError as exc:
        raise MahjongError(f"the games database needs the 'records' extra (pip install 'mahjong-core[records]'): "
                           f"{exc}", place="mahjong records") from None
    return db


def _open(args: argparse.Namespace) -> Database:
    database: Database = _records().open_db(args.db)
    return database


def recorder(db: str) -> Recorder:
    """The live server's recorder (``serve --db``), its database opened and migrated now."""
    _records()
    from mahjong_records.server import Recorder

    return Recorder(db)


def cmd_migrate(args: argparse.Namespace) -> int:
    database = _open(args)
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
    database = _open(args)
    from mahjong_records.store import record_logs

    return _report(args, record_logs(database, args.files, progress=_show(args)), database)


def cmd_rebuild(args: argparse.Namespace) -> int:
    database = _open(args)
    from mahjong_records.store import rebuild

    return _report(args, rebuild(database, [Path(f) for f in args.folders], progress=_show(args)), database)


def cmd_export(args: argparse.Namespace) -> int:
    database = _open(args)
    from mahjong_records.export import COLUMNS, csv_rows, ema_csv, read_players, results

    known = read_players(Path(args.players)) if args.players else None
    ranked = results(database, args.ruleset, sha256=args.sha256, under=Path(args.under) if args.under else None)
    text = ema_csv(ranked, known)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    if args.json:
        rows = [dict(zip(COLUMNS, row, strict=True)) for row in csv_rows(ranked, known)]
        print_json({"ruleset": args.ruleset, "format": args.format, "out": args.out, "rows": rows})
    elif not args.out:
        sys.stdout.write(text)
    else:
        print(f"{len(ranked)} players -> {args.out}")
    return EXIT_OK


def cmd_standings(args: argparse.Namespace) -> int:
    database = _open(args)
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


def standings_text(t: dict[str, Any]) -> str:
    """One ruleset identity's standings as aligned text."""
    rs = t["ruleset"]
    house = ", a house rule" if rs["house_rule"] else ""
    games = f"{t['games']} game{'s' if t['games'] != 1 else ''}"
    lines = [f"{rs['id']} {rs['version']} (sha256 {rs['sha256'][:12]}{house}): {games}; its own tables "
             "of players and champions (000 line 304)",
             f"  {'#':>3}  {'player':<24} {'kind':<10} {'games':>5} {'Games':>5} {'deals':>5} {'won':>4} "
             f"{'score':>8}  rating (mu, sigma)"]
    for n, p in enumerate(t["players"], start=1):
        lines.append(f"  {n:>3}  {p['name']:<24} {','.join(p['kinds']):<10} {p['games']:>5} {p['full_games']:>5} "
                     f"{p['deals']:>5} {p['deals_won']:>4} {p['score']:>8}  {p['rating']:.2f} ({p['mu']:.2f}, "
                     f"{p['sigma']:.2f})")
    if t.get("pairs"):
        lines.append("  pairs:")
        for n, p in enumerate(t["pairs"], start=1):
            lines.append(f"  {n:>3}  {' & '.join(p['pair']):<35} {p['games']:>5} {p['full_games']:>5} "
                         f"{p['score']:>8}  {p['rating']:.2f} ({p['mu']:.2f}, {p['sigma']:.2f})")
    c = t["champions"]
    lines.append(f"  champions ({c['source']}): the ten best results of a Game (four rounds played)")
    if not c["best"]:
        lines.append("    none yet: no Game of four rounds is recorded")
    for e in c["best"]:
        lines.append(f"    {e['place']:>2}. {e['name']:<35} {e['result']:>8}  (log {e['log_sha256'][:12]})")
    lines.append("  preliminary table: who has not played a Game, in ascending order of cumulative winnings")
    for e in c["preliminary"]:
        lines.append(f"        {e['name']:<35} {e['score']:>8}  ({e['games']} game{'s' if e['games'] != 1 else ''})")
    if c["elimination_candidates"]:
        lines.append(f"  candidate for elimination (the club's last member): {', '.join(c['elimination_candidates'])}")
    return "\n".join(lines)


def store_simulated(args: argparse.Namespace, replays: Sequence[str | None]) -> list[dict[str, Any]]:
    """``simulate --store``: record each game's log (audited) in the games database; one row a game."""
    database = _open(args)
    from mahjong_records.store import record_log

    done = [record_log(database, path) for path in replays if path is not None]
    for r in done:
        if r.error is not None:
            raise r.error
    return [r.to_json() for r in done]
