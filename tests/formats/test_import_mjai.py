"""mjai logs: both dialects read and played under ``riichi_tenhou``, compared, audited; exported and read again.

The samples are read from beside the checkout (``../shared/real-logs/mjai``), never copied here.  The old
dialect's sample (gimite's golden conversion of a Tenhou game) interleaves board dumps with its JSON lines; the
reader refuses them (they are no part of the protocol), so the tests take the JSON lines out first.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_formats.common import FormatError, play
from mahjong_formats.mjai import code_of, read_file
from mahjong_formats.tenhou_xml import read_file as read_tenhou

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = REAL_LOGS / "mjai"
MODERN = SAMPLE / "riichienv_126_204_0_mjai.jsonl"
GOLDEN = SAMPLE / "gimite_test.mjlog.golden.log"
#: The deal of the modern sample where seat 0 declares riichi and its declaring discard is won on: the declaration
#: is voided and its stick never paid (no reach_accepted), as riichi_tenhou's riichi_declaration.void_if_won_on
#: says too (it returns the stick paid as the declaration was made).
STICK_DEAL = 12


def _old_dialect(tmp_path: Path) -> Path:
    path = tmp_path / "gimite_test.jsonl"
    lines = [line for line in GOLDEN.read_text(encoding="utf-8").split("\n") if line.startswith("{")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _moves(events: list[dict]) -> list[tuple]:
    kept = ("decision", "draw", "replacement", "claim", "kong", "mahjong", "hands", "dora_indicator_shown",
            "deal_end")
    return [(e["type"], e.get("actor"), e.get("seat"), e.get("action"), e.get("tile"), e.get("hands"))
            for e in events if e["type"] in kept]


def test_the_modern_sample_agrees_with_its_deltas_the_voided_declaration_included() -> None:
    game = read_file(str(MODERN))[0]
    assert game.ruleset == "riichi_tenhou" and len(game.deals) == 12 and game.players == ["0", "1", "2", "3"]
    played = play(game)
    assert played.differences == []
    voided = [e for e in played.events if e["type"] == "payment" and e.get("payer") is None
              and e.get("payee") == 0 and e.get("reason") == "riichi_stick"]
    assert len(voided) == 1  # deal 12's declaration, won on at once: its stick comes back
    recorded = played.header["source"]["recorded"]
    assert recorded["deals"][0]["scores"] == [21000, 22000, 23000, 34000]  # start + deltas - sticks
    assert [e["tile"] for e in played.events if e["type"] == "dora_indicator_shown"][:2] == ["2s", "9s"]


def test_an_imported_mjai_game_is_written_and_re_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "mjai", str(MODERN), "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "1 games: 1 agree with the platform's recorded result, 0 differ, 0 refused" in out
    log = tmp_path / "mjai-riichienv_126_204_0_mjai.jsonl"
    assert check(str(log), "replay").ok
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()


def test_the_old_dialect_gives_the_same_moves_as_the_tenhou_game_it_was_converted_from(tmp_path: Path) -> None:
    mjai = play(read_file(str(_old_dialect(tmp_path)))[0])
    tenhou = play(read_tenhou(str(SAMPLE / "gimite_test.mjlog.gz"))[0])
    assert mjai.differences == []  # the old dialect records the ends and the winners only
    assert len(mjai.game.deals) == len(tenhou.game.deals) == 17
    assert _moves(mjai.events) == _moves(tenhou.events)


def test_the_golden_files_board_dumps_are_refused_at_their_line() -> None:
    with pytest.raises(FormatError) as caught:
        read_file(str(GOLDEN))
    assert caught.value.place == "line 1" and "not a JSON message" in caught.value.message


def _export(log: Path, out: Path) -> Path:
    assert main(["export", "--format", "mjai", str(log), "--out", str(out)]) == 0
    return out


def test_import_export_import_is_byte_identical_on_the_modern_sample(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    main(["import", "mjai", str(MODERN), "--out", str(first)])
    log = first / "mjai-riichienv_126_204_0_mjai.jsonl"
    exported = _export(log, tmp_path / MODERN.name)
    messages = [json.loads(line) for line in exported.read_text(encoding="utf-8").splitlines()]
    original = [json.loads(line) for line in MODERN.read_text(encoding="utf-8").splitlines()]
    assert [m["type"] for m in messages] == [m["type"] for m in original]
    main(["import", "mjai", str(exported), "--out", str(second)])
    assert (second / log.name).read_bytes() == log.read_bytes()


def test_the_old_dialect_round_trip_keeps_every_move(tmp_path: Path) -> None:
    source = _old_dialect(tmp_path)
    first = play(read_file(str(source))[0])
    log = tmp_path / "first.jsonl"
    log.write_text(first.text(), encoding="utf-8")
    (tmp_path / "out").mkdir()
    again = play(read_file(str(_export(log, tmp_path / "out" / source.name)))[0])
    assert again.events[0] == first.events[0] and _moves(again.events) == _moves(first.events)
    assert again.header["source"]["recorded"]["deals"][0].get("scores")  # the export carries our figures


def test_a_simulated_riichi_tenhou_game_exported_and_imported_audits_clean(tmp_path: Path) -> None:
    assert main(["simulate", "--ruleset", "riichi_tenhou", "--seed", "7", "--out", str(tmp_path / "sim")]) == 0
    log = next((tmp_path / "sim").glob("*.jsonl"))
    exported = _export(log, tmp_path / "game.jsonl")
    assert main(["import", "mjai", str(exported), "--out", str(tmp_path / "in")]) == 0
    verdict = check(str(tmp_path / "in" / "mjai-game.jsonl"), "audit")
    assert verdict.ok, verdict.text()
    ours = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    theirs = [json.loads(line) for line in (tmp_path / "in" / "mjai-game.jsonl").read_text().splitlines()]
    assert [e["scores"] for e in ours if e["type"] == "game_end"] == \
        [e["scores"] for e in theirs if e["type"] == "game_end"]


@pytest.mark.parametrize(("text", "place", "words"), [
    ('{"type":"start_game"}\n{"type":"start_kyoku","oya":0,"dora_marker":"1m","tehais":[["?"]]}\n', "line 2",
     "dealt hand"),
    ('{"type":"start_game"}\nnot json\n', "line 2", "not a JSON message"),
    ('{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}\n', "line 2", "outside a deal"),
    ('{"type":"start_game"}\n', "line 1", "truncated"),
    ('{"type":"start_game"}\n{"type":"start_kyoku","oya":0,"dora_marker":"1m","tehais":' +
     json.dumps([["?"] * 13] * 4) + "}\n", "line 2", "one seat's view"),
    ('{"type":"start_game"}\n{"type":"start_kyoku","oya":7,"dora_marker":"1m"}\n', "line 2", "a seat"),
])
def test_bad_input_is_named_at_its_line(tmp_path: Path, text: str, place: str, words: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        read_file(str(path))
    assert caught.value.source == str(path) and caught.value.place == place and words in caught.value.message


def test_a_file_of_another_format_is_named_as_what_it_is(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"title":["a"],"log":[[]]}\n', encoding="utf-8")
    with pytest.raises(FormatError, match="tenhou.net/6"):
        read_file(str(path))
    with pytest.raises(FormatError, match="an mjai log, not a tenhou-xml file: use `mahjong import mjai`"):
        read_tenhou(str(MODERN))


def test_every_tenhou_sample_game_exported_as_mjai_imports_with_the_same_moves(tmp_path: Path) -> None:
    """Tenhou's games hold what the mjai samples do not: added kongs robbed, open kongs, a heavenly hand, a double
    ron, pao.  Each imported game written as mjai and read again plays every move, indicator and ura indicator
    the same, and keeps Tenhou's points (the same deals differ, by the same amounts; mjai carries no hand values)."""
    tenhou_sample = REAL_LOGS / "tenhou-mjlog"
    games = sorted(p for p in tenhou_sample.glob("*.mjlog") if not p.stem.endswith("-no-round-end"))
    assert len(games) == 19
    for path in games:
        first = play(read_tenhou(str(path))[0])
        log = tmp_path / f"{path.stem}.jsonl"
        log.write_text(first.text(), encoding="utf-8")
        again = play(read_file(str(_export(log, tmp_path / f"{path.stem}.mjai.jsonl")))[0])
        assert _moves(again.events) == _moves(first.events), path.name
        assert [e["tiles"] for e in again.events if e["type"] == "ura_dora_shown"] == \
            [e["tiles"] for e in first.events if e["type"] == "ura_dora_shown"], path.name
        # each deal's change of points; not the final points: Tenhou's include the sticks left on the table
        # at the end, which go to the first place, and mjai's end_game carries no points
        changes = [d.split(": ", 1)[1] for d in first.differences if "change of points" in d]
        assert [d.split(": ", 1)[1] for d in again.differences if "change of points" in d] == changes, path.name


CLOCKED = """id: clocked_tenhou
version: 1.0.0
name: Tenhou with a clock
extends: riichi_tenhou
parameters:
  timing: {value: {move_seconds: 1, claim_seconds: 1}, assumption: "a test's clock, short so bots overrun it"}
"""


def test_a_game_played_under_a_clock_is_exported_with_the_timeouts_moves(tmp_path: Path) -> None:
    """A decision slower than the clock is replaced by the ruleset's timeout action: the export writes that move
    (the overrun decision never stood), so the export reads back as a legal game under Tenhou's rules."""
    rule = tmp_path / "clocked.yaml"
    rule.write_text(CLOCKED, encoding="utf-8")
    assert main(["simulate", "--ruleset", str(rule), "--seed", "4", "--max-deals", "2",
                 "--out", str(tmp_path / "sim")]) == 0
    log = next((tmp_path / "sim").glob("*.jsonl"))
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    moves = [e for e in events if e["type"] == "timeout" and e["what"] == "move"]
    assert moves, "no bot overran the one-second clock"
    exported = [json.loads(line) for line in _export(log, tmp_path / "game.jsonl").read_text().splitlines()]
    discards = [(m["actor"], m["pai"]) for m in exported if m["type"] == "dahai"]
    made = [(e["actor"], e["tile"]) for e in events if e["type"] == "decision" and e["action"] == "discard"
            and not any(t["n"] == e["n"] + 1 for t in moves)]
    made += [(t["seat"], t["tile"]) for t in moves]
    def plain(code: str) -> str:
        return "5" + code[1] if code[0] == "0" else code

    assert sorted((a, plain(code_of(p))) for a, p in discards) == sorted((a, plain(t)) for a, t in made)
    assert main(["import", "mjai", str(tmp_path / "game.jsonl"), "--out", str(tmp_path / "in")]) == 0
