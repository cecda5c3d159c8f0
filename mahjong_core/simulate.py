"""Seeded simulation: play games between bots and write each one's replay log.

Game ``i`` of a batch started with seed ``S`` uses seed ``S + i`` (or
``"S/i"`` for a string seed), so any one game of a batch can be re-run alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine import Game, GameResult
from .errors import MahjongError
from .players import make_bots
from .replay_log import ReplayWriter, header
from .rng import ALGORITHM

if TYPE_CHECKING:
    from .rules import Ruleset


@dataclass
class SimulatedGame:
    """One played game of a batch: its seed (enough to play it again), its result, its log and its length.

    :param seed: the seed this game was played with (the batch's seed for game 0, see :func:`game_seed`).
    :param result: the scores, deals, wins and draws.
    :param replay: where its replay log was written, or ``None`` when none was asked for.
    :param events: how many events the game produced (the log's lines after the header).
    """

    seed: int | str
    result: GameResult
    replay: Path | None
    events: int


def game_seed(seed: int | str, index: int) -> int | str:
    if isinstance(seed, int):
        return seed + index
    return f"{seed}/{index}" if index else seed


def play_game(ruleset: Ruleset, seed: int | str, bots: Sequence[str], *, replay: Path | None = None,
              max_deals: int | None = None) -> SimulatedGame:
    """Play one seeded game, writing its log to ``replay`` when given."""
    players = make_bots(bots, seed)
    seats = [{"seat": i, "name": p.name, "kind": p.kind} for i, p in enumerate(players)]
    options: dict[str, Any] = {"bots": list(bots)}
    if max_deals is not None:
        options["max_deals"] = max_deals
    writer = ReplayWriter(replay) if replay is not None else None
    count = 0

    def emit(event: dict[str, Any]) -> None:
        nonlocal count
        count += 1
        if writer is not None:
            writer.write(event)

    try:
        game = Game(ruleset, players, seed, emit=emit, max_deals=max_deals)
        if writer is not None:
            writer.write(header(ruleset, seed, ALGORITHM, seats, game.table.teams, options))
        result = game.play()
    finally:
        if writer is not None:
            writer.close()
    return SimulatedGame(seed, result, replay, count)


def simulate(ruleset: Ruleset, seed: int | str, games: int, bots: Sequence[str], out_dir: Path | None, *,
             max_deals: int | None = None, progress: Callable[[int], object] | None = None) -> list[SimulatedGame]:
    """Play ``games`` seeded games; ``progress`` is called with 1 after each."""
    if games < 1:
        raise MahjongError(f"--games must be at least 1, got {games}", place="--games")
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    played = []
    for i in range(games):
        s = game_seed(seed, i)
        name = f"{ruleset.id}-seed{s}.jsonl".replace("/", "_")
        path = out_dir / name if out_dir is not None else None
        played.append(play_game(ruleset, s, bots, replay=path, max_deals=max_deals))
        if progress is not None:
            progress(1)
    return played
