"""How a ruleset's jokers play: its ``jokers`` data read once into a :class:`JokerPlay`.

A tile set may hold jokers (``tile_set: [..., {group: jokers, copies: 8}]``);
whether they are played is the ruleset's ``jokers`` parameter.  Where it says
nothing, or ``played: false``, a joker is set aside and replaced like a bonus
tile, as every ruleset before jokers were played did, so those games (and their
logs) are what they were.

A ruleset may also make a *kind* wild for one deal (``jokers: {played: true, wild: {chosen_by: turned_tile}}``:
Fuzhou's gold): after the deal a tile is turned from the dead wall and every copy of its kind plays as a joker
until the deal ends (:mod:`mahjong_core.engine.wild`); or (``chosen_by: dice``, the Filipino game's wild) the dice
count a tile from the wall's end, turned face up where it lies.  Such a ruleset needs no joker tiles in its set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mahjong_core.hand.jokers import JokerRule

if TYPE_CHECKING:
    from mahjong_core.hand.tiles import TileSet
    from mahjong_core.rules.ruleset import Ruleset


@dataclass(frozen=True)
class JokerPlay:
    """How jokers play in a ruleset's games.

    :param rule: where a joker may stand in a complete hand and in a meld.
    :param calls: a joker may go into a meld made on a claimed discard (a pung of 5p claimed with one 5p and
        a joker); elsewhere only into melds the seat declares in its turn (kongs).
    :param dead_when_discarded: no seat may claim a discarded joker.
    :param exchange: who may take a joker from an exposed meld for the tile it stands for: ``none``, ``own``
        (the meld's owner) or ``any`` seat.
    :param kong_naturals: the fewest tiles of its kind a kong declared in the turn with jokers holds: 3 (three of
        a kind and a joker), 2 (two and two jokers) or 1 (one tile and three jokers).
    :param declared_kongs: a joker may go into a kong declared in the turn (where ``rule.pungs``); false where
        jokers are wild only in the complete hand (Fuzhou's gold is no part of any call or kong).
    :param wild: how a kind is made wild for each deal, or ``None`` where the tile set's jokers are the jokers.
    """

    rule: JokerRule = JokerRule()
    calls: bool = True
    dead_when_discarded: bool = True
    exchange: str = "any"
    kong_naturals: int = 3
    declared_kongs: bool = True
    wild: WildRule | None = None


@dataclass(frozen=True)
class WildRule:
    """A kind made wild for one deal (``jokers.wild``): every copy of it plays as a joker until the deal ends.

    :param chosen_by: ``turned_tile``: after the bonus tiles are replaced, a tile is turned face up from the dead
        wall's end and its kind is wild (Fuzhou's "opening the gold"); the turned tile stays out of play.
        ``dice``: a throw of the seeded dice counts a tile from the wall's dead end, passing over bonus tiles; it is
        turned face up where it lies and stays in the wall, a copy of the wild kind for whoever takes it.
    :param robbed: a seat whose dealt hand the turned tile, as a wild, completes may take it and win at once,
        the win counted as self-drawn (Fuzhou's "robbing the gold"); non-dealers are asked, in turn from the
        dealer's right.
    """

    chosen_by: str = "turned_tile"
    robbed: bool = False


def joker_play(ruleset: Ruleset, tiles: TileSet | None = None) -> JokerPlay | None:
    """The ruleset's joker play, or ``None`` where its jokers (if it has any) are set aside like bonus tiles.

    ``tiles`` is the ruleset's tile set where the caller has it (a game reads its binding's).
    """
    data = ruleset.get("jokers")
    if not isinstance(data, Mapping) or not data.get("played", False):
        return None
    wild = data.get("wild")
    rule = WildRule(str(wild.get("chosen_by", "turned_tile")), bool(wild.get("robbed", False))) \
        if isinstance(wild, Mapping) else None
    if rule is None and not (tiles if tiles is not None else ruleset.tiles()).jokers:
        return None
    where = set(data.get("in", ["pungs", "calls"]))
    return JokerPlay(JokerRule(pungs="pungs" in where, pairs="pairs" in where, chows="chows" in where),
                     calls="calls" in where,
                     dead_when_discarded=bool(data.get("dead_when_discarded", True)),
                     exchange=str(data.get("exchange", "any")),
                     kong_naturals=int(data.get("kong_naturals", 3)),
                     declared_kongs=bool(data.get("declared_kongs", True)), wild=rule)
