"""Engine speed and memory: simulated deals per second with and without logs, replay and audit, peak memory.

Run: ``python benchmarks/bench_engine.py [--ruleset chinese_classical] [--deals 300] [--memory-deals 10000]``

Prints one line per measurement and a summary against the targets:

* ``simulate``: greedy bots >= 300 and random bots >= 500 deals a second,
  judged as a user meets them: ``mahjong simulate --out DIR``, writing every
  game's log, run as a command (``--cli-deals`` deals in games of 4 deals,
  seed 777, less a one-deal run for the command's start-up).  The same
  command without ``--out`` gives the cost of the log, which is at most 10%
  of the simulation;
* ``replay`` >= 1.25x and ``audit`` >= 0.6x the greedy rate of the same
  ruleset, both measured in this process (an audit re-plays the bots it
  audits, so it is judged against them);
* 10,000 simulated deals, their logs written, in one process under 300 MB
  peak RSS.

The replay and the audit verify the same logs of greedy bots.  A further
figure, "audit (people)", audits the same games written as if four people had
played them (seats of the kind ``"human"``): there the audit repeats the
recorded decisions, as it does for a live or club game, instead of re-playing
bots, so it shows what an audit costs apart from the bots it re-plays.
All on one core (this script runs in one process, one thread, and its
commands one at a time).  ``--json FILE`` also writes the figures
(``benchmarks/run_all.py`` collects them), the ratios beside the rates they
are judged by.

Each rate is measured ``--repeat`` times on the same games and reported as
the best run, with the median and the slowest beside it: other work on the
machine only ever slows a run down, so the best run is the closest to what
the code does (as ``timeit`` reports).  Rates are by the CPU time (user and
system) the process or its command used: one core's work, on which the
targets are judged; the in-process ones have the best wall-clock rate beside
them.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from figures import Figures, add_json_argument

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import HUMAN, make_bots
from mahjong_core.log.format import ReplayWriter, header
from mahjong_core.log.simulate import play_game, simulate
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import ALGORITHM

#: Deals per CPU second of ``mahjong simulate --out DIR``.
GREEDY_TARGET, RANDOM_TARGET = 300, 500
#: The replay's and the audit's rates as multiples of the greedy rate of the same ruleset.
REPLAY_RATIO, AUDIT_RATIO = 1.25, 0.6
#: The log's cost, as a share of the simulation's CPU time.
LOG_COST_TARGET = 0.10
#: Seed and deals a game of the command's runs, as the throughput figures were first taken.
CLI_SEED, CLI_DEALS_A_GAME = 777, 4


def warm_up(ruleset_id: str) -> None:
    """Fill the process's lookup tables (shanten suit tables, parsed rule tables) before timing.

    A simulator or a replay server is a long-running process; its first few
    games pay once for tables every later game reuses.
    """
    ruleset = load_ruleset(ruleset_id)
    for seed in range(3):
        Game(ruleset, make_bots(seated(ruleset, ["random", "greedy", "random", "greedy"]), 9000 + seed), 9000 + seed,
             max_deals=8).play()


class Clock:
    """CPU and wall time since it was started."""

    def __init__(self) -> None:
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def rates(self, n: int) -> tuple[float, float]:
        """``n`` things done since the start, per CPU second and per wall-clock second."""
        return n / (time.process_time() - self.cpu), n / (time.perf_counter() - self.wall)


def seated(ruleset: Any, bots: list[str]) -> list[str]:
    """A line-up of four cut to the ruleset's seats (two to four)."""
    return bots[:int(ruleset.param("players"))]


def deals_per_second(ruleset_id: str, bots: list[str], deals: int, seed: int = 1) -> tuple[float, float, int]:
    """Play games of up to 16 deals until ``deals`` deals are done; no log is written.

    :return: deals per CPU second, per wall-clock second, and the deals played.
    """
    ruleset = load_ruleset(ruleset_id)
    done = 0
    clock = Clock()
    g = 0
    while done < deals:
        game = Game(ruleset, make_bots(seated(ruleset, bots), seed + g), seed + g, max_deals=min(16, deals - done))
        done += game.play().deals
        g += 1
    return (*clock.rates(done), done)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _command(ruleset_id: str, bots: str, games: int, deals: int, out: Path | None) -> tuple[float, int]:
    """CPU seconds (user and system) of one ``mahjong simulate`` command, run as a user runs it, and the deals
    its games played (a game may end before its last deal)."""
    command = [sys.executable, "-m", "mahjong_core", "simulate", "--json", "--ruleset", ruleset_id, "--seed",
               str(CLI_SEED), "--bots", bots, "--games", str(games), "--max-deals", str(deals)]
    if out is not None:
        command += ["--out", str(out)]
    before = _children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    cpu = _children_cpu() - before
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return cpu, sum(game["deals"] for game in json.loads(done.stdout)["games"])


def command_rates(ruleset_id: str, bots: str, deals: int, logs: bool, repeat: int) -> list[tuple[float, float, int]]:
    """``mahjong simulate`` over ``deals`` deals (games of 4), with ``--out`` when ``logs``: deals per CPU second,
    less a one-deal run of the same command for its start-up (imports, loading the ruleset)."""
    games = max(1, deals // CLI_DEALS_A_GAME)
    runs = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="bench-simulate-") as tmp:
            start_up, one = _command(ruleset_id, bots, 1, 1, Path(tmp) / "one" if logs else None)
            cpu, played = _command(ruleset_id, bots, games, CLI_DEALS_A_GAME, Path(tmp) / "all" if logs else None)
        runs.append(((played - one) / max(cpu - start_up, 1e-9), 0.0, played))
    return runs


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
    players = [Person(bot) for bot in make_bots(seated(ruleset, ["greedy"] * 4), seed)]
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
            total += play_game(ruleset, 100 + g, seated(ruleset, ["greedy"] * 4), replay=path,
                               max_deals=n).result.deals
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


def report(name: str, runs: list[tuple[float, float, int]], target: str) -> float:
    """Print a measurement's best, median and slowest run; return the best (deals per CPU second)."""
    cpu = sorted(rate for rate, _, _ in runs)
    wall = max(rate for _, rate, _ in runs)
    shown_wall = f"; best wall clock {wall:.1f}" if wall else ""
    print(f"{name:<36} {cpu[-1]:8.1f} deals/s (median {statistics.median(cpu):.1f}, slowest {cpu[0]:.1f}; "
          f"{runs[0][2]} deals x {len(runs)}{shown_wall})  {target}")
    return cpu[-1]


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def memory_with_logs(ruleset_id: str, deals: int) -> tuple[int, float]:
    """Simulate ``deals`` deals in this process (games of up to 16), writing their logs; deals and peak RSS."""
    ruleset = load_ruleset(ruleset_id)
    folder = Path(tempfile.mkdtemp(prefix="bench-memory-"))
    done, g = 0, 0
    try:
        while done < deals:
            out = folder / str(g)
            played = simulate(ruleset, 10_000 + g * 50, 50, seated(ruleset, ["random", "greedy", "random", "greedy"]),
                              out,
                              max_deals=min(16, max(1, (deals - done) // 50)))
            done += sum(game.result.deals for game in played)
            shutil.rmtree(out)  # the logs are written and kept on disk, not in memory; the disk is not measured
            g += 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return done, peak_rss_mb()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="chinese_classical")
    parser.add_argument("--deals", type=int, default=300, help="deals of the in-process measurements")
    parser.add_argument("--cli-deals", type=int, default=1000,
                        help="deals of each `mahjong simulate` command measured (default 1000; 0 leaves them out)")
    parser.add_argument("--memory-deals", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5, help="runs of each in-process measurement (default 5)")
    parser.add_argument("--cli-repeat", type=int, default=2, help="runs of each command measured (default 2)")
    add_json_argument(parser)
    args = parser.parse_args()
    rid = args.ruleset
    figures = Figures()

    simulated: dict[tuple[str, bool], float] = {}
    if args.cli_deals:
        for bots, target in (("greedy", GREEDY_TARGET), ("random", RANDOM_TARGET)):
            for logs in (True, False):
                what = f"simulate {bots}{'' if logs else ' (no log)'}"
                simulated[bots, logs] = report(f"{what:<26}{rid}:",
                                               command_rates(rid, bots, args.cli_deals, logs, args.cli_repeat),
                                               f"target >= {target:g}" if logs else "")
            with_log, without = simulated[bots, True], simulated[bots, False]
            cost = without / with_log - 1  # the log's CPU time as a share of the simulation's
            print(f"{'log cost ' + bots:<26}{rid}: {cost:8.1%} of the simulation's CPU time  "
                  f"target <= {LOG_COST_TARGET:.0%}")
            figures.add(f"engine.{rid}.simulate_{bots}", with_log, "deals/s", reference=f"simulate {bots}, no log",
                        ratio=with_log / without)
            figures.add(f"engine.{rid}.simulate_{bots}_no_log", without, "deals/s")
            figures.add(f"engine.{rid}.log_cost_{bots}", 100 * cost, "%", better="lower")

    warm_up(rid)
    greedy = report(f"greedy x4 (in process) {rid}:", [deals_per_second(rid, ["greedy"] * 4, args.deals)
                                                       for _ in range(args.repeat)], "")
    random_ = report(f"random x4 (in process) {rid}:", [deals_per_second(rid, ["random"] * 4, args.deals * 3)
                                                       for _ in range(args.repeat)], "")
    with tempfile.TemporaryDirectory() as tmp:
        logs = write_logs(rid, args.deals, Path(tmp))
        replay = report(f"replay      {rid}:", verify_speed(logs, "replay", args.repeat),
                        f"target >= {REPLAY_RATIO}x greedy = {REPLAY_RATIO * greedy:.0f}")
        audit = report(f"audit       {rid}:", verify_speed(logs, "audit", args.repeat),
                       f"target >= {AUDIT_RATIO}x greedy = {AUDIT_RATIO * greedy:.0f}")
        people_logs = write_logs(rid, args.deals, Path(tmp), people=True)
        audit_people = report(f"audit (people) {rid}:", verify_speed(people_logs, "audit", args.repeat), "")
    print(f"ratios      {rid}: replay/greedy {replay / greedy:.2f}x (target >= {REPLAY_RATIO}), audit/greedy "
          f"{audit / greedy:.2f}x (target >= {AUDIT_RATIO}), audit (people)/greedy {audit_people / greedy:.2f}x")
    reference = "greedy, in process"
    figures.add(f"engine.{rid}.greedy", greedy, "deals/s")
    figures.add(f"engine.{rid}.random", random_, "deals/s")
    figures.add(f"engine.{rid}.replay", replay, "deals/s", reference=reference, ratio=replay / greedy)
    figures.add(f"engine.{rid}.audit", audit, "deals/s", reference=reference, ratio=audit / greedy)
    figures.add(f"engine.{rid}.audit_people", audit_people, "deals/s", reference=reference,
                ratio=audit_people / greedy)
    after = peak_rss_mb()
    if args.memory_deals:  # --memory-deals 0 leaves the memory measurement out
        before = after
        n4, after = memory_with_logs(rid, args.memory_deals)
        print(f"memory      {n4} deals, logs written: peak RSS {after:.0f} MB (was {before:.0f} MB before)  "
              "target < 300 MB")
        figures.add(f"engine.{rid}.peak_rss_mb", after, "MB", better="lower")
    figures.write(args.json)
    met = [replay >= REPLAY_RATIO * greedy, audit >= AUDIT_RATIO * greedy, after < 300]
    summary = (f"replay {replay:.0f}/s ({replay / greedy:.2f}x greedy), audit {audit:.0f}/s "
               f"({audit / greedy:.2f}x; people's logs {audit_people:.0f}/s), peak {after:.0f} MB")
    if simulated:
        met += [simulated["greedy", True] >= GREEDY_TARGET, simulated["random", True] >= RANDOM_TARGET,
                simulated["greedy", False] <= simulated["greedy", True] * (1 + LOG_COST_TARGET),
                simulated["random", False] <= simulated["random", True] * (1 + LOG_COST_TARGET)]
        summary = (f"simulate --out greedy {simulated['greedy', True]:.0f}/s, random {simulated['random', True]:.0f}/s"
                   f", " + summary)
    print(f"summary (best runs, CPU time): {summary} -> {'all targets met' if all(met) else 'TARGET MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
