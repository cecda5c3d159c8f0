"""Places at the game's end, and what they are paid: the pot left to first place, the oka and the uma.

Switched on by ``placement_payments``.  When the game is over (``mahjong_game_settlement``), on the points as the
game ended:

* the **places**: seats ranked by points; seats with equal points are told apart as ``ties`` says --
  ``seat_order``: the seat that dealt first ranks higher (seat 0 was the first dealer; Tenhou's rule, Japanese
  Mahjong Wiki, "Tenhou.net rules"), or ``shared``: the tied seats share the places they take, each taking an
  even part of those places' payments, a remainder of a point going to the tied seats in seat order, one point
  each (EMA 2016 rules, section on ties in the final score; Japanese Mahjong Wiki, "Oka and uma", Tied);
* the **pot** left on the table (riichi sticks nobody won) goes to first place, shared likewise among seats tied
  first ("Tenhou.net rules": deposits left go to first place);
* the **oka**: every seat began with ``starting_points`` but is measured against ``return_points``; the difference
  of each seat goes to first place (with 25,000 and 30,000, first place takes 5,000 from each other seat, and its
  own 5,000 back: an oka of 20,000);
* the **uma**: each place is paid its entry of ``uma`` (first to last; they add up to 0), as payments between
  the seats that lose and the seats that gain, in seat order.

The payments are ``payment`` events, logged before ``game_end``; the points after them are the game's result (the
standings and the records database read them).  The same ranking tells :mod:`.game_end` who is first.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Contribution, Ruleset, RulesetError, Table, hookimpl, payment_event


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("placement_payments") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "placement_payments", sys.modules[__name__], switched_on=switched_on,
                         description="at the game's end: the pot to first place, the oka and the uma by place",
                         parameters=parameters_of("placement_payments"))]


def places(scores: Sequence[int], ties: str) -> list[list[int]]:
    """Seats grouped by place, first place first: a group holds seats sharing places (``shared`` ties only)."""
    ranked = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    if ties != "shared":
        return [[seat] for seat in ranked]
    groups: dict[int, list[int]] = {}
    for seat in ranked:
        groups.setdefault(scores[seat], []).append(seat)
    return list(groups.values())


def by_place(scores: Sequence[int], ties: str, amounts: Sequence[int]) -> list[int]:
    """Each seat's part of ``amounts`` (one per place, first to last), tied seats sharing their places' evenly."""
    out = [0] * len(scores)
    place = 0
    for group in places(scores, ties):
        share, rest = divmod(sum(amounts[place:place + len(group)]), len(group))
        for k, seat in enumerate(group):
            out[seat] = share + (1 if k < rest else 0)
        place += len(group)
    return out


def transfers(net: Sequence[int], reason: str) -> list[dict[str, Any]]:
    """Payments that move ``net`` (summing to 0): each seat that loses pays the seats that gain, in seat order."""
    owed = [[seat, -x] for seat, x in enumerate(net) if x < 0]
    due = [[seat, x] for seat, x in enumerate(net) if x > 0]
    out = []
    for payer in owed:
        for payee in due:
            amount = min(payer[1], payee[1])
            if amount > 0:
                out.append(payment_event(payer[0], payee[0], amount, reason))
                payer[1] -= amount
                payee[1] -= amount
    return out


def settlement(rule: Mapping[str, Any], starting: int, scores: Sequence[int], pot: int) -> list[dict[str, Any]]:
    """The game-end payments for ``scores`` and what is left in the ``pot`` (see the module's docstring)."""
    ties = str(rule.get("ties", "seat_order"))
    players = len(scores)
    out: list[dict[str, Any]] = []
    if pot:
        shares = by_place(scores, ties, [pot] + [0] * (players - 1))
        out += [payment_event(None, seat, amount, "pot_to_first") for seat, amount in enumerate(shares) if amount]
    each = int(rule.get("return_points", starting)) - starting
    if each:
        oka = by_place(scores, ties, [each * players] + [0] * (players - 1))
        out += transfers([x - each for x in oka], "oka")
    out += transfers(by_place(scores, ties, [int(x) for x in rule["uma"]]), "uma")
    return out


@hookimpl
def mahjong_game_settlement(ruleset: Ruleset, table: Table) -> Sequence[Mapping[str, Any]]:
    return settlement(ruleset.value("placement_payments"), ruleset.starting_points(), table.scores, table.pot)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Refuse an uma that is not one entry a place or does not add up to 0, and return points below the start."""
    rule = ruleset.get("placement_payments")
    if rule is None:
        return
    players = int(ruleset.get("players", 4))
    uma = list(rule["uma"])
    where = "$.parameters.placement_payments.value"
    if len(uma) != players:
        raise RulesetError(f"placement_payments uma has {len(uma)} entries; expected one a place, {players}",
                           place=f"{where}.uma")
    if sum(uma) != 0:
        raise RulesetError(f"placement_payments uma adds up to {sum(uma)}; expected 0 (the uma only moves points "
                           "between seats)", place=f"{where}.uma")
    back = rule.get("return_points")
    if back is not None and int(back) < ruleset.starting_points():
        raise RulesetError(f"placement_payments return_points {back} is below starting_points "
                           f"{ruleset.starting_points()}; expected at least that (the oka is paid to first place)",
                           place=f"{where}.return_points")
