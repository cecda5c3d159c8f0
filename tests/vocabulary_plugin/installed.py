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

HERE = Path(__file__).resolve().parent
#: The house rule that switches the plugin on (``x_missing_suit: true``), extending chinese_classical.
HOUSE_RULE = HERE / "house_rule.yaml"
#: The house rule that also enforces the suit (``x_missing_suit_first: true``): its tiles go first.
HOUSE_RULE_ENFORCED = HERE / "house_rule_enforced.yaml"
DISTRIBUTION = "mahjong-missing-suit-test"


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install the plugin's distribution metadata in a folder on ``sys.path``; forget it afterwards."""
    site = tmp_path / "site"
    info = site / "mahjong_missing_suit_test-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[mahjong_core.plugins]\nmissing_suit = mahjong_missing_suit\n",
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    extensions.clear_cache()
    yield site
    uninstall()


def uninstall() -> None:
    """Forget the plugin: the next scan of entry points no longer finds it once its folder is off ``sys.path``."""
    extensions.clear_cache()
    sys.modules.pop("mahjong_missing_suit", None)
