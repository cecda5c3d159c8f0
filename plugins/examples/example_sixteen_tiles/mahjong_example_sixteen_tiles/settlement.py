"""The ``base_plus_tai`` settlement: a win is worth a base plus so much per tai, paid by whoever gave it.

* a win on a discard (or on a robbed kong): the discarder alone pays
  ``base + tai * per_tai``, for himself, not for the other losers;
* a self-drawn win (from the wall or the dead wall): every loser pays it;
* an exhaustive draw pays nothing.

``base`` and ``per_tai`` are read from the ruleset's ``scoring`` section.
Every payment moves points from one seat to the winner, so the payments sum
to zero.
"""

from __future__ import annotations

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, RulesetError, Table, hookimpl, scoring_value

__all__ = ["SETTLEMENT", "amount_for", "settle"]

#: The name a ruleset's data gives this settlement (``settlement: base_plus_tai``).
SETTLEMENT = "base_plus_tai"


def _stake(ruleset: Ruleset, key: str) -> int:
    try:
        value = scoring_value(ruleset, key)
    except RulesetError as exc:
        raise RulesetError(f"{exc.message}, which the {SETTLEMENT} settlement needs", source=ruleset.location,
                           place=exc.place) from None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RulesetError(f"scoring.{key} must be a whole number >= 0, got {value!r}", source=ruleset.location,
                           place=f"$.scoring.{key}.value")
    return value


def amount_for(ruleset: Ruleset, tai: int) -> int:
    """What one payer pays for a win of ``tai`` tai: the base plus ``per_tai`` for each."""
    return _stake(ruleset, "base") + tai * _stake(ruleset, "per_tai")


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome (see the module docstring)."""
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}", place="outcome")
    tai = int(outcome.scores[winner].total)
    amount = amount_for(ruleset, tai)
    reason = f"{SETTLEMENT}: base + {tai} tai"
    if outcome.how in ("discard", "robbing_kong"):
        if outcome.discarder is None:
            raise MahjongError(f"a win by {outcome.how} needs the seat that gave the tile", place="discarder")
        return [Payment(outcome.discarder, winner, amount, reason + " (discarder)")]
    return [Payment(seat, winner, amount, reason + " (self-drawn)") for seat in range(table.players) if seat != winner]


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The deal's payments, asked by every game of a ruleset whose ``settlement`` is ``base_plus_tai``."""
    return settle(ruleset, table, outcome)
