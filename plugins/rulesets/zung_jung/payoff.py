"""Zung Jung's payoff scheme: only the winner is paid, and a careless discard costs more than the others' share.

The scheme of Zung Jung's Basic Rules for formal play (section "Payoff"):
a self-drawn win is paid its value by each of the other players; on a win
from a discard each player who did not discard pays the value up to a *par*
(25 points) and the discarder pays the value plus, for each of the others,
what their share falls short of the value.  The winner collects three times
the value either way; only who bears it changes.  A robbed kong's owner pays
as the discarder.  An exhaustive draw pays nothing.

``scoring.payoff_par: null`` gives Zung Jung's Uniform Payoff Scheme, the casual
variant: every other player pays the value, however the hand was won.

Why code: no settlement of the installed families caps the non-discarders'
share at a figure and puts the rest on the discarder (the Hong Kong
settlement multiplies, the classical one has every loser pay in full).  This
module is the settlement's plugin (``mahjong_settle``), contributed by
:mod:`.contribution`.
"""

from __future__ import annotations

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, RulesetError, Table, hookimpl

__all__ = ["payments_for", "settle"]

_BY_DISCARD = ("discard", "robbing_kong")


def _par(ruleset: Ruleset) -> int | None:
    entry = (ruleset.raw_tables.get("scoring") or {}).get("payoff_par")
    if not isinstance(entry, dict) or "value" not in entry:
        raise RulesetError("the zung_jung settlement needs scoring.payoff_par {value, source}: the most a player who "
                           "did not discard pays, or null for everyone paying in full", source=ruleset.location,
                           place="$.scoring.payoff_par")
    par = entry["value"]
    if par is not None and (isinstance(par, bool) or not isinstance(par, int) or par < 0):
        raise RulesetError(f"payoff_par must be a whole number >= 0 or null, got {par!r}", source=ruleset.location,
                           place="$.scoring.payoff_par.value")
    return par


def payments_for(par: int | None, *, players: int, winner: int, value: int, how: str,
                 discarder: int | None) -> list[Payment]:
    """Who pays the winner what for a hand worth ``value`` (see the module docstring).

    :param par: the most a player who did not discard pays on a win from a discard; ``None``: everyone pays in full.
    :param how: ``self_drawn``, ``replacement``, ``discard`` or ``robbing_kong`` (the engine's names).
    :raises MahjongError: for a win from a discard that names no other seat as its discarder.
    """
    by_discard = how in _BY_DISCARD and par is not None
    if by_discard and (discarder is None or not 0 <= discarder < players or discarder == winner):
        raise MahjongError(f"a win by {how} needs the seat that gave the tile, got {discarder!r}", place="discarder")
    others = [seat for seat in range(players) if seat != winner]
    if not by_discard or par is None:
        return [Payment(seat, winner, value, f"{value} points") for seat in others if value]
    share = min(value, par)
    excess = (value - share) * (len(others) - 1)
    payments = []
    for seat in others:
        if seat == discarder:
            reason = f"{value} points" + (f", and {excess} for the others above the par of {par}" if excess else "")
            payments.append(Payment(seat, winner, value + excess, reason))
        elif share:
            payments.append(Payment(seat, winner, share, f"{share} points" + (f" (the par {par})"
                                                                               if share < value else "")))
    return payments


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Every payment of a deal: each win paid by the scheme; a draw pays nothing."""
    par = _par(ruleset)
    payments: list[Payment] = []
    for win in outcome.each_win():
        if win.settled:
            continue
        winner = win.winner
        if winner is None or winner not in win.scores:
            raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}, scores for seats "
                               f"{sorted(win.scores)}", place="outcome")
        payments += payments_for(par, players=table.players, winner=winner, value=int(win.scores[winner].total),
                                 how=str(win.how), discarder=win.discarder)
    return payments


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    return settle(ruleset, table, outcome)
