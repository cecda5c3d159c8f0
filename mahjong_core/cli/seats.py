"""``--bots NAMES``: one bot a seat, read the same way by every command that seats bots (simulate, demo, study).

Its own module so that the commands sharing it import it rather than each other.
"""

from __future__ import annotations

from mahjong_core.errors import MahjongError


def parse_bots(text: str, players: int) -> list[str]:
    """One bot name per seat from ``--bots``; a single name seats that bot everywhere."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise MahjongError(f"--bots names {len(names)} bots; this ruleset seats {players}", place="--bots")
    return names
