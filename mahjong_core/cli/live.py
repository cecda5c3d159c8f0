"""What ``mahjong serve`` and ``mahjong play`` share: the server package, and the house rules a table offers.

The server is imported only when one of these commands runs, so no other
command pays for Starlette and uvicorn, and an installation without the
``serve`` extra says what to install instead of failing on an import.
"""

from __future__ import annotations

import re
import shlex
import shutil
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset


def server() -> Any:
    """:mod:`mahjong_server.serve`, or the error that says how to install the extra it needs."""
    try:  # deferred: the optional [serve] extra (Starlette, uvicorn), for `serve` and `play` only
        from mahjong_server import serve
    except ImportError as exc:
        raise MahjongError(f"the live server needs the 'serve' extra (pip install 'mahjong-core[serve]'): {exc}",
                           place="mahjong serve") from None
    return serve


def house_rules(paths: list[str]) -> tuple[Ruleset, ...]:
    """The house-rule files the operator offers, loaded now: a client names them by id, never by path."""
    # deferred: the ruleset machinery (~50 ms at the top: `mahjong --help` imports this module through serve's)
    from mahjong_core.rules import available, load_ruleset

    rules: dict[str, Ruleset] = {}
    for path in paths:
        ruleset = load_ruleset(path)
        if ruleset.text is None or ruleset.id in available():
            raise MahjongError(f"ruleset {ruleset.id!r} is installed; --house-rule offers a ruleset that is not",
                               source=path, place="--house-rule")
        if ruleset.id in rules:
            raise MahjongError(f"two house rules have the id {ruleset.id!r}", source=path, place="--house-rule")
        rules[ruleset.id] = ruleset
    return tuple(rules.values())


#: The seat kinds a request may name a program by: as the table request's schema allows a seat's kind.
_PROGRAM_NAME = r"[A-Za-z0-9_.-]{1,64}"


def program(spec: str, *, name: str | None = None, place: str = "--program") -> tuple[str, str]:
    """An external program the operator offers as a seat: ``(the kind naming it, "KIND:ARGUMENT")``, checked now.

    ``spec`` is ``NAME=KIND:ARGUMENT`` (``mahjong serve --program``) or, with ``name`` given, ``KIND:ARGUMENT``
    (``mahjong play --bot mjai:COMMAND``, named by its kind).  ``KIND`` is an installed bot that takes an
    argument (the ``mahjong_core.argument_bots`` group: ``mjai``); its argument is the command, which must
    split as a POSIX shell splits it.  The program itself is started with each table that seats it.
    """
    # deferred: the bots' registry reads entry points, wanted by `serve` and `play` only
    from mahjong_core.engine.players import argument_bot_factory, installed_bots

    given, sep, bot = spec.partition("=") if name is None else (name, "=", spec)
    kind, colon, argument = bot.partition(":")
    if not sep or not colon or not given:
        raise MahjongError(f"{spec!r}: a program is offered as NAME=KIND:ARGUMENT (mjai=mjai:'python bot.py')",
                           place=place)
    if not re.fullmatch(_PROGRAM_NAME, given) or given == "human" or given in installed_bots():
        raise MahjongError(f"{given!r} cannot name a program: a name is 1-64 letters, digits, '_', '.' or '-', and "
                           "neither 'human' nor an installed bot's", place=place)
    argument_bot_factory(kind, place=place)
    try:
        words = shlex.split(argument)
    except ValueError as exc:
        raise MahjongError(f"{spec!r}: the command does not split as a shell would split it: {exc}",
                           place=place) from None
    if not words:
        raise MahjongError(f"{spec!r}: {kind}: needs the command that starts the program ({kind}:COMMAND)",
                           place=place)
    if shutil.which(words[0]) is None:
        raise MahjongError(f"{spec!r}: no program {words[0]!r} to run (not an executable file, nor found on PATH)",
                           place=place)
    return given, bot
