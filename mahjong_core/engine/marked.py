"""Marked copies (red fives) and jokers in a seat's hand: which copy leaves when a kind leaves.

A marked copy plays as its kind, so the count vector holds it like any other
copy, and the seat keeps apart only the playing kinds of the marked copies it
holds (:attr:`~mahjong_core.table.state.Seat.marked`).  A seat gives up a plain
copy before a marked one -- the player keeps the copy that scores -- so a
marked copy leaves the hand only when no plain copy of its kind is left: when
the kind's count falls below the marked copies held.  A discarded marked copy
is logged by its own code (``0p``), so the pond, the viewer and whoever claims
it know; a meld or a kong names its kind, and the fold takes the marked copy
where no plain one is left (:func:`mahjong_core.log.fold.take_tiles`).  A
marked copy melded lies face up in its meld: the seat keeps which meld holds
it (:func:`mark_meld`), and the table's view, like both folds, names it there
by its own code (``[4p 0p 6p]``), so the live page and the viewer draw it red.

Every function here runs only for a seat that holds a marked copy or a joker, so
games without them never pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.hand.tiles import TileSet
    from mahjong_core.table.state import Action, Seat


def released(s: Seat, kind: int, *, into_meld: bool) -> int:
    """After the kind's count fell, the marked copies that left with it (the plain ones went first).

    Those going into a meld are kept as the seat's melded marked copies; return how many left.
    """
    gone = s.marked.count(kind) - s.counts[kind]
    for _ in range(gone):
        s.marked.remove(kind)
        if into_meld:
            s.marked_melded.append(kind)
    return max(gone, 0)


def chosen(s: Seat, kinds: tuple[int, ...], *, into_meld: bool) -> None:
    """Give up the marked copies of ``kinds`` the player chose (``Action.marked``) before the kinds' counts fall:
    a plain copy of each stays in the hand where the default would have kept the marked one."""
    for kind in kinds:
        s.marked.remove(kind)
        if into_meld:
            s.marked_melded.append(kind)


def mark_meld(s: Seat, index: int, before: int) -> None:
    """Note that the marked copies melded since ``before`` (the length of :attr:`Seat.marked_melded` when the meld
    began) lie in the seat's meld at ``index``: the table's view names them by their own code there (``0p``)."""
    if len(s.marked_melded) > before:
        s.meld_marks.setdefault(index, []).extend(s.marked_melded[before:])


def refused_marking(s: Seat, action: Action, tiles: TileSet) -> str | None:
    """Why the marked copies an action names cannot be given up (``None``: they can): it names a copy only of
    a tile it gives up -- the discard, or a claim's tiles from the hand -- and only a copy the hand holds."""
    if action.kind == "discard":
        gives: tuple[int, ...] = () if action.tile is None else (action.tile,)
    elif action.kind in ("chow", "pung", "kong"):
        gives = action.tiles
    else:
        return f"a {action.kind} gives up no tile, so it names no marked copy"
    for kind in sorted(set(action.marked)):
        try:
            name = tiles.code(tiles.marked_of(kind))
        except (KeyError, IndexError):
            return f"the tile set has no marked copy of {tiles.code(kind) if 0 <= kind < len(tiles.kinds) else kind}"
        if action.marked.count(kind) > gives.count(kind):
            return f"it names the marked copy {name}, which is not among the tiles it gives up"
        if action.marked.count(kind) > s.marked.count(kind):
            return f"it names the marked copy {name}, which the hand does not hold"
    return None


def mark_discard(fields: dict[str, Any], s: Seat, action: Action, tiles: TileSet) -> None:
    """Log a discard by the marked copy's own code when the player chose it (``Action.marked``) or only marked
    copies of the kind are left in the hand."""
    kind = action.tile
    if kind is not None and (action.marked or (s.counts[kind] and s.marked.count(kind) >= s.counts[kind])):
        fields["tile"] = tiles.code(tiles.marked_of(kind))


def give_back(game: RunningGame, seat: int, tile: int) -> None:
    """Take back the tile a seat has just drawn (a late claim takes the turn): its count, its mark, its joker."""
    s = game.table.seats[seat]
    kind = game.plays_as[tile]
    if kind < 0:
        s.held_jokers.remove(tile)
        return
    s.counts[kind] -= 1
    if kind != tile:
        s.marked.remove(kind)
