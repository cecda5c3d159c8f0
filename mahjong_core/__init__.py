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
own, so ``mahjong_core.Game is mahjong_core.engine.Game``.

Three names are modules, not functions: :mod:`~mahjong_core.shanten`,
:mod:`~mahjong_core.arrangements` and :mod:`~mahjong_core.simulate` are the
submodules named after their main function (``shanten.shanten(counts)``,
``arrangements.arrangements(hand)``, ``simulate.simulate(...)``), because the
package's own modules import them as modules under those names.
"""

from __future__ import annotations

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing`, which nothing else here needs (mypy and pyright
#: take any name spelt so as true).
TYPE_CHECKING = False

__version__ = "0.2.0"

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
    "engine": ("Game", "GameResult", "Player", "IllegalAction"),
    "simulate": ("play_game", "SimulatedGame"),
    "players": ("make_bots", "bot_factory", "installed_bots", "InstalledBot", "GreedyBot", "RandomBot"),
    "rng": ("Rng",),
    "melds": ("Hand", "Meld", "MeldKind", "Arrangement", "Form"),
    "notation": ("parse_hand", "format_hand", "parse_tiles", "format_tiles"),
    "arrangements": ("is_complete",),
    "shanten": ("waits",),
    "table": ("Table", "Seat", "Action", "Claim", "Outcome", "Payment", "TimeLimits", "CallingRule"),
    "score": ("Score", "ScoreItem"),
    "scoring": ("score_hand",),
    "score_card": ("card_maker",),
    "replay_check": ("check", "Verdict"),
    "replay_log": ("read_log", "parse_log", "ReplayLog", "ReplayWriter", "dumps"),
    "views": ("seat_view", "Visibility"),
    "hookspecs": ("hookimpl",),
    "predicates": ("Predicate", "Vocabulary"),
    "extensions": ("ScoringFamily", "FactsRead", "TotalSteps", "Settlement", "Mechanism"),
    "errors": ("MahjongError", "NotationError", "HandError", "RulesetError", "ReplayError"),
    "wall": ("WallError",),
}
_EXPORTS = {name: f"{__name__}.{module}" for module, names in _SOURCES.items() for name in names}
#: The submodules that are public names themselves (see the module docstring for why they are modules).
_MODULES = ("arrangements", "shanten", "simulate")


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use and keep the name, so the next lookup costs nothing."""
    from importlib import import_module

    if name in _MODULES:
        return import_module(f"{__name__}.{name}")
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

    from . import arrangements, shanten, simulate
    from .arrangements import is_complete
    from .engine import Game, GameResult, IllegalAction, Player
    from .errors import HandError, MahjongError, NotationError, ReplayError, RulesetError
    from .extensions import FactsRead, Mechanism, ScoringFamily, Settlement, TotalSteps
    from .hookspecs import hookimpl
    from .melds import Arrangement, Form, Hand, Meld, MeldKind
    from .notation import format_hand, format_tiles, parse_hand, parse_tiles
    from .players import GreedyBot, InstalledBot, RandomBot, bot_factory, installed_bots, make_bots
    from .predicates import Predicate, Vocabulary
    from .replay_check import Verdict, check
    from .replay_log import ReplayLog, ReplayWriter, dumps, parse_log, read_log
    from .rng import Rng
    from .rules import Provenance, Ruleset, available, load_ruleset, validate_file
    from .score import Score, ScoreItem
    from .score_card import card_maker
    from .scoring import score_hand
    from .shanten import waits
    from .simulate import SimulatedGame, play_game
    from .table import Action, CallingRule, Claim, Outcome, Payment, Seat, Table, TimeLimits
    from .views import Visibility, seat_view
    from .wall import WallError
