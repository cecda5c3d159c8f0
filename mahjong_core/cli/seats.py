"""What the commands that seat bots and play games share: ``--bots``, the game's options, and ``--sign``.

``simulate``, ``demo`` and ``study`` read ``--bots`` the same way (one bot a
seat, or one name for every seat); ``simulate`` and ``demo`` take the same
game options; ``simulate --summary`` and ``study`` show their games' progress
and need the ``study`` extra alike.  Its own module so that those commands import it rather than
each other.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json, progress_bar
from mahjong_core.cli.parser import RULESET_HELP
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.log.chain import Signer
    from mahjong_core.rules import Ruleset


@contextmanager
def game_progress(args: argparse.Namespace, total: int) -> Iterator[Callable[[int], object] | None]:
    """The progress of ``total`` games on a terminal (:func:`.output.progress_bar`): its update, or ``None``."""
    bar = progress_bar(total, "game", shown=not args.json)
    if bar is None:
        yield None
        return
    try:
        yield bar.update
    finally:
        bar.close()


def needs_study_extra(what: str) -> MahjongError:
    """The error for a command whose extra (matplotlib, Dask) is not installed: how to install it."""
    return MahjongError(f"{what} needs the 'study' extra (matplotlib and Dask): pip install 'mahjong-core[study]'",
                        place=what)


def parse_bots(text: str, players: int) -> list[str]:
    """One bot name per seat from ``--bots``; a single name seats that bot everywhere."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise MahjongError(f"--bots names {len(names)} bots; this ruleset seats {players}", place="--bots")
    return names


class BotsOption(argparse.Action):
    """``--bots NAMES`` seats bots; ``--bots`` with no value asks for the installed bots instead.

    Listing the bots plays no game, so given alone it lifts the requirement
    of the game's own options (``game``: the ``--ruleset`` and ``--seed``
    actions).  That changes this parser only for the parse under way, as
    :func:`mahjong_core.cli.main` builds a parser for each call.
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


def add_game_options(p: argparse.ArgumentParser) -> None:
    """The options of a command that plays seeded games between bots (``simulate``, ``demo``)."""
    ruleset = p.add_argument("--ruleset", required=True, help=RULESET_HELP)
    seed = p.add_argument("--seed", required=True, help="game seed: a non-negative integer or a string")
    p.add_argument("--bots", nargs="?", const=None, default="greedy", action=BotsOption, game=(ruleset, seed),
                   help="comma-separated installed bots, one per seat, or one name for every seat (default: "
                        "greedy); --bots alone lists the installed bots and where each comes from")
    p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals")
    p.add_argument("--players", type=int, default=None,
                   help="seat 2, 3 or 4 players instead of the ruleset's own count (an installed ruleset: the log "
                        "embeds the house rule that says so)")
    p.add_argument("--sign", metavar="KEYFILE", default=None,
                   help="sign each log with this Ed25519 private key (made by `mahjong keygen`)")


def seated_ruleset(args: argparse.Namespace) -> Ruleset:
    """The ``--ruleset`` a game command plays, at ``--players`` seats where that is given
    (:func:`mahjong_core.rules.seated.at_seats`)."""
    # deferred: the loader (~40 ms) would load with `mahjong --help`, which imports this module through simulate's
    from mahjong_core.rules import load_ruleset
    from mahjong_core.rules.seated import at_seats

    ruleset = load_ruleset(args.ruleset)
    return ruleset if args.players is None else at_seats(ruleset, args.players)


def list_bots(args: argparse.Namespace) -> int:
    """``--bots`` alone: every installed bot, the distribution that installs it, and what it says it does.

    Each bot is imported, so that one that cannot be is shown as such -- with
    the others still listed -- before a game is started with it; its exit
    status is then that of a failed check.
    """
    # deferred: the engine (~50 ms) would load with `mahjong --help`, which imports this module through simulate's
    from mahjong_core.engine.players import bot_factory, installed_bots

    rows = []
    for name, info in installed_bots().items():
        row = {"name": name, "distribution": info.distribution, "version": info.version, "entry_point": info.value,
               "about": None, "error": None}
        try:
            doc = getattr(bot_factory(name), "__doc__", None) or ""
            row["about"] = doc.strip().splitlines()[0] if doc.strip() else None
        except MahjongError as exc:
            row["error"] = exc.message
        rows.append(row)
    if args.json:
        print_json(rows)
    else:
        print(f"{'bot':<16} {'distribution':<32} about")
        for r in rows:
            dist = f"{r['distribution'] or '?'} {r['version'] or ''}".strip()
            about = f"CANNOT BE USED: {r['error']}" if r["error"] else (r["about"] or r["entry_point"])
            print(f"{r['name']:<16} {dist:<32} {about}")
        if not rows:
            print("no bots are installed (a bot is installed through the 'mahjong_core.bots' entry-point group)")
    return EXIT_FAILED_CHECK if not rows or any(r["error"] for r in rows) else EXIT_OK


def signer(args: argparse.Namespace) -> Signer | None:
    """The key of ``--sign KEYFILE``, read now so a bad key stops the command before it plays; ``None`` without."""
    if args.sign is None:
        return None
    from mahjong_core.log.chain import load_signer  # deferred: the log's seal (~16 ms) only for --sign

    return load_signer(args.sign)
