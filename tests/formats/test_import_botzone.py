"""Botzone's Chinese Standard Mahjong records: read, played by the engine under ``botzone_mcr``, compared.

The sample is read from beside the checkout (``../shared/real-logs/botzone-mcr``), never copied here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.format import ReplayWriter, header
from mahjong_core.rules import load_ruleset
from mahjong_formats.botzone import MAX_LINE, read_file, read_text
from mahjong_formats.common import FormatError, play

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = REAL_LOGS / "botzone-mcr" / "sample.txt"
TEXT = SAMPLE.read_text(encoding="utf-8")


def _rounds(text: str) -> list[list[str]]:
    return [block.split("\n") for block in text.strip().split("\n\n")]


def test_every_sample_round_imports_and_agrees_with_botzone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) \
        -> None:
    assert main(["import", "botzone", str(SAMPLE), "--out", str(tmp_path)]) == 0
    assert "16 games: 16 agree with the platform's recorded result, 0 differ, 0 refused" in capsys.readouterr().out
    logs = sorted(tmp_path.glob("botzone-*.jsonl"))
    assert len(logs) == 16
    outcomes = []
    for path in logs:
        verdict = check(str(path), "audit")
        assert verdict.ok, verdict.text()
        assert verdict.proof["recorded"].startswith("agrees with botzone's recorded result")
        assert check(str(path), "replay").ok
        head = json.loads(path.read_text(encoding="utf-8").split("\n")[0])
        assert head["rng"] is None and head["ruleset"]["id"] == "botzone_mcr"
        match = head["source"]["game"]
        assert path.name == f"botzone-{match}.jsonl" and head["source"]["platform"] == "botzone"
        assert [s["name"] for s in head["seats"]] == [f"botzone-{match}-p{n}" for n in range(4)]
        outcomes.append(head["source"]["recorded"]["outcome"])
    assert outcomes.count("win") == 14 and outcomes.count("draw") == 2


def test_the_wind_line_is_the_prevalent_wind_east_south_west_north() -> None:
    """Match ...04371 (`Wind 3`): Player 3 wins with a pung of North, which Botzone counts twice (17 fan).

    Read as the README's "east, north, west, south", Wind 3 would be South and the hand 15 fan.
    """
    game = next(g for g in read_file(str(SAMPLE)) if g.game == "61602cb45ddc087351c04371")
    played = play(game)
    assert played.differences == []
    assert played.header["options"] == {"max_deals": 1, "first_round": 3}
    score = next(e for e in played.events if e["type"] == "score" and e["seat"] == 3)
    assert score["value"] == 17
    assert {"prevalent_wind", "seat_wind"} <= {i["name"] for i in score["items"]}
    start = next(e for e in played.events if e["type"] == "deal_start")
    assert (start["prevalent_wind"], start["round"], start["dealer"]) == (3, 3, 0)


def test_a_drawn_round_ends_when_the_seat_due_to_draw_has_drawn_its_share() -> None:
    """Both drawn rounds end after 80 and 83 draws: one seat's 21 are gone while a shared wall would hold more."""
    drawn = [g for g in read_file(str(SAMPLE)) if g.recorded["outcome"] == "draw"]
    assert len(drawn) == 2
    for game in drawn:
        played = play(game)
        assert played.differences == []
        draws = sum(e["type"] in ("draw", "replacement") for e in played.events)
        assert draws in (80 - 1, 83 - 1)  # the dealer's first draw is its fourteenth dealt tile
        assert any(e["type"] == "exhaustive_draw" for e in played.events)


def test_a_recorded_figure_that_differs_is_named_with_the_match_the_seat_both_figures_and_our_items(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _rounds(TEXT)[0]
    assert first[-2:] == ["Fan 9 ???*1+??*1+???*1", "Score -8 33 -17 -8"]
    changed = tmp_path / "changed.txt"
    changed.write_text("\n".join(first[:-2] + ["Fan 10 ???*1+??*2+???*1", "Score -8 35 -19 -8"]) + "\n")
    out = tmp_path / "out"
    assert main(["import", "botzone", str(changed), "--out", str(out)]) == 1
    said = capsys.readouterr().out
    match = "botzone 61602cb45ddc087351c04358"
    seat = "botzone-61602cb45ddc087351c04358-p1"
    assert f"{match}, {seat}: the platform values the hand at 10 fan, the rules at 9; ours: " in said
    assert "the platform counts 3 fans (multiplicities [1, 1, 2]), the rules 3 (multiplicities [1, 1, 1])" in said
    assert f"{match}, {seat}: the platform's score is +35, the rules' +33" in said
    assert "0 agree with the platform's recorded result, 1 differ, 0 refused" in said
    # The log is written (its moves are legal) and its audit names the same differences.
    verdict = check(str(out / "botzone-61602cb45ddc087351c04358.jsonl"), "audit")
    assert not verdict.ok and "the platform values the hand at 10 fan, the rules at 9" in (verdict.error or "")


def test_a_move_the_preset_refuses_is_named_at_its_line_and_its_round_written_up_to_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = TEXT.split("\n")
    assert lines[44] == "Player 0 Peng W9 Ignore Player 3 Chi W8"
    lines[44] = "Player 0 Chi W8"  # a chow of Player 2's W9, but only Player 3 (next in turn) may chow it
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    out = tmp_path / "out"
    assert main(["import", "botzone", str(bad), "--out", str(out)]) == 1
    said = capsys.readouterr().out
    assert f"{bad}::line 45: botzone 61602cb45ddc087351c04358: " in said and "'Player 0 Chi W8'" in said
    assert "(written up to that move: " in said and "15 agree" in said and "1 refused" in said
    assert len(list(out.glob("*.jsonl"))) == 16  # the others as ever, and the refused round up to its refused move
    partial = check(str(out / "botzone-61602cb45ddc087351c04358.jsonl"), "audit")
    assert not partial.ok and "the log has no further decision" in (partial.error or "")  # it stops there


@pytest.mark.parametrize(("text", "place", "words"), [
    ("Match 1\nWind 5\n", "line 2", "expected `Wind 0`..`Wind 3`"),
    ("Match 1\nWind 0\nPlayer 0 Deal W1\n", "line 3", "expected `Player 0 Deal` and 13 tiles"),
    ("Match 1\nWind 0\n" + "".join(f"Player {n} Deal " + " ".join(["X9"] * 13) + "\n" for n in range(4)), "line 3",
     "'X9' is not a Botzone tile"),
    ("Match 1\nWind 0\n" + "".join(f"Player {n} Deal " + " ".join(["W1"] * 13) + "\n" for n in range(4))
     + "Player 0 Draw W2\nPlayer 0 Chi W9\n", "line 8", "`Chi W9` names the middle tile of a run"),
    ("Match 1\nWind 0\n" + "".join(f"Player {n} Deal " + " ".join(["W1"] * 13) + "\n" for n in range(4))
     + "Player 0 Draw W2\nPlayer 0 Play W2\n", "line 9", "the round ends before its result"),
    ("Match 1\nWind 0\n" + "".join(f"Player {n} Deal " + " ".join(["W1"] * 13) + "\n" for n in range(4))
     + "Player 0 Draw W2\nHuang\nScore 1 0 0 0\n", "line 9", "do not add up to 0"),
    ("Match 1\nWind 0\n" + "".join(f"Player {n} Deal " + " ".join(["W1"] * 13) + "\n" for n in range(4))
     + "Player 0 Draw W2\nPlayer 0 Play W2\nPlayer 1 Peng W3\n", "line 9",
     "`Peng W3` claims a discard, but the move before it is 'Player 0 Play W2'"),
    ("hello\n", "line 1", "expected `Match <id>` to start a round"),
    ("", "line 1", "no round"),
    ("Match 1\n" + "x" * (MAX_LINE + 1) + "\n", "line 2", "a Botzone line has at most"),
])
def test_a_malformed_record_is_named_at_its_line(text: str, place: str, words: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_text(text, "bad.txt")
    assert caught.value.source == "bad.txt" and caught.value.place == place and words in caught.value.message


def test_a_file_of_another_format_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    ruleset = load_ruleset("mcr")
    with ReplayWriter(log.open("w", encoding="utf-8")) as writer:
        writer.write(header(ruleset, 1, "sha256-ctr-v1", [], [[0]], {}))
    samples = {
        log: "this is a replay log of this project, not a botzone file: `mahjong audit` reads it",
        tmp_path / "sheet.yaml": "this is a score sheet, not a botzone file: `mahjong audit` and `mahjong record` "
                                 "read it",
        tmp_path / "round.json": "this is a tenhou.net/6 JSON file, not a botzone file: use `mahjong import tenhou6`",
        tmp_path / "round.xml": "this is a Tenhou XML log, not a botzone file: use `mahjong import tenhou-xml`",
        tmp_path / "game.mjson": "this is an mjai log, not a botzone file: use `mahjong import mjai`",
    }
    (tmp_path / "sheet.yaml").write_text("sheet: 1\nruleset: mcr\n")
    (tmp_path / "round.json").write_text('{"title": ["", ""], "name": ["a", "b", "c", "d"], "log": [[[0, 0, 0]]]}')
    (tmp_path / "round.xml").write_text('<mjloggm ver="2.3"><SHUFFLE seed="x"/></mjloggm>')
    (tmp_path / "game.mjson").write_text('{"type":"start_game","names":["a","b","c","d"]}\n')
    for path, words in samples.items():
        assert main(["import", "botzone", str(path), "--out", str(tmp_path / "out")]) == 2
        err = capsys.readouterr().err
        assert f"{path}::line 1: {words}" in err, err
        assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_a_file_beyond_the_bounds_is_refused_before_it_is_read(tmp_path: Path) -> None:
    from mahjong_formats import botzone

    big = tmp_path / "big.txt"
    big.write_bytes(b"Match 1\n" + b"\n" * botzone.MAX_BYTES)
    with pytest.raises(FormatError) as caught:
        read_file(str(big))
    assert caught.value.source == str(big) and "a Botzone file" in caught.value.message
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"Match 1\nWind 0\n\xff\xfe\n")
    with pytest.raises(FormatError, match="not UTF-8 text") as caught:
        read_file(str(binary))
    assert caught.value.place == "line 3"


def test_tiles_are_read_as_the_kinds_of_the_presets_own_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Botzone tile is the kind its code names in the preset's tile set (read from the ruleset, not from the 42
    standard kinds): under a set without 2m-8m, the first W5 of a round is refused at its line."""
    from mahjong_formats import botzone

    house = tmp_path / "terminals.yaml"
    house.write_text("id: botzone_terminals\nversion: 1.0.0\nname: Test\nextends: botzone_mcr\nparameters:\n"
                     "  tile_set:\n    value: [{group: characters, copies: 4, ranks: [1, 9]}, {group: dots, copies: 4},"
                     " {group: bamboo, copies: 4}, {group: winds, copies: 4}, {group: dragons, copies: 4}]\n"
                     "    assumption: \"a test\"\n", encoding="utf-8")
    first = "\n".join(_rounds(TEXT)[0])
    dealt = read_text(first, "sample")[0].deals[0].dealt[0]
    words = next(line for line in first.split("\n") if line.startswith("Player 0 Deal")).split()[3:]
    honours = {"F1": "1z", "F2": "2z", "F3": "3z", "F4": "4z", "J1": "7z", "J2": "6z", "J3": "5z"}
    codes = load_ruleset("botzone_mcr").tiles().codes()
    assert [codes[kind] for kind in dealt][:13] == [honours.get(w, w[1] + {"W": "m", "B": "p", "T": "s"}.get(w[0], ""))
                                                   for w in words]
    monkeypatch.setattr(botzone, "PRESET", str(house))
    lines = first.split("\n")
    at = next(i for i, line in enumerate(lines) if re.search(r"\bW[2-8]\b", line))
    word = re.search(r"\bW[2-8]\b", lines[at])
    assert word is not None
    with pytest.raises(FormatError, match=rf"{word[0]} \({word[0][1]}m\) is no tile of the set of .*terminals.yaml") \
            as caught:
        read_text(first, "sample")
    assert caught.value.place == f"line {at + 1}"
