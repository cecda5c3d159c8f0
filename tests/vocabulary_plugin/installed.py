"""The missing-suit test plugin installed for real: a distribution's metadata on ``sys.path``, as pip leaves it.

The plugin module (``mahjong_missing_suit.py`` beside this one) is found through the
``mahjong_core.plugins`` entry point that the metadata declares, so the tests go
through the same entry-point scan as an installed third-party plugin would.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_core.plugin import extensions
from mahjong_core.rules import clear_cache as forget_rulesets

HERE = Path(__file__).resolve().parent
#: The house rule that switches the plugin on (``x_missing_suit: true``), extending chinese_classical.
HOUSE_RULE = HERE / "house_rule.yaml"
#: The installed test ruleset that also enforces the suit (``x_missing_suit_first: true``): its tiles go first.
RULESET_ENFORCED = "missing_suit_first_test"
#: Its file, which loads by path as well.
HOUSE_RULE_ENFORCED = HERE / "mahjong_test_missing_suit_first" / "ruleset.yaml"
DISTRIBUTION = "mahjong-missing-suit-test"


def installed(site: Path) -> list[str]:
    """Write the distribution's metadata in ``site``; the path entries under which it is installed.

    It declares the plugin (group ``mahjong_core.plugins``) and the enforcing test ruleset (group
    ``mahjong_core.rulesets``), so a live server started with these entries on its ``PYTHONPATH`` offers it.
    """
    info = site / "mahjong_missing_suit_test-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[mahjong_core.plugins]\nmissing_suit = mahjong_missing_suit\n\n"
        f"[mahjong_core.rulesets]\n{RULESET_ENFORCED} = mahjong_test_missing_suit_first\n", encoding="utf-8")
    return [str(site), str(HERE)]


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install the plugin's distribution metadata in a folder on ``sys.path``; forget it afterwards."""
    site = tmp_path / "site"
    for entry in reversed(installed(site)):
        monkeypatch.syspath_prepend(entry)
    importlib.invalidate_caches()
    extensions.clear_cache()
    forget_rulesets()
    yield site
    uninstall()


def uninstall() -> None:
    """Forget the plugin: the next scan of entry points no longer finds it once its folder is off ``sys.path``."""
    extensions.clear_cache()
    forget_rulesets()
    sys.modules.pop("mahjong_missing_suit", None)
    sys.modules.pop("mahjong_test_missing_suit_first", None)
