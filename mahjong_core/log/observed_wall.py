"""The wall of a game played on a physical table, re-enacted from what its log records.

A log without a seed cannot re-create its tiles; it records them as
observed.  Its audit still follows the rules' wall: a shadow wall of blank
tiles is built and taken from with the recorded dice, so that the live
count, the loose tiles and the exhaustive draw fall where the rules put them,
while each tile is the one the log shows -- and never a kind more often than
the set holds it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError, ReplayError
from mahjong_core.table.wall import Wall

if TYPE_CHECKING:
    from mahjong_core.engine.game import Game
    from mahjong_core.log.format import ReplayLog


class ObservedWall:
    """The tiles of a physical game, as its log records them.

    A shadow wall of blank tiles re-enacts the ceremony with the recorded dice
    and every take, so live counts, loose tiles and the exhaustive draw follow
    the rules, not the log's word; the tiles themselves come from the log, and
    no kind may be seen more often than the tile set holds it.
    """

    def __init__(self, game: Game, deal_events: list[dict[str, Any]], source: str, *, what: str = "the log",
                 looked_at: tuple[str, str] | None = None):
        """:param what: how messages name the record the tiles come from (``the log``, ``the sheet``).
        :param looked_at: for a record that must show every tile of the dead wall the rules look at (a score
            sheet's dora indicators), the places it shows the turned tiles and those under them: a look at a tile
            it does not show is refused there (:class:`ReplayError`) rather than answered ``None``.

        A record without dice breaks the wall before its first stack: the dice decide where the wall is
        broken, not how many tiles are live or loose, so the draws and the exhaustive draw fall the same.
        """
        self.source = source
        self.what = what
        dice = [e for e in deal_events if e.get("type") == "wall_dice"]
        ruleset = game.ruleset
        try:
            self._shadow = Wall.from_order(
                [0] * len(game.tile_set), ruleset.param("wall_ceremony"),
                dice=[e["values"] for e in dice] or None,
                players=game.table.players,
                exhaustive_draw_tiles_left=int(ruleset.param("exhaustive_draw_tiles_left")))
        except MahjongError as exc:  # the recorded dice do not fit the ceremony: name the throw
            raise ReplayError(f"the recorded dice do not fit the rules' wall ceremony: {exc.message}",
                              source=source, place=f"event {dice[0]['n'] if dice else deal_events[0]['n']}") from None
        self.events = self._shadow.events
        self.ceremony = self._shadow.ceremony
        self._copies = Counter(game.tile_set)
        self._kinds = {code: kind for kind, code in enumerate(game.codes)}
        self._seen: Counter[int] = Counter()
        self._dealer = game.table.dealer
        hands = next((e for e in deal_events if e.get("type") == "hands"), None)
        self._hands = hands
        self._draws = iter([e for e in deal_events if e.get("type") == "draw"])
        self._replacements = iter([e for e in deal_events if e.get("type") == "replacement"])
        self._last_draw = -1
        # The dead wall's tiles the record shows were turned (indicators) and shown under them at a win.
        shown = sorted((e for e in deal_events if e.get("type") == "dora_indicator_shown"),
                       key=lambda e: int(e.get("indicator", 0)))
        self._turned = [e.get("tile") for e in shown]
        self._under = next((list(e.get("tiles", ())) for e in deal_events if e.get("type") == "ura_dora_shown"), [])
        self._first_looked: int | None = None
        self._looked_at = looked_at
        #: How many of the turned tiles, and of those under them, the rules have looked at so far this deal.
        self.looked = [0, 0]

    def _take(self, code: object, n: int) -> int:
        kind = self._kinds.get(code) if isinstance(code, str) else None
        if kind is None:
            raise ReplayError(f"not a tile: {code!r}", source=self.source, place=f"event {n}")
        self._seen[kind] += 1
        if self._seen[kind] > self._copies[kind]:
            raise ReplayError(f"tile {code} seen {self._seen[kind]} times; the tile set has "
                              f"{self._copies[kind]}", source=self.source, place=f"event {n}")
        return kind

    def deal(self, players: int) -> list[list[int]]:
        self._shadow.deal(players)
        if self._hands is None:
            raise ReplayError(f"the deal records no hands in {self.what}", source=self.source)
        hands = self._hands["hands"]
        if len(hands) != players:
            raise ReplayError(f"the hands event lists {len(hands)} hands; this ruleset seats {players}",
                              source=self.source, place=f"event {self._hands['n']}")
        return [[self._take(c, self._hands["n"]) for c in hands[(self._dealer + i) % players]]
                for i in range(players)]

    def draw(self) -> int:
        self._shadow.draw()
        event = next(self._draws, None)
        if event is None:
            raise ReplayError(f"the rules call for a draw here, but {self.what} records no more draws",
                              source=self.source)
        self._last_draw = self._take(event.get("tile"), event["n"])
        return self._last_draw

    def undraw(self) -> int:
        """A late pung took the turn back: the drawn tile goes back on the wall, to be drawn again."""
        self._shadow.undraw()
        self._seen[self._last_draw] -= 1
        return self._last_draw

    def draw_replacement(self) -> int:
        self._shadow.draw_replacement()
        event = next(self._replacements, None)
        if event is None:
            raise ReplayError(f"the rules call for a replacement tile here, but {self.what} records none",
                              source=self.source)
        return self._take(event.get("tile"), event["n"])

    def live_count(self) -> int:
        return self._shadow.live_count()

    def loose_count(self) -> int:
        return self._shadow.loose_count()

    def dead_wall_tile(self, index: int) -> int | None:
        """A tile of the dead wall only looked at, where the record shows it; ``None`` elsewhere.

        A physical table's record holds the tiles that were taken, and of those only looked at just the ones it
        shows turned face up (``dora_indicator_shown``, in the order turned) and those shown under them at a
        win (``ura_dora_shown``).  Tiles are turned stack by stack from the first one looked at: the first
        index asked for is the top of the first turned stack, each next stack two tiles on, the tile under a
        turned one the index after it.  A record (or an imported game) that shows none answers ``None`` as
        before: what was not recorded is not invented.
        """
        if not self._turned and self._looked_at is None:
            return None
        if self._first_looked is None:
            self._first_looked = index
        stack, beneath = divmod(index - self._first_looked, 2)
        tiles = self._under if beneath else self._turned
        if not 0 <= stack < len(tiles):
            if self._looked_at is not None:
                which = f"{'the one under ' if beneath else ''}indicator {stack + 1}"
                raise ReplayError(f"the rules look at a tile of the dead wall here ({which}), but {self.what} shows "
                                  f"{len(tiles)} "
                                  f"{'under them' if beneath else 'turned'}", source=self.source,
                                  place=self._looked_at[beneath])
            return None
        code = tiles[stack]
        kind = self._kinds.get(code) if isinstance(code, str) else None
        self.looked[beneath] = max(self.looked[beneath], stack + 1)
        return kind

    def commitment(self, salt: bytes) -> str:
        raise ReplayError("a physical game has no wall commitment", source=self.source)


def deal_slices(log: ReplayLog) -> list[list[dict[str, Any]]]:
    slices: list[list[dict[str, Any]]] = []
    for event in log.events:
        if event.get("type") == "deal_start":
            slices.append([])
        if slices:
            slices[-1].append(event)
    return slices
