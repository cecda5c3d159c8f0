"""A Vietnamese flower kept in the hand at a live table, in a real browser (``bonus_kept``).

A person sits at a ``vietnamese`` table with three random bots.  A flower drawn or dealt lies in the person's hand
like any tile, and the prompt offers the choice: a button that sets it aside ("sets a flower aside: East emperor",
the flower shown on it), or a click on the flower in the hand that discards it.  The person discards the first
flower it is offered this way and sets the next one aside; it answers every other prompt with a pass or its last
tile.  The game's log
then replays and audits clean, and holds both moves as the person made them.  Screenshot:
tests/artifacts/kept-flower-live.png (the choice offered).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, running
from playwright import sync_api

from mahjong_core.audit.check import check
from mahjong_core.log.format import read_log

#: The set's bonus tiles: flowers, seasons, emperors, empresses, the flower joker.
FLOWERS = frozenset(f"{n}{s}" for n in "1234" for s in "fyeq") | {"1x"}
_HAND = "() => [...document.querySelectorAll('.hand-tile')].map((b) => b.dataset.tile)"


class Person:
    """The person's page, and the flower moves it made through it."""

    def __init__(self, browser: Any, url: str):
        self.page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.page.set_default_timeout(10_000)
        self.messages: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.moves: list[tuple[str, str]] = []  # ("discard" or "declare_flower", the flower's code)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)

    def _frame(self, payload: Any) -> None:
        self.messages.append(json.loads(payload if isinstance(payload, str) else payload.decode()))

    def statuses(self) -> list[str]:
        return [m["status"] for m in self.messages if m["type"] == "status"]

    def play(self, timeout: float = 480) -> None:
        page, answered, retried = self.page, set(), 0
        deadline = time.monotonic() + timeout
        while "finished" not in self.statuses():
            assert time.monotonic() < deadline, f"the table did not finish: {self.messages[-3:]}"
            assert not {"failed", "stopped"} & set(self.statuses()), self.messages[-1]
            page.wait_for_timeout(40)
            prompt = page.evaluate("() => state.prompt")
            if prompt is None or prompt["id"] in answered or not page.locator(".prompt-title").count():
                continue
            answered.add(prompt["id"])
            try:
                self._answer(prompt)
                page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"],
                                       timeout=5000)
            except sync_api.Error as e:  # a busy machine: the page was redrawn under the click; answer again
                retried += 1
                assert retried < 20, f"the page refused 20 answers: {e}; prompt {prompt}"
                answered.discard(prompt["id"])
        page.wait_for_timeout(300)

    def _answer(self, prompt: dict[str, Any]) -> None:
        page = self.page
        offered = [o for o in prompt["options"] if o["action"] == "declare_flower"]
        if prompt["phase"] == "turn" and offered and len(self.moves) < 2:
            flower = offered[0]["tile"]
            assert flower in FLOWERS and flower in page.evaluate(_HAND)       # the flower lies in the hand
            button = page.locator(f'.actions .action[data-index="{offered[0]["index"]}"]')
            assert button.get_attribute("aria-label").startswith("sets a flower aside: ")   # the plugin's words
            assert button.locator("svg").count() == 1                         # the flower drawn on the button
            if not self.moves:
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "kept-flower-live.png"))
                page.locator(f'.hand-tile:not([disabled])[data-tile="{flower}"]').first.click()
                self.moves.append(("discard", flower))
            else:
                button.click()
                self.moves.append(("declare_flower", flower))
            return
        if prompt["phase"] != "turn":
            passes = page.locator(".action-pass")
            (passes.first if passes.count() else page.locator(".actions .action").first).click()
            return
        enabled = page.locator(".hand-tile:not([disabled])")
        codes = enabled.evaluate_all("bs => bs.map(b => b.dataset.tile)")
        plain = [i for i, c in enumerate(codes) if c not in FLOWERS]
        enabled.nth(plain[-1] if plain else len(codes) - 1).click()


def test_a_person_keeps_discards_and_sets_aside_a_flower_at_a_live_table(tmp_path: Path, browser: Any) -> None:
    for attempt in range(4):  # a deal nearly always brings the person two flowers (17 among 176 tiles)
        with running(tmp_path / f"data-{attempt}") as server:
            created = server.create("vietnamese", ["human", "random", "random", "random"], "deal")
            assert "error" not in created, created
            person = Person(browser, server.url + created["seats"][0]["url"])
            person.play()
            log = server.log(created["table"])
        if len(person.moves) == 2:
            break
    assert [kind for kind, _ in person.moves] == ["discard", "declare_flower"], person.moves
    events = read_log(log).events
    for kind, flower in person.moves:
        assert any(e["type"] == "decision" and e["actor"] == 0 and e["action"] == kind and e["tile"] == flower
                   for e in events), (kind, flower)
    declared = next(i for i, e in enumerate(events) if e["type"] == "decision" and e["actor"] == 0
                    and e["action"] == "declare_flower")
    assert (events[declared + 1]["type"], events[declared + 1]["tile"]) == ("bonus", person.moves[1][1])
    for mode in ("replay", "audit"):
        verdict = check(str(log), mode)
        assert verdict.ok, verdict.text()
    assert not person.errors, person.errors
    person.page.close()
