"""A game whose players give up a red five before a plain one wherever they hold both, for the tests of the
player's choice of copy (the engine, the audit, and both folds)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mahjong_core import Game, GreedyBot, load_ruleset
from mahjong_core.log.fold import fold
from mahjong_core.log.format import ReplayWriter, header
from mahjong_core.plugin import Action, Rng, Table
from mahjong_core.table.rng import ALGORITHM

RULESET = "riichi_tenhou"
SEED = 7


class RedFirstBot(GreedyBot):
    """Greedy, but gives up a red five before a plain one wherever it holds both (the opposite of the default)."""

    kind = "red_first"
    PLAYS_RIICHI = False

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        action = super().choose(table, seat, options, phase)
        s = table.seats[seat]
        gives = (action.tile,) if action.kind == "discard" else action.tiles if action.kind in ("chow", "pung") \
            else ()
        reds = tuple(k for k in set(gives) if k is not None and k in s.marked and s.counts[k] > s.marked.count(k))
        return action.marking(reds) if reds else action


def game_events(seed: int = SEED, deals: int = 8) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ruleset = load_ruleset(RULESET)
    players = [RedFirstBot(Rng.from_seed(seed).derive("bot", i), name=f"red-first-{i}") for i in range(4)]
    events: list[dict[str, Any]] = []
    game = Game(ruleset, players, seed, emit=events.append, max_deals=deals)
    seats = [{"seat": i, "name": p.name, "kind": "human"} for i, p in enumerate(players)]
    head = header(ruleset, seed, ALGORITHM, seats, game.table.teams, {"max_deals": deals})
    game.play()
    return head, events


def hands(head: dict[str, Any], events: list[dict[str, Any]]) -> list[list[list[str]]]:
    """Each seat's concealed tiles after each event, as the core's fold has them (copied: the fold goes on)."""
    return [[list(seat.concealed) for seat in table.seats] for table in fold(head, events)]


def write(path: Path, head: dict[str, Any], events: list[dict[str, Any]]) -> Path:
    with ReplayWriter(path) as writer:
        writer.write(head)
        for event in events:
            writer.write(event)
    return path
