"""The replay viewer at a riichi game: each declarer's stick on the table, the pot, the dora indicator and, at a
declarer's win, the ura-dora and the win worded as riichi players word it (ron); the hands ready at a draw; the
kan-dora turned at a kong -- all from the log's events and the mechanisms' words.

Each log is written here: one deal of riichi_tenhou between four declaring bots (``tests/riichi_play.py``), the
first seed whose deal shows what the test looks at (so a change to the bots' play moves the seed, not the test).
Screenshots: tests/artifacts/riichi-viewer.png, riichi-viewer-draw.png.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS
from test_several_wins_browser import _TO, viewer

from mahjong_core import load_ruleset, read_log

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from riichi_play import write  # noqa: E402  (tests/riichi_play.py, beside this folder)

Events = list[dict[str, Any]]


def _deal_showing(tmp_path: Path, premise: Callable[[Events], bool], seeds: range = range(1, 200)
                  ) -> tuple[Path, Events]:
    """The log of the first seed's one deal between declaring bots for which ``premise(events)`` holds."""
    ruleset = load_ruleset("riichi_tenhou")
    for seed in seeds:
        log = write(ruleset, seed, tmp_path / f"riichi_tenhou-seed{seed}.jsonl", max_deals=1)
        events = read_log(log).events
        if premise(events):
            return log, events
    pytest.fail(f"no seed in {seeds} plays a deal the test can look at")


def _two_declarers_and_a_ron(events: Events) -> bool:
    return sum(e["type"] == "riichi_declaration" for e in events) == 2 \
        and any(e["type"] == "ura_dora_shown" for e in events) \
        and [e.get("how") for e in events if e["type"] == "mahjong"] == ["discard"]


_STICKS = """() => [...document.querySelectorAll('.seat .sticks svg')].map((s) => s.getAttribute('aria-label'))"""
_BADGES = """() => [...document.querySelectorAll('.seat-head .flag')].map((f) => f.textContent)"""


def test_the_viewer_shows_two_declarers_sticks_then_the_win_with_its_ura_dora(browser: Any, tmp_path: Path) -> None:
    log, events = _deal_showing(tmp_path, _two_declarers_and_a_ron)
    declared = [k for k, e in enumerate(events) if e["type"] == "riichi_declaration"]
    paid = declared[1] + 1  # the second declarer's stick, paid in reply to its declaration
    assert events[paid]["type"] == "payment" and events[paid]["payee"] is None
    ura = next(k for k, e in enumerate(events) if e["type"] == "ura_dora_shown")

    context, page, errors = viewer(browser, log, tmp_path)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    page.evaluate(_TO, paid)
    assert page.evaluate(_STICKS) == ["riichi stick: 1000 in the pot"] * 2
    assert page.evaluate(_BADGES).count("riichi") == 2
    assert page.inner_text("#pot").startswith("2000")
    assert page.inner_text("#shown-label") == "Dora indicator"
    # The log says who declared, not the flags' bookkeeping (the tiles drawn and melded at the declaration).
    said = page.inner_text("#log")
    assert "riichi: " in said and "drawn " not in said and "melded " not in said, said
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "riichi-viewer.png"))

    page.evaluate(_TO, ura)
    scoring = page.inner_text("#scoring")
    assert "(ron, from " in scoring, scoring
    facts = page.eval_on_selector_all(".deal-fact", "fs => fs.map(f => f.dataset.fact)")
    assert facts == ["shown", "ura_dora_shown"], facts
    tiles = page.eval_on_selector_all('.deal-fact[data-fact="ura_dora_shown"] svg', "s => s.length")
    assert tiles == len(events[ura]["tiles"]) >= 1
    assert page.evaluate(_STICKS) == []  # the pot went to the winner: no stick lies on the table
    assert not errors, errors
    context.close()


def test_the_viewer_marks_the_ready_hands_at_an_exhaustive_draw(browser: Any, tmp_path: Path) -> None:
    """A deal drawn with some seats ready and some not: the ready seats' cards say so (the ready_hands event's
    label), the others' do not, and the payments name the ready hands' reason in words."""
    log, events = _deal_showing(tmp_path, lambda events: any(
        e["type"] == "ready_hands" and 0 < len(e["seats"]) < 4 for e in events))
    ready = next(k for k, e in enumerate(events) if e["type"] == "ready_hands")
    seats = events[ready]["seats"]
    context, page, errors = viewer(browser, log, tmp_path)
    page.evaluate(_TO, next(k for k in range(ready, len(events)) if events[k]["type"] == "settlement"))
    assert page.inner_text("#scoring h2") == "The deal is drawn"
    marked = page.eval_on_selector_all(
        ".score-card h3", "hs => hs.map(h => [...h.querySelectorAll('.seat-fact')].map(f => f.textContent))")
    assert [bool(m) for m in marked] == [n in seats for n in range(4)], marked
    assert all(m == ["ready at the draw"] for m in marked if m)
    assert "(ready hands)" in page.inner_text(".payments")
    said = "ready at the draw: " + ", ".join(f"declaring-{n}" for n in seats) + "."
    assert said in page.inner_text("#log")  # the seats it names, by their names
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "riichi-viewer-draw.png"))
    assert not errors, errors
    context.close()


def test_the_viewer_turns_the_kan_dora_indicator_at_a_kong(browser: Any, tmp_path: Path) -> None:
    """A deal with a concealed kong: riichi_tenhou turns its indicator at once, and the page shows a second dora
    indicator from that event on, each tile by its name."""
    def kong_dora(events: Events) -> bool:
        shown = [k for k, e in enumerate(events) if e["type"] == "dora_indicator_shown"]
        return len(shown) == 2 and events[shown[1] - 1]["type"] == "kong"
    log, events = _deal_showing(tmp_path, kong_dora)
    shown = [k for k, e in enumerate(events) if e["type"] == "dora_indicator_shown"]
    context, page, errors = viewer(browser, log, tmp_path)
    names = "() => [...document.querySelectorAll('#shown svg')].map((t) => t.getAttribute('aria-label'))"
    page.evaluate(_TO, shown[1] - 1)
    assert len(page.evaluate(names)) == 1
    page.evaluate(_TO, shown[1])
    tile_names = page.evaluate("() => state.info.tile_names")
    assert page.evaluate(names) == [tile_names[events[k]["tile"]] for k in shown]
    assert not errors, errors
    context.close()
