"""People's names at live tables: each stands for one person, so the records never merge two people.

A name is all the games database knows of a player (standings, ratings, the
EMA export add up every game under one name).  A table refuses a name that is
empty, too long, holds invisible or control characters, is an installed bot's
or a guest's, or is another seat's at the same table, each with a message that
names the field; a person who gives no name plays as a guest of that table and
seat, a name no other game's seat has.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from pathlib import Path
from typing import Any

import pytest
import websockets
from live_server import Server, recv, running

from mahjong_server.names import MAX_NAME, guest_name, name_problem

BAD_NAMES = [
    ("", "empty"),
    ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
    (" Ann", "starts or ends with a space"),
    ("Ann\tLee", "U+0009 (character 4)"),
    ("An\u200bn", "U+200B ZERO WIDTH SPACE"),
    ("Ann\u202eeeB", "RIGHT-TO-LEFT OVERRIDE"),
    ("Ann\u00a0Lee", "NO-BREAK SPACE"),
    ("Guest-Ann", "kept for people who give no name"),
    ("greedy", "installed bot"),
]


@pytest.mark.parametrize(("name", "why"), BAD_NAMES)
def test_a_bad_name_is_refused_with_its_reason(name: str, why: str) -> None:
    problem = name_problem(name, ["greedy", "random"])
    assert problem is not None and why in problem


@pytest.mark.parametrize("name", ["Ann", "Анна Петрова", "李小龙", "O'Neil-Smith Jr.", "x" * MAX_NAME])
def test_a_good_name_passes(name: str) -> None:
    assert name_problem(name, ["greedy"]) is None


def test_a_guest_is_named_after_the_table_and_the_seat() -> None:
    names = {guest_name(t, s) for t in ("3f2a9c1b7d0e", "60c8b906ea08") for s in range(4)}
    assert len(names) == 8 and guest_name("3f2a9c1b7d0e", 3) == "guest-3f2a9c1b7d0e-north"
    assert all(name_problem(n) is not None for n in names), "a person cannot take a guest's name"


def _refusal(server: Server, body: dict[str, Any]) -> str:
    answer = server.post("/api/tables", body)
    assert answer.get("status") == 400, answer
    return str(answer["error"])


def test_a_table_names_its_people_and_refuses_bad_or_shared_names(tmp_path: Path) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "greedy"}, {"kind": "greedy"}]
    with running(tmp_path / "data") as server:
        first = server.post("/api/tables", {"ruleset": "shanghai", "length": "deal", "seats": seats})
        second = server.post("/api/tables", {"ruleset": "shanghai", "length": "deal", "seats": seats})
        assert [s["name"] for s in first["seats"]] == ["Ann", f"guest-{first['table']}-south"]
        assert second["seats"][1]["name"] == f"guest-{second['table']}-south" != first["seats"][1]["name"]
        listed = {t["id"]: [s["name"] for s in t["seats"]] for t in server.get("/api/tables")["tables"]}
        assert listed[first["table"]][:2] == ["Ann", f"guest-{first['table']}-south"]
        for name, why in BAD_NAMES:
            body = {"ruleset": "shanghai", "seats": [{"kind": "human", "name": name}, *seats[1:]]}
            said = _refusal(server, body)
            # The published schema bounds the length (its own words); the server checks the rest.
            expected = {"": "should be non-empty", "x" * (MAX_NAME + 1): "is too long"}.get(name, why)
            assert said.startswith("$.seats[0].name: ") and expected in said, said
        twice = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ann"}, *seats[2:]]
        said = _refusal(server, {"ruleset": "shanghai", "seats": twice})
        assert said.startswith("$.seats[1].name: 'Ann' is seat 0's name too")
        named_bot = [seats[0], seats[1], {"kind": "greedy", "name": "Boris"}, seats[3]]
        assert _refusal(server, {"ruleset": "shanghai", "seats": named_bot}).startswith("$.seats[2].name: a bot's")
        assert len(server.get("/api/tables")["tables"]) == 2, "a refused request opens no table"


async def _join(url: str, table: str, invite: str, name: str | None) -> dict[str, Any]:
    """Come with the invitation (and a name, unless ``None``): the welcome or the error answered."""
    message: dict[str, Any] = {"type": "join", "invite": invite, "token": secrets.token_urlsafe(32)}
    if name is not None:
        message["name"] = name
    async with websockets.connect(f"{url}/ws/{table}") as ws:
        await ws.send(json.dumps(message))
        while True:
            m = await recv(ws)
            if m["type"] in ("welcome", "error"):
                return m


def test_people_arriving_are_refused_a_bad_or_taken_name_and_the_nameless_are_guests(tmp_path: Path) -> None:
    with running(tmp_path / "data") as server:
        created = server.post("/api/tables", {"ruleset": "shanghai", "length": "deal", "seating": "arrival",
                                              "seats": [{"kind": "human"}] * 3 + [{"kind": "greedy"}]})
        table, invite = created["table"], created["invite"]

        async def go() -> list[dict[str, Any]]:
            answers = [await _join(server.ws_url, table, invite, "greedy"),
                       await _join(server.ws_url, table, invite, "An\u200bn"),
                       await _join(server.ws_url, table, invite, "Ann"),
                       await _join(server.ws_url, table, invite, "Ann"),
                       await _join(server.ws_url, table, invite, None)]
            return answers

        bot, invisible, ann, again, nameless = asyncio.run(go())
        assert bot["type"] == "error" and "join: $.name: 'greedy' is the name of an installed bot" in bot["message"]
        assert invisible["type"] == "error" and "ZERO WIDTH SPACE" in invisible["message"]
        assert ann["type"] == "welcome" and ann["seat"] == 0
        assert again["type"] == "error" and "'Ann' already sits at this table (seat 0)" in again["message"]
        assert nameless["type"] == "welcome" and nameless["seat"] == 1
        assert [s["name"] for s in nameless["table"]["seats"]] [:3] == ["Ann", f"guest-{table}-south", None]
