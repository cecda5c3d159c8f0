"""The pytest plugin that runs the conformance checks against named rulesets.

Installed with the package (entry point ``pytest11: mahjong_conformance``),
so anyone who has written a ruleset runs::

    pytest --mahjong-ruleset=my_house_rules

and gets the same checks every bundled ruleset passes.  Without the option
the plugin does nothing: pytest imports this module at start-up in every
project where mahjong-core is installed, so it imports nothing heavy
(no hypothesis, no engine) until the option is given.

With the option, the checks module (:mod:`mahjong_core.conformance.checks`)
is added to what pytest collects.  When pytest was started without paths
(collecting the project's own ``testpaths`` or the current folder), only the
checks are run; paths given on the command line are collected as well.
"""

from __future__ import annotations

from pathlib import Path

import pytest

OPTION = "--mahjong-ruleset"
DEST = "mahjong_ruleset"
#: The argument name the checks take; the plugin parametrizes it with the rulesets asked for.
ARGUMENT = "mahjong_ruleset"
CHECKS_FILE = Path(__file__).with_name("checks.py")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mahjong", "mahjong rulesets conformance")
    group.addoption(
        OPTION,
        action="append",
        default=[],
        dest=DEST,
        metavar="ID",
        help="run the mahjong-core conformance checks against the installed ruleset ID (repeatable)",
    )
    group.addoption(
        "--mahjong-games",
        action="store",
        type=int,
        default=None,
        dest="mahjong_games",
        metavar="N",
        help="seeded games each game-playing conformance check plays per ruleset (default 3)",
    )


def is_ruleset_path(value: str) -> bool:
    # deferred: this module is a pytest plugin (entry point pytest11), loaded by every pytest run where mahjong-core
    # is installed; at the top the ruleset machinery adds ~19 ms to each, asked for --mahjong-ruleset or not
    from mahjong_core.rules import is_ruleset_path as is_path

    return is_path(value)


def requested(config: pytest.Config) -> list[str]:
    """The ruleset ids given with ``--mahjong-ruleset``, in order, without repeats."""
    ids: list[str] = []
    for value in config.getoption(DEST, default=[]) or []:
        for part in str(value).split(","):
            part = part.strip()
            if part and is_ruleset_path(part):
                part = str(Path(part).resolve())  # a house-rule file, wherever the checks run from
            if part and part not in ids:
                ids.append(part)
    return ids


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "mahjong_conformance: a conformance check run against a ruleset")
    ids = requested(config)
    if not ids:
        return
    # deferred: this module is a pytest plugin (entry point pytest11), loaded by every pytest run where mahjong-core
    # is installed; at the top the ruleset machinery adds ~19 ms to each, asked for --mahjong-ruleset or not
    from mahjong_core.rules import available

    unknown = [rid for rid in ids if rid not in available() and not is_ruleset_path(rid)]
    if unknown:
        raise pytest.UsageError(
            f"{OPTION}: no installed ruleset {', '.join(map(repr, unknown))}; "
            f"installed: {', '.join(available()) or 'none'} (a ruleset is installed through the "
            f"'mahjong_core.rulesets' entry-point group, or given as a path to its YAML file)"
        )
    checks = str(CHECKS_FILE)
    explicit = getattr(config, "args_source", None) == pytest.Config.ArgsSource.ARGS
    if explicit:
        if checks not in config.args:
            config.args.append(checks)
    else:
        config.args[:] = [checks]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if ARGUMENT not in metafunc.fixturenames or metafunc.definition.get_closest_marker("mahjong_conformance") is None:
        return
    ids = requested(metafunc.config)
    if not ids:
        raise pytest.UsageError(f"the conformance checks need {OPTION}=ID naming the ruleset to check")
    metafunc.parametrize(ARGUMENT, ids, ids=ids)


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    ids = requested(config)
    if not ids:
        return None
    return [f"mahjong conformance: {', '.join(ids)}"]


def games_per_check(config: pytest.Config | None) -> int:
    """How many seeded games a game-playing check plays per ruleset."""
    value = config.getoption("mahjong_games", default=None) if config is not None else None
    return int(value) if value else 3
