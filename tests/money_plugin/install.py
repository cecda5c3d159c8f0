"""The test ruleset package of this folder (``mahjong_test_sticks``, ruleset ``sticks_test``), put on the path
with an entry point as an installed package has (:class:`ruleset_package.RulesetPackage`)."""

from __future__ import annotations

from pathlib import Path

from ruleset_package import RulesetPackage

PACKAGE = RulesetPackage(Path(__file__).resolve().parent, ruleset="sticks_test", module="mahjong_test_sticks")
RULESET = PACKAGE.ruleset
installed = PACKAGE.installed
on_path = PACKAGE.on_path
