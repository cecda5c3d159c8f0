"""tenhou.net/6 JSON: read (the turn order re-simulated), played under riichi_tenhou from the walls the record
shows, compared with Tenhou's figures; exported and imported again; bad input named where it is.

The samples are read from beside the checkout (``../shared/real-logs``), never copied here.  The mjx project's
files are the same 16 games as the Tenhou XML sample: both imports make the same moves, and the same deals differ
from Tenhou's figures, each for a documented cause (docs/importing.md, "tenhou.net/6 JSON").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core import load_ruleset
from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.format import read_log
from mahjong_formats import tenhou6, tenhou_xml
from mahjong_formats.common import FormatError, ImportedGame, play
from mahjong_formats.tenhou6_export import export_log

ROOT = Path(__file__).resolve().parents[2]
SHARED = REAL_LOGS
MJX = sorted((SHARED / "tenhou6-mjx").glob("*.json"))
REVIEWER = SHARED / "tenhou6-mjai-reviewer"
#: mjai-reviewer's excerpts (most begin mid-game: options.opening), each with the preset to play it under where its
#: rule.disp names none installed (one without red fives: its deal plays as riichi_tenhou's, but for the red fives,
#: which it does not hold).  The East-only ones (chankan, suukantsu_1) play under the house rule of riichi_tenhou
#: their rule.disp names (東: rounds_per_game 1).  confusing_nakis_2 is hand-written: it is refused as read (a fifth
#: 5s).
EXCERPTS = {p.stem: None for p in REVIEWER.glob("*.json") if p.stem != "confusing_nakis_2"} | {
    "four_reach": "riichi_tenhou"}
#: The excerpts whose rule.disp names an East-only game of riichi_tenhou (東).
EAST = {"chankan", "suukantsu_1"}
#: The excerpts whose recorded figures differ from the rules', each with its cause (docs/importing.md).
EXCERPT_EXCEPTIONS = {"confusing_nakis_1": "the record's deltas leave out the riichi stick the winner collects"}
#: The same deals as tenhou-xml's exceptions (test_import_tenhou_xml.EXCEPTIONS), but double-ron's, which the
#: tenhou.net/6 sample does not hold.
EXCEPTIONS: dict[tuple[str, int], str] = {}


def _deals_named(differences: list[str]) -> set[int]:
    return {int(m[1]) for d in differences if (m := re.search(r", deal (\d+)", d))}


def _moves(game: ImportedGame) -> list[list[tuple[object, ...]]]:
    """The moves; a win on the dealt tiles (tenhou) names its tile in the XML, not in the JSON, where which of
    the dealer's fourteen came last is not kept: that one is compared without it."""
    return [[(m.seat, m.verb, m.tiles if (m.verb, len(d.moves)) != ("win", 1) else (), m.action) for m in d.moves]
            for d in game.deals]


def test_every_deal_of_the_mjx_sample_agrees_with_tenhou_but_the_documented_exceptions() -> None:
    deals = agreeing = 0
    found = set()
    for path in MJX:
        game = tenhou6.read_file(str(path))[0]
        named = _deals_named(play(game).differences)
        found |= {(path.stem, n) for n in named}
        deals += len(game.deals)
        agreeing += len(game.deals) - len(named)
    assert found == set(EXCEPTIONS)
    assert (deals, agreeing) == (176, 176)


def test_the_json_and_the_xml_of_a_game_make_the_same_moves() -> None:
    for path in MJX:
        ours = tenhou6.read_file(str(path))[0]
        xml = tenhou_xml.read_file(str(SHARED / "tenhou-mjlog" / f"{path.stem}.mjlog"))[0]
        assert _moves(ours) == _moves(xml), path.stem
        assert [[sorted(h) for h in d.dealt] for d in ours.deals] == [[sorted(h) for h in d.dealt] for d in xml.deals]


def test_calls_on_one_discard_are_ordered_by_replaying_the_round() -> None:
    # confusing_nakis_0: a pon and a chi both wait on seat 1's 5s; only the order that uses every list fits
    obj = json.loads((REVIEWER / "confusing_nakis_0.json").read_text(encoding="utf-8"))
    reader = tenhou6._Reader("x", [("", obj)], None, "riichi_tenhou")
    reader._tiles("riichi_tenhou", "")
    steps = reader._round(obj["log"][0], "log[0]").steps
    calls = [(s[0], s[1], s[2]) for s in steps if s[0] in ("chi", "pon", "kong")]
    assert calls == [("pon", 3, 46), ("pon", 2, 47), ("pon", 2, 15), ("chi", 2, 36), ("kong", 2, 51),
                     ("pon", 1, 42), ("pon", 0, 17)]
    for path in sorted(REVIEWER.glob("confusing_nakis_*.json")):
        if path.stem == "confusing_nakis_2":
            continue  # hand-written: a fifth 5s
        obj = json.loads(path.read_text(encoding="utf-8"))
        reader = tenhou6._Reader(str(path), [("", obj)], None, "riichi_tenhou")
        reader._tiles("riichi_tenhou", "")
        steps = reader._round(obj["log"][0], "log[0]").steps
        assert steps[-1][0] in ("win", "discard", "draw", "replacement"), path.stem


def _round_trip(path: Path, ruleset: str | None, tmp_path: Path) -> tuple[str, str]:
    first = play(tenhou6.read_file(str(path), ruleset)[0])
    log = tmp_path / f"{path.stem}.jsonl"
    log.write_text(first.text(), encoding="utf-8")
    exported = tmp_path / f"{path.stem}.t6.json"
    exported.write_text(export_log(str(log)), encoding="utf-8")
    again = play(tenhou6.read_file(str(exported), ruleset)[0])
    return first.text(), again.text()


@pytest.mark.parametrize("path", MJX, ids=lambda p: p.stem[:10])
def test_import_export_import_gives_the_same_log_on_every_mjx_game(path: Path, tmp_path: Path) -> None:
    first, again = _round_trip(path, None, tmp_path)
    assert first == again


@pytest.mark.parametrize("name", sorted(EXCERPTS))
def test_import_export_import_gives_the_same_log_on_every_excerpt(name: str, tmp_path: Path) -> None:
    first, again = _round_trip(REVIEWER / f"{name}.json", EXCERPTS[name], tmp_path)
    assert first == again


def test_the_excerpts_agree_with_their_platform_but_the_documented_exceptions(tmp_path: Path) -> None:
    differ = set()
    for name, ruleset in sorted(EXCERPTS.items()):
        played = play(tenhou6.read_file(str(REVIEWER / f"{name}.json"), ruleset)[0])
        if played.differences:
            differ.add(name)
        log = tmp_path / f"{name}.jsonl"
        log.write_text(played.text(), encoding="utf-8")
        verdict = check(str(log), "audit")  # the excerpt's opening (points, pot, honba) re-played and folded
        assert verdict.ok == (name not in EXCERPT_EXCEPTIONS), verdict.text()
    assert differ == set(EXCERPT_EXCEPTIONS)
    assert len(EXCERPTS) == 19


def test_an_east_only_excerpt_plays_under_the_house_rule_its_log_embeds(tmp_path: Path) -> None:
    for name in sorted(EAST):
        game = tenhou6.read_file(str(REVIEWER / f"{name}.json"))[0]
        version = load_ruleset("riichi_tenhou").version
        assert game.ruleset == "riichi_tenhou" and game.ruleset_text == tenhou6.east_only_text("riichi_tenhou", version)
        head = play(game).header
        assert head["ruleset"]["id"] == "riichi_tenhou_east" and head["ruleset"]["document"] == game.ruleset_text
    assert tenhou6.east_only({"disp": "上東喰赤速"}) and tenhou6.east_only({"disp": "Gold Room East"})
    assert not tenhou6.east_only({"disp": "鳳南喰赤"}) and not tenhou6.east_only({"disp": "Gold Room South"})


def test_an_excerpt_begins_where_the_platform_game_stood() -> None:
    game = tenhou6.read_file(str(REVIEWER / "confusing_nakis_4.json"))[0]
    assert game.opening == {"dealer": 3, "scores": [25300, 27400, 30600, 15700], "pot": 1000, "counters": {"honba": 1}}
    assert game.first_round == 1
    head = play(game).header
    assert head["options"]["opening"] == game.opening and head["options"]["first_round"] == 1
    soul = tenhou6.read_file(str(REVIEWER / "confusing_nakis_7.json"))[0]
    assert (soul.platform, soul.ruleset) == ("mahjongsoul", "riichi_mahjong_soul")
    assert soul.recorded["deals"][0]["wins"][0]["yaku"] == [{"name": "riichi", "han": 1}, {"name": "dora", "han": 1}]


def test_an_imported_log_audits_with_its_wall_as_recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = MJX[0]
    assert main(["import", "tenhou6", str(path), "--out", str(tmp_path)]) == 0
    assert "1 games: 1 agree" in capsys.readouterr().out
    log = tmp_path / f"tenhou-{path.stem}.jsonl"
    head = json.loads(log.read_text(encoding="utf-8").split("\n")[0])
    assert head["source"]["wall"]["algorithm"] == "recorded" and len(head["source"]["wall"]["walls"]) == 15
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()
    assert verdict.proof["wall"].startswith("as recorded")
    assert verdict.proof["recorded"].startswith("agrees with tenhou's recorded result")


def test_a_simulated_riichi_game_exported_and_imported_audits_clean(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "riichi_tenhou", "--seed", "11", "--games", "1", "--max-deals", "4",
                 "--out", str(tmp_path / "sim")]) == 0
    log = next((tmp_path / "sim").glob("*.jsonl"))
    out = tmp_path / "game.json"
    assert main(["export", "--format", "tenhou6", str(log), "--out", str(out)]) == 0
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["rule"]["disp"] == "般南喰赤" and len(exported["log"]) == 4
    capsys.readouterr()
    assert main(["import", "tenhou6", str(out), "--out", str(tmp_path / "in")]) == 0
    assert "1 agree with the platform's recorded result" in capsys.readouterr().out
    imported = next((tmp_path / "in").glob("*.jsonl"))
    assert check(str(imported), "audit").ok
    assert check(str(imported), "replay").ok


@pytest.mark.parametrize("text,said", [
    ('<mjloggm ver="2.3"><GO type="169"/>', "this is a Tenhou XML log, not a tenhou6 file: use `mahjong import "
                                            "tenhou-xml`"),
    ('{"rule": {"disp": "鳳南喰赤"}, "log": [[[0, 0, 0]]]}', "::log[0]: a round is an array of 17"),
    ('{"log": [], "name": []}', "the \"log\" array holds no round"),
    ('{"log": [[', "not JSON"),
])
def test_bad_input_is_one_located_line(tmp_path: Path, text: str, said: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["import", "tenhou6", str(path), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and str(path) in err
    assert not (tmp_path / "out").exists()


def test_a_broken_move_and_a_game_no_preset_plays_are_named_where_they_are(tmp_path: Path) -> None:
    line = MJX[0].read_text(encoding="utf-8").split("\n")[0]
    broken = tmp_path / "broken.json"
    broken.write_text(line.replace('"p434343"', '"x434343"', 1), encoding="utf-8")
    with pytest.raises(FormatError, match=r"::log\[0\]\[8\]\[4\]: 'x434343' is neither a drawn tile nor a call"):
        tenhou6.read_file(str(broken))
    with pytest.raises(FormatError, match=r"::rule: rule.disp '般東喰' is a game without red fives \(赤\)"):
        tenhou6.read_file(str(REVIEWER / "four_reach.json"))
    # A call or a kong whose digits name no tile (a damaged "c" string once reached the tile table unchecked).
    broken.write_text(line.replace('"p434343"', '"p030303"', 1), encoding="utf-8")
    with pytest.raises(FormatError, match=r"::log\[0\]\[8\]\[4\]: 'p030303' is neither a drawn tile nor a call"):
        tenhou6.read_file(str(broken))
    chi = next(item for item in json.loads(line)["log"][0][5::3][0] + json.loads(line)["log"][0][8::3][0]
               if isinstance(item, str) and item.startswith("c"))
    broken.write_text(line.replace(f'"{chi}"', f'"c03{chi[3:]}"', 1), encoding="utf-8")
    with pytest.raises(FormatError, match=r"is neither a drawn tile nor a call"):
        tenhou6.read_file(str(broken))


def test_a_refused_move_is_reported_at_its_place_and_the_game_written_up_to_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = MJX[0].read_text(encoding="utf-8").split("\n")
    third = json.loads(lines[2])
    third["log"][0][6][1] = 19  # the dealer discards a 9m it does not hold
    lines[2] = json.dumps(third, ensure_ascii=False)
    path = tmp_path / "refused.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert main(["import", "tenhou6", str(path), "--out", str(tmp_path / "out")]) == 1
    out = capsys.readouterr().out
    assert f"{path}::line 3: log[0][6][1]: tenhou refused: '19': not a move the rules allow here" in out
    assert "(written up to that move: " in out and "1 refused" in out
    log = tmp_path / "out" / "tenhou-refused.jsonl"
    partial = check(str(log), "audit")
    assert not partial.ok and "the log has no further decision" in (partial.error or "")  # it stops there
    deals = [e for e in read_log(log).events if e["type"] == "deal_start"]
    assert len(deals) == 3  # the two whole deals before it, and the refused one up to its refused move
    # the log says so itself, sealed in its header: read later, away from the import's output, it is incomplete
    refused = read_log(log).header["source"]["refused"]
    assert refused == {"reason": refused["reason"], "place": "line 3: log[0][6][1]", "deal": 3, "seat": 0,
                       "move": "19"}
    assert refused["reason"].startswith("tenhou refused: '19': not a move the rules allow here")
    assert (partial.error or "").startswith("the log is incomplete: its import from tenhou stopped in deal 3, "
                                            "seat 0, the record's move '19' at line 3: log[0][6][1]: tenhou ")
    assert partial.line is not None  # still where the re-play stops


def test_a_log_that_says_it_was_refused_fails_its_audit_even_where_its_events_replay(tmp_path: Path) -> None:
    """The refusal is part of the sealed header: a log whose header says so is incomplete whatever its events."""
    played = play(tenhou6.read_file(str(MJX[0]))[0])
    played.header["source"]["refused"] = {"reason": "the record stops short", "place": "line 9", "deal": 2}
    log = tmp_path / "said.jsonl"
    log.write_text(played.text(), encoding="utf-8")
    verdict = check(str(log), "audit")
    assert not verdict.ok and verdict.error == ("the log is incomplete: its import from tenhou stopped in deal 2, "
                                                "line 9: the record stops short")


def test_every_tenhou_xml_game_exported_as_tenhou6_imports_with_the_same_moves_and_figures(tmp_path: Path) -> None:
    """A Tenhou XML record keeps a limit hand's fu beside its limit; tenhou.net/6 names the limit alone
    ("満貫2000-4000点"), as Tenhou writes it.  Each game of the XML sample, imported, exported as tenhou.net/6 and
    imported again, plays the same moves and differs from Tenhou's record in the same deals by the same figures
    (none but the documented ones)."""
    games = sorted(p for p in (SHARED / "tenhou-mjlog").glob("*.mjlog") if not p.stem.endswith("-no-round-end"))
    assert len(games) == 19
    for path in games:
        recorded = tenhou_xml.read_file(str(path))[0]
        first = play(recorded)
        log = tmp_path / f"{path.stem}.jsonl"
        log.write_text(first.text(), encoding="utf-8")
        exported = tmp_path / f"{path.stem}.t6.json"
        exported.write_text(export_log(str(log)), encoding="utf-8")
        read_again = tenhou6.read_file(str(exported))[0]
        again = play(read_again)
        assert _moves(read_again) == _moves(recorded), path.name
        assert [d.split(": ", 1)[1] for d in again.differences] == \
            [d.split(": ", 1)[1] for d in first.differences], path.name
