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

Every hand is checked as untrusted input, yet nearly every hand scored is
one the engine built: plain tuples of plain ints, no flags.  For such a hand
one pass (:func:`plainly_valid`) proves everything the full checks would
(:func:`~mahjong_core.plugin.check_hand` and the tile set's copies), so
they run only for a hand that fails it -- and then raise exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from operator import gt
from typing import Any

from mahjong_rulesets.families.classical.predicates import DECLARATION_FACTS, OPTIONAL_FACTS
from mahjong_rulesets.families.classical.tables import ClassicalTables

from mahjong_core.plugin import (
    EAST,
    KINDS,
    NORTH,
    NUM_PLAYING_KINDS,
    WINDS,
    ClaimedFrom,
    Hand,
    HandError,
    MahjongError,
    Meld,
    MeldKind,
    check_hand,
    format_tiles,
)

__all__ = ["SITUATION_FLAGS", "WIND_NAMES", "plainly_valid", "prepare", "situation_context", "wind_kind"]

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
    """Every tile must exist in the ruleset's set, no more copies than it has (a joker standing for a kind is no
    copy of it)."""
    held: dict[int, int] = {}
    for kind in (*(hand.natural_tiles() if hand.wild or hand.melds else hand.all_tiles()), *hand.bonus):
        held[kind] = held.get(kind, 0) + 1
    for kind, n in sorted(held.items()):
        have = tables.copies.get(kind, 0)
        if n > have:
            code = KINDS[kind].code
            what = f"has no {code}" if not have else f"has only {have} of {code}"
            raise HandError(f"the hand holds {n} of {code}, but the {tables.ruleset_id} tile set {what}",
                            place="tiles")


#: Every meld a hand may declare, by its sorted tiles: the pungs and kongs of each playing kind, the chows.
_DECLARABLE: dict[tuple[int, ...], MeldKind] = {
    **{(kind,) * 3: MeldKind.PUNG for kind in range(NUM_PLAYING_KINDS)},
    **{(kind,) * 4: MeldKind.KONG for kind in range(NUM_PLAYING_KINDS)},
    **{(kind, kind + 1, kind + 2): MeldKind.CHOW for kind in range(27) if kind % 9 <= 6},
}


def plainly_valid(tables: ClassicalTables, hand: Hand) -> bool:
    """Whether ``hand`` is certainly one :func:`~mahjong_core.plugin.check_hand` and the tile set accept.

    True only for a :class:`Hand` of tuples of plain ``int`` kinds, sorted,
    each in its range, declared melds exactly as the notation would build
    them, no situation flags, and no kind held more often than the tile set
    and the hand's limits (4 playing, 1 bonus) allow.  Anything else --
    unusual types included -- answers False and gets the full checks.
    """
    if type(hand) is not Hand or hand.situations:
        return False
    concealed, melds, bonus, winning = hand.concealed, hand.melds, hand.bonus, hand.winning_tile
    if type(concealed) is not tuple or type(melds) is not tuple or type(bonus) is not tuple:
        return False
    caps = tables.caps
    held = [0] * NUM_PLAYING_KINDS
    last = 0
    for tile in concealed:
        if type(tile) is not int or not last <= tile < NUM_PLAYING_KINDS:
            return False
        held[tile] += 1
        last = tile
    if winning is not None:
        if type(winning) is not int or not 0 <= winning < NUM_PLAYING_KINDS:
            return False
        held[winning] += 1
    for meld in melds:
        if type(meld) is not Meld or not _declared_as_built(meld):
            return False
        for tile in meld.tiles:
            held[tile] += 1
    if any(map(gt, held, caps)):  # zip-like: stops at the playing kinds
        return False
    last = NUM_PLAYING_KINDS - 1
    for tile in bonus:
        if type(tile) is not int or not last < tile < len(caps) or not caps[tile]:
            return False
        last = tile
    return True


def _declared_as_built(meld: Meld) -> bool:
    """The meld equals what the notation's reader makes of its tiles and flags (as a parsed hand's melds are made)."""
    tiles, exposed, claimed, added = meld.tiles, meld.exposed, meld.claimed_from, meld.added
    if type(tiles) is not tuple or type(exposed) is not bool or type(added) is not bool:
        return False
    if claimed is not None and type(claimed) is not ClaimedFrom:
        return False
    for tile in tiles:
        if type(tile) is not int:
            return False
    kind = _DECLARABLE.get(tiles)
    if kind is None or kind is not meld.kind:
        return False
    if added and kind is not MeldKind.KONG:
        return False
    if not exposed and (kind is not MeldKind.KONG or added or claimed is not None):
        return False
    return kind is not MeldKind.CHOW or claimed is None or claimed.is_left


def _chows_read_as_from_the_left(hand: Hand) -> Hand:
    """The hand with every declared chow read as claimed from the left.

    Whom a chow's tile came from never changes a classical score, and who may
    be claimed from is the claim rules' business (a house rule extending
    Piter lets a chow come from either opponent), whereas the notation's
    check admits a chow from the left only.
    """
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW and meld.claimed_from is not None and not meld.claimed_from.is_left:
            break
    else:
        return hand
    melds = tuple(replace(m, claimed_from=ClaimedFrom.left_of(m.claimed_from.seats))
                  if m.kind is MeldKind.CHOW and m.claimed_from is not None
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
    if not plainly_valid(tables, hand):
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
    for fact in DECLARATION_FACTS:  # read by a row: false where nothing was declared (DECLARATION_FACTS says why)
        if fact in needed:
            ctx.setdefault(fact, False)
    if not ctx.keys() >= needed:
        missing = sorted(fact for fact in needed if fact not in ctx)
        who = "a winning" if winner else "a losing"
        raise MahjongError(f"scoring {who} hand under {tables.ruleset_id} needs the situation fact(s) "
                           f"{', '.join(missing)} in the context", place="context")
    for name in ("seat_wind", "prevalent_wind"):
        if name in ctx or name in needed:  # a loser whose hand is not scored may come without winds
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
