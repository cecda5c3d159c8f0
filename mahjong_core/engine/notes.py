"""What a seat alone is told of its own position: the plugins' notes (riichi's furiten) for that seat's view only.

A note says something the seat's tiles say (furiten tells which tiles it waits on), so it is never logged and never
sent to another seat or a spectator: a live table asks :func:`seat_notes` as it builds its referee's view and puts
each seat's notes in that seat's object (``notes``), which :func:`~mahjong_core.redact_table_view` takes out of
every other seat's view.  The engine plays no differently for them, and a game whose plugins implement no
``mahjong_seat_notes`` pays nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong_core.engine.running import RunningGame

HOOK = "mahjong_seat_notes"
#: The fields of a note, each a text.
FIELDS = ("name", "label", "detail")


def seat_notes(game: RunningGame, seat: int) -> list[dict[str, str]]:
    """The notes the game's plugins have for ``seat`` now (``mahjong_seat_notes``), in registration order; none
    where no plugin of the game implements the hook."""
    if HOOK not in game.implemented:
        return []
    answers = game.hook.mahjong_seat_notes(ruleset=game.ruleset, table=game.table, seat=seat)
    return [{k: str(note.get(k, "")) for k in FIELDS} for notes in answers for note in (notes or ())
            if isinstance(note, Mapping)]


def with_seat_notes(view: dict[str, Any], game: RunningGame) -> dict[str, Any]:
    """``view`` (:func:`~mahjong_core.full_table_view` of the game's table) with each seat's notes in its own
    object, only where it has any; the view itself where no plugin of the game has notes to give."""
    if HOOK not in game.implemented:
        return view
    seats = []
    for s in view["seats"]:
        notes = seat_notes(game, s["seat"])
        seats.append({**s, "notes": notes} if notes else s)
    return {**view, "seats": seats}
