"""Riichi's mechanics on the page: the viewer and a live table show the dora indicators turned face up (the table's
"Shown" tiles) and a seat whose hand is locked by its declaration (its ``locked`` flag), with the stick in the pot.

The viewer plays the kept log of the example package ``example_riichi_mechanics`` (``replays/riichi_mechanics/``,
seed 26: a deal with an added kong's indicator and a declaration); the live table seats the package's
``declaring`` bot at seed 48, whose first deal holds a declaration and a kong.  Screenshots are saved in
tests/artifacts/ (``riichi-mechanics-viewer.png``, ``riichi-mechanics-live.png``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running
from test_several_wins_browser import _TO, viewer

from mahjong_core.log.format import read_log
from mahjong_core.rules import available

ROOT = Path(__file__).resolve().parents[2]
KEPT = ROOT / "replays" / "riichi_mechanics" / "example_riichi_mechanics-seed26.jsonl"
RULESET = "example_riichi_mechanics"

_SHOWN = "() => [...document.querySelectorAll('#shown > *')].map((t) => t.getAttribute('aria-label') || t.textContent)"
_FLAGS = "(s) => s.map((x) => x.textContent)"
# Two indicators shown and a locked seat, whose flag badge reads as its event's label (not ``locked: 7``).
_TWO_SHOWN_AND_LOCKED = """() => document.querySelectorAll('#shown > *').length >= 2
    && [...document.querySelectorAll('.seat-head .flag')].some((f) => f.textContent === 'riichi: hand locked')"""


def _installed() -> None:
    if RULESET not in available():
        pytest.fail("install the example package: pip install ./plugins/examples/example_riichi_mechanics")


def test_the_viewer_shows_the_indicators_and_a_locked_seat(browser: Any, tmp_path: Path) -> None:
    _installed()
    events = read_log(KEPT).events
    k, shown = _locked_with_two_indicators(events)
    indicators = [e["tile"] for e in events[:k + 1] if e["type"] == "dora_indicator"][-shown:]
    context, page, errors = viewer(browser, KEPT, tmp_path)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    page.evaluate(_TO, k)
    assert page.is_visible("#shown-fact")
    assert len(page.evaluate(_SHOWN)) == len(indicators) == 2
    assert page.inner_text("#pot") == "1000"
    flags = page.eval_on_selector_all(".seat-head .flag", _FLAGS)
    assert "riichi: hand locked" in flags, flags  # the flag named by its event's label, not as data
    assert not [f for f in flags if f.startswith("locked")], flags
    assert page.get_attribute('.seat-head .flag[data-flag="locked"]', "title").startswith("locked: ")
    assert "riichi: hand locked" in page.inner_text("#log")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "riichi-mechanics-viewer.png"))
    page.evaluate(_TO, next(j for j, e in enumerate(events) if e["type"] == "deal_start" and j > k))
    assert page.is_hidden("#shown-fact") or len(page.evaluate(_SHOWN)) <= 1  # a new deal: its own indicators
    assert not errors, errors
    context.close()


def _locked_with_two_indicators(events: list[dict[str, Any]]) -> tuple[int, int]:
    """The first moment of a deal with two indicators shown and a locked seat (the stick just paid): its event's
    index and the indicators shown then."""
    shown, locked = 0, False
    for k, e in enumerate(events):
        if e["type"] == "deal_start":
            shown, locked = 0, False
        shown += e["type"] == "dora_indicator"
        locked = locked or e["type"] == "hand_locked"
        if shown >= 2 and locked and e["type"] == "payment":
            return k, shown
    pytest.fail("the kept log has no deal with a kong's indicator and a declaration")


def test_a_live_table_shows_the_indicators_and_a_locked_seat(tmp_path: Path, browser: Any) -> None:
    _installed()
    with running(tmp_path / "data", "--bot-pace", "0.05") as server:
        created = server.create(RULESET, ["declaring", "random", "declaring", "random"], length="deal", seed=48)
        assert "error" not in created, created
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["watch"])
        page.wait_for_function(_TWO_SHOWN_AND_LOCKED, timeout=180_000)
        # (Not the pot: on a slow machine the page may first catch both once the winner has taken the stick.)
        assert page.is_visible("#shown-fact")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "riichi-mechanics-live.png"))
        assert not errors, errors
        page.close()
