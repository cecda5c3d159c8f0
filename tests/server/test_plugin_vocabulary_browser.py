"""A log with a plugin's words in the browser: the page's fold applies their declared effects as the core's does,
and the viewer shows the plugin's phase, action and event with its labels (``tests/vocabulary_plugin``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS
from vocabulary_plugin.installed import HOUSE_RULE, install

from mahjong_core.cli import main
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_server.replay_page import standalone_html

SCRIPT = Path(__file__).resolve().parents[2] / "mahjong_server" / "static" / "replay_state.js"
_FRAMES = """(data) => {
  const [header, events] = JSON.parse(data);
  const api = window.MahjongReplay;
  return api.frames(header, events).map((f) => api.canonical({ view: f.view, revealed: f.revealed, over: f.over }));
}"""
#: A second vocabulary, in the header only (folds need no plugin), with one event type per kind of effect.
EFFECTS = {"distribution": "effects-test", "version": "1.0", "events": {
    "tile_set_aside": {"actor": "table", "label": "set aside", "effects": [{"do": "set_aside", "seat": "seat",
                                                                             "tile": "tile"}]},
    "indicator": {"actor": "table", "effects": [{"do": "show", "tile": "tile"}]},
    "stick": {"actor": "table", "effects": [{"do": "count", "name": "sticks", "by": "amount"}]},
    "honba": {"actor": "table", "effects": [{"do": "count", "name": "honba", "by": 1}]},
    "notice": {"actor": "table", "effects": []},
}}


@pytest.fixture(scope="module")
def plugin_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    tmp_path = tmp_path_factory.mktemp("vocabulary")
    monkeypatch = pytest.MonkeyPatch()
    installing = install(tmp_path, monkeypatch)
    next(installing)
    assert main(["simulate", "--ruleset", str(HOUSE_RULE), "--seed", "5", "--max-deals", "2",
                 "--out", str(tmp_path / "logs")]) == 0
    (log,) = (tmp_path / "logs").glob("*.jsonl")
    yield log
    monkeypatch.undo()
    next(installing, None)


def _with_every_effect(log: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The log's header and events with events of every kind of effect after each deal's missing suits."""
    parsed = read_log(log)
    header = {**parsed.header, "vocabulary": {**parsed.header["vocabulary"], "effects_test": EFFECTS}}
    events: list[dict[str, Any]] = []
    hands: list[list[str]] = []
    for event in parsed.events:
        if event["type"] == "hands":
            hands = event["hands"]
        events.append(dict(event))
        if event["type"] == "missing_suit_declared" and event["seat"] == 3:
            seat = event["seat"]
            extra = [{"type": "tile_set_aside", "seat": seat, "tile": hands[seat][0]},
                     {"type": "indicator", "tile": "5p"}, {"type": "stick", "amount": 1000},
                     {"type": "honba"}, {"type": "notice", "text": "shown, not folded"}]
            events.extend({"actor": "table", "t": event["t"], **e} for e in extra)
    for n, event in enumerate(events):
        event["n"] = n
    return header, events


def test_the_pages_fold_applies_a_plugins_effects_as_the_cores_after_every_event(plugin_log: Path,
                                                                                  browser: Any) -> None:
    header, events = _with_every_effect(plugin_log)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><title>fold</title>")
        page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
        frames = page.evaluate(_FRAMES, json.dumps([header, events]))
    finally:
        context.close()
    tables = [json.dumps({"view": t.view(), "revealed": t.revealed, "over": t.over}, sort_keys=True,
                         separators=(",", ":"), ensure_ascii=False) for t in fold(header, events)]
    assert len(frames) == len(tables) == len(events)
    for k, (page_frame, core) in enumerate(zip(frames, tables, strict=True)):
        assert page_frame == core, (k, events[k]["type"], page_frame, core)
    k = next(i for i, e in enumerate(events) if e["type"] == "notice")
    view = json.loads(tables[k])["view"]
    assert view["shown"] == ["5p"] and view["counters"] == {"sticks": 1000, "honba": 1}
    assert len(view["seats"][3]["aside"]) == 1 and view["seats"][3]["flags"]["missing_suit"]
    second = next(i for i, e in enumerate(events) if e["type"] == "deal_start" and i > 0)
    later = json.loads(tables[second])["view"]
    assert "shown" not in later and later["counters"] == {"sticks": 1000, "honba": 1}  # a deal's, the game's


def test_the_viewer_shows_the_plugins_phase_action_and_event_by_their_labels(plugin_log: Path, tmp_path: Path,
                                                                              browser: Any,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    installing = install(tmp_path, monkeypatch)
    next(installing)
    page_html, verdict = standalone_html(plugin_log)
    assert verdict["ok"], verdict
    out = tmp_path / "page.html"
    out.write_text(page_html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(out.as_uri())
        page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined",
                               timeout=15_000)
        events = read_log(plugin_log).events
        last = max(i for i, e in enumerate(events) if e["type"] == "missing_suit_declared" and e["n"] < 40)
        page.evaluate("(k) => { const f = document.getElementById('forward'); document.getElementById('first')"
                      ".click(); for (let i = 0; i < k; i++) f.click(); }", last)
        log_text = page.inner_text("#log")
        flags = page.eval_on_selector_all(".seat-head .flag", "(xs) => xs.map((x) => x.textContent)")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "plugin-vocabulary-viewer.png"))
    finally:
        context.close()
    assert not errors, errors
    suits = [e["suit"] for e in events[:last + 1] if e["type"] == "missing_suit_declared"]
    assert f"declares a missing suit ({suits[0]})" in log_text
    assert f"missing suit: greedy-0 (you), suit {suits[0]}." in log_text or f"missing suit: greedy-0, suit " \
        f"{suits[0]}." in log_text, log_text
    assert sorted(flags) == sorted(f"missing suit: {s}" for s in suits)
