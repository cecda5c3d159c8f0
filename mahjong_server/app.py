"""The web application: pages, a small JSON API to open tables, and one websocket per seat or spectator.

Starlette on uvicorn: a small, typed ASGI toolkit whose websocket, static
files and lifespan support are all this server needs, served by the most used
ASGI server.  The application holds a :class:`Tables` registry; at start-up it
resumes every table whose log is unfinished, and at shut-down it stops every
engine thread, leaving each log as written, to be resumed by the next start.

Protocol (documented in ``docs/live-protocol.md``): the client sends ``join``
(with a seat token; with a table's invitation and the token to hold a seat by;
or with neither, to watch), then ``act`` answers to prompts, ``ready`` after a
deal's scoring, and ``ping``; the server sends ``welcome``, ``history``,
``event``, ``turn``, ``prompt``, ``prompt_closed``, ``status``, ``seats``,
``error`` and ``pong``, and closes with 1008 (policy), 1009 (a message over
the frame cap) or 4000 (a newer connection took the seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shutil
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from mahjong_core import (
    MahjongError,
    Ruleset,
    Signer,
    available,
    installed_bots,
    load_ruleset,
    load_ruleset_text,
    redact_table_view,
    secret_seed,
)

from .games_api import api_audit, api_game, api_games, games_page, replay_page
from .live import HUMAN, LENGTHS, LiveTable, SeatSpec, Viewer, event_message
from .names import guest_name, name_problem
from .protocol import (
    ANSWERS_PER_PROMPT,
    FLOOD_CLOSE_AFTER,
    ProtocolError,
    RateLimiter,
    check_schema,
    marked_kinds,
    option_index,
    parse_client_message,
    schema,
)
from .records import GameRecords, api_standings, catch_up, record_finished
from .seats import Prompt
from .sheets_api import api_check, api_fields, api_save, scores_page
from .store import DataDir, TableFiles, new_token, token_hash

log = logging.getLogger("mahjong_server")

#: Messages waiting to be sent to one connection before it is dropped as too slow to follow the table.
SEND_QUEUE = 2000
#: Tables one server process keeps open at once.
MAX_TABLES = 2000
MAX_REQUEST_BYTES = 4096
#: Shortest token a person seated by arrival may choose for their seat: 32 random bytes in URL-safe base64.
MIN_CHOSEN_TOKEN = 43
#: Close code of a connection whose seat a newer connection took (4000-4999 are the application's own codes).
CLOSE_REPLACED = 4000
#: Close code of a connection cut off for its own conduct (a flood, a client that does not read): policy violation.
CLOSE_POLICY = 1008


@dataclass
class Settings:
    """How the server was started: where its data lives, which origins may open websockets, and pacing."""

    data: Path
    allowed_origins: tuple[str, ...] = ()
    bot_pace_s: float = 0.8
    deal_pause_s: float = 30.0
    #: Stamp each event message with its emission's monotonic time (``mono_ns``): the capacity benchmark's clock.
    stamp_events: bool = False
    #: Seconds by which spectators see the game late (0: live); seats always see it live.
    spectator_delay_s: float = 0.0
    #: Signs every table's log (each checkpoint's chain), as ``mahjong simulate --sign`` does.
    signer: Signer | None = None
    #: House-rule rulesets the operator offers (``--house-rule FILE``), by id; a client names them by id only.
    house_rules: dict[str, Ruleset] = field(default_factory=dict)
    #: The games database every finished game is recorded in (``--db``), or ``None``.
    records: GameRecords | None = None
    #: External programs the operator offers as seats (``--program NAME=mjai:COMMAND``): the seat kind that names
    #: each, and the ``NAME:ARGUMENT`` bot that plays it.  Only the operator says which commands run.
    programs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Close:
    """The end of a connection's outgoing queue: close with ``code`` and ``reason``."""

    reason: str
    code: int = CLOSE_POLICY


@dataclass(eq=False)
class Connection:
    """One websocket: who it is (a seat, a spectator, or nobody yet) and its outgoing queue."""

    ws: WebSocket
    table: LiveTable | None = None
    seat: Viewer = None
    joined: bool = False
    received: int = 0
    #: The number (``seq``) of the last event its history covered: an event delivered later with a number up to
    #: this one was in that history (or is already scheduled for a delayed spectator) and is not sent again.
    history_upto: int = 0
    #: A newer connection took this one's seat: it may no longer act, and is being closed.
    replaced: bool = False
    #: The open prompt this connection last answered, and how many answers to it were exempt from the rate limit.
    answered: tuple[int, int] = (0, 0)
    #: Prompts already sent to this connection (a prompt open when it joins is sent at once, and may be
    #: posted again by the engine thread just after).
    prompts_sent: set[int] = field(default_factory=set)
    #: Outgoing texts; a :class:`Close` ends the sender after what was queued before it.
    queue: asyncio.Queue[str | Close] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "prompt":
            if message["id"] in self.prompts_sent:
                return
            self.prompts_sent.add(message["id"])
        try:
            self.queue.put_nowait(json.dumps(message, separators=(",", ":"), ensure_ascii=False))
        except asyncio.QueueFull:  # a client that does not read: cut it off rather than hold the table's memory
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(Close("too slow: messages were not read"))

    def close(self, reason: str, code: int = CLOSE_POLICY) -> None:
        """Close after the messages already queued (the last of them says why)."""
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(Close(reason, code))


class Tables:
    """Every live table of this process, by id, and who watches each."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.data = DataDir(settings.data)
        self.tables: dict[str, LiveTable] = {}
        self.watchers: dict[str, set[Connection]] = {}
        #: The one connection acting for each (table, seat): a seat's newest connection.
        self.holders: dict[tuple[str, int], Connection] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------------ life

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Resume every table whose log has no game end; a table that cannot be resumed is listed as failed."""
        self.loop = loop
        finished = []
        for files in self.data.existing():
            if files.finished():
                finished.append(files.log_path)
                continue
            try:
                table = LiveTable.from_log(files, bot_pace_s=self.settings.bot_pace_s,
                                           deal_pause_s=self.settings.deal_pause_s, stamp=self.settings.stamp_events,
                                           signer=self.settings.signer, on_finished=self._on_finished,
                                           programs=self.settings.programs)
            except MahjongError as exc:
                log.error("table %s cannot be resumed: %s", files.id, exc)
                continue
            self._add(table)
        for files in self.data.waiting():
            try:
                self._register(self._waiting_table(files))
            except MahjongError as exc:
                log.error("table %s cannot wait for its people again: %s", files.id, exc)
        if self.settings.records is not None and finished:
            catch_up(self.settings.records, finished)

    def _on_finished(self, table: LiveTable) -> None:
        """A table's game has ended (on its engine thread): record it when the server keeps a games database."""
        if self.settings.records is not None:
            record_finished(self.settings.records, table.files.log_path)

    def stop(self) -> None:
        for table in self.tables.values():
            table.stop()

    def _add(self, table: LiveTable) -> None:
        self._register(table)
        self._begin(table)

    def _register(self, table: LiveTable) -> None:
        """List the table (so people can join and watch it) without starting its game."""
        self.tables[table.id] = table
        self.watchers[table.id] = set()

    def _begin(self, table: LiveTable) -> None:
        assert self.loop is not None
        table.start(self.loop, self.deliver)

    def _waiting_table(self, files: TableFiles) -> LiveTable:
        """A table still waiting for people, as its seats file describes it, with those already seated."""
        pending = files.pending()
        assert pending is not None
        rid, text = pending["ruleset"], pending.get("ruleset_text")
        ruleset = (load_ruleset_text(text, f"{files.seats_path} (the ruleset it keeps)") if text is not None
                   else load_ruleset(rid))
        names = files.names()
        specs = [SeatSpec(kind, names.get(n, "")) if kind == HUMAN else SeatSpec(kind, kind)
                 for n, kind in enumerate(pending["kinds"])]
        unseated = [n for n, kind in enumerate(pending["kinds"]) if kind == HUMAN and n not in names]
        return self._table(files, ruleset, specs, pending["length"], pending["seed"], unseated)

    def _table(self, files: TableFiles, ruleset: Ruleset, specs: list[SeatSpec], length: str, seed: int | str,
               unseated: list[int]) -> LiveTable:
        return LiveTable(files, ruleset, specs, length, seed, bot_pace_s=self.settings.bot_pace_s,
                         deal_pause_s=self.settings.deal_pause_s, stamp=self.settings.stamp_events,
                         signer=self.settings.signer, on_finished=self._on_finished, unseated=unseated,
                         programs=self.settings.programs)

    def create(self, request: dict[str, Any]) -> dict[str, Any]:
        """Open a table from a checked request; return its id and a token for each person's seat."""
        check_schema("table-request", request)
        rid = request["ruleset"]
        house = self.settings.house_rules
        if rid not in available() and rid not in house:
            raise ProtocolError(f"$.ruleset: {rid!r} is not a ruleset this server offers; it offers: "
                                + ", ".join(sorted([*available(), *house])))
        ruleset = house[rid] if rid in house else load_ruleset(rid)
        players = int(ruleset.param("players"))
        seats = request["seats"]
        if len(seats) != players:
            raise ProtocolError(f"$.seats: {rid} is played by {players} players; {len(seats)} seats given")
        bots = installed_bots()
        programs = self.settings.programs
        arrival = request.get("seating", "fixed") == "arrival"
        files = self.data.new_table()  # its id names the guests (its folder is made only once the request is good)
        specs = []
        named: dict[str, int] = {}
        for n, seat in enumerate(seats):
            kind = seat["kind"]
            if kind != HUMAN and kind not in bots and kind not in programs:
                offered = f"; programs this server offers: {', '.join(programs)}" if programs else ""
                raise ProtocolError(f"$.seats[{n}].kind: {kind!r} is neither 'human', an installed bot nor a program "
                                    f"this server offers; installed bots: {', '.join(bots)}{offered}")
            if "name" in seat and kind != HUMAN:
                raise ProtocolError(f"$.seats[{n}].name: a bot's seat is named by the bot ({kind!r}); only a "
                                    "person's seat takes a name")
            if arrival and kind == HUMAN and "name" in seat:
                raise ProtocolError(f"$.seats[{n}].name: at a table that seats people as they arrive, each "
                                    "person gives a name on sitting down (join's name), not the table's opener")
            name = seat.get("name")
            if name is not None:
                problem = name_problem(name, bots)
                if problem is not None:
                    raise ProtocolError(f"$.seats[{n}].name: {problem}")
                if name in named:
                    raise ProtocolError(f"$.seats[{n}].name: {name!r} is seat {named[name]}'s name too; a name "
                                        "stands for one person, who sits at one seat")
                named[name] = n
            specs.append(SeatSpec(kind, name or (guest_name(files.id, n) if kind == HUMAN else kind)))
        people = [n for n, spec in enumerate(specs) if spec.kind == HUMAN]
        if arrival and not people:
            raise ProtocolError("$.seating: 'arrival' seats people as they arrive, and these seats are all bots")
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError(f"this server keeps at most {MAX_TABLES} tables open")
        length = request.get("length", "game")
        seed = self._seed(request, people)
        running = {n: spec.kind for n, spec in enumerate(specs) if spec.kind in programs and spec.kind != HUMAN}
        watch = f"/table/{files.id}"
        if arrival:
            invite = new_token()
            files.create({}, invite_hash=token_hash(invite), pending={
                "ruleset": rid, "ruleset_text": ruleset.text if rid in house else None,
                "kinds": [spec.kind for spec in specs], "length": length, "seed": seed}, programs=running)
            try:
                table = self._opened(files, ruleset, specs, length, seed, people)
            except ProtocolError:
                shutil.rmtree(files.folder, ignore_errors=True)  # no table: a restarted server must not wait for it
                raise
            self._register(table)
            return {"table": files.id, "seating": "arrival", "invite": invite, "url": f"{watch}#invite={invite}",
                    "seats": [], "watch": watch}
        tokens = {n: new_token() for n in people}
        table = self._opened(files, ruleset, specs, length, seed, [])
        files.create({n: token_hash(t) for n, t in tokens.items()}, programs=running)
        self._add(table)
        return {"table": files.id, "seating": "fixed",
                "seats": [{"seat": n, "name": specs[n].name, "token": t, "url": f"{watch}#token={t}"}
                          for n, t in tokens.items()],
                "watch": watch}

    def _opened(self, files: TableFiles, ruleset: Ruleset, specs: list[SeatSpec], length: str, seed: int | str,
                unseated: list[int]) -> LiveTable:
        """A new table (:meth:`_table`); a program it seats that cannot be started is the request's error."""
        try:
            return self._table(files, ruleset, specs, length, seed, unseated)
        except MahjongError as exc:
            raise ProtocolError(f"$.seats: {exc.message}") from None

    @staticmethod
    def _seed(request: dict[str, Any], people: list[int]) -> int | str:
        """The table's seed: 256 bits of the server's own randomness, unless a table of bots only asks for one.

        Whoever chose or could guess the seed would know every tile of every wall, so a table where a person
        sits never takes one from its opener; a table of bots may, to play a simulated game again live.
        """
        if "seed" not in request:
            return secret_seed()
        if people:
            raise ProtocolError(f"$.seed: a table where a person sits (seat {people[0]}) draws its seed from the "
                                "server's own randomness, so that nobody can know its walls; a seed is taken only "
                                "for a table of bots")
        seed: int | str = request["seed"]
        return seed

    # ------------------------------------------------------------------ delivery (event loop)

    def deliver(self, table: LiveTable, what: str, payload: Any) -> None:
        """What a table's engine thread posts, sent to each of its watchers as that watcher may see it.

        Spectators are sent it ``spectator_delay_s`` late, when the server is started with a delay.
        """
        watchers: Any = self.watchers.get(table.id, ())
        delay = self.settings.spectator_delay_s
        if delay > 0 and self.loop is not None and what in ("event", "turn", "status"):
            spectators = [c for c in watchers if c.seat is None]
            if spectators:
                watchers = [c for c in watchers if c.seat is not None]
                self.loop.call_later(delay, self._deliver, table, what, payload, spectators, delay)
        self._deliver(table, what, payload, watchers)

    def _deliver(self, table: LiveTable, what: str, payload: Any, watchers: Any, lag_s: float = 0.0) -> None:
        if what == "event":
            event, view, revealed, stamp, seq = payload
            by_viewer: dict[Viewer, dict[str, Any] | None] = {}
            for conn in watchers:
                if seq <= conn.history_upto:
                    continue
                if conn.seat not in by_viewer:
                    message = event_message(event, view, revealed, conn.seat, table.visibility)
                    if message is not None and stamp is not None:
                        message["mono_ns"] = stamp
                    by_viewer[conn.seat] = message
                sent = by_viewer[conn.seat]
                if sent is not None:
                    conn.send(sent)
        elif what == "turn":
            turn, view, revealed = payload
            for conn in watchers:
                conn.send({**_turn_message(turn, lag_s),
                           "view": redact_table_view(view, conn.seat, reveal=revealed, visibility=table.visibility)})
        elif what in ("prompt", "prompt_closed"):
            prompt: Prompt = payload
            reply = table.prompt_message(prompt) if what == "prompt" else {
                "type": "prompt_closed", "id": prompt.id, "by": prompt.extra.get("closed_by", "answer")}
            for conn in watchers:
                if conn.seat == prompt.seat:
                    conn.send(reply)
        elif what == "tell":
            seat, message = payload
            for conn in watchers:
                if conn.seat == seat:
                    conn.send(message)
        elif what == "status":
            for conn in watchers:
                conn.send(payload)

    # ------------------------------------------------------------------ messages (event loop)

    def handle(self, conn: Connection, message: dict[str, Any], received_ns: int) -> None:
        kind = message["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return
        table = conn.table
        assert table is not None
        if kind == "join":
            self._join(conn, table, message)
            return
        if not conn.joined:
            raise ProtocolError("send join first (with your seat token, or without one to watch)")
        if conn.seat is None:
            raise ProtocolError(f"{kind}: a spectator cannot act")
        if conn.replaced:
            raise ProtocolError(f"{kind}: a newer connection holds seat {conn.seat}; this one can no longer act")
        if kind == "ready":
            table.mark_ready(conn.seat)
            return
        prompt = table.prompts.get(conn.seat)
        if prompt is None or prompt.closed:
            raise ProtocolError(f"act: nothing is asked of seat {conn.seat} now (prompt {message['prompt']} is "
                                "closed or was never sent)")
        if prompt.id != message["prompt"]:
            raise ProtocolError(f"act: prompt {message['prompt']} is closed; the open prompt is {prompt.id}")
        index = option_index(message, prompt.options)
        table.answer(conn.seat, prompt.id, index, received_ns, marked_kinds(message))

    def _join(self, conn: Connection, table: LiveTable, message: dict[str, Any]) -> None:
        if conn.joined:
            raise ProtocolError("join: this connection has joined already")
        seat: Viewer = None
        token = message.get("token")
        if "name" in message and "invite" not in message:
            raise ProtocolError("join: a name is given with an invitation, on sitting down")
        arrived = False
        if "invite" in message:
            seat, arrived = self._arrive(table, message["invite"], token, message.get("name"))
        elif token is not None:
            seat = table.files.seat_of(token)
            if seat is None:
                raise ProtocolError("join: the token opens no seat at this table")
        conn.seat, conn.joined = seat, True
        if seat is not None:
            self._hold(conn, table, seat)
        self.watchers[table.id].add(conn)
        conn.send({"type": "welcome", "seat": seat, "table": table.public_info()})
        if arrived:
            self._seated(table)
        delay = self.settings.spectator_delay_s if seat is None else 0.0
        events, view, revealed, later, conn.history_upto = table.history_for(seat, delay)
        conn.send({"type": "history", "events": events, "view": view, "revealed": revealed})
        for due, message in later:  # what happened less than the delay ago, sent when it is due
            assert self.loop is not None
            self.loop.call_later(due, conn.send, message)
        turn = table.turn
        if turn is not None and not delay:
            conn.send(_turn_message(turn))
        if seat is not None:
            prompt = table.prompts.get(seat)
            if prompt is not None and not prompt.closed:
                conn.send(table.prompt_message(prompt))

    def _hold(self, conn: Connection, table: LiveTable, seat: int) -> None:
        """Make ``conn`` the seat's one acting connection; an older one is told, stops being sent the game, and
        is closed (code :data:`CLOSE_REPLACED`).  The newer wins, as a reloaded page or a second device would
        expect: the person is the one who opened the seat last, and two connections answering one seat's prompts
        would race each other."""
        older = self.holders.get((table.id, seat))
        self.holders[(table.id, seat)] = conn
        if older is None or older is conn:
            return
        older.replaced = True
        self.watchers[table.id].discard(older)
        older.send({"type": "error", "message": f"seat {seat} was opened by a newer connection; this one is "
                    "closed (close code 4000)"})
        older.close("seat taken by a newer connection", CLOSE_REPLACED)

    def exempt_answer(self, conn: Connection, message: dict[str, Any]) -> bool:
        """Whether ``message`` answers the connection's open prompt and so is not counted by the rate limit.

        Prompts come as fast as the engine asks (a claim on every discard, at a table of quick bots), and an
        answer refused for the rate would be played as the ruleset's timeout action: an honest client's answer
        is never rate-limited away.  Only the first :data:`ANSWERS_PER_PROMPT` answers to one prompt are exempt,
        so a client cannot flood under cover of a prompt.
        """
        table = conn.table
        if message["type"] != "act" or conn.seat is None or conn.replaced or table is None:
            return False
        prompt = table.prompts.get(conn.seat)
        if prompt is None or prompt.closed or prompt.id != message["prompt"]:
            return False
        pid, used = conn.answered
        used = used if pid == prompt.id else 0
        if used >= ANSWERS_PER_PROMPT:
            return False
        conn.answered = (prompt.id, used + 1)
        return True

    def _arrive(self, table: LiveTable, invite: str, token: str | None, name: str | None) -> tuple[int, bool]:
        """Seat a person who came with the table's invitation at the next free person seat, East first.

        The person brings the token they will hold the seat by (made by their page, 256 random bits), and
        only its hash is kept, durably, before they are told the seat: a welcome lost with the connection
        costs nothing, since the same join again finds the seat that token already opens, and a server
        restarted at any moment seats nobody twice and forgets nobody seated.  Returns the seat and whether
        it was taken just now.
        """
        if not table.files.invited(invite):
            raise ProtocolError("join: this is not the table's invitation")
        if token is None or len(token) < MIN_CHOSEN_TOKEN:
            raise ProtocolError(f"join: with an invitation, send the token you will hold your seat by: at least "
                                f"{MIN_CHOSEN_TOKEN} URL-safe characters (256 random bits)")
        seat = table.files.seat_of(token)
        if seat is not None:
            return seat, False  # this person sat down before; their welcome was lost
        if not table.unseated:
            raise ProtocolError("join: every person's seat at this table is taken; come back with your seat's "
                                "link, or join without an invitation to watch")
        seat = table.unseated[0]
        if name is not None:
            problem = name_problem(name, installed_bots())
            if problem is not None:
                raise ProtocolError(f"join: $.name: {problem}")
            taken = next((s["seat"] for s in table.public_info()["seats"] if s["name"] == name), None)
            if taken is not None:
                raise ProtocolError(f"join: $.name: {name!r} already sits at this table (seat {taken}); a name "
                                    "stands for one person: choose another")
        name = name or guest_name(table.id, seat)
        table.files.take_seat(seat, token_hash(token), name)
        table.seat_person(name)
        return seat, True

    def _seated(self, table: LiveTable) -> None:
        """Someone sat down: tell everybody at the table who sits where; once the last person has, begin."""
        self.deliver(table, "status", {"type": "seats", "seats": table.public_info()["seats"]})
        if not table.unseated:
            self._begin(table)  # its engine thread says "playing"

    def forget(self, conn: Connection) -> None:
        if conn.table is not None:
            self.watchers.get(conn.table.id, set()).discard(conn)
            if conn.seat is not None and self.holders.get((conn.table.id, conn.seat)) is conn:
                del self.holders[(conn.table.id, conn.seat)]


def _turn_message(turn: dict[str, Any], lag_s: float = 0.0) -> dict[str, Any]:
    """A turn as sent now: its clock as it stood ``lag_s`` ago for a delayed spectator."""
    elapsed = max(0, (time.monotonic_ns() - turn["started_ns"]) // 1_000_000 - int(lag_s * 1000))
    return {"type": "turn", "seat": turn["seat"], "phase": turn["phase"], "limit_ms": turn["limit_ms"],
            "elapsed_ms": elapsed}


# ---------------------------------------------------------------------- the websocket


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A browser's websocket must come from this server's own pages (or a listed origin).

    Browsers always send ``Origin`` with a websocket, so a page of another
    site cannot drive a seat with a victim's cookies or tokens; a client that
    is not a browser sends none and is let through (it must still hold a seat
    token to act).
    """
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


async def websocket_endpoint(ws: WebSocket) -> None:
    tables: Tables = ws.app.state.tables
    settings: Settings = ws.app.state.settings
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), settings.allowed_origins):
        await ws.close(code=1008, reason="origin not allowed")
        return
    table = tables.tables.get(ws.path_params["table_id"])
    await ws.accept()
    if table is None:
        await ws.send_text(json.dumps({"type": "error", "message": "no such table on this server"}))
        await ws.close(code=1008)
        return
    conn = Connection(ws, table)
    sender = asyncio.create_task(_send_loop(conn))
    limiter = RateLimiter()
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            received_ns = time.monotonic_ns()
            conn.received += 1
            label = f"message {conn.received}"
            text = raw.get("text")
            data = raw.get("bytes")
            message: dict[str, Any] | None = None
            refused: ProtocolError | None = None
            try:  # read first (at most 4 KiB, so cheap): an answer to the open prompt is not rate-limited
                message = parse_client_message(text if text is not None else (data or b""))
            except ProtocolError as exc:
                refused = exc
            if not (message is not None and tables.exempt_answer(conn, message)) and not limiter.allow():
                if limiter.refused >= FLOOD_CLOSE_AFTER:
                    conn.send({"type": "error", "message": f"{label}: {limiter.refused} messages over the rate "
                               "limit; the connection is closed"})
                    conn.close("flood")
                    break
                if limiter.refused == 1 or limiter.refused % 50 == 0:
                    conn.send({"type": "error", "message": f"{label}: too many messages; at most "
                               f"{limiter.rate:g} a second (burst {limiter.burst:g}), answers to the open prompt "
                               "not counted; it was not read"})
                continue
            try:
                if refused is not None:
                    raise refused
                assert message is not None
                tables.handle(conn, message, received_ns)
            except ProtocolError as exc:
                conn.send({"type": "error", "message": f"{label}: {exc.message}"})
    except WebSocketDisconnect:
        pass
    finally:
        tables.forget(conn)
        conn.close("bye")
        # Let the sender deliver what is queued (the error that says why a flood is cut off), then stop it.
        with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError, Exception):
            await asyncio.wait_for(sender, 2.0)
        sender.cancel()


async def _send_loop(conn: Connection) -> None:
    while True:
        item = await conn.queue.get()
        if isinstance(item, Close):
            with contextlib.suppress(Exception):
                await conn.ws.close(code=item.code, reason=item.reason)
            return
        await conn.ws.send_text(item)


# ---------------------------------------------------------------------- pages and the API


def _static() -> Path:
    return Path(str(resources.files("mahjong_server").joinpath("static")))


async def index(request: Request) -> Response:
    return FileResponse(_static() / "index.html")


async def table_page(request: Request) -> Response:
    return FileResponse(_static() / "table.html")


async def client_schema(request: Request) -> Response:
    return JSONResponse(schema(request.path_params["name"]) if request.path_params["name"] in
                        ("client-message", "table-request") else {"error": "no such schema"})


async def api_rulesets(request: Request) -> Response:
    out = []
    house = request.app.state.settings.house_rules
    for rid in sorted([*available(), *house]):
        try:
            rs = house[rid] if rid in house else load_ruleset(rid)
        except MahjongError:
            continue
        out.append({"id": rid, "name": rs.name, "native_name": rs.native_name, "players": rs.param("players"),
                    "timing": _plain(rs.get("timing")), "house": rid in house})
    return JSONResponse({"rulesets": out, "bots": list(installed_bots()), "lengths": list(LENGTHS),
                         **({"programs": list(request.app.state.settings.programs)}
                            if request.app.state.settings.programs else {})})


def _plain(value: Any) -> Any:
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    return value


async def api_tables(request: Request) -> Response:
    tables: Tables = request.app.state.tables
    if request.method == "GET":
        return JSONResponse({"tables": [t.public_info() for t in tables.tables.values()]})
    body = await request.body()
    if len(body) > MAX_REQUEST_BYTES:
        return JSONResponse({"error": f"request is {len(body)} bytes; at most {MAX_REQUEST_BYTES}"}, status_code=413)
    try:
        value = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return JSONResponse({"error": "request body is not JSON; expected a table request object"},
                            status_code=400)
    try:
        return JSONResponse(tables.create(value), status_code=201)
    except ProtocolError as exc:
        return JSONResponse({"error": exc.message}, status_code=400)


def create_app(settings: Settings) -> Starlette:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        tables = Tables(settings)
        app.state.tables = tables
        app.state.settings = settings
        tables.start(asyncio.get_running_loop())
        try:
            yield
        finally:
            await asyncio.get_running_loop().run_in_executor(None, tables.stop)

    routes = [
        Route("/", index),
        Route("/table/{table_id}", table_page),
        Route("/api/rulesets", api_rulesets),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/standings", api_standings),
        Route("/schemas/{name}.schema.json", client_schema),
        # The games list and the replay viewer (games_api.py).
        Route("/games", games_page),
        Route("/replay", replay_page),
        Route("/replay/{table_id}", replay_page),
        Route("/api/games", api_games),
        Route("/api/games/{table_id}", api_game),
        Route("/api/audit", api_audit, methods=["POST"]),
        # The score-entry page of a physical table (sheets_api.py).
        Route("/scores", scores_page),
        Route("/api/sheets/check", api_check, methods=["POST"]),
        Route("/api/sheets/fields/{ruleset}", api_fields),
        Route("/api/sheets", api_save, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", websocket_endpoint),
        Mount("/static", StaticFiles(directory=_static()), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)
