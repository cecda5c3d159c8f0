"""``mahjong mjai-bot NAME``: an installed bot of ours answering mjai messages, one line for each.

Hand-written message streams check the answers (a riichi, a chow with a red five, a win on a discard, lines it
cannot take) and that the bot is never shown another seat's concealed tiles; a whole game against our own
``mjai:`` seat checks that the program plays, decision by decision, as the same bot seated in-process.
"""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Action, Table
from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_formats.mjai_bot import MjaiBot, run

HIDDEN = ["?"] * 13
#: A ready concealed hand: 123m 456m 789p 23s 99s, waiting on 1s and 4s (pinfu).
READY = ["1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2s", "3s", "9s", "9s"]


def _start(seat: int, hand: list[str], oya: int = 0) -> list[dict[str, Any]]:
    tehais = [list(HIDDEN) for _ in range(4)]
    tehais[seat] = hand
    return [{"type": "start_game", "id": seat},
            {"type": "start_kyoku", "bakaze": "E", "kyoku": oya + 1, "honba": 0, "kyotaku": 0, "oya": oya,
             "dora_marker": "N", "scores": [25000] * 4, "tehais": tehais}]


def _answers(messages: Sequence[dict[str, Any] | str], bot: MjaiBot) -> tuple[list[dict[str, Any]], list[str]]:
    """Each message's answer, and the errors reported."""
    answers, errors = [], []
    for number, message in enumerate(messages, 1):
        line = message if isinstance(message, str) else json.dumps(message)
        answer, error = bot.answer_line(line, number)
        answers.append(answer)
        if error is not None:
            errors.append(error)
    return answers, errors


class _Picker:
    """A bot of the tests: the first option of the kind it is told to take, else the first discard, else a pass."""

    def __init__(self, wanted: str) -> None:
        self.wanted = wanted
        self.name, self.kind = "picker", "picker"
        self.tables: list[tuple[Table, int]] = []

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        self.tables.append((table, seat))
        for kind in (self.wanted, "discard", "pass"):
            for option in options:
                if option.kind == kind:
                    return option
        return options[-1]


def _picker_bot(wanted: str) -> tuple[MjaiBot, _Picker]:
    picker = _Picker(wanted)
    return MjaiBot("picker", factory=lambda rng, name: picker), picker


def test_a_ready_concealed_hand_declares_riichi_then_discards_the_tile_the_declaration_was_for() -> None:
    messages = [*_start(0, READY), {"type": "tsumo", "actor": 0, "pai": "E"}]
    bot = MjaiBot("greedy")
    answers, errors = _answers(messages, bot)
    assert errors == []
    assert answers == [{"type": "none"}, {"type": "none"}, {"type": "reach", "actor": 0}]
    answers, errors = _answers([{"type": "reach", "actor": 0}], bot)
    assert errors == [] and answers == [{"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True}]


def test_a_winning_discard_is_won_on_and_a_plain_discard_is_passed() -> None:
    messages = [*_start(1, READY), {"type": "tsumo", "actor": 0, "pai": "?"},
                {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
                {"type": "tsumo", "actor": 1, "pai": "W"}, {"type": "reach", "actor": 1},
                {"type": "dahai", "actor": 1, "pai": "W", "tsumogiri": True},
                {"type": "reach_accepted", "actor": 1, "deltas": [0, -1000, 0, 0],
                 "scores": [25000, 24000, 25000, 25000]},
                {"type": "tsumo", "actor": 2, "pai": "?"},
                {"type": "dahai", "actor": 2, "pai": "4s", "tsumogiri": False}]
    answers, errors = _answers(messages, MjaiBot("greedy"))
    assert errors == []
    assert answers[3] == {"type": "none"}  # North: nothing to claim
    assert answers[4] == {"type": "reach", "actor": 1}  # its own draw leaves it ready: greedy declares
    assert answers[5] == {"type": "dahai", "actor": 1, "pai": "W", "tsumogiri": True}
    assert answers[6:-1] == [{"type": "none"}] * 3
    assert answers[-1] == {"type": "hora", "actor": 1, "target": 2, "pai": "4s"}


@pytest.mark.parametrize(("fives", "consumed"), [(["5mr"], ["5mr", "6m"]), (["5m", "5mr"], ["5m", "6m"])])
def test_a_chow_names_the_copies_it_takes_a_red_five_where_it_is_the_only_five(fives: list[str],
                                                                                consumed: list[str]) -> None:
    hand = ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", *fives, "6m", "E", "E"][:13]
    bot, _ = _picker_bot("chow")
    messages = [*_start(1, hand), {"type": "tsumo", "actor": 0, "pai": "?"},
                {"type": "dahai", "actor": 0, "pai": "4m", "tsumogiri": False}]
    answers, errors = _answers(messages, bot)
    assert errors == []
    assert answers[-1] == {"type": "chi", "actor": 1, "target": 0, "pai": "4m", "consumed": consumed}
    answers, errors = _answers([answers[-1]], bot)  # the server confirms the call: the seat discards
    assert errors == [] and answers[0]["type"] == "dahai" and answers[0]["tsumogiri"] is False
    assert answers[0]["pai"] not in ("4m", "7m")  # kuikae: the rules offer no swap of the called tile


def test_the_bot_is_never_shown_another_seats_concealed_tiles() -> None:
    bot, picker = _picker_bot("discard")
    messages = [*_start(2, READY), {"type": "tsumo", "actor": 0, "pai": "?"},
                {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
                {"type": "tsumo", "actor": 1, "pai": "?"},
                {"type": "dahai", "actor": 1, "pai": "W", "tsumogiri": False},
                {"type": "tsumo", "actor": 2, "pai": "S"}]
    answers, errors = _answers(messages, bot)
    assert errors == [] and answers[-1]["type"] == "dahai"
    [(table, seat)] = picker.tables
    assert seat == 2 and sum(table.seats[2].counts) == 14
    assert [sum(table.seats[s].counts) for s in (0, 1, 3)] == [0, 0, 0]
    assert [len(table.seats[s].discards) for s in range(4)] == [1, 1, 0, 0]  # the public table is there


def test_lines_it_cannot_take_are_named_with_their_line_and_answered_none() -> None:
    out, err = io.StringIO(), io.StringIO()
    lines = ["not json", json.dumps({"type": "dahai", "actor": 0, "pai": "1m"}),
             *[json.dumps(m) for m in _start(1, READY)],
             json.dumps({"type": "tsumo", "actor": 0, "pai": "?"}),
             json.dumps({"type": "dahai", "actor": 0, "pai": "1x"}),
             json.dumps({"type": "dahai", "actor": 1, "pai": "9m"}),  # not the seat's tile
             json.dumps({"type": "dahai", "actor": 0, "pai": "4s"})]  # taken: the seat wins on it
    assert run("greedy", stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, stderr=err) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(lines)
    assert answers[:-1] == [{"type": "none"}] * (len(lines) - 1)
    assert answers[-1] == {"type": "hora", "actor": 1, "target": 0, "pai": "4s"}
    errors = err.getvalue().splitlines()
    assert [e.split(":")[1].strip() for e in errors] == ["line 1", "line 2", "line 6", "line 7"]
    assert "expected one JSON object a line" in errors[0]
    assert "before start_game" in errors[1]
    assert "'1x' is not an mjai tile" in errors[2]
    assert "seat 1 gives up 9m, which its hand" in errors[3]
    assert "Traceback" not in err.getvalue()


def test_the_command_answers_one_line_a_message_and_refuses_an_unknown_bot() -> None:
    lines = [json.dumps(m) for m in _start(0, READY)] + [json.dumps({"type": "tsumo", "actor": 0, "pai": "E"})]
    done = subprocess.run([sys.executable, "-m", "mahjong_core", "mjai-bot", "greedy"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == [
        {"type": "none"}, {"type": "none"}, {"type": "reach", "actor": 0}]
    unknown = subprocess.run([sys.executable, "-m", "mahjong_core", "mjai-bot", "greedi"], input="",
                             capture_output=True, text=True, timeout=120)
    assert unknown.returncode == 2 and "did you mean 'greedy'?" in unknown.stderr


def _decisions(log: Path) -> list[dict[str, Any]]:
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [{k: v for k, v in e.items() if k not in ("n", "t", "after_ms")} for e in events
            if e.get("type") == "decision"]


def test_a_whole_game_against_our_mjai_seat_is_the_game_greedy_plays_in_process(tmp_path: Path) -> None:
    """Seat 1 is ``mjai-bot greedy`` behind our ``mjai:`` seat.  The greedy bot reads only its options, its own
    hand and the public table, so every decision -- riichi, folds, calls, a concealed kong -- must be the one an
    in-process greedy seat makes, and the two games the same game (seed 7 has riichi declarations, a concealed
    kong laid face down after one, and red fives called)."""
    seed = "7"
    program = " ".join(shlex.quote(w) for w in (sys.executable, "-m", "mahjong_core", "mjai-bot", "greedy",
                                                "--seed", seed))
    for name, bots in (("mjai", f"greedy,mjai:{program},greedy,greedy"), ("greedy", "greedy,greedy,greedy,greedy")):
        assert main(["simulate", "--ruleset", "riichi_tenhou", "--seed", seed, "--out", str(tmp_path / name),
                     "--bots", bots]) == 0
    played, alone = (next((tmp_path / name).glob("*.jsonl")) for name in ("mjai", "greedy"))
    verdict = check(str(played), "audit")
    assert verdict.ok, verdict.text()
    ours, theirs = _decisions(played), _decisions(alone)
    assert sum(1 for d in ours if d["actor"] == 1) > 200
    assert {d.get("action") for d in ours if d["actor"] == 1} >= {"discard", "riichi", "pung", "chow"}
    assert ours == theirs


def test_at_a_tcp_server_it_joins_the_room_and_answers_over_the_connection() -> None:
    """gimite's mjai server greets each connection with ``hello`` and starts its player commands with the server's
    ``mjsonp://HOST:PORT/ROOM`` appended; a server of the test plays that part."""
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    heard: list[dict[str, Any]] = []

    def serve() -> None:
        connection, _ = server.accept()
        with connection, connection.makefile("rw", encoding="utf-8", newline="\n") as line:
            for message in [{"type": "hello", "protocol": "mjsonp", "protocol_version": 1}, *_start(0, READY),
                            {"type": "tsumo", "actor": 0, "pai": "E"}]:
                line.write(json.dumps(message) + "\n")
                line.flush()
                heard.append(json.loads(line.readline()))
        server.close()

    thread = threading.Thread(target=serve)
    thread.start()
    err = io.StringIO()
    assert run("greedy", url=f"mjsonp://127.0.0.1:{port}/room-1", name="ours", stderr=err) == 0
    thread.join(timeout=60)
    assert heard == [{"type": "join", "name": "ours", "room": "room-1"}, {"type": "none"}, {"type": "none"},
                     {"type": "reach", "actor": 0}]
    assert err.getvalue() == ""


def test_a_bot_that_fails_or_chooses_what_is_not_offered_is_named_and_answered_none() -> None:
    class Broken:
        name, kind = "broken", "broken"

        def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
            raise RuntimeError("no idea")

    class Wrong(Broken):
        def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
            return Action("discard", 33)  # red dragon: not in the hand

    for bot, said in ((Broken(), "the bot 'x' failed: RuntimeError: no idea"),
                      (Wrong(), "the bot 'x' chose discard 7z, which the rules do not offer here")):
        player = MjaiBot("x", factory=lambda rng, name, bot=bot: bot)
        answers, errors = _answers([*_start(0, READY), {"type": "tsumo", "actor": 0, "pai": "E"}], player)
        assert answers[-1] == {"type": "none"}
        assert len(errors) == 1 and errors[0].startswith("mjai-bot: line 3: ") and said in errors[0], errors
