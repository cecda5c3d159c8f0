"""The ``mahjong`` command.

Every subcommand prints a readable report, or JSON with ``--json``.  Bad input
of any kind ends in one line ``file::place: message`` on standard error (with
``--json``, one JSON object on standard output) and exit status 2, never a
traceback: referees run this on files they did not write.  A verdict (an audit, a replay check) is an
answer, not an error: on standard output whether it passes or fails, the exit status saying which.  The exit statuses
are one table (:data:`.output.EXIT_CODES`), shown by ``mahjong --help``.

This module only builds the command line and dispatches.  Each command is a
module of :mod:`mahjong_core.cli.commands` that declares its own options and
holds its handler; the handler imports what the command runs on when it
runs, so that ``mahjong --help`` (and every other command) loads neither the
engine nor Sphinx nor pytest.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mahjong_core.cli.commands import COMMANDS, command_module
from mahjong_core.cli.output import EXIT_CODES, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, print_error_json
from mahjong_core.cli.parser import CommandParser, UsageError, VersionAction
from mahjong_core.errors import MahjongError
from mahjong_core.reading.load_trust import trusting_loads


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line: each command's module (:mod:`mahjong_core.cli.commands`) adds its command.

    :param argv: the arguments about to be parsed.  When they start with a command, only that command's module is
        imported and the others are declared by name and summary alone (start-up: a run imports one command
        module, not all nineteen); when they only ask for the help (``mahjong``, ``mahjong --help``), no
        command module is imported, as the list of commands needs only their summaries; without them, every
        command is declared in full.
    """
    table = "".join(f"  {code:<4} {meaning}\n" for code, meaning in EXIT_CODES)
    parser = CommandParser(prog="mahjong", description="Mahjong rulesets as data: inspect rules, analyse hands, "
                           "simulate, replay and audit games.  Every command takes --json: its answer, or its error, "
                           "as JSON on standard output.", epilog=f"exit status:\n{table}",
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction, help="print the installed version and exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=CommandParser)
    wanted = argv[0] if argv and argv[0] in COMMANDS else None
    listing_only = argv is not None and all(arg in ("-h", "--help") for arg in argv)
    for name, command in COMMANDS.items():
        if name == wanted or (wanted is None and not listing_only):
            command_module(name).register(commands)
        else:  # named with its summary, so the list of commands reads the same; never parsed in this run
            commands.add_parser(name, help=command.summary)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    Bare ``mahjong`` prints the help and exits 0.  Every error -- bad usage, bad input -- is one line on
    standard error, or with ``--json`` one JSON object on standard output, and exit status 2.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(args_list)
    if not args_list:
        parser.print_help()
        return EXIT_OK
    as_json = "--json" in args_list
    try:
        args = parser.parse_args(args_list)
    except UsageError as exc:
        return _report(exc, as_json, None)
    try:
        _check_counts(args)
        with trusting_loads():  # a fresh process: its plugins are the installed files (mahjong_core.reading.load_trust)
            return int(args.handler(args))
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
