"""The flat settlement: each loser pays the winner's points times a multiplier; nothing between losers.

The rule, with every multiplier read from ``scoring.payments`` of the ruleset:

* a win on a discard: the discarder pays ``discarder`` times the winner's
  points, each other loser ``other_losers`` times;
* a win on a kong robbed from another player: the kong's owner gave the
  tile, so it pays as the discarder does;
* a self-drawn win (from the wall or the dead wall): every loser pays
  ``self_drawn`` times;
* where the ruleset's ``east_pays_double`` is on, every payment to or from
  the dealer is doubled, as that parameter promises in every ruleset;
* an exhaustive draw pays nothing.

Each payment moves points from one seat to another, so the payments sum to
zero by construction; losers never settle among themselves, because only the
winner's hand is scored.

This module is the settlement's plugin (:mod:`.family` contributes it):
mahjong-core registers it in the games of the rulesets that choose
``settlement: flat``, and its one hook, ``mahjong_settle``, at the end, is
how they settle.
"""

from __future__ import annotations

from mahjong_core.plugin import (
    MahjongError,
    Outcome,
    Payment,
    Ruleset,
    RulesetError,
    Table,
    hookimpl,
    scoring_value,
)

__all__ = ["PAYMENT_KEYS", "SETTLEMENT", "multipliers", "payments_for", "settle"]

#: The name a ruleset's data gives this settlement (``settlement: flat``).
SETTLEMENT = "flat"
PAYMENT_KEYS = ("discarder", "other_losers", "self_drawn")
_SELF_DRAWN = ("self_drawn", "replacement")
_GIVEN = ("discard", "robbing_kong")


def multipliers(ruleset: Ruleset) -> dict[str, int]:
    """``scoring.payments``: how many times the winner's points each kind of loser pays.

    :raises RulesetError: for a missing multiplier or one that is not a whole number >= 0, located.
    """
    found = {}
    for key in PAYMENT_KEYS:
        try:
            value = scoring_value(ruleset, f"payments.{key}")
        except RulesetError as exc:
            raise RulesetError(f"{exc.message}, which the {SETTLEMENT} settlement needs", source=ruleset.location,
                               place=exc.place) from None
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RulesetError(f"scoring.payments.{key} must be a whole number >= 0, got {value!r}",
                               source=ruleset.location, place=f"$.scoring.payments.{key}.value")
        found[key] = value
    return found


def payments_for(ruleset: Ruleset, *, players: int, dealer: int, winner: int, points: int, how: str,
                 discarder: int | None) -> list[Payment]:
    """The payments for a win worth ``points`` (see the module docstring).

    :param how: ``self_drawn``, ``replacement``, ``discard`` or ``robbing_kong`` (the engine's names).
    :param discarder: the seat that gave the winning tile (for a robbed kong, whose kong it was).
    :raises MahjongError: for a seat off the table, an unknown ``how``, or a given tile with no giver.
    """
    if not 0 <= winner < players:
        raise MahjongError(f"winner seat {winner} is not at a table of {players}", place="winner")
    if how not in _SELF_DRAWN + _GIVEN:
        raise MahjongError(f"unknown way of winning {how!r}; expected one of {', '.join(_SELF_DRAWN + _GIVEN)}",
                           place="how")
    given = how in _GIVEN
    if given and (discarder is None or not 0 <= discarder < players or discarder == winner):
        raise MahjongError(f"a win by {how} needs the seat that gave the tile, got {discarder!r}", place="discarder")
    times = multipliers(ruleset)
    east_double = bool(ruleset.value("east_pays_double"))
    payments = []
    for seat in range(players):
        if seat == winner:
            continue
        key = "discarder" if given and seat == discarder else "other_losers" if given else "self_drawn"
        amount = points * times[key]
        reason = f"{SETTLEMENT}: {points} points x{times[key]} ({key.replace('_', ' ')})"
        if east_double and dealer in (seat, winner):
            amount *= 2
            reason += ", East double"
        if amount:
            payments.append(Payment(seat, winner, amount, reason))
    return payments


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome: the winner's points from each loser, none for a draw."""
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}, scores for seats "
                           f"{sorted(outcome.scores)}", place="outcome")
    return payments_for(ruleset, players=table.players, dealer=table.dealer, winner=winner,
                        points=int(outcome.scores[winner].total), how=str(outcome.how), discarder=outcome.discarder)


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The deal's payments, asked by every game of a ruleset whose ``settlement`` is ``flat``."""
    return settle(ruleset, table, outcome)
