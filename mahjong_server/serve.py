"""Run the server: ``mahjong serve`` and ``mahjong play`` (a local server with a table against three bots).

The listening socket is bound here, before uvicorn starts, so that
``--port 0`` asks the system for a free port and the line printed says which
one was given (tests and ``mahjong play`` read it).
"""

from __future__ import annotations

import gc
import json
import shlex
import socket
import sys
import threading
import urllib.request
import webbrowser
from pathlib import Path

import uvicorn

from mahjong_core import Ruleset, Signer

from .app import Settings, create_app
from .protocol import FRAME_CAP_BYTES
from .records import GameRecords

#: The largest websocket message uvicorn accepts (larger closes the connection, code 1009); the protocol's own
#: limit (4 KiB), checked on top, is answered with an error message, as docs/live-protocol.md promises.
WS_MAX_BYTES = FRAME_CAP_BYTES


#: The cyclic garbage collector's thresholds in a server process.  What the tables make as they play (events,
#: views, messages) is acyclic and freed by reference counting; with the default thresholds the collector's
#: passes over every table's state were most of the 99th percentile of the time from a decision to its broadcast
#: (benchmarks/bench_server.py, 500 tables: p99 215 ms with the defaults, 11 ms with these).
GC_THRESHOLDS = (50_000, 50, 1000)


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, made so that each connection it accepts sends small messages at once.

    Its protocol is named (``IPPROTO_TCP``), not left 0: asyncio turns Nagle's algorithm off (``TCP_NODELAY``)
    only on sockets that say they are TCP, and with it on, a seat sent two messages in a row (``prompt_closed``,
    then the event of its own move) waited for the client's delayed acknowledgement, about 40 ms, to get the
    second.  ``TCP_NODELAY`` is also set on the listener, which the accepted sockets inherit.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(host: str, port: int, data: Path, *, allowed_origins: tuple[str, ...] = (), bot_pace_s: float = 0.8,
          deal_pause_s: float = 30.0, stamp_events: bool = False, spectator_delay_s: float = 0.0,
          signer: Signer | None = None, announce: bool = True, house_rules: tuple[Ruleset, ...] = (),
          records: GameRecords | None = None, as_json: bool = False, programs: dict[str, str] | None = None) -> int:
    """Serve until interrupted; print ``serving on http://HOST:PORT`` once the socket is bound.

    :param programs: the external programs offered as seats, by the seat kind naming each (``--program``).

    :param as_json: print that line as one JSON object instead (``--json``): ``{"serving": URL, "host": HOST,
        "port": PORT, "data": DIR}``, so a script that starts the server reads the port it was given as it
        reads every other command's answer.
    """
    sock = bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    settings = Settings(data=data, allowed_origins=allowed_origins, bot_pace_s=bot_pace_s, deal_pause_s=deal_pause_s,
                        stamp_events=stamp_events, spectator_delay_s=spectator_delay_s, signer=signer,
                        house_rules={r.id: r for r in house_rules}, records=records, programs=dict(programs or {}))
    config = uvicorn.Config(create_app(settings), log_level="warning", ws_max_size=WS_MAX_BYTES, ws="websockets-sansio",
                            lifespan="on", timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    gc.set_threshold(*GC_THRESHOLDS)
    if announce:
        url = f"http://{bound_host}:{bound_port}"
        if as_json:
            print(json.dumps({"serving": url, "host": bound_host, "port": bound_port, "data": str(data)}), flush=True)
        else:
            print(f"serving on {url} (data in {data})", flush=True)
    server.run(sockets=[sock])
    return 0


def play(ruleset: str, data: Path, *, bot: str = "greedy", length: str = "game", open_browser: bool = True,
         bot_pace_s: float = 0.8, house_rules: tuple[Ruleset, ...] = (), records: GameRecords | None = None,
         as_json: bool = False, name: str | None = None, programs: dict[str, str] | None = None) -> int:
    """Start a local server, open a table with one person and three bots, and open its page in the browser.

    :param name: the person's name (checked by the caller: :func:`mahjong_server.names.name_problem`); without
        one the server names them a guest of this table, so that nobody's games merge with another's in the
        records (which know a player by name only).

    :param records: the games database the game is recorded in once it is finished (``--db``), or ``None``.
    :param programs: the external program ``bot`` names, where it names one (``--bot mjai:COMMAND``): each bot
        seat starts its own.
    :param as_json: print the table's address as one JSON object (``--json``): ``{"table": URL, "serving": URL,
        "data": DIR}``.
    """
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    settings = Settings(data=data, bot_pace_s=bot_pace_s, house_rules={r.id: r for r in house_rules},
                        records=records, programs=dict(programs or {}))
    config = uvicorn.Config(create_app(settings), log_level="warning", ws_max_size=WS_MAX_BYTES, ws="websockets-sansio")
    server = uvicorn.Server(config)
    gc.set_threshold(*GC_THRESHOLDS)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    while not server.started:
        thread.join(0.05)
        if not thread.is_alive():
            print("the server did not start", file=sys.stderr)
            return 1
    from mahjong_core import load_ruleset

    players = int((settings.house_rules.get(ruleset) or load_ruleset(ruleset)).param("players"))
    # Against the computer the person sits North, East being the player to their right (000 line 309).
    person = {"kind": "human", **({"name": name} if name is not None else {})}
    body = json.dumps({"ruleset": ruleset, "length": length,
                       "seats": [{"kind": bot}] * (players - 1) + [person]}).encode()
    request = urllib.request.Request(f"{base}/api/tables", data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            created = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        print(f"mahjong play: {json.loads(exc.read()).get('error')}", file=sys.stderr)
        server.should_exit = True
        return 2
    url = base + created["seats"][0]["url"]
    seated = created["seats"][0]["name"]
    if as_json:
        print(json.dumps({"table": url, "serving": base, "data": str(data), "name": seated}), flush=True)
    else:
        hint = "" if name is not None else "; --name NAME records your games under your own name"
        offered = "".join(f" --program {shlex.quote(f'{k}={v}')}" for k, v in (programs or {}).items())
        print(f"your table: {url}\n(you play as {seated}{hint}; serving on {base}; Ctrl-C to stop; the game "
              f"resumes with mahjong serve --data {data}{offered})", flush=True)
    if open_browser:
        webbrowser.open(url)
    try:
        while thread.is_alive():
            thread.join(0.5)
    except KeyboardInterrupt:
        server.should_exit = True
        thread.join(5)
    return 0
