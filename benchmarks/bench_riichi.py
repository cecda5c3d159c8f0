"""The riichi family's scorer beside the ``mahjong`` library's ``estimate_hand_value``, in one process, on the same
situations.

Run: ``python benchmarks/bench_riichi.py [--count 3000] [--seed 31] [--rounds 3]``

Needs the test extra ``mahjong==2.1.0`` (pure Python).

Situations: ``--count`` winning situations of the seeded corpus
(:mod:`mahjong_rulesets.families.riichi.samples`) under the Tenhou preset
(``plugins/rulesets/riichi_tenhou``).  Both sides get their arguments built
beforehand (the library its 136-format tiles, melds and config; the family its
``Hand`` and context), so each line times the scoring alone:

* library, ``HandCalculator.estimate_hand_value``;
* ours, ``score_hand`` -- the core's scoring path, the full explained score
  (every yaku and fu item with its source, the reading, each payment);
* ours, the family's arithmetic alone (:func:`~mahjong_rulesets.families.riichi.evaluate.evaluate`).

Rounds alternate library, ours, library, ours ... and each figure is the median
of its rounds.  The target (issue 31) is ours at least 10x the library.

Instructions a score, which no load on the machine changes: ``--side library``
or ``--side ours`` builds both sides' arguments for the ``--count`` situations,
warms up on the last 200, then makes the first ``--calls`` calls of that side
once and prints nothing.  Run it under callgrind at two ``--calls`` with the same
``--count`` and divide the difference by the difference of the calls (that
removes start-up and the building of the situations)::

    valgrind --tool=callgrind --callgrind-out-file=F python benchmarks/bench_riichi.py --side ours --calls 1500
    grep -m1 "^summary" F
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TENHOU = ROOT / "plugins" / "rulesets" / "riichi_tenhou" / "ruleset.yaml"


def _rate(calls: Sequence[Callable[[], Any]]) -> float:
    start = time.process_time()  # CPU time: the two scorers side by side are not moved by another process
    for call in calls:
        call()
    return len(calls) / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--side", choices=("both", "library", "ours"), default="both",
                        help="library or ours: make --calls calls of that side once, untimed, for an instruction "
                             "count")
    parser.add_argument("--calls", type=int, default=1000)
    args = parser.parse_args(argv)

    from mahjong_rulesets.families.riichi import reference as ref
    from mahjong_rulesets.families.riichi import samples
    from mahjong_rulesets.families.riichi.evaluate import evaluate
    from mahjong_rulesets.families.riichi.scoring import win_of
    from mahjong_rulesets.families.riichi.tables import rules_of

    from mahjong_core.plugin import score_hand
    from mahjong_core.rules import load_ruleset

    ruleset = load_ruleset(str(TENHOU))
    rules = rules_of(ruleset)
    situations = list(samples.situations(args.seed, args.count))
    options = ref.Options()
    library = [ref.library_call(s, options) for s in situations]
    prepared = [(ref.hand_of(s), ref.context_of(s)) for s in situations]
    ours = [lambda h=h, c=c: score_hand(ruleset, h, c) for h, c in prepared]
    # Every argument is built: the collector need not walk them again, whichever side's allocations set it off
    # (else a count of one side's instructions carries full collections of the other's arguments).
    gc.freeze()
    if args.side != "both":  # for callgrind: each of the first --calls situations scored once by one side
        calls = library if args.side == "library" else ours
        for call in calls[-200:] + calls[:args.calls]:
            call()
        return 0
    wins = [win_of(ruleset, h, c)[0] for h, c in prepared]
    arithmetic = [lambda w=w: evaluate(rules, w) for w in wins]
    for call in ours[:200] + arithmetic[:200]:
        call()  # warm the small per-suit caches once, as a game would after its first hands
    figures: dict[str, list[float]] = {"library": [], "ours": [], "arithmetic": []}
    for _ in range(args.rounds):
        figures["library"].append(_rate(library))
        figures["ours"].append(_rate(ours))
        figures["arithmetic"].append(_rate(arithmetic))
    lib = statistics.median(figures["library"])
    print(f"situations: {len(situations)} (seed {args.seed}), rounds: {args.rounds}, medians")
    print(f"library estimate_hand_value     {lib:10.0f} situations/s")
    for key, label in (("ours", "ours score_hand (explained)"), ("arithmetic", "ours evaluate (arithmetic)")):
        rate = statistics.median(figures[key])
        print(f"{label:31} {rate:10.0f} situations/s  {rate / lib:5.1f}x the library")
    ratio = statistics.median(figures["ours"]) / lib
    print(f"target: score_hand >= 10x the library: {'met' if ratio >= 10 else 'NOT met'} ({ratio:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
