"""The pages fit a phone (390x844) and a laptop (1280x800): Debian's chromium driven by Playwright for Python.

The replay viewer, the live table and the lobby are opened at both sizes;
none may scroll sideways (the document is no wider than the window), the
header's title may not run into its facts (nor come within 4 px of them),
the key parts of each page lie inside the window's width, and no seat of the
board cuts off its rows of tiles.  The scoring overlay shows its last line (the scores and what comes
next) without scrolling.  Screenshots of every page at every size are saved
in tests/artifacts/ (layout-*.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running

from mahjong_server.replay_page import standalone_html

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(390, 844), (1280, 800)]

# What the page looks like in the window: its width against the window's, the header's title text against its
# facts, each key element's box, and every seat whose tiles run past its own box (a cut-off row).
_MEASURE = """(keys) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
                                                                     bottom: r.bottom, width: r.width}; };
  const out = {scrollWidth: document.documentElement.scrollWidth, innerWidth, innerHeight, keys: {}, clipped: []};
  const h1 = document.querySelector('.bar h1'), facts = document.querySelector('.bar .facts');
  if (h1 && facts) {
    const text = document.createRange(); text.selectNodeContents(h1);
    out.title = box(text); out.facts = box(facts);
  }
  for (const sel of keys) out.keys[sel] = [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null)
    .map(box);
  for (const seat of document.querySelectorAll('.seat')) {
    if (seat.scrollHeight > seat.clientHeight + 1 || seat.scrollWidth > seat.clientWidth + 1) out.clipped.push(seat.id);
  }
  return out;
}"""

# The scoring overlay, its last line and the window's height.
_OVERLAY = """() => {
  const box = document.getElementById('scoring');
  const last = box.lastElementChild.lastElementChild || box.lastElementChild;
  const b = box.getBoundingClientRect(), l = last.getBoundingClientRect();
  return {box: [b.top, b.bottom], last: [l.top, l.bottom], text: last.textContent, innerHeight};
}"""


def _overlap(a: dict[str, float], b: dict[str, float], margin: float = 0) -> bool:
    """Whether boxes ``a`` and ``b`` overlap, or come closer than ``margin`` px to each other."""
    return (a["left"] - margin < b["right"] and b["left"] < a["right"] + margin and a["top"] - margin < b["bottom"]
            and b["top"] < a["bottom"] + margin)


def _check_fits(page: Any, name: str, keys: list[str]) -> dict[str, Any]:
    """Assert the page fits its window, save its screenshot as ``layout-NAME.png``, and return the measures."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"layout-{name}.png"), full_page=True)
    m: dict[str, Any] = page.evaluate(_MEASURE, keys)
    assert m["scrollWidth"] <= m["innerWidth"], f"{name}: the page is {m['scrollWidth']} px wide in {m['innerWidth']}"
    if "title" in m:
        # Text closer than a few pixels to the next reads as one run ("костямиDeal"): the title keeps its distance.
        assert not _overlap(m["title"], m["facts"], 4), f"{name}: the header's title runs into its facts: {m}"
    for sel, boxes in m["keys"].items():
        assert boxes, f"{name}: {sel} is not shown"
        for b in boxes:
            assert b["left"] >= 0 and b["right"] <= m["innerWidth"] + 0.5, f"{name}: {sel} is outside the window: {b}"
    assert not m["clipped"], f"{name}: these seats cut off their tiles: {m['clipped']}"
    return m


def _check_overlay(page: Any, name: str) -> None:
    """The scoring overlay is inside the window and its last line is inside the overlay, in sight."""
    page.wait_for_selector("#scoring:not([hidden])", timeout=10_000)
    o = page.evaluate(_OVERLAY)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"layout-{name}-scoring.png"))
    assert 0 <= o["box"][0] and o["box"][1] <= o["innerHeight"], f"{name}: the overlay leaves the window: {o}"
    assert o["box"][0] <= o["last"][0] and o["last"][1] <= o["box"][1], f"{name}: its last line is cut off: {o}"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_replay_viewer_fits_the_window(tmp_path: Path, browser: Any, width: int, height: int) -> None:
    page_html, _ = standalone_html(ROOT / "replays" / "mcr-seed20261130.jsonl")
    path = tmp_path / "viewer.html"
    path.write_text(page_html, encoding="utf-8")
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(path.as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    page.keyboard.press("End")  # the last deal's end: every hand open, the longest rows of tiles
    _check_overlay(page, f"viewer-{width}")
    assert "The game is over." in page.inner_text("#scoring .scoring-foot")
    page.keyboard.press("Escape")
    _check_fits(page, f"viewer-{width}", [".controls button", "#verdict", ".seat", "#hand", ".side"])
    context.close()


# The last element ``selector`` finds: its box at each of ``frames`` animation frames.
_FRAMES = """async ([selector, frames]) => { const out = [];
  for (let i = 0; i < frames; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const r = [...document.querySelectorAll(selector)].at(-1).getBoundingClientRect(); out.push([r.top, r.bottom]);
  }
  return out; }"""


def _check_hover_holds_still(page: Any) -> None:
    """A pointer resting on a tile's lowest pixels lifts it once and it stays lifted (it did shake, frame after
    frame, lifted off the pointer and dropped back under it: a person saw it flicker, and a click waited on it)."""
    tile = page.locator(".hand-tile:not([disabled])").last
    box = tile.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 2)
    frames = page.evaluate(_FRAMES, [".hand-tile:not([disabled])", 12])
    assert len(set(map(tuple, frames))) == 1, frames  # one box: lifted, and still
    assert frames[0][0] < box["y"], (frames[0], box)  # lifted indeed
    page.mouse.move(0, 0)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_live_table_and_the_lobby_fit_the_window(tmp_path: Path, browser: Any, width: int, height: int) -> None:
    with running(tmp_path / "data") as server:
        created = server.create("bonus_classical", ["human", "greedy", "greedy", "greedy"])
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(server.url + created["seats"][0]["url"])
        page.wait_for_selector(".hand-tile:not([disabled])", timeout=10_000)
        _check_fits(page, f"table-{width}", [".hand-tile", ".seat", ".prompt-title", ".side"])
        _check_hover_holds_still(page)
        page.goto(server.url + "/")
        page.wait_for_selector("#ruleset option[value=no_chow_from_partner]", state="attached")
        page.select_option("#ruleset", "no_chow_from_partner")  # the longest name of the installed rulesets
        _check_fits(page, f"lobby-{width}", ["#ruleset", "#seating", "#open", "#seats", "#tables li"])
        page.close()
