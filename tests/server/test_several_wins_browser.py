"""Several wins in a deal and abortive draws on the page: the viewer and a live table show a seat that has won
and sits out, several winners on one discard, and an abortive draw with its reason.

The logs are ``replays/several_wins/``'s: the example package ``example_play_on`` (seed 200: wins after which
play goes on, then a double win on one discard) and the house rule ``abortive_harbin`` (an abortive draw by
nine terminals).  Screenshots are saved in tests/artifacts/ (``several-wins-viewer-out.png``,
``several-wins-viewer-double.png``, ``several-wins-viewer-abortive.png``, ``several-wins-live-out.png``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running

from mahjong_core.log.format import read_log
from mahjong_core.rules import available
from mahjong_server.replay_page import standalone_html

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "replays" / "several_wins"
PLAY_ON = LOGS / "example_play_on-seed200.jsonl"
ABORTIVE = LOGS / "abortive_harbin-seed1.jsonl"

#: A missing suit as the example package's vocabulary has it read (its term's display words).
SHOWN_FLAGS = {"missing suit: bamboo", "missing suit: characters", "missing suit: dots"}

_TO = """(k) => {
  const r = window.replayViewer, forward = document.getElementById('forward');
  document.getElementById('first').click();
  while (r.pos < k) forward.click();
}"""


def viewer(browser: Any, log: Path, tmp_path: Path) -> tuple[Any, Any, list[str]]:
    html, _ = standalone_html(log)
    page_file = tmp_path / f"{log.stem}.html"
    page_file.write_text(html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_file.as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    return context, page, errors


def test_the_viewer_shows_a_seat_that_won_sitting_out_then_two_winners(browser: Any, tmp_path: Path) -> None:
    if "example_play_on" not in available():
        pytest.fail("install the example package: pip install ./plugins/examples/example_play_on")
    events = read_log(PLAY_ON).events
    first = next(k for k, e in enumerate(events) if e["type"] == "mahjong" and e.get("play_on"))
    double = next(k for k in range(1, len(events)) if events[k]["type"] == events[k - 1]["type"] == "mahjong")
    context, page, errors = viewer(browser, PLAY_ON, tmp_path)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    page.evaluate(_TO, first)
    out = page.eval_on_selector_all(".seat-head .out", "(s) => s.map((x) => x.textContent)")
    assert out == ["won · sits out"]
    # The missing suits by the display words the package's vocabulary gives them, not the words the log writes.
    flags = page.eval_on_selector_all(".seat-head .flag", "(s) => s.map((x) => x.textContent)")
    assert len(flags) == 4 and all(f in SHOWN_FLAGS for f in flags), flags
    assert "no_" not in page.inner_text("#log")
    assert page.is_hidden("#scoring")  # play goes on: no hand is laid open, no scoring overlay
    assert "Play goes on without them." in page.inner_text("#log")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "several-wins-viewer-out.png"))
    page.evaluate(_TO, double + 3)
    title = page.inner_text("#scoring-title")
    winners = [events[double - 1]["seat"], events[double]["seat"]]
    assert title.endswith(" win") and " and " in title, title
    paragraphs = page.eval_on_selector_all("#scoring > p", "(ps) => ps.map((p) => p.textContent)")
    assert sum("wins with" in p for p in paragraphs) >= 2
    page.screenshot(path=str(ARTIFACTS / "several-wins-viewer-double.png"))
    options = page.eval_on_selector_all("#deal-select option", "(os) => os.map((o) => o.textContent)")
    assert any(" and " in o and o.endswith(" win") for o in options), options
    assert len(set(winners)) == 2
    assert not errors, errors
    context.close()


def test_the_viewer_shows_an_abortive_draw_and_its_reason(browser: Any, tmp_path: Path) -> None:
    events = read_log(ABORTIVE).events
    k = next(i for i, e in enumerate(events) if e["type"] == "abortive_draw")
    context, page, errors = viewer(browser, ABORTIVE, tmp_path)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    page.evaluate(_TO, k)
    assert page.inner_text("#scoring-title") == "Abortive draw: nine terminals"
    assert "Abortive draw: nine terminals." in page.inner_text("#log")
    options = page.eval_on_selector_all("#deal-select option", "(os) => os.map((o) => o.textContent)")
    assert any(o.endswith("abortive draw: nine terminals") for o in options), options
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "several-wins-viewer-abortive.png"))
    assert not errors, errors
    context.close()


def test_a_live_table_shows_a_winner_sitting_out_while_play_goes_on(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data", "--bot-pace", "0.1") as server:
        created = server.create("example_play_on", ["greedy"] * 4, length="deal", seed=200)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["watch"])
        # A seat that has won, while play goes on: no hand laid open, no scoring overlay.
        page.wait_for_function("""() => document.querySelectorAll('.seat-head .out').length > 0
                                        && document.getElementById('scoring').hidden""", timeout=120_000)
        assert page.eval_on_selector_all(".seat-head .out", "(s) => s.map((x) => x.textContent)")[0] == \
            "won · sits out"
        flags = page.eval_on_selector_all(".seat-head .flag", "(s) => s.map((x) => x.textContent)")
        assert len(flags) == 4 and all(f in SHOWN_FLAGS for f in flags), flags
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "several-wins-live-out.png"))
        page.wait_for_function("() => document.getElementById('status')?.textContent === 'finished'",
                               timeout=180_000)
        log = [json.loads(line) for line in server.log(created["table"]).read_text(encoding="utf-8").splitlines()]
        assert any(e.get("type") == "mahjong" and e.get("play_on") for e in log)
        assert not errors, errors
        page.close()
