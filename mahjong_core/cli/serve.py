"""``mahjong serve`` and ``mahjong play``: the live game server (the ``mahjong_server`` package).

The server is imported only here, when one of these commands runs, so no
other command pays for Starlette and uvicorn, and an installation without
the ``serve`` extra says what to install instead of failing on an import.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset


def _server() -> Any:
    try:
        from mahjong_server import serve
    except ImportError as exc:
        raise MahjongError(f"the live server needs the 'serve' extra (pip install 'mahjong-core[serve]'): {exc}",
                           place="mahjong serve") from None
    return serve


def cmd_serve(args: argparse.Namespace) -> int:
    signer = None
    if args.sign is not None:
        from mahjong_core.log.chain import load_signer

        signer = load_signer(args.sign)
    serve = _server()
    for name in ("bot_pace", "deal_pause", "spectator_delay"):
        if getattr(args, name) < 0:
            raise MahjongError(f"--{name.replace('_', '-')} is in seconds, at least 0; got {getattr(args, name)}",
                               place=f"--{name.replace('_', '-')}")
    house_rules = _house_rules(args.house_rule)
    records = _records(args.db)
    return int(serve.serve(args.host, args.port, Path(args.data), allowed_origins=tuple(args.allow_origin or ()),
                           bot_pace_s=args.bot_pace, deal_pause_s=args.deal_pause, stamp_events=args.stamp_events,
                           spectator_delay_s=args.spectator_delay, signer=signer, house_rules=house_rules,
                           records=records, as_json=args.json))


def _records(db: str | None) -> Any:
    """The games database of ``--db``, opened (and migrated) now, so a bad one stops the command before it listens."""
    if db is None:
        return None
    from mahjong_core.cli.records import recorder

    return recorder(db)


def _house_rules(paths: list[str]) -> tuple[Ruleset, ...]:
    """The house-rule files the operator offers, loaded now: a client names them by id, never by path."""
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


def cmd_play(args: argparse.Namespace) -> int:
    from mahjong_core.engine.players import installed_bots, unknown_bot
    from mahjong_core.rules import available, is_ruleset_path

    house: tuple[Ruleset, ...] = ()
    rid = args.ruleset
    if is_ruleset_path(rid):
        house = _house_rules([rid])
        rid = house[0].id
    elif rid not in available():
        raise MahjongError(f"unknown ruleset {rid!r}; installed: {', '.join(sorted(available()))}",
                           place="--ruleset")
    if args.bot not in installed_bots():
        raise MahjongError(unknown_bot(args.bot), place="--bot")
    if args.bot_pace < 0:
        raise MahjongError(f"--bot-pace is in seconds, at least 0; got {args.bot_pace}", place="--bot-pace")
    serve = _server()
    if args.name is not None:
        from mahjong_server.names import name_problem

        problem = name_problem(args.name, installed_bots())
        if problem is not None:
            raise MahjongError(f"--name {args.name!r}: {problem}", place="--name")
    return int(serve.play(rid, Path(args.data), bot=args.bot, length=args.length,
                          open_browser=not args.no_browser, bot_pace_s=args.bot_pace, house_rules=house,
                          records=_records(args.db), as_json=args.json, name=args.name))
