"""The ``mahjong`` commands, one module each, in the order ``mahjong --help`` lists them.

Each module declares its command with ``register(commands)`` -- its name,
help, options and the handler that runs it -- and holds that handler.  A run
of one command imports only that command's module
(:func:`mahjong_core.cli.build_parser` declares the others by name and
summary alone), and ``mahjong --help`` imports none: it shows each
command's summary from :data:`COMMANDS`, which the module declares its
command with.  A module imports only the command line's light parts at its top; what its
command runs on (the engine, Sphinx, pytest, the server) is imported in its
handler, and the module says so once, in a comment ``# deferred imports:``
(``tests/core/test_deferred_imports.py`` holds every import inside a function
to such a comment, and to deferring something).  Measured: the handlers'
imports of the core alone (the engine, the rules, the audit) take some 200 ms,
and with the optional extras' (Dask, SQLAlchemy, Sphinx) over 700 ms, against
about 40 ms for the whole of ``mahjong --help`` (``benchmarks/bench_cli.py``).  To add a command, write its
module and name it here with its summary.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from types import ModuleType


class Command(NamedTuple):
    """Where a command is declared, and the line ``mahjong --help`` shows for it."""

    module: str
    summary: str


#: Every command, in the order of ``mahjong --help``: the module of this package that declares it, and its
#: one-line summary, which ``mahjong --help`` shows without importing any command's module.
COMMANDS = {
    "rules": Command("rules", "list, show and validate rulesets"),
    "hand": Command("hand", "arrangements, waits and shanten of a hand in the tile notation"),
    "simulate": Command("simulate", "play seeded games between bots and write their replays"),
    "study": Command("study", "duplicate play: the same seeded games under two rulesets (ids or house-rule "
                              "files), compared with 95%% intervals; an HTML report with plots, and JSON"),
    "demo": Command("demo", "simulate one seeded game, write its replay, re-play and audit it, print a summary"),
    "replay": Command("replay", "re-simulate replay logs and confirm byte-identical events"),
    "view": Command("view", "one seat's view of a replay log: the table as that seat sees it, move by move "
                            "(other seats' hidden tiles are never shown); --json prints the log's JSON Lines "
                            "with them as \"?\""),
    "score": Command("score", "score a hand under a ruleset: every item, its value, and why excluded items "
                              "were; the situation is the East round, the East seat (the dealer), a win on a "
                              "discard and nothing special unless given"),
    "docs": Command("docs", "build a players' site of the rules: a page per ruleset (how a deal goes, its "
                            "tables with every value's source, example hands scored by the code), the "
                            "comparison, the sources"),
    "conformance": Command("conformance", "run the conformance suite against installed rulesets"),
    "audit": Command("audit", "check every action and recompute every score and payment of replay logs, and say "
                              "what the check proved: the wall, each seat's decisions, the hash chain, the "
                              "signature"),
    "record": Command("record", "turn a score sheet (a game written down at a physical table) into its sealed "
                                "replay log; a sheet whose figures differ from the rules is refused, each "
                                "difference named"),
    "keygen": Command("keygen", "make an Ed25519 key pair for signing logs: FILE (private, owner-only) and "
                                "FILE.pub"),
    "soak": Command("soak", "play many seeded games of each ruleset with every installed bot, stopping at the "
                            "first broken invariant (tiles, hand sizes, payments) and naming its seed"),
    "serve": Command("serve", "run the live game server: people play against bots in a browser"),
    "play": Command("play", "sit down against bots: a local server, a table, and the browser opened"),
    "records": Command("records", "the games database: record audited logs, rebuild it from the logs, export "
                                  "tournament results"),
    "standings": Command("standings", "standings under a ruleset from the games database: players, games, "
                                      "cumulative scores, ratings, pairs, and the champions' tables (000 line "
                                      "289)"),
    "import": Command("import_", "games recorded on another platform, each played by the engine under the "
                                 "platform's preset and written as a replay log with the platform's own result "
                                 "beside ours"),
    "export": Command("export", "a replay log of a riichi game written in another platform's format "
                                "(tenhou.net/6 JSON, mjai), for its viewer and tools"),
    "mjai-bot": Command("mjai_bot", "an installed bot played as an mjai program: mjai messages on standard input, "
                                    "one answer a line on standard output, for another project's mjai server"),
}


def summary(name: str) -> str:
    """The one-line summary of the command ``name``, which its module declares it with."""
    return COMMANDS[name].summary


def command_module(name: str) -> ModuleType:
    """The module that declares the command ``name`` (one of :data:`COMMANDS`), imported now."""
    return import_module(f"{__name__}.{COMMANDS[name].module}")
