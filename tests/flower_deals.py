"""Constructed deals for the flower hands (the mechanism ``flower_hands``), for any ruleset that plays them.

A deal is given by the bonus tiles each seat is dealt (counted from the dealer) and the first tiles of the live
wall; the other tiles are dealt and drawn in a fixed order, the bonus tiles nobody is dealt kept in the middle of
the wall, where no drawn deal of these tests reaches.  A seeded wall meets seven flowers too rarely for a test's
time, so the wall is laid out here and played by bots that take every win offered and claim nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mahjong_core import Game
from mahjong_core.plugin import Action, Ruleset, Table, Wall


class FlowerBot:
    """Takes a win where it is offered (or passes on taking a flower, ``robs=False``); claims nothing; discards
    its first option."""

    name = "flower_bot"
    kind = "bot"

    def __init__(self, robs: bool = True):
        self.robs = robs
        self.offers: list[tuple[str, list[Action]]] = []

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        self.offers.append((phase, list(options)))
        if phase == "rob_bonus" and not self.robs:
            return next(o for o in options if o.kind == "pass")
        for option in options:
            if option.kind == "win":
                return option
        if phase == "turn":
            return next(o for o in options if o.kind == "discard")
        return next((o for o in options if o.kind == "pass"), options[-1])


def wall_order(ruleset: Ruleset, dealt_bonus: Sequence[Sequence[int]], live: Sequence[int]) -> list[int]:
    """The draw order dealing each seat (from the dealer) its ``dealt_bonus`` and then playing tiles, the live
    wall starting with ``live``."""
    tiles = ruleset.tiles()
    players = int(ruleset.param("players"))
    ceremony = ruleset.param("wall_ceremony")
    size = int(ruleset.param("hand_size"))
    pool = Counter({t: n for t, n in tiles.copies().items()})
    pool.subtract(Counter([t for hand in dealt_bonus for t in hand] + list(live)))
    assert all(n >= 0 for n in pool.values()), "more copies asked for than the set holds"
    # The playing tiles copy by copy (each kind once, then each kind again...), so that a dealt hand holds no
    # pair and cannot be complete; the jokers are kept in the middle of the wall with the spare bonus tiles.
    kinds = sorted(t for t in pool if t not in tiles.bonus and t not in tiles.jokers)
    playing = [t for copy in range(max(pool.values())) for t in kinds if pool[t] > copy]
    spare = [t for t in sorted(pool) if t in tiles.bonus or t in tiles.jokers for _ in range(pool[t])]
    hands: list[list[int]] = []
    at = 0
    for seat in range(players):
        wanted = size + (int(ceremony["dealer_extra"]) if seat == 0 else 0) - len(dealt_bonus[seat])
        hands.append(list(dealt_bonus[seat]) + playing[at:at + wanted])
        at += wanted
    remaining = playing[at:]
    order: list[int] = []
    taken = [0] * players
    for count in ceremony["deal_pattern"]:
        for seat in range(players):
            order += hands[seat][taken[seat]:taken[seat] + count]
            taken[seat] += count
    order += hands[0][taken[0]:]
    half = len(remaining) // 2
    return order + list(live) + remaining[:half] + spare + remaining[half:]


def play(ruleset: Ruleset, dealt_bonus: Sequence[Sequence[int]], live: Sequence[int],
         robs: bool = True, seed: int | None = None) -> tuple[list[dict[str, Any]], list[FlowerBot]]:
    """One deal of that wall: its events, and the bots that played it (``seed``: for the dice a ruleset throws
    after the deal, the Filipino wild's)."""
    seen: list[dict[str, Any]] = []
    order = wall_order(ruleset, dealt_bonus, live)
    players = int(ruleset.param("players"))
    bots = [FlowerBot(robs) for _ in range(players)]
    Game(ruleset, bots, seed, emit=seen.append, max_deals=1,
         tile_source_factory=lambda game: Wall.from_order(
             order, ruleset.param("wall_ceremony"), players=players,
             exhaustive_draw_tiles_left=int(ruleset.param("exhaustive_draw_tiles_left")))).play()
    return seen, bots
