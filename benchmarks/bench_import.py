"""Importing games recorded elsewhere: rounds read, played, written and audited, per CPU second.

Run: ``python benchmarks/bench_import.py [--passes 3] [--format botzone|mjai|tenhou-xml|tenhou6] [--file PATH]
[--workers 2] [--speedup-files N]``

Each format's shared sample is imported unless ``--file`` names another file:
Botzone's Chinese Standard Mahjong dataset
(``../shared/real-logs/botzone-mcr/sample.txt``, 16 rounds), Tenhou's XML
logs (``../shared/real-logs/tenhou-mjlog/*.mjlog``, 19 games of 192 deals, the
truncated copy left out), and the same Houou games as tenhou.net/6 JSON
(``../shared/real-logs/tenhou6-mjx/*.json``, 16 games of 176 deals, one round
a line, the walls laid out from the tiles the record shows), and the modern-dialect mjai game
(``../shared/real-logs/mjai/riichienv_126_204_0_mjai.jsonl``, 12 deals, tiles
as observed).  Each pass does what ``mahjong import FORMAT`` and
then ``mahjong audit`` do for every game -- read it, play it through the engine
under its preset (a Tenhou game from the walls rebuilt from its seed, each
recorded tile checked against them), compare the recorded result, write the
sealed log, and audit that log (every move, score, payment and the recorded
figures again; a Tenhou game's walls rebuilt once more) -- and the best pass
is reported, as rounds (deals) per CPU second of this process: for the import
(reading, playing, comparing, writing), for the audit, and for both, which is
the figure issue 32's target of 200 rounds per CPU second for a Tenhou game
judges.  Beside them, what ``mahjong import --audit`` does: the import, then
the audit's verdict on each log judged from the import's own play
(:meth:`mahjong_formats.common.Played.audit`, no second play), which a pass
checks is the audit's verdict, line for line.  The agreement with the platform
is printed beside it.

Then the wall-clock speed-up of spreading the Tenhou XML sample over a local
Dask cluster: ``mahjong import tenhou-xml --workers N`` followed by ``mahjong
audit --workers N`` of the logs it wrote, timed end to end (the clusters'
start included) with 1 worker and with ``--workers`` (default 2; 0 skips it),
on the first ``--speedup-files`` files (default all).  It is wall time, so on
a machine other work shares it says as much about that work as about ours.

The samples are read from ``../shared/real-logs`` beside the checkout (or
``real-logs`` in the folder ``MAHJONG_SHARED`` names), as the tests read them,
never copied into it; a format whose sample is missing is
said to be and skipped.  ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import tempfile
import time
from pathlib import Path

from figures import Figures, add_json_argument

SHARED = Path(os.environ.get("MAHJONG_SHARED") or Path(__file__).resolve().parents[2] / "shared") / "real-logs"
#: Issue 32's target for importing and auditing a Tenhou game: rounds per CPU second.
TARGET = 200
SAMPLES = {"botzone": [SHARED / "botzone-mcr" / "sample.txt"],
           "mjai": [SHARED / "mjai" / "riichienv_126_204_0_mjai.jsonl"],
           "tenhou-xml": sorted(p for p in (SHARED / "tenhou-mjlog").glob("*.mjlog")
                                if not p.stem.endswith("-no-round-end")),
           "tenhou6": sorted((SHARED / "tenhou6-mjx").glob("*.json"))}


def one_pass(format_name: str, paths: list[Path], out: Path) -> tuple[int, int, float, float, float]:
    """``(rounds, rounds that agree, CPU seconds importing, CPU seconds auditing, CPU seconds judging)`` of
    importing and then auditing every game of ``paths`` once (each file read, each game played, compared and
    written, then its log audited), and of judging each game's play as ``mahjong import --audit`` does."""
    from mahjong_core.audit.check import check
    from mahjong_formats import read
    from mahjong_formats.common import play

    clock = time.process_time
    importing = auditing = judging = 0.0
    rounds = agree = 0
    for path in paths:
        start = clock()
        games = read(format_name, str(path))
        importing += clock() - start
        for game in games:
            start = clock()
            played = play(game)
            log = out / f"{game.platform}-{game.game}.jsonl"
            data = played.data()
            log.write_bytes(data)
            middle = clock()
            verdict = check(str(log), "audit")
            after = clock()
            judged = played.audit(str(log), data)
            importing, auditing, judging = importing + middle - start, auditing + after - middle, \
                judging + clock() - after
            if judged.text() != verdict.text():
                raise SystemExit(f"{log}: the import's verdict from its own play is not the audit's:\n"
                                 f"{judged.text()}\n{verdict.text()}")
            deals = len(game.deals)
            differing = {m[1] for d in played.differences if (m := re.search(r", deal (\d+)", d))}
            rounds += deals
            if deals == 1:
                agree += int(verdict.ok and not played.differences)
            else:  # a game of several deals agrees deal by deal
                agree += deals - len(differing)
    return rounds, agree, importing, auditing, judging


def spread(paths: list[Path], workers: int, out: Path) -> float:
    """Wall seconds of ``mahjong import tenhou-xml --workers N`` and then ``mahjong audit --workers N`` of its
    logs, each on a local Dask cluster of ``workers`` processes started for it; every audit must pass."""
    from mahjong_core.cli import main as mahjong

    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()) as said:
        status = mahjong(["import", "tenhou-xml", *map(str, paths), "--out", str(out), "--workers", str(workers)])
        logs = sorted(str(p) for p in out.glob("*.jsonl"))
        audited = mahjong(["audit", *logs, "--workers", str(workers)])
    seconds = time.perf_counter() - start
    if status != 0 or audited != 0 or len(logs) != len(paths):
        raise SystemExit(f"--workers {workers}: import exit {status}, audit exit {audited}, {len(logs)} logs of "
                         f"{len(paths)} games:\n{said.getvalue()[-2000:]}")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--passes", type=int, default=3, help="passes over the files; the best is reported")
    parser.add_argument("--format", choices=sorted(SAMPLES), action="append",
                        help="the format to import (default: each)")
    parser.add_argument("--file", type=Path, help="a record of the (one) format instead of its shared sample")
    parser.add_argument("--workers", type=int, default=2,
                        help="the Dask workers whose wall-clock speed-up over 1 is measured (0: not measured)")
    parser.add_argument("--speedup-files", type=int, default=None, metavar="N",
                        help="measure the speed-up on the first N Tenhou XML files (default: all)")
    add_json_argument(parser)
    args = parser.parse_args()
    formats = args.format or sorted(SAMPLES)
    figures = Figures()
    for format_name in formats:
        paths = [args.file] if args.file is not None else SAMPLES[format_name]
        missing = [p for p in paths if not p.exists()]
        if not paths or missing:
            where = missing[0] if missing else SHARED / {"tenhou-xml": "tenhou-mjlog", "tenhou6": "tenhou6-mjx"}[
                format_name]
            print(f"{format_name}: skipped, its sample {where} is missing (the shared real logs are read from beside "
                  "the checkout, never copied into it)")
            continue
        best = (float("inf"), float("inf"), float("inf"))
        best_one = float("inf")
        rounds = agree = 0
        with tempfile.TemporaryDirectory() as folder:
            for _ in range(max(1, args.passes)):
                rounds, agree, importing, auditing, judging = one_pass(format_name, paths, Path(folder))
                best = min(best, (importing + auditing, importing, auditing))
                best_one = min(best_one, importing + judging)
        both, importing, auditing, one = (rounds / s if s > 0 else float("inf") for s in (*best, best_one))
        unit = "rounds" if format_name == "botzone" else "deals"
        name = format_name.replace("-xml", "")
        target = f" (target {TARGET}: {'met' if one >= TARGET else 'not met'})" if format_name == "tenhou-xml" else ""
        print(f"{name} import+audit: {both:.1f} rounds per CPU second ({rounds} {unit}, best of {args.passes} "
              f"passes); import alone {importing:.1f}, audit alone {auditing:.1f}")
        print(f"{name} import --audit (one play): {one:.1f} rounds per CPU second{target}")
        key = format_name.replace("-", "_")
        if format_name == "botzone":
            print(f"botzone agreement: {agree} of {rounds} rounds agree with the recorded Fan and Score")
        else:
            said = "the log's" if format_name == "mjai" else "Tenhou's"
            print(f"{format_name.replace('-xml', '')} agreement: {agree} of {rounds} deals agree with {said} "
                  "recorded results (the exceptions: docs/importing.md)")
        figures.add(f"import.{key}.rounds_per_cpu_s", both, "rounds/s")
        figures.add(f"import.{key}.import_only_rounds_per_cpu_s", importing, "rounds/s")
        figures.add(f"import.{key}.audit_only_rounds_per_cpu_s", auditing, "rounds/s")
        figures.add(f"import.{key}.one_play_rounds_per_cpu_s", one, "rounds/s")
        figures.add(f"import.{key}.agree", agree, "rounds", better="same")
    paths = SAMPLES["tenhou-xml"][:args.speedup_files]
    if args.workers > 1 and not paths:
        print(f"speed-up: skipped, no Tenhou XML sample in {SHARED / 'tenhou-mjlog'}")
    elif args.workers > 1:
        with tempfile.TemporaryDirectory() as folder:
            one = spread(paths, 1, Path(folder) / "one")
            many = spread(paths, args.workers, Path(folder) / "many")
        print(f"tenhou import+audit on a local Dask cluster ({len(paths)} games, wall time, clusters' start "
              f"included): 1 worker {one:.2f} s, {args.workers} workers {many:.2f} s")
        print(f"speed-up with {args.workers} workers: {one / many:.2f}")
        figures.add(f"import.tenhou_xml.speedup_{args.workers}_workers", one / many, "x")
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
