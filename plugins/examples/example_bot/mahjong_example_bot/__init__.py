"""A third-party bot for mahjong-core: ``cautious``, a player that discards what the others already threw.

It is installed through the ``mahjong_core.bots`` entry point in this
package's ``pyproject.toml`` and uses only what any bot may: it is built as
``CautiousBot(rng, name=...)``, is asked ``choose(table, seat, options,
phase)``, and returns one of the ``options`` it is given, taking time with
``option.after(ms)``.  From the table it reads what a player at the table
could see: its own concealed tiles, every seat's discards, and the time
limits.

Its decisions depend on the table alone and it never draws on its generator,
so the same position always gets the same decision; that is what lets an
audit seat it again and check every decision in a log (see
:func:`mahjong_core.make_bots` and docs/guide-bot.rst).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_core.plugin import NUM_PLAYING_KINDS, Action, Table, shanten

__version__ = "1.0.0"

#: Not ready, or not measurable: a hand of a size shanten does not take (a misdealt hand).
FAR = 99
#: Among equally good discards: declaring a calling hand (some rulesets allow a mahjong only after it) before a
#: plain discard, and withdrawing a declaration last.
WAY_RANK = {"declare_calling": 0, None: 1}


def _shanten(counts: list[int]) -> int:
    # A set that plays its flowers in the hand counts them past the 34 kinds, which shanten does not measure: the
    # bot measures the 34 and plays such a hand legally, if not well (a card's own bot plays it well).
    playing = counts[:NUM_PLAYING_KINDS]
    return shanten(bytes(playing)) if sum(playing) % 3 else FAR


class CautiousBot:
    """Defends first: of the discards that keep its hand closest to ready, throws the one in most discard piles.

    It takes a mahjong whenever one is offered, claims a discard otherwise only
    for a pung that brings it closer to ready (never a chow, never a kong), and
    in a tile exchange passes the tiles that connect least with the rest.  Ties
    are broken by the lowest tile, so it needs no randomness.
    """

    kind = "cautious"
    #: Thinking times (ms), longer than the greedy bot's; never more than half of a ruleset's limit.
    TURN_MS = 2400
    CLAIM_MS = 1000

    def __init__(self, rng: Any, name: str = "cautious"):
        self.rng = rng  # accepted as every bot is; its choices depend on the table only
        self.name = name

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        win = next((o for o in options if o.kind == "win"), None)
        if win is not None:
            chosen = win
        elif phase == "turn":
            chosen = self._discard(table, seat, options)
        elif phase == "claim":
            chosen = self._claim(table, seat, options)
        elif phase == "exchange":
            chosen = self._exchange(table, seat, options)
        else:  # a calling declaration where the rules require one to win, else pass, else the first option
            chosen = next((o for o in options if o.kind == "declare_calling"), None) \
                or next((o for o in options if o.kind == "pass"), options[0])
        return chosen.after(self._delay(table, phase))

    def _delay(self, table: Table, phase: str) -> int:
        ms = self.TURN_MS if phase == "turn" else self.CLAIM_MS
        limits = table.time_limits
        limit = getattr(limits, "move" if phase == "turn" else "claim", None) if limits is not None else None
        return ms if limit is None else min(ms, int(limit * 1000) // 2)

    @staticmethod
    def _discard_piles(table: Table) -> list[int]:
        """For each tile, in how many seats' discard piles it lies: a tile thrown before is a tile few wait on."""
        piles = [0] * NUM_PLAYING_KINDS
        for other in table.seats:
            for tile in set(other.discards):
                if tile < NUM_PLAYING_KINDS:
                    piles[tile] += 1
        return piles

    def _discard(self, table: Table, seat: int, options: Sequence[Action]) -> Action:
        # A joker (where the ruleset plays them) names no playing kind, and a copy of the deal's wild kind (a gold:
        # table.wild) is held among the jokers, not the counts: the bot keeps its jokers.
        discards = [(o, o.tile) for o in options if o.kind == "discard" and o.tile is not None
                    and o.tile < NUM_PLAYING_KINDS and o.tile not in table.wild]
        if not discards:
            return next((o for o in options if o.kind == "discard"), options[-1])
        counts = list(table.seats[seat].counts)  # a copy: a bot looks at the table, it does not move tiles
        piles = self._discard_piles(table)
        after: dict[int, int] = {}
        for tile in {tile for _, tile in discards}:
            counts[tile] -= 1
            after[tile] = _shanten(counts)
            counts[tile] += 1
        best, _ = min(discards, key=lambda pair: (after[pair[1]], -piles[pair[1]], WAY_RANK.get(pair[0].way, 2),
                                                  pair[1]))
        return best

    def _claim(self, table: Table, seat: int, options: Sequence[Action]) -> Action:
        passing = next((o for o in options if o.kind == "pass"), options[-1])
        pung = next((o for o in options if o.kind == "pung" and all(t < NUM_PLAYING_KINDS for t in o.tiles)), None)
        if pung is None:
            return passing
        counts = list(table.seats[seat].counts)
        now = _shanten(counts)
        for tile in pung.tiles:
            counts[tile] -= 1
        best = FAR
        for tile in range(NUM_PLAYING_KINDS):  # after a pung comes a discard: the best one it leaves
            if counts[tile]:
                counts[tile] -= 1
                best = min(best, _shanten(counts))
                counts[tile] += 1
        return pung if best < now else passing

    def _exchange(self, table: Table, seat: int, options: Sequence[Action]) -> Action:
        refuse = next((o for o in options if o.kind == "refuse"), None)
        if refuse is not None:
            return refuse  # a cautious player keeps its tiles when it may
        counts = table.seats[seat].counts

        def connection(tile: int) -> int:
            """Copies held, and for a suited tile the tiles held up to two away in its suit."""
            near = counts[tile] - 1
            if tile < 27:
                pos = tile % 9
                near += sum(counts[tile + d] for d in (-2, -1, 1, 2) if 0 <= pos + d <= 8)
            return near

        exchanges = [o for o in options if o.kind == "exchange"]
        if not exchanges:
            return options[0]
        return min(exchanges, key=lambda o: (sum(connection(t) for t in o.tiles), o.tiles))
