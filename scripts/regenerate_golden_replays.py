"""Regenerate the golden replays in ``replays/`` -- only on purpose.

A golden replay pins down a ruleset's behaviour: the tests re-simulate and
audit each one, so any change to the engine, the generator or a ruleset's
tables that alters a game shows up as a failing test.  Run this only when such
a change is intended, and say so in the commit:

    python scripts/regenerate_golden_replays.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from mahjong_core.log.simulate import play_game
from mahjong_core.rules import available, load_ruleset

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "replays"
SEED = 20261130
#: One ruleset is kept as a whole game (four rounds) so rotation and the game's end are pinned too.
FULL_GAME = {"chinese_classical"}
DEALS = 4


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.jsonl"):
        old.unlink()
    # Every installed ruleset, the third-party example package of this repository included.
    for rid in sorted(available()):
        ruleset = load_ruleset(rid)
        bots = ["greedy", "random", "greedy", "greedy"][: int(ruleset.param("players"))]
        path = OUT / f"{rid}-seed{SEED}.jsonl"
        game = play_game(ruleset, SEED, bots, replay=path, max_deals=None if rid in FULL_GAME else DEALS)
        print(f"{path.relative_to(ROOT)}: {game.result.deals} deals, {game.events} events, scores {game.result.scores}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
