"""Declaring mahjong: whether a seat may, the facts of its win, the win itself, and a false declaration.

A hand that is complete (:func:`mahjong_core.plugin.forms.is_mahjong`) may
still not win: the ruleset's objections (``mahjong_win_objections``) are
asked with the facts of the win (``mahjong_win_context``).  A mahjong declared
on a hand that is not one costs what the ruleset says (``mahjong_false_win``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NoReturn

from mahjong_core.engine.deal_end import settle_win
from mahjong_core.engine.flow import DealOver, PlayGoesOn
from mahjong_core.engine.jokers import complete_with_jokers
from mahjong_core.hand.tiles import KINDS, NUM_PLAYING_KINDS
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
    gives it (:func:`asked_complete`), else its shape in the game's forms (:func:`is_mahjong`) -- never while it
    holds a bonus tile kept in the hand, a tile of no set (``bonus_kept``)."""
    asked = asked_complete(game, seat, tile, how)
    if asked is not None:
        return asked
    s = game.table.seats[seat]
    if s.kept:  # a bonus tile kept in the hand (``bonus_kept``) is a tile of no set: the hand's shape is not whole
        return False
    if s.held_jokers and counts is s.counts:
        return complete_with_jokers(game, s)
    return is_mahjong(counts, game.forms, game.added_forms) if sum(counts) % 3 == 2 else False


def win_allowed(game: RunningGame, seat: int, tile: int, how: str) -> bool:
    """Whether the seat may declare mahjong with ``tile``.

    A self-drawn tile is already among the seat's tiles; a discard or a
    robbed kong tile is not yet, and is added as the winning tile; a bonus
    tile taken from another seat is added to the seat's bonus row.
    """
    context = game.win_context(seat, tile, how)
    s = game.table.seats[seat]
    if s.held_jokers and how in ("discard", "robbing_kong") and tile >= len(s.counts):
        hand = s.to_hand()  # a discarded joker won on: among the seat's jokers already, as the one it is taken as
    elif s.held_jokers and how in ("discard", "robbing_kong"):  # the reading of the jokers takes the tile won
        s.counts[tile] += 1
        hand = s.to_hand(tile)
        s.counts[tile] -= 1
    elif how == "robbing_bonus":  # the bonus tile taken is judged in the robber's bonus row, where it will lie
        hand = s.to_hand()
        hand = replace(hand, bonus=tuple(sorted((*hand.bonus, tile))))
    else:
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


def declare_win(game: RunningGame, seat: int, tile: int, how: str, discarder: int | None) -> NoReturn:
    """End the deal with this seat's win (logged as it ends), or, where play goes on after a win, let it leave."""
    if game.wins_rule[1] == 1:
        raise DealOver(win_outcome(game, seat, tile, how, discarder))
    declare_wins(game, [seat], tile, how, discarder)


def declare_wins(game: RunningGame, seats: Sequence[int], tile: int, how: str, discarder: int | None) -> NoReturn:
    """Several seats win with one tile (a discard, a robbed kong), or one seat where play goes on after a win.

    Each win is logged, in the order of ``seats`` (the claims' order).  Where the deal ends with them (as many
    seats have now won as the ruleset's ``deal_ends_at_wins``), the deal's outcome names every win of the deal
    (:attr:`~mahjong_core.table.state.Outcome.wins`) and the deal's end scores and settles those not yet settled.
    Otherwise each win is scored and settled now (:func:`.deal_end.settle_win`), its seat leaves the turn order
    (:attr:`~mahjong_core.table.state.Table.wins`), and play goes on after the last of them.
    """
    t = game.table
    ends = len(t.wins) + len(seats) >= game.wins_rule[1]
    outcomes = [win_outcome(game, seat, tile, how, discarder, play_on=not ends) for seat in seats]
    if ends:
        every = t.wins + outcomes
        if len(every) == 1:
            raise DealOver(every[0])
        first = every[0]
        raise DealOver(Outcome("win", first.winner, first.how, first.tile, first.discarder, wins=every))
    for outcome in outcomes:  # each in the table's wins already: winners together do not pay each other
        settle_win(game, outcome)
    if t.winners_stay:
        for seat in seats:
            set_won_tile_aside(game, seat, tile)
    t.first_go_around = False
    raise PlayGoesOn(seats[-1])


def win_outcome(game: RunningGame, seat: int, tile: int, how: str, discarder: int | None, *,
                play_on: bool = False) -> Outcome:
    """Log a mahjong and return its outcome: the winner, how, with which tile, from whom.

    :param play_on: the deal goes on without the winner (written on the event only where true): the win joins
        the table's :attr:`~mahjong_core.table.state.Table.wins` before its event, so every view of the table
        from that event on shows the seat sitting out -- or, where winners stay in play (the event's
        ``stays_in_play``), its winning tile set aside (:func:`set_won_tile_aside`).
    """
    marked = how == "discard" and game.table.last_discard_marked  # a red five won on: named by its own code
    outcome = Outcome("win", seat, how, tile, discarder)
    fields: dict[str, Any] = {}
    play = game.table.joker_play
    if how == "discard" and tile >= NUM_PLAYING_KINDS and play is not None and play.claimed_to_win_as is not None:
        fields["as_joker"] = game.codes[play.claimed_to_win_as]  # a discarded joker won on, taken as this one
    if play_on:
        game.table.wins.append(outcome)
        fields["play_on"] = True
        if game.table.winners_stay:
            fields["stays_in_play"] = True
    names = game.codes
    game.event("table", "mahjong", seat=seat, tile=names[game.tiles.marked_of(tile)] if marked
               else names[tile] if len(KINDS) <= tile < len(names) else code(tile),  # a kept emperor discarded
               how=how, discarder=discarder, **fields)
    return outcome


def set_won_tile_aside(game: RunningGame, seat: int, tile: int) -> None:
    """Where winners stay in play, the tile a seat won with leaves its hand, face up beside it
    (:attr:`~mahjong_core.table.state.Seat.won`), once the win is scored and settled: the hand, one tile short of
    a mahjong again, plays on and may win again.  The ``mahjong`` event (``stays_in_play``) tells the folds so.
    The rest of the hand, laid down face up by its ``score``, stays face up
    (:attr:`~mahjong_core.table.state.Seat.laid`): every seat is shown it, as the hand is locked
    (``winners_hand_locked``)."""
    s = game.table.seats[seat]
    s.counts[tile] -= 1
    if s.marked and s.marked.count(tile) > s.counts[tile]:  # no plain copy left: the marked one goes
        s.marked.remove(tile)
    s.won.append(tile)
    s.laid = [kind for kind, n in enumerate(s.counts) for _ in range(n)]  # laid face up, and locked, from now on


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
    fields = action_fields(action, game.codes)
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


def abortive(game: RunningGame, moment: str, seat: int) -> None:
    """End the deal as an abortive draw where a rule says so now (``mahjong_abortive_draw``; the game asks only
    where a plugin implements it).  The claim window asks at its own moment, with the claims
    (:func:`.claims.claim_window`)."""
    reason = game.hook.mahjong_abortive_draw(ruleset=game.ruleset, table=game.table, moment=moment, seat=seat,
                                             claims=())
    if reason:
        raise DealOver(Outcome("abortive", reason=str(reason)))
