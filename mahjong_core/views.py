"""What one seat may see of a game: a replay log with everything hidden from that seat redacted.

A replay log is the referee's full record.  A player, a spectator of one seat,
or an engine trained on one seat's information must not see other seats'
concealed tiles, their draws, or the tiles another pair passed face down in an
exchange.  Hidden tiles are replaced by ``"?"`` so that the shape of the log
(who drew, who passed how many tiles) stays visible, as it is at the table.

A live table (``mahjong serve``) sends each seat its view as play goes:
:func:`live_event_view` redacts one event at a time and :func:`table_view`
says what the seat sees on the table now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .events import code, codes

if TYPE_CHECKING:
    from .melds import Meld
    from .table import Table

HIDDEN = "?"
#: Events whose tile is seen only by the seat that receives it.
_PRIVATE_TILE_EVENTS = frozenset({"draw", "replacement"})


def _receivers(events: Sequence[dict[str, Any]]) -> dict[int, int]:
    """For each exchange decision (by index), the seat that received its tiles.

    A step's decisions come first, sealed; the ``exchange`` events after them
    say who passed to whom, so each pass is matched to the latest pending
    decision of its giver.
    """
    pending: dict[int, int] = {}
    receivers: dict[int, int] = {}
    for i, event in enumerate(events):
        if event.get("type") == "decision" and event.get("phase") == "exchange":
            pending[event["actor"]] = i
        elif event.get("type") == "exchange" and event.get("giver") in pending:
            receivers[pending.pop(event["giver"])] = event["receiver"]
    return receivers


def seat_view(events: Iterable[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events as ``seat`` may know them at the table.

    :param events: the log's events (not the header), in order.
    :param seat: the seat whose view to build: it sees its own tiles, what it
        draws, and what is passed to it face down; every other concealed tile
        is ``"?"``.
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
        elif kind == "decision" and event.get("phase") == "exchange" and event.get("actor") != seat \
                and receivers.get(i) != seat and "tiles" in event:
            event = {**event, "tiles": [HIDDEN] * len(event["tiles"])}
        view.append(event)
    return view


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


def live_event_view(event: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """One event as ``seat`` may know it as it happens, or ``None`` when the seat is not to learn of it.

    :param event: an event as the engine emitted it.
    :param seat: the viewing seat, or ``None`` for a spectator, who sees public information only.
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
    if kind == "decision" and actor != seat:
        phase = event.get("phase")
        if phase in _PUBLIC_DECISION_PHASES:
            return event
        if phase == "declaration" and event.get("action") == "declare_calling":
            return event  # a calling hand is announced to the table
        return None
    if kind == "timeout" and event.get("seat") != seat and event.get("what") != "move":
        return None  # a claim that lapsed: the offer itself is hidden
    return event


def _meld_view(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "tiles": codes(meld.tiles), "exposed": meld.exposed,
            "claimed_from": int(meld.claimed_from) if meld.claimed_from is not None else None}


def table_view(table: Table, seat: int | None, *, reveal: bool = False) -> dict[str, Any]:
    """What ``seat`` may see of the table now: its own concealed tiles, everybody's melds, bonus tiles and
    discards, how many concealed tiles the others hold, the tiles left on the wall, winds and scores.

    :param seat: the viewing seat, or ``None`` for a spectator.
    :param reveal: show every seat's concealed tiles (the hands laid open when the deal is over).
    """
    return redact_table_view(full_table_view(table), seat, reveal=reveal)


def full_table_view(table: Table) -> dict[str, Any]:
    """The table as :func:`table_view` describes it with every seat's concealed tiles: the referee's view,
    from which :func:`redact_table_view` cuts each seat's (built once, redacted per seat)."""
    wall = table.wall
    seats = []
    for n, s in enumerate(table.seats):
        seats.append({
            "seat": n, "wind": table.seat_wind(n), "melds": [_meld_view(m) for m in s.melds],
            "bonus": codes(s.bonus), "discards": codes(s.discards), "concealed_count": sum(s.counts),
            "calling": s.calling, "concealed": codes(s.concealed_tiles()),
        })
    return {
        "phase": table.phase, "deal": table.deal_number, "round": table.round_index, "dealer": table.dealer,
        "prevalent_wind": table.prevalent_wind, "scores": list(table.scores), "clock_ms": table.clock_ms,
        "tiles_left": wall.live_count() if wall is not None and table.seats else None,
        "last_discard": ({"seat": table.last_discarder, "tile": code(table.last_discard)}
                         if table.last_discard is not None else None),
        "seats": seats,
    }


def redact_table_view(view: dict[str, Any], seat: int | None, *, reveal: bool = False) -> dict[str, Any]:
    """``view`` (from :func:`full_table_view`) without the concealed tiles of every seat but ``seat``."""
    if reveal:
        return view
    return {**view, "seats": [s if s["seat"] == seat else {k: v for k, v in s.items() if k != "concealed"}
                              for s in view["seats"]]}
