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

from ._lazy import lazy_names

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing`, which nothing else here needs (mypy and pyright
#: take any name spelt so as true).
TYPE_CHECKING = False

__version__ = "0.2.0"

from ._moved import install as _install_old_paths  # noqa: E402  (the old flat module paths, for one release)

_install_old_paths()

__all__ = [
    # Rulesets
    "load_ruleset", "validate_file", "available", "Ruleset", "Provenance", "load_ruleset_text", "is_ruleset_path",
    "ruleset_schema", "json_path", "is_leaf",
    # Games and players
    "Game", "GameResult", "Player", "play_game", "SimulatedGame", "make_bots", "bot_factory", "installed_bots",
    "InstalledBot", "GreedyBot", "RandomBot", "ScriptedPlayer", "Rng", "simulate", "game_seed", "ALGORITHM",
    "secret_seed", "secret_salt",
    # Hands
    "Hand", "Meld", "MeldKind", "Arrangement", "Form", "parse_hand", "format_hand", "parse_tiles", "format_tiles",
    "glyphs", "is_complete", "waits", "arrangements", "shanten", "analyse", "hand_text",
    # The table
    "Table", "Seat", "Action", "Claim", "Outcome", "Payment", "TimeLimits", "CallingRule", "time_limits",
    "action_fields", "action_text", "refused_marking",
    # Scoring
    "Score", "ScoreItem", "score_hand", "has_scoring", "minimum_figures", "score_text", "Given", "Scored",
    "card_maker", "item_names", "family_words", "row_unit", "payment_notes", "log_cards", "ruleset_of_header",
    # Replay and audit
    "check", "audit_played", "Verdict", "read_log", "parse_log", "ReplayLog", "ReplayWriter", "dumps", "header",
    "MAX_LOG_BYTES",
    "seat_view", "Visibility", "HIDE_MOST", "live_event_view", "full_table_view", "redact_table_view", "Signer",
    "seat_notes", "with_seat_notes", "Sealer", "load_signer", "deal_reports", "differences", "deal_figures",
    "recorded_comparison", "FoldedTable", "fold",
    "header_words", "PlatformWalls", "PLATFORM_WALLS", "tenhou_code", "TenhouShuffle",
    # Score sheets
    "parse_sheet", "read_sheet", "check_sheet_schema", "record", "sheet_agreement", "rules_deals", "net_payments",
    "sheet_yaml",
    "sheet_fields", "Move", "MovesScript", "MovesPlayer",
    # Long runs
    "SoakFailure", "read_batches", "MAX_JOURNAL_BYTES",
    # Reading untrusted input
    "read_bounded", "loads", "canonical",
    # Writing plugins
    "hookimpl", "Predicate", "Vocabulary", "Contribution", "FactsRead", "TotalSteps",
    # Errors
    "MahjongError", "NotationError", "HandError", "RulesetError", "ReplayError", "SheetError", "JournalError",
    "IllegalAction", "WallError", "UnendingGame", "StrictJSONError", "InvariantBroken",
]

#: The module defining each public name (``__all__`` above is what they add up to, and a test checks it).
_SOURCES: dict[str, tuple[str, ...]] = {
    "rules": ("load_ruleset", "validate_file", "available", "Ruleset", "Provenance", "load_ruleset_text",
              "is_ruleset_path"),
    "rules.schema": ("ruleset_schema",),
    "rules.ruleset": ("json_path",),
    "rules.merge": ("is_leaf",),
    "engine.game": ("Game", "GameResult", "Player"),
    "log.simulate": ("simulate", "play_game", "SimulatedGame", "game_seed"),
    "engine.players": ("make_bots", "bot_factory", "installed_bots", "InstalledBot", "GreedyBot", "RandomBot",
                       "ScriptedPlayer"),
    "table.rng": ("Rng", "ALGORITHM", "secret_seed", "secret_salt"),
    "hand.melds": ("Hand", "Meld", "MeldKind", "Arrangement", "Form"),
    "hand.notation": ("parse_hand", "format_hand", "parse_tiles", "format_tiles", "glyphs"),
    "hand.arrangements": ("arrangements", "is_complete"),
    "hand.shanten": ("shanten", "waits"),
    "hand.report": ("analyse",),
    "cli.render.hand": ("hand_text",),
    "table.state": ("Table", "Seat", "Action", "Claim", "Outcome", "Payment", "TimeLimits", "CallingRule"),
    "plugin.manager": ("time_limits",),
    "table.events": ("action_fields", "action_text"),
    "engine.marked": ("refused_marking",),
    "hand.score": ("Score", "ScoreItem"),
    "plugin.scoring": ("score_hand",),
    "plugin.family_scoring": ("has_scoring", "minimum_figures"),
    "cli.score": ("score_text", "Given", "Scored"),
    "plugin.score_card": ("card_maker", "item_names", "family_words", "row_unit", "payment_notes", "log_cards",
                          "ruleset_of_header"),
    "audit.check": ("check", "audit_played", "Verdict"),
    "log.format": ("read_log", "parse_log", "ReplayLog", "ReplayWriter", "dumps", "header", "MAX_LOG_BYTES"),
    "engine.notes": ("seat_notes", "with_seat_notes"),
    "log.redaction": ("seat_view", "Visibility", "HIDE_MOST", "live_event_view", "full_table_view",
                      "redact_table_view"),
    "log.chain": ("Signer", "Sealer", "load_signer"),
    "audit.report": ("deal_reports",),
    "log.recorded": ("differences", "deal_figures", "recorded_comparison"),
    "log.platform_wall": ("PlatformWalls", "PLATFORM_WALLS", "tenhou_code"),
    "table.tenhou_shuffle": ("TenhouShuffle",),
    "log.fold": ("FoldedTable", "fold", "header_words"),
    "sheets.read": ("parse_sheet", "read_sheet", "check_sheet_schema"),
    "sheets.record": ("record",),
    "audit.sheet": ("sheet_agreement",),
    "sheets.compare": ("rules_deals", "net_payments"),
    "sheets.write": ("sheet_yaml",),
    "sheets.fields": ("sheet_fields",),
    "sheets.moves": ("Move", "MovesScript", "MovesPlayer"),
    "conformance.soak": ("SoakFailure",),
    "conformance.soak_journal": ("read_batches", "MAX_JOURNAL_BYTES"),
    "reading.bounded_read": ("read_bounded",),
    "reading.strict_json": ("loads", "canonical"),
    "plugin.hookspecs": ("hookimpl",),
    "hand.predicates": ("Predicate", "Vocabulary"),
    "plugin.contributions": ("Contribution", "FactsRead", "TotalSteps"),
    "errors": ("MahjongError", "NotationError", "HandError", "RulesetError", "ReplayError", "SheetError",
               "JournalError", "IllegalAction", "WallError", "UnendingGame", "StrictJSONError", "InvariantBroken"),
}
_EXPORTS, __getattr__, __dir__ = lazy_names(globals(), _SOURCES)


if TYPE_CHECKING:  # what type checkers and editors see; at run time ``__getattr__`` imports on first use

    from mahjong_core.audit.check import Verdict, audit_played, check
    from mahjong_core.audit.report import deal_reports
    from mahjong_core.audit.sheet import sheet_agreement
    from mahjong_core.cli.render.hand import hand_text
    from mahjong_core.cli.score import Given, Scored, score_text
    from mahjong_core.conformance.soak import SoakFailure
    from mahjong_core.conformance.soak_journal import MAX_JOURNAL_BYTES, read_batches
    from mahjong_core.engine.game import Game, GameResult, Player
    from mahjong_core.engine.marked import refused_marking
    from mahjong_core.engine.notes import seat_notes, with_seat_notes
    from mahjong_core.engine.players import (
        GreedyBot,
        InstalledBot,
        RandomBot,
        ScriptedPlayer,
        bot_factory,
        installed_bots,
        make_bots,
    )
    from mahjong_core.errors import (
        HandError,
        IllegalAction,
        InvariantBroken,
        JournalError,
        MahjongError,
        NotationError,
        ReplayError,
        RulesetError,
        SheetError,
        StrictJSONError,
        UnendingGame,
        WallError,
    )
    from mahjong_core.hand.arrangements import arrangements, is_complete
    from mahjong_core.hand.melds import Arrangement, Form, Hand, Meld, MeldKind
    from mahjong_core.hand.notation import format_hand, format_tiles, glyphs, parse_hand, parse_tiles
    from mahjong_core.hand.predicates import Predicate, Vocabulary
    from mahjong_core.hand.report import analyse
    from mahjong_core.hand.score import Score, ScoreItem
    from mahjong_core.hand.shanten import shanten, waits
    from mahjong_core.log.chain import Sealer, Signer, load_signer
    from mahjong_core.log.fold import FoldedTable, fold, header_words
    from mahjong_core.log.format import MAX_LOG_BYTES, ReplayLog, ReplayWriter, dumps, header, parse_log, read_log
    from mahjong_core.log.platform_wall import PLATFORM_WALLS, PlatformWalls, tenhou_code
    from mahjong_core.log.recorded import deal_figures, differences, recorded_comparison
    from mahjong_core.log.redaction import (
        HIDE_MOST,
        Visibility,
        full_table_view,
        live_event_view,
        redact_table_view,
        seat_view,
    )
    from mahjong_core.log.simulate import SimulatedGame, game_seed, play_game, simulate
    from mahjong_core.plugin.contributions import Contribution, FactsRead, TotalSteps
    from mahjong_core.plugin.family_scoring import has_scoring, minimum_figures
    from mahjong_core.plugin.hookspecs import hookimpl
    from mahjong_core.plugin.manager import time_limits
    from mahjong_core.plugin.score_card import (
        card_maker,
        family_words,
        item_names,
        log_cards,
        payment_notes,
        row_unit,
        ruleset_of_header,
    )
    from mahjong_core.plugin.scoring import score_hand
    from mahjong_core.reading.bounded_read import read_bounded
    from mahjong_core.reading.strict_json import canonical, loads
    from mahjong_core.rules import (
        Provenance,
        Ruleset,
        available,
        is_ruleset_path,
        load_ruleset,
        load_ruleset_text,
        validate_file,
    )
    from mahjong_core.rules.merge import is_leaf
    from mahjong_core.rules.ruleset import json_path
    from mahjong_core.rules.schema import ruleset_schema
    from mahjong_core.sheets.compare import net_payments, rules_deals
    from mahjong_core.sheets.fields import sheet_fields
    from mahjong_core.sheets.moves import Move, MovesPlayer, MovesScript
    from mahjong_core.sheets.read import check_sheet_schema, parse_sheet, read_sheet
    from mahjong_core.sheets.record import record
    from mahjong_core.sheets.write import sheet_yaml
    from mahjong_core.table.events import action_fields, action_text
    from mahjong_core.table.rng import ALGORITHM, Rng, secret_salt, secret_seed
    from mahjong_core.table.state import Action, CallingRule, Claim, Outcome, Payment, Seat, Table, TimeLimits
    from mahjong_core.table.tenhou_shuffle import TenhouShuffle
