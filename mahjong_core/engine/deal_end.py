"""The end of a deal: every hand scored, penalties or the settlement paid, the deal's last lines logged.

Scoring is the ruleset's (``mahjong_score_hand``, which its scoring family
answers), and so are the payments: a penalty that fires
(``mahjong_penalties``) replaces the settlement (``mahjong_settle``).
Where the game goes next (dealer rotation, the end of the game) is the
game's own loop (:meth:`mahjong_core.engine.game.Game.play`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_core.hand.tiles import EAST
from mahjong_core.plugin.family_scoring import score_with
from mahjong_core.table.events import score_fields

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.table.state import Outcome, Payment


def finish_deal(game: RunningGame, outcome: Outcome, salt: bytes | None) -> None:
    """Log how the deal ended, score it, pay, and close it with its state hash (and its salt, now revealed)."""
    t = game.table
    if outcome.kind == "win":
        game.wins += 1
    elif outcome.kind == "aborted":
        game.draws += 1
        game.event("table", "deal_abandoned")
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
        for seat in range(t.players):
            winner = seat == outcome.winner
            tile = outcome.tile if winner else None
            if winner:
                assert tile is not None and outcome.how is not None  # a win's outcome says with what and how
                context = dict(game.win_context(seat, tile, outcome.how), winner=True)
            else:
                context = {"winner": False, "seat_wind": EAST + t.seat_wind(seat),
                           "prevalent_wind": EAST + t.prevalent_wind, "dealer": seat == t.dealer,
                           "calling": t.seats[seat].calling}
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

