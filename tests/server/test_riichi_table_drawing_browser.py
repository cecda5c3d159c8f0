"""Riichi drawn as its players expect, in the replay viewer and at a live table, in a real browser.

The discard that declares riichi lies sideways in the declarer's row, and where another seat claims it for a meld
the declarer's next discard is turned in its place (riichi.wiki, "Riichi", "Rules to riichi"); the page reads it
from the deal's events (render.js ``sidewaysDiscard``), and the test from the core's fold (:mod:`sideways`).
Each log is one deal of riichi_tenhou between four declaring bots (``tests/riichi_play.py``), the first seed in a
bounded range whose deal shows what the test looks at.
Screenshots: tests/artifacts/riichi-sideways.png, riichi-sideways-claimed.png.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS
from sideways import DECLARE, turned_discard
from test_several_wins_browser import _TO, viewer

from mahjong_core import load_ruleset, read_log

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from riichi_play import write  # noqa: E402  (tests/riichi_play.py, beside this folder)

Events = list[dict[str, Any]]
#: Each sideways tile of the page: the seat's row it lies in, its place there, its code and what turned it.
_SIDEWAYS = """() => [...document.querySelectorAll('.discards')].flatMap((row) => [...row.children].map((t, i) =>
  t.classList.contains('sideways') ? [row.getAttribute('aria-label'), i, t.getAttribute('aria-label'),
    t.dataset.sideways, getComputedStyle(t).transform] : null).filter(Boolean))"""


def _deal(tmp_path: Path, premise: Callable[[Events], int | None], seeds: range = range(1, 60)
          ) -> tuple[Path, dict[str, Any], Events, int]:
    """The first seed's one-deal log for which ``premise(events)`` names an event to look at; and that event."""
    ruleset = load_ruleset("riichi_tenhou")
    for seed in seeds:
        log = write(ruleset, seed, tmp_path / f"riichi_tenhou-seed{seed}.jsonl", max_deals=1)
        parsed = read_log(log)
        at = premise(parsed.events)
        if at is not None:
            return log, parsed.header, parsed.events, at
    pytest.fail(f"no seed in {seeds} plays a deal the test can look at")


def _riichi_discard(events: Events, k: int, seat: int | None = None) -> int | None:
    """The declarer's discard after event k (its declaration, whose actor is the seat, unless ``seat`` is named)."""
    seat = events[k]["actor"] if seat is None else seat
    return next((j for j in range(k + 1, len(events)) if events[j]["type"] == "decision"
                 and events[j]["actor"] == seat and events[j]["action"] == "discard"), None)


def _declared_and_lying(events: Events) -> int | None:
    """The event just after a riichi discard nobody claims (the row as it lies then)."""
    for k, e in enumerate(events):
        if e["type"] == "decision" and e["action"] == DECLARE:
            d = _riichi_discard(events, k)
            if d is not None and not any(x["type"] in ("claim", "mahjong") for x in events[d + 1:d + 6]):
                return d + 1
    return None


def _declared_and_claimed(events: Events) -> int | None:
    """The event just after the discard that follows a claimed riichi discard."""
    for k, e in enumerate(events):
        if e["type"] == "decision" and e["action"] == DECLARE:
            d = _riichi_discard(events, k)
            claim = next((j for j in range(d + 1, min(d + 6, len(events))) if events[j]["type"] == "claim"
                          and events[j]["discarder"] == e["actor"]), None) if d is not None else None
            after = _riichi_discard(events, claim, e["actor"]) if claim is not None else None
            if after is not None:
                return after + 1
    return None


def _row(name: str) -> str:
    return f"discards of {name}"


def test_the_viewer_lays_the_riichi_discard_sideways(browser: Any, tmp_path: Path) -> None:
    log, header, events, at = _deal(tmp_path, _declared_and_lying)
    seat = next(e["actor"] for e in events[:at] if e["type"] == "decision" and e["action"] == DECLARE)
    place, code = turned_discard(header, events, seat, at) or (None, None)
    assert place is not None
    context, page, errors = viewer(browser, log, tmp_path)
    page.evaluate(_TO, at)
    shown = page.evaluate(_SIDEWAYS)
    assert [(row, i, action) for row, i, _, action, _ in shown] == [(_row(f"declaring-{seat}"), place, DECLARE)], shown
    label, transform = shown[0][2], shown[0][4]
    assert label.endswith("laid sideways: declares riichi"), label
    assert transform not in ("none", ""), transform  # turned: a rotation, not only a class
    # The tile turned is the one the log's discard names, and it is the tile of that place in the row.
    codes = page.evaluate("(n) => state.view.seats[n].discards", seat)
    assert codes[place] == code
    # Before the declaring discard nothing lies sideways.
    page.evaluate(_TO, at - 2)
    assert page.evaluate(_SIDEWAYS) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.evaluate(_TO, at)
    page.screenshot(path=str(ARTIFACTS / "riichi-sideways.png"))
    assert not errors, errors
    context.close()


def test_the_viewer_turns_the_next_discard_where_the_riichi_discard_was_claimed(browser: Any,
                                                                                 tmp_path: Path) -> None:
    log, header, events, at = _deal(tmp_path, _declared_and_claimed)
    seat = events[at - 1]["actor"]
    place, code = turned_discard(header, events, seat, at) or (None, None)
    assert place is not None and code == events[at - 1]["tile"]  # the discard after the claim
    context, page, errors = viewer(browser, log, tmp_path)
    page.evaluate(_TO, at)
    shown = page.evaluate(_SIDEWAYS)
    assert [(row, i, action) for row, i, _, action, _ in shown] == [(_row(f"declaring-{seat}"), place, DECLARE)], shown
    assert page.evaluate("(n) => state.view.seats[n].discards", seat)[place] == code
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "riichi-sideways-claimed.png"))
    assert not errors, errors
    context.close()


_GOLDEN = Path(__file__).resolve().parents[2] / "replays" / "riichi_tenhou-seed20261130.jsonl"


def test_the_viewer_draws_a_red_five_in_a_meld_red(browser: Any, tmp_path: Path) -> None:
    """The golden riichi_tenhou log's chow takes a red five of bamboo from the discards (the claim names 0s, the
    meld its kinds): the viewer draws the meld with the red five, as the live table's view names it."""
    events = read_log(_GOLDEN).events
    k = next(i for i, e in enumerate(events) if e["type"] == "claim" and e["tile"] == "0s")
    seat = events[k]["seat"]
    context, page, errors = viewer(browser, _GOLDEN, tmp_path)
    page.evaluate(_TO, k)
    assert page.evaluate("(n) => state.view.seats[n].melds.at(-1).tiles", seat) == ["0s", "6s", "7s"]
    name = read_log(_GOLDEN).header["seats"][seat]["name"]
    box = page.locator(".seat").filter(has=page.locator(f'[aria-label="discards of {name}"]'))
    labels = "m => [...m.querySelectorAll('svg')].map(s => s.getAttribute('aria-label'))"
    drawn = box.locator(".meld").last.evaluate(labels)
    assert drawn[0].startswith("red 5") and not any(t.startswith("red") for t in drawn[1:]), drawn
    ARTIFACTS.mkdir(exist_ok=True)
    box.screenshot(path=str(ARTIFACTS / "red-five-meld-viewer.png"))
    assert not errors, errors
    context.close()
