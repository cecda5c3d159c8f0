"""A game whose tile set plays its flowers in the hand (``tests/core/engine/tile_sets/flower_card.yaml``: eight
copies of 1f held, discarded, claimed and passed, the project's example card deciding a win), for the tests that
need its log: the engine's own (tests/core/engine/test_playing_flowers.py) and the two folds' agreement
(tests/server).

A log embeds its ruleset but not the card the ruleset names, so the ruleset is written beside the log with the
card at its absolute path, where the audit of the log reads it again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mahjong_core import load_ruleset
from mahjong_core.log.simulate import play_game

ROOT = Path(__file__).resolve().parents[1]
RULESET = ROOT / "tests" / "core" / "engine" / "tile_sets" / "flower_card.yaml"
EXAMPLE_CARD = ROOT / "plugins" / "cards" / "example_card.yaml"
RANDOM = ["random"] * 4


def flower_ruleset(folder: Path) -> Any:
    """The flower-card ruleset, written into ``folder`` with its card named by its absolute path, and loaded."""
    text = RULESET.read_text(encoding="utf-8").replace("../../../../plugins/cards/example_card.yaml",
                                                       str(EXAMPLE_CARD))
    path = folder / "flower_card.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def write_flower_log(path: Path, seed: int = 7, deals: int = 2) -> Path:
    """A seeded game of random bots under the flower-card ruleset (seed 7: a kong of flowers claimed), its log
    written at ``path``."""
    play_game(flower_ruleset(path.parent), seed, RANDOM, replay=path, max_deals=deals)
    return path
