"""Riichi deals written move by move: red fives by their own code, riichi declared on its discard, the dora
indicators (a kong's too) and the ura-dora under them on the deal's lines, kita at three players.

The worked sheet ``replays/sheets/riichi_tenhou_moves.yaml`` audits clean and records to its committed log; every
riichi golden game written down move by move records to the same scores (``test_score_sheets``); here, what a
riichi sheet can get wrong is each named at its line, once.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_score_sheets import SHEETS, deal_results, moves_sheet, run

NAME = "riichi_tenhou_moves"


def _said(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    code, out, err = run(capsys, "record", str(path))
    return code, (out + err).strip()


def _edited(tmp_path: Path, *swaps: tuple[str, str], text: str | None = None) -> Path:
    text = text if text is not None else (SHEETS / f"{NAME}.yaml").read_text(encoding="utf-8")
    for old, new in swaps:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "moves.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_the_worked_riichi_deal_move_by_move_audits_clean_and_records_its_committed_log(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "audit", str(SHEETS / f"{NAME}.yaml"), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"], report
    assert report["proof"]["sheet"].startswith("every written figure agrees with the rules: 1 payments")
    log = tmp_path / f"{NAME}.jsonl"
    assert run(capsys, "record", str(SHEETS / f"{NAME}.yaml"), "--out", str(log))[0] == 0
    assert log.read_bytes() == (SHEETS / f"{NAME}.jsonl").read_bytes()
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    kinds = {e["type"]: e for e in events[1:]}
    assert kinds["riichi_declaration"]["seat"] == 1 and kinds["ura_dora_shown"]["tiles"] == ["9s"]
    assert kinds["dora_indicator_shown"]["tile"] == "4z"
    assert any(e["type"] == "decision" and e.get("tile") == "0p" for e in events)  # Dan's red five, as written
    score = next(e for e in events if e["type"] == "score" and e["seat"] == 1)
    assert [i["name"] for i in score["items"] if i["kind"] == "han"] == ["riichi", "hatsu", "aka_dora"]
    code, text, _ = run(capsys, "audit", str(log))
    assert code == 0 and "tiles as observed" in text, text


def test_riichi_is_declared_on_its_discard_or_as_a_move_of_its_own(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    """``Ben draws 6z, discards 6s riichi`` and ``Ben draws 6z, riichi`` then ``Ben discards 6s`` are the same
    moves; a sheet of version 1 is told that version 2 writes a plugin's move."""
    apart = _edited(tmp_path, ("Ben draws 6z, discards 6s riichi", "Ben draws 6z, riichi\n      - Ben discards 6s"))
    assert run(capsys, "record", str(apart), "--out", str(tmp_path / "apart.jsonl"))[0] == 0
    assert deal_results([json.loads(x) for x in (tmp_path / "apart.jsonl").read_text().splitlines()], 1) \
        == deal_results([json.loads(x) for x in (SHEETS / f"{NAME}.jsonl").read_text().splitlines()], 1)
    old = _edited(tmp_path, ("sheet: 2\n", "sheet: 1\n"))
    code, said = _said(capsys, old)
    assert code != 0 and "\n" not in said, said
    assert f"line {_line(old, 'discards 6s riichi')}" in said and "`sheet: 2`" in said, said


@pytest.mark.parametrize(("swap", "needle", "words"), [
    # A discard of a tile the player does not hold: the moves the rules allow there, at the move's line.
    (("Aoi discards 1p\n", "Aoi discards 2p\n"), "Aoi discards 2p", "not a move the rules allow here"),
    # A second red 5p: Tenhou's set has one.
    (("Dan draws 8p, discards 8p\n      - Aoi draws 1z", "Dan draws 0p, discards 8p\n      - Aoi draws 1z"),
     "Dan draws 0p, discards 8p", "tile 0p seen 2 times; the tile set has 1"),
    # A plain 5p named where the hand holds only the red one.
    (("Dan draws 0p, discards 0p", "Dan draws 0p, discards 5p"), "Dan draws 0p, discards 5p",
     "Dan holds no plain 5p, only the marked 0p"),
    # A red five given up that the hand does not hold.
    (("Ben draws 5p, discards 5p", "Ben draws 5p, discards 0p"), "Ben draws 5p, discards 0p",
     "which the hand does not hold"),
    # The indicator the rules turn at the deal, left out.
    (('    dora_indicators: "4z"', '    dora_indicators: "4z 1m"'), "dora_indicators",
     "the sheet gives 2 dora indicators; the rules turned 1 in this deal"),
    (('    ura_dora_indicators: "9s"', '    ura_dora_indicators: "9s 9s 9s 9s 9s 9s"'), "ura_dora_indicators",
     "6 tiles; a dead wall shows at most 5"),
    (("riichi", "riichii"), "riichii", "'riichii' is no declaration made with a discard (did you mean 'riichi'?)"),
])
def test_a_wrong_riichi_move_gets_one_located_message(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      swap: tuple[str, str], needle: str, words: str) -> None:
    text = (SHEETS / f"{NAME}.yaml").read_text(encoding="utf-8")
    if swap[0] == "riichi":  # the one riichi of the moves, not the ruleset's name
        swap = ("discards 6s riichi", "discards 6s riichii")
    path = _edited(tmp_path, swap, text=text)
    code, said = _said(capsys, path)
    assert code != 0 and "\n" not in said and "Traceback" not in said, said
    assert words in said and f"line {_line(path, needle)}" in said, said


def test_the_indicators_the_rules_turn_are_asked_of_the_sheet(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """A riichi deal written without its dora indicator is not scored without its dora: the sheet is told, at
    the deal, which tile the rules look at; an ura-dora given without the indicators above it is refused."""
    path = _edited(tmp_path, ('    dora_indicators: "4z"           # the deal\'s indicator (a kong\'s would follow)\n',
                              ""), ('    ura_dora_indicators: "9s"', '    notes: "no indicators"'))
    code, said = _said(capsys, path)
    assert code != 0 and "\n" not in said, said
    assert "the rules look at a tile of the dead wall here (indicator 1), but the sheet shows 0 turned" in said
    no_ura = _edited(tmp_path, ('    ura_dora_indicators: "9s"', '    notes: "no ura"'))
    code, said = _said(capsys, no_ura)
    assert code != 0 and "(the one under indicator 1), but the sheet shows 0 under them" in said, said
    assert f"line {_line(no_ura, '- dealer: Aoi')}" in said, said  # the deal that lacks them
    turned = '    dora_indicators: "4z"           # the deal\'s indicator (a kong\'s would follow)\n'
    orphan = _edited(tmp_path, (turned, ""))
    code, said = _said(capsys, orphan)
    assert code != 0 and "`ura_dora_indicators` are the tiles under the `dora_indicators`" in said, said
    result = _edited(tmp_path, text="sheet: 1\nruleset: riichi_tenhou\nplayers: [A, B, C, D]\ndeals:\n"
                     "  - drawn: true\n    dora_indicators: \"1z\"\n")
    code, said = _said(capsys, result)
    assert code != 0 and "a deal written as its result gives 'dora_indicators' among the winner's `facts`" in said


def test_a_kongs_new_indicator_is_written_after_the_deals(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    """A deal with a kong turns a second indicator (Tenhou: at once for a concealed kong, after the discard for
    another): the sheet writes both in the order turned, and records the game's scores."""
    logs = tmp_path / "logs"
    assert run(capsys, "simulate", "--ruleset", "riichi_tenhou", "--seed", "10", "--max-deals", "1", "--out",
               str(logs))[0] == 0
    log = next(logs.glob("*.jsonl"))
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert any(e["type"] == "decision" and e["action"] == "kong" for e in events)
    assert sum(e["type"] == "dora_indicator_shown" for e in events) == 2
    text = moves_sheet(log, 1)
    turned = next(line for line in text.splitlines() if "dora_indicators:" in line)
    assert len(turned.split('"')[1].split()) == 2, turned
    sheet = tmp_path / "kong.yaml"
    sheet.write_text(text, encoding="utf-8")
    out = tmp_path / "kong.jsonl"
    code, said, err = run(capsys, "record", str(sheet), "--out", str(out))
    assert code == 0, said + err
    assert deal_results([json.loads(x) for x in out.read_text().splitlines()], 1) == deal_results(events, 1)
    # Written the other way round, the indicators are other tiles: the kong's is named where the rules turn it.
    first, second = turned.split('"')[1].split()
    sheet.write_text(text.replace(turned, turned.replace(f"{first} {second}", f"{first}")), encoding="utf-8")
    code, said, err = run(capsys, "record", str(sheet))
    assert code != 0 and "(indicator 2), but the sheet shows 1 turned" in said + err, said + err


def test_kita_is_written_in_the_familys_word_at_three_players(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    """A North set aside at a three-player table is ``kita 4z`` (riichi's word for it) as well as the action's
    own name; both record the golden game's scores."""
    log = Path(__file__).resolve().parents[3] / "replays" / "sanma_tenhou-seed20261130.jsonl"
    text = moves_sheet(log, 1)
    assert "declare_bonus 4z set_aside" in text
    sheet = tmp_path / "kita.yaml"
    sheet.write_text(text.replace("declare_bonus 4z set_aside", "kita 4z"), encoding="utf-8")
    out = tmp_path / "kita.jsonl"
    code, said, err = run(capsys, "record", str(sheet), "--out", str(out))
    assert code == 0, said + err
    golden = [json.loads(x) for x in log.read_text().splitlines()]
    assert deal_results([json.loads(x) for x in out.read_text().splitlines()], 1) == deal_results(golden, 1)
