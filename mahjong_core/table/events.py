"""How tiles, actions and scores are written into the game's events and messages.

An event is a JSON-ready dict (see :mod:`mahjong_core.engine.game`), and a replay
log is those events byte for byte, so every value an event carries is written
one way, here: a tile as its notation code, an action as its fields, a score
as its own JSON.  Error messages name actions in the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.hand.tiles import KINDS
from mahjong_core.table.state import Action

if TYPE_CHECKING:
    from mahjong_core.hand.score import Score


def code(tile: int) -> str:
    """A tile kind as its notation code; anything else as a marker that says what it was instead."""
    return KINDS[tile].code if isinstance(tile, int) and 0 <= tile < len(KINDS) else f"<not a tile: {tile!r}>"


def codes(tiles: Sequence[int]) -> list[str]:
    """Tile kinds as their notation codes, in the order given."""
    return [KINDS[t].code for t in tiles]


def action_fields(action: Action) -> dict[str, Any]:
    """An action as event fields: its kind, and its tile, tiles and way where it has them."""
    fields: dict[str, Any] = {"action": action.kind}
    if action.tile is not None:
        fields["tile"] = code(action.tile)
    if action.tiles:
        fields["tiles"] = codes(action.tiles)
    if action.way is not None:
        fields["way"] = action.way
    return fields


def action_text(action: Action) -> str:
    """An action in a few words for a message: ``pung 5p 5p+5p``, ``kong 1z (concealed)``."""
    parts = [action.kind]
    if action.tile is not None:
        parts.append(code(action.tile))
    if action.tiles:
        parts.append("+".join(codes(action.tiles)))
    if action.way:
        parts.append(f"({action.way})")
    return " ".join(parts)


def score_fields(score: Score) -> dict[str, Any]:
    """A score as event fields: its total and its items (each with value and source)."""
    if hasattr(score, "to_json"):
        return score.to_json()
    if isinstance(score, Mapping):
        return dict(score)
    return {"value": score}
