"""The pot on the page: the viewer's fold keeps it as the core's does, and the viewer and a live table show it.

The games are the test ruleset ``sticks_test``'s (``tests/money_plugin/``: 25,000 points each, a 1,000-point
stick into the pot at a declaration, the pot to the next winner, an uma at the end).  Screenshots are saved in
tests/artifacts/ (``money-viewer-pot.png``, ``money-live-pot.png``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running
from money_plugin.install import RULESET, installed, on_path

from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.log.simulate import simulate
from mahjong_core.rules import load_ruleset
from mahjong_server.replay_page import standalone_html

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "mahjong_server" / "static" / "replay_state.js"

_FRAMES = """(data) => {
  const [header, events] = JSON.parse(data);
  const api = window.MahjongReplay;
  return api.frames(header, events).map((f) => api.canonical({ view: f.view, revealed: f.revealed, over: f.over }));
}"""


@pytest.fixture(scope="module")
def sticks_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One game of the test ruleset, with the ruleset installed in this process and in the servers it starts."""
    site = tmp_path_factory.mktemp("sticks-site")
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([*installed(site), *([before] if before else [])])
    try:
        with on_path(site):
            out = tmp_path_factory.mktemp("sticks-logs")
            simulate(load_ruleset(RULESET), 300, 1, ["greedy"] * 4, out)
            yield next(out.glob("*.jsonl"))
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def test_the_pages_fold_keeps_the_pot_as_the_cores_does(sticks_log: Path, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><title>fold</title>")
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    parsed = read_log(sticks_log)
    frames = page.evaluate(_FRAMES, json.dumps([parsed.header, parsed.events]))
    context.close()
    pots = set()
    for k, table in enumerate(fold(parsed.header, parsed.events)):
        core = json.dumps({"view": table.view(), "revealed": table.revealed, "over": table.over}, sort_keys=True,
                          separators=(",", ":"), ensure_ascii=False)
        assert frames[k] == core, (k, parsed.events[k]["type"], frames[k], core)
        pots.add(table.pot)
    assert max(pots) >= 2000  # sticks were carried and piled up, and the page kept them as the core does


def test_the_viewer_shows_the_pot_and_the_final_points_after_the_uma(sticks_log: Path, tmp_path: Path,
                                                                    browser: Any) -> None:
    parsed = read_log(sticks_log)
    tables = [(t.pot, dict(t.counters)) for t in fold(parsed.header, parsed.events)]
    k = max(range(len(tables)), key=lambda i: tables[i][0])  # where the pot is fullest
    html, _ = standalone_html(sticks_log)
    (tmp_path / "page.html").write_text(html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((tmp_path / "page.html").as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    assert page.is_hidden("#pot-fact")  # nothing in the pot before the first stick
    page.evaluate("""(k) => {
      const r = window.replayViewer, forward = document.getElementById('forward');
      document.getElementById('first').click();
      while (r.pos < k) forward.click();
    }""", k)
    assert page.is_visible("#pot-fact")
    pot, counters = tables[k]
    assert page.inner_text("#pot") == str(pot) + "".join(f", {name} {v}" for name, v in sorted(counters.items()))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "money-viewer-pot.png"))
    page.evaluate("""() => { const r = window.replayViewer, forward = document.getElementById('forward');
                             while (r.pos < r.events.length - 1) forward.click(); }""")
    assert json.loads(page.get_attribute("#final", "data-scores") or "null") == parsed.events[-1]["scores"]
    assert not errors, errors
    context.close()


def test_a_live_table_shows_the_pot(sticks_log: Path, tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data", "--bot-pace", "0.05") as server:
        created = server.create(RULESET, ["greedy"] * 4, length="round", seed=300)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["watch"])
        # The pot as the page shows it, read in the same moment as it is found full (a win may empty it next).
        shown = page.wait_for_function("""() => {
          const pot = parseInt(document.getElementById('pot').textContent, 10);
          return !document.getElementById('pot-fact').hidden && pot > 0 ? pot : null;
        }""", timeout=120_000).json_value()
        assert shown > 0 and shown % 1000 == 0
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "money-live-pot.png"))
        # At the end the seats show the final points, the uma included, and the overlay lists the uma's payments.
        page.wait_for_function("() => document.getElementById('status')?.textContent === 'finished'",
                               timeout=180_000)
        end = read_log(server.log(created["table"])).events[-1]
        assert end["type"] == "game_end"
        labels = page.eval_on_selector_all(".seat-head .score", "(s) => s.map((x) => x.getAttribute('aria-label'))")
        assert sorted(labels) == sorted(f"score {x}" for x in end["scores"])
        assert page.inner_text(".scoring-foot .totals").startswith("Scores: ")
        assert [int(x.rsplit(" ", 1)[1]) for x in page.inner_text(".scoring-foot .totals")[8:].split(", ")] == \
            end["scores"]
        assert "(uma)" in page.inner_text(".payments")
        page.screenshot(path=str(ARTIFACTS / "money-live-end.png"))
        assert not errors, errors
        page.close()
