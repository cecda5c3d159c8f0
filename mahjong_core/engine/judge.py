"""The game's judgement of a hand a seat might hold, lent to bots through the table (``Table.judge``).

A bot is given the table and its options, never the game; a bot that plans -- will the hand this claim makes
ever be allowed to win? -- asks the game's own rules rather than a list of what scores of its own, so the
answer is the one a declared win would meet: the facts of the win (``mahjong_win_context``) and the ruleset's
objections (``mahjong_win_objections``, the minimum value among them, judged on the family's score).  Nothing
is logged and the table is not changed: the hooks asked are the ones every offered win already asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_core.hand.situation import RIICHI_NO_CALL_FLAGS

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.hand.melds import Hand


class GameJudge:
    """:class:`~mahjong_core.table.state.HandJudge` for one game: its vocabulary's actions, and its objections."""

    __slots__ = ("_game", "actions", "ruleset")

    def __init__(self, game: RunningGame) -> None:
        self._game = game
        self.actions = frozenset(game.vocabulary.actions)
        self.ruleset = game.ruleset

    def wins(self, seat: int, hand: Hand, how: str) -> bool:
        """Whether ``seat`` could declare mahjong with ``hand`` won ``how`` as the table stands (no objection)."""
        game = self._game
        tile = hand.winning_tile
        assert tile is not None, "a hand judged as a win names its winning tile"
        context = game.win_context(seat, tile, how)
        if len(hand.melds) > len(game.table.seats[seat].melds):
            # a hand after a claim not yet made: the facts of "no call yet" the table still shows will not hold
            context = {**context, **{fact: False for fact in RIICHI_NO_CALL_FLAGS if fact in context}}
        return not game.hook.mahjong_win_objections(ruleset=game.ruleset, table=game.table, seat=seat, hand=hand,
                                                    context=context)
