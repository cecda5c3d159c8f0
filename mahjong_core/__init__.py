"""Mahjong rulesets as data: tiles, hands, the wall, the phases of a deal, and the hooks rulesets implement.

The core knows no ruleset.  Rulesets are plugins (found through the
``mahjong_core.rulesets`` entry-point group) whose tables are YAML validated
by JSON Schemas; see ``docs/`` for the hook reference and the formats.

This package is also the one public surface of the library: every name in
:data:`__all__` can be imported from ``mahjong_core`` directly::

    from mahjong_core import load_ruleset, play_game
    game = play_game(load_ruleset("harbin"), 7, ["greedy"] * 4, max_deals=1)

The names are resolved lazily, on first use, from the modules that define
them, because ``import mahjong_core`` happens on every run of the ``mahjong``
command (the CLI's error type lives here) and must not load the engine, YAML
or JSON Schema until something asks for them.  The objects are the modules'
own, so ``mahjong_core.Game is mahjong_core.engine.game.Game``.
"""

from __future__ import annotations

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing`, which nothing else here needs (mypy and pyright
#: take any name spelt so as true).
TYPE_CHECKING = False

__version__ = "0.2.0"

from ._moved import install as _install_old_paths  # noqa: E402  (the old flat module paths, for one release)

_install_old_paths()

__all__ = [
    # Rulesets
    "load_ruleset", "validate_file", "available", "Ruleset", "Provenance",
    # Games and players
    "Game", "GameResult", "Player", "play_game", "SimulatedGame", "make_bots", "bot_factory", "installed_bots",
    "InstalledBot", "GreedyBot", "RandomBot", "Rng", "simulate",
    # Hands
    "Hand", "Meld", "MeldKind", "Arrangement", "Form", "parse_hand", "format_hand", "parse_tiles", "format_tiles",
    "is_complete", "waits", "arrangements", "shanten",
    # The table
    "Table", "Seat", "Action", "Claim", "Outcome", "Payment", "TimeLimits", "CallingRule",
    # Scoring
    "Score", "ScoreItem", "score_hand", "card_maker",
    # Replay and audit
    "check", "Verdict", "read_log", "parse_log", "ReplayLog", "ReplayWriter", "dumps", "seat_view",
    "Visibility",
    # Writing plugins
    "hookimpl", "Predicate", "Vocabulary", "ScoringFamily", "FactsRead", "TotalSteps", "Settlement", "Mechanism",
    # Errors
    "MahjongError", "NotationError", "HandError", "RulesetError", "ReplayError", "IllegalAction", "WallError",
]

#: The module defining each public name (``__all__`` above is what they add up to, and a test checks it).
_SOURCES: dict[str, tuple[str, ...]] = {
    "rules": ("load_ruleset", "validate_file", "available", "Ruleset", "Provenance"),
    "engine.game": ("Game", "GameResult", "Player", "IllegalAction"),
    "engine.simulate": ("simulate", "play_game", "SimulatedGame"),
    "engine.players": ("make_bots", "bot_factory", "installed_bots", "InstalledBot", "GreedyBot", "RandomBot"),
    "table.rng": ("Rng",),
    "hand.melds": ("Hand", "Meld", "MeldKind", "Arrangement", "Form"),
    "hand.notation": ("parse_hand", "format_hand", "parse_tiles", "format_tiles"),
    "hand.arrangements": ("arrangements", "is_complete"),
    "hand.shanten": ("shanten", "waits"),
    "table.state": ("Table", "Seat", "Action", "Claim", "Outcome", "Payment", "TimeLimits", "CallingRule"),
    "hand.score": ("Score", "ScoreItem"),
    "plugin.scoring": ("score_hand",),
    "plugin.score_card": ("card_maker",),
    "log.audit": ("check", "Verdict"),
    "log.format": ("read_log", "parse_log", "ReplayLog", "ReplayWriter", "dumps"),
    "log.redaction": ("seat_view", "Visibility"),
    "plugin.hookspecs": ("hookimpl",),
    "hand.predicates": ("Predicate", "Vocabulary"),
    "plugin.contributions": ("ScoringFamily", "FactsRead", "TotalSteps", "Settlement", "Mechanism"),
    "errors": ("MahjongError", "NotationError", "HandError", "RulesetError", "ReplayError"),
    "table.wall": ("WallError",),
}
_EXPORTS = {name: f"{__name__}.{module}" for module, names in _SOURCES.items() for name in names}


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use and keep the name, so the next lookup costs nothing."""
    from importlib import import_module

    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's own names and every public name, resolved or not (for ``dir()`` and completion)."""
    return sorted({*globals(), *__all__})


if TYPE_CHECKING:  # what type checkers and editors see; at run time ``__getattr__`` imports on first use
    from typing import Any

    from mahjong_core.engine.game import Game, GameResult, IllegalAction, Player
    from mahjong_core.engine.players import GreedyBot, InstalledBot, RandomBot, bot_factory, installed_bots, make_bots
    from mahjong_core.engine.simulate import SimulatedGame, play_game, simulate
    from mahjong_core.errors import HandError, MahjongError, NotationError, ReplayError, RulesetError
    from mahjong_core.hand.arrangements import arrangements, is_complete
    from mahjong_core.hand.melds import Arrangement, Form, Hand, Meld, MeldKind
    from mahjong_core.hand.notation import format_hand, format_tiles, parse_hand, parse_tiles
    from mahjong_core.hand.predicates import Predicate, Vocabulary
    from mahjong_core.hand.score import Score, ScoreItem
    from mahjong_core.hand.shanten import shanten, waits
    from mahjong_core.log.audit import Verdict, check
    from mahjong_core.log.format import ReplayLog, ReplayWriter, dumps, parse_log, read_log
    from mahjong_core.log.redaction import Visibility, seat_view
    from mahjong_core.plugin.contributions import FactsRead, Mechanism, ScoringFamily, Settlement, TotalSteps
    from mahjong_core.plugin.hookspecs import hookimpl
    from mahjong_core.plugin.score_card import card_maker
    from mahjong_core.plugin.scoring import score_hand
    from mahjong_core.rules import Provenance, Ruleset, available, load_ruleset, validate_file
    from mahjong_core.table.rng import Rng
    from mahjong_core.table.state import Action, CallingRule, Claim, Outcome, Payment, Seat, Table, TimeLimits
    from mahjong_core.table.wall import WallError
