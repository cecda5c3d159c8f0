"""The live protocol's promises to a client written from docs/live-protocol.md alone.

Each test drives a real server process (``python -m mahjong_core serve --port 0``) over real websockets, as a
second client would: a join mid-game sees every event once and in order, each event's view is the table after
that event, the acting seat is not sent its own move later than a spectator, an honest client's answers are
never rate-limited away, an oversized or ambiguous message gets the documented error, one seat has one acting
connection, and the page lists every message the server and its schema know.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
import websockets
from live_server import Server, recv, running

from mahjong_core.log.format import read_log
from mahjong_core.rules import load_ruleset
from mahjong_server.app import Connection, Settings, Tables
from mahjong_server.live import LiveTable, SeatSpec, public_event

ROOT = Path(__file__).resolve().parents[2]


def _key(event: dict[str, Any]) -> tuple[Any, ...]:
    """What identifies an event in a deal's stream, whatever a viewer is shown of its tiles."""
    return (event["type"], event.get("t"), event.get("actor"), event.get("seat"), event.get("phase"),
            event.get("action"), event.get("deal"))


# ---------------------------------------------------------------------- (a) a join mid-game


@pytest.mark.parametrize("delay_s", [0.0, 0.2])
def test_a_client_joining_mid_deal_receives_every_event_exactly_once_and_in_order(tmp_path: Path,
                                                                                   delay_s: float) -> None:
    """The race, made certain: the event loop is held while the engine thread adds events to the history and
    posts their delivery, then a spectator joins before those deliveries run (in the server, the engine thread
    and the loop interleave so about once in twenty joins).  Its history and then its event messages must be the
    deal's events as a spectator knows them, each once, in order; also for a spectator shown the game late."""
    async def go() -> tuple[list[dict[str, Any]], Path]:
        loop = asyncio.get_running_loop()
        tables = Tables(Settings(data=tmp_path, bot_pace_s=0, deal_pause_s=0, spectator_delay_s=delay_s))
        tables.loop = loop
        files = tables.data.new_table()
        files.create({})
        table = LiveTable(files, load_ruleset("mcr"), [SeatSpec("greedy", "greedy")] * 4, "deal", 5)
        tables._register(table)
        table.start(loop, tables.deliver)
        while len(table.deal_events) < 40:  # hold the loop: nothing the engine thread posts is delivered yet
            time.sleep(0.001)
        conn = Connection(ws=None, table=table)  # type: ignore[arg-type]
        conn.queue = asyncio.Queue()
        tables.handle(conn, {"type": "join"}, time.monotonic_ns())
        while table.status in ("starting", "playing"):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1 + 2 * delay_s)  # the last deliveries, the delayed ones included
        sent = []
        while not conn.queue.empty():
            item = conn.queue.get_nowait()
            assert isinstance(item, str)
            sent.append(json.loads(item))
        return sent, files.log_path

    sent, log = asyncio.run(go())
    stream = [e for m in sent if m["type"] == "history" for e in m["events"]]
    assert delay_s or len(stream) >= 20, "the join came after the held events were delivered"
    stream += [m["event"] for m in sent if m["type"] == "event"]
    known = [_key(e) for e in read_log(log).events if public_event(e, None) is not None]
    assert [_key(e) for e in stream] == known


# ---------------------------------------------------------------------- (b) each event's view


def test_each_event_message_shows_the_table_after_its_event(tmp_path: Path) -> None:
    async def go(server: Server) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        created = server.create("mcr", ["human", "greedy", "greedy", "greedy"])
        table, token = created["table"], created["seats"][0]["token"]
        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as seat, \
                websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as watcher:
            await watcher.send(json.dumps({"type": "join"}))
            await seat.send(json.dumps({"type": "join", "token": token}))
            mine: list[dict[str, Any]] = []
            while True:
                m = await recv(seat)
                mine.append(m)
                if m["type"] == "prompt":
                    options = m["options"]
                    index = next((o["index"] for o in options if o["action"] == "pass"), len(options) - 1)
                    await seat.send(json.dumps({"type": "act", "prompt": m["id"], "index": index}))
                if m["type"] == "status" and m["status"] == "finished":
                    break
            theirs = []
            while not theirs or theirs[-1] != {"type": "status", "status": "finished", "error": None}:
                theirs.append(await recv(watcher))
            return mine, theirs

    with running(tmp_path / "data") as server:
        mine, theirs = asyncio.run(go(server))
    for seat_of_view, messages in ((0, mine), (None, theirs)):
        before: dict[str, Any] | None = None
        discards = 0
        for m in messages:
            if m["type"] != "event":
                if m["type"] == "history" and m["view"] is not None:
                    before = m["view"]
                continue
            event, view = m["event"], m["view"]
            if event["type"] == "decision" and event["phase"] == "turn" and event["action"] == "discard":
                assert before is not None
                discards += 1
                actor = event["actor"]
                was, now = before["seats"][actor], view["seats"][actor]
                assert now["discards"] == [*was["discards"], event["tile"]], (seat_of_view, event)
                assert now["concealed_count"] == was["concealed_count"] - 1, (seat_of_view, event)
                assert view["last_discard"] == {"seat": actor, "tile": event["tile"]}
                assert view["tiles_left"] == before["tiles_left"]
                if actor == seat_of_view:
                    gone = list(was["concealed"])
                    gone.remove(event["tile"])
                    assert now["concealed"] == gone
            before = view
        assert discards > 20, seat_of_view


# ---------------------------------------------------------------------- (c) no per-seat delay


def test_the_servers_connections_send_small_messages_at_once() -> None:
    """asyncio sets TCP_NODELAY only on a socket whose protocol says TCP; an accepted connection must have it."""
    import socket

    from mahjong_server.serve import bind

    listener = bind("127.0.0.1", 0)
    client = socket.create_connection(listener.getsockname()[:2])
    accepted, _ = listener.accept()
    try:
        assert accepted.proto == socket.IPPROTO_TCP
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        for s in (accepted, client, listener):
            s.close()


def test_the_acting_seat_sees_its_own_discard_as_soon_as_a_spectator_does(tmp_path: Path) -> None:
    """The seat is sent two messages in a row (``prompt_closed``, then its discard); a spectator only the second."""
    async def go(server: Server) -> list[float]:
        created = server.create("mcr", ["human", "greedy", "greedy", "greedy"])
        table, token = created["table"], created["seats"][0]["token"]
        seen: dict[str, list[float]] = {"seat": [], "spectator": []}

        def own_discard(m: dict[str, Any]) -> bool:
            return m["type"] == "event" and m["event"]["type"] == "decision" and m["event"]["actor"] == 0 \
                and m["event"]["phase"] == "turn"

        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as seat, \
                websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as watcher:
            await watcher.send(json.dumps({"type": "join"}))
            await seat.send(json.dumps({"type": "join", "token": token}))

            async def watch() -> None:
                while True:
                    m = await recv(watcher)
                    if own_discard(m):
                        seen["spectator"].append(time.monotonic())
                    if m["type"] == "status" and m["status"] == "finished":
                        return

            watching = asyncio.create_task(watch())
            while True:
                m = await recv(seat)
                if m["type"] == "prompt":
                    options = m["options"]
                    index = next((o["index"] for o in options if o["action"] == "pass"), len(options) - 1)
                    await seat.send(json.dumps({"type": "act", "prompt": m["id"], "index": index}))
                elif own_discard(m):
                    seen["seat"].append(time.monotonic())
                elif m["type"] == "status" and m["status"] == "finished":
                    break
            await watching
        return sorted((a - b) * 1000 for a, b in zip(seen["seat"], seen["spectator"], strict=True))

    with running(tmp_path / "data") as server:
        # A table's deal may end early (a win in the first turns): tables are played until ten discards are timed.
        lags: list[float] = []
        for _table in range(4):
            lags = sorted(lags + asyncio.run(go(server)))
            if len(lags) >= 10:
                break
    assert len(lags) >= 10
    # With Nagle's algorithm on, the seat's copy waited for a delayed acknowledgement: about 40 ms every time.
    assert lags[len(lags) // 2] < 15, lags


# ---------------------------------------------------------------------- (d) answers are not rate-limited away


def test_an_honest_client_answering_every_prompt_at_once_is_never_rate_limited(tmp_path: Path) -> None:
    """Quick bots (``--bot-pace 0.01``) ask a claim on nearly every discard, faster than 10 messages a second; the
    client answers each prompt the moment it comes and says ``ready`` after each deal, as the page says to."""
    async def go(server: Server, table: str, token: str) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = []
        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            while True:
                m = await recv(ws, 60)
                messages.append(m)
                if m["type"] == "prompt":
                    await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": len(m["options"]) - 1}))
                elif m["type"] == "event" and m["event"]["type"] == "deal_end":
                    await ws.send(json.dumps({"type": "ready"}))
                elif m["type"] == "status" and m["status"] in ("finished", "failed"):
                    return messages

    with running(tmp_path / "data", "--bot-pace", "0.01") as server:
        created = server.create("mcr", ["human", "greedy", "greedy", "greedy"], length="round")
        messages = asyncio.run(go(server, created["table"], created["seats"][0]["token"]))
        log = read_log(server.log(created["table"]))
    assert messages[-1]["status"] == "finished"
    assert [m for m in messages if m["type"] == "error"] == []
    closed = [m for m in messages if m["type"] == "prompt_closed"]
    assert len(closed) > 60 and {m["by"] for m in closed} == {"answer"}
    assert [e for e in log.events if e["type"] == "timeout" and e["seat"] == 0] == []


def test_a_flood_is_still_cut_off_and_extra_answers_to_one_prompt_count(tmp_path: Path) -> None:
    async def go(server: Server, table: str, token: str) -> list[str]:
        errors: list[str] = []
        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            prompt = None
            while prompt is None:
                m = await recv(ws)
                prompt = m if m["type"] == "prompt" else None
            # The same prompt answered with an option that is not there, again and again: only the first few
            # answers are exempt, then the rate limit counts them, and the flood is closed.
            bad = json.dumps({"type": "act", "prompt": prompt["id"], "index": 9999})
            for _ in range(400):
                try:
                    await ws.send(bad)
                except websockets.ConnectionClosed:
                    break
            try:
                while True:
                    m = await recv(ws, 10)
                    if m["type"] == "error":
                        errors.append(m["message"])
            except websockets.ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1008
        return errors

    with running(tmp_path / "data") as server:
        created = server.create("mcr", ["human", "greedy", "greedy", "greedy"])
        errors = asyncio.run(go(server, created["table"], created["seats"][0]["token"]))
    assert any("too many messages" in e for e in errors)
    assert "the connection is closed" in errors[-1]


# ---------------------------------------------------------------------- (e), (f) size and strict decoding


def test_a_large_message_gets_the_documented_error_and_one_over_the_cap_closes(tmp_path: Path) -> None:
    from mahjong_server.protocol import FRAME_CAP_BYTES, MAX_MESSAGE_BYTES

    async def go(server: Server, table: str) -> tuple[list[str], int | None]:
        errors = []
        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None,
                                      max_size=None) as ws:
            for size in (MAX_MESSAGE_BYTES + 1, 20 * 1024, FRAME_CAP_BYTES - 100):
                await ws.send(json.dumps({"type": "join", "name": "x" * size}))
                m = await recv(ws)
                assert m["type"] == "error"
                errors.append(m["message"])
            await ws.send(json.dumps({"type": "ping"}))
            assert (await recv(ws))["type"] == "pong"  # the connection is still open
            await ws.send("x" * (FRAME_CAP_BYTES + 1))
            try:
                await recv(ws)
            except websockets.ConnectionClosed as closed:
                return errors, closed.rcvd.code if closed.rcvd is not None else None
        return errors, None

    with running(tmp_path / "data") as server:
        created = server.create("mcr", ["greedy"] * 4, seed=2)
        errors, code = asyncio.run(go(server, created["table"]))
    assert all(e.startswith("message ") and f"at most {MAX_MESSAGE_BYTES} are read" in e for e in errors), errors
    assert code == 1009


def test_a_message_with_a_duplicate_key_is_refused_naming_the_key(tmp_path: Path) -> None:
    async def go(server: Server, table: str) -> list[dict[str, Any]]:
        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as ws:
            await ws.send('{"type":"ping","type":"join"}')
            first = await recv(ws)
            await ws.send('{"type":"ping"}')
            return [first, await recv(ws)]

    with running(tmp_path / "data") as server:
        created = server.create("mcr", ["greedy"] * 4, seed=2)
        first, second = asyncio.run(go(server, created["table"]))
    assert first["type"] == "error", first  # not a join: no welcome
    assert first["message"].startswith("message 1: ") and "duplicate key 'type'" in first["message"]
    assert second == {"type": "pong"}


# ---------------------------------------------------------------------- (g) one seat, one acting connection


def test_a_newer_connection_takes_the_seat_and_the_older_is_told_and_closed(tmp_path: Path) -> None:
    async def go(server: Server, table: str, token: str) -> tuple[list[dict[str, Any]], int | None, list[str]]:
        url = f"{server.ws_url}/ws/{table}"
        async with websockets.connect(url, max_queue=None) as older, websockets.connect(url, max_queue=None) as newer:
            await older.send(json.dumps({"type": "join", "token": token}))
            prompt = None
            while prompt is None:
                m = await recv(older)
                prompt = m if m["type"] == "prompt" else None
            await newer.send(json.dumps({"type": "join", "token": token}))
            told: list[dict[str, Any]] = []
            code = None
            try:
                while True:
                    told.append(await recv(older))
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
            # The newer connection is sent the open prompt and answers it; the older could not.
            errors = []
            while True:
                m = await recv(newer)
                if m["type"] == "prompt" and m["id"] == prompt["id"]:
                    await newer.send(json.dumps({"type": "act", "prompt": m["id"], "index": 0}))
                if m["type"] == "prompt_closed" and m["id"] == prompt["id"]:
                    assert m["by"] == "answer"
                    break
                if m["type"] == "error":
                    errors.append(m["message"])
            return told, code, errors

    with running(tmp_path / "data") as server:
        created = server.create("mcr", ["human", "greedy", "greedy", "greedy"])
        told, code, errors = asyncio.run(go(server, created["table"], created["seats"][0]["token"]))
    assert told[-1]["type"] == "error" and "newer connection" in told[-1]["message"], told
    assert code == 4000
    assert errors == []


# ---------------------------------------------------------------------- (h) serve --json


def test_serve_json_prints_one_json_object(tmp_path: Path) -> None:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "mahjong_core", "serve", "--port", "0", "--json", "--data",
                             str(tmp_path / "data")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        answer = json.loads(proc.stdout.readline())
        assert set(answer) == {"serving", "host", "port", "data"}
        assert answer["serving"] == f"http://{answer['host']}:{answer['port']}" and answer["port"] > 0
        assert answer["data"] == str(tmp_path / "data")
        import urllib.request

        with urllib.request.urlopen(answer["serving"] + "/api/tables", timeout=10) as response:
            assert json.loads(response.read()) == {"tables": []}
    finally:
        proc.terminate()
        proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()


# ---------------------------------------------------------------------- 11. the page cannot drift


def _section(page: str, heading: str) -> str:
    start = page.index(heading)
    following = [page.find(h, start + len(heading)) for h in ("\n## ", "\n### ")]
    ends = [i for i in following if i != -1]
    return page[start:min(ends) if ends else len(page)]


def test_the_protocol_page_describes_every_message_field_limit_and_close_code(tmp_path: Path) -> None:
    """Every message type the server's code sends and its schema accepts, every field of the messages and of the
    view, every limit and every close code appear in docs/live-protocol.md, so a client can be written from it."""
    import re

    from mahjong_core.engine.game import Game
    from mahjong_core.engine.players import make_bots
    from mahjong_core.log.redaction import full_table_view
    from mahjong_server import app, protocol
    from mahjong_server.seats import Prompt

    page = (ROOT / "docs" / "live-protocol.md").read_text(encoding="utf-8")
    server_sent = set()
    for name in ("app.py", "live.py", "seats.py"):
        server_sent |= set(re.findall(r'"type": "(\w+)"', (ROOT / "mahjong_server" / name).read_text("utf-8")))
    assert {"welcome", "history", "event", "prompt", "error", "pong"} <= server_sent
    client = {d["properties"]["type"]["const"] for d in protocol.schema("client-message")["$defs"].values()
              if "type" in d.get("properties", {}) and "const" in d["properties"]["type"]}
    assert client == {"join", "act", "ready", "ping"}
    client_rows = _section(page, "### Client messages")
    server_rows = _section(page, "### Server messages")
    for kind in client:
        assert f"| `{kind}` |" in client_rows, kind
    for kind in server_sent:
        assert f"| `{kind}` |" in server_rows, kind
    # The fields of what the server sends: the table a welcome describes, a prompt, and the view.
    files = app.DataDir(tmp_path).new_table()
    files.create({})
    table = LiveTable(files, load_ruleset("mcr"), [SeatSpec("greedy", "greedy")] * 4, "deal", 5)
    prompt = table.prompt_message(Prompt(1, 0, "turn", [], 10000, time.monotonic_ns()))
    views: list[dict[str, Any]] = []
    game = Game(load_ruleset("mcr"), make_bots(["greedy"] * 4, 5), 5, max_deals=1,
                emit=lambda event: views.append(full_table_view(game.table)))
    game.play()
    seat_keys = {k for v in views for s in v["seats"] for k in s}
    meld_keys = {k for v in views for s in v["seats"] for m in s["melds"] for k in m}
    assert meld_keys, "no meld was made: pick another seed"
    view_section = _section(page, "### The view")
    for key in {k for v in views for k in v} | seat_keys | meld_keys:
        assert f"`{key}`" in view_section, key
    for key in (set(table.public_info()) | set(prompt)) - {"type"}:
        assert f"`{key}`" in server_rows, key
    # The limits and the close codes, as the code sets them.
    limits = _section(page, "### Limits")
    assert f"over {protocol.MAX_MESSAGE_BYTES} bytes" in limits and f"at most {protocol.MAX_MESSAGE_BYTES}" in limits
    assert protocol.FRAME_CAP_BYTES == 1024 * 1024 and "over 1 MiB" in limits
    assert f"{protocol.RATE_PER_SECOND:g} messages a second" in limits and f"bursts of {protocol.RATE_BURST}" in limits
    assert f"after {protocol.FLOOD_CLOSE_AFTER} refused" in limits
    assert f"the first {protocol.ANSWERS_PER_PROMPT} answers to one prompt" in limits
    closes = _section(page, "### Joining, reconnecting and closes")
    for code in (app.CLOSE_POLICY, 1009, app.CLOSE_REPLACED):
        assert f"| {code} |" in closes, code
    assert f"({app.SEND_QUEUE} waiting)" in closes
    # A reference to an API object the reference does not document fails the docs' build: none is silenced
    # wholesale (the page's links to mahjong_core.log.redaction led nowhere while every py: reference was).
    conf = (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    assert "nitpick_ignore_regex" not in conf and "mahjong_core.log.redaction" not in conf


def test_an_answer_naming_a_red_five_it_cannot_give_up_is_refused_and_the_prompt_stays_open(tmp_path: Path) -> None:
    """``act`` with ``marked`` (the person clicked a red five): a copy that is not among the tiles the option gives
    up, or that the hand does not hold, is answered with an ``error``; the prompt stays open for a right answer."""
    async def go(server: Server, table: str, token: str) -> tuple[list[str], dict[str, Any]]:
        errors: list[str] = []

        async def refused(ws: Any) -> str:
            while True:
                reply = await recv(ws, 30)
                assert reply["type"] != "prompt_closed", "a red five the option cannot give up was accepted"
                if reply["type"] == "error":
                    return str(reply["message"])

        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            while True:
                m = await recv(ws, 60)
                if m["type"] == "prompt" and m["phase"] == "turn":
                    option = next(o for o in m["options"] if o["action"] == "discard")
                    other = next(k for k in ("5m", "5p", "5s") if k != option["tile"])
                    held = m["view"]["seats"][0]["concealed"]
                    missing = next((k for k in ("5m", "5p", "5s") if "0" + k[1] not in held), None)
                    await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": option["index"],
                                              "marked": [other]}))
                    errors.append(await refused(ws))
                    five = next((o for o in m["options"] if o["action"] == "discard" and o["tile"] == missing), None)
                    if five is not None:  # a five whose red copy the hand lacks
                        await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": five["index"],
                                                  "marked": [missing]}))
                        errors.append(await refused(ws))
                    await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": option["index"]}))
                    while True:
                        closed = await recv(ws, 30)
                        if closed["type"] == "prompt_closed":
                            return errors, closed

    with running(tmp_path / "data") as server:
        created = server.create("riichi_tenhou", ["human", "greedy", "greedy", "greedy"], length="round")
        errors, closed = asyncio.run(go(server, created["table"], created["seats"][0]["token"]))
    assert "which is not among the tiles it gives up" in errors[0] and "Choose again" in errors[0]
    assert all("which the hand does not hold" in e for e in errors[1:])
    assert closed["by"] == "answer"
