"""The ``fuzhou`` settlement: the winner's points, from the discarder alone or from every loser of a self-drawn win.

* a win on a discard (or on a robbed kong): the discarder pays the hand's points;
* a self-drawn win (from the wall, a replacement, a robbed gold, three golds): every loser pays them;
* an exhaustive draw pays nothing.

The source gives the points, not who pays them; the ruleset cites this as its assumption (``settlement``).

A ruleset may say instead how many times the points each loser pays (``scoring.payments``: ``discarder``,
``other_losers``, ``self_drawn``, each ``{value, source}``): the Filipino game's discarder pays double and the
others single, and every loser double on a self-drawn win.  Without it the multipliers are 1, 0 and 1, the
paragraph above.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_rulesets.families.table_values import is_count

from mahjong_core.plugin import MahjongError, Outcome, Payment, Ruleset, RulesetError, Table, hookimpl

__all__ = ["MULTIPLIERS", "SETTLEMENT", "multipliers", "settle"]

#: The name a ruleset's data gives this settlement (``settlement: fuzhou``).
SETTLEMENT = "fuzhou"
_SELF_DRAWN = ("self_drawn", "replacement")
#: The times each loser pays the points, where the ruleset's ``scoring.payments`` does not say.
MULTIPLIERS = {"discarder": 1, "other_losers": 0, "self_drawn": 1}


def multipliers(ruleset: Ruleset) -> dict[str, int]:
    """The times each loser pays the winner's points: ``scoring.payments`` where given, else :data:`MULTIPLIERS`.

    :raises RulesetError: for a payments table that is not every key with a whole number, naming its place.
    """
    node = ruleset.raw_tables.get("scoring", {}).get("payments")
    if node is None:
        return dict(MULTIPLIERS)
    place = "$.scoring.payments"
    if not isinstance(node, Mapping) or set(node) != set(MULTIPLIERS):
        raise RulesetError(f"scoring.payments must give {', '.join(MULTIPLIERS)}, each {{value, source}}",
                           source=ruleset.location, place=place)
    found = {}
    for key in MULTIPLIERS:
        entry = node[key]
        value = entry.get("value") if isinstance(entry, Mapping) else None
        if not isinstance(value, int) or not is_count(value):
            raise RulesetError(f"scoring.payments.{key} must be a whole number >= 0, got {value!r}",
                               source=ruleset.location, place=f"{place}.{key}.value")
        found[key] = value
    return found


def settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """Payments for a deal's outcome (see the module docstring).

    :raises MahjongError: for a won deal without the winner's score, or a win on a discard naming no discarder.
    """
    if outcome.kind != "win":
        return []
    winner = outcome.winner
    if winner is None or winner not in outcome.scores:
        raise MahjongError(f"a won deal must carry the winner's score; winner {winner!r}", place="outcome")
    points = int(outcome.scores[winner].total)
    times = multipliers(ruleset)
    losers = [seat for seat in range(table.players) if seat != winner]
    if outcome.how in _SELF_DRAWN:
        owed = [(seat, times["self_drawn"], "self-drawn") for seat in losers]
    else:
        discarder = outcome.discarder
        if discarder is None or not 0 <= discarder < table.players or discarder == winner:
            raise MahjongError(f"a win by {outcome.how} needs the seat that gave the tile, got {discarder!r}",
                               place="discarder")
        owed = [(seat, times["discarder"], "discarder") if seat == discarder
                else (seat, times["other_losers"], "other loser") for seat in losers]
    return [Payment(seat, winner, points * n, f"{SETTLEMENT}: {points} points" + (f" x{n}" if n != 1 else "")
                    + f" ({why})") for seat, n, why in owed if points * n]


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    """The deal's payments, asked by every game of a ruleset whose ``settlement`` is ``fuzhou``."""
    return settle(ruleset, table, outcome)
