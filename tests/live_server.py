"""Helpers for the live server's tests: a real server process on an ephemeral loopback port, and a client.

The server is ``python -m mahjong_core serve --port 0``, started and stopped
by the test; the port it was given is read from the line it prints.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import websockets

ARTIFACTS = Path(__file__).parent / "artifacts"


class Server:
    def __init__(self, data: Path, *extra: str):
        self.data = data
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mahjong_core", "serve", "--port", "0", "--data", str(data), "--bot-pace", "0",
             "--deal-pause", "0", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line.startswith("serving on "):
            self.proc.kill()
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise RuntimeError(f"the server did not start: {line!r} {err}")
        self.url = line.split()[2]
        self.ws_url = self.url.replace("http://", "ws://")

    def create(self, ruleset: str, seats: list[str], length: str = "deal", seed: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"ruleset": ruleset, "length": length, "seats": [{"kind": k} for k in seats]}
        if seed is not None:
            body["seed"] = seed
        return self.post("/api/tables", body)

    def post(self, path: str, body: Any, raw: bytes | None = None) -> Any:
        data = raw if raw is not None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return {"status": exc.code, **json.loads(exc.read())}

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def log(self, table: str) -> Path:
        return self.data / "tables" / table / "game.jsonl"

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


@contextmanager
def running(data: Path, *extra: str) -> Iterator[Server]:
    server = Server(data, *extra)
    try:
        yield server
    finally:
        server.stop()


async def recv(ws: Any, timeout: float = 20) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return message


async def play_seat(url: str, table: str, token: str | None, *, choose: Any = None, until: str = "finished",
                    stop_after: int | None = None) -> list[dict[str, Any]]:
    """Join and answer every prompt with ``choose(prompt) -> index`` (default: the last option, a pass or a
    discard) until the table's status is ``until``; return every message received."""
    messages: list[dict[str, Any]] = []
    answered: set[int] = set()
    async with websockets.connect(f"{url}/ws/{table}", max_queue=None) as ws:
        await ws.send(json.dumps({"type": "join", "token": token} if token else {"type": "join"}))
        while True:
            m = await recv(ws)
            messages.append(m)
            if m["type"] == "prompt" and m["id"] not in answered:
                answered.add(m["id"])
                if stop_after is not None and len(answered) > stop_after:
                    return messages
                index = choose(m) if choose else len(m["options"]) - 1
                if index is not None:
                    await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": index}))
            if m["type"] == "status" and m["status"] in (until, "failed"):
                return messages
            if m["type"] == "welcome" and m["table"]["status"] in ("finished", "failed"):
                return messages


def kill_mid_deal(data: Path, ruleset: str, seats: list[str], *extra: str, choose: Any = None,
                  stop_after: int = 6, attempts: int = 8) -> tuple[Path, str, str, bytes]:
    """Start a server, make a table, play seat 0 (a person) for ``stop_after`` moves, then SIGKILL the server.

    Return the data folder, the table, seat 0's token and the log's bytes at the kill.  A table where a person
    sits deals from a secret seed, so now and then its one deal ends within those first moves (an early win) and
    nothing is left to resume; such a table is set aside and a new server and table are taken, up to ``attempts``.
    """
    for attempt in range(attempts):
        folder = data.with_name(f"{data.name}-{attempt}")
        server = Server(folder, *extra)
        try:
            created = server.create(ruleset, seats)
            table, token = created["table"], created["seats"][0]["token"]
            asyncio.run(play_seat(server.ws_url, table, token, choose=choose, stop_after=stop_after))
            before = server.log(table).read_bytes()
            server.kill()  # SIGKILL: no shutdown of any kind
        finally:
            server.stop()
        if b'"type":"game_end"' not in before:
            return folder, table, token, before
    raise AssertionError(f"all {attempts} tables' deals ended within the person's first {stop_after} moves")


def env_without_display() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "DISPLAY"}
