"""The end-of-deal checks of Sichuan: what the hands still in play owe one another when the wall runs out.

Switched on by ``end_of_deal_checks``; the ``sichuan`` settlement (:mod:`.sichuan_settlement`) asks
:func:`end_of_deal_payments` when a deal's wall runs out before its last win.  This module only owns the
parameter and works the payments out; it answers no hook:

* ``missing_suit_holder_pays`` -- a hand still holding a tile of its declared missing suit (Sichuan's
  "flower pig", cha hua zhu) pays the usual limit to every other seat in play that does not;
* ``unready_pays_ready`` -- a hand that is not ready (cha jiao) pays each ready hand the most that hand could
  win, scored as a win on a discard of its best waiting tile with no situation counted.

The missing suit is the :mod:`.missing_suit` mechanism's seat flag; where no seat has one, no hand holds it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace

from mahjong_rulesets.mechanisms import discard_win_context, parameters_of
from mahjong_rulesets.mechanisms.missing_suit import FLAG, holds_missing, missing_kinds

from mahjong_core.plugin import Contribution, Payment, Ruleset, Table, hookimpl, score_hand, waits


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("end_of_deal_checks") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "end_of_deal_checks", sys.modules[__name__], switched_on=switched_on,
                         description="at the wall's end, hands holding their missing suit and unready hands pay",
                         parameters=parameters_of("end_of_deal_checks"))]


def end_of_deal_payments(ruleset: Ruleset, table: Table) -> list[Payment]:
    """The checks of the hands that have not won when the wall runs out (see the module's docstring): where
    winners stay in play (bloody flow) a seat that has won is neither checked nor paid by the checks."""
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

    A waiting tile of the seat's missing suit does not count: the seat could not win on it; nor does one whose
    four copies the hand already holds, some of them in its declared sets.
    """
    s = table.seats[seat]
    counts = s.counts
    if sum(counts) % 3 != 1:
        return 0
    way = s.flags.get(FLAG)
    barred = set(missing_kinds(ruleset, way)) if way is not None else set()
    held = list(counts)
    for meld in s.melds:
        for tile in meld.tiles:
            held[tile] += 1
    barred.update(kind for kind, n in enumerate(held) if n >= 4)
    best = 0
    for tile in waits(bytes(counts)):
        if tile in barred:
            continue
        hand = replace(s.to_hand(), winning_tile=tile)
        score = score_hand(ruleset, hand, discard_win_context(ruleset, table, seat, tile))
        if score is not None and score.total > best:
            best = score.total
    return best


