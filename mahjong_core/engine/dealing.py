"""The start of a deal: the wall and its commitment, dealing the hands, bonus tiles replaced, declarations.

In the order :meth:`mahjong_core.engine.game.Game.play_deal` runs them:
:func:`build_wall` (the wall ceremony, ``mahjong_build_wall``, or the tiles
observed at a physical table), :func:`deal_hands`, then the tile exchange
(:mod:`.exchange`), :func:`bonus_replacement` and
:func:`deal_declarations` (``mahjong_deal_declarations``).  Then the turns
begin (:mod:`.turn`, :mod:`.claims`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong_core.engine.bonus import set_aside_as_bonus, settle_bonus
from mahjong_core.engine.drawing import flush_wall_events, hold
from mahjong_core.engine.flow import answered
from mahjong_core.engine.plugin_actions import apply_plugin_action, check_offered
from mahjong_core.engine.refusal import REFUSAL, only_pass, without_refused
from mahjong_core.table.rng import deal_rng
from mahjong_core.table.state import Action
from mahjong_core.table.vocabulary import AS_BONUS

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.table.wall import TileSource


def build_wall(game: RunningGame) -> bytes | None:
    """Build the deal's tile source, log the deal's start with the wall's commitment; return the salt.

    The salt is revealed on the deal's last line (:func:`.deal_end.finish_deal`);
    a physical table's observed tiles have no commitment and no salt.
    """
    t = game.table
    rng = None
    wall: TileSource
    if game.tile_source_factory is not None:
        wall = game.tile_source_factory(game)
    else:
        assert game.seed is not None  # __init__ refuses a game with neither a seed nor a tile source
        rng = deal_rng(game.seed, t.round_index, t.deal_number)
        wall = answered(game.hook.mahjong_build_wall(ruleset=game.ruleset, tiles=game.tile_set, rng=rng),
                        "mahjong_build_wall")
    t.wall = wall
    salt = None
    logged: dict[str, str] = {}
    if rng is not None and game.salts is not None:
        salt = bytes(game.salts(game))
        logged["salt"] = salt.hex()
    elif rng is not None:
        salt_rng = rng.derive("commitment-salt")
        salt = salt_rng.next_u64().to_bytes(8, "big") + salt_rng.next_u64().to_bytes(8, "big")
    game.event("table", "deal_start", deal=t.deal_number, round=t.round_index, dealer=t.dealer,
               prevalent_wind=t.prevalent_wind,
               wall_commitment=wall.commitment(salt) if salt is not None else None, **logged)
    game.wall_events_sent = 0
    flush_wall_events(game)
    return salt


def deal_hands(game: RunningGame) -> list[list[int]]:
    """Deal every hand from the dealer round; return each seat's dealt bonus tiles, still to be replaced.

    A dealt bonus tile goes to the seat's bonus row at once but is shown in
    the ``hands`` line with the hand it came in, and replaced later, after the
    exchange (:func:`bonus_replacement`).  Where the ruleset keeps bonus tiles in the hand (``bonus_kept``), it
    stays among the seat's concealed tiles instead (``Seat.kept``), to be laid down before play or in a turn.
    """
    t = game.table
    assert t.wall is not None  # dealt from the wall built by build_wall
    pending: list[list[int]] = [[] for _ in range(t.players)]
    bonus_kinds = game.bonus_kinds
    plays_as, names = game.plays_as, game.codes
    dealt = t.wall.deal(t.players)
    flush_wall_events(game)
    others: list[list[int]] = [[] for _ in range(t.players)]  # marked copies, listed after their kinds' plain ones
    for i, tiles in enumerate(dealt):
        seat = (t.dealer + i) % t.players
        for tile in tiles:
            if bonus_kinds[tile]:
                if game.kept_bonus is not None:
                    t.seats[seat].kept.append(tile)
                    continue
                pending[seat].append(tile)
                t.seats[seat].set_aside(tile, tile in game.tiles.jokers)
            elif plays_as[tile] == tile:
                t.seats[seat].counts[tile] += 1
            else:
                hold(game, t.seats[seat], tile)
                others[seat].append(tile)
    game.event("table", "hands", hands=[dealt_codes(t.seats[s].counts, others[s], pending[s] or t.seats[s].kept,
                                                    plays_as, names) for s in range(t.players)])
    return pending


def dealt_codes(counts: list[int], marked: list[int], bonus: list[int], plays_as: Sequence[int],
                names: Sequence[str]) -> list[str]:
    """A dealt hand's codes as the ``hands`` line writes them: the playing tiles sorted (a marked copy in its
    five's place, after the plain ones), the jokers held where jokers are played, then the bonus tiles and
    jokers dealt, still to be set aside."""
    if not marked:  # no red five or joker held: the kinds in order, each as often as held (most deals)
        return [names[kind] for kind, n in enumerate(counts) if n for _ in range(n)] + [names[t] for t in bonus]
    plain = list(counts)
    for t in marked:
        if plays_as[t] >= 0:
            plain[plays_as[t]] -= 1
    out: list[str] = []
    for kind, n in enumerate(plain):
        out.extend([names[kind]] * n)
        out.extend(names[t] for t in marked if plays_as[t] == kind)
    out.extend(names[t] for t in marked if plays_as[t] < 0)  # jokers held (where played), after the kinds
    out.extend(names[t] for t in bonus)
    return out


def bonus_replacement(game: RunningGame, pending: list[list[int]]) -> None:
    """Set aside the dealt bonus tiles and replace them, seat by seat from the dealer, until none is left."""
    t = game.table
    for i in range(t.players):
        seat = (t.dealer + i) % t.players
        for tile in pending[seat]:
            t.seats[seat].announce_aside(tile)
            settle_bonus(game, seat, tile)


def deal_declarations(game: RunningGame) -> None:
    """Offer each seat, from the dealer round, what it may declare on its dealt hand (a calling hand, a joker).

    A seat that sets a joker aside (an action of the way ``as_bonus``: :func:`.bonus.set_aside_as_bonus`) takes
    its replacement into the hand and is asked again, until it passes or declares something else: each joker is
    laid down on its own, before the first discard, as a seat lays down its flowers.
    """
    t = game.table
    if "mahjong_deal_declarations" not in game.implemented:
        return
    for i in range(t.players):
        seat = (t.dealer + i) % t.players
        asked_again = True
        while asked_again:  # a seat that laid a joker down has a new hand to declare from
            asked_again = declare(game, seat)


def declare(game: RunningGame, seat: int) -> bool:
    """Ask one seat for one declaration; whether it set a joker aside and is to be asked again."""
    t = game.table
    options = [a for group in game.hook.mahjong_deal_declarations(ruleset=game.ruleset, table=t, seat=seat)
               for a in group]
    if not options:
        return False
    check_offered(game, options, "mahjong_deal_declarations")
    offered: Sequence[Action] = [*options, Action("pass")]
    if REFUSAL in game.implemented:
        offered = without_refused(game, seat, offered, "declaration")
        if only_pass(offered):
            return False
    action = game.decide(seat, offered, "declaration")
    if action.kind == "declare_calling":
        s = t.seats[seat]
        s.calling = s.calling_from_start = True
    elif action.way == AS_BONUS and action.tile is not None:  # a joker laid down before play, and replaced
        set_aside_as_bonus(game, seat, action)
        return True
    elif action.kind in game.vocabulary.plugin_actions:
        apply_plugin_action(game, seat, action, "declaration")
    return False
