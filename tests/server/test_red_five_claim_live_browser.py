"""A claim that gives up a five at a live table, in a real browser, where the hand holds a red five and a plain one:
the page offers both copies, and the meld shows the red five where it went in.

A claim option names kinds (``chow 4p 5p``), and the table gives up a plain copy before a red one
(:mod:`mahjong_core.engine.marked`) unless the answer names the red one (``marked``, docs/live-protocol.md).  So
where the hand holds the red five and plain ones enough, the page makes the option two buttons -- "(keeping the
red five)" sending the option alone, "(with the red five)" sending it with ``marked`` -- and the person chooses.
The table plays a test tile set whose dots and bamboo are of ranks 3 to 7 only, two of each four fives red, so
that a person who keeps its threes to sevens soon may claim with either copy (a table with a person takes no seed:
the test plays on, :mod:`live_play`, until such a claim is offered, at a new table if a game ends without one).
The person takes the red five's button; the test checks the message the page sent, the log's claim, and the
meld drawn with the red five (``0p``) on the page.
Screenshots: tests/artifacts/red-five-claim-buttons.png, red-five-claim-meld.png.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from live_play import person_page, play_until
from live_server import ARTIFACTS, running

from mahjong_core.log.format import read_log

RED_FIVES = """id: red_five_claims_live
version: 1.0.0
name: Red fives claimed at a live table (a test)
extends: chinese_classical
parameters:
  tile_set:
    value:
      - {group: characters, copies: 4}
      - {group: dots, copies: 4, ranks: [3, 4, 5, 6, 7]}
      - {group: bamboo, copies: 4, ranks: [3, 4, 5, 6, 7]}
      - {group: winds, copies: 4}
      - {group: dragons, copies: 4}
      - {marked: 5p, copies: 2}
      - {marked: 5s, copies: 2}
    assumption: "a test: dots and bamboo of ranks 3 to 7 only, half their fives red, so that a hand soon holds a red
      and a plain five with a four or a six beside them"
"""
RED = {"5p": "0p", "5s": "0s"}
#: The tiles the person keeps: those a chow or pung of fives is made with.
KEEP = {"4p", "5p", "0p", "6p", "4s", "5s", "0s", "6s", "3p", "7p", "3s", "7s"}


def test_a_person_chooses_the_red_five_for_a_claim_and_the_meld_shows_it(tmp_path: Path, browser: Any) -> None:
    rule = tmp_path / "red.yaml"
    rule.write_text(RED_FIVES, encoding="utf-8")
    with running(tmp_path / "data", "--house-rule", str(rule)) as server:
        page, errors, sent = person_page(browser)
        created = _sit_down(server, page)
        games = 1
        deadline = time.monotonic() + 300
        while True:  # a choice taken by another seat's pung (or a win) is looked for again
            found = _play_until_a_choice(page, deadline)
            if found is None and time.monotonic() < deadline and page.evaluate("() => state.status") == "finished":
                created = _sit_down(server, page)  # a game without the situation: the next table's walls differ
                sent.clear()  # the new table numbers its prompts afresh
                games += 1
                continue
            assert found is not None, \
                f"no claim offered a choice between a red and a plain five in {games} game(s) and 300 s"
            kept, given = found
            kind = given.get_attribute("data-marked")
            assert kind in RED, kind
            # Two buttons for one option, each naming the copy it gives up; the red one drawn among its tiles.
            assert kept.get_attribute("data-index") == given.get_attribute("data-index")
            kept_label, given_label = kept.get_attribute("aria-label"), given.get_attribute("aria-label")
            assert kept_label.endswith("(keeping the red five)") and given_label.endswith("(with the red five)"), \
                (kept_label, given_label)
            labels = "b => [...b.querySelectorAll('svg')].map(s => s.getAttribute('aria-label'))"
            tiles_given, tiles_kept = given.evaluate(labels), kept.evaluate(labels)
            red = [t for t in tiles_given if t.startswith("red 5")], [t for t in tiles_kept if t.startswith("red 5")]
            assert len(red[0]) == 1 and not red[1], (tiles_given, tiles_kept)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "red-five-claim-buttons.png"))
            prompt = page.evaluate("() => state.prompt.id")
            index = int(given.get_attribute("data-index"))
            seen = page.evaluate("() => state.events.length")
            given.click()
            page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt, timeout=5000)
            acts = [m for m in sent if m.get("type") == "act" and m.get("prompt") == prompt]
            assert acts == [{"type": "act", "prompt": prompt, "index": index, "marked": [kind]}], acts
            # What took the discard: the person's chow, or another seat's claim, or nobody (the next draw).
            page.wait_for_function("(k) => state.events.slice(k).some((e) => ['claim', 'draw', 'mahjong']"
                                   ".includes(e.type))", arg=seen, timeout=10_000)
            taken = page.evaluate("(k) => state.events.slice(k).find((e) => ['claim', 'draw', 'mahjong']"
                                  ".includes(e.type))", seen)
            if taken["type"] == "claim" and taken["seat"] == 0:
                break
        # The meld lies with the red five among its tiles, in the person's own row and as data.
        meld = page.evaluate("() => state.view.seats[state.seat].melds.at(-1).tiles")
        assert RED[kind] in meld, meld
        drawn = page.eval_on_selector_all("#hand .own-melds .meld:last-child svg",
                                          "s => s.map(x => x.getAttribute('aria-label'))")
        assert any(t.startswith("red ") for t in drawn), drawn
        page.screenshot(path=str(ARTIFACTS / "red-five-claim-meld.png"))
        assert not errors, errors
        page.close()
        log = read_log(server.log(created["table"]))
    claims = [e for e in log.events if e["type"] == "claim" and e["seat"] == 0]
    assert claims and claims[-1]["marked"] == [kind], claims[-1:]


def _sit_down(server: Any, page: Any) -> dict[str, Any]:
    """A new table of the test's tile set, the person at seat 0 on ``page``."""
    created: dict[str, Any] = server.create("red_five_claims_live", ["human", "greedy", "greedy", "greedy"], "game")
    assert "error" not in created, created
    page.goto(server.url + created["seats"][0]["url"])
    return created


def _play_until_a_choice(page: Any, deadline: float) -> tuple[Any, Any] | None:
    """Play on, keeping the tiles a chow or pung of fives is made with, until a claim prompt whose buttons offer
    the choice of copy for one option: (the keeping button, the red one)."""
    def look(page: Any, prompt: dict[str, Any]) -> tuple[Any, Any] | None:
        if prompt["phase"] == "turn":
            return None
        # The pair of one option: a prompt may also offer an option whose red five must go in (a pung of fives
        # where one plain five is held: one "given" button, naming no copy), drawn before or after the pair.
        index = page.evaluate("""() => {
            const given = [...document.querySelectorAll('.actions .action[data-red="given"]')]
                .find((b) => b.dataset.marked && document.querySelector(
                    `.actions .action[data-red="kept"][data-index="${b.dataset.index}"]`));
            return given ? given.dataset.index : null;
        }""")
        if index is None:
            return None
        pair = f'.actions .action[data-index="{index}"]'
        return page.locator(pair + '[data-red="kept"]'), page.locator(pair + '[data-red="given"]')

    return play_until(page, look, keep=KEEP, timeout=max(0.0, deadline - time.monotonic()))
