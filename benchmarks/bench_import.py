"""Importing games recorded elsewhere: Botzone rounds read, played, written and audited, per CPU second.

Run: ``python benchmarks/bench_import.py [--passes 3] [--file PATH]``

The file is the shared sample of Botzone's Chinese Standard Mahjong dataset
(``../shared/real-logs/botzone-mcr/sample.txt``, 16 rounds) unless ``--file``
names another.  Each pass does what ``mahjong import botzone`` and then
``mahjong audit`` do for every round -- read it, play it through the engine
under ``botzone_mcr``, compare the recorded result, write the sealed log, and
audit that log (every move, score, payment and the recorded figures again) --
and the best pass is reported, as rounds per CPU second of this process.
The agreement with the platform (rounds whose recorded figures all agree) is
printed beside it.  ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from figures import Figures, add_json_argument

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "real-logs" / "botzone-mcr" / "sample.txt"


def one_pass(path: Path, out: Path) -> tuple[int, int, float]:
    """``(rounds, rounds that agree, CPU seconds)`` of importing and auditing every round of ``path`` once."""
    from mahjong_core.audit.check import check
    from mahjong_formats.botzone import read_file
    from mahjong_formats.common import play

    start = time.process_time()
    rounds = agree = 0
    for game in read_file(str(path)):
        played = play(game)
        log = out / f"{game.platform}-{game.game}.jsonl"
        log.write_text(played.text(), encoding="utf-8")
        verdict = check(str(log), "audit")
        rounds += 1
        agree += int(verdict.ok and not played.differences)
    return rounds, agree, time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--passes", type=int, default=3, help="passes over the file; the best is reported")
    parser.add_argument("--file", type=Path, default=SAMPLE, help="a Botzone record (default: the shared sample)")
    add_json_argument(parser)
    args = parser.parse_args()
    figures = Figures()
    best = float("inf")
    rounds = agree = 0
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(max(1, args.passes)):
            rounds, agree, seconds = one_pass(args.file, Path(folder))
            best = min(best, seconds)
    rate = rounds / best if best > 0 else float("inf")
    print(f"botzone import+audit: {rate:.1f} rounds per CPU second ({rounds} rounds, best of {args.passes} passes)")
    print(f"botzone agreement: {agree} of {rounds} rounds agree with the recorded Fan and Score")
    figures.add("import.botzone.rounds_per_cpu_s", rate, "rounds/s")
    figures.add("import.botzone.agree", agree, "rounds", better="same")
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
