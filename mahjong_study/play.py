"""Playing the games of a study: one seeded game at a time, reduced to its facts, no log kept.

Game ``i`` of a study started at seed ``S`` plays seed ``S + i`` (as
``mahjong simulate`` does), and its bots are seeded from that game seed, so
a study's games are the same games whichever ruleset plays them and however
they are spread over processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mahjong_core import Game, SimulatedGame, game_seed, load_ruleset, make_bots, play_game

from .facts import FactsRecorder, GameFacts


def play_facts(ruleset: str | Path, seed: int | str, index: int, bots: Sequence[str],
               max_deals: int | None = None) -> GameFacts:
    """Play game ``index`` of a study (seed ``game_seed(seed, index)``) and return its facts.

    Takes the ruleset by id or path, not as an object, so that a Dask worker
    loads it itself rather than being sent one.
    """
    rules = load_ruleset(ruleset)
    s = game_seed(seed, index)
    recorder = FactsRecorder(index, s, int(rules.param("players")))
    game = Game(rules, make_bots(bots, s), s, emit=recorder, max_deals=max_deals)
    recorder.facts.teams = [list(t) for t in game.table.teams]
    game.play()
    return recorder.facts


def play_batch(ruleset: str | Path, seed: int | str, indices: Sequence[int], bots: Sequence[str],
               max_deals: int | None = None) -> list[GameFacts]:
    """Several games in one task: the unit of work a study hands to a worker."""
    return [play_facts(ruleset, seed, i, bots, max_deals) for i in indices]


def play_game_task(ruleset: str, seed: int | str, bots: Sequence[str], replay: str | None, max_deals: int | None,
                   key: str | None) -> SimulatedGame:
    """:func:`~mahjong_core.play_game` with everything given by name (ruleset id or path, key file).

    A batch spread over Dask workers sends each worker this and the names, never a loaded ruleset or a
    private key; the game, and its log's bytes, are the same wherever it is played.
    """
    from mahjong_core import load_signer

    return play_game(load_ruleset(ruleset), seed, bots, replay=Path(replay) if replay else None,
                     max_deals=max_deals, signer=load_signer(key) if key else None)
