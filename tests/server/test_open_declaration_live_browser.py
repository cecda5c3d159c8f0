"""Korea's exposed ready declaration (bullo) at a live table, in a real browser.

A person is offered the declaration by its own button, beside uper's, worded from the mechanism's words; once
declared, its hand is shown: a spectator's page draws the declared seat's hand face up (the table view's ``laid``),
the tile it has just drawn face down beside it, and every other seat's hand face down.  Screenshots in
tests/artifacts/: ``bullo-live-button.png`` (the person's prompt), ``bullo-live-shown.png`` (the spectator's
table).  That no message holds a tile its viewer has not seen is ``tests/core/log/test_hidden_information.py``'s.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, running
from riichi_person import Person
from test_riichi_live_browser import _OPEN_PROMPT, SeededServer, _click

from mahjong_core import check

#: A deal of four greedy bots in which one declares with its hand shown (seed 7: seat 1, in the first deal).
SPECTATOR_SEED = 7
#: A deal in which the person at seat 0, against three random bots, is offered the declaration and makes it.
PERSON_SEED = 1
OPEN = "open_riichi"

#: The face-up tiles of each laid hand on the page, and how many of its tiles lie face down.
_LAID = """() => [...document.querySelectorAll('.tiles.concealed.laid')].map((row) => {
  const labels = [...row.querySelectorAll('svg.tile')].map((t) => t.getAttribute('aria-label'));
  return {up: labels.filter((l) => l !== 'a concealed tile').length,
          down: labels.filter((l) => l === 'a concealed tile').length,
          of: row.getAttribute('aria-label')};
})"""


def test_a_spectator_sees_the_declared_hand_face_up_and_no_other(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data", "--bot-pace", "0.1") as server:
        created = server.create("korean", ["greedy"] * 4, length="deal", seed=SPECTATOR_SEED)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["watch"])
        page.wait_for_function("""() => document.querySelectorAll('.tiles.concealed.laid').length > 0
                                  && document.getElementById('scoring').hidden""", timeout=180_000)
        laid = page.evaluate(_LAID)
        # One hand face up, all thirteen of its tiles, the one it draws face down; the others' hands face down.
        assert len(laid) == 1 and laid[0]["up"] == 13 and laid[0]["down"] <= 1, laid
        assert page.locator(".tiles.concealed.revealed").count() == 0
        badges = page.eval_on_selector_all(".seat-head .flag", "fs => fs.map(f => f.textContent)")
        assert any("hand shown" in b for b in badges), badges
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "bullo-live-shown.png"))
        page.wait_for_function("() => document.getElementById('status')?.textContent === 'finished'",
                               timeout=300_000)
        log_path = server.log(created["table"])
        log = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
        assert any(e.get("type") == "hand_shown" for e in log)
        assert not errors, errors
        page.close()
    verdict = check(str(log_path), "audit")
    assert verdict.ok, verdict.error


def test_a_person_is_offered_the_declaration_by_its_own_button(tmp_path: Path, browser: Any) -> None:
    server = SeededServer(tmp_path / "data", PERSON_SEED)
    try:
        created = server.create("korean", ["human", "random", "random", "random"], "deal")
        assert "error" not in created, created
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["seats"][0]["url"])
        person = Person()
        answered: set[int] = set()
        declared = False
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not page.evaluate("() => state.revealed"):
            prompt = page.evaluate(_OPEN_PROMPT)
            if prompt is None or prompt["id"] in answered or not page.locator(".prompt-title").count():
                page.wait_for_timeout(40)
                continue
            kinds = [o["action"] for o in prompt["options"]]
            if OPEN in kinds and not declared:
                # Both declarations offered, each its own button, titled by the mechanisms' labels.
                button = page.locator(f'.actions .action[data-index="{kinds.index(OPEN)}"]')
                assert button.count() == 1 and button.get_attribute("title").startswith("declares ready, hand shown")
                assert page.locator(f'.actions .action[data-index="{kinds.index("riichi")}"]').count() == 1
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "bullo-live-button.png"))
                option = prompt["options"][kinds.index(OPEN)]
                declared = True
            else:
                option = prompt["options"][person.choose(prompt["phase"], prompt["options"],
                                                         prompt["view"]["seats"][0])]
            _click(page, option)
            answered.add(prompt["id"])
            page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"],
                                   timeout=10_000)
        assert declared
        page.wait_for_function("() => state.status === 'finished'", timeout=60_000)
        assert not errors, errors
        page.close()
        log_path = server.log(created["table"])
    finally:
        server.stop()
    events = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
    assert any(e.get("type") == "decision" and e.get("actor") == 0 and e.get("action") == OPEN for e in events)
    assert any(e.get("type") == "hand_shown" and e.get("seat") == 0 for e in events)
    verdict = check(str(log_path), "audit")
    assert verdict.ok, verdict.error
