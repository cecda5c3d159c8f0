"""The conformance suite: the checks every ruleset must pass, shipped with the package.

A ruleset written by someone else -- a club's house rules, a third-party
plugin -- is held to the same promises as the bundled ones, with one command::

    pytest --mahjong-ruleset=ID          # the pytest plugin (mahjong_core.conformance.plugin)
    mahjong conformance ID               # the same, through run()

The checks (:mod:`.checks`) play seeded games and score generated hands; the
hypothesis strategies they use are public (:mod:`.strategies`) so a plugin
author can write property tests of their own hooks with them.  The suite needs
the ``test`` extra (pytest and hypothesis).
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

from mahjong_core.errors import MahjongError

CHECKS_FILE = Path(__file__).with_name("checks.py")
PLUGIN_MODULE = "mahjong_core.conformance.plugin"
ENTRY_POINT_NAME = "mahjong_conformance"


def _plugin_autoloaded() -> bool:
    """Whether pytest will load the plugin by itself (its entry point is installed and autoloading is on)."""
    if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"):
        return False
    return any(ep.name == ENTRY_POINT_NAME and ep.value == PLUGIN_MODULE
               for ep in metadata.entry_points(group="pytest11"))


def pytest_arguments(ruleset_ids: Sequence[str], extra: Sequence[str] = ()) -> list[str]:
    """The pytest command-line arguments that run the checks against ``ruleset_ids``."""
    if not ruleset_ids:
        raise MahjongError("name at least one ruleset to check", place="ruleset")
    args = [str(CHECKS_FILE), "-p", "no:cacheprovider"]
    if not _plugin_autoloaded():
        args += ["-p", PLUGIN_MODULE]
    args += [f"--mahjong-ruleset={rid}" for rid in ruleset_ids]
    return [*args, *extra]


def run(ruleset_ids: list[str], extra: Sequence[str] = (), *, plugins: Sequence[object] = ()) -> int:
    """Run the conformance checks against installed rulesets; return pytest's exit code (0 when all pass).

    :param ruleset_ids: installed ruleset ids (``mahjong rules list``).
    :param extra: more pytest arguments (``-x``, ``-v``, ``--mahjong-games=5``).
    :param plugins: pytest plugin objects to register for the run (a collector of the outcomes).
    :raises MahjongError: when no ruleset is named or pytest/hypothesis are not installed.
    """
    # Only look for them: importing hypothesis before pytest starts would keep pytest from rewriting its asserts.
    missing = [name for name in ("pytest", "hypothesis") if importlib.util.find_spec(name) is None]
    if missing:
        raise MahjongError(f"the conformance suite needs pytest and hypothesis ({', '.join(missing)} missing); "
                           "install them with: pip install 'mahjong-core[test]'", place="conformance")
    import pytest  # deferred: the optional [test] extra, imported only once the check above found it

    return int(pytest.main(pytest_arguments(ruleset_ids, extra), plugins=list(plugins)))


__all__ = ["CHECKS_FILE", "pytest_arguments", "run"]
