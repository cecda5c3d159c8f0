"""A red five at a live table, in a real browser: the person can discard it, and chooses which copy goes.

A discard option names the kind (``discard 5p``), and the table gives up a plain copy before a marked one
(:mod:`mahjong_core.engine.marked`) unless the player names the copy.  So the page offers a red five's own tile
as its kind's option: alone, clicking it discards the red five; beside a plain five, clicking the red one sends the
option with ``marked`` and the red five goes, the plain one staying (the log writes ``0p`` either way).  Before,
the page matched tiles to options by code alone, and a red five was never clickable.  The table plays a test
tile set in which three of each suit's four fives of dots and bamboo are red, so a person soon holds one (a
table with a person takes no seed, so the test plays a whole game and looks at every turn: a person who always
keeps its drawn tile meets a red five alone, or beside a plain one, within a deal or two).
Screenshot: tests/artifacts/red-five-live.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from live_play import hand_codes, play_until
from live_server import ARTIFACTS, running

from mahjong_core.log.format import read_log

RED_FIVES = """id: red_fives_live
version: 1.0.0
name: Red fives at a live table (a test)
extends: chinese_classical
parameters:
  tile_set:
    value:
      - {group: characters, copies: 4}
      - {group: dots, copies: 4}
      - {group: bamboo, copies: 4}
      - {group: winds, copies: 4}
      - {group: dragons, copies: 4}
      - {marked: 5p, copies: 3}
      - {marked: 5s, copies: 3}
    assumption: "a test: most fives red, so that a person soon holds a red five and no plain one"
"""
PLAIN = {"0p": "5p", "0s": "5s"}


def test_a_person_discards_a_red_five_held_without_a_plain_one(tmp_path: Path, browser: Any) -> None:
    rule = tmp_path / "red.yaml"
    rule.write_text(RED_FIVES, encoding="utf-8")
    with running(tmp_path / "data", "--house-rule", str(rule)) as server:
        created = server.create("red_fives_live", ["human", "greedy", "greedy", "greedy"], "game")
        assert "error" not in created, created
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["seats"][0]["url"])
        red = _play_until(page, lambda hand: [c for c in PLAIN if c in hand and PLAIN[c] not in hand])
        assert red is not None, "no turn in the game where the person held a red five and no plain five"
        button = page.locator(f'.hand-tile[data-tile="{red}"]').first
        assert button.is_enabled() and "discard red 5" in (button.get_attribute("aria-label") or "")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "red-five-live.png"))
        prompt = page.evaluate("() => state.prompt.id")
        button.click()
        page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt, timeout=5000)
        page.wait_for_timeout(300)
        assert not errors, errors
        page.close()
        log = read_log(server.log(created["table"]))
    discards = [e for e in log.events if e["type"] == "decision" and e["actor"] == 0 and e["action"] == "discard"]
    assert discards[-1]["tile"] == red, discards[-1]


def test_a_person_holding_a_red_and_a_plain_five_discards_the_red_one(tmp_path: Path, browser: Any) -> None:
    rule = tmp_path / "red.yaml"
    rule.write_text(RED_FIVES, encoding="utf-8")
    with running(tmp_path / "data", "--house-rule", str(rule)) as server:
        created = server.create("red_fives_live", ["human", "greedy", "greedy", "greedy"], "game")
        assert "error" not in created, created
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + created["seats"][0]["url"])
        red = _play_until(page, lambda hand: [c for c in PLAIN if c in hand and PLAIN[c] in hand])
        assert red is not None, "no turn in the game where the person held a red five and a plain one"
        plain_before = page.eval_on_selector_all(".hand-tile", "bs => bs.map(b => b.dataset.tile)").count(PLAIN[red])
        button = page.locator(f'.hand-tile[data-tile="{red}"]').first
        assert button.is_enabled()
        prompt = page.evaluate("() => state.prompt.id")
        button.click()
        page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt, timeout=5000)
        page.wait_for_timeout(300)
        assert not errors, errors
        page.close()
        log = read_log(server.log(created["table"]))
    discards = [e for e in log.events if e["type"] == "decision" and e["actor"] == 0 and e["action"] == "discard"]
    assert discards[-1]["tile"] == red, discards[-1]  # the red copy went, though a plain one was held
    assert plain_before >= 1


def _play_until(page: Any, found: Any) -> str | None:
    """Play on, discarding the first tile that is not a red five, until a turn on which ``found`` (the hand's
    codes -> red fives' codes) names a red five; that red five's code."""
    def look(page: Any, prompt: dict[str, Any]) -> str | None:
        wanted = found(hand_codes(page)) if prompt["phase"] == "turn" else None
        return str(wanted[0]) if wanted else None

    return play_until(page, look, keep=PLAIN)


def test_the_test_tile_set_is_what_the_page_is_given(tmp_path: Path) -> None:
    """The house rule above deals red fives as their own codes (the premise of the browser test)."""
    from mahjong_core.log.simulate import play_game
    from mahjong_core.rules import load_ruleset

    rule = tmp_path / "red.yaml"
    rule.write_text(RED_FIVES, encoding="utf-8")
    log = tmp_path / "red.jsonl"
    play_game(load_ruleset(str(rule)), 1, ["greedy"] * 4, replay=log, max_deals=1)
    dealt = [t for e in read_log(log).events if e["type"] == "hands" for h in e["hands"] for t in h]
    assert set(PLAIN) & set(dealt)
