"""A ruleset's own tiles in the replay viewer, in a real browser: a red five, a joker and an animal drawn, each
with its text alternative, and the page's fold the core's after every event of such a game.

The game is the proof ruleset of tiles as data (tests/core/engine/tile_sets/odd_tiles.yaml); the page is the
self-contained one ``mahjong view FILE --html`` writes.  The screenshot is saved in tests/artifacts/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS

from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset
from mahjong_server.live import tile_names
from mahjong_server.replay_page import standalone_html

ODD = Path(__file__).resolve().parents[1] / "core" / "engine" / "tile_sets" / "odd_tiles.yaml"
SCRIPT = Path(__file__).resolve().parents[2] / "mahjong_server" / "static" / "replay_state.js"


@pytest.fixture(scope="module")
def odd_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = tmp_path_factory.mktemp("odd") / "odd.jsonl"
    play_game(load_ruleset(str(ODD)), 0, ["greedy"] * 4, replay=log, max_deals=6)
    return log

_STEP_TO = """(k) => {
  document.getElementById('first').click();
  for (let i = 0; i < k; i++) document.getElementById('forward').click();
  return window.replayViewer.pos;
}"""

_LABELS = """() => [...document.querySelectorAll('#hand svg.tile, .bonus svg.tile, svg.tile')]
  .map((t) => t.getAttribute('aria-label'))"""


def _moment(log: Path) -> tuple[int, int]:
    """The first event after which one seat holds a red five and has set aside a joker and an animal."""
    parsed = read_log(log)
    for k, table in enumerate(fold(parsed.header, parsed.events)):
        for seat in table.view()["seats"]:
            concealed, aside = seat["concealed"], seat["bonus"]
            if {"0p", "0s"} & set(concealed) and "1j" in aside and any(t.endswith("a") for t in aside):
                return k, seat["seat"]
    raise AssertionError("no seat held a red five, a joker and an animal at once")


def test_a_red_five_a_joker_and_an_animal_are_drawn_with_their_names(odd_log: Path, tmp_path: Path,
                                                                       browser: Any) -> None:
    log = odd_log
    k, seat = _moment(log)
    page_file = tmp_path / "odd.html"
    page_file.write_text(standalone_html(log)[0], encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(page_file.as_uri())
        page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined",
                               timeout=15_000)
        assert page.get_attribute("#verdict", "data-state") == "ok"
        assert page.evaluate(_STEP_TO, k) == k
        page.select_option("#seat-select", str(seat))
        hand = [t.get_attribute("aria-label") for t in page.locator("#hand svg.tile").all()]
        assert {"red 5 dots", "red 5 bamboo"} & set(hand), hand
        labels = page.evaluate(_LABELS)
        assert "joker" in labels and any(str(name).startswith("animal ") for name in labels), labels
        assert "North wind" in labels
        # Each of the set's own kinds has a face of its own (shapes beyond the tile's frame), not the picture of an
        # unknown code (its code written on a blank tile): the picture a tile uses, drawn once in the page's sprite.
        shapes = page.evaluate("""() => ['0m', '0p', '0s', '1j', '1a', '2a', '3a', '4a', '9x'].map((c) =>
          document.querySelector(window.MahjongTiles.tileSvg(c, {}, {}).querySelector('use').getAttribute('href'))
            .querySelectorAll('circle, rect, path, ellipse, line').length)""")
        assert min(shapes[:-1]) > shapes[-1] == 1, shapes
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "viewer-tile-set.png"))
        assert not errors
    finally:
        context.close()


_FRAMES = """(data) => {
  const [header, events] = JSON.parse(data);
  const api = window.MahjongReplay;
  return api.frames(header, events).map((f) => api.canonical({ view: f.view, revealed: f.revealed, over: f.over }));
}"""


def test_the_pages_fold_is_the_cores_with_red_fives_jokers_and_animals(odd_log: Path, browser: Any) -> None:
    """Red fives leave a hand by their own code when discarded, by their kind's in a meld or a kong: both folds
    take the red five where no plain five is left."""
    parsed = read_log(odd_log)
    assert any(e.get("tile") in ("0p", "0s") for e in parsed.events if e["type"] == "decision")  # one discarded
    context = browser.new_context()
    page = context.new_page()
    try:
        page.set_content("<!doctype html><title>fold</title>")
        page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
        frames = page.evaluate(_FRAMES, json.dumps([parsed.header, parsed.events]))
    finally:
        context.close()
    assert len(frames) == len(parsed.events)
    for k, table in enumerate(fold(parsed.header, parsed.events)):
        core = json.dumps({"view": table.view(), "revealed": table.revealed, "over": table.over}, sort_keys=True,
                          separators=(",", ":"), ensure_ascii=False)
        assert frames[k] == core, (k, parsed.events[k], frames[k], core)


def test_the_live_table_and_the_viewer_name_every_kind_of_the_set() -> None:
    names = tile_names(load_ruleset(str(ODD)))
    assert names["0p"] == "red 5 dots" and names["1j"] == "joker" and names["3a"] == "animal 3 (rooster)"
    assert names["5p"] == "5 dots" and names["1f"] == "flower 1 (plum)"  # the standard names stay
