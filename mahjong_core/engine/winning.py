"""Declaring mahjong: whether a seat may, the facts of its win, the win itself, and a false declaration.

A hand that is complete (:func:`mahjong_core.plugin.forms.is_mahjong`) may
still not win: the ruleset's objections (``mahjong_win_objections``) are
asked with the facts of the win (``mahjong_win_context``).  A mahjong declared
on a hand that is not one costs what the ruleset says (``mahjong_false_win``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.flow import DealOver
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS
from mahjong_core.plugin.forms import is_mahjong
from mahjong_core.table.events import action_fields, code
from mahjong_core.table.state import Action, Outcome

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.table.state import FalseWinPenalty


def asked_complete(game: RunningGame, seat: int, tile: int, how: str) -> bool | None:
    """The plugins' answer to "is this hand complete?" (``mahjong_hand_complete``), or ``None`` for the core's.

    Only games where a plugin implements the hook ask it; elsewhere the answer is ``None`` without a call.
    """
    if "mahjong_hand_complete" not in game.implemented:
        return None
    answer = game.hook.mahjong_hand_complete(ruleset=game.ruleset, table=game.table, seat=seat, tile=tile, how=how)
    return None if answer is None else bool(answer)


def hand_complete(game: RunningGame, seat: int, counts: list[int], tile: int, how: str) -> bool:
    """Whether the seat's hand (``counts``, the winning tile among them) is complete: a plugin's answer where one
    gives it (:func:`asked_complete`), else its shape in the game's forms (:func:`is_mahjong`)."""
    asked = asked_complete(game, seat, tile, how)
    if asked is not None:
        return asked
    return is_mahjong(counts, game.forms, game.added_forms) if sum(counts) % 3 == 2 else False


def win_allowed(game: RunningGame, seat: int, tile: int, how: str) -> bool:
    """Whether the seat may declare mahjong with ``tile``.

    A self-drawn tile is already among the seat's tiles; a discard or a
    robbed kong tile is not yet, and is added as the winning tile.
    """
    context = game.win_context(seat, tile, how)
    s = game.table.seats[seat]
    hand = replace(s.to_hand(), winning_tile=tile) if how in ("discard", "robbing_kong") else s.to_hand(tile)
    objections = game.hook.mahjong_win_objections(ruleset=game.ruleset, table=game.table, seat=seat,
                                                  hand=hand, context=context)
    return not objections


def hook_win_context(game: RunningGame, seat: int, tile: int, how: str) -> dict[str, Any]:
    """The facts of a win that objections and scoring read, merged from every plugin (later ones winning).

    The phases ask :meth:`Game.win_context <mahjong_core.engine.game.Game.win_context>`, which answers this
    and which a game that knows more of the table refines (a game re-enacted from a score sheet).
    """
    merged: dict[str, Any] = {}
    for part in reversed(game.hook.mahjong_win_context(ruleset=game.ruleset, table=game.table, seat=seat,
                                                       tile=tile, how=how)):
        merged.update(part)
    return merged


def declare_win(game: RunningGame, seat: int, tile: int, how: str, discarder: int | None) -> None:
    """End the deal with this seat's win (logged as it ends)."""
    raise DealOver(win_outcome(game, seat, tile, how, discarder))


def win_outcome(game: RunningGame, seat: int, tile: int, how: str, discarder: int | None) -> Outcome:
    """Log a mahjong and return the deal's outcome: the winner, how, with which tile, from whom."""
    marked = how == "discard" and game.table.last_discard_marked  # a red five won on: named by its own code
    game.event("table", "mahjong", seat=seat, tile=game.codes[game.tiles.marked_of(tile)] if marked else code(tile),
               how=how, discarder=discarder)
    return Outcome("win", seat, how, tile, discarder)


def false_win(game: RunningGame, seat: int, action: Action, phase: str, delay: int) -> FalseWinPenalty | None:
    """A mahjong declared on a hand that is not one: the ruleset's penalty, then the wronged side's choice.

    Returns ``None`` where the ruleset has no rule for it (the declaration
    is then simply illegal); otherwise logs the declaration, the penalty and
    the choice, ends the deal if the wronged side says so, and lets the
    declarer go on.
    """
    t = game.table
    tile = action.tile
    counts = t.seats[seat].counts
    if tile is None or not 0 <= tile < NUM_PLAYING_KINDS:
        return None
    if phase == "claim":
        counts[tile] += 1
    complete = hand_complete(game, seat, counts, tile, "discard" if phase == "claim" else "self_drawn")
    if phase == "claim":
        counts[tile] -= 1
    if complete:
        how = "discard" if phase == "claim" else "self_drawn"
        context = game.win_context(seat, tile, how)
        hand = t.seats[seat].to_hand(tile) if phase == "turn" else replace(t.seats[seat].to_hand(),
                                                                           winning_tile=tile)
        objections = game.hook.mahjong_win_objections(ruleset=game.ruleset, table=t, seat=seat, hand=hand,
                                                      context=context)
        reason = "; ".join(o for o in objections if o) or "not a mahjong here"
    else:
        reason = "the hand is not complete"
    penalty = game.hook.mahjong_false_win(ruleset=game.ruleset, table=t, seat=seat, reason=reason) \
        if "mahjong_false_win" in game.implemented else None
    if penalty is None:
        return None
    fields = action_fields(action)
    if delay:
        fields["after_ms"] = delay
    game.event(seat, "decision", phase=phase, **fields)
    for p in penalty.payments:
        t.scores[p.payer] -= p.amount
        t.scores[p.payee] += p.amount
    game.event("table", "false_mahjong", seat=seat, reason=reason, rule=penalty.rule,
               payments=[[p.payer, p.payee, p.amount, p.reason] for p in penalty.payments], scores=list(t.scores))
    if penalty.chooser is not None:
        choice = game.decide(penalty.chooser, [Action("continue"), Action("end_deal")], "false_mahjong")
        if choice.kind == "end_deal":
            raise DealOver(Outcome("aborted"))
    return penalty

