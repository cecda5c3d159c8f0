"""The ``sichuan`` settlement of the bundled Sichuan rulesets: each win paid as it happens, then the end-of-deal
checks of the hands still in play when the wall runs out.

Chosen by ``settlement: sichuan``.  Where play goes on after a win (``deal_ends_at_wins``), the core asks the
settlement for each win as it happens, with the winner's hand alone scored and the table's ``wins`` naming
the seats that have won so far, and once more, with a ``draw`` outcome, if the wall runs out first:

* a win on a discard (or a robbed kong) is paid its value by the seat that gave the tile;
* a self-drawn win is paid its value by every seat still in play (a seat that has won has left the deal);
* when the wall runs out, ``end_of_deal_checks`` says what the seats still in play owe one another:
  ``missing_suit_holder_pays`` -- a hand still holding a tile of its declared missing suit (Sichuan's
  "flower pig", cha hua zhu) pays the usual limit to every other seat in play that does not; and
  ``unready_pays_ready`` -- a hand that is not ready (cha jiao) pays each ready hand the most that hand could
  win, scored as a win on a discard of its best waiting tile with no situation counted.

The missing suit is the :mod:`.missing_suit` mechanism's seat flag; where no seat has one, no hand holds it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of
from mahjong_rulesets.mechanisms.missing_suit import FLAG, holds_missing, missing_kinds

from mahjong_core.plugin import (
    Contribution,
    Outcome,
    Payment,
    Ruleset,
    Table,
    hookimpl,
    ruleset_hooks,
    score_hand,
    waits,
)

SETTLEMENT = "sichuan"


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("settlement", SETTLEMENT, this,
                         description="each win paid as it happens by the seats still in play (the discarder alone "
                                     "on a discard); at the wall's end, the end-of-deal checks"),
            Contribution("mechanism", "end_of_deal_checks", this, switched_on=checks_on,
                         description="at the wall's end, hands holding their missing suit and unready hands pay",
                         parameters=parameters_of("play_on_checks"))]


def checks_on(ruleset: Ruleset) -> bool:
    """On where the ruleset says which end-of-deal checks it plays (``end_of_deal_checks``)."""
    return ruleset.get("end_of_deal_checks") is not None


@hookimpl
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Payment]:
    if outcome.kind == "win" and outcome.winner is not None:
        return win_payments(table, outcome)
    if outcome.kind == "draw":
        return end_of_deal_payments(ruleset, table)
    return []


def win_payments(table: Table, outcome: Outcome) -> list[Payment]:
    """One win's payments: the discarder alone, or every seat still in play for a self-drawn win."""
    winner = outcome.winner
    assert winner is not None
    score = outcome.scores.get(winner)
    value = score.total if score is not None else 0
    if value <= 0:
        return []
    if outcome.discarder is not None:  # on a discard, or a robbed kong: the seat that gave the tile
        return [Payment(outcome.discarder, winner, value, "mahjong")]
    won = {w.winner for w in table.wins} | {winner}
    return [Payment(seat, winner, value, "mahjong") for seat in range(table.players) if seat not in won]


def end_of_deal_payments(ruleset: Ruleset, table: Table) -> list[Payment]:
    """The checks of the hands still in play when the wall runs out (see the module's docstring)."""
    checks = ruleset.get("end_of_deal_checks") or {}
    won = {w.winner for w in table.wins}
    in_play = [seat for seat in range(table.players) if seat not in won]
    holders = {seat for seat in in_play if holds_missing(ruleset, table, seat)}
    payments: list[Payment] = []
    if checks.get("missing_suit_holder_pays"):
        limit = ruleset.get("usual_limit")
        if limit:
            payments += [Payment(payer, payee, int(limit), "missing_suit_held")
                         for payer in sorted(holders) for payee in in_play if payee not in holders]
    if checks.get("unready_pays_ready"):
        best = {seat: most_it_could_win(ruleset, table, seat) for seat in in_play if seat not in holders}
        ready = {seat: value for seat, value in best.items() if value > 0}
        payments += [Payment(payer, payee, value, "not_ready")
                     for payer in sorted(best) if payer not in ready for payee, value in sorted(ready.items())]
    return payments


def most_it_could_win(ruleset: Ruleset, table: Table, seat: int) -> int:
    """The most the seat's hand could win on a discard of one of its waiting tiles, or 0 where it is not ready.

    A waiting tile of the seat's missing suit does not count: the seat could not win on it.
    """
    s = table.seats[seat]
    counts = s.counts
    if sum(counts) % 3 != 1:
        return 0
    way = s.flags.get(FLAG)
    barred = missing_kinds(ruleset, way) if way is not None else frozenset()
    best = 0
    for tile in waits(bytes(counts)):
        if tile in barred:
            continue
        score = score_hand(ruleset, replace(s.to_hand(), winning_tile=tile), _context(ruleset, table, seat, tile))
        if score is not None and score.total > best:
            best = score.total
    return best


def _context(ruleset: Ruleset, table: Table, seat: int, tile: int) -> dict[str, Any]:
    """The facts of a win on a discard of ``tile``, as a game's plugins give them, with no situation counted."""
    merged: dict[str, Any] = {}
    parts: Sequence[Mapping[str, Any]] = ruleset_hooks(ruleset).mahjong_win_context(
        ruleset=ruleset, table=table, seat=seat, tile=tile, how="discard")
    for part in reversed(parts):
        merged.update(part)
    merged.update(winner=True, last_tile=False)
    return merged
