"""tenhou.net/6 games of three players (sanma, with the North set aside: kita) and East-only games, in and out.

No three-player record is in the shared sample, so the data is made honestly: games simulated by our engine under
``sanma_tenhou``, ``sanma_mahjong_soul`` and an East-only house rule, exported, imported, audited and exported
again; and one small record written by hand from what the notation documents, each field checked.  The notation
of a three-player game is tensoul's (``convert.js``: the fourth seat padded, ``pad_right``; a North set aside as
``f44`` in the seat's gives, ``RecordBaBei``, its replacement the seat's next take; a pon's direction counted
round four seats, ``relativeseating``; the room ``3``/``三`` and ``東喰``/``南喰``): docs/importing.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_core import load_ruleset
from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.format import read_log
from mahjong_formats import tenhou6
from mahjong_formats.common import FormatError, play
from mahjong_formats.tenhou6_export import export_log

#: One deal written by hand, in the writer's canonical layout (each dealt hand sorted; the dealer's fourteenth
#: tile, its first take, the last of its fourteen by kind).  Seat 0 (East, the dealer) holds 111m 999m 123456p
#: and a North; it sets the North aside (f44: its gives' first item), takes its replacement 5z (its takes' second
#: item) and discards it as drawn (60); South and West draw and discard; East draws 7p and wins by self-draw:
#: menzen tsumo and one North set aside, 2 han; 20 fu, 2 for the self-draw, 8 for each concealed pung of terminals,
#: 2 for the single wait on 7p: 40 fu.  A dealer's 2 han 40 fu self-draw is 1,300 from each of the two others
#: (three players: tsumo loss), 2,600 all told.  The fourth seat is empty, its points and changes 0.
HAND_WRITTEN = {
    "title": ["", ""], "name": ["Aki", "Bun", "Chie", ""], "rule": {"disp": "三般南喰赤", "aka": 1},
    "ref": "handwritten-sanma",
    "log": [[[0, 0, 0], [35000, 35000, 35000, 0], [33], [],
             [11, 11, 11, 19, 19, 19, 21, 22, 23, 24, 25, 26, 27], [44, 45, 27], ["f44", 60],
             [31, 31, 32, 32, 33, 33, 35, 36, 38, 39, 41, 42, 43], [29], [60],
             [22, 23, 28, 29, 34, 36, 37, 37, 41, 42, 45, 46, 47], [38], [60],
             [], [], [],
             ["和了", [2600, -1300, -1300, 0], [0, 0, 0, "40符2飜1300点∀", "門前清自摸和(1飜)", "抜きドラ(1飜)"]]]],
}

#: A North won on as it is set aside (no greedy game of 40 seeds did it): East discards, South and West draw and
#: discard, East draws a North and sets it aside (its gives' last item, f44, with no replacement after it), and
#: South, ready on a single North (123456789s 777p and 4z), wins on it: a win on another's tile, no robbed kong
#: (bonus_declaration), so ittsu alone, 2 han; 20 fu, 10 for a concealed hand's win on another's tile, 4 for the
#: concealed 777p, 2 for the single wait: 40 fu, 2,600 from East.
ROBBED_NORTH = {
    "title": ["", ""], "name": ["Aki", "Bun", "Chie", ""], "rule": {"disp": "三般南喰赤", "aka": 1},
    "ref": "handwritten-robbed-north",
    "log": [[[0, 0, 0], [35000, 35000, 35000, 0], [46], [],
             [11, 11, 19, 19, 21, 22, 23, 24, 25, 26, 27, 28, 41], [42, 44], [60, "f44"],
             [27, 27, 27, 31, 32, 33, 34, 35, 36, 37, 38, 39, 44], [45], [60],
             [21, 22, 29, 29, 41, 42, 43, 43, 45, 46, 46, 47, 47], [36], [60],
             [], [], [],
             ["和了", [-2600, 2600, 0, 0], [1, 0, 1, "40符2飜2600点", "一気通貫(2飜)"]]]],
}


def _simulate(tmp_path: Path, ruleset: str, seed: int) -> Path:
    out = tmp_path / "sim"
    assert main(["simulate", "--ruleset", ruleset, "--seed", str(seed), "--games", "1", "--out", str(out)]) == 0
    return next(out.glob("*.jsonl"))


def _through(tmp_path: Path, log: Path) -> tuple[dict, Path, str]:
    """``log`` exported, imported, audited clean with every deal agreeing, and exported and imported again to the
    same bytes: the exported object, the imported log, its text."""
    exported = tmp_path / "game.t6.json"
    exported.write_text(export_log(str(log)), encoding="utf-8")
    game = tenhou6.read_file(str(exported))[0]
    played = play(game)
    assert played.differences == []
    first = tmp_path / "imported.jsonl"
    first.write_text(played.text(), encoding="utf-8")
    verdict = check(str(first), "audit")
    assert verdict.ok, verdict.text()
    assert verdict.proof["recorded"].startswith(f"agrees with {game.platform}'s recorded result: every deal's end")
    again = tmp_path / "again.t6.json"
    again.write_text(export_log(str(first)), encoding="utf-8")
    assert again.read_text(encoding="utf-8") == exported.read_text(encoding="utf-8")
    assert play(tenhou6.read_file(str(again))[0]).text() == played.text()  # byte-identical
    original, imported = read_log(log), read_log(first)
    ends = [e for e in imported.events if e["type"] == "game_end"]
    assert ends and ends[0]["scores"] == [e for e in original.events if e["type"] == "game_end"][0]["scores"]
    return json.loads(exported.read_text(encoding="utf-8")), first, played.text()


@pytest.mark.parametrize("ruleset,seed,disp,platform", [
    ("sanma_tenhou", 5, "三般南喰赤", "tenhou"), ("sanma_tenhou", 1, "三般南喰赤", "tenhou"),
    ("sanma_mahjong_soul", 3, "Mahjong Soul South", "mahjongsoul")])
def test_a_simulated_three_player_game_goes_out_and_in_and_audits_clean(tmp_path: Path, ruleset: str, seed: int,
                                                                        disp: str, platform: str) -> None:
    log = _simulate(tmp_path, ruleset, seed)
    exported, imported, _ = _through(tmp_path, log)
    assert exported["rule"]["disp"] == disp and exported["name"][3] == "" and len(exported["name"]) == 4
    set_aside = sum(e["type"] == "bonus_declared" for e in read_log(log).events)
    assert set_aside > 0  # the seeds are chosen so: Norths set aside
    written = [g for r in exported["log"] for s in range(3) for g in r[6 + 3 * s] if g == tenhou6.KITA]
    assert len(written) == set_aside
    for round_ in exported["log"]:
        assert round_[13:16] == [[], [], []] and round_[1][3] == 0 and len(round_[1]) == 4
    head = read_log(imported).header
    assert head["ruleset"]["id"] == ruleset and len(head["seats"]) == 3 and head["source"]["platform"] == platform
    assert sum(e["type"] == "bonus_declared" for e in read_log(imported).events) == set_aside


def test_a_simulated_east_only_game_goes_out_and_in_under_its_house_rule(tmp_path: Path) -> None:
    preset = load_ruleset("riichi_tenhou")
    rule = tmp_path / "east.yaml"
    rule.write_text(tenhou6.east_only_text("riichi_tenhou", preset.version), encoding="utf-8")
    log = _simulate(tmp_path, str(rule), 4)
    exported, imported, _ = _through(tmp_path, log)
    assert exported["rule"]["disp"] == "般東喰赤"
    head = read_log(imported).header
    assert head["ruleset"]["id"] == "riichi_tenhou_east" and head["ruleset"]["sha256"] == read_log(log).header[
        "ruleset"]["sha256"]  # the very house rule the game was simulated under
    assert all(r[0][0] < 8 for r in exported["log"])  # East rounds, and South only as the extension
    assert check(str(imported), "audit").proof["options"].endswith("(the ruleset's rule ends the game there too)")


def test_a_simulated_east_only_three_player_game_goes_out_and_in(tmp_path: Path) -> None:
    rule = tmp_path / "east3.yaml"
    rule.write_text(tenhou6.east_only_text("sanma_tenhou", load_ruleset("sanma_tenhou").version), encoding="utf-8")
    exported, imported, _ = _through(tmp_path, _simulate(tmp_path, str(rule), 4))
    assert exported["rule"]["disp"] == "三般東喰赤"
    assert read_log(imported).header["ruleset"]["id"] == "sanma_tenhou_east"


def test_a_hand_written_three_player_record_reads_field_by_field(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND_WRITTEN, ensure_ascii=False), encoding="utf-8")
    game = tenhou6.read_file(str(path))[0]
    assert (game.ruleset, game.platform, game.players, game.ruleset_text) == (
        "sanma_tenhou", "tenhou", ["Aki", "Bun", "Chie"], None)  # 三: three players; 南: the preset's hanchan
    deal = game.deals[0]
    assert len(deal.dealt) == 3 and all(len(h) == 13 for h in deal.dealt[1:]) and len(deal.dealt[0]) == 14
    said = [(m.seat, m.verb, m.action, m.path) for m in deal.moves]
    assert said == [(0, "plugin", "declare_bonus", "log[0][6][0]"),  # f44: the North set aside ...
                    (0, "replacement", None, "log[0][5][1]"),  # ... and its replacement, the next take
                    (0, "discard", None, "log[0][6][1]"),  # 60: the tile just taken
                    (1, "draw", None, "log[0][8][0]"), (1, "discard", None, "log[0][9][0]"),
                    (2, "draw", None, "log[0][11][0]"), (2, "discard", None, "log[0][12][0]"),
                    (0, "draw", None, "log[0][5][2]"), (0, "win", None, "log[0][16]")]
    recorded = game.recorded["deals"][0]
    assert recorded["start"] == [35000] * 3 and recorded["deltas"] == [2600, -1300, -1300]  # the empty seat left
    assert recorded["wins"] == [{"winner": 0, "from": None, "han": 2, "fu": 40, "points": 2600, "limit": "",
                                 "yaku": [{"name": "menzen_tsumo", "han": 1}, {"name": "nukidora", "han": 1}]}]
    wall = game.wall["walls"][0]
    n = len(wall) // 2
    codes = [wall[2 * i:2 * i + 2] for i in range(n)]
    assert n == 108  # sanma's 108 tiles
    assert codes[39] == "4z"  # the dealer's extra dealt tile: 4, 4, 4 and 1 to three seats, then one more
    assert codes[40] == "9p"  # then the live wall: South's draw
    assert codes[n - 2] == "5z"  # the first replacement tile: the dead end's last stack, its top
    assert codes[n - 2 - 8] == "3s"  # the indicator behind eight replacement tiles (dora_indicators, sanma)
    played = play(game)
    assert played.differences == []
    kinds = [(e["type"], e.get("tile")) for e in played.events if e["type"] in ("bonus_declared", "replacement")]
    assert kinds == [("bonus_declared", "4z"), ("replacement", "5z")]
    log = tmp_path / "hand.jsonl"
    log.write_text(played.text(), encoding="utf-8")
    assert check(str(log), "audit").ok
    assert json.loads(export_log(str(log))) == HAND_WRITTEN  # written back field for field


def test_a_north_won_on_as_it_is_set_aside_reads_and_writes_back(tmp_path: Path) -> None:
    path = tmp_path / "robbed.json"
    path.write_text(json.dumps(ROBBED_NORTH, ensure_ascii=False), encoding="utf-8")
    game = tenhou6.read_file(str(path))[0]
    said = [(m.seat, m.verb, m.action, m.path) for m in game.deals[0].moves][-3:]
    assert said == [(0, "draw", None, "log[0][5][1]"), (0, "plugin", "declare_bonus", "log[0][6][1]"),
                    (1, "win", None, "log[0][16]")]
    played = play(game)
    assert played.differences == []
    won = [e for e in played.events if e["type"] == "mahjong"]
    assert [(e["seat"], e["tile"], e["how"], e["discarder"]) for e in won] == [(1, "4z", "robbing_kong", 0)]
    assert not any(e["type"] == "bonus_declared" for e in played.events)  # won on: never set aside
    log = tmp_path / "robbed.jsonl"
    log.write_text(played.text(), encoding="utf-8")
    assert check(str(log), "audit").ok
    assert json.loads(export_log(str(log))) == ROBBED_NORTH


@pytest.mark.parametrize("change,said", [
    (lambda g: g["log"][0][13].extend([11] * 13), "::rule: rule.disp '三般南喰赤' names a three-player game, but "
                                                  "the record seats 4"),
    (lambda g: g["log"][0][14].append(11), "log[0][14]: seat 3 has tiles, but the game seats 3"),
    (lambda g: g["log"][0][1].__setitem__(3, 500), "log[0][1]: expected 3 numbers, one a seat (or 4, the empty "
                                                   "seat's 0)"),
    (lambda g: g["log"][0][6].__setitem__(0, "f45"), "log[0][6][0]: 'f45' is neither a discard"),
])
def test_a_three_player_record_that_breaks_the_notation_is_named_where(tmp_path: Path, change: object,
                                                                       said: str) -> None:
    game = json.loads(json.dumps(HAND_WRITTEN))
    change(game)  # type: ignore[operator]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        tenhou6.read_file(str(path))
    assert said in str(caught.value)


def test_a_three_player_room_seating_four_is_refused_by_name(tmp_path: Path) -> None:
    assert tenhou6.preset_of({"disp": "三鳳南喰赤"}, 4) == (
        None, "rule.disp '三鳳南喰赤' names a three-player game, but the record seats 4")
    assert tenhou6.preset_of({"disp": "三鳳南喰赤"}, 3) == ("sanma_tenhou", "")
    assert tenhou6.preset_of({"disp": "3金の間南喰赤"}, 3) == ("sanma_mahjong_soul", "")
    assert tenhou6.preset_of({"disp": "Gold Room East"}, 3) == ("sanma_mahjong_soul", "")
    game = json.loads(json.dumps(HAND_WRITTEN))
    game["log"][0][13].extend([31] * 13)  # a fourth seat dealt: four players, whatever the preset named
    path = tmp_path / "four.json"
    path.write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(FormatError, match=r"four.json::log\[0\]: the record seats 4 players; sanma_tenhou seats 3"):
        tenhou6.read_file(str(path), "sanma_tenhou")
