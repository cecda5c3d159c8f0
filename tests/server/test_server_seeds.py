"""A live table's walls can be neither chosen nor guessed, and are published for audit once the game is over.

A real server process (``tests/live_server.py``): a table where a person sits
is refused a seed and draws 256 bits of its own; each deal's commitment salt is
fresh randomness, logged on its ``deal_start`` line and never sent to a client
before the game ends; the audit of a finished live log opens every commitment
with the logged salt and names the line of a salt that was changed.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import websockets
from live_server import Server, recv, running

from mahjong_core.audit.check import check
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import deal_rng

PERSON = [{"kind": "human"}, {"kind": "greedy"}, {"kind": "greedy"}, {"kind": "random"}]
HEX64 = re.compile(r"[0-9a-f]{64}")


def _wait_finished(server: Server, table: str, seconds: float = 120) -> None:
    for _ in range(int(seconds * 10)):
        rows = {t["id"]: t for t in server.get("/api/tables")["tables"]}
        if rows[table]["status"] in ("finished", "failed"):
            assert rows[table]["status"] == "finished", rows[table]["error"]
            return
        asyncio.run(asyncio.sleep(0.1))
    raise AssertionError(f"table {table} did not finish in {seconds} s")


def _derived_salt(seed: int | str, round_index: int, deal: int) -> str:
    """The salt a simulated game of this seed commits with (``docs/prng.md``, "Wall commitment")."""
    rng = deal_rng(seed, round_index, deal).derive("commitment-salt")
    return (rng.next_u64().to_bytes(8, "big") + rng.next_u64().to_bytes(8, "big")).hex()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_table_where_a_person_sits_is_refused_a_seed(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        for seating in ("fixed", "arrival"):
            refused = server.post("/api/tables", {"ruleset": "shanghai", "seats": PERSON, "seed": 7,
                                                  "seating": seating})
            assert refused["status"] == 400
            assert refused["error"].startswith("$.seed: a table where a person sits (seat 0)"), refused
        text = server.post("/api/tables", {"ruleset": "shanghai", "seats": PERSON[::-1], "seed": "walls I know"})
        assert text["status"] == 400 and "(seat 3)" in text["error"]
        assert server.get("/api/tables")["tables"] == []  # nothing was opened
        # A table of bots may take one (to play a simulated game again live), integer or text.
        assert "table" in server.post("/api/tables", {"ruleset": "shanghai", "seats": [{"kind": "greedy"}] * 4,
                                                      "seed": "a text seed", "length": "deal"})


def test_a_live_tables_seed_is_256_random_bits_and_its_salts_are_not_the_seeds(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        tables = [server.create("shanghai", [s["kind"] for s in PERSON])["table"] for _ in range(3)]
        for _ in range(100):
            if all(server.log(t).exists() and server.log(t).stat().st_size for t in tables):
                break
            asyncio.run(asyncio.sleep(0.05))
        heads = [json.loads(server.log(t).read_text(encoding="utf-8").split("\n", 1)[0]) for t in tables]
        seeds = [h["rng"]["seed"] for h in heads]
        assert all(isinstance(s, str) and HEX64.fullmatch(s) for s in seeds), seeds
        assert len(set(seeds)) == 3
        assert all(h["rng"]["salts"] == "logged" for h in heads)
        # A table of bots given a seed deals the walls a simulation of that seed deals, but commits to them
        # with salts of its own: no salt the log publishes can be checked against a guessed seed.
        bots = server.post("/api/tables", {"ruleset": "harbin", "seats": [{"kind": "greedy"}] * 4, "seed": 3,
                                           "length": "deal"})["table"]
        _wait_finished(server, bots)
        live = _lines(server.log(bots))
    simulated = tmp_path / "simulated.jsonl"
    play_game(load_ruleset("harbin"), 3, ["greedy"] * 4, replay=simulated, max_deals=1)
    offline = _lines(simulated)
    assert live[0]["rng"]["seed"] == 3
    assert [e for e in live if e.get("type") == "hands"] == [e for e in offline if e.get("type") == "hands"]
    starts = [e for e in live if e.get("type") == "deal_start"]
    ends = [e for e in live if e.get("type") == "deal_end"]
    assert starts and [s["salt"] for s in starts] == [e["salt"] for e in ends]
    for start in starts:
        assert HEX64.fullmatch(start["salt"])
        assert start["salt"] != _derived_salt(3, start["round"], start["deal"])
    offline_start = next(e for e in offline if e.get("type") == "deal_start")
    assert "salt" not in offline_start and offline_start["wall_commitment"] != starts[0]["wall_commitment"]


def _get_text(server: Server, path: str) -> str:
    with urllib.request.urlopen(server.url + path, timeout=10) as response:
        return str(response.read().decode("utf-8"))


async def _watch(server: Server, table: str, token: str | None) -> list[str]:
    """What a (re)joining connection is sent at once: welcome, history and whatever is open."""
    texts: list[str] = []
    async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as ws:
        await ws.send(json.dumps({"type": "join", "token": token} if token else {"type": "join"}))
        while True:
            try:
                texts.append(str(await asyncio.wait_for(ws.recv(), 1.0)))
            except TimeoutError:
                return texts


def test_no_client_message_page_or_api_response_carries_the_seed_or_a_salt_before_the_game_ends(
        tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        created = server.create("shanghai", [s["kind"] for s in PERSON], length="game")
        table, token = created["table"], created["seats"][0]["token"]

        async def first_deal() -> list[str]:
            """Play seat 0 (always the last option: a pass or a discard) until the second deal has started."""
            texts: list[str] = []
            async with websockets.connect(f"{server.ws_url}/ws/{table}", max_queue=None) as ws:
                await ws.send(json.dumps({"type": "join", "token": token}))
                while True:
                    m = await recv(ws, 60)
                    texts.append(json.dumps(m))
                    if m["type"] == "event" and m["event"]["type"] == "deal_start" and m["event"]["deal"] == 1:
                        return texts
                    assert m["type"] != "status" or m["status"] == "playing", m
                    if m["type"] == "prompt":
                        await ws.send(json.dumps({"type": "act", "prompt": m["id"], "index": len(m["options"]) - 1}))

        texts = asyncio.run(first_deal())
        texts += asyncio.run(_watch(server, table, token)) + asyncio.run(_watch(server, table, None))
        in_progress = server.get(f"/api/games/{table}")
        for path in ("/api/tables", "/api/games", f"/api/games/{table}", "/games", f"/replay/{table}",
                     f"/table/{table}", "/"):
            texts.append(_get_text(server, path))
        private = _lines(server.log(table))
        assert not any(e.get("type") == "game_end" for e in private)  # the game is still being played
    secrets = [str(private[0]["rng"]["seed"]),
               *(e["salt"] for e in private if e.get("type") in ("deal_start", "deal_end") and e.get("salt"))]
    assert any('"deal_end"' in t for t in texts)
    for secret in secrets:
        assert not [t[:200] for t in texts if secret in t], secret
    assert len(secrets) >= 4 and all(HEX64.fullmatch(s) for s in secrets)  # seed, deal 0's salt twice, deal 1's
    # The finished deal is served, as a spectator saw it: its deal_end without the salt.
    served_ends = [e for e in in_progress["events"] if e["type"] == "deal_end"]
    assert len(served_ends) == 1 and "salt" not in served_ends[0]


def test_a_finished_live_log_audits_each_commitment_with_its_logged_salt(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        table = server.post("/api/tables", {"ruleset": "shanghai", "seats": [{"kind": "greedy"}] * 4,
                                            "length": "round"})["table"]
        _wait_finished(server, table)
        log = server.log(table)
        # Once the game is over its log is published whole, seed and salts with it, for anyone to audit.
        published = server.get(f"/api/games/{table}")
        assert published["text"] == log.read_text(encoding="utf-8") and published["verdict"]["ok"]
    events = _lines(log)
    assert HEX64.fullmatch(events[0]["rng"]["seed"]) and '"salt":"' in published["text"]
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.error
    assert verdict.deals >= 2 and "with the salt its deal_start line records" in verdict.proof["wall"]
    assert check(str(log), "replay").ok

    starts = [n for n, e in enumerate(events) if e.get("type") == "deal_start"]
    ends = [n for n, e in enumerate(events) if e.get("type") == "deal_end"]

    def tampered(index: int, change: Any) -> Any:
        copy = tmp_path / f"tampered-{index}.jsonl"
        shutil.copy(log, copy)
        lines = copy.read_text(encoding="utf-8").splitlines()
        event = json.loads(lines[index])
        change(event)
        lines[index] = json.dumps(event, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return check(str(copy), "audit")

    def flip(event: dict[str, Any]) -> None:
        event["salt"] = ("1" if event["salt"][0] == "0" else "0") + event["salt"][1:]

    # A salt changed where the deal starts no longer opens the commitment: the audit names that line.
    bad_start = tampered(starts[1], flip)
    assert not bad_start.ok and bad_start.line == starts[1] + 1, bad_start.text()
    assert "'wall_commitment'" in str(bad_start.error)
    # A salt changed where the deal ends is not the one committed with.
    bad_end = tampered(ends[0], flip)
    assert not bad_end.ok and bad_end.line == ends[0] + 1 and "'salt'" in str(bad_end.error), bad_end.text()
    # A salt left out is said to be missing, at its line.
    gone = tampered(starts[0], lambda e: e.pop("salt"))
    assert not gone.ok and gone.line == starts[0] + 1 and "field 'salt' is absent" in str(gone.error), gone.text()
