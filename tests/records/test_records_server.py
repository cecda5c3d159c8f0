"""The live server records every finished game (``mahjong serve --db``) and shows the standings in its lobby.

Real server processes on loopback: a game a person plays to its end through
the websocket is recorded with the person's name; a game that finished while
the server ran without a database is recorded when it starts with one; two
servers recording into one PostgreSQL database at once lose nothing; and
every time, rebuilding the index from the servers' logs alone gives the same
rows.  The lobby's standings are checked in Debian's chromium.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, Server, play_seat, running
from postgres import Cluster

from mahjong_records.db import open_db
from mahjong_records.standings import standings as records_standings
from mahjong_records.store import dump, rebuild


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    pg = Cluster()
    try:
        yield pg
    finally:
        pg.stop()


def create(server: Server, seats: list[dict[str, str]], ruleset: str = "harbin", length: str = "deal",
           seed: int = 1) -> dict[str, Any]:
    """Open a table; a table of bots is given ``seed``, one where a person sits draws its own (it takes none)."""
    request: dict[str, Any] = {"ruleset": ruleset, "length": length, "seats": seats}
    if all(seat["kind"] != "human" for seat in seats):
        request["seed"] = seed
    created: dict[str, Any] = server.post("/api/tables", request)
    assert "table" in created, created
    return created


def wait_finished(server: Server, tables: list[str], timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status = {t["id"]: t["status"] for t in server.get("/api/tables")["tables"]}
        assert not [t for t in tables if status.get(t) == "failed"], status
        if all(status.get(t) == "finished" for t in tables):
            return
        time.sleep(0.1)
    raise AssertionError(f"tables not finished after {timeout} s")


def wait_recorded(url: str, games: int, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    rows: dict[str, Any] = {}
    database = open_db(url)
    try:
        while time.monotonic() < deadline:
            rows = dump(database)
            if len(rows["games"]) >= games:
                return rows
            time.sleep(0.2)
    finally:
        database.close()
    raise AssertionError(f"{len(rows.get('games', []))} games recorded after {timeout} s, expected {games}")


def standings(server: Server, ruleset: str | None = None) -> Any:
    query = f"?ruleset={urllib.parse.quote(ruleset)}" if ruleset else ""
    return server.get(f"/api/standings{query}")


def test_a_finished_live_game_is_recorded_with_the_players_names(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite'}"
    data = tmp_path / "data"
    with running(data, "--db", db) as server:
        person = create(server, [{"kind": "human", "name": "Anna"}, {"kind": "greedy"}, {"kind": "greedy"},
                                 {"kind": "random"}])
        bots = create(server, [{"kind": "greedy"}] * 4, seed=2)
        seat = person["seats"][0]
        asyncio.run(play_seat(server.ws_url, person["table"], seat["token"]))
        wait_finished(server, [person["table"], bots["table"]])
        rows = wait_recorded(db, 2)
        answer = standings(server, "harbin")
        assert standings(server)["rulesets"][0]["games"] == 2
    names = {r[2] for r in rows["game_seats"]}
    assert names == {"Anna", "greedy-0", "greedy-1", "greedy-2", "greedy-3", "random-3"}
    assert seat["token"] not in json.dumps(rows)  # seat tokens are never stored
    (table,) = answer["tables"]
    assert table["games"] == 2 and "Anna" in [p["name"] for p in table["players"]]
    rebuilt = open_db(f"sqlite:///{tmp_path / 'rebuilt.sqlite'}")
    assert [r.status for r in rebuild(rebuilt, [data])] == ["recorded", "recorded"]
    assert dump(rebuilt) == rows
    assert [t.to_json() for t in records_standings(rebuilt, "harbin")] == answer["tables"]


def _play_one_deal(tmp_path: Path, data: str, db: str, recorded: int, *name: str) -> str:
    """``mahjong play`` for one deal, the person's seat played to the end, until the database holds ``recorded``
    games; returns the line naming the person."""
    proc = subprocess.Popen([sys.executable, "-m", "mahjong_core", "play", "--ruleset", "harbin", "--length", "deal",
                             "--no-browser", "--bot-pace", "0", "--data", str(tmp_path / data), "--db", db, *name],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("your table: http://127.0.0.1:"), line + (proc.stderr.read() if proc.stderr else "")
        said = proc.stdout.readline()
        url = line.split()[2]
        base, token = url.split("#token=")
        messages = asyncio.run(play_seat(base.split("/table/")[0].replace("http://", "ws://"),
                                         base.rsplit("/", 1)[1], token))
        assert messages[-1]["status"] == "finished"
        wait_recorded(db, recorded)
    finally:
        proc.terminate()
        proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream:
                stream.close()
    return said


def test_mahjong_play_records_the_finished_game_in_the_database_it_is_given(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'home.sqlite'}"
    said = _play_one_deal(tmp_path, "data", db, 1, "--name", "Анна Петрова")
    assert said.startswith("(you play as Анна Петрова;")
    _play_one_deal(tmp_path, "data", db, 2, "--name", "Анна Петрова")
    # Nameless people are guests of their own table: two of them are two players, never one shared name.
    said = _play_one_deal(tmp_path, "data", db, 3)
    assert said.startswith("(you play as guest-") and "--name NAME" in said
    _play_one_deal(tmp_path, "data", db, 4)
    rows = wait_recorded(db, 4)
    people = sorted(r[2] for r in rows["game_seats"] if r[3] == "human")
    assert len(people) == 4 and people[2:] == ["Анна Петрова", "Анна Петрова"]
    guests = people[:2]
    assert guests[0] != guests[1] and all(g.startswith("guest-") and g.endswith("-north") for g in guests)
    table = json.loads(subprocess.run([sys.executable, "-m", "mahjong_core", "standings", "--ruleset", "harbin",
                                       "--db", db, "--json"], capture_output=True, text=True, timeout=120,
                                      check=True).stdout)["tables"][0]
    by_name = {p["name"]: p for p in table["players"]}
    assert by_name["Анна Петрова"]["games"] == 2 and by_name["Анна Петрова"]["kinds"] == ["human"]
    assert all(by_name[g]["games"] == 1 for g in guests) and "you" not in by_name
    ema = subprocess.run([sys.executable, "-m", "mahjong_core", "records", "export", "--ruleset", "harbin",
                          "--db", db, "--json"], capture_output=True, text=True, timeout=120, check=True)
    exported = {row["Name"]: row for row in json.loads(ema.stdout)["rows"]}
    assert exported["Анна Петрова"]["Games"] == 2 and {*guests} <= exported.keys()
    for bad, why in (("", "empty"), ("x" * 41, "at most 40"), ("greedy", "installed bot"),
                     ("guest-1", "kept for people who give no name"), ("Ann\u200b", "ZERO WIDTH SPACE")):
        refused = subprocess.run([sys.executable, "-m", "mahjong_core", "play", "--ruleset", "harbin", "--no-browser",
                                  "--data", str(tmp_path / "data3"), "--name", bad], capture_output=True, text=True,
                                 timeout=60, check=False)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1 and "--name" in refused.stderr and why in refused.stderr
    bad = subprocess.run([sys.executable, "-m", "mahjong_core", "play", "--ruleset", "harbin", "--no-browser",
                          "--data", str(tmp_path / "data2"), "--db", "nosuchdriver://x"], capture_output=True,
                         text=True, timeout=60, check=False)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr


def test_the_lobby_refuses_an_unknown_ruleset_and_a_server_without_a_database_says_so(tmp_path: Path) -> None:
    import urllib.error
    import urllib.request

    with running(tmp_path / "data", "--db", str(tmp_path / "r.sqlite")) as server:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + "/api/standings?ruleset=harbim", timeout=10)
        assert refused.value.code == 400
        assert "did you mean 'harbin'" in json.loads(refused.value.read())["error"]
    with running(tmp_path / "plain") as server:
        assert standings(server) == {"enabled": False}


def test_games_that_finished_without_a_database_are_recorded_when_it_is_given(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with running(data) as server:
        table = create(server, [{"kind": "greedy"}] * 4, seed=5)["table"]
        wait_finished(server, [table])
    db = str(tmp_path / "later.sqlite")
    with running(data, "--db", db):
        rows = wait_recorded(db, 1)
    assert rows["games"][0][1] == str((data / "tables" / table / "game.jsonl").resolve())
    with running(data, "--db", db):  # started again: the game is recorded once
        time.sleep(1.0)
    assert dump(open_db(db)) == rows


def test_a_server_with_a_bad_database_stops_with_one_line(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "mahjong_core", "serve", "--port", "0", "--data",
                             str(tmp_path / "d"), "--db", "postgresql://nobody@127.0.0.1:1/x"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "cannot reach or use the database" in result.stderr
    assert "serving on" not in result.stdout


def test_two_servers_recording_into_one_postgresql_database_lose_nothing(tmp_path: Path, cluster: Cluster) -> None:
    url = cluster.database()
    per_server = 6
    with running(tmp_path / "a", "--db", url) as a, running(tmp_path / "b", "--db", url) as b:
        made = {server: [create(server, [{"kind": "greedy"}, {"kind": "random"}, {"kind": "greedy"},
                                         {"kind": "random"}], length="round", seed=100 * n + k)["table"]
                         for k in range(per_server)]
                for n, server in enumerate((a, b))}
        for server, tables in made.items():
            wait_finished(server, tables)
        rows = wait_recorded(url, 2 * per_server)
    assert len(rows["games"]) == 2 * per_server
    assert len(rows["players"]) == 4  # the same four names from both servers: no duplicate, no failure
    assert len(rows["game_seats"]) == 8 * per_server
    assert len({g[0] for g in rows["games"]}) == 2 * per_server
    for g in rows["games"]:
        deals = [d for d in rows["deals"] if d[0] == g[0]]
        assert len(deals) == g[9] and g[10] == 1  # every deal of a one-round game
    fresh = open_db(cluster.database())
    assert [r.status for r in rebuild(fresh, [tmp_path / "a", tmp_path / "b"])] == ["recorded"] * 2 * per_server
    assert dump(fresh) == rows


def test_the_lobby_shows_the_standings(tmp_path: Path, browser: Any) -> None:
    db = str(tmp_path / "club.sqlite")
    with running(tmp_path / "data", "--db", db) as server:
        tables = [create(server, [{"kind": "greedy"}, {"kind": "random"}, {"kind": "greedy"}, {"kind": "random"}],
                         ruleset="piter", seed=s)["table"] for s in (1, 2)]
        wait_finished(server, tables)
        wait_recorded(db, 2)
        expected = standings(server, "piter")["tables"][0]
        page = browser.new_page(viewport={"width": 1280, "height": 1100})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.wait_for_selector("#standings table.standings")
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#standings").screenshot(path=str(ARTIFACTS / "lobby-standings.png"))
        captions = page.eval_on_selector_all("#standings caption", "cs => cs.map(c => c.textContent)")
        first = page.eval_on_selector_all("#standings table.standings:first-of-type tbody tr",
                                          "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
        page.close()
    assert not errors
    assert captions[:2] == ["Players", "Pairs"] and "000 line 289" in captions[2]
    assert [row[1] for row in first] == [p["name"] for p in expected["players"]]
    assert [row[5] for row in first] == [str(p["score"]) for p in expected["players"]]


def test_the_lobby_shows_points_won_and_the_game_end_adjustment(tmp_path: Path, browser: Any) -> None:
    """Games of the test ruleset ``sticks_test`` (tests/money_plugin: 25,000 points each, an uma at the game's end)
    recorded into a database: the lobby's players table shows each player's points won over the 25,000 and, beside
    them, the part the payments at the games' ends made of them (records migration 0002's ``game_end``)."""
    from money_plugin.install import RULESET, on_path

    from mahjong_core.cli import main
    from mahjong_records.store import record_log

    db = str(tmp_path / "club.sqlite")
    with on_path(tmp_path / "site"):
        assert main(["simulate", "--ruleset", RULESET, "--seed", "300", "--games", "2", "--out",
                     str(tmp_path / "out")]) == 0
        database = open_db(db)
        for path in sorted((tmp_path / "out").glob("*.jsonl")):
            record_log(database, path)
        (table,) = records_standings(database, RULESET)
    expected = table.to_json()
    assert any(p["game_end"] for p in expected["players"])  # the uma moved points
    with running(tmp_path / "data", "--db", db) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/")
        page.wait_for_selector("#standings table.standings")
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#standings").screenshot(path=str(ARTIFACTS / "lobby-standings-game-end.png"))
        heading = page.inner_text("#standings h3")
        head = page.eval_on_selector_all("#standings table.standings:first-of-type thead th",
                                         "hs => hs.map(h => h.textContent)")
        rows = page.eval_on_selector_all("#standings table.standings:first-of-type tbody tr",
                                         "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
        page.close()
    assert not errors
    assert "each seat began with 25,000 points" in heading
    assert head[5:7] == ["points won", "of it at game end"]
    assert [row[1] for row in rows] == [p["name"] for p in expected["players"]]
    assert [row[5] for row in rows] == [str(p["score"]) for p in expected["players"]]
    assert [row[6] for row in rows] == [f"{p['game_end']:+d}" if p["game_end"] else "0" for p in expected["players"]]


def test_a_snapshot_reads_one_state_of_the_database_while_another_session_records(tmp_path: Path,
                                                                                   cluster: Cluster) -> None:
    """A reader of several tables (dump, standings) sees no game recorded after it began: no seats without
    their game, as read committed let a reader meet while two servers recorded."""
    from sqlalchemy import func, select

    from mahjong_core.log.simulate import play_game
    from mahjong_core.rules import load_ruleset
    from mahjong_records.schema import game_seats, games
    from mahjong_records.store import record_log

    logs = []
    for seed in (1, 2):
        path = tmp_path / f"g{seed}.jsonl"
        play_game(load_ruleset("harbin"), seed, ["greedy"] * 4, replay=path, max_deals=1)
        logs.append(path)
    url = cluster.database()
    reader, writer = open_db(url), open_db(url)
    try:
        record_log(writer, logs[0])
        with reader.snapshot() as conn:
            before = conn.execute(select(func.count()).select_from(games)).scalar_one()
            record_log(writer, logs[1])  # committed by another session, inside the reader's transaction
            seats = conn.execute(select(func.count()).select_from(game_seats)).scalar_one()
            again = conn.execute(select(func.count()).select_from(games)).scalar_one()
        assert (before, again, seats) == (1, 1, 4)
        assert len(dump(reader)["games"]) == 2  # a new snapshot sees both
    finally:
        reader.close()
        writer.close()
