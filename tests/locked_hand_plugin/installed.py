"""The locked-hand test plugin installed for real: a distribution's metadata on ``sys.path``, as pip leaves it.

The plugin module (``mahjong_locked_hand.py`` beside this one) is found through the
``mahjong_core.plugins`` entry point that the metadata declares, as an installed
third-party plugin would be.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_core.plugin import extensions

HERE = Path(__file__).resolve().parent
#: The house rule that switches the plugin on (``x_locked_hand: true``), extending chinese_classical.
HOUSE_RULE = HERE / "house_rule.yaml"
DISTRIBUTION = "mahjong-locked-hand-test"


def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Install the plugin's distribution metadata in a folder on ``sys.path``; forget it afterwards."""
    site = tmp_path / "site"
    info = site / "mahjong_locked_hand_test-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[mahjong_core.plugins]\nlocked_hand = mahjong_locked_hand\n",
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    extensions.clear_cache()
    yield site
    extensions.clear_cache()
    sys.modules.pop("mahjong_locked_hand", None)
