"""A table that seats people as they arrive: the first to connect is East (000 line 309).

Real server processes on loopback and real websockets, as in test_server.py:
one invitation is handed out, each person who comes with it takes the next
free person's seat (East first) under the name they give, gets that seat's
own token, and the game begins when the last person sits down; a restarted
server keeps waiting with the same people seated.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from pathlib import Path
from typing import Any

import websockets
from live_server import Server, play_seat, recv, running

from mahjong_core.audit.check import check
from mahjong_core.log.format import read_log


def _open(server: Server, kinds: list[str], **extra: Any) -> dict[str, Any]:
    """An arrival table (its seed the server's own: a table where people sit takes none from its opener)."""
    return server.post("/api/tables", {"ruleset": "shanghai", "length": "deal", "seating": "arrival",
                                       "seats": [{"kind": k} for k in kinds], **extra})


async def _until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        m = await recv(ws)
        if m["type"] == kind:
            return m


async def _error(ws: Any, message: dict[str, Any]) -> str:
    await ws.send(json.dumps(message))
    return str((await _until(ws, "error"))["message"])


async def _arrive(url: str, table: str, invite: str, name: str, token: str | None = None) -> dict[str, Any]:
    """Come with the invitation and a token of one's own, sit down, and go (the seat stays taken).

    Returns the welcome, with the token added under ``"token"``.
    """
    token = token or secrets.token_urlsafe(32)
    async with websockets.connect(f"{url}/ws/{table}") as ws:
        await ws.send(json.dumps({"type": "join", "invite": invite, "token": token, "name": name}))
        return {**await _until(ws, "welcome"), "token": token}


def test_people_sit_in_the_order_they_arrive_the_first_as_east(tmp_path: Path) -> None:
    kinds = ["human", "human", "greedy", "greedy"]
    with running(tmp_path / "data") as server:
        created = _open(server, kinds)
        table, invite = created["table"], created["invite"]
        assert created["seats"] == [] and created["url"] == f"/table/{table}#invite={invite}"

        async def go() -> tuple[list[dict[str, Any]], list[str], list[dict[str, Any]]]:
            errors = []
            async with websockets.connect(f"{server.ws_url}/ws/{table}") as watcher:
                await watcher.send(json.dumps({"type": "join"}))
                welcome = await _until(watcher, "welcome")
                assert welcome["table"]["status"] == "waiting" and welcome["table"]["seating"] == "arrival"
                assert [s["name"] for s in welcome["table"]["seats"]][:2] == [None, None]
                async with websockets.connect(f"{server.ws_url}/ws/{table}") as stranger:
                    errors.append(await _error(stranger, {"type": "join", "invite": "A" * 43, "token": "B" * 43}))
                    errors.append(await _error(stranger, {"type": "join", "invite": invite, "token": "B" * 20}))
                    errors.append(await _error(stranger, {"type": "join", "name": "Eve"}))
                    errors.append(await _error(stranger, {"type": "join", "invite": invite, "name": "tab\there"}))
                first = await _arrive(server.ws_url, table, invite, "Ann")
                seated = await _until(watcher, "seats")
                assert [s["name"] for s in seated["seats"]][:2] == ["Ann", None]
                # Ann's welcome was lost, say: the same join again finds her seat and takes no other.
                again = await _arrive(server.ws_url, table, invite, "Ann", first["token"])
                assert again["seat"] == 0 and [s["name"] for s in again["table"]["seats"]][:2] == ["Ann", None]
                second = await _arrive(server.ws_url, table, invite, "Boris")
                assert (await _until(watcher, "status"))["status"] == "playing"
                async with websockets.connect(f"{server.ws_url}/ws/{table}") as late:
                    errors.append(await _error(late, {"type": "join", "invite": invite, "name": "Carl",
                                                      "token": secrets.token_urlsafe(32)}))
            # Each seat's own token, handed out on arrival, opens that seat for the rest of the game.
            played = await asyncio.gather(play_seat(server.ws_url, table, first["token"]),
                                          play_seat(server.ws_url, table, second["token"]))
            return [first, second], errors, [p[0] for p in played]

        arrivals, errors, rejoined = asyncio.run(go())
        assert [a["seat"] for a in arrivals] == [0, 1], "the first to arrive is East, the next South"
        assert [w["seat"] for w in rejoined] == [0, 1]
        assert "not the table's invitation" in errors[0]
        assert "send the token you will hold your seat by: at least 43" in errors[1]
        assert "a name is given with an invitation" in errors[2]
        assert errors[3].endswith("$.name: 'tab\\there' is not a name of 1 to 40 characters with no control "
                                  "characters (tabs, line breaks)"), errors[3]
        assert "every person's seat at this table is taken" in errors[4]
        log = server.log(table)
        head = read_log(log).header
        assert [s["kind"] for s in head["seats"]] == kinds
        assert [s["name"] for s in head["seats"]][:2] == ["Ann", "Boris"]
        verdict = check(str(log), "audit")
        assert verdict.ok, verdict.error
        stored = (tmp_path / "data" / "tables" / table / "seats.json").read_text(encoding="utf-8")
        assert invite not in stored and all(a["token"] not in stored for a in arrivals), "only hashes are kept"


def test_a_waiting_table_keeps_its_seated_people_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = Server(data)
    try:
        created = _open(server, ["human", "greedy", "human", "greedy"])
        table, invite = created["table"], created["invite"]
        first = asyncio.run(_arrive(server.ws_url, table, invite, "Ann"))
        assert first["seat"] == 0
    finally:
        server.kill()
        server.stop()
    with running(data) as again:
        listed = {t["id"]: t for t in again.get("/api/tables")["tables"]}[table]
        assert listed["status"] == "waiting"
        assert [s["name"] for s in listed["seats"]][::2] == ["Ann", None]
        second = asyncio.run(_arrive(again.ws_url, table, invite, "Boris"))
        assert second["seat"] == 2, "the next person sits at the next free person's seat"

        async def both() -> list[list[dict[str, Any]]]:
            return list(await asyncio.gather(play_seat(again.ws_url, table, first["token"]),
                                             play_seat(again.ws_url, table, second["token"])))

        for messages in asyncio.run(both()):
            assert messages[-1] == {"type": "status", "status": "finished", "error": None}
        verdict = check(str(again.log(table)), "audit")
        assert verdict.ok, verdict.error
        assert [s["name"] for s in read_log(again.log(table)).header["seats"]][::2] == ["Ann", "Boris"]


def test_an_arrival_table_request_is_checked(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        bots = _open(server, ["greedy"] * 4)
        assert bots["status"] == 400 and "these seats are all bots" in bots["error"]
        named = server.post("/api/tables", {"ruleset": "shanghai", "seating": "arrival",
                                            "seats": [{"kind": "human", "name": "Ann"}, *[{"kind": "greedy"}] * 3]})
        assert named["status"] == 400 and named["error"].startswith("$.seats[0].name: ")
        odd = server.post("/api/tables", {"ruleset": "shanghai", "seating": "by lot",
                                          "seats": [{"kind": "human"}, *[{"kind": "greedy"}] * 3]})
        assert odd["status"] == 400 and "seating" in odd["error"]
        fixed = server.create("shanghai", ["human", "human", "greedy", "greedy"])
        assert fixed["seating"] == "fixed" and [s["seat"] for s in fixed["seats"]] == [0, 1]
        huge = server.post("/api/tables", {"ruleset": "shanghai", "seed": 2**53,
                                           "seats": [{"kind": "human"}, *[{"kind": "greedy"}] * 3]})
        assert huge["status"] == 400 and huge["error"].startswith("$.seed: ")


def test_a_table_without_a_seed_gets_one_its_log_can_hold(tmp_path: Path) -> None:
    """The server draws the seed itself when none is asked for: 256 random bits as a text seed, which the log
    holds exactly and the audit reads."""
    with running(tmp_path / "data") as server:
        created = server.post("/api/tables", {"ruleset": "harbin", "length": "deal", "seats": [{"kind": "greedy"}] * 4})
        log = server.log(created["table"])
        for _ in range(600):
            if server.get("/api/tables")["tables"][0]["status"] == "finished":
                break
            asyncio.run(asyncio.sleep(0.1))
        seed = read_log(log).header["rng"]["seed"]
        assert isinstance(seed, str) and len(seed) == 64 and not seed.strip("0123456789abcdef")
        verdict = check(str(log), "audit")
        assert verdict.ok, verdict.error
