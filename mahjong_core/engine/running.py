"""The game as the phases see it: what a phase reads from the game and asks it to do, and nothing more.

The game (:mod:`.game`) imports every phase (:mod:`.dealing`, :mod:`.exchange`,
:mod:`.drawing`, :mod:`.turn`, :mod:`.claims`, :mod:`.winning`,
:mod:`.deal_end`) to run a deal; if the phases named the game's class back, the
engine would be an import circle, even a type-only one.  They name this
:class:`RunningGame` instead, which the game satisfies by its shape, so the
engine's imports run one way: phases below the game that drives them.  Adding a
field a phase needs means adding it here, which keeps the list of what a phase
may touch short and visible.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pluggy

    from mahjong_core.hand.predicates import Predicate
    from mahjong_core.hand.tiles import TileSet
    from mahjong_core.plugin.contributions import WinningForm
    from mahjong_core.plugin.manager import HookRelay
    from mahjong_core.plugin.vocabulary import GameVocabulary
    from mahjong_core.rules import Ruleset
    from mahjong_core.rules.kept_bonus import KeptBonus
    from mahjong_core.table.state import Action, Outcome, Payment, Table
    from mahjong_core.table.wall import TileSource

__all__ = ["RunningGame"]


class RunningGame(Protocol):
    """What a phase of a deal needs from the game playing it (:class:`mahjong_core.engine.game.Game` is one).

    Read-only parts are properties; the tallies a phase keeps on the game
    (wins, exhaustive draws, how many wall events were logged) are attributes.
    """

    #: Deals won so far (:func:`.deal_end.finish_deal` counts them).
    wins: int
    #: Deals drawn so far.
    draws: int
    #: How many of the current wall's own events have been logged (:func:`.drawing.flush_wall_events`).
    wall_events_sent: int

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def hook(self) -> HookRelay: ...
    @property
    def pm(self) -> pluggy.PluginManager:
        """The game's plugin manager: its hooks' implementations, for an error that names a plugin."""
        ...
    @property
    def implemented(self) -> frozenset[str]:
        """The hooks some plugin of the game implements; a phase calls no other (the answer would be empty)."""
        ...
    @property
    def overridden(self) -> frozenset[str]:
        """The hooks a plugin other than the core's defaults implements; for another, the core's rule answers."""
        ...
    @property
    def vocabulary(self) -> GameVocabulary:
        """The words the game may use: the core's and those of the plugins it registers."""
        ...
    @property
    def table(self) -> Table: ...
    @property
    def n(self) -> int: ...
    @property
    def seed(self) -> int | str | None: ...
    @property
    def tile_source_factory(self) -> Callable[[Any], TileSource] | None: ...
    @property
    def salts(self) -> Callable[[Any], bytes] | None: ...
    @property
    def tile_set(self) -> Sequence[int]: ...
    @property
    def tiles(self) -> TileSet:
        """The ruleset's tile set (:class:`~mahjong_core.hand.tiles.TileSet`)."""
        ...
    @property
    def codes(self) -> Sequence[str]:
        """Every kind's code in the ruleset's tile set, by index: what the log writes for a tile."""
        ...
    @property
    def plays_as(self) -> Sequence[int]:
        """The playing kind each kind is held as (a red five as its five), or -1 (bonus tiles, jokers)."""
        ...
    @property
    def hand_size(self) -> int: ...
    @property
    def wins_rule(self) -> tuple[int, int]:
        """(seats that may win on one discard, wins that end a deal): ``(1, 1)`` but where a ruleset says more."""
        ...
    @property
    def bonus_kinds(self) -> Sequence[bool]: ...
    @property
    def kept_bonus(self) -> KeptBonus | None:
        """Where the ruleset lets a seat keep a bonus tile in its hand (``bonus_kept``), how; else ``None``."""
        ...
    @property
    def late_claims(self) -> frozenset[str]: ...
    @property
    def forms(self) -> Mapping[str, tuple[Predicate, ...] | None]: ...
    @property
    def added_forms(self) -> Sequence[WinningForm]: ...
    @property
    def near_ready(self) -> Callable[[Sequence[int]], bool] | None: ...
    @property
    def near_memo(self) -> list[tuple[bytes, bool] | None]: ...

    def event(self, actor: int | str, type_: str, **fields: Any) -> dict[str, Any]:
        """Log one event of the catalogue and tell the observers."""
        ...

    def decide(self, seat: int, options: Sequence[Action], phase: str, *, window: bool = False) -> Action:
        """Ask a seat's player to choose one of the legal options."""
        ...

    def win_context(self, seat: int, tile: int, how: str) -> dict[str, Any]:
        """The situation of a win, as the hooks answer it."""
        ...

    def score_and_settle(self, outcome: Outcome) -> list[Payment]:
        """Score a finished deal's hands and settle its payments."""
        ...
