"""What one seat may see of a game: a replay log with everything hidden from that seat redacted.

A replay log is the referee's full record.  A player, a spectator of one seat,
or an engine trained on one seat's information must not see other seats'
concealed tiles, their draws, or the tiles another pair passed face down in an
exchange.  Hidden tiles are replaced by ``"?"`` so that the shape of the log
(who drew, who passed how many tiles) stays visible, as it is at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

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
