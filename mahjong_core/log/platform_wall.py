"""The walls of an imported game whose platform published how it shuffles: rebuilt from the platform's seed.

An imported game is a physical-table log (``"rng": null``): its tiles are
the ones its platform recorded.  Where the platform publishes its shuffle and
each game's seed -- Tenhou does, ``mt19937ar-sha512-n288``
(:mod:`mahjong_core.table.tenhou_shuffle`) -- the header's ``source.wall``
names the algorithm and the seed, and each deal is played from the whole wall
rebuilt from them: every tile dealt, drawn and taken as a replacement, and
every tile a rule turns face up from the dead wall (riichi's dora and ura-dora
indicators, which a record of observed tiles cannot give), then follows from
the seed, and the audit of the log, comparing each of them with the log's
line, verifies the record against the platform's own wall.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError, ReplayError
from mahjong_core.hand.tiles import KINDS
from mahjong_core.table.tenhou_shuffle import ALGORITHM as TENHOU
from mahjong_core.table.tenhou_shuffle import TILES, TILES_3P, TenhouShuffle, draw_order
from mahjong_core.table.wall import Wall

if TYPE_CHECKING:
    from mahjong_core.engine.game import Game

__all__ = ["PLATFORM_WALLS", "PlatformWalls", "tenhou_code"]

#: A log's ``source.wall.algorithm`` for walls written out whole (``walls``: each deal's tiles as codes, in draw
#: order): a platform whose record shows the tiles but publishes no shuffle (tenhou.net/6 JSON).
RECORDED = "recorded"
#: The platforms' shuffles a log's ``source.wall.algorithm`` may name, each with the words an audit says of it.
PLATFORM_WALLS: Mapping[str, str] = {TENHOU: "Tenhou's seed", RECORDED: "the platform's record"}
#: Tenhou's red fives among its tile numbers (one of each suit's four fives).
_RED = {16: "0m", 52: "0p", 88: "0s"}


def _plain(code: str) -> str:
    """A marked red five's code as the five it plays as (``0p`` is ``5p``)."""
    return "5" + code[1] if code[:1] == "0" else code


def tenhou_code(number: int, red: bool = True) -> str:
    """The notation code of Tenhou's tile number (0-135): ``n // 4`` is the kind, in the standard kinds' order;
    16, 52 and 88 are the red fives where the game plays them (``red``)."""
    if red and number in _RED:
        return _RED[number]
    return KINDS[number // 4].code


class PlatformWalls:
    """Each deal's wall of one game, rebuilt from its platform's seed: a ``tile_source_factory`` for the game.

    :param wall: the header's ``source.wall``: ``{"algorithm", "seed"}``.
    :param source: the log or record the game comes from, for messages.
    :raises ReplayError: for an algorithm this version does not implement, or a seed it cannot read.
    """

    def __init__(self, wall: Mapping[str, Any], source: str) -> None:
        self.algorithm = str(wall.get("algorithm"))
        self.source = source
        if self.algorithm not in PLATFORM_WALLS:
            raise ReplayError(f"the log's source.wall names the shuffle {self.algorithm!r}; this version rebuilds "
                              f"{', '.join(sorted(PLATFORM_WALLS))}", source=source, place="line 1")
        self._walls: list[tuple[list[int], tuple[int, int]]] = []
        #: Where the ring is broken for each throw (:func:`build`'s ``layouts``): one game's ceremony lays it out.
        self._layouts: dict[tuple[Any, ...], tuple[list[int], list[list[int]] | None]] = {}
        self._recorded: list[str] | None = None
        #: The tile numbers the game's set holds, as the shuffle takes them (``None``: all 136), once known.
        self._numbers: tuple[int, ...] | None = None
        self._kind_of: dict[int, int] | None = None
        if self.algorithm == RECORDED:
            walls = wall.get("walls")
            if not isinstance(walls, list) or not all(isinstance(w, str) for w in walls):
                raise ReplayError("the log's source.wall of the recorded walls has no list of walls",
                                  source=source, place="line 1")
            self._recorded = walls
            return
        try:
            self._shuffle = TenhouShuffle(str(wall.get("seed")))
        except MahjongError as exc:
            raise ReplayError(exc.message, source=source, place="line 1") from None

    def tiles(self, deal: int) -> tuple[list[int], tuple[int, int]]:
        """Deal ``deal``'s wall in the platform's tile numbers, and its dice (the deals are shuffled in order, over
        the tile numbers of the game's set: all 136, or a three-player game's 108)."""
        while len(self._walls) <= deal:
            self._walls.append(self._shuffle.next_wall(self._numbers))
        return self._walls[deal]

    def _tile_numbers(self, game: Game) -> tuple[int, ...] | None:
        """The tile numbers of the game's set as Tenhou shuffles them: all 136 (``None``), or a three-player game's
        108 (``tenhou_shuffle.TILES_3P``); a set that is neither is refused."""
        plain = Counter(_plain(game.codes[k]) for k in game.tile_set)
        if len(game.tile_set) == TILES and all(plain[KINDS[n // 4].code] == 4 for n in range(0, TILES, 4)):
            return None
        if len(game.tile_set) == len(TILES_3P) and all(plain[KINDS[n // 4].code] == 4 for n in TILES_3P[::4]):
            return TILES_3P
        raise ReplayError(f"{PLATFORM_WALLS[self.algorithm]} shuffles {TILES} tiles, or {len(TILES_3P)} at three "
                          f"seats (no 2m-8m); {game.ruleset.id} plays {len(game.tile_set)} others",
                          source=self.source, place="line 1")

    def __call__(self, game: Game) -> Wall:
        if self._recorded is not None:
            return self._written(game)
        if self._kind_of is None:  # once a game: its tile numbers, and the kind each plays as
            self._numbers = self._tile_numbers(game)
            kinds = {code: kind for kind, code in enumerate(game.codes)}
            # a red five where the set has that red copy (sanma has 0p and 0s, not 0m), else the plain five
            self._kind_of = {n: kinds[code] if (code := tenhou_code(n)) in kinds else kinds[tenhou_code(n, False)]
                             for n in (self._numbers or range(TILES))}
        numbers, dice = self.tiles(game.table.deal_number)
        kind_of = self._kind_of
        order = [kind_of[n] for n in draw_order(numbers)]
        return build(order, dice, game.ruleset.value("wall_ceremony"), game.table.players,
                     int(game.ruleset.value("exhaustive_draw_tiles_left")), game.tile_set, layouts=self._layouts)


    def _written(self, game: Game) -> Wall:
        """The deal's wall as the header writes it out: its codes in draw order, the ring broken before the first
        (no dice recorded), the dead end last."""
        assert self._recorded is not None
        number = game.table.deal_number
        place = "line 1"
        if number >= len(self._recorded):
            raise ReplayError(f"the rules call for deal {number + 1}, but source.wall writes out "
                              f"{len(self._recorded)} walls", source=self.source, place=place)
        text = self._recorded[number]
        kinds = {code: kind for kind, code in enumerate(game.codes)}
        codes = [text[i:i + 2] for i in range(0, len(text), 2)]
        unknown = next((c for c in codes if c not in kinds), None)
        if unknown is not None or len(text) % 2:
            raise ReplayError(f"source.wall's wall {number + 1} holds {unknown!r}, no tile of {game.ruleset.id}",
                              source=self.source, place=place)
        try:
            return Wall.from_order([kinds[c] for c in codes], game.ruleset.value("wall_ceremony"), dice=None,
                                   tile_set=game.tile_set, players=game.table.players,
                                   exhaustive_draw_tiles_left=int(game.ruleset.value("exhaustive_draw_tiles_left")))
        except MahjongError as exc:
            raise ReplayError(f"source.wall's wall {number + 1}: {exc.message}", source=self.source,
                              place=place) from None


def build(draws: Sequence[int], dice: tuple[int, int], ceremony: Mapping[str, Any], players: int,
          threshold: int, tile_set: Sequence[int], *,
          layouts: dict[tuple[Any, ...], tuple[list[int], list[list[int]] | None]] | None = None) -> Wall:
    """A wall that deals and draws ``draws`` in order, its dead end last, broken where the ceremony puts the break
    for ``dice``: the ring is laid out so that the recorded throw breaks it before ``draws[0]``.

    :param layouts: where to keep each throw's layout for the next deal of the same game (the same ceremony and
        seats): finding it builds a wall of its own, half the cost of a deal's wall.
    """
    key = (tuple(dice), players, len(draws))
    layout = layouts.get(key) if layouts is not None else None
    if layout is None:
        layout = _layout(len(draws), dice, ceremony, players)
        if layouts is not None:
            layouts[key] = layout
    ring, throws = layout
    order = [0] * len(draws)
    for position, tile in zip(ring, draws, strict=True):
        order[position] = tile
    return Wall.from_order(order, ceremony, dice=[list(t) for t in throws] if throws is not None else None,
                           tile_set=tile_set, players=players, exhaustive_draw_tiles_left=threshold)


def _layout(tiles: int, dice: tuple[int, int], ceremony: Mapping[str, Any],
            players: int) -> tuple[list[int], list[list[int]] | None]:
    """The ring's positions from the break ``dice`` make on, and the throws to record (``None``: the ring broken
    before its first tile, for a ceremony of another number of dice or throws)."""
    try:
        probe = Wall.from_order(list(range(tiles)), ceremony, dice=[list(dice)], players=players)
        ring = probe.remaining()  # the ring's positions from the break on (the ceremony lays no loose tiles apart)
        throws: list[list[int]] | None = [list(dice)]
    except MahjongError:
        return list(range(tiles)), None
    if len(ring) != tiles:
        return list(range(tiles)), None
    return ring, throws
