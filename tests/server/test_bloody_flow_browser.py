"""The bloody flow on a live table: a winner who stays in play lays its hand face up, and every viewer sees it.

``sichuan_xueliu``'s winners stay in play with their hands locked (``winners_hand_locked``); the server sends every
seat and spectator the laid hand (the table view's ``laid``), never the tile the winner has just drawn.  A
spectator's page must draw it face up, with the drawn tile face down beside it.  The screenshot is saved in
tests/artifacts/ (``bloody-flow-live-laid.png``); that no message holds a tile its viewer has not seen is
``tests/core/log/test_hidden_information.py``'s, for every ruleset.
"""

from __future__ import annotations

import json
from typing import Any

from live_server import ARTIFACTS, running

#: The face-up tiles of each laid hand on the page, and how many of its tiles lie face down.
_LAID = """() => [...document.querySelectorAll('.tiles.concealed.laid')].map((row) => {
  const labels = [...row.querySelectorAll('svg.tile')].map((t) => t.getAttribute('aria-label'));
  return {up: labels.filter((l) => l !== 'a concealed tile').length,
          down: labels.filter((l) => l === 'a concealed tile').length};
})"""


def test_a_spectator_sees_a_winner_s_hand_laid_face_up_while_it_plays_on(tmp_path: Any, browser: Any) -> None:
    with running(tmp_path / "data", "--bot-pace", "0.1") as server:
        created = server.create("sichuan_xueliu", ["greedy"] * 4, length="deal", seed=4)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["watch"])
        # A winner in play: its hand face up (a tile drawn since face down), no scoring overlay, play going on.
        page.wait_for_function("""() => document.querySelectorAll('.tiles.concealed.laid').length > 0
                                  && document.getElementById('scoring').hidden""", timeout=180_000)
        laid = page.evaluate(_LAID)
        # Each laid hand face up -- whatever its melds left concealed -- and at most the one tile drawn face down.
        assert laid and all(row["up"] >= 1 and row["down"] <= 1 for row in laid), laid
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "bloody-flow-live-laid.png"))
        page.wait_for_function("() => document.getElementById('status')?.textContent === 'finished'",
                               timeout=300_000)
        log = [json.loads(line) for line in server.log(created["table"]).read_text(encoding="utf-8").splitlines()]
        assert any(e.get("type") == "mahjong" and e.get("stays_in_play") for e in log)
        assert not errors, errors
        page.close()
