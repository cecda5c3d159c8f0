"""The ``mahjong`` command.

Every subcommand prints a readable report, or JSON with ``--json``.  Bad input
of any kind ends in one line ``file::place: message`` on standard error (with
``--json``, one JSON object on standard output) and exit status 2, never a
traceback: referees run this on files they did not write.  A verdict (an audit, a replay check) is an
answer, not an error: on standard output whether it passes or fails, the exit status saying which.  The exit statuses
are one table (:data:`.output.EXIT_CODES`), shown by ``mahjong --help``.

This module only describes the command line and dispatches.  Each subcommand
lives in its own module of this package, named in the parser as
``"module:function"`` and imported only when that subcommand runs, so that
``mahjong --help`` (and every other subcommand) loads neither the engine nor
Sphinx nor pytest.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from mahjong_core.cli.output import EXIT_CODES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, print_error_json
from mahjong_core.errors import MahjongError
from mahjong_core.reading.load_trust import trusting_loads


class _Parser(argparse.ArgumentParser):
    """argparse, with a did-you-mean for a mistyped command and its usage errors as MahjongErrors.

    The error then reaches :func:`main` like any other bad input: one line, or one JSON object under
    ``--json``, and exit status 2.
    """

    def error(self, message: str) -> NoReturn:
        match = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if match:
            import difflib

            choices = re.findall(r"'([^']*)'", match.group(2))
            close = difflib.get_close_matches(match.group(1), choices, n=1)
            message = (f"unknown command {match.group(1)!r}" + (f" (did you mean {close[0]!r}?)" if close else "")
                       + f"; the commands are {', '.join(choices)}")
        raise _UsageError(f"{message} (see {self.prog} --help)", place=self.prog)


class _UsageError(MahjongError):
    """Bad usage of the command line itself."""


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        from importlib import metadata

        try:
            version = metadata.version("mahjong-core")
        except metadata.PackageNotFoundError:
            version = "unknown (not installed)"
        print(f"mahjong-core {version}")
        parser.exit(EXIT_OK)


#: What every option that names a ruleset takes: the loader reads an installed id and a ruleset file alike.
RULESET_HELP = "a ruleset: an installed id (see `mahjong rules list`) or a ruleset YAML file (a house rule)"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every subcommand with its options and the handler that runs it."""
    table = "".join(f"  {code:<4} {meaning}\n" for code, meaning in EXIT_CODES)
    parser = _Parser(prog="mahjong", description="Mahjong rulesets as data: inspect rules, analyse hands, "
                     "simulate, replay and audit games.  Every command takes --json: its answer, or its error, "
                     "as JSON on standard output.", epilog=f"exit status:\n{table}",
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version, help="print the installed version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    examples = _examples()

    def add(name: str, handler: str, help_: str,
            parent: argparse._SubParsersAction[_Parser] = sub) -> argparse.ArgumentParser:
        shown = examples.get(name, ())
        epilog = "examples:\n" + "".join(f"  $ {line}\n" for line in shown) if shown else None
        p = parent.add_parser(name, help=help_, description=help_, epilog=epilog,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(handler=handler)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        return p

    rules = sub.add_parser("rules", help="list, show and validate rulesets").add_subparsers(
        dest="rules_command", required=True, metavar="SUBCOMMAND", parser_class=_Parser)
    add("list", "rules:cmd_list", "installed rulesets: id, version, hash, parent", rules)
    add("show", "rules:cmd_show", "a ruleset's resolved tables with their sources", rules).add_argument(
        "ruleset", help=RULESET_HELP)
    add("validate", "rules:cmd_validate", "check a ruleset YAML file; every error as file::path: message",
        rules).add_argument("path", help="the ruleset YAML file to check")

    p = add("hand", "hand:cmd_hand", "arrangements, waits and shanten of a hand in the tile notation")
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p78s11z [777s<] +9s (14 tiles: its arrangements) or "
                                            "13 tiles (its waits)")
    p.add_argument("--knitted", action="store_true", help="also read the Chinese official knitted forms")

    def game_options(p: argparse.ArgumentParser) -> None:
        ruleset = p.add_argument("--ruleset", required=True, help=RULESET_HELP)
        seed = p.add_argument("--seed", required=True, help="game seed: a non-negative integer or a string")
        p.add_argument("--bots", nargs="?", const=None, default="greedy", action=_BotsOption, game=(ruleset, seed),
                       help="comma-separated installed bots, one per seat, or one name for every seat (default: "
                            "greedy); --bots alone lists the installed bots and where each comes from")
        p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals")
        p.add_argument("--sign", metavar="KEYFILE", default=None,
                       help="sign each log with this Ed25519 private key (made by `mahjong keygen`)")

    p = add("simulate", "games:cmd_simulate", "play seeded games between bots and write their replays")
    game_options(p)
    p.add_argument("--games", type=int, default=1, help="how many games to play; game i plays seed + i (default: 1)")
    p.add_argument("--out", default=None, help="folder for the replay logs")

    p.add_argument("--summary", action="store_true",
                   help="print the games' figures with 95%% intervals (win rates, values, items, limits, ...)")
    p.add_argument("--workers", type=int, default=0, help="play on a local Dask cluster of N processes")

    p = add("study", "study:cmd_study", "duplicate play: the same seeded games under two rulesets (ids or "
            "house-rule files), compared with 95%% intervals; an HTML report with plots, and JSON")
    p.add_argument("a", help="ruleset A: an installed id or a YAML file")
    p.add_argument("b", help="ruleset B: an installed id or a YAML file")
    p.add_argument("--seed", required=True, help="the first game's seed; game i plays seed + i")
    p.add_argument("--games", type=int, default=100, help="games under each ruleset (default: 100)")
    p.add_argument("--bots", default="greedy", help="comma-separated bots, one per seat, or one for all")
    p.add_argument("--max-deals", type=int, default=None, help="stop each game after this many deals")
    p.add_argument("--out", default="study", help="folder for report.html, study.json and the plots")
    p.add_argument("--workers", type=int, default=0,
                   help="play on a local Dask cluster of N worker processes (default: in this process)")
    p.add_argument("--scheduler", default=None, help="a running Dask scheduler's address, tcp://HOST:PORT")

    p = add("demo", "games:cmd_demo",
            "simulate one seeded game, write its replay, re-play and audit it, print a summary")
    game_options(p)
    p.add_argument("--out", default="out", help="folder for the replay log (default: out)")

    key_help = ("the signer's public key file (PEM, or 64 hex digits): the log must be signed with it, "
                "and every signature must verify")
    def log_checks(p: argparse.ArgumentParser) -> None:
        p.add_argument("files", nargs="+", metavar="FILE", help="replay logs, or for audit also score sheets "
                       "(.yaml, .yml, .json); any number: a summary follows")
        p.add_argument("--key", metavar="PUBKEY", default=None, help=key_help)
        p.add_argument("--deals", action="store_true",
                       help="report every deal: winner, hand, scoring items with their sources, payments, totals")
        p.add_argument("--html", metavar="OUT.html", default=None,
                       help="also write the report as one self-contained HTML page")
        p.add_argument("--workers", type=int, default=0,
                       help="check the files on a local Dask cluster of N worker processes")

    log_checks(add("replay", "games:cmd_replay", "re-simulate replay logs and confirm byte-identical events"))
    p = add("view", "games:cmd_view", "one seat's view of a replay log: the table as that seat sees it, move by "
            "move (other seats' hidden tiles are never shown); --json prints the log's JSON Lines with them as \"?\"")
    p.add_argument("file", help="the replay log (.jsonl)")
    p.add_argument("--seat", type=int, default=None, help="the seat whose view to show (required without --html)")
    p.add_argument("--html", metavar="OUT.html", default=None,
                   help="write the replay viewer as one self-contained page (the log and its audit verdict "
                        "embedded, nothing fetched): step through it, any seat's view or every hand open")
    p.add_argument("--ascii", action="store_true", help="tiles in the notation (5m) instead of mahjong glyphs")
    p.add_argument("--step", action="store_true", help="draw the table after every move; on a terminal, wait "
                                                       "for Enter between moves (q stops)")
    p = add("score", "score:cmd_score",
            "score a hand under a ruleset: every item, its value, and why excluded items were; the situation is "
            "the East round, the East seat (the dealer), a win on a discard and nothing special unless given")
    p.add_argument("--ruleset", required=True, help=RULESET_HELP)
    p.add_argument("hand", nargs="*", help='e.g. "123m456p78s11z [777s<] +9s"; situation flags may also be '
                                           'written in it: !self_drawn, !seat_wind_south')
    situation = p.add_argument_group("situation (the same under every ruleset; a flag the ruleset does not read "
                                     "is reported as ignored)")
    situation.add_argument("--seat", metavar="WIND", help="the scored player's seat wind: E, S, W or N "
                                                          "(default E, the dealer)")
    situation.add_argument("--round", metavar="WIND", help="the round (prevalent) wind: E, S, W or N (default E)")
    from mahjong_core.hand.situation import FLAGS

    for flag in FLAGS:
        situation.add_argument(flag.option, dest=f"flag_{flag.name}", action="store_true", help=flag.help)
    situation.add_argument("--loser", action="store_true", help="score a losing hand (written without +TILE)")
    situation.add_argument("--fact", action="append", metavar="NAME=VALUE",
                           help="any other fact of the win by the engine's name, VALUE as JSON (repeatable)")
    p.add_argument("--batch", action="store_true", help="read JSON Lines {\"hand\": ...} on stdin, write results")
    p.add_argument("--native", action="store_true", help="also give each scoring row's name in the rules' own "
                                                         "language (Russian, Chinese), after the English one")
    p = add("docs", "docs:cmd_docs", "build a players' site of the rules: a page per ruleset (how a deal goes, its "
            "tables with every value's source, example hands scored by the code), the comparison, the sources")
    p.add_argument("--ruleset", action="append", metavar="ID_OR_FILE",
                   help="a ruleset id or house-rule file to document (repeatable; default: every installed one)")
    p.add_argument("--out", default="mahjong-docs", help="output folder (default: mahjong-docs)")
    p.add_argument("--title", default="Mahjong rules", help="the site's title (default: Mahjong rules)")
    p.add_argument("--intro", metavar="FILE", help="the club's introduction for the front page (.md or .rst)")
    p.add_argument("--reference", action="store_true",
                   help="also the developer's reference: plugins and hooks of each ruleset, hook reference, schemas")
    p = add("conformance", "conformance:cmd_conformance", "run the conformance suite against installed rulesets")
    p.add_argument("ruleset", nargs="+", help="rulesets to check: installed ids or ruleset YAML files")
    p.add_argument("--terse", action="store_true",
                   help="pytest's own progress line (a dot a check) instead of every check named with its outcome")
    log_checks(add("audit", "games:cmd_audit", "check every action and recompute every score and payment of "
                   "replay logs, and say what the check proved: the wall, each seat's decisions, the hash chain, "
                   "the signature"))
    p = add("record", "games:cmd_record", "turn a score sheet (a game written down at a physical table) into its "
            "sealed replay log; a sheet whose figures differ from the rules is refused, each difference named")
    p.add_argument("sheet", metavar="SHEET", help="the score sheet, YAML or JSON (see docs/score-sheets.md)")
    p.add_argument("--out", default=None, help="the log to write (default: the sheet's name with .jsonl)")
    p.add_argument("--sign", metavar="KEYFILE", default=None,
                   help="sign the log with this Ed25519 private key (made by `mahjong keygen`)")
    add("keygen", "games:cmd_keygen", "make an Ed25519 key pair for signing logs: FILE (private, owner-only) "
        "and FILE.pub").add_argument("file", help="the private key file to write (the public key goes to FILE.pub)")
    p = add("soak", "games:cmd_soak", "play many seeded games of each ruleset with every installed bot, stopping "
            "at the first broken invariant (tiles, hand sizes, payments) and naming its seed")
    p.add_argument("--ruleset", action="append", help="only this ruleset: an installed id or a ruleset YAML "
                   "file (repeatable; default: every installed one)")
    p.add_argument("--games", type=int, default=20, help="games per ruleset (default: 20)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed; game i plays seed + i (default: 1)")
    p.add_argument("--max-deals", type=int, default=None, help="stop each game after this many deals")
    p.add_argument("--workers", type=int, default=0,
                   help="play on a local Dask cluster of N worker processes (the same report)")
    p.add_argument("--journal", metavar="FILE", default=None,
                   help="keep each played batch in FILE the moment it is played; when FILE exists, resume the "
                        "run it records (same options, rulesets and code), playing only what it lacks")
    p = add("serve", "serve:cmd_serve", "run the live game server: people play against bots in a browser")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, loopback only)")
    p.add_argument("--port", type=int, default=8000, help="port (default: 8000; 0 picks a free one)")
    p.add_argument("--data", default="mahjong-data", help="folder for the tables' logs (default: mahjong-data)")
    p.add_argument("--allow-origin", action="append", help="another origin whose pages may open websockets")
    p.add_argument("--bot-pace", type=float, default=0.8,
                   help="longest real pause of a bot's turn, in seconds, so people can follow (default: 0.8)")
    p.add_argument("--deal-pause", type=float, default=30.0,
                   help="seconds to wait after a deal for the people to say ready (default: 30)")
    p.add_argument("--sign", metavar="KEYFILE", default=None,
                   help="sign every table's log with this Ed25519 private key (made by `mahjong keygen`)")
    p.add_argument("--spectator-delay", type=float, default=0.0,
                   help="seconds by which spectators see the game late (default: 0, live)")
    p.add_argument("--stamp-events", action="store_true",
                   help="add each event's monotonic emission time to its messages (for benchmarks/bench_server.py)")
    p.add_argument("--house-rule", action="append", metavar="FILE.yaml", default=[],
                   help="offer this house-rule file's ruleset at the server's tables, by its id (repeatable)")
    p = add("play", "serve:cmd_play", "sit down against bots: a local server, a table, and the browser opened")
    p.add_argument("--ruleset", required=True, help=RULESET_HELP)
    p.add_argument("--bot", default="greedy", help="installed bot for the other seats (default: greedy)")
    p.add_argument("--length", choices=("game", "round", "deal"), default="game",
                   help="how long the table plays: a whole game, one round or one deal (default: game)")
    p.add_argument("--data", default="mahjong-data", help="folder for the table's log (default: mahjong-data)")
    p.add_argument("--no-browser", action="store_true", help="print the table's address instead of opening it")
    p.add_argument("--bot-pace", type=float, default=0.8, help="longest real pause of a bot's turn (default: 0.8 s)")
    p.add_argument("--name", default=None,
                   help="your name in the log, the standings and the EMA export (1-40 characters); without it you "
                        "play as a guest named after the table, guest-<table id>-north, which no other game shares")
    # The games database (mahjong_records): records, standings, simulate --store, serve --db.
    from mahjong_core.cli.records import add_commands

    add_commands(sub, add)
    # Games recorded on other platforms (mahjong_formats): import.
    from mahjong_core.cli.imports import add_commands as add_import

    add_import(sub, add)
    return parser


def _examples() -> dict[str, list[str]]:
    """The examples of each subcommand's help, from ``examples.txt`` beside this module (shipped as package data)."""
    import os

    found: dict[str, list[str]] = {}
    with open(os.path.join(os.path.dirname(__file__), "examples.txt"), encoding="utf-8") as file:
        text = file.read()
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, command = line.partition(": ")
            found.setdefault(name, []).append(command)
    return found


class _BotsOption(argparse.Action):
    """``--bots NAMES`` seats bots; ``--bots`` with no value asks for the installed bots instead.

    Listing the bots plays no game, so given alone it lifts the requirement
    of the game's own options (``game``: the ``--ruleset`` and ``--seed``
    actions).  That changes this parser only for the parse under way, as
    :func:`main` builds a parser for each call.
    """

    def __init__(self, *args: Any, game: Sequence[argparse.Action] = (), **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.game = tuple(game)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        if values is None:
            for action in self.game:
                action.required = False


def _handler(name: str) -> Callable[[argparse.Namespace], int]:
    """The function ``"module:function"`` names, importing its module of this package now."""
    module, _, function = name.partition(":")
    return getattr(importlib.import_module(f"{__name__}.{module}"), function)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    Bare ``mahjong`` prints the help and exits 0.  Every error -- bad usage, bad input -- is one line on
    standard error, or with ``--json`` one JSON object on standard output, and exit status 2.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list:
        parser.print_help()
        return EXIT_OK
    as_json = "--json" in args_list
    try:
        args = parser.parse_args(args_list)
    except _UsageError as exc:
        return _report(exc, as_json, None)
    try:
        _check_counts(args)
        with trusting_loads():  # a fresh process: its plugins are the installed files (mahjong_core.reading.load_trust)
            return int(_handler(args.handler)(args))
    except MahjongError as exc:
        return _report(exc, as_json, args.command)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK


#: The counts several commands take, and the least each may be (``--max-deals`` only when given).
_COUNTS = (("games", "--games", 1), ("max_deals", "--max-deals", 1), ("workers", "--workers", 0))


def _check_counts(args: argparse.Namespace) -> None:
    """Refuse a count no command can use (``--games 0`` plays nothing; ``--max-deals 0`` would log a game of no
    deals), for every command that takes it, before the command starts."""
    for name, option, least in _COUNTS:
        value = getattr(args, name, None)
        if value is not None and value < least:
            what = "0 (this process) or more" if least == 0 else f"at least {least}"
            raise MahjongError(f"{option} must be {what}, got {value}", place=option)


def _report(exc: MahjongError, as_json: bool, command: str | None) -> int:
    """Print an error as the command's answer: one line on standard error, or one JSON object on stdout."""
    if as_json:
        print_error_json({**exc.to_json(), "text": str(exc)})
    elif exc.source or exc.place or command is None:
        print(str(exc), file=sys.stderr)
    else:
        print(f"mahjong {command}: {exc}", file=sys.stderr)
    return exc.exit_code if exc.exit_code else EXIT_USAGE
