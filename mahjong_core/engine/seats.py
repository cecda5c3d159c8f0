"""Seats that say which games they cannot play, asked before a game begins.

Its own module because the game (which asks) and the players (which answer) import each other's types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset


def check_seats(ruleset: Ruleset, players: Sequence[object], place: str = "seat {seat}") -> None:
    """Refuse, before a move is made, a game one of its seats cannot play.

    A player may say why it cannot play a ruleset (``refuses(ruleset)``, a reason or ``None``): an mjai
    program follows riichi's messages, and told a Hong Kong deal it would answer nonsense all game long.

    :param place: where the message puts a seat (``--bots[{seat}]`` where bots were named on the command line).
    :raises MahjongError: naming the seat, its player and the reason.
    """
    for seat, player in enumerate(players):
        refuses = getattr(player, "refuses", None)
        reason = refuses(ruleset) if refuses is not None else None
        if reason:
            raise MahjongError(f"{getattr(player, 'name', 'this seat')} cannot play ruleset {ruleset.id}: {reason}",
                               place=place.format(seat=seat))
