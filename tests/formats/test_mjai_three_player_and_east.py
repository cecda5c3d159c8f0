"""mjai logs of three-player games (sanma) and East-only games, in and out, and an mjai seat at a table of three.

The shared sample holds no three-player mjai log, so the games are our own, simulated under ``sanma_tenhou`` and
East-only house rules, exported and imported again; the two ways other tools write a three-player game are both
read (mahjong_formats.mjai's docstring): libriichi3p's and Akagi's, mjai's four seats with the fourth empty and
``nukidora`` (what the export writes), and RiichiEnv's, three seats and ``kita`` (made here from the export by
dropping the empty seat, as RiichiEnv's ``GameState3P`` writes a game).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mjai_layouts import riichienv_layout
from shared_files import REAL_LOGS

from mahjong_core import load_ruleset
from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.format import read_log
from mahjong_formats import mjai, tenhou6
from mahjong_formats.common import FormatError, play

BOTS = Path(__file__).parent / "mjai_bots"


def _simulate(tmp_path: Path, ruleset: str, seed: int) -> Path:
    out = tmp_path / "sim"
    assert main(["simulate", "--ruleset", ruleset, "--seed", str(seed), "--games", "1", "--out", str(out)]) == 0
    return next(out.glob("*.jsonl"))


def _moves(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    kept = ("decision", "draw", "replacement", "claim", "kong", "bonus_declared", "mahjong", "hands",
            "dora_indicator_shown", "deal_end")
    return [(e["type"], e.get("actor"), e.get("seat"), e.get("action"), e.get("tile"), e.get("hands"))
            for e in events if e["type"] in kept]



def _write(path: Path, messages: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(m, separators=(",", ":")) + "\n" for m in messages), encoding="utf-8")
    return path


def test_a_three_player_game_goes_out_as_mjai_and_comes_back_with_the_same_moves(tmp_path: Path) -> None:
    log = _simulate(tmp_path, "sanma_tenhou", 3)
    ours = read_log(str(log))
    text = mjai.export_log(str(log))
    messages = [json.loads(line) for line in text.splitlines()]
    assert messages[0] == {"type": "start_game", "names": ["greedy-0", "greedy-1", "greedy-2", ""]}
    first = next(m for m in messages if m["type"] == "start_kyoku")
    assert first["scores"] == [35000, 35000, 35000, 0] and first["tehais"][3] == ["?"] * 13
    assert all(p != "?" for hand in first["tehais"][:3] for p in hand)
    set_aside = [m for m in messages if m["type"] == "nukidora"]
    assert set_aside and all(m["pai"] == "N" for m in set_aside)
    assert len(set_aside) == sum(e["type"] == "decision" and e.get("action") == "declare_bonus" for e in ours.events)
    after = [messages[messages.index(m) + 1] for m in set_aside]  # the replacement, or a win on the North
    assert all(m["type"] in ("tsumo", "hora") and m["actor"] == k["actor"] or m["type"] == "hora"
               for m, k in zip(after, set_aside, strict=True))
    assert all(len(m["deltas"]) == 4 and m["deltas"][3] == 0 for m in messages if "deltas" in m)
    exported = _write(tmp_path / "game.mjson", messages)
    game = mjai.read_file(str(exported))[0]
    assert game.ruleset == "sanma_tenhou" and game.players == ["greedy-0", "greedy-1", "greedy-2"]
    played = play(game)
    assert played.differences == []  # every deal's change of points agrees with the deltas written
    assert _moves(played.events) == _moves(list(ours.events))
    imported = tmp_path / "imported.jsonl"
    imported.write_text(played.text(), encoding="utf-8")
    verdict = check(str(imported), "audit")
    assert verdict.ok, verdict.text()
    # and out again: the same messages
    assert mjai.export_text(played.header, played.events) == text


def test_riichienvs_three_seat_form_reads_as_the_same_game(tmp_path: Path) -> None:
    log = _simulate(tmp_path, "sanma_tenhou", 3)
    messages = [json.loads(line) for line in mjai.export_log(str(log)).splitlines()]
    padded = play(mjai.read_file(str(_write(tmp_path / "padded.mjson", messages)))[0])
    three = play(mjai.read_file(str(_write(tmp_path / "three.mjson", riichienv_layout(messages))))[0])
    assert three.differences == [] and _moves(three.events) == _moves(padded.events)
    assert three.header["source"]["recorded"] == padded.header["source"]["recorded"]


@pytest.mark.parametrize(("ruleset", "seed", "players"), [("riichi_tenhou", 2, 4), ("sanma_tenhou", 5, 3)])
def test_an_east_only_game_comes_back_under_its_house_rule(tmp_path: Path, ruleset: str, seed: int,
                                                          players: int) -> None:
    rule = tmp_path / "east.yaml"
    rule.write_text(tenhou6.east_only_text(ruleset, load_ruleset(ruleset).version), encoding="utf-8")
    log = _simulate(tmp_path, str(rule), seed)
    messages = [json.loads(line) for line in mjai.export_log(str(log)).splitlines()]
    assert {m["bakaze"] for m in messages if m["type"] == "start_kyoku"} == {"E"}
    game = mjai.read_file(str(_write(tmp_path / "east.mjson", messages)))[0]
    assert game.ruleset_text is not None and len(game.players) == players
    played = play(game)
    assert played.header["ruleset"]["id"] == f"{ruleset}_east"
    assert played.header["ruleset"]["sha256"] == read_log(str(log)).header["ruleset"]["sha256"]
    assert played.differences == [] and _moves(played.events) == _moves(list(read_log(str(log)).events))


def test_the_modern_four_player_sample_is_still_a_hanchan_of_riichi_tenhou() -> None:
    sample = REAL_LOGS / "mjai" / \
        "riichienv_126_204_0_mjai.jsonl"
    game = mjai.read_file(str(sample))[0]
    assert game.ruleset == "riichi_tenhou" and game.ruleset_text is None and len(game.players) == 4
    assert play(game).differences == []


def test_ruleset_names_the_rules_of_an_mjai_game(tmp_path: Path) -> None:
    log = _simulate(tmp_path, "sanma_tenhou", 3)
    exported = tmp_path / "game.mjson"
    exported.write_text(mjai.export_log(str(log)), encoding="utf-8")
    assert mjai.read_file(str(exported), "sanma_mahjong_soul")[0].ruleset == "sanma_mahjong_soul"
    with pytest.raises(FormatError) as caught:
        mjai.read_file(str(exported), "riichi_tenhou")
    assert caught.value.place == "line 2" and "the log seats 3 players; riichi_tenhou seats 4" in caught.value.message


_START = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "1p",
          "scores": [35000, 35000, 35000], "tehais": [["1p"] * 4 + ["2p"] * 4 + ["3p"] * 4 + ["N"],
                                                       ["4p"] * 4 + ["5p"] * 3 + ["6p"] * 4 + ["7p"] * 2,
                                                       ["1s"] * 4 + ["2s"] * 4 + ["3s"] * 4 + ["E"]]}


@pytest.mark.parametrize(("lines", "place", "words"), [
    ([{**_START, "tehais": [*_START["tehais"][:2], ["2m"] * 13]}], "line 2",
     "tehais: 2m is not in the tile set of sanma_tenhou"),
    ([{**_START, "scores": [35000, 35000, 35000, 5]}], "line 2",
     "\"scores\" is a list of 3 whole numbers (or 4, the empty seat's 0 last); found [35000, 35000, 35000, 5]"),
    ([_START, {"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "nukidora", "actor": 0, "pai": "E"}], "line 4",
     "nukidora: the tile set aside is the North, N; found 'E'"),
    ([_START, {"type": "tsumo", "actor": 3, "pai": "N"}], "line 3", "\"actor\" is a seat, 0 to 2; found 3"),
    ([_START, {"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "dahai", "actor": 0, "pai": "N",
                                                         "tsumogiri": True},
      {"type": "hora", "actor": 1, "target": 0, "pai": "N", "deltas": [-1000, 1000, 0, 7]}], "line 5",
     "\"deltas\" is a list of 3 whole numbers (or 4, the empty seat's 0 last)"),
])
def test_a_broken_three_player_line_is_named_by_line_and_field(tmp_path: Path, lines: list[dict[str, Any]],
                                                               place: str, words: str) -> None:
    path = _write(tmp_path / "bad.mjson", [{"type": "start_game"}, *lines])
    with pytest.raises(FormatError) as caught:
        mjai.read_file(str(path))
    assert caught.value.place == place and words in caught.value.message, caught.value.message


def test_a_nukidora_in_a_four_player_game_is_refused_at_its_line(tmp_path: Path) -> None:
    start = {**_START, "scores": [25000] * 4, "tehais": [*_START["tehais"], ["9p"] * 4 + ["9s"] * 4 + ["W"] * 4
                                                          + ["S"]]}
    path = _write(tmp_path / "bad.mjson", [{"type": "start_game"}, start, {"type": "tsumo", "actor": 0, "pai": "N"},
                                           {"type": "nukidora", "actor": 0, "pai": "N"}])
    with pytest.raises(FormatError) as caught:
        mjai.read_file(str(path))
    assert caught.value.place == "line 4" and "a three-player game's move, in a four-player game" in \
        caught.value.message


def test_an_mjai_seat_at_a_table_of_three_is_told_mjais_four_seats_and_sets_norths_aside(tmp_path: Path) -> None:
    """The tests' own small mjai bot (tsumogiri, and a North set aside whenever offered) at seat 0 of sanma_tenhou:
    it is told a three-player game as the export writes one, answers ``nukidora``, and the game audits."""
    bot = BOTS / "kita_bot.py"
    told = tmp_path / "told.jsonl"
    out = tmp_path / "games"
    assert main(["simulate", "--ruleset", "sanma_tenhou", "--seed", "3", "--games", "1", "--out", str(out),
                 "--bots", f"mjai:{sys.executable} {bot} {told},greedy,greedy"]) == 0
    log = next(out.glob("*.jsonl"))
    messages = [json.loads(line) for line in told.read_text(encoding="utf-8").splitlines()]
    starts = [m for m in messages if m["type"] == "start_kyoku"]
    assert starts and all(len(m["scores"]) == 4 and m["scores"][3] == 0 for m in starts)
    assert all(m["tehais"][3] == ["?"] * 13 and all(p == "?" for p in m["tehais"][1]) for m in starts)
    events = read_log(str(log)).events
    ours = [e for e in events if e["type"] == "decision" and e.get("action") == "declare_bonus" and e["actor"] == 0]
    assert ours  # the bot's nukidora answers were taken as the North set aside
    assert sum(m["type"] == "nukidora" and m["actor"] == 0 for m in messages) == len(ours)
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()
