"""An imported game played from its platform's own walls, every recorded tile checked against them.

Where a platform publishes its shuffle and each game's seed (Tenhou), the
importer does not take the record's tiles on trust: each deal is played from
the wall rebuilt from the seed (:class:`mahjong_core.PlatformWalls`),
and every dealt hand, draw and replacement tile the record shows is held
against the tile the wall gives there, and every dora and ura-dora indicator
against the one the wall shows.  A record that disagrees anywhere is refused
at that element: it is not the game the seed dealt.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core import PLATFORM_WALLS, Game, MahjongError, Move, MovesScript, PlatformWalls

if TYPE_CHECKING:
    from .common import ImportedDeal, ImportedGame

#: The moves the table makes (the tile comes from the wall), not a player's decisions.
TABLE_MOVES = frozenset({"draw", "replacement"})

__all__ = ["SeededScript"]


class SeededScript(MovesScript):
    """The moves of an imported game whose walls are rebuilt from the platform's seed (see the module docstring)."""

    def __init__(self, imported: ImportedGame, locate: Callable[[str, str], MahjongError]):
        super().__init__(imported.deals, imported.players, locate)
        self.imported = imported
        assert imported.wall is not None
        try:
            self.walls = PlatformWalls(imported.wall, imported.source)
        except MahjongError as exc:
            raise locate(exc.message, imported.place) from None
        self.said = PLATFORM_WALLS[self.walls.algorithm]
        self.deal_number = -1
        self.shown: list[str] = []

    def wall(self, game: Game) -> CheckedWall:  # type: ignore[override]
        number = game.table.deal_number
        if number >= len(self.deals):
            raise self.locate(f"by the rules the game goes on to deal {number + 1}, but the record ends after "
                              f"{len(self.deals)}", self.deals[-1].path)
        deal = self.deals[number]
        self.deal_path = deal.path
        self.places = [deal.path]
        self.decisions = deque(m for m in deal.moves if m.verb not in TABLE_MOVES)
        self.draws = deque(m for m in deal.moves if m.verb in TABLE_MOVES)
        self.deal_number = number
        self.shown = []
        wall = CheckedWall(self.walls(game), deal, game.table.dealer, self, game.codes)
        if number < len(self.imported.numbers):
            wall.numbers(self.walls.tiles(number)[0], *self.imported.numbers[number])
        return wall

    def seen(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "dora_indicator_shown":
            self.shown.append(str(event.get("tile")))
        elif kind == "ura_dora_shown":
            recorded = self.imported.ura[self.deal_number] if self.deal_number < len(self.imported.ura) else []
            ours = [str(t) for t in event.get("tiles", ())]
            if recorded and ours != recorded[:len(ours)]:
                raise self.locate(f"the record's ura-dora indicators {' '.join(recorded)} are not the ones the "
                                  f"wall from {self.said} shows, {' '.join(ours)}", self.deal_path)
        elif kind == "deal_end":
            recorded = self.imported.indicators[self.deal_number] if self.imported.indicators else []
            if recorded and self.shown != recorded[:len(self.shown)] or len(recorded) > len(self.shown):
                raise self.locate(f"the record's dora indicators {' '.join(recorded)} are not the ones the wall "
                                  f"from {self.said} shows, {' '.join(self.shown) or 'none'}", self.deal_path)
        super().seen(event)


class CheckedWall:
    """A deal's wall rebuilt from the seed, holding each tile it gives against the record's (a ``TileSource``)."""

    def __init__(self, wall: Any, deal: ImportedDeal, dealer: int, script: SeededScript, codes: Sequence[str]):
        self._wall = wall
        self._wall_codes = list(codes)
        self._deal = deal
        self._dealer = dealer
        self._script = script
        self._table: Iterator[Move] = iter([m for m in deal.moves if m.verb in TABLE_MOVES])
        self.events = wall.events
        self.ceremony = wall.ceremony
        self._order: list[int] | None = None  # the wall by the platform's numbers, in draw order
        self._dealt: list[list[int]] = []
        self._taken: Iterator[int] = iter(())
        self._live = self._loose = 0

    def numbers(self, wall: Sequence[int], dealt: list[list[int]], taken: list[int]) -> None:
        """Check the very copies too: the wall by the platform's numbers (its draw order is the reverse: see
        :class:`mahjong_core.TenhouShuffle`), and the record's dealt and taken tiles by those numbers."""
        self._order = list(reversed(wall))
        self._dealt = dealt
        self._taken = iter(taken)

    def _codes(self, kinds: Any) -> str:
        return " ".join(self._wall_codes[k] for k in sorted(kinds))

    def deal(self, players: int) -> list[list[int]]:
        hands = self._wall.deal(players)
        for i, hand in enumerate(hands):
            seat = (self._dealer + i) % players
            recorded = self._deal.dealt[seat]
            if Counter(hand) != Counter(recorded):
                raise self._script.locate(
                    f"seat {seat}'s dealt hand as recorded ({self._codes(recorded)}) is not the one the wall from "
                    f"{self._script.said} deals ({self._codes(hand)})", self._deal.path)
        if self._order is not None:
            pattern = self._wall.ceremony.deal_pattern
            at = 0
            given: list[list[int]] = [[] for _ in range(players)]
            for count in pattern:
                for i in range(players):
                    given[i] += self._order[at:at + count]
                    at += count
            given[0] += self._order[at:at + self._wall.ceremony.dealer_extra]
            self._live = at + self._wall.ceremony.dealer_extra
            for i, numbers in enumerate(given):
                seat = (self._dealer + i) % players
                if sorted(numbers) != sorted(self._dealt[seat]):
                    raise self._script.locate(f"seat {seat}'s dealt tiles as recorded, by the platform's numbers "
                                              f"{sorted(self._dealt[seat])}, are not the copies the wall from "
                                              f"{self._script.said} deals, {sorted(numbers)}", self._deal.path)
        return hands

    def _check(self, tile: int, verb: str) -> int:
        move = next(self._table, None)
        if move is None:
            raise self._script.locate(f"the rules call for a {verb} here, but the record has no more",
                                      self._deal.path)
        said = "a draw" if verb == "draw" else "a kong's replacement tile"
        if move.verb != verb or move.tiles[0] != tile:
            other = f"a {move.verb} of " if move.verb != verb else ""
            raise self._script.locate(
                f"{move.text!r}: by the rules this is {said}, and the wall from {self._script.said} gives "
                f"{self._wall_codes[tile]} here; the record has {other}{self._wall_codes[move.tiles[0]]}", move.path)
        if self._order is not None:
            if verb == "draw":
                number = self._order[self._live]
                self._live += 1
            else:  # off the dead end: the top of its last stack, then the bottom, then the stack before
                n, k = len(self._order), self._loose
                number = self._order[n - 2 - 2 * (k // 2) + k % 2]
                self._loose += 1
            recorded = next(self._taken, None)
            if recorded != number:
                raise self._script.locate(f"{move.text!r}: by the rules this is {said}, and the wall from "
                                          f"{self._script.said} gives the copy numbered {number} here; the record "
                                          f"has {recorded}", move.path)
        return tile

    def draw(self) -> int:
        return self._check(self._wall.draw(), "draw")

    def undraw(self) -> int:
        return self._wall.undraw()

    def draw_replacement(self) -> int:
        return self._check(self._wall.draw_replacement(), "replacement")

    def live_count(self) -> int:
        return self._wall.live_count()

    def loose_count(self) -> int:
        return self._wall.loose_count()

    def dead_wall_tile(self, index: int) -> int | None:
        return self._wall.dead_wall_tile(index)

    def commitment(self, salt: bytes) -> str:
        return self._wall.commitment(salt)
