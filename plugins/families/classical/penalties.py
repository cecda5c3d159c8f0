"""Dangerous-discard penalties (000 lines 156-157 "Пенальти", 001 lines 141-151 "Штрафы").

A player who discards the tile that lets another complete a hand whose
danger was on the table pays the winner "the full sum for all the players",
and no other settlement of the hand is made (000 line 157, 001 line 151).
The four cases, each a switch in the ``penalties`` parameter:

* ``pure_suit`` -- the winner had ``exposed_tiles`` (9: "9 or more", 000;
  "more than eight", 001 line 143) tiles of one suit exposed, and the
  discard, of that suit, completes a hand of that suit alone;
* ``four_winds`` -- the winner had ``exposed_sets`` (3) exposed wind
  pungs/kongs, and the discard is a wind that lets him win;
* ``three_dragons`` -- ``exposed_sets`` (2) exposed dragon pungs/kongs, and
  the discard is a dragon that lets him win;
* ``terminals`` -- ``exposed_sets`` (3) exposed pungs/kongs of ones or nines,
  and the discard is a one or a nine that lets him win.

"Exposed" is read before the winning discard: the winner's melds with
``exposed=True`` (the claimed winning tile is in his concealed tiles, not a
meld).  For cases 2-4 the seeds ask only that the discard "let him win", and
that is what is checked (a terminal completing a chow counts too).  Only a
discard is dangerous: a robbed kong is not (the seeds say "discards").

Exemptions, listed per case in the data (both seeds state them for the pure
suit only, 000 line 157, 001 line 143):

* ``discarder_holds_only_that_suit`` -- every concealed tile the discarder
  holds is of the case's group (the suit; winds; dragons; ones and nines):
  he had nothing safe to discard;
* ``discarder_is_calling`` -- the discarder is a calling hand: declared
  (``table.seats[s].calling``) where the ruleset has the calling-hand rule,
  otherwise one tile from mahjong (000 line 160 defines a calling hand by its
  tiles; 001 line 143 says "was declared").

The sum for all players is what the losers would have paid the winner under
classical settlement, East's double included (:func:`winner_payments`).
Payments outside the hand (four bonus tiles, consecutive mahjongs, the bank)
are still made: they are not the hand's settlement.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mahjong_core.plugin import (
    DRAGONS,
    NUM_PLAYING_KINDS,
    TERMINALS,
    WINDS,
    Meld,
    Outcome,
    Payment,
    Penalty,
    Ruleset,
    RulesetError,
    Seat,
    Table,
    shanten,
)

__all__ = ["CASES", "dangerous_discard_penalty", "penalty_case"]

#: The cases, in the order they are tried (the first that fires is paid).
CASES = ("pure_suit", "four_winds", "three_dragons", "terminals")

_GROUPS = {"four_winds": frozenset(WINDS), "three_dragons": frozenset(DRAGONS), "terminals": frozenset(TERMINALS)}


def dangerous_discard_penalty(ruleset: Ruleset, table: Table, outcome: Outcome) -> Penalty | None:
    """The penalty that replaces this deal's settlement, or ``None``.

    ``None`` also when the winner's hand has no score (a ruleset without
    scoring tables pays nothing, as its settlement does).
    """
    fired = penalty_case(ruleset, table, outcome)
    if fired is None:
        return None
    from mahjong_rulesets.families.classical.settlement import deal_payments, winner_payments

    winner, discarder = outcome.winner, outcome.discarder
    assert winner is not None and discarder is not None
    value = _value(outcome, winner)
    if value is None:
        return None
    amount = sum(p.amount for p in winner_payments(ruleset, table, winner, value))
    payments = [Payment(discarder, winner, amount, f"penalty_{fired}")] if amount else []
    payments += deal_payments(ruleset, table, outcome)
    return Penalty(fired, discarder, tuple(payments))


def penalty_case(ruleset: Ruleset, table: Table, outcome: Outcome) -> str | None:
    """Which enabled case fires for this outcome (after exemptions), or ``None``."""
    if outcome.kind != "win" or outcome.how != "discard" or outcome.discarder is None or outcome.tile is None:
        return None
    if outcome.winner is None or outcome.discarder == outcome.winner:
        return None
    config = ruleset.value("penalties") or {}
    seat = table.seats[outcome.winner]
    for case in CASES:
        spec = config.get(case) or {}
        if not spec.get("enabled"):
            continue
        group = _armed(case, spec, seat, outcome.tile, ruleset)
        if group is None:
            continue
        if not _exempt(ruleset, table, outcome.discarder, group, spec.get("exemptions") or ()):
            return case
    return None


def _value(outcome: Outcome, winner: int) -> int | None:
    score = outcome.scores.get(winner)
    if score is None:
        return None
    from mahjong_rulesets.families.classical.settlement import hand_value

    return hand_value(score, winner)


def _threshold(spec: Any, key: str, case: str, ruleset: Ruleset) -> int:
    need = spec.get(key)
    if not isinstance(need, int) or isinstance(need, bool) or need < 1:
        raise RulesetError(f"penalty {case} is enabled without a positive {key} (got {need!r})",
                           source=ruleset.location, place=f"$.parameters.penalties.{case}.value.{key}")
    return need


def _exposed(seat: Seat) -> list[Meld]:
    return [m for m in seat.melds if m.exposed]


def _armed(case: str, spec: Any, seat: Seat, tile: int, ruleset: Ruleset) -> frozenset[int] | None:
    """The case's tile group when its danger was exposed and the winning discard belongs to it, else ``None``."""
    if case == "pure_suit":
        if tile >= 27:
            return None
        suit = frozenset(range(tile // 9 * 9, tile // 9 * 9 + 9))
        every = list(seat.concealed_tiles()) + [t for m in seat.melds for t in m.tiles]
        if not all(t in suit for t in every):
            return None
        shown = sum(1 for m in _exposed(seat) for t in m.tiles if t in suit)
        return suit if shown >= _threshold(spec, "exposed_tiles", case, ruleset) else None
    group = _GROUPS[case]
    if tile not in group:
        return None
    sets = sum(1 for m in _exposed(seat) if m.is_pong and m.tiles[0] in group)
    return group if sets >= _threshold(spec, "exposed_sets", case, ruleset) else None


def _exempt(ruleset: Ruleset, table: Table, discarder: int, group: frozenset[int], exemptions: Iterable[str]) -> bool:
    seat = table.seats[discarder]
    for exemption in exemptions:
        if exemption == "discarder_holds_only_that_suit":
            held = seat.concealed_tiles()
            if held and all(t in group for t in held):
                return True
        elif exemption == "discarder_is_calling":
            if seat.calling:
                return True
            rule = ruleset.get("calling_hand_rule") or {}
            if not rule.get("required") and _one_from_mahjong(seat):
                return True
        else:
            raise RulesetError(f"unknown penalty exemption {exemption!r}; expected discarder_holds_only_that_suit "
                               f"or discarder_is_calling", source=ruleset.location, place="$.parameters.penalties")
    return False


def _one_from_mahjong(seat: Seat) -> bool:
    counts = seat.counts[:NUM_PLAYING_KINDS]
    return sum(counts) % 3 == 1 and shanten(bytes(counts)) == 0
