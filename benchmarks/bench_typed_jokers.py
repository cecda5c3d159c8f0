"""Greedy deals of a ruleset with typed jokers (``vietnamese``): deals per CPU second, and the profile's share in the
joker measure.

Run: ``python benchmarks/bench_typed_jokers.py [--ruleset vietnamese] [--deals 40] [--repeat 3] [--profile]``

The typed jokers' measure (:mod:`mahjong_core.hand.typed_tables`, the search of :mod:`mahjong_core.hand.typed_jokers`
where the types do not decompose) is most of a greedy Vietnamese deal's cost, so this prints the rate of four
greedy bots playing games of up to 16 deals in this process (no log written; the best of ``--repeat`` runs on the
same games, each after the hand measures' memos are emptied and a warm-up of other deals, with the median beside
it) and, with ``--profile``, the cumulative share of one run's
profile spent in the functions the greedy bot asks of a hand holding jokers.  ``--workload`` plays the deals once
and prints nothing but their count: a fixed run to count instructions of, as in
``PYTHONHASHSEED=0 valgrind --tool=callgrind python benchmarks/bench_typed_jokers.py --workload --deals 10``.
``--json FILE`` also writes the figures (as :mod:`figures` says; ``run_all.py`` does not run this script).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import pstats
import statistics
import time

from figures import Figures, add_json_argument

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.hand import jokers, typed_jokers
from mahjong_core.rules import load_ruleset

#: The functions of :mod:`mahjong_core.hand.jokers` the greedy bot asks of a hand holding jokers.
MEASURES = ("shanten_with_jokers", "least_after_discards_with_jokers", "is_complete_with_jokers",
            "shanten_after_discards_with_jokers")


def play(ruleset_id: str, deals: int, seed: int = 1) -> int:
    """Four greedy bots play games of up to 16 deals until ``deals`` deals are done; the deals played."""
    ruleset = load_ruleset(ruleset_id)
    seats = ["greedy"] * int(ruleset.param("players"))
    done = g = 0
    while done < deals:
        done += Game(ruleset, make_bots(seats, seed + g), seed + g, max_deals=min(16, deals - done)).play().deals
        g += 1
    return done


def fresh(ruleset_id: str) -> None:
    """Forget the hand measures' memos, then fill them with a few other deals (a warm-up): each run starts as a
    simulator's first games after its first few, and no run reads the answers of the same games played before it
    (the search's memo alone holds 131,072 hands)."""
    jokers.clear_caches()
    for name in ("distance", "complete", "_whole"):
        getattr(typed_jokers, name).cache_clear()
    tables = getattr(importlib.import_module("mahjong_core.hand"), "typed_tables", None)  # absent before it was made
    if tables is not None:
        tables.clear_caches()
    play(ruleset_id, 4, seed=9000)


def rate(ruleset_id: str, deals: int) -> float:
    """Deals per CPU second of one run of :func:`play`, after :func:`fresh`."""
    fresh(ruleset_id)
    start = time.process_time()
    done = play(ruleset_id, deals)
    return done / (time.process_time() - start)


def profile_share(ruleset_id: str, deals: int) -> tuple[float, dict[str, float], float]:
    """The run's total profiled seconds, each measure's cumulative seconds (one may call another), and the
    seconds of the measures' outermost calls (those not made by another measure): their share of the run."""
    fresh(ruleset_id)
    profiler = cProfile.Profile()
    profiler.runcall(play, ruleset_id, deals)
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    found: dict[str, float] = {}
    outermost = 0.0

    def measure(path: str, name: str) -> bool:
        return name in MEASURES and path.endswith("jokers.py") and "hand" in path

    for (path, _, name), (_, _, _, cumulative, callers) in stats.stats.items():  # type: ignore[attr-defined]
        if measure(path, name):
            found[name] = cumulative
            outermost += sum(ct for (cpath, _, cname), (_, _, _, ct) in callers.items() if not measure(cpath, cname))
    return total, found, outermost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="vietnamese")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="also print the profile's share in the measures")
    parser.add_argument("--workload", action="store_true", help="play the deals once, print their count only")
    add_json_argument(parser)
    args = parser.parse_args()
    figures = Figures()
    if args.workload:
        print(f"deals {play(args.ruleset, args.deals)}")
        return 0
    rates = [rate(args.ruleset, args.deals) for _ in range(args.repeat)]
    print(f"{args.ruleset}: greedy {max(rates):.1f} deals/CPU s (best of {args.repeat}; median "
          f"{statistics.median(rates):.1f}), {args.deals} deals")
    figures.add(f"typed_jokers.{args.ruleset}.greedy", max(rates), "deals/s")
    if args.profile:
        total, found, outermost = profile_share(args.ruleset, args.deals)
        print(f"profile of {args.deals} deals: {total:.2f} s, {outermost:.2f} s ({100 * outermost / total:.1f}%) in "
              "the joker measures' outermost calls")
        for name in MEASURES:
            if name in found:
                print(f"  {name}: {found[name]:.2f} s cumulative ({100 * found[name] / total:.1f}%)")
        figures.add(f"typed_jokers.{args.ruleset}.profile_share", 100 * outermost / total, "%", better="lower")
    figures.write(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
