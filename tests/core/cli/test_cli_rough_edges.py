"""The command line as a new user meets it: help for every option, one message for one mistake, readable output.

Each test runs the command as a user does and holds what they read: that
every option says what it takes, that a ruleset file is offered wherever one
works, that a verdict can be redirected to a file, that numbers a person reads
start from 1, and that errors name their place and what was expected.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_core.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[3]
HOUSE_RULE = ROOT / "plugins" / "examples" / "shanghai_1500_no_bank" / "ruleset.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _actions(parser: argparse.ArgumentParser, path: str) -> Iterator[tuple[str, argparse.Action]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{path} {name}")
        else:
            yield path, action


def test_every_option_of_every_command_has_help() -> None:
    missing = [f"{path} {'/'.join(a.option_strings) or a.dest}" for path, a in _actions(build_parser(), "mahjong")
               if not a.help or a.help == argparse.SUPPRESS]
    assert missing == []


def test_every_option_that_takes_a_ruleset_says_a_file_works_too() -> None:
    named = [(path, a) for path, a in _actions(build_parser(), "mahjong")
             if a.dest == "ruleset" and not path.startswith("mahjong records") and "standings" not in path
             and "export" not in path]
    assert {path for path, _ in named} >= {"mahjong simulate", "mahjong demo", "mahjong score", "mahjong play",
                                           "mahjong conformance", "mahjong rules show"}
    for path, action in named:
        assert action.help and "file" in action.help, path


@pytest.mark.parametrize("command", [["score", "123m456p789s1122z +2z"], ["simulate", "--seed", "1",
                                                                           "--max-deals", "1"]])
def test_a_ruleset_file_works_where_the_help_says_so(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    code, out, err = run(capsys, command[0], "--ruleset", str(HOUSE_RULE), *command[1:])
    assert code == 0 and "shanghai_1500_no_bank" in out, err


# ------------------------------------------------------------------ audit: the verdict, and what it reads


def _broken_log(tmp_path: Path) -> Path:
    lines = (ROOT / "replays" / "mcr-seed20261130.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines[:5]) + lines[5].replace('"n":4', '"n":44') + "".join(lines[6:]), encoding="utf-8")
    return bad


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_a_failed_verdict_goes_to_standard_output_where_a_redirect_keeps_it(tmp_path: Path, command: str) -> None:
    import subprocess
    import sys

    bad = _broken_log(tmp_path)
    report = tmp_path / "report.txt"
    with report.open("w", encoding="utf-8") as out:
        result = subprocess.run([sys.executable, "-m", "mahjong_core.cli", command, str(bad)], stdout=out,
                                stderr=subprocess.PIPE, text=True, timeout=300, check=False)
    text = report.read_text(encoding="utf-8")
    assert result.returncode == 1 and result.stderr == ""
    assert f"{bad}::line 6" in text and "FAILED" in text, text


def test_a_failed_verdict_under_json_is_on_standard_output_with_exit_1(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    import json

    code, out, err = run(capsys, "audit", str(_broken_log(tmp_path)), "--json")
    assert code == 1 and err == "" and json.loads(out)["ok"] is False


@pytest.mark.parametrize("command", ["audit", "replay"])
def test_a_ruleset_file_given_to_audit_is_named_as_one(capsys: pytest.CaptureFixture[str], command: str) -> None:
    path = ROOT / "plugins" / "rulesets" / "hongkong" / "ruleset.yaml"
    code, out, err = run(capsys, command, str(path))
    assert code == 1 and err == ""
    assert f"{path}::line 1: {command} FAILED - this is a ruleset file" in out, out
    assert "expected a score sheet" in out and "mahjong rules validate FILE" in out
    assert "'sheet' is a required property" not in out


@pytest.mark.parametrize(("name", "text", "needle"), [
    ("notes.json", '{"title": "club night"}\n', "not a score sheet: it has no `sheet:`"),
    ("notes.jsonl", '{"title": "club night"}\n', "the first line is no log's header"),
    ("notes.txt", "club night\n", "not JSON: Expecting value at column 1"),
])
def test_a_file_that_is_neither_a_log_nor_a_sheet_is_told_what_audit_reads(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, text: str, needle: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(path))
    assert code == 1 and f"{path}::line 1" in out and needle in out, out
    assert "expected a score sheet" in out or "expected a replay log" in out, out


def test_a_json_error_is_whole_with_its_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    path.write_text('{"format_version": "2\n', encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(path))
    assert code == 1 and "not JSON: Unterminated string starting at column 20" in out, out
    assert "starting at)" not in out and "at at" not in out


def test_a_json_error_in_a_score_batch_is_whole_with_its_column(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    import json

    monkeypatch.setattr("sys.stdin", io.StringIO('{"hand": "123m\n'))
    code, out, _ = run(capsys, "score", "--ruleset", "mcr", "--batch")
    error = json.loads(out)["error"]
    assert code == 1 and error.endswith("line 1: not a JSON object: Invalid control character at column 15"), error


# ------------------------------------------------------------------ a ruleset file's version


@pytest.mark.parametrize(("written", "hint"), [("1.0", '"1.0.0"'), ("2", '"2.0.0"'), ("1.5", '"1.5.0"')])
def test_an_unquoted_version_is_told_to_be_quoted(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  written: str, hint: str) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(f"id: club_rules\nversion: {written}\nname: Club\nextends: hongkong\n", encoding="utf-8")
    for command in (["rules", "validate", str(path)], ["simulate", "--ruleset", str(path), "--seed", "1"]):
        code, out, err = run(capsys, *command)
        assert code in (1, 2) and f"{path}::$.version (line 2, column 1): version: {written} is read as a number; " \
            f"write it in quotes ({hint})" in out + err, out + err
        assert "is not of type" not in out + err


# ------------------------------------------------------------------ record


def test_record_prints_readable_lines_not_python_values(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    sheet = ROOT / "replays" / "sheets" / "piter.yaml"
    code, out, err = run(capsys, "record", str(sheet), "--out", str(tmp_path / "piter.jsonl"))
    assert code == 0, err
    assert "final scores Anna -904, Boris -520, Vera -280, Gleb 1704" in out, out
    assert "final scores -904, -520, -280, 1704" in out, out
    assert not any(mark in out for mark in ("{'", "[-", "': ")), out
    code, out, _ = run(capsys, "record", str(sheet), "--out", str(tmp_path / "piter.jsonl"), "--json")
    assert code == 0 and json.loads(out)["scores"] == [-904, -520, -280, 1704]


# ------------------------------------------------------------------ deals are numbered from 1 where a person reads


@pytest.mark.parametrize("step", [[], ["--step"]])
def test_view_numbers_deals_from_1_as_the_audit_report_does(capsys: pytest.CaptureFixture[str],
                                                           step: list[str]) -> None:
    import json

    log = ROOT / "replays" / "mcr-seed20261130.jsonl"
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[1])
    assert first["type"] == "deal_start" and first["deal"] == 0  # the log keeps its field's value
    code, out, _ = run(capsys, "view", str(log), "--seat", "0", "--ascii", *step)
    assert code == 0 and "deal 1: round E, dealer seat 0" in out and "deal 1  round E" in out
    assert "deal 0" not in out
    code, report, _ = run(capsys, "audit", str(log), "--deals")
    assert "deal 1 (round 1" in report and "deal 0" not in report


# ------------------------------------------------------------------ conformance


def test_conformance_names_every_check_with_its_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "conformance", "harbin")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "harbin:", out
    assert "  passed   tiles are conserved" in lines and "  passed   payments sum to zero" in lines, out
    assert lines[-1].startswith(f"{len(lines) - 2} checks: {len(lines) - 2} passed"), out
    assert not any(set(line.strip()) <= {"."} and line.strip() for line in lines), out
    code, out, _ = run(capsys, "conformance", "harbin", "--terse")
    assert code == 0 and "tiles are conserved" not in out and "passed" in out


# ------------------------------------------------------------------ one mistake, one message

SEVENTEEN = "a winning hand has 14 tiles, the winning tile included (a kong counts as three); this one has 17"


@pytest.mark.parametrize("ruleset", ["chinese_classical", "hongkong", "mcr", "piter"])
def test_a_17_tile_hand_gets_one_message_under_every_ruleset(capsys: pytest.CaptureFixture[str],
                                                              ruleset: str) -> None:
    code, _, err = run(capsys, "score", "--ruleset", ruleset, "123m456p789s11122z33z +3z")
    assert code == 2 and err.strip() == f"<argument>::hand: {SEVENTEEN}", err


@pytest.mark.parametrize(("name", "hand"), [("chinese_classical", '"234m678p5z'), ("hongkong", '"123m456m789m5z'),
                                            ("mcr", '"123m456m789m5z'), ("piter", '"234m678p5z')])
def test_a_17_tile_hand_on_a_sheet_gets_the_same_message(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         name: str, hand: str) -> None:
    text = (ROOT / "replays" / "sheets" / f"{name}.yaml").read_text(encoding="utf-8")
    assert hand in text
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace(hand, hand + "111p", 1), encoding="utf-8")
    line = next(i for i, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "111p" in row)
    code, out, _ = run(capsys, "audit", str(path))
    assert code == 1 and f"{path}::line {line}: audit FAILED" in out and SEVENTEEN in out, out
