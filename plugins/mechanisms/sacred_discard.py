"""The sacred discard: a seat may not win on another seat's tile of a kind it has itself discarded.

Switched on by ``sacred_discard``, which says how far back the seat's own discards reach:

* ``whole_deal`` -- every tile the seat has discarded this deal, the "extended" reading (Korean
  2-point mahjong; riichi's discard furiten is the same rule);
* ``last_discard`` -- only the seat's most recent discard, the older "traditional" reading.

The rule is kept by removing options (``mahjong_refused_options``): in a claim window, and when a
kong may be robbed, a seat is not offered a win on a kind it has made sacred.  It may still pung or
kong that tile, and it may still win on a tile it draws itself: the rule forbids profiting from
another seat's discard of a tile the seat itself gave away, nothing else.

Why code and not data: whether a win is allowed depends on the seat's own discards of the deal, which
no ruleset value can name.  A discard another seat claimed leaves the discarder's row on the table, so
the seat's claimed discards are read back from the melds of the seats that claimed them: a pung's or a
kong's tiles are all the claimed kind.  A chow does not record which of its tiles was claimed, so a tile
taken from the seat for a chow does not count here; in a ruleset that claims chows only to win (as the
bundled one that uses this rule does) there is none.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, MeldKind, Ruleset, Table, hookimpl

#: The readings of the rule, by how far back the seat's own discards reach.
WHOLE_DEAL = "whole_deal"
LAST_DISCARD = "last_discard"
_PHASES = frozenset({"claim", "rob_kong"})


def reach(ruleset: Ruleset) -> str | None:
    """The ruleset's ``sacred_discard`` reading, or ``None`` where it has none."""
    value = ruleset.get("sacred_discard")
    return str(value) if value else None


def switched_on(ruleset: Ruleset) -> bool:
    return reach(ruleset) is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "sacred_discard", sys.modules[__name__], switched_on=switched_on,
                         description="no win on another seat's tile of a kind the seat itself discarded "
                                     "(this deal, or its last discard)",
                         parameters=parameters_of("sacred_discard"))]


def sacred_kinds(table: Table, seat: int, how: str) -> frozenset[int]:
    """The kinds the seat may not win on from another seat, as ``how`` (``whole_deal``, ``last_discard``) reads it.

    ``last_discard`` is the kind of the seat's latest discard still in its row; ``whole_deal`` adds every
    pung and kong other seats made with a tile the seat discarded.
    """
    own = table.seats[seat].discards
    if how == LAST_DISCARD:
        return frozenset(own[-1:])
    kinds = set(own)
    players = table.players
    for claimer, other in enumerate(table.seats):
        if claimer == seat:
            continue
        for meld in other.melds:
            source = meld.claimed_from
            if (source is not None and meld.kind in (MeldKind.PUNG, MeldKind.KONG)
                    and (claimer + source.offset) % players == seat):
                kinds.add(meld.tiles[0])
    return frozenset(kinds)


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """A win on another seat's tile (a discard, a robbed kong) of a kind the seat has made sacred."""
    if phase not in _PHASES:
        return None
    wins = [o for o in options if o.kind == "win"]
    if not wins:
        return None
    how = reach(ruleset)
    if how is None:
        return None
    sacred = sacred_kinds(table, seat, how)
    refused = [o for o in wins if o.tile in sacred]
    return refused or None
