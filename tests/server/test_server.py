"""The live server (mahjong serve): a real server process, real websockets, real logs.

Each test starts ``python -m mahjong_core serve --port 0`` on loopback with
its own data folder and stops it (or kills it) itself.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
import websockets
from live_server import Server, kill_mid_deal, play_seat, recv, running

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import ScriptedPlayer, make_bots
from mahjong_core.log.chain import load_signer
from mahjong_core.log.format import ReplayWriter, read_log
from mahjong_core.rules import load_ruleset

SEATS = ["human", "greedy", "greedy", "random"]


def _decisions(path: Path, seat: int) -> list[dict[str, Any]]:
    return [e for e in read_log(path).events if e["type"] == "decision" and e["actor"] == seat]


def test_a_person_plays_a_deal_over_a_websocket_and_the_log_audits_like_a_simulated_one(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        created = server.create("shanghai", SEATS)
        table, token = created["table"], created["seats"][0]["token"]
        messages = asyncio.run(play_seat(server.ws_url, table, token))
        assert messages[-1] == {"type": "status", "status": "finished", "error": None}
        log = server.log(table)
        verdict = check(str(log), "audit")
        assert verdict.ok, verdict.error
        head = read_log(log).header
        assert [s["kind"] for s in head["seats"]] == SEATS
        assert head["options"] == {"max_deals": 1}
        mine = _decisions(log, 0)
        assert mine and all(isinstance(d.get("after_ms", 0), int) for d in mine)
        prompts = [m for m in messages if m["type"] == "prompt"]
        # Every decision the log holds for the person answered one prompt, with one of the prompt's options.
        assert len({p["id"] for p in prompts}) == len(mine)
        # The seed (which tells the wall) never reaches a client.
        assert '"seed"' not in json.dumps(messages)
        assert check(str(log), "replay").ok


def _hostile(server: Server, table: str, token: str) -> list[str]:
    async def go() -> list[str]:
        errors: list[str] = []
        async with websockets.connect(f"{server.ws_url}/ws/{table}") as ws:
            async def expect_error(payload: str | bytes) -> str:
                await ws.send(payload)
                while True:
                    m = await recv(ws)
                    if m["type"] == "error":
                        errors.append(m["message"])
                        return str(m["message"])

            assert "join first" in await expect_error(json.dumps({"type": "act", "prompt": 1, "index": 0}))
            assert "not JSON" in await expect_error("{not json")
            assert "JSON list" in await expect_error("[1, 2]")
            assert "at most 4096" in await expect_error(json.dumps({"type": "join", "token": "x" * 5000}))
            assert "$" in await expect_error(json.dumps({"type": "act", "prompt": -3, "index": 0}))
            assert "$" in await expect_error(json.dumps({"type": "shout", "text": "hello"}))
            assert "opens no seat" in await expect_error(json.dumps({"type": "join", "token": "A" * 43}))
            await ws.send(json.dumps({"type": "join", "token": token}))
            prompt = None
            while prompt is None:
                m = await recv(ws)
                prompt = m if m["type"] == "prompt" else None
            n = len(prompt["options"])
            assert "is not an option" in await expect_error(
                json.dumps({"type": "act", "prompt": prompt["id"], "index": n + 5}))
            assert "not among the prompt's options" in await expect_error(
                json.dumps({"type": "act", "prompt": prompt["id"], "action": {"action": "win", "tile": "1z"}}))
            assert "is closed" in await expect_error(json.dumps({"type": "act", "prompt": prompt["id"] + 7,
                                                                 "index": 0}))
            assert "joined already" in await expect_error(json.dumps({"type": "join", "token": token}))
            # A flood: the excess is refused with one error, then the connection is closed; nothing else changes.
            for _ in range(300):
                try:
                    await ws.send(json.dumps({"type": "ping"}))
                except websockets.ConnectionClosed:
                    break
            with pytest.raises(websockets.ConnectionClosed):
                for _ in range(400):
                    m = await recv(ws, 5)
                    if m["type"] == "error":
                        errors.append(m["message"])
        # A spectator cannot act; a page of another site cannot open a websocket at all.
        async with websockets.connect(f"{server.ws_url}/ws/{table}") as ws:
            await ws.send(json.dumps({"type": "join"}))
            await ws.send(json.dumps({"type": "act", "prompt": 1, "index": 0}))
            while True:
                m = await recv(ws)
                if m["type"] == "error":
                    errors.append(m["message"])
                    break
        with pytest.raises(websockets.InvalidStatus):
            async with websockets.connect(f"{server.ws_url}/ws/{table}", origin="http://evil.example"):
                pass
        return errors

    return asyncio.run(go())


def test_hostile_clients_get_one_clear_error_each_and_leave_the_games_unharmed(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        victim = server.create("shanghai", SEATS)
        other = server.create("harbin", SEATS)
        errors = _hostile(server, victim["table"], victim["seats"][0]["token"])
        assert any("too many messages" in e for e in errors)
        assert any("spectator cannot act" in e for e in errors)
        # A seat's token opens that seat only: at another table it is refused (a stolen seat).
        async def steal() -> str:
            async with websockets.connect(f"{server.ws_url}/ws/{other['table']}", max_queue=None) as ws:
                await ws.send(json.dumps({"type": "join", "token": victim["seats"][0]["token"]}))
                while True:
                    m = await recv(ws)
                    if m["type"] in ("error", "welcome"):
                        return str(m.get("message", m["type"]))

        assert "opens no seat" in asyncio.run(steal())
        # Bad table requests are refused with the place and the expectation.
        assert "not a ruleset this server offers" in server.create("no_such_rules", SEATS)["error"]
        refused = server.create("shanghai", ["human", "x", "y", "z"])["error"]
        assert "neither 'human', an installed bot nor a program" in refused
        assert "4 players" in server.create("shanghai", ["human", "greedy"])["error"]
        assert server.post("/api/tables", None, raw=b"\xff\xfe")["status"] == 400
        # Both games go on and finish, and both logs audit clean.
        for created in (victim, other):
            asyncio.run(play_seat(server.ws_url, created["table"], created["seats"][0]["token"]))
            verdict = check(str(server.log(created["table"])), "audit")
            assert verdict.ok, verdict.error


def _choose_first_discard_or_pass(prompt: dict[str, Any]) -> int:
    """A deterministic person: takes a mahjong, else passes, else discards the first listed tile."""
    options = prompt["options"]
    for o in options:
        if o["action"] == "win":
            return int(o["index"])
    for o in options:
        if o["action"] == "pass":
            return int(o["index"])
    return int(options[0]["index"])


def test_a_server_killed_mid_deal_resumes_every_table_from_its_log(tmp_path: Path) -> None:
    from mahjong_core.log.chain import generate_key

    key, _, public = generate_key(tmp_path / "server.key")
    data, table, token, before = kill_mid_deal(tmp_path / "data", "shanghai", SEATS, "--sign", str(key),
                                               choose=_choose_first_discard_or_pass)
    assert b'"type":"decision"' in before
    with running(data, "--sign", str(key)) as again:
        listed = {t["id"]: t for t in again.get("/api/tables")["tables"]}
        assert listed[table]["status"] in ("starting", "playing")
        messages = asyncio.run(play_seat(again.ws_url, table, token, choose=_choose_first_discard_or_pass))
        assert messages[-1]["status"] == "finished"
    log = again.log(table)
    after = log.read_bytes()
    assert after.startswith(before)  # nothing written before the kill was rewritten
    verdict = check(str(log), "audit", key=str(public))  # the chain and the signatures run on across the restart
    assert verdict.ok, verdict.error
    # The same decisions played without the crash give the same bytes.
    recorded = read_log(log)
    seed = recorded.header["rng"]["seed"]  # the server's own secret, published in the finished log
    salts = iter([bytes.fromhex(e["salt"]) for e in recorded.events if e["type"] == "deal_start"])
    bots = make_bots(["random", "greedy", "greedy", "random"], seed)
    players = [ScriptedPlayer("player-0", recorded.decisions(0), source="recorded"), *bots[1:]]
    fresh = tmp_path / "uninterrupted.jsonl"
    ruleset = load_ruleset("shanghai")
    with ReplayWriter(fresh, signer=load_signer(key)) as writer:
        writer.write(recorded.header)
        Game(ruleset, players, seed, emit=writer.write, max_deals=1, salts=lambda game: next(salts)).play()
    assert fresh.read_bytes() == after


def test_the_published_schemas_are_served_and_valid(tmp_path: Path) -> None:
    from jsonschema import Draft202012Validator

    with running(tmp_path / "data") as server:
        for name in ("client-message", "table-request"):
            doc = server.get(f"/schemas/{name}.schema.json")
            Draft202012Validator.check_schema(doc)
            assert doc["$schema"].endswith("2020-12/schema")


def test_a_table_of_one_round_ends_when_the_prevalent_wind_changes_and_audits(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        created = server.create("hongkong", ["greedy", "random", "greedy", "random"], length="round", seed=2)
        messages = asyncio.run(play_seat(server.ws_url, created["table"], None))
        assert messages[-1]["status"] == "finished"
        log = read_log(server.log(created["table"]))
        assert log.header["options"] == {"max_rounds": 1}
        starts = [e for e in log.events if e["type"] == "deal_start"]
        assert len(starts) >= 4 and {e["round"] for e in starts} == {0}
        assert [e for e in log.events if e["type"] == "rotation"][-1]["round"] == 1
        verdict = check(str(server.log(created["table"])), "audit")
        assert verdict.ok, verdict.error


def test_spectators_can_be_shown_the_game_late(tmp_path: Path) -> None:
    def has_hands(message: dict[str, Any]) -> bool:
        return any(e["type"] == "hands" for e in message.get("events") or [message.get("event") or {"type": None}])

    async def go(server: Server) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        created = server.create("shanghai", SEATS)
        table = created["table"]
        # max_queue=None: a client that stops reading with more than 16 messages unread stops reading its socket
        # (websockets' flow control) and so would wait out its close timeout for the server's closing frame.
        async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as seat, \
                websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as watcher:
            await seat.send(json.dumps({"type": "join", "token": created["seats"][0]["token"]}))
            seen_by_seat = [await recv(seat)]
            while not has_hands(seen_by_seat[-1]):  # the seat is sent its dealt hand as it happens
                seen_by_seat.append(await recv(seat, 10))
            await watcher.send(json.dumps({"type": "join"}))
            seen_by_watcher = [await recv(watcher) for _ in range(2)]
            while not has_hands(seen_by_watcher[-1]):
                seen_by_watcher.append(await recv(watcher, 10))
            return seen_by_seat, seen_by_watcher

    with running(tmp_path / "data", "--spectator-delay", "5") as server:
        seat, watcher = asyncio.run(go(server))
    watcher_history = watcher[1]
    assert watcher_history["type"] == "history"
    # Joining just after the seat was dealt its hand, the spectator is not shown the deal yet; 5 s later it is.
    assert not has_hands(watcher_history)
    hands = watcher[-1]["event"]["hands"]
    assert all(t == "?" for hand in hands for t in hand)
    # A history may be empty (the seat joined before the deal began): take the events the messages do carry.
    events = [e for m in seat if m["type"] in ("history", "event")
              for e in (m.get("events") or [] if m["type"] == "history" else [m.get("event")]) if e]
    assert any(t != "?" for e in events if e["type"] == "hands" for t in e["hands"][0])


def test_mahjong_play_starts_a_server_with_a_table_against_bots(tmp_path: Path) -> None:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "mahjong_core", "play", "--ruleset", "shanghai", "--length", "deal",
                             "--no-browser", "--bot-pace", "0", "--data", str(tmp_path / "data")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("your table: http://127.0.0.1:"), line
        url = line.split()[2]
        base, fragment = url.split("#token=")
        table = base.rsplit("/", 1)[1]
        ws_url = base.split("/table/")[0].replace("http://", "ws://")
        messages = asyncio.run(play_seat(ws_url, table, fragment))
        welcome = next(m for m in messages if m["type"] == "welcome")
        # Against the computer the person sits North, East being the bot to their right (000 line 309).
        assert welcome["seat"] == 3
        assert [s["kind"] for s in welcome["table"]["seats"]] == ["greedy", "greedy", "greedy", "human"]
        assert messages[-1]["status"] == "finished"
    finally:
        proc.terminate()
        proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()


def test_a_chow_inside_the_rulesets_pause_is_refused_and_the_person_chooses_again(tmp_path: Path) -> None:
    refused: list[str] = []

    async def go(server: Server) -> bool:
        created = server.create("piter", ["greedy", "human", "greedy", "greedy"])
        table, token = created["table"], created["seats"][0]["token"]
        tried = False
        async with websockets.connect(f"{server.ws_url}/ws/{table}") as ws:
            await ws.send(json.dumps({"type": "join", "token": token}))
            while True:
                m = await recv(ws, 30)
                if m["type"] == "prompt":
                    chow = next((o for o in m["options"] if o["action"] == "chow"), None)
                    if chow is not None and not tried:
                        tried = True
                        await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": chow["index"]}))
                        while True:
                            e = await recv(ws)
                            if e["type"] == "error":
                                refused.append(e["message"])
                                break
                    index = _choose_first_discard_or_pass(m)
                    await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": index}))
                elif m["type"] == "status" and m["status"] != "playing":
                    assert m["status"] == "finished", m
                    verdict = check(str(server.log(table)), "audit")
                    assert verdict.ok, verdict.error
                    return tried

    with running(tmp_path / "data") as server:
        # Each table's walls are its own secret: up to 40 deals for one that offers the person a chow.
        assert any(asyncio.run(go(server)) for _ in range(40)), "no deal of 40 gave the person a chow"
    assert refused and "a chow declared inside the 5 s pause (" in refused[0]


HOUSE_RULE = """id: club_shanghai
version: 1.0.0
name: Our club's Shanghai
extends: shanghai
parameters:
  usual_limit: {value: 1500, assumption: "the club's limit (its minutes of 2026-11-30)"}
"""


def test_a_house_rule_table_is_offered_by_id_and_resumes_without_the_file(tmp_path: Path) -> None:
    """The operator offers a house-rule file (--house-rule); a client names it by id, never by path."""
    rule = tmp_path / "club.yaml"
    rule.write_text(HOUSE_RULE, encoding="utf-8")
    server = Server(tmp_path / "offer", "--house-rule", str(rule))
    try:
        offered = {r["id"] for r in server.get("/api/rulesets")["rulesets"]}
        assert "club_shanghai" in offered and "shanghai" in offered
        refused = server.create(str(rule), ["greedy"] * 4)  # a path is not even a ruleset id to the schema
        assert refused["status"] == 400 and "does not match '^[a-z][a-z0-9_]*$'" in refused["error"]
        unknown = server.create("club_harbin", ["greedy"] * 4)
        assert unknown["status"] == 400 and "not a ruleset this server offers" in unknown["error"]
    finally:
        server.stop()
    data, table, token, _ = kill_mid_deal(tmp_path / "data", "club_shanghai", ["human", "greedy", "greedy", "greedy"],
                                          "--house-rule", str(rule), choose=_choose_first_discard_or_pass,
                                          stop_after=4)
    rule.unlink()  # the server starts again without the file: the table's log carries it
    with running(data) as again:
        messages = asyncio.run(play_seat(again.ws_url, table, token, choose=_choose_first_discard_or_pass))
        assert messages[-1]["status"] == "finished"
        log = again.log(table)
    assert read_log(log).header["ruleset"]["document"] == HOUSE_RULE
    verdict = check(str(log), "audit")
    assert verdict.ok and verdict.ruleset.startswith("club_shanghai@1.0.0"), verdict.error
