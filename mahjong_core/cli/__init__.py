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

    def add(name: str, handler: str, help_: str,
            parent: argparse._SubParsersAction[argparse.ArgumentParser] = sub) -> argparse.ArgumentParser:
        p = parent.add_parser(name, help=help_, description=help_)
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
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p789s11z [777s<] +3p")
    p.add_argument("--knitted", action="store_true", help="also read the Chinese official knitted forms")

    def game_options(p: argparse.ArgumentParser) -> None:
        ruleset = p.add_argument("--ruleset", required=True, help="installed ruleset id")
        seed = p.add_argument("--seed", required=True, help="game seed: a non-negative integer or a string")
        p.add_argument("--bots", nargs="?", const=None, default="greedy", action=_BotsOption, game=(ruleset, seed),
                       help="comma-separated installed bots, one per seat, or one name for every seat (default: "
                            "greedy); --bots alone lists the installed bots and where each comes from")
        p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals")
        p.add_argument("--sign", metavar="KEYFILE", default=None,
                       help="sign each log with this Ed25519 private key (made by `mahjong keygen`)")

    p = add("simulate", "games:cmd_simulate", "play seeded games between bots and write their replays")
    game_options(p)
    p.add_argument("--games", type=int, default=1)
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
        p.add_argument("files", nargs="+", metavar="FILE", help="replay logs (any number: a summary follows)")
        p.add_argument("--key", metavar="PUBKEY", default=None, help=key_help)
        p.add_argument("--deals", action="store_true",
                       help="report every deal: winner, hand, scoring items with their sources, payments, totals")
        p.add_argument("--html", metavar="OUT.html", default=None,
                       help="also write the report as one self-contained HTML page")
        p.add_argument("--workers", type=int, default=0,
                       help="check the files on a local Dask cluster of N worker processes")

    log_checks(add("replay", "games:cmd_replay", "re-simulate replay logs and confirm byte-identical events"))
    p = add("view", "games:cmd_view", "one seat's view of a replay log: what that seat may see at the table")
    p.add_argument("file")
    p.add_argument("--seat", type=int, required=True)
    p = add("score", "score:cmd_score",
            "score a hand under a ruleset: every item, its value, and why excluded items were")
    p.add_argument("--ruleset", required=True)
    p.add_argument("hand", nargs="*", help='e.g. "123m456p789s11z [777s<] +3p !self_drawn"')
    p.add_argument("--batch", action="store_true", help="read JSON Lines {\"hand\": ...} on stdin, write results")
    p = add("docs", "docs:cmd_docs", "build the rules documentation for the installed rulesets")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--out", default="mahjong-docs", help="output folder (default: mahjong-docs)")
    p = add("conformance", "conformance:cmd_conformance", "run the conformance suite against installed rulesets")
    p.add_argument("ruleset", nargs="+", help="installed ruleset ids")
    log_checks(add("audit", "games:cmd_audit", "check every action and recompute every score and payment of "
                   "replay logs, and say what the check proved: the wall, each seat's decisions, the hash chain, "
                   "the signature"))
    add("keygen", "games:cmd_keygen", "make an Ed25519 key pair for signing logs: FILE (private, owner-only) "
        "and FILE.pub").add_argument("file")
    p = add("soak", "games:cmd_soak", "play many seeded games of each ruleset with every installed bot, stopping "
            "at the first broken invariant (tiles, hand sizes, payments) and naming its seed")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable; default: every installed one)")
    p.add_argument("--games", type=int, default=20, help="games per ruleset (default: 20)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed; game i plays seed + i (default: 1)")
    p.add_argument("--max-deals", type=int, default=None, help="stop each game after this many deals")
    return parser


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
