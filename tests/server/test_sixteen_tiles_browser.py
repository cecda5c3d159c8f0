"""A 16-tile hand drawn in the replay viewer: issue 30's example_sixteen_tiles, five sets and a pair.

Debian's chromium driven by Playwright for Python.  A seeded game of the
third-party example package is opened in the viewer at its first deal's
end, where every hand lies open: each seat shows sixteen tiles between turns
(a kong counting as three), the winner seventeen, and the flowers and seasons
set aside beside them.  The screenshot is saved in tests/artifacts/
(sixteen-tiles-viewer.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS

from mahjong_core import available, load_ruleset, simulate
from mahjong_server.replay_page import standalone_html

RULESET = "example_sixteen_tiles"

# Per shown seat: the tiles of its open hand and of its melds (a kong's four as three), and its set-aside tiles.
_HANDS = """() => Object.fromEntries(['bottom', 'right', 'top', 'left'].map((w) => {
  const box = document.getElementById('seat-' + w);
  if (box.offsetParent === null) return [w, null];
  const concealed = box.querySelector('.tiles.concealed') ? box.querySelector('.tiles.concealed').children.length : 0;
  const melds = [...box.querySelectorAll('.meld')].map((m) => Math.min(m.children.length, 3));
  const bonus = box.querySelector('.tiles.bonus') ? box.querySelector('.tiles.bonus').children.length : 0;
  return [w, {concealed, melded: melds.reduce((a, b) => a + b, 0), bonus}];
}))"""


def test_the_viewer_shows_sixteen_tile_hands(tmp_path: Path, browser: Any) -> None:
    if RULESET not in available():
        pytest.fail(f"install the third-party example: pip install ./plugins/examples/{RULESET}")
    (game,) = simulate(load_ruleset(RULESET), 1, 1, ["greedy"] * 4, tmp_path, max_deals=1)
    assert game.replay is not None
    page_html, _ = standalone_html(game.replay)
    path = tmp_path / "viewer.html"
    path.write_text(page_html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    page.keyboard.press("End")  # the deal's end: every hand open
    page.keyboard.press("Escape")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "sixteen-tiles-viewer.png"), full_page=True)
    seats: dict[str, dict[str, int] | None] = page.evaluate(_HANDS)
    shown = {w: s for w, s in seats.items() if s is not None}
    assert len(shown) == 4, seats
    sizes = sorted(s["concealed"] + s["melded"] for s in shown.values())
    assert sizes[:3] == [16, 16, 16] and sizes[3] in (16, 17), seats
    assert sum(s["bonus"] for s in shown.values()) >= 1, seats  # flowers and seasons set aside, shown apart
    assert not errors, errors
    page.close()
