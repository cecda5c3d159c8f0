"""The dealer's repeat (riichi's renchan) and its counter (honba): who deals next, and what a repeat adds to a win.

Switched on by ``dealer_repeat``.  After each deal (``mahjong_next_deal``) the dealer keeps the deal

* ``win``: when the dealer is among the deal's winners (a double win with the dealer in it counts);
* ``ready_at_draw``: when the wall ran out and the dealer's hand was ready (the ready test of
  :mod:`.ready_payments`, which shows the ready seats at the draw);
* ``abortive_draw``: after an abortive draw (:mod:`.abortive_draws`), whatever the hands;

and otherwise this module leaves the rotation to the core (its ``dealer_keeps_deal_on_win`` and
``dealer_keeps_deal_on_draw``, which a ruleset playing this rule sets to ``true`` and ``false``: the deal passes
to the next seat, the prevalent wind moving on when it has gone round the table).  (Japanese Mahjong Wiki,
"Renchan" and "Tenhou.net rules": Tenhou keeps the deal on a dealer's win, a ready dealer at an exhaustive draw,
and every abortive draw.)

The ``counter`` (``honba``) is a table counter (core ``counter`` event) that rises by one on a dealer's repeat
and on any draw, whoever deals next, and goes back to 0 after a won deal the dealer does not deal again
(Japanese Mahjong Wiki, "Honba"; EMA 2016 rules section 3.4.10).  What a counter is worth to a win is the scoring
family's rule, not this module's: the counter reaches the score through ``mahjong_win_context`` under its name
(the riichi family reads ``honba`` there and pays 300 a counter, 100 from each loser of a self-drawn win), so the
table's counter is the one source of both the log's figure and the points.

The rotation (``mahjong_next_deal``) notes in ``table.extra`` whether the deal was won; in reply to the
``rotation`` event (``mahjong_event_reactions``), when the game knows who deals next, the new value is logged as a
``counter`` event, before the next deal begins; a deal that leaves the counter as it was logs nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of
from mahjong_rulesets.mechanisms.ready_payments import seat_ready

from mahjong_core.plugin import Contribution, Outcome, Ruleset, Table, counter_event, hookimpl, reacts_to

#: ``table.extra`` key: the counter's value for the next deal, set by the rotation and logged in reply to it.
EXTRA = "dealer_repeat"


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("dealer_repeat") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "dealer_repeat", sys.modules[__name__], switched_on=switched_on,
                         description="the dealer keeps the deal on a win, a ready draw or an abortive draw; the "
                                     "repeat counter (honba)",
                         parameters=parameters_of("dealer_repeat"), sheet_keys=frozenset({"honba"}))]


def keeps_deal(rule: Mapping[str, Any], table: Table, outcome: Outcome) -> bool:
    """Whether the dealer deals again after ``outcome`` (see the module's docstring)."""
    dealer = table.dealer
    if any(win.winner == dealer for win in outcome.each_win()):
        return bool(rule.get("win"))
    if outcome.kind == "abortive":
        return bool(rule.get("abortive_draw"))
    if outcome.kind == "draw" and not outcome.each_win():
        return bool(rule.get("ready_at_draw")) and not table.out_of_play(dealer) and seat_ready(table, dealer)
    return False


def next_count(before: int, won: bool, repeated: bool) -> int:
    """The counter after a deal: one more on a repeat or any draw, 0 after a won deal that passed the deal."""
    return before + 1 if repeated or not won else 0


@hookimpl
def mahjong_next_deal(ruleset: Ruleset, table: Table, outcome: Outcome) -> tuple[int, int, int] | None:
    """The dealer again where this rule keeps the deal; otherwise the core's rotation (``None``)."""
    table.extra[EXTRA] = bool(outcome.each_win())
    if keeps_deal(ruleset.value("dealer_repeat"), table, outcome):
        return table.dealer, table.prevalent_wind, table.round_index
    return None


@hookimpl
@reacts_to({"rotation"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """The counter's new value, as the deal rotates (only where it changed)."""
    if event["type"] != "rotation":
        return None
    won = table.extra.pop(EXTRA, None)
    name = ruleset.value("dealer_repeat").get("counter")
    if not name or won is None:
        return None
    before = table.counters.get(name, 0)
    value = next_count(before, won, repeated=table.deal_in_round > 0)
    return [counter_event(str(name), value)] if value != before else None


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table) -> Mapping[str, Any] | None:
    """The counter's value, under its name, for the family's score of the win."""
    name = ruleset.value("dealer_repeat").get("counter")
    return {str(name): table.counters.get(name, 0)} if name else None
