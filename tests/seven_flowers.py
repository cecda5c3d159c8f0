"""A constructed ``taiwanese_16`` deal in which a seat robs the eighth flower (七搶一), for the tests that need
one: the ruleset's own (tests/plugins/families/taiwanese) and the two folds' agreement (tests/server).

The wall deals the dealer seven of the eight bonus tiles and puts the eighth first in the live wall, so that
the seat after the dealer draws it with its first draw.  Its log is written as a physical table records it
(no seed, the tiles as observed, each seat a person's): a robbery is too rare for a seed to meet in a test's
time, and such a log still replays and audits.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mahjong_core import Game, load_ruleset
from mahjong_core.log.format import header, write_lines
from mahjong_core.plugin import Action, Ruleset, Table, Wall

RULESET = "taiwanese_16"


class RobBot:
    """Takes a win where it is offered (or passes on a robbery, ``robs=False``); discards its first option."""

    name = "seven_rob_bot"
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
        return options[-1]


def wall_order(ruleset: Ruleset) -> tuple[list[int], int]:
    """A draw order dealing the dealer seven bonus tiles, the eighth the first tile of the live wall; and it."""
    tiles = ruleset.tiles()
    bonus = sorted(tiles.bonus)
    playing = sorted(t for t, n in tiles.copies().items() if t not in tiles.bonus for _ in range(n))
    dealer = bonus[:7] + playing[:10]
    rest = playing[10:]
    others = [rest[16 * i:16 * i + 16] for i in range(3)]
    rest = rest[48:]
    hands = [dealer[:16], *others]
    order: list[int] = []
    for block in range(4):
        for hand in hands:
            order += hand[4 * block:4 * block + 4]
    return order + [dealer[16], bonus[7]] + rest, bonus[7]


def play(ruleset: Ruleset, robs: bool = True) -> tuple[list[dict[str, Any]], list[RobBot]]:
    """The deal's events, and the bots that played it."""
    seen: list[dict[str, Any]] = []
    order, _ = wall_order(ruleset)
    bots = [RobBot(robs) for _ in range(4)]
    Game(ruleset, bots, None, emit=seen.append, max_deals=1,
         tile_source_factory=lambda game: Wall.from_order(order, ruleset.param("wall_ceremony"), players=4,
                                                          exhaustive_draw_tiles_left=16)).play()
    return seen, bots


def write_robbed_log(path: Path) -> Path:
    """The deal in which the dealer robs the eighth flower, written as a physical table's log."""
    ruleset = load_ruleset(RULESET)
    events = [dict(e) for e in play(ruleset)[0]]
    for event in events:
        if event["type"] == "deal_start":
            event["wall_commitment"] = None
        if event["type"] == "deal_end":
            event["salt"] = None
    seats = [{"seat": n, "name": f"player {n}", "kind": "human"} for n in range(4)]
    write_lines(path, [header(ruleset, None, None, seats, [[n] for n in range(4)], {"max_deals": 1}), *events])
    return path
