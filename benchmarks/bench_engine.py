"""Engine speed and memory: simulated deals per second, replay verification speed, peak memory.

Run: ``python benchmarks/bench_engine.py [--ruleset chinese_classical] [--deals 300] [--memory-deals 10000]``

Prints one line per measurement and a summary against the targets:
greedy bots >= 150 deals/s, random bots >= 500 deals/s, replay verification
>= 500 deals/s, and 10,000 simulated deals in one process under 300 MB peak RSS.
All on one core (this script runs in one process, one thread).

Each rate is given twice: by the CPU time the process used (what one core
does; the targets are judged on it) and by the wall clock (the same on an
idle machine, lower when other work shares the cores).
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

from mahjong_core.engine import Game
from mahjong_core.players import make_bots
from mahjong_core.replay_check import check
from mahjong_core.rules import load_ruleset
from mahjong_core.simulate import play_game


def warm_up(ruleset_id: str) -> None:
    """Fill the process's lookup tables (shanten suit tables, parsed rule tables) before timing.

    A simulator or a replay server is a long-running process; its first few
    games pay once for tables every later game reuses.
    """
    ruleset = load_ruleset(ruleset_id)
    for seed in range(3):
        Game(ruleset, make_bots(["random", "greedy", "random", "greedy"], 9000 + seed), 9000 + seed,
             max_deals=8).play()


class Clock:
    """CPU and wall time since it was started."""

    def __init__(self) -> None:
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def rates(self, n: int) -> tuple[float, float]:
        """``n`` things done since the start, per CPU second and per wall-clock second."""
        return n / (time.process_time() - self.cpu), n / (time.perf_counter() - self.wall)


def deals_per_second(ruleset_id: str, bots: list[str], deals: int, seed: int = 1) -> tuple[float, float, int]:
    """Play games of up to 16 deals until ``deals`` deals are done; no log is written.

    :return: deals per CPU second, per wall-clock second, and the deals played.
    """
    ruleset = load_ruleset(ruleset_id)
    done = 0
    clock = Clock()
    g = 0
    while done < deals:
        game = Game(ruleset, make_bots(bots, seed + g), seed + g, max_deals=min(16, deals - done))
        done += game.play().deals
        g += 1
    return (*clock.rates(done), done)


def replay_speed(ruleset_id: str, deals: int) -> tuple[float, float, int]:
    ruleset = load_ruleset(ruleset_id)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        total = 0
        g = 0
        while total < deals:
            path = Path(tmp) / f"g{g}.jsonl"
            n = min(16, deals - total)
            total += play_game(ruleset, 100 + g, ["greedy"] * 4, replay=path, max_deals=n).result.deals
            paths.append(path)
            g += 1
        clock = Clock()
        verified = 0
        for path in paths:
            verdict = check(str(path), "replay")
            if not verdict.ok:
                raise SystemExit(f"replay failed: {verdict.text()}")
            verified += verdict.deals
        return (*clock.rates(verified), verified)


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="chinese_classical")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--memory-deals", type=int, default=10_000)
    args = parser.parse_args()

    warm_up(args.ruleset)
    greedy, greedy_wall, n1 = deals_per_second(args.ruleset, ["greedy"] * 4, args.deals)
    print(f"greedy x4   {args.ruleset}: {greedy:8.1f} deals/s ({n1} deals; wall clock {greedy_wall:.1f})"
          "  target >= 150")
    random_, random_wall, n2 = deals_per_second(args.ruleset, ["random"] * 4, args.deals * 3)
    print(f"random x4   {args.ruleset}: {random_:8.1f} deals/s ({n2} deals; wall clock {random_wall:.1f})"
          "  target >= 500")
    replay, replay_wall, n3 = replay_speed(args.ruleset, args.deals)
    print(f"replay      {args.ruleset}: {replay:8.1f} deals/s ({n3} deals; wall clock {replay_wall:.1f})"
          "  target >= 500")
    before = peak_rss_mb()
    _, _, n4 = deals_per_second(args.ruleset, ["random", "greedy", "random", "greedy"], args.memory_deals,
                                seed=10_000)
    after = peak_rss_mb()
    print(f"memory      {n4} deals: peak RSS {after:.0f} MB (was {before:.0f} MB before)  target < 300 MB")
    ok = greedy >= 150 and random_ >= 500 and replay >= 500 and after < 300
    print(f"summary (CPU time): greedy {greedy:.0f}/s, random {random_:.0f}/s, replay {replay:.0f}/s, "
          f"peak {after:.0f} MB -> {'all targets met' if ok else 'TARGET MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
