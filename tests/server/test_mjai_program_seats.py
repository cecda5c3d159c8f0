"""An external program speaking mjai at a live table (``mahjong serve --program NAME=mjai:COMMAND``, ``mahjong play
--bot mjai:COMMAND``): a real server process, a real websocket, a real program run as a subprocess.

The program is the formats tests' small mjai bot (``tests/formats/mjai_bots/tsumogiri.py``: it lets go of what it
draws; its modes answer nonsense, end, or sleep at their first decision), which writes every message it is sent
to a file, so the test sees exactly what it was told.  Each table's log must audit clean; a program that fails
must not hang the table, and where the ruleset keeps a clock its failure is the log's ``timeout``.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from collections import Counter
from pathlib import Path

from live_server import Server, kill_mid_deal, play_seat, running

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.format import read_log
from mahjong_formats.mjai import code_of

BOT = Path(__file__).resolve().parents[1] / "formats" / "mjai_bots" / "tsumogiri.py"
#: riichi_tenhou with a clock of one second a move and a claim (the ruleset names its timeout's action).
CLOCKED = """id: clocked_tenhou
version: 1.0.0
name: Tenhou with a clock
extends: riichi_tenhou
parameters:
  timing: {value: {move_seconds: 1, claim_seconds: 1}, assumption: "a test's clock, short so a slow program is seen"}
"""


def _program(mode: str, seen: Path) -> str:
    return "mjai:" + " ".join(shlex.quote(w) for w in (sys.executable, str(BOT), mode, str(seen)))


def _status(messages: list[dict]) -> str:
    """The table's status as a spectator last heard it (a table of bots may be over before it joins)."""
    last = messages[-1]
    return str(last["status"] if last["type"] == "status" else last["table"]["status"])


def _events(log: Path) -> list[dict]:
    return read_log(log).events


def test_a_person_plays_a_deal_against_an_mjai_program_over_a_websocket_and_the_log_audits(tmp_path: Path) -> None:
    seen = tmp_path / "seen.jsonl"
    with running(tmp_path / "data", "--program", f"tsumogiri={_program('plain', seen)}") as server:
        refused = server.create("riichi_tenhou", ["human", "mjai:/bin/sh", "greedy", "greedy"])
        assert refused["status"] == 400  # a client never names a command, only what the operator offers
        refused = server.create("riichi_tenhou", ["human", "tsumogiri2", "greedy", "greedy"])
        assert refused["status"] == 400 and "programs this server offers: tsumogiri" in refused["error"]
        created = server.create("riichi_tenhou", ["human", "tsumogiri", "greedy", "greedy"])
        assert [s["seat"] for s in created["seats"]] == [0]  # only the person's seat has a token
        table, token = created["table"], created["seats"][0]["token"]
        messages = asyncio.run(play_seat(server.ws_url, table, token))
        assert messages[-1] == {"type": "status", "status": "finished", "error": None}
        log = server.log(table)
        seats = json.loads((log.parent / "seats.json").read_text(encoding="utf-8"))
    assert seats["programs"] == {"1": "tsumogiri"} and "mjai:" not in json.dumps(seats)
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.error
    head = read_log(log).header
    assert head["seats"][1] == {"seat": 1, "name": "tsumogiri-1", "kind": "human"}
    events = _events(log)
    # The program's moves are the log's: each of its discards is the tile it had just drawn.
    drawn: dict[int, str] = {}
    discards = 0
    for e in events:
        if e["type"] in ("draw", "replacement"):
            drawn[e["seat"]] = e["tile"]
        if e["type"] == "decision" and e["actor"] == 1 and e["action"] == "discard":
            assert e["tile"] == drawn[1]
            assert isinstance(e.get("after_ms", 0), int)
            discards += 1
    told = [json.loads(line) for line in seen.read_text(encoding="utf-8").splitlines()]
    assert discards and told[0] == {"type": "start_game", "id": 1} and told[-1] == {"type": "end_game"}
    # Its own view only: every other seat's dealt tiles and draws are "?", its own are the log's.
    hands = next(e["hands"] for e in events if e["type"] == "hands")
    start = next(m for m in told if m["type"] == "start_kyoku")
    assert [set(h) == {"?"} for h in start["tehais"]] == [True, False, True, True]
    assert Counter(code_of(p) for p in start["tehais"][1]) == Counter(hands[1])
    others = [m for m in told if m["type"] == "tsumo" and m["actor"] != 1]
    assert others and all(m["pai"] == "?" for m in others)
    assert all(m["pai"] != "?" for m in told if m["type"] == "tsumo" and m["actor"] == 1)
    # ...and every seat's discards carry their true tsumogiri flag (a discard of the tile just drawn).
    flags = [m["tsumogiri"] for m in told if m["type"] == "dahai"]
    assert True in flags and False in flags


def test_a_program_that_answers_nonsense_or_ends_does_not_stop_the_table(tmp_path: Path) -> None:
    """riichi_tenhou keeps no clock: the program's own deadline bounds the wait, and its safe move is played."""
    server = Server(tmp_path / "data", "--program", f"talker={_program('nonsense', tmp_path / 'a.jsonl')}",
                    "--program", f"quitter={_program('dies', tmp_path / 'b.jsonl')}")
    try:
        created = server.create("riichi_tenhou", ["talker", "greedy", "quitter", "greedy"], seed=5)
        table = created["table"]
        messages = asyncio.run(play_seat(server.ws_url, table, None))  # a spectator, until the deal ends
        assert _status(messages) == "finished", messages[-1]
        log = server.log(table)
        server.proc.terminate()
        _, err = server.proc.communicate(timeout=20)
    finally:
        server.stop()
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.error
    assert [s["kind"] for s in read_log(log).header["seats"]] == ["human", "greedy", "human", "greedy"]
    # Each fault is said once, in the server's log, naming the table, the seat and what came; no traceback.
    assert f"table {table}: mjai seat 0 (" in err and "not an mjai message" in err
    assert f"table {table}: mjai seat 2 (" in err and "ended (exit status 3)" in err and "Traceback" not in err
    assert err.count("the seat plays the safe move") == 2


def test_a_program_too_slow_for_the_rulesets_clock_is_timed_out_and_the_log_says_so(tmp_path: Path) -> None:
    rule = tmp_path / "clocked.yaml"
    rule.write_text(CLOCKED, encoding="utf-8")
    server = Server(tmp_path / "data", "--house-rule", str(rule),
                    "--program", f"sleeper={_program('slow', tmp_path / 'seen.jsonl')}")
    try:
        created = server.create("clocked_tenhou", ["sleeper", "greedy", "greedy", "greedy"], seed=7)
        messages = asyncio.run(play_seat(server.ws_url, created["table"], None))
        assert _status(messages) == "finished", messages[-1]
        log = server.log(created["table"])
        server.proc.terminate()
        _, err = server.proc.communicate(timeout=20)
    finally:
        server.stop()
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.error
    events = _events(log)
    timeouts = [e for e in events if e["type"] == "timeout" and e["seat"] == 0]
    assert timeouts and all(e["limit_ms"] == 1000 for e in timeouts)
    # The first: the program overran; each later one: the program, stopped, can answer no more.
    late = [e for e in events if e["type"] == "decision" and e["actor"] == 0]
    assert late and all(e["after_ms"] > 1000 for e in late)
    assert "mjai seat 0 (" in err and "gave no answer within 1 s" in err and "Traceback" not in err


def test_play_refuses_a_program_it_cannot_run_before_it_starts(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "--ruleset", "riichi_tenhou", "--bot", "mjai:", "--no-browser"]) == 2
    assert "needs the command that starts the program" in capsys.readouterr().err
    assert main(["play", "--ruleset", "riichi_tenhou", "--bot", "nosuch:prog", "--no-browser"]) == 2
    assert "no installed bot 'nosuch' takes an argument" in capsys.readouterr().err
    assert main(["play", "--ruleset", "riichi_tenhou", "--bot", "mjai:'unclosed", "--no-browser"]) == 2
    assert "does not split as a shell would" in capsys.readouterr().err
    assert main(["play", "--ruleset", "riichi_tenhou", "--bot", "mjai:/no/such/bot --fast", "--no-browser"]) == 2
    assert "no program '/no/such/bot' to run" in capsys.readouterr().err
    assert main(["serve", "--program", "greedy=mjai:python3 bot.py"]) == 2  # a name that is an installed bot's
    assert "'greedy' cannot name a program" in capsys.readouterr().err


def test_a_table_with_a_program_resumes_after_a_crash_with_the_program_started_again(tmp_path: Path) -> None:
    """The log is the truth: a restarted server re-plays the program seat's recorded moves, tells the program started
    again the game from its start, and plays on; a server that no longer offers the program says so and leaves the
    table alone."""
    offer = ("--program", f"tsumogiri={_program('plain', tmp_path / 'seen.jsonl')}")
    data, table, token, before = kill_mid_deal(tmp_path / "data", "riichi_tenhou",
                                               ["human", "tsumogiri", "greedy", "greedy"], *offer, stop_after=4)
    bare = Server(data)
    try:
        assert bare.get("/api/tables") is not None  # started: the tables were looked at
        bare.proc.terminate()
        _, err = bare.proc.communicate(timeout=20)
    finally:
        bare.stop()
    assert f"table {table} cannot be resumed" in err and "which this server does not offer" in err
    assert bare.log(table).read_bytes() == before  # untouched
    with running(data, *offer) as again:
        messages = asyncio.run(play_seat(again.ws_url, table, token))
        assert messages[-1]["status"] == "finished", messages[-1]
        log = again.log(table)
    assert log.read_bytes().startswith(before)
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.error
    told = [json.loads(line) for line in (tmp_path / "seen.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [m for m in told if m["type"] == "start_game"] == [{"type": "start_game", "id": 1}] * 2


def test_mahjong_play_seats_an_mjai_program_at_each_other_seat(tmp_path: Path) -> None:
    import subprocess

    command = " ".join(shlex.quote(w) for w in (sys.executable, str(BOT), "plain"))
    proc = subprocess.Popen([sys.executable, "-m", "mahjong_core", "play", "--ruleset", "riichi_tenhou", "--length",
                             "deal", "--no-browser", "--bot-pace", "0", "--data", str(tmp_path / "data"), "--json",
                             "--bot", f"mjai:{command}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        opened = json.loads(proc.stdout.readline())
        base, token = opened["table"].split("#token=")
        table = base.rsplit("/", 1)[1]
        messages = asyncio.run(play_seat(opened["serving"].replace("http://", "ws://"), table, token))
        welcome = next(m for m in messages if m["type"] == "welcome")
        assert [s["kind"] for s in welcome["table"]["seats"]] == ["mjai", "mjai", "mjai", "human"]
        assert messages[-1]["status"] == "finished"
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    log = tmp_path / "data" / "tables" / table / "game.jsonl"
    assert [s["name"] for s in read_log(log).header["seats"][:3]] == ["mjai-0", "mjai-1", "mjai-2"]
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.error
    assert "Traceback" not in err and "mjai seat" not in err  # no program fault
