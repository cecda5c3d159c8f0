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

ROOT = Path(__file__).resolve().parents[1]
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
