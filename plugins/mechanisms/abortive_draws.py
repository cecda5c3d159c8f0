"""Abortive draws: a deal ended without a winner by a situation the rules name (riichi's tochuu ryuukyoku).

Switched on by ``abortive_draws``, the list of those the ruleset declares.  Each answers the core's
``mahjong_abortive_draw`` at its moment, and the core ends the deal with an ``abortive_draw`` event naming
the reason, settled as a draw (no payments from a settlement that pays only wins) and rotated as the
ruleset's ``mahjong_next_deal`` says.  The causes, as riichi.wiki, "Tochuu ryuukyoku" (Causes) gives them:

* ``nine_terminals`` (kyuushuu kyuuhai): a seat's 14 tiles at its first turn, no call (nor a tile set aside
  by choice, three-player riichi's North) having interrupted the first go-round, hold nine different terminals
  and honours.  The rule lets the seat choose to declare it; here it is always declared (an assumption until a
  seat can be offered the choice as an action);
* ``four_winds`` (suufon renda): the four seats' first discards are the same wind, none claimed;
* ``four_kongs`` (suu kaikan): four kongs stand, made by more than one seat, and the discard after the
  fourth is not won ("most rules abort the hand when the following discard is not a winning tile");
* ``triple_ron`` (sanchahou): three seats claim a win on one discard;
* ``four_declarations`` (suucha riichi): every seat has declared, and the discard that made the last
  declaration is not won.  The declaration is not a core word but a plugin's, which marks a declared seat
  with a flag of its vocabulary: the ruleset names that flag (``abortive_draw_declaration_flag``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    TERMINALS_AND_HONOURS,
    WINDS,
    Claim,
    Contribution,
    MeldKind,
    Ruleset,
    Table,
    hookimpl,
)

#: The kinds that count towards nine terminals and honours.
_ORPHANS = frozenset(TERMINALS_AND_HONOURS)
_WINDS = frozenset(WINDS)


def declared(ruleset: Ruleset) -> frozenset[str]:
    """The abortive draws the ruleset declares (``abortive_draws``; none where it says nothing)."""
    return frozenset(ruleset.get("abortive_draws") or ())


def switched_on(ruleset: Ruleset) -> bool:
    return bool(declared(ruleset))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "abortive_draws", sys.modules[__name__], switched_on=switched_on,
                         description="abortive draws: nine terminals, four winds, four kongs, triple ron, "
                                     "four declarations",
                         parameters=parameters_of("abortive_draws"), sheet_keys=frozenset({"abortive"}))]


@hookimpl
def mahjong_abortive_draw(ruleset: Ruleset, table: Table, moment: str, seat: int,
                          claims: Sequence[Claim]) -> str | None:
    # Asked before every turn and after every discard: the ruleset's list as it stands (a tuple of a few names),
    # not a set made of it at each call, and nine terminals only in the first go-around, where it can be.
    if moment == "turn":
        if not table.first_go_around:
            return None
        return "nine_terminals" if "nine_terminals" in (ruleset.get("abortive_draws") or ()) \
            and nine_terminals(table, seat) else None
    rules = ruleset.get("abortive_draws") or ()
    if moment == "discard":
        if "four_winds" in rules and four_winds(table):
            return "four_winds"
        if "four_kongs" in rules and four_kongs(table):
            return "four_kongs"
        if "four_declarations" in rules and four_declarations(table, ruleset.get("abortive_draw_declaration_flag")):
            return "four_declarations"
        return None
    if moment == "claims" and "triple_ron" in rules and sum(c.kind == "win" for c in claims) >= 3:
        return "triple_ron"
    return None


def nine_terminals(table: Table, seat: int) -> bool:
    """The seat's first turn of an uninterrupted go-round, holding nine different terminals and honours."""
    s = table.seats[seat]
    if not table.first_go_around or s.discards or any(x.melds or x.aside for x in table.seats):
        return False
    return sum(1 for kind in _ORPHANS if s.counts[kind]) >= 9


def four_winds(table: Table) -> bool:
    """Every seat has made exactly its first discard, none claimed, all of one wind (four seats only)."""
    if table.players != 4 or not table.first_go_around:
        return False
    firsts = [s.discards for s in table.seats]
    if any(len(d) != 1 for d in firsts) or any(s.melds for s in table.seats):
        return False
    return len({d[0] for d in firsts}) == 1 and firsts[0][0] in _WINDS


def four_declarations(table: Table, flag: object) -> bool:
    """Every seat carries the declaration's flag (four seats only, as four winds); none where no flag is named."""
    if not isinstance(flag, str) or table.players != 4:
        return False
    for s in table.seats:  # asked after every discard: a plain loop, cheaper than all() over a generator
        if flag not in s.flags:
            return False
    return True


def four_kongs(table: Table) -> bool:
    """Four kongs on the table, not all one seat's (one seat's four play on, for its four-kongs hand)."""
    # Asked after every discard, and four kongs are rare: the kongs counted by a plain loop, their owners only then.
    kongs = 0
    for s in table.seats:
        for m in s.melds:
            if m.kind is MeldKind.KONG:
                kongs += 1
    if kongs < 4:
        return False
    owners = [n for n, s in enumerate(table.seats) if s.melds for m in s.melds if m.kind is MeldKind.KONG]
    return len(set(owners)) > 1
