"""Hong Kong settlement: the winner's fan-laak points, paid by the losers; nothing between losers.

000 line 543: from a discard, the player who discarded the winning tile pays
double the points and the other two pay single; self-drawn, every loser pays
double; losers do not settle among themselves (also line 139); a special
limit is paid the same way, its value being the points.  The worked totals of
000's table (lines 546-552: 4/8/16/.../256 from a discard, 12/24/.../384
self-drawn) follow.

The multipliers are data (``scoring.payments`` of the ruleset): ``discarder``,
``other_losers``, ``self_drawn``, and ``robbed_kong_pays_as_discarder`` (a
robbed kong's owner counts as the discarder; 000 is silent on it).  A flower
taken from another seat's bonus row to win (how ``robbing_bonus``, the
mechanism ``flower_hands``) is paid as a discard by the seat it was taken
from, as the Taiwanese game pays seven flowers robbing the eighth.  When the
ruleset turns ``east_pays_double`` on (a house rule; Hong Kong has it off, 000
line 343) every payment to or from the dealer is doubled.

A hand whose fan fall in a band of the fan-laak table marked ``flat`` (the
Vietnamese chicken hand of no Phán) is paid its points once by every loser,
with no multiplier, whoever gave the tile and however it was won.

An exhaustive draw pays nothing: 000 settles only a win.

This module is the settlement's plugin, registered in the games of the
rulesets that choose ``settlement: hongkong``: its hook is ``mahjong_settle``,
at the end.
"""

from __future__ import annotations

from mahjong_rulesets.families.hongkong.scoring import is_flat, scoring_entry

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, RulesetError, Table, hookimpl

__all__ = ["payments_for", "settle"]

_SELF_DRAWN = ("self_drawn", "replacement")


def _multiplier(ruleset: Ruleset, key: str) -> int:
    value, _ = scoring_entry(ruleset, "payments", key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RulesetError(f"scoring.payments.{key} must be a whole number >= 0, got {value!r}",
                           source=ruleset.location, place=f"$.scoring.payments.{key}.value")
    return value


def payments_for(ruleset: Ruleset, *, players: int, dealer: int, winner: int, points: int, how: str,
                 discarder: int | None, flat: bool = False) -> list[Payment]:
    """The payments for a win worth ``points`` fan-laak points.

    :param how: ``self_drawn``, ``replacement``, ``discard``, ``robbing_kong`` or ``robbing_bonus`` (the engine's
        names).
    :param discarder: who discarded the winning tile (for a robbed kong, whose kong it was).
    :param flat: the hand's band is paid flat: every loser pays the points once.
    :raises MahjongError: for a win from a discard that names no discarder, or a bad seat.
    """
    if not 0 <= winner < players:
        raise MahjongError(f"winner seat {winner} is not at a table of {players}", place="winner")
    self_drawn = how in _SELF_DRAWN
    robbed_kong_paid = how == "robbing_kong" and bool(
        scoring_entry(ruleset, "payments", "robbed_kong_pays_as_discarder")[0])
    by_discard = how in ("discard", "robbing_bonus") or robbed_kong_paid
    if by_discard and (discarder is None or not 0 <= discarder < players or discarder == winner):
        raise MahjongError(f"a win by {how} needs the seat that gave the tile, got {discarder!r}", place="discarder")
    east_double = bool(ruleset.value("east_pays_double"))
    payments = []
    for seat in range(players):
        if seat == winner:
            continue
        if self_drawn:
            key = "self_drawn"
        elif by_discard and seat == discarder:
            key = "discarder"
        else:
            key = "other_losers"
        if flat:
            amount, reason = points, f"{points} points x1 (a flat band: every loser pays once)"
        else:
            amount = points * _multiplier(ruleset, key)
            reason = f"{points} points x{_multiplier(ruleset, key)} ({key.replace('_', ' ')})"
        if east_double and dealer in (seat, winner):
            amount *= 2
            reason += ", East double"
        if amount:
            payments.append(Payment(seat, winner, amount, reason))
    return payments


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome (see the module docstring)."""
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}, scores for seats "
                           f"{sorted(outcome.scores)}", place="outcome")
    score = outcome.scores[winner]
    return payments_for(ruleset, players=table.players, dealer=table.dealer, winner=winner, points=int(score.total),
                        how=str(outcome.how), discarder=outcome.discarder, flat=is_flat(ruleset, score))


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    return settle(ruleset, table, outcome)
