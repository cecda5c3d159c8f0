"""The ``mahjong`` command.

Every subcommand prints a readable report, or JSON with ``--json``.  Bad input
of any kind ends in one line ``file::place: message`` on standard error and a
non-zero exit status, never a traceback: referees run this on files they
did not write.

This module only describes the command line and dispatches.  Each subcommand
lives in its own module of this package, named in the parser as
``"module:function"`` and imported only when that subcommand runs, so that
``mahjong --help`` (and every other subcommand) loads neither the engine nor
Sphinx nor pytest.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import MahjongError
from .output import EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: every subcommand with its options and the handler that runs it."""
    parser = argparse.ArgumentParser(prog="mahjong", description="Mahjong rulesets as data: inspect rules, "
                                     "analyse hands, simulate, replay and audit games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    examples = _examples()

    def add(name: str, handler: str, help_: str,
            parent: argparse._SubParsersAction[argparse.ArgumentParser] = sub) -> argparse.ArgumentParser:
        shown = examples.get(name, ())
        epilog = "examples:\n" + "".join(f"  $ {line}\n" for line in shown) if shown else None
        p = parent.add_parser(name, help=help_, description=help_, epilog=epilog,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(handler=handler)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        return p

    rules = sub.add_parser("rules", help="list, show and validate rulesets").add_subparsers(
        dest="rules_command", required=True, metavar="SUBCOMMAND")
    add("list", "rules:cmd_list", "installed rulesets: id, version, hash, parent", rules)
    add("show", "rules:cmd_show", "a ruleset's resolved tables with their sources", rules).add_argument("ruleset")
    add("validate", "rules:cmd_validate", "check a ruleset YAML file; every error as file::path: message",
        rules).add_argument("path")

    p = add("hand", "hand:cmd_hand", "arrangements, waits and shanten of a hand in the tile notation")
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p78s11z [777s<] +9s (14 tiles: its arrangements) or "
                                            "13 tiles (its waits)")
    p.add_argument("--knitted", action="store_true", help="also read the Chinese official knitted forms")

    def game_options(p: argparse.ArgumentParser) -> None:
        ruleset = p.add_argument("--ruleset", required=True, help="installed ruleset id")
        seed = p.add_argument("--seed", required=True, help="game seed: a non-negative integer or a string")
        p.add_argument("--bots", nargs="?", const=None, default="greedy", action=_BotsOption, game=(ruleset, seed),
                       help="comma-separated installed bots, one per seat, or one name for every seat (default: "
                            "greedy); --bots alone lists the installed bots and where each comes from")
        p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals")

    p = add("simulate", "games:cmd_simulate", "play seeded games between bots and write their replays")
    game_options(p)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--out", default=None, help="folder for the replay logs")

    p = add("demo", "games:cmd_demo",
            "simulate one seeded game, write its replay, re-play and audit it, print a summary")
    game_options(p)
    p.add_argument("--out", default="out", help="folder for the replay log (default: out)")

    add("replay", "games:cmd_replay", "re-simulate a replay log and confirm byte-identical events"
        ).add_argument("file")
    p = add("view", "games:cmd_view", "one seat's view of a replay log: what that seat may see at the table")
    p.add_argument("file")
    p.add_argument("--seat", type=int, required=True)
    p = add("score", "score:cmd_score",
            "score a hand under a ruleset: every item, its value, and why excluded items were; the situation is "
            "the East round, the East seat (the dealer), a win on a discard and nothing special unless given")
    p.add_argument("--ruleset", required=True, help="installed ruleset id")
    p.add_argument("hand", nargs="*", help='e.g. "123m456p78s11z [777s<] +9s"; situation flags may also be '
                                           'written in it: !self_drawn, !seat_wind_south')
    situation = p.add_argument_group("situation (the same under every ruleset; a flag the ruleset does not read "
                                     "is reported as ignored)")
    situation.add_argument("--seat", metavar="WIND", help="the scored player's seat wind: E, S, W or N "
                                                          "(default E, the dealer)")
    situation.add_argument("--round", metavar="WIND", help="the round (prevalent) wind: E, S, W or N (default E)")
    from ..situation import FLAGS

    for flag in FLAGS:
        situation.add_argument(flag.option, dest=f"flag_{flag.name}", action="store_true", help=flag.help)
    situation.add_argument("--loser", action="store_true", help="score a losing hand (written without +TILE)")
    situation.add_argument("--fact", action="append", metavar="NAME=VALUE",
                           help="any other fact of the win by the engine's name, VALUE as JSON (repeatable)")
    p.add_argument("--batch", action="store_true", help="read JSON Lines {\"hand\": ...} on stdin, write results")
    p = add("docs", "docs:cmd_docs", "build the rules documentation for the installed rulesets")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--out", default="mahjong-docs", help="output folder (default: mahjong-docs)")
    p = add("conformance", "conformance:cmd_conformance", "run the conformance suite against installed rulesets")
    p.add_argument("ruleset", nargs="+", help="installed ruleset ids")
    add("audit", "games:cmd_audit", "check every action and recompute every score and payment of a log"
        ).add_argument("file")
    p = add("soak", "games:cmd_soak", "play many seeded games of each ruleset with every installed bot, stopping "
            "at the first broken invariant (tiles, hand sizes, payments) and naming its seed")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable; default: every installed one)")
    p.add_argument("--games", type=int, default=20, help="games per ruleset (default: 20)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed; game i plays seed + i (default: 1)")
    p.add_argument("--max-deals", type=int, default=None, help="stop each game after this many deals")
    return parser


def _examples() -> dict[str, list[str]]:
    """The examples of each subcommand's help, from ``examples.txt`` beside this module."""
    from importlib import resources

    found: dict[str, list[str]] = {}
    text = resources.files(__name__).joinpath("examples.txt").read_text(encoding="utf-8")
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
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(_handler(args.handler)(args))
    except MahjongError as exc:
        print(str(exc) if exc.source or exc.place else f"mahjong {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
