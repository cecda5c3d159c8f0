"""Liability (pao): who fed the set that made a seat's yakuman certain, as a fact of the win.

A player who discards the tile another seat claims to make the last set of certain yakuman is liable for it:
that player pays the whole yakuman of a self-drawn win, and half of it beside the discarder of another's (EMA
2016 rules section 3.3.9 and Tenhou's rules, cited, not quoted).  *Which* yakuman carry liability is the
ruleset's data, ``pao: true`` in the yakuman's row of its yaku table (``scoring.yaku.<id>.value``, read by
:mod:`.tables` into ``Rules.liable``): this finder reads it during play, and the scoring reads the same rows when
it is given a ``pao`` fact (``mahjong score --pao``, a batch's ``pao`` key) and refuses one for a hand that holds
none of them.  What the family knows is how each such yakuman's last set is made (:data:`PATTERNS`):

* ``daisangen``: the third dragon set, a pung or a kong (the sets in the order they were made: a pung later made
  an added kong keeps its place among the melds, as it keeps its place at the table);
* ``daisuushii``: the fourth wind set, the same way;
* ``suukantsu``: the fourth kong, liable only where it is an open kong claimed from a discard (daiminkan) while
  the seat already held three kongs (the Japanese Mahjong Wiki's M.League page, Notable rule variations, and its
  "Sekinin barai" page, section on suukantsu).  So an added kong is never the liable set: its tile was the
  winner's own draw, and the pung it extends was claimed when the hand held fewer than four kongs, so that
  discard did not make the four kongs certain -- neither when the added kong is the fourth, nor when it was the
  pung's discarder who fed a set that was only later made a kong.

Which set was made last is the meld row's order, but for kongs that order does not tell when a pung became an
added kong.  So in a played game the family notes each kong claimed from a discard as it is logged
(:func:`note_kong_claim`, from ``mahjong_event_reactions``): a re-played game asks the same reaction of the same
events and notes the same.  A table whose melds were laid without claims (a score sheet's, one set up by hand)
has no note for its deal, and its meld row is read as the order the sets were made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mahjong_core.plugin import Meld, MeldKind, Table

__all__ = ["PATTERNS", "Pattern", "liable_seat", "note_kong_claim"]


class Pattern(NamedTuple):
    """How a yakuman that carries liability is completed: ``need`` sets of ``kinds`` (any kind: ``None``), kongs
    only where ``kongs``."""

    kinds: frozenset[int] | None
    need: int
    kongs: bool = False


#: The yakuman whose liable player the family can find, by the yaku table's ids, in the order it looks for them.
PATTERNS: dict[str, Pattern] = {
    "daisangen": Pattern(frozenset({31, 32, 33}), 3),
    "daisuushii": Pattern(frozenset({27, 28, 29, 30}), 4),
    "suukantsu": Pattern(None, 4, kongs=True),
}
#: ``table.extra`` key of the deal's kong claims: ``(deal_number, {seat: liable seat})``, a seat entered where its
#: fourth kong was claimed from a discard.  Kept for the deal in which a kong was claimed, so a deal without one
#: reads its melds (where no kong is claimed, none of them is the liable set).
KEY = "riichi_pao_kongs"
_SETS = (MeldKind.PUNG, MeldKind.KONG)


def liable_seat(table: Table, seat: int, liable: Sequence[str]) -> int | None:
    """The seat liable for ``seat``'s yakuman among ``liable`` (the ruleset's, ``Rules.liable``), or ``None`` (no
    such hand, or its last set was not claimed from a discard)."""
    melds = table.seats[seat].melds
    if len(melds) < 3:  # asked at every win the game weighs: most hands hold too few sets to be liable
        return None
    for name in liable:
        pattern = PATTERNS[name]
        found = _kongs(table, seat, melds) if pattern.kongs else _sets(table, seat, melds, pattern)
        if found is not None:
            return found
    return None


def _sets(table: Table, seat: int, melds: Sequence[Meld], pattern: Pattern) -> int | None:
    kinds = pattern.kinds
    sets = [m for m in melds if m.kind in _SETS and m.tiles and (kinds is None or m.tiles[0] in kinds)]
    if len(sets) == pattern.need and sets[-1].claimed_from is not None:
        return (seat + sets[-1].claimed_from.offset) % table.players
    return None


def _kongs(table: Table, seat: int, melds: Sequence[Meld]) -> int | None:
    kongs = [m for m in melds if m.kind is MeldKind.KONG]
    if len(kongs) != 4:
        return None
    noted = table.extra.get(KEY)
    if noted is not None and noted[0] == table.deal_number:
        return noted[1].get(seat)  # a played game's deal with a kong claimed: what was noted as it happened
    last = kongs[-1]  # laid without claims: the row's order is the order made
    if last.claimed_from is None or last.added:
        return None
    return (seat + last.claimed_from.offset) % table.players


def note_kong_claim(table: Table, seat: int, discarder: int) -> None:
    """Note a kong ``seat`` just claimed from ``discarder``'s discard: where it is the seat's fourth, the
    discarder is liable for the four kongs."""
    noted = table.extra.get(KEY)
    if noted is None or noted[0] != table.deal_number:
        liable: dict[int, int] = {}
        table.extra[KEY] = (table.deal_number, liable)
    else:
        liable = noted[1]
    if sum(1 for m in table.seats[seat].melds if m.kind is MeldKind.KONG) == 4:
        liable[seat] = discarder
