"""Sport settlement (Спортивный Расчёт, 000 lines 141-142): base points from everyone, the hand from the culprit.

000 line 142: every loser pays the winner 8 *additional* (base) points; the
*main* points are the hand's fans.  A self-drawn win: every loser also pays
the main points.  A win on a discard: the discarder also pays them, the
others pay only the base points.  Losers never settle among themselves.

The numbers are the ruleset's data (``scoring.sport_settlement``).  A win by
robbing a kong is paid like a win on a discard, by the player whose kong was
robbed (the engine reports it as the discarder); a win on a kong's
replacement tile is self-drawn.  An exhaustive draw, or a deal ended by a
false mahjong (whose penalty the engine settles itself), pays nothing here.

This module is the settlement's plugin, registered in the games of the
rulesets that choose ``settlement: sport``: its hook is ``mahjong_settle``,
at the end.
"""

from __future__ import annotations

from mahjong_core.plugin import Outcome, Payment, Ruleset, RulesetError, Table, hookimpl, scoring_value

SELF_DRAWN = ("self_drawn", "replacement")


def settle_sport(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The payments of one deal under sport settlement (see the module docstring).

    :raises RulesetError: when the ruleset asks for a settlement between losers
        (000 line 142 has none) or the winner's hand was not scored.
    """
    if outcome.kind != "win":
        return []
    if scoring_value(ruleset, "sport_settlement.between_losers"):
        raise RulesetError("sport settlement has no payments between losers (000 line 142); "
                           "sport_settlement.between_losers must be false", source=ruleset.location,
                           place="$.scoring.sport_settlement.between_losers")
    winner = outcome.winner
    score = outcome.scores.get(winner) if winner is not None else None
    if winner is None or score is None:
        raise RulesetError("a won deal reached sport settlement without the winner's score", source=ruleset.location,
                           place="$.scoring")
    base = int(scoring_value(ruleset, "sport_settlement.base_points"))
    points = int(score.total)
    self_drawn = outcome.how in SELF_DRAWN
    all_pay = self_drawn and bool(scoring_value(ruleset, "sport_settlement.self_drawn_all_pay_hand"))
    discarder_pays = not self_drawn and bool(scoring_value(ruleset, "sport_settlement.discarder_pays_hand"))
    payments = []
    for seat in range(table.players):
        if seat == winner:
            continue
        if base:
            payments.append(Payment(seat, winner, base, "base points"))
        if points and (all_pay or (discarder_pays and seat == outcome.discarder)):
            payments.append(Payment(seat, winner, points, "hand points, self-drawn" if all_pay
                                    else "hand points, discarder"))
    return payments


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    return settle_sport(ruleset, table, outcome)
