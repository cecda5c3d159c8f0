"""Swap-calling forbidden (riichi's kuikae nashi): no discard, right after a chow or pung, that the claim swapped in.

Switched on by ``swap_calling`` (``{same_kind, other_end}``).  A seat that has just claimed a discard for a chow or
a pung discards next; where the rule says so it may not discard

* ``same_kind`` -- a tile of the kind it has just claimed (claim 3s for 3s-4s-5s, discard a 3s);
* ``other_end`` -- after a chow claimed at one end, the kind that would have made the same run at the other end
  (claim 6s for 4s-5s-6s, discard a 3s: the wall of the run moved, the hand did not change).

(EMA 2016 rules section 3.3.2; the World Riichi Championship Rules' errata to section 5.4; the Japanese Mahjong
Wiki, "Kuikae".)  A red five is its kind here, as everywhere a rule reads kinds.

The rule is kept by removing options (``mahjong_refused_options``): the seat's discards of those kinds are taken
from its turn's options.  So that a claim never leaves a seat without a legal discard, a chow or pung whose
remaining tiles would all be of the refused kinds is itself refused in the claim window (the rules forbid the
call then, as the tiles could not be discarded).

Which tile was claimed is no table state (a meld records its kinds, not which one came from the discard): this
module notes each chow and pung claim as it is logged (``mahjong_event_reactions``, which answers nothing) in
``table.extra``.  A re-played game runs the same hook on the same events, so what it refuses is the same.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, MeldKind, Ruleset, Table, hookimpl, reacts_to

#: ``table.extra`` key of the last chow or pung claim: ``(deal, seat, refused kinds)``.
KEY = "swap_calling"
_CLAIMS = frozenset({"chow", "pung"})
_MELDS = frozenset({MeldKind.CHOW, MeldKind.PUNG})


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("swap_calling") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "swap_calling", sys.modules[__name__], switched_on=switched_on,
                         description="swap-calling forbidden (kuikae): right after a chow or pung, no discard of "
                                     "the kind claimed, nor of the other end of the claimed run",
                         parameters=parameters_of("swap_calling"))]


def refused_kinds(rule: Mapping[str, Any], claimed: int, meld: Sequence[int]) -> frozenset[int]:
    """The kinds a seat may not discard after claiming ``claimed`` into ``meld`` (its three kinds, any order)."""
    out: set[int] = set()
    if rule.get("same_kind"):
        out.add(claimed)
    low, high = min(meld), max(meld)
    if rule.get("other_end") and low != high and claimed < 27:
        suit = claimed // 9
        other = high + 1 if claimed == low else low - 1 if claimed == high else None
        if other is not None and 0 <= other < 27 and other // 9 == suit:
            out.add(other)
    return frozenset(out)


def played_kind(table: Table, code: object) -> int | None:
    """The playing kind of a logged tile code (a red five plays as a five)."""
    tiles = table.tiles
    if not isinstance(code, str) or tiles is None:
        return None
    kind = tiles.kind_of(code)
    if kind is None:
        return None
    plays = tiles.plays_as[kind]
    return kind if plays < 0 else plays


@hookimpl
@reacts_to({"claim"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Note a chow or pung claim: the kinds its claimer may not discard next."""
    if event["type"] != "claim" or event.get("kind") not in _CLAIMS:
        return None
    claimed = played_kind(table, event.get("tile"))
    meld = [played_kind(table, code) for code in event.get("tiles", ())]
    if claimed is None or any(k is None for k in meld):
        return None
    kinds = refused_kinds(ruleset.value("swap_calling"), claimed, [k for k in meld if k is not None])
    table.extra[KEY] = (table.deal_number, event["seat"], kinds)
    return None


def just_claimed(table: Table, seat: int) -> bool:
    """Whether the seat's turn is the one right after its chow or pung (no tile drawn, the discard taken)."""
    s = table.seats[seat]
    if table.drawn_tile is not None or table.last_discard is not None or not s.melds:
        return False
    last = s.melds[-1]
    return last.kind in _MELDS and last.claimed_from is not None


def _claim_leaves_nothing(counts: Sequence[int], option: Action, rule: Mapping[str, Any]) -> bool:
    """Whether every tile the seat would hold after the claim is of a kind it could not then discard.

    At most two kinds are refused, and a claim's tiles take away at most two kinds held: a seat holding more than
    four kinds keeps a kind it may discard, which is told without making the refused kinds (asked of every claim
    a seat may make, at every discard)."""
    if len(counts) - counts.count(0) > 4:
        return False
    assert option.tile is not None  # a claim names the discard it takes
    kinds = refused_kinds(rule, option.tile, (option.tile, *option.tiles))
    left = list(counts)
    for used in option.tiles:
        left[used] -= 1
    return all(n == 0 or k in kinds for k, n in enumerate(left))


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """After a chow or pung, the discards the claim swapped in; in a claim window, a claim that leaves only those."""
    rule = ruleset.value("swap_calling")
    if phase == "claim":
        counts = table.seats[seat].counts
        return [o for o in options if o.kind in _CLAIMS and _claim_leaves_nothing(counts, o, rule)] or None
    if phase != "turn" or not just_claimed(table, seat):
        return None
    noted = table.extra.get(KEY)
    if not noted or noted[0] != table.deal_number or noted[1] != seat or not noted[2]:
        return None
    kinds: frozenset[int] = noted[2]
    return [o for o in options if o.kind == "discard" and o.tile in kinds] or None
