"""The end of a deal: every hand scored, penalties or the settlement paid, the deal's last lines logged.

Scoring is the ruleset's (``mahjong_score_hand``, which its scoring family
answers), and so are the payments: a penalty that fires
(``mahjong_penalties``) replaces the settlement (``mahjong_settle``).
Where the game goes next (dealer rotation, the end of the game) is the
game's own loop (:meth:`mahjong_core.engine.game.Game.play`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_core.hand.tiles import EAST
from mahjong_core.plugin.family_scoring import score_with
from mahjong_core.table.events import score_fields

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.hand.score import Score
    from mahjong_core.table.state import Outcome, Payment, Table


def finish_deal(game: RunningGame, outcome: Outcome, salt: bytes | None) -> None:
    """Log how the deal ended, score it, pay, and close it with its state hash (and its salt, now revealed)."""
    t = game.table
    if outcome.kind == "win":
        game.wins += 1
    elif outcome.kind == "aborted":
        game.draws += 1
        game.event("table", "deal_abandoned")
    elif outcome.kind == "abortive":
        game.draws += 1
        game.event("table", "abortive_draw", reason=outcome.reason)
    else:
        if outcome.wins:  # the wall ran out after wins where play went on: a won deal
            game.wins += 1
        else:
            game.draws += 1
        game.event("table", "exhaustive_draw")
    t.phase = "scoring"
    payments = game.score_and_settle(outcome)
    t.phase = "settlement"
    for p in payments:
        t.scores[p.payer] -= p.amount
        t.scores[p.payee] += p.amount
    game.event("table", "settlement", payments=[[p.payer, p.payee, p.amount, p.reason] for p in payments],
               scores=list(t.scores))
    game.event("table", "deal_end", deal=t.deal_number, salt=salt.hex() if salt is not None else None,
               state=t.state_hash())


def score_and_settle(game: RunningGame, outcome: Outcome) -> list[Payment]:
    """Score every hand the ruleset scores (a win's), then the payments: a penalty's, or the settlement's.

    :func:`finish_deal` asks it through :meth:`Game.score_and_settle <mahjong_core.engine.game.Game.score_and_settle>`,
    which a game re-enacted from a score sheet refines to name the sheet's line a hand it cannot score.
    """
    t = game.table
    if outcome.kind == "win":
        if outcome.wins:
            return _score_and_settle_wins(game, outcome)
        for seat in range(t.players):
            winner = seat == outcome.winner
            tile = outcome.tile if winner else None
            if winner:
                assert tile is not None and outcome.how is not None  # a win's outcome says with what and how
                context = dict(game.win_context(seat, tile, outcome.how), winner=True)
            else:
                context = _loser_context(t, seat)
            hand = t.seats[seat].to_hand(tile)
            score = score_with(game.hook, game.ruleset, hand, context)
            if score is not None:
                outcome.scores[seat] = score
                game.event("table", "score", seat=seat, **score_fields(score))
    penalties = [p for p in game.hook.mahjong_penalties(ruleset=game.ruleset, table=t, outcome=outcome) if p] \
        if "mahjong_penalties" in game.implemented else []
    if penalties:
        chosen = penalties[0]
        game.event("table", "penalty", rule=chosen.rule, seat=chosen.seat)
        return list(chosen.payments)
    payments = game.hook.mahjong_settle(ruleset=game.ruleset, table=t, outcome=outcome)
    return list(payments or ())


def _loser_context(t: Table, seat: int) -> dict[str, Any]:
    return {"winner": False, "seat_wind": EAST + t.seat_wind(seat), "prevalent_wind": EAST + t.prevalent_wind,
            "dealer": seat == t.dealer, "calling": t.seats[seat].calling}


def _score_win(game: RunningGame, win: Outcome, scores: dict[int, Score]) -> None:
    """Score one win's hand (logged), into ``scores`` and the win's own."""
    seat, tile, how = win.winner, win.tile, win.how
    assert seat is not None and tile is not None and how is not None  # a win's outcome says who, with what, how
    context = dict(game.win_context(seat, tile, how), winner=True)
    score = score_with(game.hook, game.ruleset, game.table.seats[seat].to_hand(tile), context)
    if score is not None:
        scores[seat] = win.scores[seat] = score
        game.event("table", "score", seat=seat, **score_fields(score))


def _score_and_settle_wins(game: RunningGame, outcome: Outcome) -> list[Payment]:
    """A deal of several wins: each win not settled when it happened scored, then the hands that did not win,
    then each such win settled as the ruleset's settlement settles one win.

    A settlement knows one winner; several winners on one discard are each paid as if each were the only one
    (the discarder paying each, where the settlement says the discarder pays), which is what a ruleset that
    lets several seats win on one discard asks.  Each is asked with every hand's score the deal has, so a
    settlement that pays by the other hands' values (the classical families' losers settling among themselves)
    finds them, the other winners' among them.  Penalties are asked once, of the whole deal.
    """
    t = game.table
    pending = [w for w in outcome.wins if not w.settled]
    winners = {w.winner for w in outcome.wins}
    for win in pending:
        _score_win(game, win, outcome.scores)
    for seat in range(t.players):
        if seat not in winners:
            score = score_with(game.hook, game.ruleset, t.seats[seat].to_hand(None), _loser_context(t, seat))
            if score is not None:
                outcome.scores[seat] = score
                game.event("table", "score", seat=seat, **score_fields(score))
    if "mahjong_penalties" in game.implemented:
        penalties = [p for p in game.hook.mahjong_penalties(ruleset=game.ruleset, table=t, outcome=outcome) if p]
        if penalties:
            game.event("table", "penalty", rule=penalties[0].rule, seat=penalties[0].seat)
            return list(penalties[0].payments)
    payments: list[Payment] = []
    for win in pending:
        win.scores = {**outcome.scores, **win.scores}
        payments += game.hook.mahjong_settle(ruleset=game.ruleset, table=t, outcome=win) or ()
    return payments


def settle_win(game: RunningGame, win: Outcome) -> None:
    """Score and settle a win after which play goes on, as it happens (``score``, ``settlement``).

    The settlement is asked with the win alone; the table's :attr:`~mahjong_core.table.state.Table.wins` holds
    it and the wins before it (and those made on the same tile): the seats that have won sit out, and a
    settlement that knows it leaves them out of the payers.  In Sichuan's bloody battle a winner "has been paid
    his due" before "the remaining players continue" (Mahjong News, "Chengdu 2016 World Grand Prix", Day 1
    Report).
    """
    t = game.table
    _score_win(game, win, win.scores)
    payments = list(game.hook.mahjong_settle(ruleset=game.ruleset, table=t, outcome=win) or ())
    for p in payments:
        t.scores[p.payer] -= p.amount
        t.scores[p.payee] += p.amount
    game.event("table", "settlement", payments=[[p.payer, p.payee, p.amount, p.reason] for p in payments],
               scores=list(t.scores))
    win.settled = True

