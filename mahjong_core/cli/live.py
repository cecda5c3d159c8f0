"""What ``mahjong serve`` and ``mahjong play`` share: the server package, and the house rules a table offers.

The server is imported only when one of these commands runs, so no other
command pays for Starlette and uvicorn, and an installation without the
``serve`` extra says what to install instead of failing on an import.
"""

from __future__ import annotations

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
