"""The record of passed schema checks (mahjong_core.rules.validated) never changes what a check answers.

It may only skip a check that passed before on exactly the same document,
schema and validator library; a changed file is checked again, and every
error message is the one the check itself gives.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from mahjong_core.rules import schema, validate_file, validated

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "validated"
    monkeypatch.setenv(validated.CACHE_VARIABLE, str(folder))
    return folder


def _house(tmp_path: Path, document: dict[str, Any], name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _mcr() -> dict[str, Any]:
    document = yaml.safe_load((ROOT / "plugins" / "rulesets" / "mcr" / "ruleset.yaml").read_text(encoding="utf-8"))
    document["id"] = "house_mcr"  # a house file, not the installed mcr
    return document


def _messages(path: Path) -> list[str]:
    return [str(e) for e in validate_file(path)]


def test_a_pass_is_recorded_and_answers_the_same_check_next_time(tmp_path: Path, record: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = _house(tmp_path, _mcr())
    assert _messages(path) == []
    assert any(record.rglob("*")), "a passed check leaves a record"

    def no_check() -> None:
        raise AssertionError("checked again although this very document passed")

    monkeypatch.setattr(schema, "file_validator", no_check)
    monkeypatch.setattr(schema, "resolved_validator", no_check)
    assert _messages(path) == []


def test_a_changed_file_is_checked_again(tmp_path: Path, record: Path) -> None:
    document = _mcr()
    path = _house(tmp_path, document)
    assert _messages(path) == []
    document["parameters"]["players"]["value"] = "four"
    _house(tmp_path, document)
    errors = _messages(path)
    assert errors and all(e.startswith(f"{path}::$.parameters.players") for e in errors), errors


def test_values_that_print_alike_in_json_are_different_documents() -> None:
    keys = {validated.digest("file", "s", {"version": v}) for v in ("1", 1, 1.0, True, None, [1], (1,))}
    assert len(keys) == 7


def test_another_validator_library_checks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    before = validated.digest("file", "s", {"a": 1})
    monkeypatch.setattr(validated, "_library", lambda: b"jsonschema, another release")
    assert validated.digest("file", "s", {"a": 1}) != before


def test_off_records_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(validated.CACHE_VARIABLE, "off")
    assert validated.cache_dir() is None
    key = validated.digest("file", "s", {"a": 1})
    validated.record_pass(key)
    assert not validated.passed(key)


def _mutations(document: dict[str, Any], n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` copies of ``document``, each with one leaf value, citation or key broken (or left valid)."""
    rng = random.Random(seed)

    def places(node: Any, found: list[tuple[dict[str, Any], str]]) -> list[tuple[dict[str, Any], str]]:
        if isinstance(node, dict):
            for key, value in node.items():
                found.append((node, key))
                places(value, found)
        elif isinstance(node, list):
            for item in node:
                places(item, found)
        return found

    out = []
    for _ in range(n):
        mutated = copy.deepcopy(document)
        spots = places(mutated, [])
        node, key = spots[rng.randrange(len(spots))]
        choice = rng.randrange(7)
        if choice == 0:
            node[key] = "x"
        elif choice == 1:
            node[key] = -1
        elif choice == 2:
            node[key] = [1.5, None]
        elif choice == 3:
            del node[key]
        elif choice == 4:
            node[key + "_extra"] = {"value": 1}
        elif choice == 5:
            node[key] = True
        else:
            node[key] = {"value": node[key], "assumption": "mutated"}
        out.append(mutated)
    return out


@pytest.mark.parametrize("bundled", ["mcr", "chinese_classical", "hongkong"])
def test_every_message_is_the_same_with_the_record_warm_cold_or_off(tmp_path: Path, bundled: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    document = yaml.safe_load((ROOT / "plugins" / "rulesets" / bundled / "ruleset.yaml").read_text(encoding="utf-8"))
    document["id"] = f"house_{bundled}"
    cases = [document, *_mutations(document, 15, seed=len(bundled))]
    invalid = 0
    for i, case in enumerate(cases):
        path = _house(tmp_path, case, f"m{i}.yaml")
        monkeypatch.setenv(validated.CACHE_VARIABLE, "off")
        off = _messages(path)
        monkeypatch.setenv(validated.CACHE_VARIABLE, str(tmp_path / "record"))
        cold, warm = _messages(path), _messages(path)
        assert cold == off and warm == off, (i, off, cold, warm)
        invalid += bool(off)
    assert _messages(_house(tmp_path, document, "valid.yaml")) == []
    assert invalid >= 6, "the mutations must break most files, or this test proves little"


def test_the_replay_schema_is_checked_against_the_metaschema_once_on_record(record: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # Every `mahjong audit` and `replay` reads a log's schema; its metaschema check (about 0.2 s) is kept like a
    # ruleset's, and a replay schema the metaschema refuses is still refused.
    import jsonschema

    from mahjong_core.log import format as log_format

    log_format._validators.cache_clear()
    log_format._validators()
    assert validated.passed(validated.digest("metaschema 2020-12", "", log_format.replay_schema()))

    def no_check(schema: object) -> None:
        raise AssertionError("the replay schema was checked again although it passed")

    monkeypatch.setattr(jsonschema.Draft202012Validator, "check_schema", no_check)
    log_format._validators.cache_clear()
    log_format._validators()
    monkeypatch.undo()
    monkeypatch.setenv(validated.CACHE_VARIABLE, str(record))
    broken = {**log_format.replay_schema(), "type": 7}
    monkeypatch.setattr(log_format, "replay_schema", lambda: broken)
    log_format._validators.cache_clear()
    with pytest.raises(jsonschema.exceptions.SchemaError):
        log_format._validators()
    log_format._validators.cache_clear()
