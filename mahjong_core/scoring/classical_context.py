"""The facts a classical score needs, checked before anything is scored.

The engine hands the scorer a context (``winner``, the winds and, for a
winner, how the hand was won).  A referee scoring a hand by hand writes the
same facts as situation flags in the notation (``!self_drawn``); the
:func:`situation_context` helper turns a parsed hand and its winds into a
full context, every fact the flags do not set being false.

The engine itself is strict: a fact that some row of the ruleset reads and
that the context does not hold is an error naming it, because a silent
"false" would under-pay a limit hand.  Situation flags on the hand are
merged in (a flag sets its fact true where the context does not say).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import HandError, MahjongError
from ..melds import ClaimedFrom, Hand, MeldKind
from ..notation import check_hand, format_tiles
from ..predicates_classical import OPTIONAL_FACTS
from ..tiles import EAST, KINDS, NORTH, WINDS
from .classical_tables import ClassicalTables

__all__ = ["SITUATION_FLAGS", "WIND_NAMES", "prepare", "situation_context", "wind_kind"]

#: Boolean facts a hand may carry as ``!flag`` in the notation.
SITUATION_FLAGS = frozenset(
    {
        "self_drawn",
        "replacement",
        "robbing_kong",
        "last_tile",
        "first_go_around",
        "first_discard",
        "dealer",
        "calling",
        "calling_from_start",
        *OPTIONAL_FACTS,
    }
)
#: Wind names accepted by :func:`wind_kind`.
WIND_NAMES = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": NORTH, "east": EAST, "south": EAST + 1,
              "west": EAST + 2, "north": NORTH}


def wind_kind(wind: Any, what: str = "wind") -> int:
    """A wind as a tile kind (27 East .. 30 North) from a kind, ``"E"``/``"east"`` or ``"1z"``..``"4z"``.

    :raises MahjongError: for anything else.
    """
    if isinstance(wind, int) and not isinstance(wind, bool) and wind in WINDS:
        return wind
    if isinstance(wind, str):
        if wind in WIND_NAMES:
            return WIND_NAMES[wind]
        if wind.lower() in WIND_NAMES:
            return WIND_NAMES[wind.lower()]
        if len(wind) == 2 and wind[1] == "z" and wind[0] in "1234":
            return EAST + int(wind[0]) - 1
    raise MahjongError(f"{what} must be a wind: E, S, W, N (or the kinds 27-30, or 1z-4z), got {wind!r}",
                       place=what)


def situation_context(hand: Hand, seat_wind: Any, prevalent_wind: Any, **facts: Any) -> dict[str, Any]:
    """A full scoring context for ``hand``: its ``!flags``, the winds, and every other fact false.

    ``winner`` defaults to whether the hand names a winning tile, ``dealer``
    to whether the seat is East, ``self_drawn`` is implied by
    ``replacement``, and ``tiles_left`` is 0 with ``last_tile`` (else
    unknown).  Keyword arguments override any of these.

    :raises MahjongError: for a flag that is no known situation, or a bad wind.
    """
    unknown = sorted(set(hand.situations) - SITUATION_FLAGS)
    if unknown:
        raise MahjongError(f"unknown situation flag(s) {', '.join('!' + u for u in unknown)}; "
                           f"known: {', '.join('!' + f for f in sorted(SITUATION_FLAGS))}", place="situations")
    seat = wind_kind(seat_wind, "seat_wind")
    ctx: dict[str, Any] = {flag: flag in hand.situations for flag in SITUATION_FLAGS}
    ctx["self_drawn"] = ctx["self_drawn"] or ctx["replacement"]
    ctx["dealer"] = ctx["dealer"] or seat == EAST
    ctx.update(
        winner=hand.winning_tile is not None,
        seat_wind=seat,
        prevalent_wind=wind_kind(prevalent_wind, "prevalent_wind"),
        tiles_left=0 if ctx["last_tile"] else None,
        winning_tile=hand.winning_tile,
    )
    ctx.update(facts)
    return ctx


def _check_tiles(tables: ClassicalTables, hand: Hand) -> None:
    """Every tile must exist in the ruleset's set, no more copies than it has."""
    held: dict[int, int] = {}
    for kind in (*hand.all_tiles(), *hand.bonus):
        held[kind] = held.get(kind, 0) + 1
    for kind, n in sorted(held.items()):
        have = tables.copies.get(kind, 0)
        if n > have:
            code = KINDS[kind].code
            what = f"has no {code}" if not have else f"has only {have} of {code}"
            raise HandError(f"the hand holds {n} of {code}, but the {tables.ruleset_id} tile set {what}",
                            place="tiles")


def _chows_read_as_from_the_left(hand: Hand) -> Hand:
    """The hand with every declared chow read as claimed from the left.

    Whom a chow's tile came from never changes a classical score, and who may
    be claimed from is the claim rules' business (a house rule extending
    Piter lets a chow come from either opponent), whereas the notation's
    check admits a chow from the left only.
    """
    if not any(m.kind is MeldKind.CHOW and m.claimed_from not in (None, ClaimedFrom.LEFT) for m in hand.melds):
        return hand
    melds = tuple(replace(m, claimed_from=ClaimedFrom.LEFT) if m.kind is MeldKind.CHOW and m.claimed_from is not None
                  else m for m in hand.melds)
    return replace(hand, melds=melds)


def prepare(tables: ClassicalTables, hand: Hand, context: Mapping[str, Any]) -> tuple[Hand, dict[str, Any], bool]:
    """Check the hand and the context; return the hand (winning tile set apart), the context and ``winner``.

    :raises MahjongError: for an impossible hand, a missing or malformed fact, or a winner
        without a winning tile.
    """
    if not isinstance(context, Mapping):
        raise MahjongError(f"the scoring context must be a mapping of facts, got {type(context).__name__}",
                           place="context")
    hand = _chows_read_as_from_the_left(hand)
    check_hand(hand)
    _check_tiles(tables, hand)
    ctx = dict(context)
    for flag in hand.situations:
        ctx.setdefault(flag, True)
    winner = ctx.get("winner")
    if not isinstance(winner, bool):
        raise MahjongError(f"the scoring context needs 'winner': true for the hand that won, false for a loser; "
                           f"got {winner!r}", place="context.winner")
    needed = tables.winner_facts if winner else tables.loser_facts
    missing = sorted(fact for fact in needed if fact not in ctx)
    if missing:
        who = "a winning" if winner else "a losing"
        raise MahjongError(f"scoring {who} hand under {tables.ruleset_id} needs the situation fact(s) "
                           f"{', '.join(missing)} in the context", place="context")
    for name in ("seat_wind", "prevalent_wind"):
        ctx[name] = wind_kind(ctx[name], name)
    if winner:
        hand = _winning_tile_apart(hand, ctx)
    return hand, ctx, winner


def _winning_tile_apart(hand: Hand, ctx: dict[str, Any]) -> Hand:
    """A winner's hand with its winning tile named, taken from ``ctx['winning_tile']`` if the hand lacks one."""
    if hand.winning_tile is not None:
        ctx.setdefault("winning_tile", hand.winning_tile)
        return hand
    tile = ctx.get("winning_tile")
    if isinstance(tile, int) and tile in hand.concealed:
        concealed = list(hand.concealed)
        concealed.remove(tile)
        return replace(hand, concealed=tuple(concealed), winning_tile=tile)
    raise HandError(f"a winning hand must name its winning tile (+tile in the notation, or ctx['winning_tile'] "
                    f"among the concealed tiles); got {tile!r} with concealed tiles "
                    f"{format_tiles(hand.concealed) or 'none'}", place="winning_tile")
