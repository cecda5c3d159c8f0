"""The live table's page in a real browser: Debian's chromium driven by Playwright for Python.

A person plays a whole deal against three bots by clicking the page (tiles to
discard, the claim prompt's buttons, the mahjong when it is offered), the log
then audits clean; another lets the clock run out and finds the timeout on
the page and in the log.  Screenshots of the table and of the scoring screen
are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, Server, running
from playwright import sync_api

from mahjong_core.audit.check import check
from mahjong_core.log.format import read_log


class Page:
    """The table page, and every prompt the server sent it (read off the page's own websocket)."""

    def __init__(self, browser: Any, url: str):
        self.page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.prompts: list[dict[str, Any]] = []
        self.statuses: list[str] = []
        self.errors: list[str] = []
        self.claim_shot: str | None = None
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)

    def _frame(self, payload: Any) -> None:
        message = json.loads(payload if isinstance(payload, str) else payload.decode())
        if message["type"] == "prompt" and all(p["id"] != message["id"] for p in self.prompts):
            self.prompts.append(message)
        elif message["type"] == "status":
            self.statuses.append(message["status"])

    def wait_until_finished(self, timeout: float = 30) -> None:
        """Until the server says the game is over: only then is its log whole.

        The page shows a deal's scoring as soon as the settlement is sent, while the table is still writing
        the events that end the game (the rotation, the game's end); a log read in between is a game cut
        short, which the audit rightly refuses.
        """
        deadline = time.monotonic() + timeout
        while "finished" not in self.statuses:
            assert time.monotonic() < deadline, f"the table did not finish; its statuses: {self.statuses}"
            assert not {"failed", "stopped"} & set(self.statuses), self.statuses
            self.page.wait_for_timeout(50)  # lets Playwright deliver the websocket's frames

    def check_offers(self) -> None:
        """The page offers exactly the open prompt's options: its plain discards as tiles, the rest as buttons."""
        prompt = self.prompts[-1]
        options = prompt["options"]
        buttons = self.page.eval_on_selector_all(".actions .action", "bs => bs.map(b => b.getAttribute('aria-label'))")
        assert sorted(buttons) == sorted(o["text"] for o in options if not (o["action"] == "discard" and
                                                                              "way" not in o))
        tiles = self.page.eval_on_selector_all(".hand-tile:not([disabled])", "bs => bs.map(b => b.dataset.tile)")
        assert set(tiles) == {o["tile"] for o in options if o["action"] == "discard" and "way" not in o}

    def play_until_scored(self, *, timeout: float = 60) -> int:
        """Click through the deal: a mahjong when offered, else pass a claim, else discard the drawn tile."""
        page = self.page
        deadline = time.monotonic() + timeout
        claims = 0
        answered: set[int] = set()
        while time.monotonic() < deadline:
            if page.locator("#scoring:not([hidden])").count():
                return claims
            if not self.prompts or self.prompts[-1]["id"] in answered or not page.locator(".prompt-title").count():
                time.sleep(0.02)
                continue
            prompt = self.prompts[-1]
            try:
                page.wait_for_function("n => document.querySelectorAll('.prompt-title').length > 0", arg=0,
                                       timeout=2000)
                self.check_offers()
                win, passes = page.locator(".action-win"), page.locator(".action-pass")
                if win.count():
                    win.first.click()
                elif passes.count():
                    if prompt["phase"] == "claim" and not claims and self.claim_shot:
                        _shot(self, self.claim_shot)
                    passes.first.click()
                    claims += prompt["phase"] == "claim"
                else:
                    page.locator(".hand-tile:not([disabled])").last.click()
            except (AssertionError, sync_api.Error):
                if self.prompts[-1]["id"] != prompt["id"]:
                    continue  # a newer prompt arrived while checking this one
                raise
            answered.add(prompt["id"])
        raise AssertionError("the deal did not reach its scoring screen")


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.page.screenshot(path=str(ARTIFACTS / name))


def test_a_person_plays_a_whole_deal_in_the_browser_and_the_log_audits(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data") as server:
        # A table where a person sits draws a secret seed, so its deal is not chosen: a deal that offers the
        # person no claim (a few in a hundred) is played out and another table opened, up to four in all.
        for _attempt in range(4):
            created = server.create("bonus_classical", ["human", "greedy", "greedy", "greedy"])
            page = Page(browser, server.url + created["seats"][0]["url"])
            page.page.wait_for_selector(".hand-tile:not([disabled])", timeout=10_000)
            # Every tile drawn on the page has a text alternative.
            labels = page.page.eval_on_selector_all("svg.tile", "ts => ts.map(t => t.getAttribute('aria-label'))")
            assert labels and all(labels)
            _shot(page, "table.png")
            page.claim_shot = "claim.png"
            claims = page.play_until_scored()
            # A deal drawn at the wall's end has no scored hand to show: it is played out like one without a claim.
            if claims and page.page.locator("#scoring .items").count():
                break
            page.page.close()
        assert claims >= 1, "four deals had no claim prompt to answer, or were drawn"
        page.page.wait_for_selector("#scoring .items", timeout=5000)
        scoring = page.page.inner_text("#scoring")
        assert "Payments" in scoring and "Total" in scoring and "002 line" in scoring
        _shot(page, "scoring.png")
        # The overlay's last line (the scores, then what comes next) is in sight at 1280x800, not cut off.
        page.page.wait_for_selector("#scoring .scoring-foot .totals", timeout=5000)
        box = page.page.locator("#scoring").bounding_box()
        last = page.page.locator("#scoring .scoring-foot > :last-child").bounding_box()
        assert box is not None and last is not None and box["y"] + box["height"] <= 800
        assert box["y"] <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"], (box, last)
        assert not page.errors
        page.wait_until_finished()
        server_log = server.log(created["table"])
        verdict = check(str(server_log), "audit")
        assert verdict.ok, verdict.error
        decisions = [e for e in read_log(server_log).events if e["type"] == "decision" and e["actor"] == 0]
        assert len(decisions) == len(page.prompts)


def test_a_clock_that_runs_out_takes_the_rulesets_timeout_action(tmp_path: Path, browser: Any) -> None:
    server = Server(tmp_path / "data")
    try:
        created = server.create("mcr", ["human", "greedy", "greedy", "greedy"])
        page = Page(browser, server.url + created["seats"][0]["url"])
        page.page.wait_for_selector("#countdown-label", timeout=10_000)
        first = page.prompts[0]
        assert first["phase"] == "turn" and first["limit_ms"] == 10_000
        page.page.wait_for_timeout(3000)
        label = page.page.inner_text("#countdown-label")
        assert label.endswith("s left") and float(label.split()[0]) < 8
        _shot(page, "clock.png")
        page.page.wait_for_selector("text=Your time ran out", timeout=12_000)
        page.page.wait_for_selector("text=ran out of time (move, 10 s)", timeout=5000)
        _shot(page, "timeout.png")
        page.play_until_scored()
        page.wait_until_finished()
        server_log = server.log(created["table"])
        events = read_log(server_log).events
        timeout = next(e for e in events if e["type"] == "timeout")
        assert timeout["seat"] == 0 and timeout["what"] == "move" and timeout["limit_ms"] == 10_000
        decision = events[timeout["n"] - 1]
        assert decision["actor"] == 0 and decision["after_ms"] > 10_000
        assert decision["action"] == timeout["action"] == "discard" and decision["tile"] == timeout["tile"]
        verdict = check(str(server_log), "audit")
        assert verdict.ok, verdict.error
    finally:
        server.stop()


def _open_from_lobby(browser: Any, server: Server, choices: dict[str, str]) -> Any:
    """The lobby in a new page, shanghai chosen, then each ``selector: value`` of ``choices``, then *Open*."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server.url + "/")
    page.wait_for_selector("#ruleset option[value=shanghai]", state="attached")
    page.select_option("#ruleset", "shanghai")
    for selector, value in choices.items():
        page.select_option(selector, value)
    page.click("#open")
    return page


def test_the_lobby_opens_a_table_and_seats_its_person(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data") as server:
        page = _open_from_lobby(browser, server, {"select[name=seat2]": "random"})
        page.wait_for_selector(".hand-tile", timeout=10_000)
        assert "/table/" in page.url and "#token=" in page.url
        assert page.inner_text("#title").startswith("Shanghai")
        tables = server.get("/api/tables")["tables"]
        assert [s["kind"] for s in tables[0]["seats"]] == ["human", "greedy", "random", "greedy"]
        page.close()


def test_the_lobby_shows_each_seats_link_when_several_people_play(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data") as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url + "/")
        page.wait_for_selector("#ruleset option[value=shanghai]", state="attached")
        page.select_option("#ruleset", "shanghai")
        page.select_option("#length", "deal")
        page.select_option("select[name=seat1]", "human")
        # A name field for each person's seat (a bot's seat is named by its bot); a seat left unnamed is a guest.
        assert page.is_visible("input[name=name0]") and not page.is_visible("input[name=name2]")
        page.select_option("#seating", "arrival")
        assert not page.is_visible("input[name=name0]"), "at an arrival table each person names themselves"
        page.select_option("#seating", "fixed")
        page.fill("input[name=name0]", "  Ann ")
        page.click("#open")
        page.wait_for_selector("#links:not([hidden])", timeout=10_000)
        links = page.eval_on_selector_all("#seat-links a", "as => as.map(a => a.href)")
        assert len(links) == 3 and all("#token=" in link for link in links[:2]) and "#token=" not in links[2]
        assert page.inner_text("#seat-links").startswith("East: ")
        table = server.get("/api/tables")["tables"][0]
        assert table["length"] == "deal", "the lobby sends the length chosen"
        assert [s["name"] for s in table["seats"]][:2] == ["Ann", f"guest-{table['id']}-south"]
        _shot_page(page, "lobby-links.png")
        page.close()


def test_people_who_arrive_with_the_invitation_sit_down_in_turn_the_first_as_east(tmp_path: Path,
                                                                                  browser: Any) -> None:
    with running(tmp_path / "data") as server:
        first = _open_from_lobby(browser, server, {"#length": "deal", "select[name=seat1]": "human",
                                                   "#seating": "arrival"})
        first.wait_for_selector(".sit-down input", timeout=10_000)
        assert "#invite=" in first.url
        # A refused name is asked for again, with the reason, and nobody sits down under it.
        first.fill(".sit-down input", "greedy")
        first.click(".sit-down button")
        first.wait_for_selector(".sit-down .name-error:has-text('installed bot')", timeout=10_000)
        assert first.input_value(".sit-down input") == "greedy" and "#invite=" in first.url
        first.fill(".sit-down input", "Ann")
        first.click(".sit-down button")
        first.wait_for_selector(".waiting", timeout=10_000)
        assert "#token=" in first.url, "the seat's own token replaces the invitation in the address"
        waiting = first.inner_text(".waiting")
        assert "East: Ann (you)" in waiting and "South: free" in waiting
        invite = first.get_attribute(".waiting a", "href")
        assert invite is not None and "#invite=" in invite
        _shot_page(first, "arrival-waiting.png")
        second = browser.new_page(viewport={"width": 1280, "height": 800})
        second.goto(invite)
        second.fill(".sit-down input", "Boris")
        second.click(".sit-down button")
        for page in (first, second):
            page.wait_for_selector(".hand-tile", timeout=15_000)
            assert not page.locator(".waiting").count()
        assert "Boris (you)" in second.inner_text("#seat-bottom") and "Ann" in second.inner_text("#seat-left")
        _shot_page(second, "arrival-playing.png")
        table = server.get("/api/tables")["tables"][0]
        assert [s["name"] for s in table["seats"]][:2] == ["Ann", "Boris"] and table["status"] == "playing"
        first.close()
        second.close()


def _shot_page(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))
