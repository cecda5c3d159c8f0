"""Jokers held and played (``jokers: {played: true}``): the complete test of a seat holding them, a joker
discarded, and the claim window on a discarded joker.

Every function here runs only for a seat that holds a joker or for a joker
discarded, so a game without played jokers never comes here: its turns and
claim windows test ``Seat.held_jokers`` (an empty list) and go on as before.
A joker is wild where the ruleset's :class:`~mahjong_core.hand.jokers.JokerRule`
lets it stand (:mod:`mahjong_core.hand.jokers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_core.hand.jokers import is_complete_with_jokers

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.table.state import Seat


def complete_with_jokers(game: RunningGame, s: Seat) -> bool:
    """Whether a seat's concealed tiles and jokers (3k + 2 with them) are complete: n sets and a pair, or seven
    pairs where the ruleset's tables score it, each joker standing where the ruleset lets it."""
    rule = s.joker_rule
    assert rule is not None  # a seat holds jokers only where they are played
    return is_complete_with_jokers(bytes(s.counts), len(s.held_jokers), rule, seven_pairs="seven_pairs" in game.forms)


def discard_joker(game: RunningGame, seat: int) -> int:
    """A seat discards a joker: it leaves the jokers held for the seat's discards; return its kind.

    The decision names it ``1j`` (:data:`~mahjong_core.hand.jokers.ANY_JOKER`); the discards and the table's
    last discard hold the tile set's joker kind, which every view names by the tile set's code.
    """
    t = game.table
    s = t.seats[seat]
    joker = s.held_jokers.pop()
    s.discards.append(joker)
    t.last_discard_marked = False
    t.last_discard, t.last_discarder = joker, seat
    t.drawn_tile = None
    return joker


def joker_discarded(game: RunningGame) -> None:
    """The claim window on a discarded joker: none, as the ruleset's joker is dead once discarded.

    A joker that may be claimed (``dead_when_discarded: false``) is refused when the ruleset is loaded
    (:mod:`mahjong_core.rules.playable`), so a game never reaches one.
    """
    play = game.table.joker_play
    assert play is not None and play.dead_when_discarded  # a live discarded joker is refused at load
