"""``declaring``: the greedy bot that declares riichi whenever it may -- the player the lock is tested with.

The bundled bots know no plugin's words: the greedy bot never takes an action it was not written for, and the
random bot takes the declaration as rarely as it is ready.  This one takes this package's declaration (and any
other action named ``declare_lock``) the moment it is offered, and otherwise plays as the greedy bot, so a game
between such bots locks hands, pays sticks, and meets four declarations.  Installed through the
``mahjong_core.bots`` entry point, so ``mahjong simulate --bots declaring,...`` seats it and an audit re-seats it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_core import GreedyBot
from mahjong_core.plugin import Action, Table

from .mechanics import DECLARE


class DeclaringBot(GreedyBot):
    """Greedy, but declares a lock whenever it is offered (a win first, where both are)."""

    kind = "declaring"

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if phase == "turn" and not any(o.kind == "win" for o in options):
            declare = next((o for o in options if o.kind == DECLARE), None)
            if declare is not None:
                return declare.after(self.TURN_MS)
        return super().choose(table, seat, options, phase)
