"""Jokers in the replay viewer, in a real browser: a meld made with jokers shows each joker as the joker tile,
named by what it stands for (``a joker as 4 ...``, its text alternative), and the log line says so.

The page is the self-contained one ``mahjong view FILE --html`` writes, of example_jokers's kept log (seed 4:
joker pungs claimed, a joker kong, joker exchanges).  Screenshot: tests/artifacts/jokers-viewer.png.  A
Vietnamese joker discarded, which a seat may still win on as the General, is named so and not "a dead joker".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from live_server import ARTIFACTS

from mahjong_core import load_ruleset, simulate
from mahjong_server.replay_page import standalone_html

ROOT = Path(__file__).resolve().parents[2]
KEPT = ROOT / "replays" / "jokers" / "example_jokers-seed4.jsonl"

# Steps forward until a meld with a joker is drawn; its position and the jokers' labels, and the log's lines.
_STEP = """() => {
  const r = window.replayViewer, forward = document.getElementById('forward');
  document.getElementById('first').click();
  for (let k = 0; k < r.events.length; k++) {
    if (k > 0) forward.click();
    const jokers = [...document.querySelectorAll('.joker-as')];
    const e = r.events[r.pos];
    if (jokers.length && e.type === 'claim' && e.jokers) {
      return {pos: r.pos, event: e, labels: jokers.map((j) => j.getAttribute('aria-label')),
              log: [...document.querySelectorAll('#log li')].map((li) => li.textContent)};
    }
  }
  return null;
}"""


def test_a_joker_in_a_meld_is_shown_as_what_it_stands_for(tmp_path: Path, browser: Any) -> None:
    page_html, _ = standalone_html(KEPT)
    out = tmp_path / "jokers.html"
    out.write_text(page_html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(out.as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    found = page.evaluate(_STEP)
    assert found is not None, "no meld with a joker drawn in the kept log"
    assert all(label.startswith("a joker as ") for label in found["labels"]), found["labels"]
    stands = found["event"]["jokers"][0]
    assert any("with a joker as" in line or "jokers as" in line for line in found["log"]), found["log"][-5:]
    assert page.locator(f'.joker-as[data-as="{stands}"]').count() >= 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jokers-viewer.png"))
    assert not errors, errors
    context.close()



# Steps forward until a joker lies in a seat's discards; what the page shows of each joker discarded then.
_DISCARDED = """() => {
  const r = window.replayViewer, forward = document.getElementById('forward');
  document.getElementById('first').click();
  for (let k = 0; k < r.events.length; k++) {
    if (k > 0) forward.click();
    const marked = [...document.querySelectorAll('.discards .win-only-joker, .discards .dead-joker')];
    if (marked.length) {
      return {pos: r.pos, jokers: marked.map((j) => ({cls: [...j.classList], label: j.getAttribute('aria-label'),
                                                      cross: j.querySelectorAll('.dead-cross').length,
                                                      ring: j.querySelectorAll('.win-only-ring').length}))};
    }
  }
  return null;
}"""


def test_a_discarded_vietnamese_joker_is_named_for_the_win_it_still_allows(tmp_path: Path, browser: Any) -> None:
    """Under the Vietnamese rules a discarded joker is dead to every claim but a win, where the seat takes it as the
    General (``jokers.claimed_to_win_as``): the viewer marks each typed joker discarded (``2j``-``7j`` too, not
    ``1j`` alone), draws it ringed and not crossed out, and names the one claim it allows, never "a dead joker".
    The log is a seeded deal of four random bots, which discard the jokers they draw.  Screenshot:
    tests/artifacts/jokers-viewer-vietnamese.png."""
    (game,) = simulate(load_ruleset("vietnamese"), 3, 1, ["random"] * 4, tmp_path / "log", max_deals=1)
    assert game.replay is not None
    page_html, _ = standalone_html(game.replay)
    out = tmp_path / "vietnamese.html"
    out.write_text(page_html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(out.as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    found = page.evaluate(_DISCARDED)
    assert found is not None, "no joker discarded in the kept Vietnamese log"
    for joker in found["jokers"]:
        assert "win-only-joker" in joker["cls"] and "dead-joker" not in joker["cls"], joker
        assert joker["ring"] == 1 and joker["cross"] == 0, joker
        assert joker["label"] == "a discarded joker (no seat may claim it but to win on it, as joker 1)", joker
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "jokers-viewer-vietnamese.png"))
    assert not errors, errors
    context.close()
