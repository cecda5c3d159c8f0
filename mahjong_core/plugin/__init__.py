"""The one import for plugin authors: everything a scoring family, a mechanism, a ruleset module or a bot needs.

A plugin of this project -- bundled in ``mahjong_rulesets`` or installed from
another distribution -- imports from here and from :mod:`mahjong_core`, and
from nothing deeper (``tests/project/test_boundary.py`` holds the bundled
plugins, the examples and the applications to it)::

    from mahjong_core.plugin import Arrangement, Predicate, Ruleset, Table, hookimpl

The modules below this package (hook specs, the plugin manager, the index of
the families, settlements and mechanisms installed plugins contribute, the core's defaults) are the plugin
layer's own and may change between releases; the names here are the promise.
Each is the defining module's own object, resolved on first use as
:mod:`mahjong_core` resolves its names: the engine imports
``mahjong_core.plugin.hookspecs`` on every game, and that import runs this
file, so it must load nothing until a name is asked for.
"""

from __future__ import annotations

from mahjong_core._lazy import lazy_names

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (as in :mod:`mahjong_core`).
TYPE_CHECKING = False

__all__ = [
    # Hooks and registration
    "hookimpl", "HOOK_PREFIX", "PROJECT", "build_plugin_manager", "ruleset_hooks", "Contribution", "FactsRead",
    "TotalSteps", "installed", "load_schema", "Term", "Effect", "AS_BONUS", "WinningForm", "ItemExample",
    "reacts_to",
    # A plugin's own data files (a card of fixed hands)
    "DataFile", "read_data_file",
    # The ruleset
    "Ruleset", "Provenance", "bind", "Binding", "scoring_value", "scoring_entry", "rows_total", "limit_hand_values",
    "LimitValue", "SCALE_PARAMETER",
    # The table
    "Table", "Seat", "Action", "Claim", "Outcome", "Payment", "Penalty", "FalseWinPenalty", "ExchangeStep",
    "TimeLimits", "CallingRule", "Wall", "Rng", "Player", "claims_in_priority_order", "payment_event",
    "counter_event",
    # Hands
    "Hand", "Meld", "MeldKind", "ClaimedFrom", "Arrangement", "Form", "arrangements", "is_complete",
    "meld_sort_key", "shanten", "waits", "parse_hand", "format_hand", "parse_tiles", "format_tiles", "check_hand",
    # Predicates
    "Predicate", "Vocabulary", "check_facts", "require_facts", "tiles_of", "is_standard", "sets_of", "pongs_of",
    "pairs_of", "chows_of", "pong_kinds", "suits_of", "one_suit_only", "winning_tile_of", "is_exposed",
    "concealed_hand",
    # Tiles
    "KINDS", "NUM_PLAYING_KINDS", "SUITED", "HONOURS", "WINDS", "EAST", "SOUTH", "WEST", "NORTH", "DRAGONS",
    "WHITE", "GREEN", "RED", "TERMINALS", "TERMINALS_AND_HONOURS", "SIMPLES", "GREENS", "FLOWERS", "SEASONS",
    "BONUS", "kind_code", "is_suited", "is_honour", "is_terminal", "is_terminal_or_honour", "is_simple",
    "is_bonus", "suit_of", "number_of", "bonus_seat", "copies_in", "TileSet", "ANY_JOKER",
    # Scores
    "Score", "ScoreItem", "score_hand", "has_scoring", "amount", "logged_items",
    # Errors
    "MahjongError", "NotationError", "HandError", "RulesetError", "IllegalAction", "WallError", "DataFileError",
]

#: The module (below ``mahjong_core``) defining each name; ``__all__`` is what they add up to, and a test checks it.
_SOURCES: dict[str, tuple[str, ...]] = {
    "plugin.hookspecs": ("hookimpl", "PROJECT"),
    "plugin.manager": ("HOOK_PREFIX", "build_plugin_manager", "ruleset_hooks"),
    "plugin.contributions": ("Contribution", "FactsRead", "TotalSteps", "WinningForm", "ItemExample"),
    "plugin.extensions": ("installed", "load_schema"),
    "plugin.reactions": ("reacts_to",),
    "rules": ("Ruleset", "Provenance"),
    "plugin.binding": ("bind", "Binding"),
    "plugin.scoring": ("scoring_value", "score_hand"),
    "plugin.family_scoring": ("has_scoring",),
    "rules.playable": ("scoring_entry", "rows_total"),
    "rules.limit_hands": ("limit_hand_values", "LimitValue", "SCALE_PARAMETER"),
    "table.state": ("Table", "Seat", "Action", "Claim", "Outcome", "Payment", "Penalty", "FalseWinPenalty",
                    "ExchangeStep", "TimeLimits", "CallingRule"),
    "table.events": ("payment_event", "counter_event"),
    "table.wall": ("Wall",),
    "table.vocabulary": ("Term", "Effect", "AS_BONUS"),
    "hand.jokers": ("ANY_JOKER",),
    "table.rng": ("Rng",),
    "engine.game": ("Player",),
    "plugin.defaults": ("claims_in_priority_order",),
    "hand.melds": ("Hand", "Meld", "MeldKind", "ClaimedFrom", "Arrangement", "Form"),
    "hand.arrangements": ("arrangements", "is_complete", "meld_sort_key"),
    "hand.shanten": ("shanten", "waits"),
    "hand.notation": ("parse_hand", "format_hand", "parse_tiles", "format_tiles", "check_hand"),
    "hand.predicates": ("Predicate", "Vocabulary", "check_facts", "require_facts", "tiles_of", "is_standard",
                        "sets_of", "pongs_of", "pairs_of", "chows_of", "pong_kinds", "suits_of", "one_suit_only",
                        "winning_tile_of", "is_exposed", "concealed_hand"),
    "hand.tiles": ("KINDS", "NUM_PLAYING_KINDS", "SUITED", "HONOURS", "WINDS", "EAST", "SOUTH", "WEST", "NORTH",
                   "DRAGONS", "WHITE", "GREEN", "RED", "TERMINALS", "TERMINALS_AND_HONOURS", "SIMPLES", "GREENS",
                   "FLOWERS", "SEASONS", "BONUS", "kind_code", "is_suited", "is_honour", "is_terminal",
                   "is_terminal_or_honour", "is_simple", "is_bonus", "suit_of", "number_of", "bonus_seat",
                   "copies_in", "TileSet"),
    "hand.score": ("Score", "ScoreItem"),
    "plugin.score_card": ("amount", "logged_items"),
    "errors": ("MahjongError", "NotationError", "HandError", "RulesetError", "IllegalAction", "WallError",
               "DataFileError"),
    "rules.data_file": ("DataFile", "read_data_file"),
}
_EXPORTS, __getattr__, __dir__ = lazy_names(globals(), _SOURCES)


if TYPE_CHECKING:  # what type checkers and editors see; at run time ``__getattr__`` imports on first use

    from mahjong_core.engine.game import Player
    from mahjong_core.errors import (
        DataFileError,
        HandError,
        IllegalAction,
        MahjongError,
        NotationError,
        RulesetError,
        WallError,
    )
    from mahjong_core.hand.arrangements import arrangements, is_complete, meld_sort_key
    from mahjong_core.hand.jokers import ANY_JOKER
    from mahjong_core.hand.melds import Arrangement, ClaimedFrom, Form, Hand, Meld, MeldKind
    from mahjong_core.hand.notation import check_hand, format_hand, format_tiles, parse_hand, parse_tiles
    from mahjong_core.hand.predicates import (
        Predicate,
        Vocabulary,
        check_facts,
        chows_of,
        concealed_hand,
        is_exposed,
        is_standard,
        one_suit_only,
        pairs_of,
        pong_kinds,
        pongs_of,
        require_facts,
        sets_of,
        suits_of,
        tiles_of,
        winning_tile_of,
    )
    from mahjong_core.hand.score import Score, ScoreItem
    from mahjong_core.hand.shanten import shanten, waits
    from mahjong_core.hand.tiles import (
        BONUS,
        DRAGONS,
        EAST,
        FLOWERS,
        GREEN,
        GREENS,
        HONOURS,
        KINDS,
        NORTH,
        NUM_PLAYING_KINDS,
        RED,
        SEASONS,
        SIMPLES,
        SOUTH,
        SUITED,
        TERMINALS,
        TERMINALS_AND_HONOURS,
        WEST,
        WHITE,
        WINDS,
        TileSet,
        bonus_seat,
        copies_in,
        is_bonus,
        is_honour,
        is_simple,
        is_suited,
        is_terminal,
        is_terminal_or_honour,
        kind_code,
        number_of,
        suit_of,
    )
    from mahjong_core.plugin.binding import Binding, bind
    from mahjong_core.plugin.contributions import Contribution, FactsRead, ItemExample, TotalSteps, WinningForm
    from mahjong_core.plugin.defaults import claims_in_priority_order
    from mahjong_core.plugin.extensions import installed, load_schema
    from mahjong_core.plugin.family_scoring import has_scoring
    from mahjong_core.plugin.hookspecs import PROJECT, hookimpl
    from mahjong_core.plugin.manager import HOOK_PREFIX, build_plugin_manager, ruleset_hooks
    from mahjong_core.plugin.reactions import reacts_to
    from mahjong_core.plugin.score_card import amount, logged_items
    from mahjong_core.plugin.scoring import score_hand, scoring_value
    from mahjong_core.rules import Provenance, Ruleset
    from mahjong_core.rules.data_file import DataFile, read_data_file
    from mahjong_core.rules.limit_hands import SCALE_PARAMETER, LimitValue, limit_hand_values
    from mahjong_core.rules.playable import rows_total, scoring_entry
    from mahjong_core.table.events import counter_event, payment_event
    from mahjong_core.table.rng import Rng
    from mahjong_core.table.state import (
        Action,
        CallingRule,
        Claim,
        ExchangeStep,
        FalseWinPenalty,
        Outcome,
        Payment,
        Penalty,
        Seat,
        Table,
        TimeLimits,
    )
    from mahjong_core.table.vocabulary import AS_BONUS, Effect, Term
    from mahjong_core.table.wall import Wall
