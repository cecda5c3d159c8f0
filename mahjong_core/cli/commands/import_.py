"""``mahjong import FORMAT FILE... --out DIR``: games recorded on other platforms, as audited replay logs.

The readers are :mod:`mahjong_formats`' (one module per format); this module
reads the options, writes one log per game and prints what each came to:
written and agreeing with the platform's recorded result, written with the
figures that differ (exit status 1, as a failed audit), or refused at the
recorded move the preset's rules do not allow, or where its record stops short
(a file cut inside a deal): that game is written up to the refused move, a
cut-off log, and reported there (exit status 1); the other games are written
as ever.  A file that does not read as the format at all is bad input (exit
status 2), named at its line, and nothing is written.  ``--workers N`` plays
and writes the games on a local Dask cluster of N processes (each file's games
in runs, :mod:`mahjong_formats.batch`): the same logs, byte for byte, and the
same report, in the same order, as in this process.  ``--audit`` prints after
each game the verdict ``mahjong audit`` gives the log written, judged from the
import's own play of the game rather than a second one
(:func:`mahjong_core.audit_played`); a failed audit makes the exit status 1.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json
from mahjong_core.cli.parser import add_command
from mahjong_core.errors import MahjongError
from mahjong_formats import CHOOSE_RULESET, FORMATS, read_lazily  # the formats' names; each reader loads when run

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong import FORMAT FILE... --out DIR`` (the module's name: ``import`` is Python's own word)."""
    p = add_command(commands, "import", cmd_import, summary("import"))
    p.add_argument("format", choices=sorted(FORMATS), metavar="FORMAT",
                   help=f"the records' format: {', '.join(sorted(FORMATS))}")
    p.add_argument("files", nargs="+", metavar="FILE", help="the platform's record files")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for the logs, one per game: "
                   "PLATFORM-GAME.jsonl")
    p.add_argument("--ruleset", metavar="ID", default=None,
                   help="play the games under this ruleset (an installed id or a house-rule file), not the preset the "
                        f"record names ({', '.join(sorted(CHOOSE_RULESET))})")
    p.add_argument("--workers", type=int, default=0,
                   help="play and write the games on a local Dask cluster of N worker processes")
    p.add_argument("--audit", action="store_true",
                   help="also print, for each game, the verdict `mahjong audit` gives the log written, judged from "
                        "the import's own play of the game (no second play)")


def cmd_import(args: argparse.Namespace) -> int:
    from mahjong_formats.batch import import_games, spans

    out = Path(args.out)
    ruleset = getattr(args, "ruleset", None)
    workers = getattr(args, "workers", 0)
    audit = bool(getattr(args, "audit", False))
    if ruleset is not None and args.format not in CHOOSE_RULESET:
        raise MahjongError(f"--ruleset: the {args.format} importer plays the preset its records name; it takes no "
                           f"other (formats that do: {', '.join(sorted(CHOOSE_RULESET))})", place="--ruleset")
    tasks: list[tuple[str, str, int, int | None, str | None, str, bool]] = []
    for file in args.files:  # every file read through before anything is written: bad input writes nothing
        # reading is the check: a bad record raises a located FormatError here, before any file is written
        count = sum(1 for _ in read_lazily(args.format, file, ruleset))
        tasks += [(args.format, file, a, b, ruleset, str(out), audit) for a, b in spans(count, workers) if count]
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MahjongError(f"cannot create the output folder: {exc.strerror}", source=str(out)) from None
    if workers:
        from mahjong_study.runner import map_ordered  # deferred: the optional [study] extra (Dask), --workers only

        done = map_ordered(import_games, tasks, workers=workers)
    else:
        done = [import_games(*task) for task in tasks]
    rows: list[dict[str, Any]] = [row for task_rows in done for row in task_rows]
    counts = {s: sum(r["status"] == s for r in rows) for s in ("agrees", "differs", "refused")}
    failed = sum(not r["audit"]["ok"] for r in rows) if audit else 0
    if args.json:
        if audit:
            counts["audits_failed"] = failed
        print_json({"format": args.format, "out": str(out),
                    "games": [{k: v for k, v in r.items() if k != "audit_text"} for r in rows], "summary": counts})
    else:
        for row in rows:
            if row["status"] == "refused":
                print(f"{row['error']} (written up to that move: {row['log']}, cut off there)")
            elif row["status"] == "differs":
                print(f"{row['log']}: written; the platform's record differs from the rules:")
                for line in row["differences"]:
                    print(f"  {line}")
            if audit:
                print(row["audit_text"])
        audited = f"; audits: {len(rows) - failed} clean, {failed} failed" if audit else ""
        print(f"{len(rows)} games: {counts['agrees']} agree with the platform's recorded result, "
              f"{counts['differs']} differ, {counts['refused']} refused; logs in {out}{audited}")
    return EXIT_OK if counts["agrees"] == len(rows) and not failed else EXIT_FAILED_CHECK

