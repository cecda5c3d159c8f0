"""A seat played by an external program speaking mjai (``--bots mjai:COMMAND``), against a small bot of the tests.

The bot (``mjai_bots/tsumogiri.py``) discards what it draws; its modes answer nonsense, end, or sleep at its
first decision.  Each game is simulated in-process and its log audited.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections import Counter
from pathlib import Path

import pytest

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_formats.mjai import code_of

BOT = Path(__file__).resolve().parent / "mjai_bots" / "tsumogiri.py"
SEAT = 1


def _play(tmp_path: Path, mode: str = "", deals: int = 3) -> tuple[Path, list[dict], list[dict]]:
    """Play seat 1 by the bot; the log, its events, and the messages the bot was sent."""
    seen = tmp_path / "seen.jsonl"
    command = " ".join(shlex.quote(w) for w in (sys.executable, str(BOT), mode or "plain", str(seen)))
    out = tmp_path / "logs"
    assert main(["simulate", "--ruleset", "riichi_tenhou", "--seed", "3", "--max-deals", str(deals), "--out",
                 str(out), "--bots", f"greedy,mjai:{command},greedy,greedy"]) == 0
    log = next(out.glob("*.jsonl"))
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    messages = [json.loads(line) for line in seen.read_text(encoding="utf-8").splitlines()]
    return log, events, messages


def _own_turns(events: list[dict]) -> list[tuple[str, str]]:
    """Seat 1's draws and its discards, in order."""
    return [("draw", e["tile"]) if e["type"] in ("draw", "replacement") else ("discard", e["tile"])
            for e in events if (e["type"] in ("draw", "replacement") and e.get("seat") == SEAT)
            or (e["type"] == "decision" and e.get("actor") == SEAT and e.get("action") == "discard")]


def test_a_game_against_an_mjai_program_is_played_by_its_answers_and_audits(tmp_path: Path) -> None:
    log, events, messages = _play(tmp_path)
    head = events[0]
    assert head["seats"][SEAT] == {"seat": SEAT, "name": f"mjai-{SEAT}", "kind": "human"}
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()
    turns = _own_turns(events)
    drawn_then_discarded = [(a[1], b[1]) for a, b in zip(turns, turns[1:], strict=False)
                            if a[0] == "draw" and b[0] == "discard"]
    assert drawn_then_discarded and all(d.replace("0", "5") == t.replace("0", "5") for d, t in drawn_then_discarded)
    assert messages[0] == {"type": "start_game", "id": SEAT}
    assert [m["type"] for m in messages].count("start_kyoku") == 3 and messages[-1] == {"type": "end_game"}


def test_the_program_is_sent_its_own_view_only(tmp_path: Path) -> None:
    _, events, messages = _play(tmp_path)
    for message in messages:
        if message["type"] == "start_kyoku":
            for seat, hand in enumerate(message["tehais"]):
                assert (set(hand) == {"?"}) == (seat != SEAT), message
        if message["type"] == "tsumo":
            assert (message["pai"] == "?") == (message["actor"] != SEAT), message
    ours = [Counter(code_of(p) for p in m["tehais"][SEAT]) for m in messages if m["type"] == "start_kyoku"]
    dealt = [Counter(e["hands"][SEAT]) for e in events if e["type"] == "hands"]
    assert len(ours) == len(dealt) and all(not (a - b) and a.total() == 13 for a, b in zip(ours, dealt, strict=True))


@pytest.mark.parametrize(("mode", "said"), [("nonsense", "not an mjai message"), ("dies", "ended (exit status 3)")])
def test_an_answer_that_is_no_move_or_a_program_that_ends_gets_the_safe_move(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, said: str) -> None:
    log, events, _ = _play(tmp_path, mode, deals=2)
    err = capsys.readouterr().err
    assert f"mjai seat {SEAT} (" in err and said in err and "the seat plays the safe move" in err
    assert "Traceback" not in err
    turns = _own_turns(events)
    first = next(i for i, t in enumerate(turns) if t[0] == "draw")
    assert turns[first + 1][0] == "discard"  # the safe move: the drawn tile discarded
    assert turns[first + 1][1].replace("0", "5") == turns[first][1].replace("0", "5")
    assert check(str(log), "audit").ok


def test_an_answer_too_late_gets_the_safe_move_and_the_program_is_stopped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import mahjong_formats.mjai_player as mjai_player

    monkeypatch.setattr(mjai_player, "DEFAULT_SECONDS", 0.5)
    log, _, _ = _play(tmp_path, "slow", deals=1)
    err = capsys.readouterr().err
    assert "gave no answer within 0.5 s; the seat plays the safe move from now on" in err
    assert check(str(log), "audit").ok


def test_a_program_starting_slowly_is_not_late(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer to ``start_game`` waits for the program to start: 1.5 s there is no fault under a 0.5 s clock,
    and the program goes on playing its own moves."""
    import mahjong_formats.mjai_player as mjai_player

    monkeypatch.setattr(mjai_player, "DEFAULT_SECONDS", 0.5)
    log, events, _ = _play(tmp_path, "slowstart", deals=1)
    assert "gave no answer" not in capsys.readouterr().err
    turns = _own_turns(events)
    assert all(turns[i + 1][1] == turns[i][1] for i in range(len(turns) - 1) if turns[i][0] == "draw"
               and turns[i + 1][0] == "discard")
    assert check(str(log), "audit").ok


@pytest.mark.parametrize(("bots", "said"), [
    ("greedy,mjai:,greedy,greedy", "--bots[1]"),
    ("greedy,nosuch:x,greedy,greedy", "no installed bot 'nosuch' takes an argument"),
    ("greedy,mjai:/no/such/program,greedy,greedy", "cannot start"),
])
def test_a_bad_mjai_seat_is_named_before_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str], bots: str,
                                                  said: str) -> None:
    code = main(["simulate", "--ruleset", "riichi_tenhou", "--seed", "3", "--bots", bots, "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and said in err and "Traceback" not in err, err


def test_the_red_five_the_program_names_is_the_copy_let_go() -> None:
    """A hand holding a plain and a red 5m: ``5mr`` lets go of the red one, ``5m`` of the plain one, and a red
    copy the hand does not hold is no move (a person's click on a red five is judged the same way)."""
    from mahjong_core import Action, Game, load_ruleset, make_bots
    from mahjong_core.table.state import Seat
    from mahjong_formats.mjai_player import MjaiPlayer

    table = Game(load_ruleset("riichi_tenhou"), make_bots(["greedy"] * 4, 1), 1).table
    assert table.tiles is not None
    five = table.tiles.codes().index("5m")
    table.seats = [Seat() for _ in range(4)]
    seat = table.seats[SEAT]
    seat.counts[five] = 2
    seat.marked[:] = [five]
    player = MjaiPlayer(name="mjai-1", argument=shlex.join([sys.executable, "-c", "pass"]), seat=SEAT)
    player.report = lambda message: None
    try:
        offered = [Action("discard", five)]

        def answer(pai: str) -> Action | None:
            return player._action({"type": "dahai", "actor": SEAT, "pai": pai, "tsumogiri": True}, table, offered,
                                  "turn")

        assert answer("5mr") == offered[0].marking((five,))
        assert answer("5m") == offered[0]
        seat.marked[:] = []
        assert answer("5mr") is None and "which the hand does not hold" in player.faults[-1]
    finally:
        player.close()


def test_two_programs_at_one_table_are_each_told_the_game(tmp_path: Path) -> None:
    seen = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    commands = [" ".join(shlex.quote(w) for w in (sys.executable, str(BOT), "plain", str(s))) for s in seen]
    out = tmp_path / "logs"
    assert main(["simulate", "--ruleset", "riichi_tenhou", "--seed", "3", "--max-deals", "1", "--out", str(out),
                 "--bots", f"mjai:{commands[0]},greedy,mjai:{commands[1]},greedy"]) == 0
    assert check(str(next(out.glob("*.jsonl"))), "audit").ok
    for seat, path in zip((0, 2), seen, strict=True):
        told = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert told[0] == {"type": "start_game", "id": seat} and told[-1] == {"type": "end_game"}
        assert any(m["type"] == "start_kyoku" for m in told)
