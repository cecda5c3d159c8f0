"""What the core itself says of scores, whichever family makes them: a hand's size, a ruleset's minimum value.

``scoring.family`` in a ruleset names a family that an installed plugin
contributes (:class:`~mahjong_core.plugin.contributions.Contribution` of kind
``family``); the family's plugin, registered in that ruleset's games only,
answers ``mahjong_score_hand``.  Everything scores through the hooks
(:func:`mahjong_core.plugin.scoring.score_hand`), so a ruleset that scores by
hook is scored by its hook everywhere.  What is left here is the core's own
part, the same under every family: :func:`score_with`, through which
everything that scores asks the hook, refuses a winner's hand of the wrong
size with :func:`check_winning_size` before any family sees it, and the
minimum value is compared on a score's figures by :func:`minimum_figures`.

Every engine returns a :class:`mahjong_core.hand.score.Score` whose ``raw`` mapping
carries the numbers that rules compare against (a minimum value, a limit):
``points``, ``fan``, ``doublings``, and ``points_excluding_bonus`` where the
family has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from mahjong_core.errors import HandError
from mahjong_core.hand.melds import Hand, MeldKind
from mahjong_core.hand.score import Score

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset


class HandScorer(Protocol):
    """What :func:`score_with` asks: a game's hooks, or a ruleset's (:class:`~mahjong_core.plugin.manager.HookRelay`
    fits it; named here by its one method so that this module stays below the plugin manager)."""

    def mahjong_score_hand(self, *, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None: ...


class FiguresReckoner(Protocol):
    """What :func:`figures_with` asks: a game's hooks, or a ruleset's (named by its one method, as above)."""

    def mahjong_minimum_figures(self, *, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]
                                ) -> Mapping[str, int] | None: ...


def has_scoring(ruleset: Ruleset) -> bool:
    """Whether the ruleset defines scoring at all (a ``scoring`` section)."""
    return bool(ruleset.raw_tables.get("scoring"))


def score_with(hooks: HandScorer, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None:
    """Score a hand through ``hooks`` (a game's, or :func:`~mahjong_core.plugin.manager.ruleset_hooks`), as all
    scoring does: a winner's hand of the wrong size is refused first, then the plugins' ``mahjong_score_hand``
    answers.  A win its bonus tiles made whatever its other tiles (the fact ``bonus_win``: all eight flowers, the
    eighth taken from another seat) is not held to the size.

    The size check is the core's, so that one mistake gets one message under every family; made here rather
    than by an implementation of the hook of its own, it costs the hook's many callers (four hands at every
    deal's end, each candidate win's minimum-value check, every hand ``mahjong score`` reads) no second call.
    """
    _refuse_wrong_size(ruleset, hand, context)
    return hooks.mahjong_score_hand(ruleset=ruleset, hand=hand, context=context)


def figures_with(hooks: FiguresReckoner, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]
                 ) -> Mapping[str, int] | None:
    """A winning hand's figures for its minimum value through ``hooks`` (``mahjong_minimum_figures``), the size
    refused first as :func:`score_with` refuses it; ``None`` where the family reckons none."""
    _refuse_wrong_size(ruleset, hand, context)
    return hooks.mahjong_minimum_figures(ruleset=ruleset, hand=hand, context=context)


def _refuse_wrong_size(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> None:
    """:func:`check_winning_size` for a winner's hand, but a win its bonus tiles made, in a ruleset that scores."""
    if context.get("winner", True) and not context.get("bonus_win") and has_scoring(ruleset):
        check_winning_size(ruleset, hand)


def check_winning_size(ruleset: Ruleset, hand: Hand) -> None:
    """Refuse a winning hand without the ruleset's hand size plus the winning tile (a kong counts as three).

    :raises HandError: naming the size wanted and the size given.
    """
    wanted = int(ruleset.value("hand_size")) + 1
    count = hand.tile_count()
    if hand.jokers and (ruleset.get("jokers") or {}).get("played"):
        # jokers held beside the playing tiles (a set playing kinds past the 34: ``Seat.to_hand``) are the hand's
        count += hand.jokers
    if ruleset.get("kong_loose_tile") is False:  # a kong that took no loose tile is four of the hand's tiles
        # (and a larger exposure a card's hands hold, a quint or sextet made as a kong of more tiles, all of its)
        count += sum(len(meld.tiles) - 3 for meld in hand.melds if meld.kind is MeldKind.KONG)
    if count != wanted:
        unnamed = "" if hand.winning_tile is not None else ", and names no winning tile (add it as +TILE, e.g. +5p)"
        raise HandError(f"a winning hand has {wanted} tiles, the winning tile included (a kong counts as three); "
                        f"this one has {count}{unnamed}", place="hand")


def minimum_figures(ruleset: Ruleset, score: Score) -> list[tuple[str, bool, int, int | None]]:
    """``(measure, excluding bonus tiles, needed, the score's figure)`` for each measure the minimum value names.

    ``minimum_value`` (``{points: 8, excluding_bonus_tiles: true}``, ``{fan: 2}``) is compared on the
    score's ``raw`` figures; the figure is ``None`` where the family's engine gives none of that name.
    ``[]`` for a ruleset without a minimum.
    """
    return minimum_of(ruleset, score.raw)


def minimum_of(ruleset: Ruleset, raw: Mapping[str, Any]) -> list[tuple[str, bool, int, int | None]]:
    """:func:`minimum_figures` read from a score's ``raw`` figures, or from the figures a family reckons for the
    minimum alone (``mahjong_minimum_figures``)."""
    minimum = ruleset.value("minimum_value")
    if not minimum:
        return []
    excluding = bool(minimum.get("excluding_bonus_tiles"))
    suffix = "_excluding_bonus" if excluding else ""
    return [(key, excluding, need, raw.get(key + suffix, raw.get(key)))
            for key, need in minimum.items() if key != "excluding_bonus_tiles"]
