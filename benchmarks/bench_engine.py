"""Engine speed and memory: simulated deals per second, replay verification speed, peak memory.

Run: ``python benchmarks/bench_engine.py [--ruleset chinese_classical] [--deals 300] [--memory-deals 10000]``

Prints one line per measurement and a summary against the targets (issue 17):
greedy bots >= 300 deals/s, random bots >= 500 deals/s, replay verification
>= 1,000 deals/s, audit >= 500 deals/s, and 10,000 simulated deals in one
process under 300 MB peak RSS.  The replay and the audit verify the same logs
of greedy bots; the audit re-plays those bots, so it can be no faster than
they play.  A third figure, "audit (people)", audits the same games written
as if four people had played them (seats of the kind ``"human"``): there the
audit repeats the recorded decisions, as it does for a live or club game,
instead of re-playing bots, so it shows what an audit costs apart from the
bots it re-plays.
All on one core (this script runs in one process, one thread).  ``--json FILE``
also writes the figures (``benchmarks/run_all.py`` collects them).

Each rate is measured ``--repeat`` times on the same games and reported as
the best run, with the median and the slowest beside it: other work on the
machine only ever slows a run down, so the best run is the closest to what
the code does (as ``timeit`` reports).  Rates are by the CPU time the
process used (one core's work; the targets are judged on it), with the best
wall-clock rate beside them.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from figures import Figures, add_json_argument

from mahjong_core.engine import Game
from mahjong_core.players import HUMAN, make_bots
from mahjong_core.replay_check import check
from mahjong_core.replay_log import ReplayWriter, header
from mahjong_core.rng import ALGORITHM
from mahjong_core.rules import load_ruleset
from mahjong_core.simulate import play_game

#: Deals per CPU second (issue 17, items 1 and 2).
GREEDY_TARGET, RANDOM_TARGET, REPLAY_TARGET, AUDIT_TARGET = 300, 500, 1000, 500


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


class Person:
    """A seat a person played, as its log records it: the kind ``"human"``, its decisions the greedy bot's.

    The decisions are the bot's so that the people's logs are the same games
    as the bots' logs, and the two audits differ only in how each seat's
    decisions are checked.
    """

    kind = HUMAN

    def __init__(self, bot: Any):
        self.bot, self.name = bot, f"person {bot.name}"

    def choose(self, *args: Any) -> Any:
        return self.bot.choose(*args)


def play_as_people(ruleset: Any, seed: int, path: Path, max_deals: int) -> int:
    """Write the log of a greedy game whose seats are recorded as people's; the deals played."""
    players = [Person(bot) for bot in make_bots(["greedy"] * 4, seed)]
    seats = [{"seat": i, "name": p.name, "kind": p.kind} for i, p in enumerate(players)]
    writer = ReplayWriter(path, batch=True)  # as a simulated game's log is written
    try:
        game = Game(ruleset, players, seed, emit=writer.write, max_deals=max_deals)
        writer.write(header(ruleset, seed, ALGORITHM, seats, game.table.teams, {"max_deals": max_deals}))
        return game.play().deals
    finally:
        writer.close()


def write_logs(ruleset_id: str, deals: int, folder: Path, *, people: bool = False) -> list[Path]:
    """Logs of games of greedy bots (up to 16 deals each) until ``deals`` deals are written; with ``people``,
    the same games with every seat recorded as a person's."""
    ruleset = load_ruleset(ruleset_id)
    paths = []
    total = 0
    g = 0
    while total < deals:
        path = folder / f"{'p' if people else 'g'}{g}.jsonl"
        n = min(16, deals - total)
        if people:
            total += play_as_people(ruleset, 100 + g, path, n)
        else:
            total += play_game(ruleset, 100 + g, ["greedy"] * 4, replay=path, max_deals=n).result.deals
        paths.append(path)
        g += 1
    return paths


def verify_speed(paths: list[Path], mode: str, repeat: int) -> list[tuple[float, float, int]]:
    """Verify the logs ``repeat`` times: ``replay`` (byte for byte) or ``audit`` (every line checked, the bots
    re-played), as ``mahjong replay`` and ``mahjong audit`` do."""
    runs = []
    for _ in range(repeat):
        clock = Clock()
        verified = 0
        for path in paths:
            verdict = check(str(path), mode)
            if not verdict.ok:
                raise SystemExit(f"{mode} failed: {verdict.text()}")
            verified += verdict.deals
        runs.append((*clock.rates(verified), verified))
    return runs


def report(name: str, runs: list[tuple[float, float, int]], target: float) -> float:
    """Print a measurement's best, median and slowest run; return the best (deals per CPU second)."""
    cpu = sorted(rate for rate, _, _ in runs)
    wall = max(rate for _, rate, _ in runs)
    print(f"{name:<32} {cpu[-1]:8.1f} deals/s (median {statistics.median(cpu):.1f}, slowest {cpu[0]:.1f}; "
          f"{runs[0][2]} deals x {len(runs)}; best wall clock {wall:.1f})  target >= {target:g}")
    return cpu[-1]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="chinese_classical")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--memory-deals", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measurement (default 5)")
    add_json_argument(parser)
    args = parser.parse_args()
    rid = args.ruleset

    warm_up(rid)
    greedy = report(f"greedy x4   {rid}:", [deals_per_second(rid, ["greedy"] * 4, args.deals)
                                           for _ in range(args.repeat)], GREEDY_TARGET)
    random_ = report(f"random x4   {rid}:", [deals_per_second(rid, ["random"] * 4, args.deals * 3)
                                           for _ in range(args.repeat)], RANDOM_TARGET)
    with tempfile.TemporaryDirectory() as tmp:
        logs = write_logs(rid, args.deals, Path(tmp))
        replay = report(f"replay      {rid}:", verify_speed(logs, "replay", args.repeat), REPLAY_TARGET)
        audit = report(f"audit       {rid}:", verify_speed(logs, "audit", args.repeat), AUDIT_TARGET)
        people_logs = write_logs(rid, args.deals, Path(tmp), people=True)
        audit_people = report(f"audit (people) {rid}:", verify_speed(people_logs, "audit", args.repeat),
                              AUDIT_TARGET)
    figures = Figures()
    figures.add(f"engine.{rid}.greedy", greedy, "deals/s")
    figures.add(f"engine.{rid}.random", random_, "deals/s")
    figures.add(f"engine.{rid}.replay", replay, "deals/s")
    figures.add(f"engine.{rid}.audit", audit, "deals/s")
    figures.add(f"engine.{rid}.audit_people", audit_people, "deals/s")
    after = peak_rss_mb()
    if args.memory_deals:  # --memory-deals 0 leaves the memory measurement out
        before = after
        _, _, n4 = deals_per_second(rid, ["random", "greedy", "random", "greedy"], args.memory_deals, seed=10_000)
        after = peak_rss_mb()
        print(f"memory      {n4} deals: peak RSS {after:.0f} MB (was {before:.0f} MB before)  target < 300 MB")
        figures.add(f"engine.{rid}.peak_rss_mb", after, "MB", better="lower")
    figures.write(args.json)
    ok = (greedy >= GREEDY_TARGET and random_ >= RANDOM_TARGET and replay >= REPLAY_TARGET and audit >= AUDIT_TARGET
          and after < 300)
    print(f"summary (best runs, CPU time): greedy {greedy:.0f}/s, random {random_:.0f}/s, replay {replay:.0f}/s, "
          f"audit {audit:.0f}/s (people's logs {audit_people:.0f}/s), peak {after:.0f} MB "
          f"-> {'all targets met' if ok else 'TARGET MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
