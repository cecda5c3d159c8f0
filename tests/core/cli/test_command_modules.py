"""The command line's shape: one module a command, each declaring its own command, and a run importing only its own."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from mahjong_core.cli import build_parser
from mahjong_core.cli.commands import COMMANDS, command_module


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    [action] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def test_the_commands_are_listed_in_help_order_and_each_module_declares_only_its_own() -> None:
    assert list(_commands(build_parser())) == list(COMMANDS)
    for name in COMMANDS:
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        command_module(name).register(sub)
        assert list(sub.choices) == [name], name
        assert [a.help for a in sub._choices_actions] == [COMMANDS[name].summary], name  # one source


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_declared_alone_has_the_help_it_has_among_all(name: str) -> None:
    """A run declares only its own command in full, so that command's parser must not depend on the others."""
    alone, among_all = _commands(build_parser([name]))[name], _commands(build_parser())[name]
    assert alone.format_help() == among_all.format_help()
    assert alone.get_default("handler") is among_all.get_default("handler")


def test_a_run_of_one_command_imports_no_other_command_module() -> None:
    code = ("import sys; from mahjong_core.cli import main; main(['hand', '123m456p789s1122z']); "
            "print(sorted(m for m in sys.modules if m.startswith('mahjong_core.cli.commands.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "['mahjong_core.cli.commands.hand']"


@pytest.mark.parametrize("argv", [[], ["--help"], ["-h"]])
def test_the_list_of_commands_imports_no_command_module_and_reads_as_the_full_parser_does(argv: list[str]) -> None:
    assert build_parser(argv).format_help() == build_parser().format_help()
    code = (f"import sys; from mahjong_core.cli import build_parser; build_parser({argv!r}).format_help(); "
            "print(sorted(m for m in sys.modules if m.startswith('mahjong_core.cli.commands.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[]"
