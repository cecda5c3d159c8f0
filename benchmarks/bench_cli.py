"""How soon the ``mahjong`` command answers: wall time of whole processes, as a user waits for them.

Run: ``python benchmarks/bench_cli.py [--runs 20]``

Each command is started ``--runs`` times in a fresh process (``python -m
mahjong_core.cli ...``, the interpreter of this script) after one warm-up
run, which fills what a user's second command finds in place: the record
of passed schema checks (:mod:`mahjong_core.rules.validated`) and the
modules' bytecode, which an installed package has from its installation.
So the commands run without ``PYTHONDONTWRITEBYTECODE`` (set on some
machines, where every start would compile the project's modules anew,
and a source tree's stale bytecode would be compiled at every start).
Reported: the fastest run and the median, in milliseconds of wall time (the
target of issue 17: under 250 ms each).  ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence

from figures import Figures, add_json_argument

HAND = "123m456p789s11z23s +4s"
#: name -> arguments of ``mahjong``
COMMANDS = {
    "rules_list": ["rules", "list"],
    "rules_show_mcr": ["rules", "show", "mcr"],
    "hand": ["hand", HAND],
    "score_mcr": ["score", "--ruleset", "mcr", HAND],
    "help": ["--help"],
}
TARGET_MS = 250


def wall_ms(args: Sequence[str], runs: int) -> list[float]:
    """Wall-clock milliseconds of ``runs`` fresh processes of ``mahjong args`` (after one warm-up)."""
    command = [sys.executable, "-m", "mahjong_core.cli", *args]
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(command, capture_output=True, check=True, env=env)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each command (default 20)")
    add_json_argument(parser)
    args = parser.parse_args(argv)
    figures = Figures()
    slow = []
    for name, command in COMMANDS.items():
        times = wall_ms(command, args.runs)
        best, median = min(times), statistics.median(times)
        print(f"mahjong {' '.join(command):<48} fastest {best:6.0f} ms  median {median:6.0f} ms  "
              f"({args.runs} runs)  target < {TARGET_MS} ms")
        figures.add(f"cli.{name}.median_ms", median, "ms", better="lower")
        if median >= TARGET_MS:
            slow.append(name)
    figures.write(args.json)
    print(f"summary: {'every command under the target' if not slow else 'TARGET MISSED by ' + ', '.join(slow)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
