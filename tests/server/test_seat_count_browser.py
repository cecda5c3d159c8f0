"""A table of three (or two) seats is drawn without an empty seat: the replay viewer and the live table.

Debian's chromium driven by Playwright for Python.  The board has a place on
each side of the table; a game of three seats takes the near, right and left
places (the place across stays out of sight, not an empty panel), a game of
two the near place and the one across.  Each seat's head shows its wind: East,
South and West at three seats, East and South at two.  Screenshots are saved
in tests/artifacts/ (seats-*.png).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running

from mahjong_core import available, load_ruleset, simulate
from mahjong_core.rules.seated import at_seats
from mahjong_server.replay_page import standalone_html

THREE_SEATS = "example_three_players"
PLACES = {2: ["bottom", "top"], 3: ["bottom", "right", "left"]}

# Which of the board's four places show a seat, and each shown seat's head text.
_SEATS = """() => Object.fromEntries(['bottom', 'right', 'top', 'left'].map((w) => {
  const box = document.getElementById('seat-' + w);
  return [w, box.offsetParent === null ? null : box.innerText];
}))"""


def _installed(ruleset: str) -> None:
    if ruleset not in available():
        pytest.fail(f"install the third-party example: pip install ./plugins/examples/{ruleset}")


def _shown(page: Any, players: int, name: str) -> dict[str, str | None]:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"seats-{name}.png"))
    seats: dict[str, str | None] = page.evaluate(_SEATS)
    shown = [w for w, text in seats.items() if text is not None]
    assert sorted(shown) == sorted(PLACES[players]), f"{name}: seats drawn at {shown}: {seats}"
    assert all(seats[w] for w in shown), f"{name}: a seat is drawn empty: {seats}"
    return seats


@pytest.mark.parametrize("players", [3, 2])
def test_the_replay_viewer_draws_only_the_seats_there_are(tmp_path: Path, browser: Any, players: int) -> None:
    ruleset = at_seats(load_ruleset("harbin"), players)
    (game,) = simulate(ruleset, 3, 1, ["greedy"] * players, tmp_path, max_deals=2)
    assert game.replay is not None
    page_html, _ = standalone_html(game.replay)
    path = tmp_path / "viewer.html"
    path.write_text(page_html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined", timeout=15_000)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    page.keyboard.press("End")  # the last deal's end: every hand open
    page.keyboard.press("Escape")
    seats = _shown(page, players, f"viewer-{players}")
    winds = ["East", "South", "West"][:players]
    assert sorted(w for w in winds if any(w in (text or "") for text in seats.values())) == sorted(winds), seats
    assert not any("North" in (text or "") for text in seats.values()), seats
    assert not errors, errors
    page.close()


def test_the_live_table_of_three_draws_three_seats(tmp_path: Path, browser: Any) -> None:
    _installed(THREE_SEATS)
    with running(tmp_path / "data") as server:
        created = server.create(THREE_SEATS, ["human", "greedy", "greedy"])
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["seats"][0]["url"])
        page.wait_for_selector(".hand-tile:not([disabled])", timeout=10_000)
        seats = _shown(page, 3, "table-3")
        assert "East" in (seats["bottom"] or ""), seats  # the person sits at seat 0, the first East
        assert "South" in (seats["right"] or "") and "West" in (seats["left"] or ""), seats
        assert not errors, errors
        page.close()
