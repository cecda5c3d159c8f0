"""The event catalogue (``mahjong_core.table.events.CATALOGUE``) is the one declaration of every event type.

The replay schema's event part must say the same, both ways: every type and field of one is in the other, with
the same JSON type, the same required-ness and the same actor; and every event of every golden replay and score
sheet log, and of a short game of every installed ruleset, is an event the catalogue declares.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.log.fold import header_words
from mahjong_core.rules import available, load_ruleset
from mahjong_core.table.events import CATALOGUE, COMMON_FIELDS, problems

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "schemas" / "replay.schema.json").read_text(encoding="utf-8"))
DEFS = SCHEMA["$defs"]
LOGS = sorted((ROOT / "replays").glob("*.jsonl")) + sorted((ROOT / "replays" / "sheets").glob("*.jsonl")) \
    + sorted((ROOT / "replays" / "several_wins").glob("*.jsonl")) \
    + sorted((ROOT / "replays" / "riichi_mechanics").glob("*.jsonl"))


def _resolve(fragment: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in fragment:
        fragment = DEFS[fragment["$ref"].rsplit("/", 1)[-1]]
    return fragment


def _json_type(fragment: dict[str, Any]) -> tuple[str, bool]:
    """A schema fragment's JSON type and whether it admits null."""
    fragment = _resolve(fragment)
    if "oneOf" in fragment:
        kinds = [_json_type(f) for f in fragment["oneOf"]]
        named = {k for k, _ in kinds if k != "null"}
        assert len(named) == 1, fragment
        return named.pop(), any(k == "null" or n for k, n in kinds)
    if "const" in fragment:
        return _python_json_type(fragment["const"]), False
    if "enum" in fragment:
        (kind,) = {_python_json_type(v) for v in fragment["enum"]}
        return kind, False
    kind = fragment["type"]
    if isinstance(kind, list):
        return next(k for k in kind if k != "null"), "null" in kind
    return kind, False


def _python_json_type(value: Any) -> str:
    return {bool: "boolean", int: "integer", str: "string", type(None): "null"}[type(value)]


def _schema_types() -> dict[str, dict[str, Any]]:
    """Each event type the schema names in its conditional blocks: its required fields, properties and actor."""
    types: dict[str, dict[str, Any]] = {}
    for block in DEFS["event"]["allOf"]:
        condition = block["if"]["properties"]["type"]
        names = [condition["const"]] if "const" in condition else condition["enum"]
        for name in names:
            spec = types.setdefault(name, {"required": set(), "properties": {}})
            spec["required"] |= set(block["then"].get("required", ()))
            spec["properties"].update(block["then"].get("properties", {}))
    return types


def test_the_schema_and_the_catalogue_name_the_same_event_types() -> None:
    assert set(_schema_types()) == set(CATALOGUE)


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_the_schema_declares_each_field_of_the_catalogue_alike(name: str) -> None:
    spec, schema = CATALOGUE[name], _schema_types()[name]
    properties = {k: v for k, v in schema["properties"].items() if k != "actor"}
    assert set(properties) == {f.name for f in spec.fields}, "the schema and the catalogue list other fields"
    assert schema["required"] == {f.name for f in spec.fields if f.required}
    for field in spec.fields:
        assert _json_type(properties[field.name]) == (field.json_type, field.nullable), field.name
    actor = _resolve(schema["properties"]["actor"])
    assert actor == ({"const": "table"} if spec.actor == "table" else DEFS["seat"]), "who may act differs"


def test_the_common_fields_are_the_schemas_required_ones() -> None:
    assert set(DEFS["event"]["required"]) == set(COMMON_FIELDS)


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_every_event_of_every_golden_replay_and_sheet_log_is_in_the_catalogue(log: Path) -> None:
    lines = log.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines[1:]]
    assert events
    # A plugin's own event types are the header's to declare (mahjong_core.log.vocabulary checks them there).
    own = header_words(json.loads(lines[0])).get("event", {})
    found = [(e["n"], p) for e in events if e["type"] not in own for p in problems(e)]
    assert not found, found[:5]


@pytest.mark.parametrize("ruleset", available())
def test_a_short_game_of_every_installed_ruleset_emits_only_catalogued_events(ruleset: str) -> None:
    events: list[dict[str, Any]] = []
    rs = load_ruleset(ruleset)
    game = Game(rs, make_bots(["greedy"] * int(rs.param("players")), 37), 37, emit=events.append, max_deals=2)
    game.play()
    assert any(e["type"] == "deal_end" for e in events)
    own = game.vocabulary.plugin_events  # a plugin's own types, checked against its declaration as they are logged
    found = [(e["n"], p) for e in events if e["type"] not in own for p in problems(e)]
    assert not found, found[:5]


def test_a_constructor_writes_the_keys_as_every_log_does() -> None:
    event = CATALOGUE["draw"](5, 1200, "table", seat=2, tile="5p")
    assert list(event) == ["n", "t", "actor", "type", "seat", "tile"]
    assert problems(event) == []


def test_the_catalogue_finds_what_is_wrong_with_an_event() -> None:
    assert problems({"n": 0, "t": 0, "actor": "table", "type": "no_such"}) == ["unknown event type 'no_such'"]
    assert problems({"n": 0, "t": 0, "actor": 1, "type": "draw", "seat": "1", "colour": 3}) == [
        "draw: no tile", "draw: seat is not integer: '1'", "draw: unknown field colour",
        "draw: actor 1, expected the table"]


def test_the_engine_refuses_to_log_an_event_type_the_catalogue_does_not_declare() -> None:
    game = Game(load_ruleset("harbin"), make_bots(["random"] * 4, 1), 1)
    with pytest.raises(MahjongError, match="'declare_missing_suit', which the event catalogue"):
        game.event("table", "declare_missing_suit", suit="m")


def test_the_engine_logs_exactly_the_event_the_catalogue_builds() -> None:
    game = Game(load_ruleset("harbin"), make_bots(["random"] * 4, 1), 1)
    logged = game.event("table", "draw", seat=2, tile="5p")
    built = CATALOGUE["draw"](logged["n"], logged["t"], "table", seat=2, tile="5p")
    assert list(logged.items()) == list(built.items())
