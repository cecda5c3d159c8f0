"""The record of loads and parses (mahjong_core.rules.validated) that lets a command skip work done before.

A ``mahjong`` command trusts it (mahjong_core.reading.load_trust); the library does
not unless asked.  Trusted or not, a load gives the same ruleset and a bad
file the same messages; what changes is only which checks run again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.cli import main
from mahjong_core.engine import players
from mahjong_core.plugin import extensions
from mahjong_core.reading import entry_points
from mahjong_core.reading.load_trust import trusting, trusting_loads
from mahjong_core.rules import available, clear_cache, load_ruleset, loader, validated
from mahjong_core.rules.document import marks_of, parse_ruleset_text, parse_yaml_mapping
from mahjong_core.rules.registry import installed_source


@pytest.fixture
def record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "record"
    monkeypatch.setenv(validated.CACHE_VARIABLE, str(folder))
    clear_cache()
    yield folder
    clear_cache()


@pytest.fixture
def counted_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ruleset ids whose predicates were checked."""
    checked: list[str] = []
    from mahjong_core.plugin import fit

    real = fit.predicate_errors

    def counting(ruleset: Any) -> list[Any]:
        checked.append(ruleset.id)
        return real(ruleset)

    monkeypatch.setattr(fit, "predicate_errors", counting)
    return checked


def _loads(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("load-*")]


def test_a_trusted_load_that_passed_is_not_checked_again(record: Path, counted_checks: list[str]) -> None:
    with trusting_loads():
        first = load_ruleset("mcr")
        assert counted_checks == ["mcr"] and len(_loads(record)) == 1
        clear_cache()
        again = load_ruleset("mcr")
    assert counted_checks == ["mcr"], "checked again although the same code passed the same tables"
    assert again is not first and again.identity == first.identity and again.tables == first.tables


def test_the_library_checks_every_load_unless_asked(record: Path, counted_checks: list[str]) -> None:
    assert not trusting()
    load_ruleset("mcr")
    clear_cache()
    load_ruleset("mcr")
    assert counted_checks == ["mcr", "mcr"] and _loads(record) == []


def test_other_code_checks_again(record: Path, counted_checks: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with trusting_loads():
        load_ruleset("hongkong")
        clear_cache()
        monkeypatch.setattr(validated, "code_lines", lambda *_: ["plugin/edited.py:1:1"])  # a plugin edited since
        load_ruleset("hongkong")
    assert counted_checks == ["hongkong", "hongkong"]


def test_a_file_edited_since_changes_the_fingerprint(tmp_path: Path) -> None:
    module = tmp_path / "plugin.py"
    module.write_text("X = 1\n", encoding="utf-8")
    before = validated.file_stamp(str(module))
    module.write_text("X = 22\n", encoding="utf-8")
    assert validated.file_stamp(str(module)) != before
    assert validated.file_stamp(str(tmp_path / "gone.py")).endswith("missing")


def test_the_fingerprint_covers_the_core_and_every_plugin_package() -> None:
    validated.code_fingerprint.cache_clear()
    text = validated.code_fingerprint().decode()
    for path in (Path(loader.__file__), Path(installed_source(available()["piter"]).location).parent / "__init__.py"):
        assert f"{path}:" in text, path
    assert "mahjong_core.plugins: calling_hand = " in text


def test_a_load_while_a_plugin_is_broken_is_not_recorded(record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_core.plugin import fit

    monkeypatch.setattr(fit.InstalledPlugins, "skipped", lambda self: True)
    with trusting_loads():
        load_ruleset("piter")
    assert _loads(record) == []


def test_a_kept_parse_is_the_parse(record: Path) -> None:
    for info in available().values():
        source = installed_source(info)
        text = source.read()
        parsed = parse_ruleset_text(text, source.location)
        with trusting_loads():
            cold = parse_ruleset_text(text, source.location)
            warm = parse_ruleset_text(text, source.location)
        assert repr(cold) == repr(warm) == repr(parsed), info.id
    assert len(list((record / "parsed").iterdir())) == len(available())


def test_a_parse_json_would_change_is_never_kept(record: Path) -> None:
    """Ruleset files allow only string keys and bounded numbers; the record checks the round trip anyway."""
    for document in ({"a": (1, 2)}, {"a": {1: "x"}}, {"a": 2**70}):
        key = validated.parsed_key("ruleset", repr(document))
        validated.keep_parsed(key, document)
        assert validated.recall_parsed(key) is None, document
    validated.keep_parsed(key, {"a": [1, 2.0, None, True, "x"]})
    assert repr(validated.recall_parsed(key)) == repr({"a": [1, 2.0, None, True, "x"]})


def test_a_damaged_kept_parse_is_parsed_again(record: Path) -> None:
    text = "id: a\nversion: '1'\nname: A\nparameters: {x: {value: 1, assumption: test}}\n"
    with trusting_loads():
        parse_ruleset_text(text, "a.yaml")
        (kept,) = (record / "parsed").iterdir()
        for damage in (b"{\"id\": ", b"[1, 2]"):
            kept.write_bytes(damage)
            assert parse_ruleset_text(text, "a.yaml") == parse_yaml_mapping(text, "a.yaml", expected="")


def test_a_recalled_parse_still_knows_its_lines(record: Path) -> None:
    text = "id: a\nversion: '1'\nname: A\nparameters:\n  x: {value: 1, assumption: test}\n"
    with trusting_loads():
        parse_ruleset_text(text, "lines.yaml")
        parse_ruleset_text(text, "lines2.yaml")  # recalled: never composed under this name
        assert marks_of(text, "lines2.yaml")["$.parameters.x"] == (5, 3)


def test_kept_parses_are_bounded(record: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validated, "MAX_PARSED", 3)
    with trusting_loads():
        for i in range(6):
            parse_ruleset_text(f"id: r{i}\nversion: '1'\nname: R\n", f"r{i}.yaml")
    assert len(list((record / "parsed").iterdir())) == 3


def test_rules_list_says_the_same_cold_and_warm(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        clear_cache()
        assert main(["rules", "list", "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and '"id": "mcr"' in outputs[0]
    assert len(_loads(record)) == len(available())
    assert not trusting(), "the command's trust ends with the command"


def test_a_command_whose_rulesets_were_read_before_imports_neither_yaml_nor_jsonschema(record: Path) -> None:
    """What the record saves is the work itself: the parser and the validator are not even imported."""
    script = ("import sys\n"
              "from mahjong_core.reading.load_trust import trusting_loads\n"
              "from mahjong_core.rules import available, load_ruleset\n"
              "with trusting_loads():\n"
              "    names = [load_ruleset(r).id for r in available()]\n"
              "print(len(names), 'yaml' in sys.modules, 'jsonschema' in sys.modules)\n")
    env = {**os.environ, validated.CACHE_VARIABLE: str(record)}
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True).stdout
            for _ in range(2)]
    assert runs == [f"{len(available())} True True\n", f"{len(available())} False False\n"], runs


def test_one_scan_of_the_entry_points_serves_every_group(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = metadata.entry_points

    def counting(**params: Any) -> Any:
        calls.append(params)
        return real(**params)

    monkeypatch.setattr(metadata, "entry_points", counting)
    clear_cache()
    players.clear_cache()
    try:
        assert "mcr" in available() and "greedy" in players.installed_bots() and extensions.installed().families
        assert calls == [{}]
        assert entry_points.entry_points("mahjong_core.bots") == tuple(real(group="mahjong_core.bots"))
    finally:
        clear_cache()
        players.clear_cache()
