"""The parts every command's parser is made of: the parser class, ``--version``, and one way to add a command.

Each command module (:mod:`mahjong_core.cli.commands`) declares its own
options with :func:`add_command`, so every command gets the same ``--json``
option, the same help layout and its examples from ``examples.txt``, and a
mistyped command or option ends in one line, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn

from mahjong_core.cli.output import EXIT_OK
from mahjong_core.errors import MahjongError

#: A command's handler: it reads the parsed options and returns the exit status.
Handler = Callable[[argparse.Namespace], int]

#: What every option that names a ruleset takes: the loader reads an installed id and a ruleset file alike.
RULESET_HELP = "a ruleset: an installed id (see `mahjong rules list`) or a ruleset YAML file (a house rule)"


class CommandParser(argparse.ArgumentParser):
    """argparse, with a did-you-mean for a mistyped command and its usage errors as MahjongErrors.

    The error then reaches :func:`mahjong_core.cli.main` like any other bad input: one line, or one JSON object
    under ``--json``, and exit status 2.
    """

    def error(self, message: str) -> NoReturn:
        match = re.search(r"argument ([^:]*): invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if match:
            # deferred: difflib (with threading in .output: ~1.5 ms, 3% of `mahjong --help`'s 46 ms, bench_cli),
            # only for a mistyped command
            import difflib

            name, given = match.group(1), match.group(2)
            choices = re.findall(r"'([^']*)'", match.group(3))
            close = difflib.get_close_matches(given, choices, n=1)
            mean = f" (did you mean {close[0]!r}?)" if close else ""
            if name in ("COMMAND", "SUBCOMMAND"):
                message = f"unknown command {given!r}{mean}; the commands are {', '.join(choices)}"
            else:  # an option's or an argument's value (--format, FORMAT)
                message = f"{name}: unknown value {given!r}{mean}; expected one of {', '.join(choices)}"
        raise UsageError(f"{message} (see {self.prog} --help)", place=self.prog)


if TYPE_CHECKING:
    from typing import TypeAlias

    #: Where a command module adds its command: the ``mahjong`` parser's (or a command group's) subcommands.
    Subcommands: TypeAlias = argparse._SubParsersAction[CommandParser]


class UsageError(MahjongError):
    """Bad usage of the command line itself."""


class VersionAction(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        # deferred: importlib.metadata (~19 ms) only for --version; `mahjong --help` and every command skip it
        from importlib import metadata

        try:
            version = metadata.version("mahjong-core")
        except metadata.PackageNotFoundError:
            version = "unknown (not installed)"
        print(f"mahjong-core {version}")
        parser.exit(EXIT_OK)


def add_command(parent: Subcommands, name: str, handler: Handler, help_: str) -> argparse.ArgumentParser:
    """A command (or a group's subcommand) with its help, its examples, ``--json``, and the handler that runs it."""
    shown = examples().get(name, ())
    epilog = "examples:\n" + "".join(f"  $ {line}\n" for line in shown) if shown else None
    # A command's help is %-formatted where the command list shows it (a percent sign written %%), its description
    # is not: printed as the user reads it.
    p = parent.add_parser(name, help=help_, description=help_.replace("%%", "%"), epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(handler=handler)
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    return p


def add_group(parent: Subcommands, name: str, help_: str, dest: str) -> Subcommands:
    """A command that only groups subcommands (``mahjong rules list``): its subcommands, to add each to."""
    return parent.add_parser(name, help=help_).add_subparsers(dest=dest, required=True, metavar="SUBCOMMAND",
                                                              parser_class=CommandParser)


@cache
def examples() -> dict[str, list[str]]:
    """The examples of each subcommand's help, from ``examples.txt`` beside this module (shipped as package data)."""
    found: dict[str, list[str]] = {}
    with open(os.path.join(os.path.dirname(__file__), "examples.txt"), encoding="utf-8") as file:
        text = file.read()
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, command = line.partition(": ")
            found.setdefault(name, []).append(command)
    return found
