"""A ruleset played at another number of seats: a house variation written as data.

``mahjong simulate --players 3`` plays an installed ruleset at three seats.
Its own file says how many play and cites where that comes from, so the
other count is not a flag the engine reads on the side but a house rule
extending it, with ``players`` as its one value and the reason as its
assumption.  A log embeds that house rule like any other, so ``replay`` and
``audit`` re-create the same game from the log alone, and the loader checks
the count as it checks every file (two to four seats, a wall that can deal
them).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from mahjong_core.errors import RulesetError
from mahjong_core.rules.loader import load_ruleset_text

if TYPE_CHECKING:
    from mahjong_core.rules.ruleset import Ruleset


def seated_text(ruleset: Ruleset, players: int) -> str:
    """The house rule that plays installed ``ruleset`` at ``players`` seats: ``extends`` it, sets ``players``."""
    why = (f"played at {players} seats by choice (--players {players}); {ruleset.id} seats "
           f"{ruleset.value('players')} ({ruleset.source_of('players')})")
    return (f"id: {ruleset.id}_at_{players}\n"
            f"version: {ruleset.version}\n"
            f"name: {json.dumps(f'{ruleset.name}, at {players} seats')}\n"
            f"extends: {ruleset.id}\n"
            f"parameters:\n"
            f"  players:\n"
            f"    value: {players}\n"
            f"    assumption: {json.dumps(why)}\n")

def at_seats(ruleset: Ruleset, players: int, *, place: str = "--players") -> Ruleset:
    """``ruleset`` at ``players`` seats: itself when it already seats that many, else :func:`seated_text` loaded.

    :raises RulesetError: for a house-rule file (its own ``players`` says how many play: set it there), or a
        seat count the loader refuses (outside two to four, or more than the wall can deal), at ``place``.
    """
    if players == int(ruleset.value("players")):
        return ruleset
    if ruleset.text is not None:
        raise RulesetError(f"{ruleset.id} is a ruleset file seating {ruleset.value('players')}; to play it at "
                           f"{players} seats set players: {players} in the file itself", place=place)
    return load_ruleset_text(seated_text(ruleset, players), place)
