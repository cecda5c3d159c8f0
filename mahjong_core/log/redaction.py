"""What one seat may see of a game: a replay log with everything hidden from that seat redacted.

A replay log is the referee's full record.  A player, a spectator of one seat,
or an engine trained on one seat's information must not see other seats'
concealed tiles, their draws, or the tiles another pair passed face down in an
exchange.  Hidden tiles are replaced by ``"?"`` so that the shape of the log
(who drew, who passed how many tiles) stays visible, as it is at the table.

A live table (``mahjong serve``) sends each seat its view as play goes:
:func:`live_event_view` redacts one event at a time and :func:`table_view`
says what the seat sees on the table now.

A hand laid face up -- a winner's who stays in play, or one shown to every seat by a declaration (the
``hand_shown`` event) -- is every seat's to see (the table view's ``laid``), but never the tile its seat has just
drawn, which stays hidden until it is discarded or won with.

Three things are hidden that the log, the referee's record, keeps: a tile put
back on the wall (a late claim took the turn from the seat that drew it) is
known to that seat only, since another seat draws it next; a concealed kong
shows the others only what the ruleset lays face up (:class:`Visibility`); and
a choice that overran its time limit, replaced by the ruleset's timeout action,
is shown to nobody else, since it may name a tile the seat keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError
from mahjong_core.hand.tiles import KINDS
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import shared_plugin_manager
from mahjong_core.rules import available, load_ruleset, load_ruleset_text
from mahjong_core.table.events import code, codes, held_codes

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Meld
    from mahjong_core.hand.tiles import TileSet
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.state import Table, TimeLimits

HIDDEN = "?"
#: Events whose tile is seen only by the seat that takes it (or, for a returned draw, that gives it back).
_PRIVATE_TILE_EVENTS = frozenset({"draw", "replacement", "draw_returned"})
#: Decision phases the engine times as a move (``Game.decide``); every other phase is timed as a claim.
_MOVE_PHASES = frozenset({"turn", "false_mahjong"})


@dataclass(frozen=True)
class Visibility:
    """What a ruleset lets the others see beyond plain moves: how a concealed kong lies, and the time limits.

    The limits matter because a decision slower than its limit is replaced by
    the ruleset's timeout action: a live table, which cannot wait for the
    ``timeout`` event that follows, must know from the decision alone that it
    will not stand.  The default hides the most (a concealed kong face down,
    no limit known), so that a caller that knows nothing of the ruleset leaks
    nothing.

    :param meld_display: the ruleset's ``meld_display`` (000 lines 123-130): under
        ``concealed_kong_shown`` a concealed kong shows its two middle tiles face up,
        under any other layout it lies face down.
    :param move_limit_ms: the move limit (turns), or ``None``.
    :param claim_limit_ms: the claim limit (claims, robbing, exchanges, declarations), or ``None``.
    """

    meld_display: str = "plain"
    move_limit_ms: int | None = None
    claim_limit_ms: int | None = None

    @classmethod
    def of(cls, ruleset: Ruleset, limits: TimeLimits | None = None) -> Visibility:
        """The ruleset's visibility; ``limits`` are its time limits when the caller has them already (a game)."""
        if limits is None:
            _, hook = shared_plugin_manager(tuple(bind(ruleset).plugins))
            limits = hook.mahjong_time_limits(ruleset=ruleset)
        move = getattr(limits, "move", None)
        claim = getattr(limits, "claim", None)
        return cls(str(ruleset.get("meld_display", "plain")),
                   None if move is None else int(move * 1000), None if claim is None else int(claim * 1000))

    @classmethod
    def of_header(cls, header: Mapping[str, Any]) -> Visibility:
        """The visibility of the ruleset a log's header names (its embedded text first, else the installed one).

        A ruleset that cannot be loaded here gets the default, which hides the most.
        """
        ref = header.get("ruleset")
        if not isinstance(ref, Mapping):
            return cls()
        try:
            document = ref.get("document")
            if isinstance(document, str):
                return cls.of(load_ruleset_text(document, "the log's embedded ruleset"))
            rid = ref.get("id")
            if isinstance(rid, str) and rid in available():
                return cls.of(load_ruleset(rid))
        except MahjongError:
            pass  # a ruleset that no longer loads: fall through to the default, which hides the most
        return cls()

    def overran(self, event: Mapping[str, Any]) -> bool:
        """Whether a decision took longer than its limit, and so is replaced by the ruleset's timeout action."""
        limit = self.move_limit_ms if event.get("phase") in _MOVE_PHASES else self.claim_limit_ms
        delay = event.get("after_ms", 0)
        return limit is not None and isinstance(delay, int) and delay > limit

    def concealed_kong(self, tile: str) -> list[str]:
        """A concealed kong of ``tile`` as the other seats see it lie on the table."""
        if self.meld_display == "concealed_kong_shown" and tile != HIDDEN:
            return [HIDDEN, tile, tile, HIDDEN]
        return [HIDDEN] * 4

    def kong_tile(self, tile: str) -> str:
        """The tile a concealed kong shows the others: its own where its middle tiles lie face up."""
        return tile if self.meld_display == "concealed_kong_shown" else HIDDEN


#: The default visibility: concealed kongs face down, no limits known.
HIDE_MOST = Visibility()


def _concealed_kong_view(event: dict[str, Any], visibility: Visibility) -> dict[str, Any]:
    """A concealed kong's event (or its decision) as the others see it: its tile only if laid face up, and for
    the ``kong`` event the tiles as they lie (``tiles``), so that a reader folds the meld as it is shown."""
    tile = str(event.get("tile", HIDDEN))
    shown = {**event, "tile": visibility.kong_tile(tile)}
    if event.get("type") == "kong":
        shown["tiles"] = visibility.concealed_kong(tile)
    if "jokers" in event and shown["tile"] == HIDDEN:  # the kind a joker stands for is the kong's own
        shown["jokers"] = [HIDDEN] * len(event["jokers"])
    if event.get("type") == "decision" and event.get("tiles"):  # a concealed kong made with a joker: face down
        shown["tiles"] = [HIDDEN] * len(event["tiles"])
    return shown


def _is_concealed_kong(event: Mapping[str, Any]) -> bool:
    return event.get("way") == "concealed" and (event.get("type") == "kong" or event.get("action") == "kong")


def _receivers(events: Sequence[dict[str, Any]]) -> dict[int, int]:
    """For each exchange decision (by index), the seat that received its tiles and keeps them all.

    A step's decisions come first, sealed; the ``exchange`` events after them
    say who passed to whom, so each pass is matched to the latest pending
    decision of its giver.  A receiver that itself passes blind in that step (``way: blind``) may pass some of
    them on unseen: it is shown none of them in the decision (its hand, after the step, shows what it kept).
    A seat's ask (``way: ask``, a count and no tiles) passes nothing and is no pass's decision.
    """
    pending: dict[int, int] = {}
    blind: set[int] = set()  # the seats passing blind in the step under way
    receivers: dict[int, int] = {}
    for i, event in enumerate(events):
        if event.get("type") == "decision" and event.get("phase") == "exchange" and event.get("way") != "ask":
            if not pending:
                blind.clear()  # a new step's first decision
            pending[event["actor"]] = i
            if event.get("way") == "blind":
                blind.add(event["actor"])
        elif event.get("type") == "exchange" and event.get("giver") in pending:
            decision = pending.pop(event["giver"])
            if event["receiver"] not in blind:
                receivers[decision] = event["receiver"]
    return receivers


def _replaced(events: Sequence[dict[str, Any]], i: int) -> bool:
    """Whether decision ``i`` overran its limit: the engine logs the ``timeout`` that replaces it right after."""
    after = events[i + 1] if i + 1 < len(events) else None
    return after is not None and after.get("type") == "timeout" and after.get("seat") == events[i].get("actor")


def seat_view(events: Iterable[dict[str, Any]], seat: int, visibility: Visibility = HIDE_MOST
              ) -> list[dict[str, Any]]:
    """The events as ``seat`` may know them at the table.

    :param events: the log's events (not the header), in order.
    :param seat: the seat whose view to build: it sees its own tiles, what it
        draws, and what is passed to it face down; every other concealed tile
        is ``"?"``.  Another seat's choice that its timeout replaced is left
        out, and the tiles of another seat's claims and offers are ``"?"``
        (a claim that is taken shows its tiles in its ``claim`` event).
    :param visibility: how the log's ruleset lays out concealed kongs (:meth:`Visibility.of_header`).
    """
    events = list(events)
    receivers = _receivers(events)
    view: list[dict[str, Any]] = []
    for i, event in enumerate(events):
        kind = event.get("type")
        if kind == "hands":
            event = {**event, "hands": [h if n == seat else [HIDDEN] * len(h) for n, h in enumerate(event["hands"])]}
        elif kind in _PRIVATE_TILE_EVENTS and event.get("seat") != seat:
            event = {**event, "tile": HIDDEN}
        elif kind == "kong" and event.get("seat") != seat and _is_concealed_kong(event):
            event = _concealed_kong_view(event, visibility)
        elif kind == "decision" and event.get("actor") != seat:
            phase = event.get("phase")
            if _replaced(events, i):
                continue
            if phase == "exchange":
                if receivers.get(i) != seat and "tiles" in event:
                    event = {**event, "tiles": [HIDDEN] * len(event["tiles"])}
            elif phase in _PUBLIC_DECISION_PHASES:
                if _is_concealed_kong(event):
                    event = _concealed_kong_view(event, visibility)
            else:
                event = _hide_tiles(event)
        view.append(event)
    return view


def _hide_tiles(event: dict[str, Any]) -> dict[str, Any]:
    shown = dict(event)
    if "tile" in shown:
        shown["tile"] = HIDDEN
    if "tiles" in shown:
        shown["tiles"] = [HIDDEN] * len(shown["tiles"])
    return shown


# ---------------------------------------------------------------------- live views
#
# A live table sends each seat its view event by event, before later events are known, so it cannot look ahead as
# :func:`seat_view` does for a finished log.  It also hides more: an offer a seat declined (a claim, a robbing,
# a declaration on the dealt hand) is never shown to the others, because the mere offer says what the seat holds
# (a pass on a discard means "I could have punged it"), and a claim that lost to a better one would show tiles that
# stay concealed.  What a seat does in its own turn (discard, kong, mahjong) is done in view of the table.

#: Events that carry a deal's commitment salt (``deal_start`` where the log records it, ``deal_end``).
_SALTED_EVENTS = frozenset({"deal_start", "deal_end"})
#: Decision phases whose decisions are made in view of the whole table.
_PUBLIC_DECISION_PHASES = frozenset({"turn", "false_mahjong"})


def live_event_view(event: dict[str, Any], seat: int | None, visibility: Visibility = HIDE_MOST
                    ) -> dict[str, Any] | None:
    """One event as ``seat`` may know it as it happens, or ``None`` when the seat is not to learn of it.

    :param event: an event as the engine emitted it.
    :param seat: the viewing seat, or ``None`` for a spectator, who sees public information only.
    :param visibility: the table's ruleset's (:meth:`Visibility.of`): how a concealed kong lies, and the time
        limits, by which a decision that will be replaced by its timeout is known as it is made.
    """
    kind = event.get("type")
    actor = event.get("actor")
    if kind == "hands":
        return {**event, "hands": [h if n == seat else [HIDDEN] * len(h) for n, h in enumerate(event["hands"])]}
    if kind in _SALTED_EVENTS and "salt" in event:
        # A salt is published with the finished game's log, not before: a live table's is random and would tell
        # nothing of its seed, but a salt derived from a seed is a test for guesses at that seed.
        return {k: v for k, v in event.items() if k != "salt"}
    if kind in _PRIVATE_TILE_EVENTS and event.get("seat") != seat:
        return {**event, "tile": HIDDEN}
    if kind == "kong" and event.get("seat") != seat and _is_concealed_kong(event):
        return _concealed_kong_view(event, visibility)
    if kind == "decision" and actor != seat:
        if visibility.overran(event):
            return None  # the timeout's action replaces it, and says in its own event what is done
        phase = event.get("phase")
        if phase in _PUBLIC_DECISION_PHASES:
            return _concealed_kong_view(event, visibility) if _is_concealed_kong(event) else event
        if phase == "declaration" and event.get("action") == "declare_calling":
            return event  # a calling hand is announced to the table
        if phase == "exchange" and event.get("way") == "ask":
            return event  # the count a seat asks to pass is said aloud: it names no tile
        return None
    if kind == "timeout" and event.get("seat") != seat and event.get("what") != "move":
        return None  # a claim that lapsed: the offer itself is hidden
    return event


def _discard_codes(discards: list[int], marked: list[int], tiles: TileSet | None) -> list[str]:
    """A seat's discards as codes, a discarded marked copy by its own code, as the log names it."""
    if tiles is not None and tiles.jokers and any(t >= len(KINDS) for t in discards):  # a discarded joker
        return [tiles.code(t) for t in discards]
    names = codes(discards)
    if marked and tiles is not None:
        for i in marked:
            names[i] = tiles.code(tiles.marked_of(discards[i]))
    return names


def _meld_view(meld: Meld, marks: list[int], tiles: TileSet | None) -> dict[str, Any]:
    """A meld as it lies: its kinds, a marked copy in it (a red five) by its own code in the last place of its
    kind (``marks``, :attr:`Seat.meld_marks`), as the folds work it out from the log's claim and kong events."""
    names = codes(meld.tiles)
    for kind in marks:
        place = max((i for i, t in enumerate(meld.tiles) if t == kind and names[i] == code(kind)), default=None)
        if place is not None and tiles is not None:
            names[place] = tiles.code(tiles.marked_of(kind))
    view = {"kind": meld.kind.value, "tiles": names, "exposed": meld.exposed,
            "claimed_from": meld.claimed_from.offset if meld.claimed_from is not None else None}
    if meld.jokers:  # the kinds its jokers stand for, as the log's claim or kong names them
        view["jokers"] = codes(meld.jokers)
    return view


def table_view(table: Table, seat: int | None, *, reveal: bool = False,
               visibility: Visibility = HIDE_MOST) -> dict[str, Any]:
    """What ``seat`` may see of the table now: its own concealed tiles, everybody's exposed melds (and of
    another seat's concealed kongs what the ruleset lays face up), bonus tiles and discards, how many concealed
    tiles the others hold, the tiles left on the wall, winds and scores.

    :param seat: the viewing seat, or ``None`` for a spectator.
    :param reveal: show every seat's concealed tiles (the hands laid open when the deal is over).
    :param visibility: how the ruleset lays out a concealed kong (:meth:`Visibility.of`).
    """
    return redact_table_view(full_table_view(table), seat, reveal=reveal, visibility=visibility)


def full_table_view(table: Table) -> dict[str, Any]:
    """The table as ``table_view`` describes it with every seat's concealed tiles: the referee's view,
    from which :func:`redact_table_view` cuts each seat's (built once, redacted per seat)."""
    wall = table.wall
    tiles = table.tiles
    name = tiles.code if tiles is not None else code
    seats = []
    for n, s in enumerate(table.seats):
        seat: dict[str, Any] = {
            "seat": n, "wind": table.seat_wind(n),
            "melds": [_meld_view(m, s.meld_marks.get(i, []), tiles) for i, m in enumerate(s.melds)],
            "bonus": [name(t) for t in (s.set_aside_row() if s.jokers else s.bonus)],
            "discards": _discard_codes(s.discards, s.marked_discards, tiles),
            "concealed_count": sum(s.counts) + len(s.held_jokers),
            "calling": s.calling, "concealed": held_codes(s.counts, s.marked, tiles) + [name(t) for t in s.held_jokers]
            if not table.wild else _with_wild(s.counts, s.marked, s.held_jokers, tiles),
        }
        if s.kept:
            _with_kept(seat, s.kept, 0 if table.wild else len(s.held_jokers), name)
        # What a plugin's events set, public by their declaration, only where there is any (as the folds show it).
        if s.flags:
            seat["flags"] = dict(s.flags)
        if s.aside:
            seat["aside"] = [name(t) for t in s.aside]
        if table.wins and table.out_of_play(n):  # won, and sits out while play goes on
            seat["out"] = True
        if s.won:  # the tiles it won with, face up, where winners stay in play
            seat["won"] = [name(t) for t in s.won]
        if s.laid:  # its hand laid face up and locked (at its win, or shown by a declaration): every seat sees it
            seat["laid"] = [name(t) for t in s.laid_tiles()]
        seats.append(seat)
    view = {
        "phase": table.phase, "deal": table.deal_number, "round": table.round_index, "dealer": table.dealer,
        "prevalent_wind": table.prevalent_wind, "scores": list(table.scores), "clock_ms": table.clock_ms,
        "tiles_left": wall.live_count() if wall is not None and table.seats else None,
        "last_discard": ({"seat": table.last_discarder,
                          "tile": name(tiles.marked_of(table.last_discard)) if table.last_discard_marked and tiles
                          else code(table.last_discard) if table.last_discard < len(KINDS)
                          else name(table.last_discard)}
                         if table.last_discard is not None else None),
        "pot": table.pot, "counters": dict(table.counters), "seats": seats,
    }
    if table.shown:  # in the table's own tile set: a red five shown is written 0p
        view["shown"] = [name(t) for t in table.shown]
    if table.counters:
        view["counters"] = dict(table.counters)
    if table.wild:  # the deal's wild kinds (Fuzhou's gold), only where a ruleset makes a kind wild
        view["wild"] = [name(t) for t in table.wild]
    return view


def _with_kept(seat: dict[str, Any], kept: list[int], jokers: int, name: Callable[[int], str]) -> None:
    """A seat's bonus tiles kept in its hand (``bonus_kept``) among its concealed tiles: concealed like any tile
    (:func:`redact_table_view` cuts them from every other seat's view with the rest), counted in its
    ``concealed_count``.  They lie after the playing tiles and before the ``jokers`` held, as the folds sort a
    hand (:func:`mahjong_core.log.fold.sort_tiles`): a standard flower at its kind's place, a set's own kind (an
    emperor) in the order it came."""
    held = seat["concealed"]
    at = len(held) - jokers
    ordered = sorted(kept, key=lambda kind: kind if kind < len(KINDS) else len(KINDS))
    seat["concealed"] = held[:at] + [name(t) for t in ordered] + held[at:]
    seat["concealed_count"] += len(kept)


def _with_wild(counts: list[int], marked: list[int], held: list[int], tiles: TileSet | None) -> list[str]:
    """A seat's concealed codes where a kind is wild this deal: its copies, held as jokers, in their kind's place."""
    every = list(counts)
    for kind in held:
        every[kind] += 1
    return held_codes(every, marked, tiles)


def redact_table_view(view: dict[str, Any], seat: int | None, *, reveal: bool = False,
                      visibility: Visibility = HIDE_MOST) -> dict[str, Any]:
    """``view`` (from :func:`full_table_view`) without the concealed tiles of every seat but ``seat``: neither
    those in its hand nor those of its concealed kongs beyond what ``visibility`` lays face up; nor, even with the
    hands laid open (``reveal``), the notes another seat alone is told (``notes``: :func:`mahjong_core.seat_notes`)."""
    if reveal:  # the hands laid open; a seat's notes (its furiten) stay its own
        if not any(NOTES in s for s in view["seats"]):
            return view
        return {**view, "seats": [s if s["seat"] == seat else _without_notes(s) for s in view["seats"]]}
    return {**view, "seats": [s if s["seat"] == seat else _others_seat(s, visibility) for s in view["seats"]]}


#: A seat's object's field of what that seat alone is told (:func:`mahjong_core.seat_notes`), never another's.
NOTES = "notes"


def _without_notes(seat: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in seat.items() if k != NOTES} if NOTES in seat else seat


def _others_seat(seat: dict[str, Any], visibility: Visibility) -> dict[str, Any]:
    shown = {k: v for k, v in seat.items() if k != "concealed" and k != NOTES}
    if any(not m["exposed"] for m in seat["melds"]):
        shown["melds"] = [m if m["exposed"] else _concealed_meld_view(m, visibility) for m in seat["melds"]]
    return shown


def _concealed_meld_view(meld: dict[str, Any], visibility: Visibility) -> dict[str, Any]:
    """Another seat's concealed meld as it lies: the kinds its jokers stand for hidden with the tiles they are."""
    tiles = _concealed_meld(meld, visibility)
    if "jokers" in meld and HIDDEN in tiles:
        return {**meld, "tiles": tiles, "jokers": [HIDDEN] * len(meld["jokers"])}
    return {**meld, "tiles": tiles}


def _concealed_meld(meld: dict[str, Any], visibility: Visibility) -> list[str]:
    tiles = meld["tiles"]
    if meld["kind"] == "kong" and tiles:  # a view redacted already keeps what it shows
        return visibility.concealed_kong(next((t for t in tiles if t != HIDDEN), HIDDEN))
    return [HIDDEN] * len(tiles)
