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

A set may hold several joker kinds (``{group: jokers, copies: 3, kinds: 7}``, codes ``1j``-``7j``), each
standing only for the kinds ``jokers.stands_for`` names (Vietnamese jokers: one for dots, one for winds, one for
anything): *typed* jokers (:mod:`mahjong_core.hand.typed_jokers`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mahjong_core.hand.jokers import JokerRule
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS, TILE_GROUPS
from mahjong_core.hand.typed_jokers import is_laminar

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
    :param claimed_to_win_as: the tile-set joker kind a discarded joker is taken as by a seat it completes, which
        may claim it to win and for nothing else (the Vietnamese General); ``None`` where a discarded joker is dead
        to every claim.
    """

    rule: JokerRule = JokerRule()
    calls: bool = True
    dead_when_discarded: bool = True
    exchange: str = "any"
    kong_naturals: int = 3
    declared_kongs: bool = True
    wild: WildRule | None = None
    claimed_to_win_as: int | None = None


@dataclass(frozen=True)
class WildRule:
    """A kind made wild for one deal (``jokers.wild``): every copy of it plays as a joker until the deal ends.

    :param chosen_by: ``turned_tile``: after the bonus tiles are replaced, a tile is turned face up from the dead
        wall's end and its kind is wild (Fuzhou's "opening the gold"); the turned tile stays out of play.
        ``dice``: a throw of the seeded dice counts a tile from the wall's dead end, passing over bonus tiles; it is
        turned face up where it lies and stays in the wall, a copy of the wild kind for whoever takes it.
    :param robbed: a seat whose dealt hand the turned tile, as a wild, completes may take it and win at once,
        the win counted as self-drawn (Fuzhou's "robbing the gold"); non-dealers are asked, in turn from the
        dealer's right, unless the dealer's dealt hand wins as it is (his heavenly hand comes first).
    :param robbed_by_dealer: the dealer may rob it too, once his first discard leaves his hand ready for it: asked
        as that discard's claim window closes with no win on it (a win on the discard comes first), before a meld
        claimed of it is made.
    """

    chosen_by: str = "turned_tile"
    robbed: bool = False
    robbed_by_dealer: bool = False


def joker_play(ruleset: Ruleset, tiles: TileSet | None = None) -> JokerPlay | None:
    """The ruleset's joker play, or ``None`` where its jokers (if it has any) are set aside like bonus tiles.

    ``tiles`` is the ruleset's tile set where the caller has it (a game reads its binding's).
    """
    data = ruleset.get("jokers")
    if not isinstance(data, Mapping) or not data.get("played", False):
        return None
    wild = data.get("wild")
    rule = WildRule(str(wild.get("chosen_by", "turned_tile")), bool(wild.get("robbed", False)),
                    bool(wild.get("robbed_by_dealer", False))) if isinstance(wild, Mapping) else None
    if rule is None and not (tiles if tiles is not None else ruleset.tiles()).jokers:
        return None
    where = set(data.get("in", ["pungs", "calls"]))
    tile_set = tiles if tiles is not None else ruleset.tiles()
    typed = typed_jokers(data, tile_set)
    won_as = data.get("claimed_to_win_as")
    won_kind = tile_set.kind_of(won_as) if isinstance(won_as, str) else None
    masks, kinds = typed if isinstance(typed, tuple) else ((), ())
    framed = tuple((k, kinds.index(plain), frame) for k, plain, frame in tile_set.framed if plain in kinds)
    return JokerPlay(JokerRule(pungs="pungs" in where, pairs="pairs" in where, chows="chows" in where,
                               stands_for=masks, kinds=kinds, framed=framed),
                     calls="calls" in where,
                     dead_when_discarded=bool(data.get("dead_when_discarded", True)),
                     exchange=str(data.get("exchange", "any")),
                     kong_naturals=int(data.get("kong_naturals", 3)),
                     declared_kongs=bool(data.get("declared_kongs", True)), wild=rule,
                     claimed_to_win_as=won_kind if won_kind is not None and won_kind in tile_set.jokers else None)


#: The names ``jokers.stands_for`` may give besides the tile groups and single kinds' codes.
STAND_FOR_NAMES: dict[str, tuple[int, ...]] = {
    "any": tuple(range(NUM_PLAYING_KINDS)),
    "suits": tuple(range(27)),
    "honours": tuple(range(27, NUM_PLAYING_KINDS)),
}


def typed_jokers(data: Mapping[str, object], tiles: TileSet) -> tuple[tuple[int, ...], tuple[int, ...]] | str | None:
    """The typed jokers ``jokers.stands_for`` says: (a bitmask of the playing kinds per joker type, the tile
    set's joker kinds in the same order); ``None`` where it says nothing; else a message saying what is wrong
    (the load refuses the ruleset with it: :mod:`mahjong_core.rules.playable`).

    Each joker kind of the set (``1j``, ``2j`` ...) is named once, with a non-empty list of tile groups
    (``dots``, ``winds`` ...), ``suits``, ``honours``, ``any`` or single kinds' codes (``5p``); a framed copy
    (``1d``, ``TileSet.framed``) is not named: it stands for what its plain kind does.
    The kinds of any two types nest or are apart (:func:`~mahjong_core.hand.typed_jokers.is_laminar`), so that the
    hand search's fill is exact.
    """
    stands = data.get("stands_for")
    if stands is None:
        return None
    if not isinstance(stands, Mapping) or not stands:
        return f"stands_for maps each joker kind's code (1j, 2j ...) to the kinds it stands for, got {stands!r}"
    framed = {k for k, _, _ in tiles.framed}
    own = {tiles.code(k): k for k in sorted(tiles.jokers) if k not in framed}
    if not own:
        return "stands_for names joker kinds, but the tile set holds no jokers ({group: jokers, kinds: N})"
    missing = [code for code in own if code not in stands]
    if missing:
        return f"stands_for does not say what {', '.join(missing)} stands for: every joker kind of the set is typed"
    masks: list[int] = []
    for joker, names in stands.items():
        if joker not in own:
            return f"stands_for names {joker!r}, which is no joker kind of the tile set (expected one of {list(own)})"
        if isinstance(names, str) or not isinstance(names, list | tuple) or not names:
            return f"{joker} stands for a non-empty list of groups or kinds, got {names!r}"
        mask = 0
        for name in names:
            if not isinstance(name, str):
                return f"{joker} stands for groups or kinds by name, got {name!r}"
            group = STAND_FOR_NAMES.get(name) or TILE_GROUPS.get(name)
            kind = tiles.kind_of(name)
            if group is not None and all(k < NUM_PLAYING_KINDS for k in group):
                mask |= sum(1 << k for k in group)
            elif kind is not None and kind < NUM_PLAYING_KINDS:
                mask |= 1 << kind
            else:
                known = sorted([*STAND_FOR_NAMES, *(g for g in TILE_GROUPS if g not in ("flowers", "seasons"))])
                return f"{joker} stands for {name!r}, which is no playing group ({known}) nor a playing kind's code"
        masks.append(mask)
    overlap = is_laminar(masks)
    if overlap is not None:
        a, b = (list(stands)[i] for i in overlap)
        return (f"{a} and {b} stand for kinds that overlap without one holding the other: typed jokers' kinds "
                "nest or are apart")
    order = [own[str(code)] for code in stands]
    by_kind = sorted(zip(order, masks, strict=True))
    return tuple(m for _, m in by_kind), tuple(k for k, _ in by_kind)
