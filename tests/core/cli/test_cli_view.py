"""``mahjong view`` a person reads (issue 13, item 7): the table from one seat, move by move.

The friction point: ``view`` printed the same raw JSON Lines with or without ``--json``.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_core.cli.render.table import flag_lines, render, replay_states
from mahjong_core.log.format import read_log
from mahjong_core.log.redaction import seat_view

ROOT = Path(__file__).resolve().parents[3]
HARBIN = ROOT / "replays" / "harbin-seed20261130.jsonl"
MCR = ROOT / "replays" / "mcr-seed20261130.jsonl"


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_is_not_the_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "0", "--ascii")
    assert code == 0
    code, machine, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "0", "--json")
    assert code == 0 and text != machine
    assert all(json.loads(line) for line in machine.splitlines())  # --json keeps the machine form
    with pytest.raises(json.JSONDecodeError):
        json.loads(text.splitlines()[0])
    assert re.search(r"^ +\d+  seat 1 \(S\) discards \d[mpsz]$", text, re.MULTILINE)
    assert "seat 0 (E, you) draws" in text and "seat 1 (S) draws a tile" in text


def test_the_seat_sees_its_own_hand_and_only_counts_of_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    code, text, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "0", "--ascii")
    assert code == 0
    first = text.split("deal 1  round E", 1)[1].split("\ndeal ", 1)[0]
    mine = first.split("> seat 0", 1)[1].split("\n  seat 1", 1)[0]
    assert re.search(r"hand     (\d[mpsz] ?)+\n", mine)
    others = re.findall(r"hand     (.*)", first.split("\n  seat 1", 1)[1])
    # At the deal's end the winner lays the hand down; the losers' tiles stay hidden.
    log = read_log(str(HARBIN))
    winner = next(e["seat"] for e in log.events if e["type"] == "mahjong")
    assert len(others) == 3 and winner != 0
    for seat, hand in zip((1, 2, 3), others, strict=True):
        assert ("hidden" in hand) == (seat != winner), (seat, hand)


def test_no_hidden_tile_reaches_the_screen() -> None:
    """What the table shows of other seats is only what the seat's view holds: never a tile it may not see.

    A hand is in sight only once it is laid down to be scored: then it is the tiles the score shows.
    """
    log = read_log(str(HARBIN))
    laid_down: dict[int, set[str]] = {}  # seat -> the tiles its score shows, in the current deal
    for event, state in replay_states(log.header, seat_view(list(log.events), 2), 2):
        if event.get("type") == "deal_start":
            laid_down = {}
        if event.get("type") == "score":
            melds = (event.get("arrangement") or {}).get("melds", [])
            laid_down[event["seat"]] = {t for m in melds for t in m["tiles"]}
        for n, seat in enumerate(state.seats):
            if n != 2:
                assert set(seat.hand) <= {"?"} | laid_down.get(n, set()), (event, seat.hand)


def test_a_hand_is_the_right_size_between_turns() -> None:
    """The fold keeps every seat's tiles: after each discard, hand plus melds (a kong counting three) is 13."""
    log = read_log(str(HARBIN))
    for event, state in replay_states(log.header, seat_view(log.events, 0), 0):
        if event.get("type") == "decision" and event.get("action") == "discard":
            seat = state.seats[event["actor"]]
            assert len(seat.hand) + 3 * len(seat.melds) == 13, (event, seat)


def test_discards_follow_the_rulesets_display(capsys: pytest.CaptureFixture[str]) -> None:
    _, harbin, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "0", "--ascii")
    assert re.search(r"^discards \(quadro: last four in sight, \d+ face down\)  (\d[mpsz] ){3}\d[mpsz]$", harbin,
                     re.MULTILINE)
    _, mcr, _ = run_cli(capsys, "view", str(MCR), "--seat", "0", "--ascii")
    assert re.search(r"^    discards (\d[mpsz] ){5}\d[mpsz]$", mcr, re.MULTILINE)  # rows of six (000 line 145)
    assert "quadro" not in mcr


def test_glyphs_by_default_letters_with_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    _, glyphs, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "0")
    _, letters, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "0", "--ascii")
    table = [line for line in glyphs.splitlines() if line.startswith("    hand ") and "hidden" not in line]
    assert table and all(re.search("[\U0001F000-\U0001F02B]", line) for line in table)
    assert not re.search("[\U0001F000-\U0001F02B]", letters)
    # Aligned whatever the glyphs' width: every label starts in the same column and only tiles follow it.
    for line in glyphs.splitlines():
        if line.startswith("    ") and not re.match(r" +\d+  ", line):  # a table line, not a numbered move
            assert re.match(r"    (hand|melds|bonus|discards| {8}) {1,}", line), line


def test_step_draws_the_table_after_every_move(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # not a terminal: every step, no waiting
    code, out, _ = run_cli(capsys, "view", str(HARBIN), "--seat", "1", "--step", "--ascii")
    assert code == 0
    moves = out.count("\n--- ")
    assert moves > 100 and out.count("deal 1  round E") > 100


def test_render_names_the_wall_and_the_clock() -> None:
    log = read_log(str(HARBIN))
    for i, (_, state) in enumerate(replay_states(log.header, seat_view(log.events, 0), 0)):
        if i == 40:  # the state is the live table: drawn as it stands after the 41st event
            text = render(state, 0, display="quadro", ascii_only=True)
            break
    assert re.match(r"deal 1  round E  dealer seat 0  wall \d+ tiles  clock \d+\.\d s\n", text)


def _view_json(capsys: pytest.CaptureFixture[str], log: Path, seat: int) -> list[dict]:
    code, out, _ = run_cli(capsys, "view", str(log), "--seat", str(seat), "--json")
    assert code == 0
    return [json.loads(line) for line in out.splitlines()[1:]]


def test_the_json_view_hides_returned_draws_replaced_choices_and_face_down_kongs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Traditional seed 28: seat 1's drawn 1p goes back on the wall; seat 0 declares a concealed kong of 2s,
    laid with its two middle tiles face up.  MCR seed 203: seat 1's bot chooses 9m too late, the timeout
    discards 1m; seat 0's concealed kong of 5s lies face down."""
    from mahjong_core.log.simulate import play_game
    from mahjong_core.rules import load_ruleset

    traditional, mcr = tmp_path / "traditional.jsonl", tmp_path / "mcr.jsonl"
    play_game(load_ruleset("traditional"), 28, ["random"] * 4, replay=traditional, max_deals=1)
    play_game(load_ruleset("mcr"), 203, ["greedy", "random", "random", "random"], replay=mcr, max_deals=1)
    for seat in range(4):
        events = _view_json(capsys, traditional, seat)
        returned = next(e for e in events if e["type"] == "draw_returned")
        assert returned["tile"] == ("1p" if seat == 1 else "?")
        kong = next(e for e in events if e["type"] == "kong")
        assert kong["tile"] == "2s" and kong.get("tiles", ["2s"] * 4) == (["2s"] * 4 if seat == 0
                                                                         else ["?", "2s", "2s", "?"])
        events = _view_json(capsys, mcr, seat)
        late = [e for e in events if e["type"] == "decision" and e.get("after_ms") == 10822]
        assert [e["tile"] for e in late] == (["9m"] if seat == 1 else [])
        kong = next(e for e in events if e["type"] == "kong")
        assert (kong["tile"], kong.get("tiles")) == (("5s", None) if seat == 0 else ("?", ["?"] * 4))


def test_a_move_replaced_by_its_timeout_is_the_discard_the_table_shows(tmp_path: Path) -> None:
    """MCR seed 203: seat 1 is shown to discard the timeout's 1m and keep its 9m, from its own view as from
    another seat's."""
    from mahjong_core.log.redaction import Visibility
    from mahjong_core.log.simulate import play_game
    from mahjong_core.rules import load_ruleset

    path = tmp_path / "mcr.jsonl"
    play_game(load_ruleset("mcr"), 203, ["greedy", "random", "random", "random"], replay=path, max_deals=1)
    log = read_log(str(path))
    for viewer in (0, 1):
        events = seat_view(log.events, viewer, Visibility.of_header(log.header))
        for event, state in replay_states(log.header, events, viewer):
            if event["type"] == "timeout" and event["seat"] == 1:
                assert state.seats[1].discards[-1] == "1m" and state.pond[-1] == "1m"
                if viewer == 1:
                    assert "9m" in state.seats[1].hand
                break
        else:
            raise AssertionError("no timeout in MCR seed 203's first deal")


@pytest.mark.parametrize(("entry", "code", "glyph"), [
    ("{group: jokers, copies: 8}", "1j", "\U0001F02A"),  # MAHJONG TILE JOKER
    ("{bonus: [4z]}", "4z", "\U0001F003"),  # North set aside as a bonus tile: the North wind's glyph
    ("{marked: 5p, copies: 2}", "0p", "\U0001F01D"),  # a red five: its five's glyph; --ascii writes it 0p
])
def test_the_tiles_of_the_logs_own_set_are_drawn_with_their_glyphs(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, entry: str, code: str, glyph: str) -> None:
    """``view`` draws the tiles of the ruleset's tile set, not only the 42 standard kinds: a joker set aside
    beside the hand is the joker's glyph, not its code."""
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nversion: 1.0.0\nname: House\nextends: traditional\nparameters:\n  tile_set:\n"
                     "    value: [{group: characters, copies: 4}, {group: dots, copies: 4}, {group: bamboo, copies: 4},"
                     f" {{group: winds, copies: 4}}, {{group: dragons, copies: 4}}, {entry}]\n"
                     "    assumption: \"a test\"\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["simulate", "--ruleset", str(house), "--seed", "5", "--max-deals", "2", "--out", str(out)]) == 0
    (log,) = out.glob("*.jsonl")
    capsys.readouterr()
    seen = {"ascii": "", "glyphs": ""}
    for seat in range(4):
        assert main(["view", str(log), "--seat", str(seat), "--ascii"]) == 0
        seen["ascii"] += capsys.readouterr().out
        assert main(["view", str(log), "--seat", str(seat)]) == 0
        seen["glyphs"] += capsys.readouterr().out
    tile_lines = [line for line in seen["glyphs"].splitlines()
                  if line.lstrip().startswith(("hand ", "bonus ", "discards", "melds "))]
    assert any(code in line.split() for line in seen["ascii"].splitlines())  # the log holds one
    assert any(glyph in line for line in tile_lines)
    assert not any(code in line for line in tile_lines)  # never the code where a glyph is drawn


def test_a_red_five_in_a_meld_is_named_by_its_own_code(capsys: pytest.CaptureFixture[str]) -> None:
    """The golden riichi_tenhou log's chow takes a red five of bamboo from the discards (its claim names 0s): the
    table drawn after it shows the meld with the red five, not as a plain one."""
    log = ROOT / "replays" / "riichi_tenhou-seed20261130.jsonl"
    claim = next(e for e in read_log(log).events if e["type"] == "claim" and e["tile"] == "0s")
    assert claim["tiles"] == ["5s", "6s", "7s"]  # the log names the meld by its kinds
    code, text, _ = run_cli(capsys, "view", str(log), "--seat", "0", "--ascii", "--step")
    assert code == 0
    assert "melds    [0s 6s 7s]" in text


RIICHI = ROOT / "replays" / "riichi_tenhou-seed20261130.jsonl"


def test_a_riichi_reads_as_riichi_not_as_its_data(capsys: pytest.CaptureFixture[str]) -> None:
    """A declared riichi reads as the declaration's label: the tiles drawn and melded when the hand locked and a
    double riichi not made are the plugin's data, not "riichi: 13", "double riichi: False" on the seat's lines nor
    "drawn 7, melded 3" in the event's."""
    code, text, _ = run_cli(capsys, "view", str(RIICHI), "--seat", "0", "--ascii")
    assert code == 0
    declared = [e for e in read_log(str(RIICHI)).events if e["type"] == "riichi_declaration"]
    assert declared  # the golden game has riichi declarations to show
    assert re.search(r"^    riichi$", text, re.MULTILINE)  # the seat's line
    assert re.search(r"^ +\d+  riichi: seat \d \([ESWN]\)$", text, re.MULTILINE)  # the event's line
    assert not re.search(r"riichi: \d|double riichi: |tiles melded at riichi|drawn \d|melded \d", text)


def test_flags_set_together_read_as_their_events_label_with_each_true_word() -> None:
    words = {"event": {"riichi_declaration": {"label": "riichi", "effects": [
        {"do": "flag", "name": "riichi", "seat": "seat", "value": "drawn"},
        {"do": "flag", "name": "riichi_melded", "seat": "seat", "value": "melded"},
        {"do": "flag", "name": "double_riichi", "seat": "seat", "value": "double"}]}}}
    flags = {"double_riichi": True, "riichi": 4, "riichi_melded": 0, "missing_suit": "circles"}
    assert flag_lines(flags, words, {}) == ["riichi · double riichi", "missing suit: circles"]
    assert flag_lines({"riichi": 9, "double_riichi": False}, words, {}) == ["riichi"]
    assert flag_lines({"locked": 7}, {}, {"locked": "hand locked"}) == ["hand locked: 7"]
