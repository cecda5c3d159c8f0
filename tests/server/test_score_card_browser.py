"""The score card in a real browser (Debian's chromium, Playwright): its lines add up to its total.

The replay viewer opens the Piter golden log, whose first deal is won with
three doublings and paid double by East, as the self-contained page ``mahjong
view --html`` writes.  At the deal's settlement the winner's card must list
each item with its count and unit, and the points it lists, doubled once per
doubling it lists, must be the total it shows; the payments must say why
East's are double; native names are titles, not text.  One event later (the
rotation to the next dealer) the table must still show the deal's own winds.
A screenshot is saved in tests/artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, running

from mahjong_core.log.format import read_log
from mahjong_server.replay_page import standalone_html

ROOT = Path(__file__).resolve().parents[2]
PITER = ROOT / "replays" / "piter-seed20261130.jsonl"
CYRILLIC = re.compile("[\u0400-\u04ff]")

# Steps forward to the first event of `type` and returns the position.
_TO = """(type) => {
  const r = window.replayViewer, forward = document.getElementById('forward');
  while (r.pos < r.events.length - 1 && r.events[r.pos].type !== type) forward.click();
  return r.pos;
}"""

# Each card of the scoring screen: its lines (count, each, adds, the name's title), steps and total.
_CARDS = """() => [...document.querySelectorAll('#scoring .score-card')].map((c) => ({
  seat: c.querySelector('h3').textContent,
  lines: [...c.querySelectorAll('tr.item')].map((tr) => ({
    name: tr.querySelector('.item-name').firstChild.textContent, title: tr.querySelector('.item-name').title,
    count: tr.querySelector('.count').textContent, each: tr.querySelector('.each').textContent,
    adds: tr.querySelector('.adds').textContent, rule: tr.querySelector('.rule').textContent })),
  steps: [...c.querySelectorAll('tr.step')].map((tr) => tr.textContent),
  total: c.querySelector('tr.total td') ? c.querySelector('tr.total td').dataset.total : null,
  text: c.innerText }))"""


def _sum(lines: list[dict[str, str]], unit: str) -> int:
    """What the lines in ``unit`` add up to, read from the text the page shows (``8 points``, ``1 doubling``)."""
    total = 0
    for line in lines:
        number, word = line["adds"].split(" ", 1)
        if word.rstrip("s") == unit.rstrip("s"):
            total += int(number)
    return total


def test_the_viewers_score_card_adds_up_to_its_total(tmp_path: Path, browser: Any) -> None:
    page_file = tmp_path / "piter.html"
    page_file.write_text(standalone_html(PITER)[0], encoding="utf-8")
    log = read_log(PITER)
    first_score = next(e for e in log.events if e["type"] == "score" and e["value"])
    winner_name = log.header["seats"][first_score["seat"]]["name"]
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(page_file.as_uri())
        page.wait_for_function("() => document.getElementById('verdict')?.dataset.state === 'ok'", timeout=15_000)
        assert not CYRILLIC.search(page.inner_text("#title"))  # English text, the native name on hover
        assert CYRILLIC.search(page.get_attribute("#title", "title") or "")
        page.evaluate(_TO, "settlement")
        cards = page.evaluate(_CARDS)
        card = next(c for c in cards if c["seat"].startswith(winner_name))
        points, doublings = _sum(card["lines"], "points"), _sum(card["lines"], "doublings")
        assert doublings == 3 and points == 36
        assert int(card["total"]) == points * 2 ** doublings == first_score["value"]
        assert card["steps"] == [f"{points} points × {2 ** doublings} ({doublings} doublings) = "
                                 f"{first_score['value']} points"]
        assert len(card["lines"]) == len(first_score["items"])
        for line, item in zip(card["lines"], first_score["items"], strict=True):
            assert line["count"] == str(item.get("count", 1)) and line["rule"] == item["source"]
            assert not CYRILLIC.search(line["name"]) and CYRILLIC.search(line["title"])
        assert all(not CYRILLIC.search(c["text"]) for c in cards)
        loser = next(c for c in cards if any(int(line["count"]) > 1 for line in c["lines"]))
        assert int(loser["total"]) == _sum(loser["lines"], "points")
        for line in loser["lines"]:
            assert int(line["count"]) * int(line["each"].split()[0]) == int(line["adds"].split()[0])
        payments = page.inner_text("#scoring .payments")
        assert f"{first_score['value'] * 2} (mahjong; {first_score['value']} × 2: East receives double" in payments
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#scoring").screenshot(path=str(ARTIFACTS / "score-card-piter.png"))

        rotation = next(e for e in log.events if e["type"] == "rotation")
        start = next(e for e in log.events if e["type"] == "deal_start")
        assert rotation["dealer"] != start["dealer"]
        assert page.evaluate(_TO, "rotation") == rotation["n"]
        heads = {where: page.inner_text(f"#seat-{where} .wind") for where in ("bottom", "right", "top", "left")}
        # Every hand open: seat 0 sits at the bottom, the others anticlockwise.
        winds = ["East", "South", "West", "North"]
        for k, where in enumerate(("bottom", "right", "top", "left")):
            wind = winds[(k - start["dealer"]) % 4]
            assert heads[where] == wind + (" · dealer" if k == start["dealer"] else ""), heads
        assert page.inner_text("#wind") == winds[start["prevalent_wind"]]
        assert not errors, errors
    finally:
        context.close()


def test_a_seat_named_you_is_not_called_you_twice(tmp_path: Path, browser: Any) -> None:
    """``mahjong play`` seats the person as "you": the page marks the reader's own seat, but not "you (you)"."""
    with running(tmp_path / "data") as server:
        created = server.post("/api/tables", {"ruleset": "piter", "length": "deal",
                                              "seats": [{"kind": "human", "name": "you"}] + [{"kind": "greedy"}] * 3})
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        try:
            page.goto(server.url + created["seats"][0]["url"])
            page.wait_for_selector(".hand-tile", timeout=15_000)
            assert page.inner_text("#seat-bottom .seat-head strong") == "you"
            assert "(you)" not in page.inner_text("body")
        finally:
            page.close()
