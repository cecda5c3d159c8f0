"""A locked hand: one lock shared by riichi's declaration and by winners who stay in play (``winners_hand_locked``).

A hand is *locked* where a rule fixes it: it may no longer be changed, only completed.  Riichi locks a declared
hand (:mod:`.riichi_declaration` asks :func:`locked_refusals` from the turn after its declaration); the bloody flow
locks the hand of a seat that has won and stays in play (Sichuan's 血流成河: the winner lays its hand down face up
and from then on draws, wins again where the tile completes the hand, and otherwise discards the tile it drew).
Both rules refuse the same options, so both are this one function:

* in a seat's turn, everything but a win, the discard of the tile just drawn and the kongs ``kongs`` allows:
  ``never`` none; ``same_waits`` a kong of the tile just drawn that leaves the hand's waits as they were -- a
  concealed kong of it, where the hand held the other three (its waits compared before and after), or an added
  kong of it onto an exposed pung (which leaves the concealed tiles, and so the waits, untouched);
* in a claim window, everything but a win (no pung, no kong, no chow of a discard: each would change the hand).

The winners' lock is switched on by ``winners_hand_locked: {kongs: never | same_waits}``; it applies to every seat
that has won and stays in play (its winning tiles set aside, ``Seat.won``).  The core
shows such a seat's hand, laid down, to every seat (``laid`` in the table views); a ruleset whose winners stay in
play must lock their hands, or the others would see a hand that can still change (a load error otherwise).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, Ruleset, Table, hookimpl, waits

#: The core's way of an action that sets the tile just drawn aside and replaces it (three-player riichi's North):
#: the hand stays as it was, so a locked hand may still make it.
SET_ASIDE = "set_aside"

#: What a locked hand may do with a tile that makes a kong: ``never`` nothing, ``same_waits`` a kong of the tile
#: just drawn that leaves the waits unchanged.
KONG_POLICIES = ("never", "same_waits")


def same_waits(counts: list[int], tile: int) -> bool:
    """Whether a concealed kong of the tile just drawn leaves the waits the hand had before the draw."""
    counts[tile] -= 1
    before = waits(bytes(counts))
    counts[tile] -= 3
    after = waits(bytes(counts))
    counts[tile] += 4
    return before == after


def kong_kept(action: Action, counts: list[int], drawn: int) -> bool:
    """Whether ``same_waits`` lets a locked hand make this kong: of the tile just drawn, the waits unchanged."""
    if action.kind != "kong" or action.tile != drawn:
        return False
    if action.way == "added":  # the fourth tile onto an exposed pung: the concealed tiles stay as they were
        return True
    return action.way == "concealed" and counts[drawn] == 4 and same_waits(counts, drawn)


def locked_refusals(table: Table, seat: int, phase: str, options: Sequence[Action],
                    kongs: str) -> list[Action] | None:
    """The options a locked hand may not take (see the module's docstring), or ``None`` where none is refused.

    :param kongs: ``never`` or ``same_waits`` (:data:`KONG_POLICIES`).
    """
    if phase == "claim":
        return [o for o in options if o.kind not in ("win", "pass")] or None
    if phase != "turn":
        return None
    drawn = table.drawn_tile
    if drawn is None:
        return None
    counts = table.seats[seat].counts
    kong_ok = kongs == "same_waits"
    kept = Action("discard", drawn)  # made once, not once an option (a locked hand's every turn asks this)
    return [o for o in options if not (
        o.kind == "win" or o == kept or (o.way == SET_ASIDE and o.tile == drawn)
        or (kong_ok and kong_kept(o, counts, drawn)))] or None


# -- the winners' lock -------------------------------------------------------------------------------------------


def switched_on(ruleset: Ruleset) -> bool:
    return bool(ruleset.get("winners_hand_locked"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "winners_hand_locked", this, switched_on=switched_on,
                         description="a winner who stays in play keeps its hand locked, laid face up: it only wins "
                                     "again, discards the tile it drew, or makes the kongs the rule allows",
                         parameters=parameters_of("winners_hand_locked"))]


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    if not table.seats[seat].won:  # not (yet) a winner in play: its hand is its own
        return None
    rule: Mapping[str, Any] = ruleset.value("winners_hand_locked")
    return locked_refusals(table, seat, phase, options, str(rule["kongs"]))
