"""The command's conventions (issue 13, item 6), each friction point a test run as a user runs the command.

``--version``; bare ``mahjong`` prints help; did-you-mean for commands, rulesets and bots; one exit-status table,
the same in the code, the README and the docs; ``--json`` errors as one JSON object; a broken third-party plugin
skipped with a one-line warning; ``conformance --json`` prints JSON; progress bars only on a terminal's stderr.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_core.cli.output import EXIT_CODES

ROOT = Path(__file__).resolve().parents[3]


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def command(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong_core.cli", *args], capture_output=True, text=True,
                          timeout=300, env=env)


def test_version() -> None:
    from importlib import metadata

    result = command("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"mahjong-core {metadata.version('mahjong-core')}"


def test_bare_mahjong_prints_the_help_and_exits_0() -> None:
    result = command()
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("usage: mahjong") and "exit status:" in result.stdout


@pytest.mark.parametrize(("args", "needle"), [
    (["simulat", "--ruleset", "harbin", "--seed", "1"], "did you mean 'simulate'?"),
    (["rules", "lst"], "did you mean 'list'?"),
    (["simulate", "--ruleset", "shangai", "--seed", "1"], "did you mean 'shanghai'?"),
    (["score", "--ruleset", "shangai", "123m456p78s11z [777s<] +9s"], "did you mean 'shanghai'?"),
    (["conformance", "harbi"], "did you mean 'harbin'?"),
    (["simulate", "--ruleset", "harbin", "--seed", "1", "--bots", "greedi"], "did you mean 'greedy'?"),
    (["export", "--format", "tenhou", "x.jsonl"],
     "--format: unknown value 'tenhou' (did you mean 'tenhou6'?); expected one of mjai, tenhou6"),
    (["import", "tenhou", "x", "--out", "d"], "FORMAT: unknown value 'tenhou' (did you mean 'tenhou6'?)"),
])
def test_did_you_mean_for_commands_rulesets_and_bots(capsys: pytest.CaptureFixture[str], args: list[str],
                                                     needle: str) -> None:
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err, err


@pytest.mark.parametrize(("args", "needle"), [
    (["simulate", "--ruleset", "harbin", "--seed", "1", "--max-deals", "0"], "--max-deals must be at least 1, got 0"),
    (["demo", "--ruleset", "harbin", "--seed", "1", "--max-deals", "-2"], "--max-deals must be at least 1, got -2"),
    (["simulate", "--ruleset", "harbin", "--seed", "1", "--games", "0"], "--games must be at least 1, got 0"),
    (["study", "harbin", "piter", "--seed", "1", "--workers", "-1"], "--workers must be 0 (this process) or more"),
    (["soak", "--max-deals", "0"], "--max-deals must be at least 1, got 0"),
])
def test_a_count_no_command_can_use_is_refused_before_anything_runs(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path, args: list[str],
                                                                   needle: str) -> None:
    code, out, err = run_cli(capsys, *args, *(["--out", str(tmp_path / "o")] if args[0] == "simulate" else []))
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "o").exists(), "nothing is written"


@pytest.mark.parametrize("args", [
    ["hand", "123x"],
    ["score", "--ruleset", "harbin", "123m"],
    ["rules", "show", "no_such"],
    ["simulate", "--ruleset", "no_such", "--seed", "1"],
    ["demo", "--ruleset", "no_such", "--seed", "1"],
    ["replay", "no/such/file.jsonl"],
    ["audit", "no/such/file.jsonl"],
    ["view", "no/such/file.jsonl", "--seat", "0"],
    ["docs", "--ruleset", "no_such"],
    ["conformance", "no_such"],
    ["soak", "--games", "0"],
    ["score", "--ruleset", "harbin"],  # no hand
    ["score"],  # a usage error: --ruleset missing
    ["simulat"],
])
def test_every_error_under_json_is_one_json_object(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run_cli(capsys, *args, "--json")
    assert code == 2, (out, err)
    error = json.loads(out)
    assert isinstance(error, dict) and error["error"] and error["exit_code"] == 2
    assert "Traceback" not in err


def test_the_exit_status_table_is_the_same_in_the_code_the_readme_and_the_docs() -> None:
    codes = [code for code, _ in EXIT_CODES]
    assert codes == [0, 1, 2, 130]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [int(c) for c in re.findall(r"^\| (\d+) \| ", readme, re.MULTILINE)] == codes
    page = (ROOT / "docs" / "command.rst").read_text(encoding="utf-8")
    table = page.split("Exit status", 1)[1]
    assert [int(c) for c in re.findall(r"^(\d+) {2,}", table, re.MULTILINE)] == codes
    assert all(f"  {code:<4} {meaning}" in command("--help").stdout for code, meaning in EXIT_CODES)


def test_a_verdict_is_1_and_bad_input_is_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\nversion: one\nname: B\n", encoding="utf-8")
    assert run_cli(capsys, "rules", "validate", str(bad))[0] == 1
    corrupt = tmp_path / "corrupt.jsonl"
    corrupt.write_text("not json\n", encoding="utf-8")
    assert run_cli(capsys, "view", str(corrupt), "--seat", "0")[0] == 2  # a log that cannot be read at all


def _broken_plugins(folder: Path) -> dict[str, str]:
    """A distribution whose plugin and ruleset modules raise ImportError, installed by its metadata alone."""
    (folder / "broken_family.py").write_text("import no_such_module_anywhere\n", encoding="utf-8")
    (folder / "broken_rules.py").write_text("raise ImportError('a dependency is missing')\n", encoding="utf-8")
    dist = folder / "broken_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 1.0\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text("[mahjong_core.plugins]\nbroken = broken_family\n\n"
                                           "[mahjong_core.rulesets]\nbroken_rules = broken_rules\n", encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])}


def test_a_broken_third_party_plugin_is_skipped_with_a_one_line_warning(tmp_path: Path) -> None:
    env = _broken_plugins(tmp_path)
    result = command("rules", "list", env=env)
    assert result.returncode == 0, result.stderr
    assert re.search(r"^harbin ", result.stdout, re.MULTILINE) and "broken_rules" not in result.stdout
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 2 and all(w.startswith("mahjong: warning: skipped ") for w in warnings), warnings
    assert any("'broken'" in w and "no_such_module_anywhere" in w for w in warnings)
    assert any("'broken_rules'" in w and "a dependency is missing" in w for w in warnings)
    played = command("score", "--ruleset", "harbin", "123m456p78s11z [777s<] +9s", env=env)
    assert played.returncode == 0 and "total" in played.stdout


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_conformance_json_is_json_with_a_progress_bar_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main(["conformance", "harbin", "--json"])
    out = capsys.readouterr().out
    report = json.loads(out)  # no pytest dots around it
    assert code == 0 and report["ok"] is True and report["counts"]["passed"] == len(report["checks"]) >= 5
    assert {c["outcome"] for c in report["checks"]} == {"passed"}
    assert re.search(r"\d+/\d+ \[", terminal.getvalue()), terminal.getvalue()[-300:]


def test_no_progress_bar_off_a_terminal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "simulate", "--ruleset", "harbin", "--seed", "3", "--games", "2",
                             "--max-deals", "1")
    assert code == 0 and err == "" and out.count("seed ") == 2


def test_docs_shows_a_progress_bar_on_a_terminal(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main(["docs", "--ruleset", "shanghai_1500_no_bank", "--out", str(tmp_path / "site")])
    assert code == 0 and "documentation written to" in capsys.readouterr().out
    shown = terminal.getvalue()
    assert "writing rulesets/shanghai_1500_no_bank" in shown  # the pages, one by one
    done = re.findall(r"\| (\d+)/(\d+) ", shown)
    assert done and done[-1][0] == done[-1][1] and int(done[-1][1]) > 10, done[-1:]


def test_every_commands_help_prints_its_percent_signs_once() -> None:
    """A command's help doubles its percent signs for argparse's formatting; its description was printed raw, so
    ``mahjong study --help`` read '95%% intervals'."""
    import argparse

    from mahjong_core.cli import build_parser

    def helps(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
        found = [(path, parser.format_help())]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += helps(sub, (*path, name))
        return found

    texts = helps(build_parser(), ())
    assert len(texts) > 20  # every command and subcommand was reached
    doubled = [" ".join(path) for path, text in texts if "%%" in text]
    assert doubled == []
