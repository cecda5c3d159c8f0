"""The server's games list and replay viewer: every log in its data folder, finished or in progress.

``/games`` lists them (``/api/games``), ``/replay/<id>`` opens one in the
viewer, which reads ``/api/games/<id>``: a finished game's whole log with its
audit verdict, every hand open; an unfinished one's finished deals only, as a
spectator sees them (:func:`~mahjong_server.replay_page.game_in_progress`), so
the players of that table learn nothing from it that the table does not show
them.  ``POST /api/audit`` audits a log chosen in the page and returns the
verdict.  The audits run off the event loop, so a long log does not hold up the
tables in play; a finished game's verdict is kept while its file is unchanged.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from mahjong_core import MAX_LOG_BYTES

from .replay_page import audit_bytes, finished_game, game_in_progress, imported_comparison, log_text_cards
from .store import DataDir, TableFiles

_TABLE_ID = re.compile(r"[0-9a-f]{12}")
#: Audits of chosen files run at most this many at a time (each is CPU work of up to a few seconds).
_AUDITS = asyncio.Semaphore(2)
#: Finished games' viewer data, by table id, with the log's size and modification time it was built for.
_cache: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}


def _whole_lines(files: TableFiles) -> list[str]:
    """The log's whole lines, read without touching the file (a table may be writing its next line now; the
    store's own reader, which cuts a broken last line off, is for a table about to resume)."""
    with open(files.log_path, "rb") as f:
        data = f.read(MAX_LOG_BYTES + 1)[:MAX_LOG_BYTES]
    return data[: data.rfind(b"\n") + 1].decode("utf-8", errors="replace").split("\n")[:-1]


def _summary(files: TableFiles, live_status: str | None) -> dict[str, Any]:
    """One row of the games list: who played what, how far the game has gone."""
    lines = _whole_lines(files)
    header: dict[str, Any] = {}
    if lines:
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = {}
    finished = bool(lines) and '"type":"game_end"' in lines[-1]
    deals = sum(1 for line in lines if '"type":"deal_end"' in line)
    ruleset = header.get("ruleset", {}) if isinstance(header.get("ruleset"), dict) else {}
    seats = header.get("seats", []) if isinstance(header.get("seats"), list) else []
    return {"id": files.id, "finished": finished, "status": "finished" if finished else (live_status or "stopped"),
            "ruleset": ruleset.get("id"), "seats": [s.get("name") for s in seats if isinstance(s, dict)],
            "deals": deals, "events": max(0, len(lines) - 1), "url": f"/replay/{files.id}"}


def _data(request: Request) -> DataDir:
    data: DataDir = request.app.state.tables.data
    return data


def _live_status(request: Request, table_id: str) -> str | None:
    table = request.app.state.tables.tables.get(table_id)
    return None if table is None else str(table.status)


def _static() -> Path:
    from .app import _static as static

    return static()


async def games_page(request: Request) -> Response:
    return FileResponse(_static() / "games.html")


async def replay_page(request: Request) -> Response:
    return FileResponse(_static() / "viewer.html")


async def api_games(request: Request) -> Response:
    rows = [_summary(files, _live_status(request, files.id)) for files in reversed(_data(request).existing())]
    return JSONResponse({"games": rows})


async def api_game(request: Request) -> Response:
    table_id = request.path_params["table_id"]
    files = TableFiles(_data(request).tables / table_id) if _TABLE_ID.fullmatch(table_id) else None
    if files is None or not files.log_path.exists():
        return JSONResponse({"error": f"no game {table_id!r} on this server"}, status_code=404)
    lines = _whole_lines(files)
    if not (lines and '"type":"game_end"' in lines[-1]):
        return JSONResponse(game_in_progress(lines, f"table {table_id}"))
    stat = files.log_path.stat()
    key = (stat.st_size, stat.st_mtime_ns)
    cached = _cache.get(table_id)
    if cached is None or cached[0] != key:
        data = await asyncio.get_running_loop().run_in_executor(None, finished_game, files.log_path,
                                                                f"table {table_id}")
        _cache[table_id] = cached = (key, data)
    return JSONResponse(cached[1])


async def api_audit(request: Request) -> Response:
    """Audit the log in the request body (a file chosen in the viewer); at most the reader's 4 MiB."""
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_LOG_BYTES:
            return JSONResponse({"error": f"the log is larger than {MAX_LOG_BYTES:,} bytes; at most that is read"},
                                status_code=413)
    name = request.query_params.get("name") or "the chosen file"
    async with _AUDITS:
        verdict = await asyncio.get_running_loop().run_in_executor(None, audit_bytes, bytes(body), name[:200])
        text = bytes(body).decode("utf-8", errors="replace")
        cards = await asyncio.get_running_loop().run_in_executor(None, log_text_cards, text)
        imported = await asyncio.get_running_loop().run_in_executor(None, imported_comparison, text)
    return JSONResponse({**verdict, "cards": cards, "imported": imported})
