"""Jokers at a live table, in a real browser: a person sits at an ``example_jokers`` table with three bots.

The person's hand shows each joker held as the joker tile, named "joker" (its text alternative).  A claim the
person may make with a joker is its own button, in words naming what it uses ("pung 5 dots with a joker"; a pung
with two jokers is another button), and so is a joker exchange ("give 5 dots for a joker"); the person clicks one,
and the meld it makes shows each joker as the joker tile named by what it stands for ("a joker as 5 dots").  A
discarded joker is dead in this ruleset: it is drawn crossed out and named "a dead joker".  The game's log then
replays and audits clean, and no message to the person's socket held another seat's concealed tiles or the wall.

A table where a person sits takes no seed (its walls are its own secret), so the person plays deals until one
brings a joker play: it keeps its jokers, plays every joker option it is offered, never declares a win (the deal
goes on to show a discarded joker), and once it has made its play discards a joker of its own if no bot has.
Eight jokers among 144 tiles and three random bots, which discard the jokers they draw, make that the first deal
nearly always.  Screenshots: tests/artifacts/jokers-live-offer.png (the claim's buttons), jokers-live-meld.png
(the meld made), jokers-live-dead.png (a dead joker in the discards).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, Server, running
from playwright import sync_api

from mahjong_core.audit.check import check
from mahjong_core.log.format import read_log
from mahjong_core.rules import available, load_ruleset, load_ruleset_text
from mahjong_server.live import joker_info
from mahjong_server.replay_page import viewer_info

RULESET = "example_jokers"
JOKER = "1j"
#: The events that lay the hands open at the end of play (a seat then sees every hand).
_END_OF_PLAY = ("mahjong", "exhaustive_draw", "deal_abandoned", "abortive_draw")
#: The phases whose decisions every seat sees (a claim declined or made is announced by its outcome).
_PUBLIC_PHASES = ("turn", "false_mahjong")

_HAND = """() => [...document.querySelectorAll('.hand-tile')].map((b) => ({
  tile: b.dataset.tile, label: b.querySelector('svg').getAttribute('aria-label'),
  title: b.querySelector('svg title').textContent}))"""
_OWN_JOKERS = """() => [...document.querySelectorAll('.own-melds .joker-as')].map((j) => ({
  as: j.dataset.as, label: j.getAttribute('aria-label')}))"""
_DEAD = """() => [...document.querySelectorAll('.discards .dead-joker')].map((j) => j.getAttribute('aria-label'))"""


class Person:
    """The person's page: its socket's messages, and the moves it made through the page."""

    def __init__(self, browser: Any, url: str):
        self.page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.page.set_default_timeout(10_000)  # a click that cannot be made is tried again at once (play)
        self.messages: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.played: dict[str, Any] | None = None  # the joker option clicked, with what the page showed of it
        self.saw_jokers_held = False
        self.dead: list[str] = []
        self.retried: list[str] = []  # the page errors answered again, for the message of a table that never finished
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)

    def _frame(self, payload: Any) -> None:
        self.messages.append(json.loads(payload if isinstance(payload, str) else payload.decode()))

    def statuses(self) -> list[str]:
        return [m["status"] for m in self.messages if m["type"] == "status"]

    def play(self, timeout: float = 480) -> None:
        """Answer every prompt through the page until the table is finished (see the module's docstring)."""
        page, answered = self.page, set()
        deadline = time.monotonic() + timeout
        while "finished" not in self.statuses():
            assert time.monotonic() < deadline, (f"the table did not finish; statuses {self.statuses()}, open "
                                                 f"prompt {page.evaluate('() => state.prompt')}, last messages "
                                                 f"{self.messages[-3:]}; answered again after {self.retried[-3:]}")
            assert not {"failed", "stopped"} & set(self.statuses()), self.messages[-1]
            page.wait_for_timeout(40)
            prompt = page.evaluate("() => state.prompt")
            if prompt is None or prompt["id"] in answered or not page.locator(".prompt-title").count():
                continue
            answered.add(prompt["id"])
            try:
                self._look()
                self._answer(prompt)
                page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"],
                                       timeout=5000)
            except sync_api.Error as e:  # a busy machine: the page was redrawn under the click; answer again
                self.retried.append(f"prompt {prompt['id']}: {e}")
                assert len(self.retried) < 20, f"the page refused 20 answers: {self.retried[-2:]}"
                answered.discard(prompt["id"])
        page.wait_for_timeout(300)

    def _look(self) -> None:
        """What the page shows now: jokers held, dead jokers discarded (a screenshot of the first)."""
        hand = self.page.evaluate(_HAND)
        if any(t["tile"] == JOKER for t in hand):
            assert all(t["label"] == t["title"] == "joker" for t in hand if t["tile"] == JOKER), hand
            self.saw_jokers_held = True
        if self.played is not None and "melds" not in self.played:  # the meld made, once the page draws it
            melds = self.page.evaluate(_OWN_JOKERS)
            if melds:
                self.played["melds"] = melds
        dead = self.page.evaluate(_DEAD)
        if dead and not self.dead:
            ARTIFACTS.mkdir(exist_ok=True)
            self.page.screenshot(path=str(ARTIFACTS / "jokers-live-dead.png"))
        self.dead = self.dead or dead

    def _answer(self, prompt: dict[str, Any]) -> None:
        page, options = self.page, prompt["options"]
        jokers = [o for o in options if JOKER in o.get("tiles", []) or o["action"] == "joker_exchange"]
        if jokers and self.played is None:
            self._play_joker(prompt, jokers)
            return
        if prompt["phase"] != "turn":
            passes = page.locator(".action-pass")
            (passes.first if passes.count() else page.locator(".actions .action").first).click()
            return
        enabled = page.locator(".hand-tile:not([disabled])")
        codes = enabled.evaluate_all("bs => bs.map(b => b.dataset.tile)")
        give_joker = self.played is not None and not self.dead and JOKER in codes
        keep = [i for i, c in enumerate(codes) if (c == JOKER) == give_joker]
        enabled.nth(keep[-1] if keep else len(codes) - 1).click()

    def _play_joker(self, prompt: dict[str, Any], jokers: list[dict[str, Any]]) -> None:
        """Click the first joker option's button, after checking every joker option is a button of its own."""
        page = self.page
        buttons = page.eval_on_selector_all(".actions .action", """bs => bs.map((b) => ({
            index: Number(b.dataset.index), label: b.getAttribute('aria-label'), text: b.textContent}))""")
        shown = {b["index"]: b for b in buttons}
        labels = [shown[o["index"]]["label"] for o in jokers]
        assert len(set(labels)) == len(labels), labels  # one button per option, each saying which it is
        for o, label in zip(jokers, labels, strict=True):
            assert label in shown[o["index"]]["text"], shown[o["index"]]
            if o["action"] == "joker_exchange":
                assert label.startswith("give ") and label.endswith(" for a joker"), label
            else:
                n = o["tiles"].count(JOKER)
                assert label.startswith(o["action"] + " ") and label.endswith(
                    "with a joker" if n == 1 else f"with {n} jokers"), label
        chosen = jokers[0]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "jokers-live-offer.png"))
        page.locator(f'.actions .action[data-index="{chosen["index"]}"]').click()
        page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"], timeout=5000)
        self.played = {"option": chosen, "label": shown[chosen["index"]]["label"], "prompt": prompt["id"]}
        if chosen["action"] != "joker_exchange":
            page.wait_for_function("() => document.querySelectorAll('.own-melds .joker-as').length > 0",
                                   timeout=10_000)
            self.played["melds"] = page.evaluate(_OWN_JOKERS)
            page.screenshot(path=str(ARTIFACTS / "jokers-live-meld.png"))


def test_a_person_plays_a_joker_at_a_live_table(tmp_path: Path, browser: Any) -> None:
    if RULESET not in available():
        pytest.fail("install the example package: pip install ./plugins/examples/example_jokers")
    for attempt in range(6):
        with running(tmp_path / f"data-{attempt}") as server:
            person, log = _one_deal(server, browser)
        made = person.played is not None and (person.played["option"]["action"] == "joker_exchange"
                                              or "melds" in person.played)  # (not a claim a win beat)
        if made and person.dead:
            break
    else:
        pytest.fail("six deals brought the person no joker play and a dead joker")
    assert person.saw_jokers_held and person.played is not None
    option = person.played["option"]
    tile = option["tile"]
    if option["action"] != "joker_exchange":
        stands = [j for j in person.played["melds"] if j["as"] == tile]
        assert len(stands) == option["tiles"].count(JOKER), person.played
        assert all(j["label"].startswith("a joker as ") for j in stands), stands
    assert all(label.startswith("a dead joker") for label in person.dead), person.dead
    # The decision the page sent is the log's, and the log replays and audits clean.
    events = read_log(log).events
    made = [e for e in events if e["type"] == "decision" and e["actor"] == 0 and e["action"] == option["action"]
            and e.get("tile") == tile and e.get("tiles", []) == option.get("tiles", [])]
    assert made, option
    for mode in ("replay", "audit"):
        verdict = check(str(log), mode)
        assert verdict.ok, verdict.text()
    _nothing_hidden_was_sent(person.messages, seat=0)
    assert not person.errors, person.errors
    person.page.close()


def _one_deal(server: Server, browser: Any) -> tuple[Person, Path]:
    created = server.create(RULESET, ["human", "random", "random", "random"], "deal")
    assert "error" not in created, created
    person = Person(browser, server.url + created["seats"][0]["url"])
    person.play()
    return person, server.log(created["table"])


def _nothing_hidden_was_sent(messages: list[dict[str, Any]], seat: int) -> None:
    """No message to the seat holds another seat's concealed tile, a tile drawn by another, another's private
    decision, the wall or the seed, until the hands are laid open at the end of play."""
    open_ = False
    for m in messages:
        text = json.dumps(m)
        assert '"seed":' not in text and '"wall":' not in text, m
        events = m["events"] if m["type"] == "history" else [m["event"]] if m["type"] == "event" else []
        for event in events:
            if event["type"] == "deal_start":
                open_ = False
            if event["type"] in _END_OF_PLAY and not event.get("play_on"):
                open_ = True
            if event["type"] == "hands":
                assert all(t == "?" for n, hand in enumerate(event["hands"]) if n != seat for t in hand), event
            if event["type"] in ("draw", "replacement") and event["seat"] != seat:
                assert event["tile"] == "?", event
            if event["type"] == "decision" and event["actor"] != seat:
                assert event["phase"] in _PUBLIC_PHASES, event
        view = m.get("view")
        if view and not open_:
            others = [s for n, s in enumerate(view["seats"]) if n != seat]
            assert all("concealed" not in s for s in others), m
            assert "concealed" in view["seats"][seat], m


def test_a_page_is_told_a_discarded_joker_is_dead_only_where_the_ruleset_plays_jokers(tmp_path: Path) -> None:
    """The table's description (``welcome``) and the viewer's say ``jokers.dead_when_discarded`` for a ruleset that
    plays jokers, and nothing of jokers for one that does not (its description is as before)."""
    if RULESET not in available():
        pytest.fail("install the example package: pip install ./plugins/examples/example_jokers")
    assert joker_info(load_ruleset(RULESET)) == {"jokers": {"dead_when_discarded": True}}
    assert joker_info(load_ruleset("chinese_classical")) == {}
    header = {"ruleset": {"id": RULESET}}
    assert viewer_info(header)["jokers"] == {"dead_when_discarded": True}
    assert "jokers" not in viewer_info({"ruleset": {"id": "chinese_classical"}})
    with running(tmp_path / "data") as server:
        created = server.create(RULESET, ["greedy"] * 4, "deal", seed=4)
        table = next(t for t in server.get("/api/tables")["tables"] if t["id"] == created["table"])
    assert table["jokers"] == {"dead_when_discarded": True}


def test_a_page_is_told_a_discarded_vietnamese_joker_may_still_be_won_on() -> None:
    """Where a seat may win on a discarded joker, taking it as the General (``jokers.claimed_to_win_as``), the page
    is told so, with every joker kind's code (typed jokers): it must not call such a joker dead to every claim.  A
    house rule that drops the win on it is told no such thing."""
    info = joker_info(load_ruleset("vietnamese"))["jokers"]
    assert info["dead_when_discarded"] is True and info["claimed_to_win_as"] == "1j", info
    assert {"1j", "2j", "7j", "1d", "7c"} <= set(info["codes"]), info   # every frame's copies too
    assert viewer_info({"ruleset": {"id": "vietnamese"}})["jokers"] == info
    plain = load_ruleset_text(_NO_WIN_ON_JOKERS, "<test>")
    assert joker_info(plain)["jokers"] == {"dead_when_discarded": True, "codes": info["codes"]}


#: A house rule over the Vietnamese rules in which a discarded joker is dead to every claim, a win's too.
_NO_WIN_ON_JOKERS = """id: vietnamese_dead_jokers
version: 1.0.0
name: Vietnamese, a discarded joker dead to every claim
extends: vietnamese
parameters:
  jokers:
    value:
      played: true
      in: [pungs, pairs, chows, calls]
      dead_when_discarded: true
      exchange: none
      declared_kongs: false
      stands_for: {1j: [any], 2j: [dots], 3j: [bamboo], 4j: [characters], 5j: [winds], 6j: [dragons], 7j: [suits]}
    assumption: "a test's house rule"
  bonus_kept:
    value: {after_claim: false, before_play: true, won_on_discarded: false}
    assumption: "a test's house rule: no joker is named to take a discarded flower as"
"""
