"""The score-entry page's API: a typed sheet scored and checked by the server, and saved as the commands' YAML.

``POST /api/sheets/check`` takes a sheet as JSON and answers with the rules'
scoring of each deal, every written figure against the rules' and every
mistake located at its deal, field and player; ``POST /api/sheets`` saves it
in the data folder, where ``mahjong audit`` reads it.  A real server process
answers; the worked sheets of ``replays/sheets/`` are the input.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import Server, running

from mahjong_core.rules.document import parse_yaml_mapping
from mahjong_core.sheets.write import sheet_yaml
from mahjong_server.sheets_api import MAX_SHEET_BYTES, where

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "replays" / "sheets"
FAMILIES = ("chinese_classical", "harbin_moves", "hongkong", "mcr", "piter")


def sheet(name: str) -> dict[str, Any]:
    path = SHEETS / f"{name}.yaml"
    return parse_yaml_mapping(path.read_text(encoding="utf-8"), str(path), expected="a score sheet")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running(tmp_path_factory.mktemp("score-entry") / "data") as s:
        yield s


def check(server: Server, body: Any) -> dict[str, Any]:
    result: dict[str, Any] = server.post("/api/sheets/check", body)
    return result


@pytest.mark.parametrize("name", FAMILIES)
def test_a_sheet_that_agrees_is_scored_deal_by_deal_and_every_figure_agrees(server: Server, name: str) -> None:
    document = sheet(name)
    result = check(server, document)
    assert result["ok"] is True, result["verdict"]
    assert result["verdict"].startswith("every written figure agrees with the rules")
    assert result["errors"] == []
    assert len(result["deals"]) == len(document["deals"])
    assert result["figures"] and all(f["agrees"] for f in result["figures"])
    assert all(f["written"] == f["expected"] for f in result["figures"] if f["field"] != "payments")
    # The rules' running totals are the sheet's own, deal by deal, where it writes them.
    for deal, ruled in zip(document["deals"], result["deals"], strict=True):
        for player, total in deal.get("totals", {}).items():
            assert ruled["totals"][player] == total
    # The YAML the page saves reads back as the very sheet that was sent.
    assert parse_yaml_mapping(result["yaml"], "saved", expected="a score sheet") == document


def test_each_hand_comes_with_the_rules_items_and_total(server: Server) -> None:
    first = check(server, sheet("chinese_classical"))["deals"][0]
    assert (first["dealer"], first["round"], first["winner"]) == ("Anna", "E", "Boris")
    boris = next(h for h in first["hands"] if h["player"] == "Boris")
    assert boris["value"] == 60
    names = [i["name"] for i in boris["items"]]
    assert names == ["special_pair", "pung_exposed_simple", "pung_exposed_major", "mahjong", "only_possible_tile",
                     "dragon_pong"]
    assert boris["items"][-1]["kind"] == "doubling" and boris["items"][-1]["source"].startswith("000 line")
    assert boris["items"][0]["label"] != "special_pair", "each item carries the ruleset's name of its row"
    assert {(p["payer"], p["payee"], p["amount"]) for p in first["payments"]} >= {("Anna", "Boris", 120)}
    assert first["net"] == {"Anna": -156, "Boris": 240, "Vera": -46, "Gleb": -38}


def test_a_wrong_figure_is_named_at_its_deal_field_and_player_with_the_rules_figure(server: Server) -> None:
    document = sheet("chinese_classical")
    document["deals"][0]["values"]["Boris"] = 30
    document["deals"][1]["payments"] = ["Boris -> Anna 32", "Vera -> Anna 32", "Gleb -> Anna 32", "Vera -> Boris 8",
                                        "Vera -> Gleb 4"]
    result = check(server, document)
    assert result["ok"] is False and result["errors"] == []
    wrong = [f for f in result["figures"] if not f["agrees"]]
    value = next(f for f in wrong if f["field"] == "values")
    assert (value["deal"], value["player"], value["written"], value["expected"]) == (1, "Boris", 30, 60)
    assert value["place"] == "$.deals[0].values.Boris"
    hints = value["explanation"][-2:]  # the doubling missing, then which doubling the sheet forgot
    assert "a factor of 2: 1 doubling missing" in hints[0] and hints[1].startswith("forgotten: dragon_pong"), hints
    payment = next(f for f in wrong if f["field"] == "payments")
    assert (payment["deal"], payment["item"], payment["written"], payment["expected"]) == (2, 0, 32, 64)
    assert "East (Boris) pays and receives double" in payment["explanation"][-1]
    # Everything else the sheet writes still agrees: two mistakes read as two figures, not as every one after.
    own = [f for f in wrong if not f["follows"]]
    assert len(own) == 2 and result["verdict"].startswith("2 figures of the sheet differ")


def test_a_malformed_hand_is_located_and_the_deals_before_it_are_still_scored(server: Server) -> None:
    document = sheet("chinese_classical")
    document["deals"][2] = {"winner": "Vera", "from": "Anna", "hands": {"Vera": "11m999p45xs33447z +7z",
                                                                        "Gleb": "555m222p11333889"}}
    result = check(server, document)
    assert result["ok"] is False
    located = {(e["deal"], e["field"], e["player"]) for e in result["errors"]}
    assert located == {(3, "hands", "Vera"), (3, "hands", "Gleb")}, "every hand that does not parse, at once"
    vera = next(e for e in result["errors"] if e["player"] == "Vera")
    assert vera["place"] == "$.deals[2].hands.Vera" and "expected a suit letter" in vera["message"]
    assert result["verdict"].startswith("deal 3: ")
    assert [d["deal"] for d in result["deals"]] == [1, 2]
    assert all(f["agrees"] for f in result["figures"])


def test_a_winner_without_a_winning_tile_is_named_at_the_winners_hand(server: Server) -> None:
    document = sheet("hongkong")
    document["deals"][1]["hands"]["Mei"] = "2m345p678s [666z<] [222z^] 3y 2m"
    result = check(server, document)
    assert [(e["deal"], e["field"], e["player"]) for e in result["errors"]] == [(2, "hands", "Mei")]
    assert "mark the winning tile" in result["errors"][0]["message"]
    assert len(result["deals"]) == 1


@pytest.mark.parametrize(("change", "place", "words"), [
    (lambda s: s["deals"][0]["values"].update(Mei="two"), "$.deals[0].values.Mei", "is not of type 'integer'"),
    (lambda s: s.update(players="Li Mei Chen Wu"), "$.players", "is not of type 'array'"),
    (lambda s: s["deals"][0].update(winner=3), "$.deals[0].winner", "is not of type 'string'"),
    (lambda s: s["deals"][0].update(form="Wu"), "$.deals[0].form", "did you mean 'from'?"),
    (lambda s: s["deals"][0].update(winner="Mai"), "$.deals[0].winner", "did you mean 'Mei'?"),
    (lambda s: s.update(players=["Li", "Mei", "Chen"]), "$.players", "hongkong is played by 4 players"),
])
def test_a_field_of_the_wrong_type_or_name_is_named(server: Server, change: Any, place: str, words: str) -> None:
    document = sheet("hongkong")
    change(document)
    result = check(server, document)
    assert result["ok"] is False and result["deals"] == []
    assert result["errors"][0]["place"] == place and words in result["errors"][0]["message"], result["errors"]


def test_a_ruleset_file_named_by_the_client_is_never_read(server: Server, tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("not: a ruleset\n", encoding="utf-8")
    for name in (str(house), "../house.yaml", "no_such_rules"):
        result = check(server, {**sheet("hongkong"), "ruleset": name})
        assert result["errors"][0]["place"] == "$.ruleset"
        assert "is not a ruleset installed on this server" in result["errors"][0]["message"]


@pytest.mark.parametrize(("raw", "status", "words"), [
    (b"x" * (MAX_SHEET_BYTES + 1), 413, f"larger than {MAX_SHEET_BYTES:,} bytes"),
    (b"{not json", 400, "not a score sheet in JSON"),
    (b'{"sheet": 1, "sheet": 1}', 400, "duplicate key 'sheet'"),
    (b'{"sheet": 1.5}', 400, "not an integer"),
    (b"[1, 2]", 400, "$: expected a score sheet"),
    (b"\xff\xfe", 400, "not UTF-8"),
])
def test_a_body_that_is_no_sheet_is_refused_with_one_message(server: Server, raw: bytes, status: int,
                                                             words: str) -> None:
    result = server.post("/api/sheets/check", None, raw=raw)
    assert result["status"] == status and words in result["error"], result
    assert set(result) == {"status", "error"}


def test_a_saved_sheet_is_the_yaml_mahjong_audit_reads(server: Server) -> None:
    document = sheet("mcr")
    saved = server.post("/api/sheets", {"name": "practice-1", "sheet": document})
    assert saved == {"saved": "sheets/practice-1.yaml", "ok": True, "verdict": saved["verdict"]}
    path = server.data / "sheets" / "practice-1.yaml"
    assert path.read_text(encoding="utf-8") == sheet_yaml(document)
    audit = subprocess.run([sys.executable, "-m", "mahjong_core", "audit", str(path)], capture_output=True,
                           text=True, timeout=120)
    assert audit.returncode == 0, audit.stdout + audit.stderr
    # Saved again as the game goes on: the same name is replaced, and a sheet with a mistake is kept as written.
    document["deals"][0]["values"]["Pavel"] = 18
    again = server.post("/api/sheets", {"name": "practice-1", "sheet": document})
    assert again["ok"] is False and "1 figure of the sheet differs" in again["verdict"]
    assert "Pavel: 18" in path.read_text(encoding="utf-8")
    audit = subprocess.run([sys.executable, "-m", "mahjong_core", "audit", str(path)], capture_output=True,
                           text=True, timeout=120)
    assert audit.returncode != 0 and "the sheet values the hand at 18, the rules at 19" in audit.stdout + audit.stderr


@pytest.mark.parametrize(("body", "words"), [
    ({"name": "../escape", "sheet": {}}, "$.name: expected the sheet's file name"),
    ({"name": "a" * 65, "sheet": {}}, "$.name"),
    ({"name": "ok", "sheet": [1]}, "$.sheet: expected a score sheet"),
    ({"name": "ok", "sheet": {"sheet": 1}}, "$.sheet: 'ruleset' is a required property"),
    ({"name": "ok", "sheet": {"sheet": 1, "ruleset": "mcr", "players": ["A", "B", "C", "D"],
                              "deals": [{"values": {"A": "x"}}]}}, "$.sheet.deals[0].values.A: 'x' is not of type"),
    ({"name": "ok", "sheet": {}, "path": "/tmp"}, "$.path: unknown key"),
])
def test_a_sheet_is_saved_only_under_a_plain_name_and_in_the_format(server: Server, body: dict[str, Any],
                                                                    words: str) -> None:
    result = server.post("/api/sheets", body)
    assert result["status"] == 400 and words in result["error"], result
    assert not (server.data / "escape.yaml").exists() and not (server.data / "sheets" / "ok.yaml").exists()


def test_the_page_and_its_scripts_are_served(server: Server) -> None:
    import urllib.request

    with urllib.request.urlopen(server.url + "/scores", timeout=10) as response:
        page = response.read().decode("utf-8")
    assert "/static/scores.js" in page and 'id="deals"' in page
    rulesets = server.get("/api/rulesets")["rulesets"]
    assert rulesets and all(r["house"] is False for r in rulesets)


# ---------------------------------------------------------------------- the YAML text


@pytest.mark.parametrize("name", ["Anna Lee", "O'Brien", "yes", "No", "123", "Анна", "Anna: B", "#1", "- x", "a ",
                                  "null", "true", "2026-11-28", "[x]", "x, y", "{x}", "é"])
def test_every_name_reads_back_as_written(name: str) -> None:
    document = {"sheet": 1, "ruleset": "mcr", "title": name, "players": [name, "B", "C", "D"],
                "deals": [{"winner": name, "from": "B", "hands": {name: "19m19p19s1234566z +7z"},
                           "values": {name: 88}, "payments": [f"B -> {name} 8"]}]}
    text = sheet_yaml(document)
    assert not text.startswith("{"), "written as YAML, not the JSON fallback"
    assert parse_yaml_mapping(text, "x", expected="x") == document


def test_the_text_depends_on_the_sheet_alone() -> None:
    document = sheet("chinese_classical")
    shuffled = copy.deepcopy(document)
    shuffled["deals"][0] = dict(reversed(list(shuffled["deals"][0].items())))
    shuffled["deals"][0]["values"] = dict(reversed(list(shuffled["deals"][0]["values"].items())))
    shuffled = dict(reversed(list(shuffled.items())))
    assert sheet_yaml(shuffled) == sheet_yaml(document)
    text = sheet_yaml(document)
    assert text.startswith("sheet: 1\nruleset: chinese_classical\n")
    assert '    values: {Anna: 2, Boris: 60, Vera: 10, Gleb: 12}\n' in text
    assert '      Boris: "234m678p5z [777s<] [666z^] +5z"\n' in text
    assert "      - Anna -> Boris 120\n" in text


def test_the_location_of_a_finding_is_read_from_its_path() -> None:
    assert where("$.deals[2].hands['Anna Lee']") == {"deal": 3, "field": "hands", "player": "Anna Lee",
                                                      "item": None}
    assert where("$.deals[0].payments[1]") == {"deal": 1, "field": "payments", "player": None, "item": 1}
    assert where("$.players[3] (line 4)") == {"deal": None, "field": "players", "player": None, "item": 3}
    assert where("$.deals[0].values.Анна")["player"] == "Анна"
    assert where("line 3, column 1") == {"deal": None, "field": None, "player": None, "item": None}
    assert json.dumps(where(None))


def test_the_page_is_told_a_rulesets_sheet_fields_by_its_plugins(server: Server) -> None:
    """A riichi ruleset's sheet holds figures, declarations, ready hands, abortive draws and the honba, each as its
    family and mechanisms declare them; a classical ruleset's holds none of them; a name that is no installed
    ruleset is refused, never looked up as a file."""
    riichi = server.get("/api/sheets/fields/riichi_tenhou")
    assert riichi == {"ruleset": "riichi_tenhou", "figures": ["han", "fu", "limit", "yaku"],
                      "declarations": ["riichi"], "told": ["ready", "all_orphan_discards"],
                      "abortive": ["four_declarations", "four_kongs", "four_winds", "nine_terminals", "triple_ron"],
                      "honba": True, "winners": 2}
    assert server.get("/api/sheets/fields/sanma_tenhou")["abortive"] == ["four_kongs", "nine_terminals"]
    classical = server.get("/api/sheets/fields/chinese_classical")
    assert classical == {"ruleset": "chinese_classical", "figures": [], "declarations": [], "told": [],
                         "abortive": [], "honba": False, "winners": 1}
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.get("/api/sheets/fields/club.yaml")
    assert refused.value.code == 404
    assert json.loads(refused.value.read())["error"] == "'club.yaml' is not a ruleset installed on this server"


def test_a_riichi_hand_with_a_red_five_typed_on_the_page_is_read_in_the_rulesets_tiles(server: Server) -> None:
    """A hand on the page is read as the sheet's reader reads it: ``0p`` is riichi_tenhou's red five, not a
    mistake beside the field."""
    document = sheet("riichi_tenhou")
    document["deals"] = document["deals"][:1]
    del document["final"]
    deal = document["deals"][0]
    for key in ("score", "tile", "payments", "net", "totals"):
        deal.pop(key)
    deal["hands"] = {"Ben": "234m 40p 22s 345s 678s +6p"}
    result = check(server, document)
    assert result["errors"] == [], result["errors"]
    assert result["ok"], result["verdict"]
    ben = next(h for h in result["deals"][0]["hands"] if h["player"] == "Ben")
    assert {"name": "aka_dora", "value": 1} in [{k: i[k] for k in ("name", "value")} for i in ben["items"]], ben
