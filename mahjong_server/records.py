"""The server's hook into a games database (``mahjong serve --db URL``): what it needs of one, and its route.

The server does not depend on the database package: it is handed an object
that can record a finished table's log and answer the lobby's standings
(:class:`mahjong_records.server.Recorder`), or nothing, and then records
nothing.  Every finished game is recorded: a table when its game ends, and at
start-up every table that finished while the server was down (recording is
keyed by the log's SHA-256, so a game already recorded is recorded once).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from mahjong_core import MahjongError

log = logging.getLogger("mahjong_server")


class GameRecords(Protocol):
    """A games database as the server uses it."""

    def record(self, path: Path) -> Any:
        """Audit and record the finished game whose log is at ``path`` (never raises for a bad log)."""

    def standings(self, ruleset: str | None) -> dict[str, Any]:
        """The recorded rulesets and, for ``ruleset``, its standings, as JSON."""


def record_finished(records: GameRecords, path: Path) -> None:
    """Record one finished table's log; a failure is logged, and the table is not affected."""
    try:
        records.record(path)
    except MahjongError as exc:
        log.error("the game's log %s is not recorded: %s", path, exc)
    except Exception:  # the database must never take a table or the server down
        log.exception("the game's log %s is not recorded", path)


def catch_up(records: GameRecords, logs: Iterable[Path]) -> threading.Thread:
    """Record, on a thread of its own, the finished tables' logs found at start-up (those recorded are skipped)."""
    paths = list(logs)

    def run() -> None:
        for path in paths:
            record_finished(records, path)

    thread = threading.Thread(target=run, name="records-catch-up", daemon=True)
    thread.start()
    return thread


async def api_standings(request: Request) -> Response:
    """``GET /api/standings[?ruleset=ID]``: ``{"enabled": false}`` on a server started without ``--db``."""
    records: GameRecords | None = request.app.state.settings.records
    if records is None:
        return JSONResponse({"enabled": False})
    ruleset = request.query_params.get("ruleset") or None
    try:
        return JSONResponse(await run_in_threadpool(records.standings, ruleset))
    except MahjongError as exc:
        return JSONResponse({"error": exc.message}, status_code=400 if exc.place == "--ruleset" else 503)
