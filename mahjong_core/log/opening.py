"""The table a log's first deal begins at: every seat at the starting points, or, for a recorded game that begins
mid-game (an excerpt of a platform's game: ``options.opening``), the points, the pot and the counters it records.

The fold, the money check and the recorded figures all start from here, so that an excerpt's points add up from
where the platform's game stood, not from the ruleset's starting points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["opening_of"]


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def opening_of(header: Mapping[str, Any]) -> tuple[list[int], int, dict[str, int]]:
    """Each seat's points, the pot and the table's counters before the log's first event (what the header says;
    a malformed ``opening`` is the schema's to refuse, and reads here as absent)."""
    players = len(header.get("seats") or []) or 4
    points = header.get("starting_points", 0)
    points = points if _int(points) else 0
    options = header.get("options")
    opening = options.get("opening") if isinstance(options, Mapping) else None
    if not isinstance(opening, Mapping):
        return [points] * players, 0, {}
    scores = opening.get("scores")
    if not isinstance(scores, list) or len(scores) != players or not all(_int(s) for s in scores):
        scores = [points] * players
    pot = opening.get("pot", 0)
    counters = opening.get("counters")
    counters = {str(k): v for k, v in counters.items() if _int(v)} if isinstance(counters, Mapping) else {}
    return list(scores), pot if _int(pot) else 0, counters
