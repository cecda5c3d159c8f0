"""The ruleset loader: discovery, inheritance, merging, validation and its error messages."""

from __future__ import annotations

import dataclasses
import re
import textwrap
from pathlib import Path
from types import MappingProxyType

import pytest

from mahjong_core.errors import RulesetError
from mahjong_core.rules import (
    ENTRY_POINT_GROUP,
    EntryPointInfo,
    Ruleset,
    RulesetSource,
    available,
    file_source,
    load_ruleset,
    merge,
    resolve,
    strip_removals,
    validate_file,
)

BUNDLED = {
    "harbin",
    "shanghai",
    "orsk",
    "chinese_classical",
    "european_classical",
    "hongkong",
    "hongkong_plus",
    "mcr",
    "traditional",
    "bonus_classical",
    "piter",
    "shanghai_1500_no_bank",
}

MINIMAL_ROOT = """\
id: {id}
version: 1.0.0
name: Test
{extends}
parameters:
  usual_limit: {{value: 100, assumption: "test"}}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def catalog_of(tmp_path: Path, files: dict[str, str]) -> dict[str, RulesetSource]:
    """A catalog of not-installed rulesets, id -> source, written to ``tmp_path``."""
    catalog = {}
    for ruleset_id, text in files.items():
        path = write(tmp_path, f"{ruleset_id}.yaml", text)
        catalog[ruleset_id] = dataclasses.replace(file_source(path), id=ruleset_id)
    return catalog


def overlay(ruleset_id: str, extends: str | None, body: str = "") -> str:
    lines = [f"id: {ruleset_id}", "version: 1.0.0", f"name: {ruleset_id}"]
    if extends:
        lines.append(f"extends: {extends}")
    return "\n".join(lines) + "\n" + textwrap.dedent(body)


# ---------------------------------------------------------------- discovery


def test_every_bundled_ruleset_is_installed_as_an_entry_point() -> None:
    found = available()
    assert BUNDLED <= set(found)
    info = found["shanghai"]
    assert isinstance(info, EntryPointInfo)
    assert info.module == "mahjong_rulesets.rulesets.shanghai"
    assert ENTRY_POINT_GROUP == "mahjong_core.rulesets"


@pytest.mark.parametrize("ruleset_id", sorted(BUNDLED))
def test_every_bundled_ruleset_loads_and_validates(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert isinstance(ruleset, Ruleset)
    assert ruleset.id == ruleset_id
    assert validate_file(ruleset.location) == []
    assert re.fullmatch(rf"{ruleset_id}@\d+\.\d+\.\d+\+sha256:[0-9a-f]{{64}}", ruleset.identity)
    assert len(ruleset.tile_set()) in (136, 144)


def test_loaded_rulesets_are_cached_per_process() -> None:
    assert load_ruleset("shanghai") is load_ruleset("shanghai")
    path = Path(load_ruleset("orsk").location)
    assert load_ruleset(path) is load_ruleset("orsk")
    assert load_ruleset(str(path)).modules[-1].__name__ == "mahjong_rulesets.rulesets.orsk"


def test_unknown_id_lists_the_installed_ones() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("nosuch")
    message = str(info.value)
    assert "unknown ruleset 'nosuch'" in message
    assert "harbin" in message and "piter" in message


# ---------------------------------------------------------------- ancestry and merge


def test_ancestry_parent_and_modules_are_root_first() -> None:
    orsk = load_ruleset("orsk")
    assert orsk.ancestry == ("harbin", "shanghai", "orsk")
    assert orsk.parent == "shanghai"
    assert [m.__name__ for m in orsk.modules] == [
        "mahjong_rulesets.rulesets.harbin",
        "mahjong_rulesets.rulesets.shanghai",
        "mahjong_rulesets.rulesets.orsk",
    ]
    assert load_ruleset("hongkong_plus").ancestry == ("hongkong", "hongkong_plus")
    assert load_ruleset("harbin").parent is None


def test_child_overrides_and_inherits_with_provenance() -> None:
    shanghai = load_ruleset("shanghai")
    assert shanghai.param("usual_limit") == 1000
    assert shanghai.param("chavka") == {"enabled": True, "points": 100, "doublings_allowed": True}
    assert shanghai.param("chavka.points") == 100
    assert shanghai.source_of("chavka.doublings_allowed").defined_in == "shanghai"
    points = shanghai.source_of("parameters.chavka.points")
    assert (points.defined_in, points.text, points.kind) == ("harbin", "000 line 208", "source")
    assert str(shanghai.source_of("$.limit_hands.heavenly")) == "000 line 376"
    assert shanghai.table("limit_hands")["heavenly"]["value"] == 5000
    assert load_ruleset("harbin").table("limit_hands")["heavenly"]["value"] == 1000
    house = load_ruleset("shanghai_1500_no_bank")
    assert str(house.source_of("usual_limit")) == "assumption: example house rule"


def test_ruleset_is_read_only() -> None:
    ruleset = load_ruleset("harbin")
    assert isinstance(ruleset.tables, MappingProxyType)
    with pytest.raises(TypeError):
        ruleset.tables["parameters"]["usual_limit"] = 1  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ruleset.id = "x"  # type: ignore[misc]
    kong_ways = ruleset.param("kong_ways")
    kong_ways.append("nonsense")
    assert ruleset.param("kong_ways") == ["concealed", "from_discard", "added"]


def test_unknown_parameter_is_a_located_error() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("harbin").param("usual_limt")
    assert info.value.place == "$.parameters.usual_limt"


def test_an_absent_parameter_stays_absent_for_get_and_an_error_for_value() -> None:
    # get() remembers a name it found absent (the engine asks for some at every score); value() and param() must
    # still refuse it with the located error, and a parameter the ruleset has is still given, before and after.
    ruleset = load_ruleset("harbin")
    assert ruleset.get("usual_limt", "default") == "default"
    assert ruleset.get("usual_limt") is None
    with pytest.raises(RulesetError) as info:
        ruleset.value("usual_limt")
    assert info.value.place == "$.parameters.usual_limt"
    assert ruleset.get("usual_limit") == ruleset.value("usual_limit") == ruleset.param("usual_limit")
    assert ruleset.get("usual_limit", "default") != "default"


def test_merge_overrides_removes_and_replaces_lists() -> None:
    base = {"a": {"b": 1, "c": 2}, "lst": [1, 2, 3], "gone": {"x": 1}, "keep": 5}
    child = {"a": {"c": 3, "d": 4}, "lst": [9], "gone": None}
    assert resolve([base, child]) == {"a": {"b": 1, "c": 3, "d": 4}, "lst": [9], "keep": 5}
    assert base == {"a": {"b": 1, "c": 2}, "lst": [1, 2, 3], "gone": {"x": 1}, "keep": 5}


def test_merge_replaces_leaf_entries_whole() -> None:
    base = {"p": {"value": {"enabled": True, "stake": 100}, "source": "000 line 202"}}
    child = {"p": {"value": {"enabled": False}, "assumption": "house"}}
    assert resolve([base, child]) == {"p": {"value": {"enabled": False}, "assumption": "house"}}
    rows = {"t": {"r": {"predicate": "pure_suit", "value": 500, "source": "000 line 381", "name": "x"}}}
    new = {"t": {"r": {"predicate": "pure_suit", "value": 2000, "source": "000 line 381"}}}
    assert "name" not in resolve([rows, new])["t"]["r"]


def test_null_inside_a_leaf_is_a_value_not_a_removal() -> None:
    base = {"usual_limit": {"value": 500, "source": "000 line 346"}}
    child = {"usual_limit": {"value": None, "source": "000 line 346"}}
    assert resolve([base, child]) == child


def test_removal_markers_survive_until_resolution() -> None:
    combined = merge({"k": 1}, {"k": None})
    assert combined == {"k": None}
    assert strip_removals(combined) == {}
    assert resolve([{"a": {"k": 1}}, {"a": {"k": None}}, {"a": {"j": 2}}]) == {"a": {"j": 2}}


def test_overlay_file_merges_into_installed_parent(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "club.yaml",
        """\
        id: club
        version: 2.1.0-beta.1
        name: Club
        extends: orsk
        parameters:
          bank: null
          kong_ways: {value: [concealed], assumption: "club rule"}
          chavka:
            points: {value: 150, assumption: "club rule"}
        limit_hands:
          beggars_hand: null
        """,
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.source == str(path)
    assert info.value.place == "$.parameters"
    assert "'bank' is a required property" in str(info.value)

    path.write_text(path.read_text().replace("  bank: null\n", ""), encoding="utf-8")
    club = load_ruleset(path)
    assert club.ancestry == ("harbin", "shanghai", "orsk", "club")
    assert club.modules == load_ruleset("orsk").modules
    assert club.param("kong_ways") == ["concealed"]
    assert club.param("chavka") == {"enabled": True, "points": 150, "doublings_allowed": True}
    assert "beggars_hand" not in club.table("limit_hands")
    assert "pure_suit" in club.table("limit_hands")
    assert club.identity.startswith("club@2.1.0-beta.1+sha256:")


def test_resolved_type_error_blames_the_file_that_set_the_value(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "bad.yaml",
        """\
        id: bad
        version: 1.0.0
        name: Bad
        extends: shanghai
        parameters:
          bank:
            enabled: {value: "yes", assumption: "typo"}
        """,
    )
    errors = validate_file(path)
    assert [str(e) for e in errors] == [f"{path}::$.parameters.bank.enabled.value (line 7, column 15): 'yes' is not "
                                        f"of type 'boolean'"]


def test_bad_tile_group_is_a_load_error(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "jokers.yaml",
        """\
        id: jokers
        version: 1.0.0
        name: Jokers
        extends: harbin
        parameters:
          tile_set: {value: [{group: dinosaurs, copies: 8}], assumption: "test"}
        """,
    )
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.place == "$.parameters.tile_set.value[0].group"
    assert "unknown tile group 'dinosaurs'" in str(info.value)


# ---------------------------------------------------------------- extends errors


def test_cyclic_extends_names_file_path_and_chain(tmp_path: Path) -> None:
    catalog = catalog_of(tmp_path, {"a": overlay("a", "b"), "b": overlay("b", "c"), "c": overlay("c", "a")})
    with pytest.raises(RulesetError) as info:
        load_ruleset("a", catalog=catalog)
    error = info.value
    assert error.source == str(tmp_path / "c.yaml")
    assert error.place == "$.extends"
    assert "a -> b -> c -> a" in error.message
    assert str(error).startswith(f"{tmp_path / 'c.yaml'}::$.extends: ")


def test_self_extends_is_an_error(tmp_path: Path) -> None:
    catalog = catalog_of(tmp_path, {"a": overlay("a", "a")})
    with pytest.raises(RulesetError) as info:
        load_ruleset("a", catalog=catalog)
    assert info.value.place == "$.extends"
    assert "a -> a" in info.value.message
    path = write(tmp_path, "self.yaml", overlay("selfish", "selfish"))
    assert [e.place for e in validate_file(path)] == ["$.extends"]


def test_unknown_extends_names_chain_and_installed(tmp_path: Path) -> None:
    catalog = catalog_of(tmp_path, {"a": overlay("a", "b"), "b": overlay("b", "nowhere")})
    with pytest.raises(RulesetError) as info:
        load_ruleset("a", catalog=catalog)
    error = info.value
    assert (error.source, error.place) == (str(tmp_path / "b.yaml"), "$.extends")
    assert "a -> b -> nowhere" in error.message
    assert "installed: a, b" in error.message


def test_a_file_standing_in_for_an_installed_id_sees_the_cycle(tmp_path: Path) -> None:
    path = write(tmp_path, "harbin.yaml", overlay("harbin", "shanghai"))
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert "harbin -> shanghai -> harbin" in info.value.message


def test_entry_point_name_must_match_the_file_id(tmp_path: Path) -> None:
    catalog = catalog_of(tmp_path, {"a": overlay("b", "harbin")})
    with pytest.raises(RulesetError) as info:
        load_ruleset("a", catalog=catalog)
    assert info.value.place == "$.id"


# ---------------------------------------------------------------- unsafe and invalid files


def test_python_object_tag_fails_cleanly_without_constructing(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    path = write(
        tmp_path,
        "evil.yaml",
        f"""\
        id: evil
        version: 1.0.0
        name: !!python/object/apply:os.system ["touch {marker}"]
        """,
    )
    errors = validate_file(path)
    assert len(errors) == 1
    assert str(errors[0]).startswith(f"{path}::$.name (line 3): YAML tag ")
    assert "not allowed" in str(errors[0])
    with pytest.raises(RulesetError):
        load_ruleset(path)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("text", "place", "fragment"),
    [
        ("id: a\nversion: 1.0.0\nname: [unclosed\n", "line 4, column 1", "not valid YAML"),
        ("id: a\nid: b\nversion: 1.0.0\nname: A\n", "$.id (line 2)", "duplicate key 'id'"),
        ("base: &x {a: 1}\nid: a\nname: *x\n", "$.name (line 3)", "aliases are not allowed"),
        ("id: a\nversion: 2024-01-01\nname: A\n", "$.version (line 2)", "reads as a date"),
        ("- just\n- a list\n", "$", "expected a mapping"),
    ],
)
def test_malformed_yaml_gives_one_located_error(tmp_path: Path, text: str, place: str, fragment: str) -> None:
    path = write(tmp_path, "bad.yaml", text)
    errors = validate_file(path)
    assert len(errors) == 1
    assert errors[0].place == place
    assert fragment in errors[0].message


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            'parameters:\n  usual_limit: {value: 100, source: "000 line 346", assumption: "x"}\n',
            "$.parameters.usual_limit: a leaf entry carries exactly one of `source` or `assumption`, not both",
        ),
        (
            "parameters:\n  usual_limit: {value: 100}\n",
            '$.parameters.usual_limit: a leaf entry needs `source:`, a document and a place in it -- a seed '
            '("000 line 346") or a document declared under `sources:` ("minutes section 4.2", "minutes page 3") -- '
            'or `assumption: "<one-line reason>"` for a value no document states (a house rule: "the club\'s choice")',
        ),
        (
            'parameters:\n  usual_limit: {value: 100, source: "line 346"}\n',
            "$.parameters.usual_limit.source: 'line 346' is not a citation: a document and a place in it, like "
            "'000 line 346'",
        ),
        (
            'parameters:\n  usual_limit: {source: "000 line 346"}\n',
            "$.parameters.usual_limit: this mapping has `source`/`assumption` but no `value`",
        ),
        (
            'limit_hands:\n  Heavenly: {predicate: heavenly_hand, value: 5, source: "000 line 376"}\n',
            "$.limit_hands: 'Heavenly' is not a lower_snake_case identifier",
        ),
        (
            'limit_hands:\n  heavenly: {predicate: heavenly_hand, value: lots, source: "000 line 376"}\n',
            "$.limit_hands.heavenly.value: 'lots' is not valid under any of the given schemas",
        ),
        ("colour: red\n", "$.colour: unknown key(s) 'colour'; expected one of description, doublings"),
    ],
)
def test_schema_violation_reads_file_path_message(tmp_path: Path, body: str, expected: str) -> None:
    path = write(tmp_path, "house.yaml", overlay("house", "shanghai", body))
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    # Located at its JSON path and, as every command now says, at its line and column in the file.
    assert re.search(r" \(line \d+, column \d+\):", str(info.value))
    assert re.sub(r" \(line \d+, column \d+\)", "", str(info.value)).startswith(f"{path}::{expected}")


def test_invalid_semver_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, "v.yaml", overlay("house", "shanghai").replace("1.0.0", "v1.0"))
    errors = validate_file(path)
    assert [(e.place, e.message) for e in errors] == [
        ("$.version", "'v1.0' is not a SemVer version (MAJOR.MINOR.PATCH[-pre][+build])")
    ]
    path.write_text(path.read_text().replace("v1.0", "1.0"), encoding="utf-8")
    assert [(e.place, e.message) for e in validate_file(path)] == [
        ("$.version", 'version: 1.0 is read as a number; write it in quotes ("1.0.0")')]


def test_validate_file_reports_every_error(tmp_path: Path) -> None:
    body = """\
    parameters:
      usual_limit: {value: 100}
      bank:
        enabled: {value: false, source: "000 line 352", assumption: "both"}
    limit_hands:
      heavenly: {predicate: no_such_predicate, value: 5, source: "000 line 376"}
    """
    path = write(tmp_path, "many.yaml", overlay("many", "shanghai", body).replace("1.0.0", "one"))
    places = [e.place for e in validate_file(path)]
    assert places == [
        "$.parameters.bank.enabled",
        "$.parameters.usual_limit",
        "$.version",
        "$.limit_hands.heavenly.predicate",
    ]
    assert all(str(e).startswith(f"{path}::") for e in validate_file(path))


def test_unknown_predicate_fails_at_its_path(tmp_path: Path) -> None:
    body = 'limit_hands:\n  pure_suit: {predicate: pure_suits, value: 5, source: "000 line 381"}\n'
    path = write(tmp_path, "p.yaml", overlay("p", "shanghai", body))
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert info.value.place == "$.limit_hands.pure_suit.predicate"
    assert "unknown predicate 'pure_suits' (did you mean 'pure_suit'?)" in info.value.message


def test_missing_file_is_a_located_error(tmp_path: Path) -> None:
    errors = validate_file(tmp_path / "absent.yaml")
    assert len(errors) == 1 and errors[0].source == str(tmp_path / "absent.yaml")


def test_root_without_required_parameters_fails(tmp_path: Path) -> None:
    path = write(tmp_path, "root.yaml", MINIMAL_ROOT.format(id="root", extends=""))
    errors = validate_file(path)
    assert errors and all(e.place in ("$", "$.parameters") for e in errors)
    assert any("'players' is a required property" in e.message for e in errors)


def test_the_c_parser_reads_every_bundled_file_as_the_python_parser_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """libyaml is only a faster reader: the same data (so the same hashes) and the same located errors."""
    import yaml

    from mahjong_core.rules import document, yaml_reader

    assert yaml_reader._LOADER is getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    files = sorted(Path(__file__).resolve().parents[3].glob("plugins/**/ruleset.yaml"))
    assert len(files) >= 12
    fast = {str(f): document.parse_ruleset_text(f.read_text(encoding="utf-8"), str(f)) for f in files}
    bad = ["id: x\nversion: 1.0.0\nname: x\nparameters: {a: 1, a: 2}\n", "id: x\n  name: [\n", "id: &a x\nname: *a\n"]
    fast_errors = []
    for text in bad:
        with pytest.raises(RulesetError) as caught:
            document.parse_ruleset_text(text, "t.yaml")
        fast_errors.append(caught.value.place)
    monkeypatch.setattr(yaml_reader, "_LOADER", yaml.SafeLoader)
    assert {str(f): document.parse_ruleset_text(f.read_text(encoding="utf-8"), str(f)) for f in files} == fast
    slow_errors = []
    for text in bad:
        with pytest.raises(RulesetError) as caught:
            document.parse_ruleset_text(text, "t.yaml")
        slow_errors.append(caught.value.place)
    assert slow_errors == fast_errors
