"""Taking tiles from the wall: a turn's draw, a replacement from the dead wall, and bonus tiles set aside.

Every phase that gives a seat a tile (the bonus replacement after the deal,
a turn's draw, a kong's replacement, the count correction) comes through
here (a bonus tile taken is then announced and replaced by :mod:`.bonus`),
so the wall's own events (dice, dealing, loose-tile refills) reach the
log in the order they happened, between the draws that caused them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_core.engine.flow import DealOver
from mahjong_core.plugin.defaults import mahjong_deal_exhausted as core_deal_exhausted
from mahjong_core.table.state import Outcome, Seat

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame


def flush_wall_events(game: RunningGame) -> None:
    """Log what the wall did (ceremony, dealing, loose-tile refills) since the last flush."""
    wall = game.table.wall
    assert wall is not None  # only called during a deal, which has a wall
    events = wall.events
    while game.wall_events_sent < len(events):
        ev = events[game.wall_events_sent]
        game.wall_events_sent += 1
        game.event("table", "wall_" + ev["type"], **{k: v for k, v in ev.items() if k != "type"})


def hold(game: RunningGame, s: Seat, tile: int) -> None:
    """Put a tile among a seat's concealed tiles: its playing kind into the counts (a marked copy noted as
    such), a joker among the jokers held (only where jokers are played: elsewhere a joker is set aside)."""
    kind = game.plays_as[tile]
    if kind == tile:
        s.counts[tile] += 1
    elif kind >= 0:
        s.counts[kind] += 1
        s.marked.append(kind)
    else:
        s.held_jokers.append(tile)


def held_as(game: RunningGame, tile: int) -> int | None:
    """The playing kind a tile just taken is held as (a red five as its five); ``None`` for a joker."""
    kind = game.plays_as[tile]
    return kind if kind >= 0 else None


def take(game: RunningGame, seat: int, tile: int, event_type: str, **extra: Any) -> None:
    """Give a seat a tile from the wall (bonus tiles go straight to its bonus row, or into its hand where the
    ruleset keeps them: ``bonus_kept``) and log it."""
    s = game.table.seats[seat]
    s.taken += 1
    if game.bonus_kinds[tile]:
        if game.kept_bonus is not None:  # kept in the hand, to be set aside later or discarded
            s.kept.append(tile)
        elif game.tiles.jokers:
            s.set_aside(tile, tile in game.tiles.jokers)
        else:
            s.bonus.append(tile)
    elif game.plays_as[tile] == tile:
        s.counts[tile] += 1
    else:
        hold(game, s, tile)
    game.event("table", event_type, seat=seat, tile=game.codes[tile], **extra)
    wall = game.table.wall
    assert wall is not None  # tiles are taken only during a deal
    if len(wall.events) > game.wall_events_sent:
        flush_wall_events(game)


def draw_live(game: RunningGame, seat: int) -> int | None:
    """A seat's draw from the live wall; ``None`` when the ruleset says the deal is exhausted."""
    t = game.table
    t.turn = seat  # the seat about to draw, for a rule whose wall runs out seat by seat
    # Asked before every draw: where only the core's defaults implement the hook, the core's rule answers.
    if core_deal_exhausted(game.ruleset, t) if "mahjong_deal_exhausted" not in game.overridden \
            else game.hook.mahjong_deal_exhausted(ruleset=game.ruleset, table=t):
        return None
    assert t.wall is not None  # tiles are drawn only during a deal
    tile = t.wall.draw()
    t.kongs_in_turn = 0
    take(game, seat, tile, "draw")
    return tile


def draw_replacement(game: RunningGame, seat: int, reason: str) -> int:
    """A tile from the dead wall; with none left to give, the deal ends in a draw."""
    wall = game.table.wall
    assert wall is not None  # tiles are drawn only during a deal
    if (wall.loose_count() if wall.ceremony.loose_tiles else wall.live_count()) <= 0:
        raise DealOver(Outcome("draw"))
    tile = wall.draw_replacement()
    game.table.last_replacement_reason = reason
    if reason == "kong":
        game.table.kongs_in_turn += 1
    take(game, seat, tile, "replacement", reason=reason)
    return tile
