"""Riichi games for the tests of the bundled riichi mechanisms: a greedy bot that declares riichi whenever it may
(the bundled bots know no plugin's words, so the greedy bot never declares), seeded games between four of them,
and a game's events cut into deals."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mahjong_core import Game, GreedyBot
from mahjong_core.log.format import ReplayWriter, header
from mahjong_core.plugin import Action, Rng, Ruleset, Table
from mahjong_core.table.rng import ALGORITHM

#: The riichi_declaration mechanism's turn action.
DECLARE = "riichi"


class DeclaringBot(GreedyBot):
    """Greedy, but declares riichi whenever it is offered (a win first, where both are)."""

    kind = "declaring_riichi"

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if phase == "turn" and not any(o.kind == "win" for o in options):
            declare = next((o for o in options if o.kind == DECLARE), None)
            if declare is not None:
                return declare.after(self.TURN_MS)
        return super().choose(table, seat, options, phase)


def bots(seed: int) -> list[DeclaringBot]:
    return [DeclaringBot(Rng.from_seed(seed).derive("bot", i), name=f"declaring-{i}") for i in range(4)]


def play(ruleset: Ruleset, seed: int) -> list[dict[str, Any]]:
    """One seeded game between four declaring bots, as its events."""
    events: list[dict[str, Any]] = []
    Game(ruleset, bots(seed), seed, emit=events.append).play()
    return events


def write(ruleset: Ruleset, seed: int, path: Path, max_deals: int | None = None) -> Path:
    """One seeded game between four declaring bots written as a replay log.  The bot is no installed one, so its
    seats are written as people's (``human``): an audit repeats their recorded decisions, each checked legal --
    the lock and furiten included -- and everything else re-played from the seed."""
    players = bots(seed)
    seats = [{"seat": i, "name": p.name, "kind": "human"} for i, p in enumerate(players)]
    writer = ReplayWriter(path)
    try:
        game = Game(ruleset, players, seed, emit=writer.write, max_deals=max_deals)
        writer.write(header(ruleset, seed, ALGORITHM, seats, game.table.teams,
                            {} if max_deals is None else {"max_deals": max_deals}))
        game.play()
    finally:
        writer.close()
    return path


def deals(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Each deal's events, from its deal_start to the event before the next one."""
    out: list[list[dict[str, Any]]] = []
    for e in events:
        if e["type"] == "deal_start":
            out.append([])
        if out:
            out[-1].append(e)
    return out
