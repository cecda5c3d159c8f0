"""Hand algorithms against the riichi reference calculator, in one process.

Run: ``python benchmarks/bench_hands.py [--hands 20000] [--seed 1]``

Measures, for the same seeded random hands (tiles drawn from a 136-tile wall):

(a) shanten of 13-tile hands: ours (``mahjong_core.hand.shanten.shanten``) against
    ``mahjong.shanten.Shanten().calculate_shanten`` (mahjong 2.1.0);
(b) the complete-hand test of 14-tile hands, half of them built complete from
    random sets and a pair and half drawn at random: ours
    (``is_complete_counts``) against ``mahjong.agari.Agari().is_agari``.

Ours is run with the riichi seven-pairs rule so both sides compute the same
function, and every answer is compared.  Our tables fill lazily, so we report

* cold: the first pass over fresh hands with every table emptied first;
* warm: a second pass over the same hands (best of three);
* steady: a pass over as many *new* hands after that, tables as the first
  pass left them -- what a long simulation sees;

each with counts as ``bytes`` (our fast path) and as lists (what the oracle
takes; the conversion is included).  The oracle has no tables: its figure is
the best of three passes.  Targets: shanten >= 10x, complete test >= 2x.  ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from functools import partial

from figures import Figures, add_json_argument
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mahjong_core.hand import shanten as ours

WALL = [kind for kind in range(34) for _ in range(4)]


def random_hands(rng: random.Random, n: int, size: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(WALL, size):
            counts[t] += 1
        out.append(counts)
    return out


def complete_hand(rng: random.Random) -> list[int]:
    """Four random sets (chow or pung, equally likely) and a pair, within four copies per kind."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                counts[rng.randrange(34)] += 3
            else:
                start = 9 * rng.randrange(3) + rng.randrange(7)
                for k in range(start, start + 3):
                    counts[k] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


def mixed_fourteen(rng: random.Random, n: int) -> list[list[int]]:
    hands = [complete_hand(rng) for _ in range(n // 2)] + random_hands(rng, n - n // 2, 14)
    rng.shuffle(hands)
    return hands


def timed(fn: Callable[[Sequence[int]], object], hands: Sequence[Sequence[int]]) -> tuple[float, list[object]]:
    """Hands per CPU second of one pass, and the answers."""
    start = time.process_time()  # CPU time: another process on the core does not count
    answers = [fn(h) for h in hands]
    return len(hands) / (time.process_time() - start), answers


def best_of(fn: Callable[[Sequence[int]], object], hands: Sequence[Sequence[int]], runs: int = 3) -> float:
    return max(timed(fn, hands)[0] for _ in range(runs))


def measure(
    title: str,
    mine: Callable[[Sequence[int]], object],
    oracle: Callable[[Sequence[int]], object],
    hands: list[list[int]],
    fresh: list[list[int]],
    figures: Figures,
    key: str,
) -> dict[str, float]:
    """Print one block of measurements, add them to ``figures`` under ``key``; return the ratios by name."""
    oracle_rate = best_of(oracle, hands)
    expected = [oracle(h) for h in hands] + [oracle(h) for h in fresh]
    rates: dict[str, float] = {}
    for label, convert in (("bytes", bytes), ("list", list)):
        data = [convert(h) for h in hands]
        new = [convert(h) for h in fresh]
        ours.clear_caches()
        rates[f"cold ({label})"], got = timed(mine, data)
        rates[f"warm ({label})"] = best_of(mine, data)
        rates[f"steady ({label})"], got_new = timed(mine, new)
        wrong = sum(a != b for a, b in zip(got + got_new, expected, strict=True))
        if wrong:
            raise SystemExit(f"{title}: {wrong} answers differ from the oracle")
    print(f"\n{title}: {len(hands)} hands (+{len(fresh)} new for 'steady'); all answers agree with the oracle")
    print(f"  {'oracle':<20} {oracle_rate:>12,.0f} hands/s")
    for name, rate in rates.items():
        print(f"  {'ours ' + name:<20} {rate:>12,.0f} hands/s   {rate / oracle_rate:6.1f}x")
    figures.add(f"hands.{key}.reference", oracle_rate, "hands/s")
    for name, rate in rates.items():
        figures.add(f"hands.{key}.{name.replace(' (', '_').rstrip(')')}", rate, "hands/s",
                    reference="mahjong 2.1.0", ratio=rate / oracle_rate)
    return {name: rate / oracle_rate for name, rate in rates.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per measurement (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    add_json_argument(parser)
    args = parser.parse_args(argv)
    figures = Figures()
    rng = random.Random(args.seed)

    shanten_oracle = Shanten().calculate_shanten
    agari_oracle = Agari().is_agari

    # functools.partial fixes the riichi seven-pairs rule without an extra Python-level call.
    shanten_ours = partial(ours.shanten, seven_pairs_allow_four=False)
    complete_ours = partial(ours.is_complete_counts, seven_pairs_allow_four=False)
    a = measure(
        "(a) shanten, 13-tile hands",
        shanten_ours,
        shanten_oracle,
        random_hands(rng, args.hands, 13),
        random_hands(rng, args.hands, 13),
        figures,
        "shanten",
    )
    b = measure(
        "(b) complete test, 14-tile hands (half built complete)",
        complete_ours,
        agari_oracle,
        mixed_fourteen(rng, args.hands),
        mixed_fourteen(rng, args.hands),
        figures,
        "complete",
    )
    figures.write(args.json)
    ok = min(a["warm (bytes)"], a["warm (list)"]) >= 10 and min(b["warm (bytes)"], b["warm (list)"]) >= 2
    print(
        f"\nsummary: shanten {a['warm (bytes)']:.1f}x warm / {a['warm (list)']:.1f}x warm from lists / "
        f"{a['cold (bytes)']:.1f}x cold / {a['steady (bytes)']:.1f}x steady (target 10x); "
        f"complete {b['warm (bytes)']:.1f}x warm / {b['warm (list)']:.1f}x warm from lists / "
        f"{b['cold (bytes)']:.1f}x cold / {b['steady (bytes)']:.1f}x steady (target 2x): "
        f"{'targets met (warm)' if ok else 'TARGETS MISSED'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
