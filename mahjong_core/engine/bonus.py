"""Bonus tiles taken: each announced, offered to be robbed where the ruleset says so, and replaced.

:func:`settle_bonus` announces a bonus tile a seat has taken and gives it a replacement from the dead wall, for as
long as the replacements are bonus tiles too.  Before each replacement, another seat may win on the bonus tile
where the ruleset says so (:func:`offer_bonus`).

Taiwanese mahjong's seven flowers robbing the eighth (七搶一) is the model: a seat holding seven of the eight
flowers and seasons may take the eighth as another seat sets it aside, and wins with it.  No hand shape decides
this (a bonus tile completes no set), so the engine asks the plugins, once after every ``bonus`` event
(:func:`settle_bonus`, the replacements right after the deal included):

* ``mahjong_kong_robbable`` with the way ``bonus`` -- whether a bonus tile being set aside may be won on at all,
  asked as a kong's or a North's tile is (one question for every tile leaving a seat face up);
* ``mahjong_hand_complete`` with how ``robbing_bonus`` -- whether this seat's hand wins with it (only a plugin's
  ``True`` counts: the core's shapes say nothing of a bonus tile), then the ruleset's objections to the win.

Each such seat, in turn from the drawer's right, decides in the phase ``rob_bonus`` (win or pass).  The first to
take it wins: the ``bonus_robbed`` event moves the tile from the drawer's bonus row to the robber's, the robber
takes a replacement tile for it from the dead wall (a bonus tile set aside is always made good, the robbed one too;
with none left the deal is drawn), and wins with the hand so made, the drawer named as the seat that gave the tile
(the settlement has him pay as a discarder).

The same rule read the other way round (jawiki's second case of 七搶一): the seat that has just set aside its
seventh flower, while another seat already holds the eighth, may take that one.  Once the seat's bonus tiles are
replaced (:func:`settle_bonus`), the engine asks ``mahjong_kong_robbable`` with the way ``bonus_held`` of each tile
in another seat's bonus row, and ``mahjong_hand_complete`` with how ``robbing_bonus`` whether this seat's hand wins
with it (:func:`offer_held`).  Taken, the ``bonus_robbed`` event moves it from the holder's row to the seat's
(its ``drawer`` names the seat the tile is taken from), and the seat wins with the hand it holds, the holder named
as the seat that gave the tile.  No replacement is drawn for it: the seat's hand already holds the replacement of
the flower it has just set aside.
The offer shows the seat nothing it could not see: every bonus row is face up, each tile shown by its ``bonus``
event.

A joker held may be set aside as a bonus tile by the seat's choice (a plugin's action of the way ``as_bonus``,
Vietnamese jokers declared for Phán): :func:`set_aside_as_bonus`, in a turn or in the deal's declarations; so may a
bonus tile the seat kept in its hand where the ruleset keeps them (``bonus_kept``, Vietnamese flowers):
:func:`set_kept_aside`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong_core.engine.drawing import draw_replacement, held_as
from mahjong_core.engine.refusal import REFUSAL, only_pass, without_refused
from mahjong_core.engine.winning import asked_complete, declare_win, win_allowed
from mahjong_core.errors import MahjongError
from mahjong_core.hand.jokers import ANY_JOKER
from mahjong_core.table.events import code
from mahjong_core.table.state import Action

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame

#: The way ``mahjong_kong_robbable`` is asked with, the win's how, and the phase of the seat's decision.
WAY = "bonus"
#: The way ``mahjong_kong_robbable`` is asked with of a tile another seat holds, taken by the seat setting one aside.
HELD_WAY = "bonus_held"
HOW = "robbing_bonus"
PHASE = "rob_bonus"


def offer_bonus(game: RunningGame, drawer: int, tile: int) -> None:
    """Offer a bonus tile just set aside by ``drawer`` to the seats it lets win (see the module docstring);
    a robbery ends the deal (or, where play goes on after a win, the robber leaves it)."""
    t = game.table
    if "mahjong_kong_robbable" not in game.implemented or tile in game.tiles.jokers \
            or not game.hook.mahjong_kong_robbable(ruleset=game.ruleset, table=t, way=WAY, tile=tile):
        return
    for off in range(1, t.players):
        seat = (drawer + off) % t.players
        if t.wins and t.out_of_play(seat):
            continue
        if not _takes(game, seat, tile):
            continue
        t.seats[drawer].bonus.remove(tile)
        t.seats[seat].bonus.append(tile)
        game.event("table", "bonus_robbed", seat=seat, drawer=drawer, tile=game.codes[tile])
        # The robber makes good the bonus tile he now holds, as any seat does, and wins with the hand so made.
        declare_win(game, seat, draw_replacement(game, seat, "bonus"), HOW, drawer)


def offer_held(game: RunningGame, seat: int, kept: int) -> None:
    """Let the seat that has just replaced its bonus tiles (``kept``: the tile it kept) win by taking a bonus tile
    another seat holds, where a plugin says so (see the module docstring); a win ends the deal.

    The seats are asked about from the seat's right, each row in its order; a seat that passes is not asked again
    until it sets another bonus tile aside.
    """
    t = game.table
    if "mahjong_kong_robbable" not in game.implemented or "mahjong_hand_complete" not in game.implemented:
        return
    # Each kind is asked about once: where a tile set plays whole kinds as bonus tiles (honours set aside as
    # flowers), the rows hold several copies of one kind, and the hooks are told the kind, not the copy or its
    # holder.  Until the seat decides nothing on the table changes, so a later copy would get the first one's
    # answers; the questions asked, and their order, are otherwise as they were.
    passed: set[int] = set()
    for off in range(1, t.players):
        holder = (seat + off) % t.players
        if t.wins and t.out_of_play(holder):
            continue
        for tile in tuple(t.seats[holder].bonus):
            if tile in passed:
                continue
            passed.add(tile)
            if tile in game.tiles.jokers or not game.hook.mahjong_kong_robbable(
                    ruleset=game.ruleset, table=t, way=HELD_WAY, tile=tile):
                continue
            taken = _takes(game, seat, tile)
            if taken is None:
                continue
            if not taken:
                return
            t.seats[holder].bonus.remove(tile)
            t.seats[seat].bonus.append(tile)
            game.event("table", "bonus_robbed", seat=seat, drawer=holder, tile=game.codes[tile])
            declare_win(game, seat, kept, HOW, holder)


def settle_bonus(game: RunningGame, seat: int, tile: int) -> int:
    """While the tile just taken is a bonus tile, announce it and take a replacement; return the tile kept.

    Each bonus tile announced may first be robbed by a seat it lets win (:func:`offer_bonus`), which ends the
    deal; otherwise the drawer takes its replacement.  Once replaced, the drawer may win by taking a bonus tile
    another seat holds (:func:`offer_held`).
    """
    bonus_kinds = game.bonus_kinds
    set_aside = False
    while bonus_kinds[tile]:
        if game.kept_bonus is not None:  # kept in the hand (``bonus_kept``): the seat sets it aside if it chooses
            break
        game.event("table", "bonus", seat=seat, tile=game.codes[tile])
        offer_bonus(game, seat, tile)
        tile = draw_replacement(game, seat, "bonus")
        set_aside = True
    if set_aside:
        offer_held(game, seat, tile)
    return tile


def _takes(game: RunningGame, seat: int, tile: int) -> bool | None:
    """Whether ``seat`` wins by taking the bonus tile ``tile``: ``None`` where it is not offered (its hand is not
    complete with the tile, a rule forbids the win, or the rules leave it only a pass), else the seat's choice."""
    if asked_complete(game, seat, tile, HOW) is not True or not win_allowed(game, seat, tile, HOW):
        return None
    options: Sequence[Action] = [Action("win", tile), Action("pass")]
    if REFUSAL in game.implemented:
        options = without_refused(game, seat, options, PHASE)
        if only_pass(options):
            return None
    return game.decide(seat, options, PHASE).kind == "win"


def set_aside_as_bonus(game: RunningGame, seat: int, action: Action) -> int | None:
    """A plugin's action of the way ``as_bonus``: a joker the seat holds set aside face up as a bonus tile.

    The action names the joker as a discard does (``1j``, a typed joker by its type); the core's ``bonus`` event
    sets it aside, as a bonus tile drawn is (both folds take it from the hand to the bonus row), the scorer reads
    it among the hand's bonus tiles, and the seat takes a replacement, which the turn goes on from (declared
    before play, in the deal's declarations, the replacement joins the hand: :func:`.dealing.deal_declarations`).
    A joker is never robbed as it is set aside.  Returns the tile kept.

    :raises MahjongError: where the seat holds no such joker (the plugin offered what the hand does not hold).
    """
    s = game.table.seats[seat]
    tile = action.tile
    assert tile is not None  # checked by the caller
    if tile in s.kept:  # a bonus tile kept in the hand (``bonus_kept``)
        return set_kept_aside(game, seat, tile)
    rule = s.joker_rule
    if rule is not None and rule.stands_for:  # a typed joker, named by its type (a framed copy with its frame)
        joker = rule.given_up(s.held_jokers, tile)
    else:
        joker = s.held_jokers[-1] if tile == ANY_JOKER and s.held_jokers else None
    if joker is None or joker not in s.held_jokers:
        raise MahjongError(f"seat {seat} chose {action.kind} {code(tile)} (way as_bonus), which names no joker the "
                           "seat holds", place=f"event {game.n}")
    s.held_jokers.remove(joker)
    s.set_aside(joker, False)
    game.event("table", "bonus", seat=seat, tile=game.codes[joker])
    return held_as(game, settle_bonus(game, seat, draw_replacement(game, seat, action.kind)))


def set_kept_aside(game: RunningGame, seat: int, tile: int) -> int | None:
    """A bonus tile the seat kept in its hand (``bonus_kept``: :mod:`mahjong_core.rules.kept_bonus`) set aside by
    its choice, as one drawn is set aside elsewhere: the core's ``bonus`` event (both folds take it from the hand to
    the bonus row), offered to the seats it lets win (:func:`offer_bonus`), then replaced; the replacement, a bonus
    tile too, is kept in its turn.  Returns the playing kind kept (``None`` for a bonus tile or a joker)."""
    s = game.table.seats[seat]
    s.kept.remove(tile)
    s.set_aside(tile, False)
    game.event("table", "bonus", seat=seat, tile=game.codes[tile])
    offer_bonus(game, seat, tile)
    return held_as(game, settle_bonus(game, seat, draw_replacement(game, seat, "bonus")))
