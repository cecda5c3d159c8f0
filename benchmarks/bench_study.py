"""A study's speed on Dask workers, and their memory as the deals grow (issue 16's benchmark).

Plays a study of two classical rulesets (shanghai against its 1500-limit,
no-bank house rule) on a local Dask cluster of 1 and of 2 worker processes,
for DEALS deals under each ruleset, and prints the wall time, the speed-up and
each worker's peak resident memory (VmHWM); then the same with a quarter of
the deals, to show the memory does not grow with the deals.

    python benchmarks/bench_study.py [--deals 10000] [--json FILE]

``--json FILE`` also writes the figures (``benchmarks/run_all.py`` collects them).
"""

from __future__ import annotations

import argparse
import time

from dask.distributed import Client, LocalCluster
from figures import Figures, add_json_argument

from mahjong_study.figures import compare
from mahjong_study.runner import run_games

A, B = "shanghai", "shanghai_1500_no_bank"
BOTS = ["greedy"] * 4
DEALS_PER_GAME = 16


def _peak_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024


def run(workers: int, deals: int) -> tuple[float, list[float], int]:
    games = deals // DEALS_PER_GAME
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        address = cluster.scheduler_address
        start = time.perf_counter()
        a = run_games(A, 1, games, BOTS, max_deals=DEALS_PER_GAME, scheduler=address)
        b = run_games(B, 1, games, BOTS, max_deals=DEALS_PER_GAME, scheduler=address)
        elapsed = time.perf_counter() - start
        peaks = sorted(client.run(_peak_mb).values())
    played = compare(a, b)["matched_deals"]
    return elapsed, peaks, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10_000, help="deals under each ruleset (default 10,000)")
    add_json_argument(parser)
    args = parser.parse_args()
    figures = Figures()
    times = {}
    for workers in (1, 2):
        for deals in (args.deals // 4, args.deals):
            elapsed, peaks, played = run(workers, deals)
            times[(workers, deals)] = elapsed
            print(f"{workers} worker(s), {deals:6d} deals a ruleset ({played} matched): {elapsed:7.1f} s, "
                  f"{2 * deals / elapsed:6.0f} deals/s; peak memory per worker "
                  + ", ".join(f"{p:.0f} MB" for p in peaks))
            if deals == args.deals:
                figures.add(f"study.{workers}_workers.deals_per_s", 2 * deals / elapsed, "deals/s")
                figures.add(f"study.{workers}_workers.peak_mb", max(peaks), "MB", better="lower")
    speedup = times[(1, args.deals)] / times[(2, args.deals)]
    print(f"speed-up with 2 workers at {args.deals} deals: {speedup:.2f}")
    figures.add("study.speedup_2_workers", speedup, "x")
    figures.write(args.json)


if __name__ == "__main__":
    main()
