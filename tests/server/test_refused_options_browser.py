"""Options that rules remove, at a live table: a person's refused discards cannot be chosen on the page, and a
refused choice sent anyway is refused with the one-line message of any illegal choice.

The table plays the installed test ruleset ``missing_suit_first_test`` (``tests/vocabulary_plugin``): each seat
declares a missing suit after the deal, and while it holds a tile of that suit only such tiles may be discarded.
The server sends the prompt's options after the rule removed the others, and where a prompt offers discards the
page greys every tile that is no option.  Screenshot: tests/artifacts/refused-discards-live.png.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running
from vocabulary_plugin.installed import RULESET_ENFORCED, installed

SUIT_LETTER = {"characters": "m", "circles": "p", "bamboo": "s"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The plugin and the test ruleset installed in the servers this module starts (their ``PYTHONPATH``)."""
    site = tmp_path_factory.mktemp("missing-suit-site")
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([*installed(site), *([before] if before else [])])
    try:
        yield
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def test_a_persons_refused_discards_are_greyed_and_a_refused_choice_sent_anyway_is_refused(
        served: None, tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data") as server:
        created = server.create(RULESET_ENFORCED, ["human", "greedy", "greedy", "greedy"])
        assert "error" not in created, created
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        prompts: list[dict[str, Any]] = []
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        def frame(payload: Any) -> None:
            message = json.loads(payload if isinstance(payload, str) else payload.decode())
            if message["type"] == "prompt":
                prompts.append(message)

        page.on("websocket", lambda ws: ws.on("framereceived", frame))
        page.goto(server.url + created["seats"][0]["url"])
        checked = restricted_turn(page, prompts)
        assert checked is not None, "no turn in the deal where the person held its missing suit and another tile"
        prompt, suit, greyed, offered = checked
        # Every tile of the missing suit held is offered; every other tile is greyed, and clicking it sends nothing.
        assert offered and all(c.endswith(suit) for c in offered)
        assert greyed and not any(c.endswith(suit) for c in greyed)
        assert {o["tile"] for o in prompt["options"] if o["action"] == "discard"} == set(offered)
        opacity = "bs => bs.map(b => getComputedStyle(b).opacity)"
        assert set(page.eval_on_selector_all(".hand-tile[disabled]", opacity)) == {"0.4"}  # greyed, not just inert
        assert set(page.eval_on_selector_all(".hand-tile:not([disabled])", opacity)) == {"1"}
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "refused-discards-live.png"))
        page.locator(f'.hand-tile[data-tile="{greyed[0]}"]').first.click(force=True)
        page.wait_for_timeout(300)
        assert page.evaluate("() => state.prompt && state.prompt.id") == prompt["id"], "a greyed tile was played"
        # A refused discard sent anyway (as a hand-written client could) is refused like any illegal choice.
        page.evaluate("([id, tile]) => send({type: 'act', prompt: id, action: {action: 'discard', tile}})",
                      [prompt["id"], greyed[0]])
        page.wait_for_function("() => document.getElementById('error').textContent !== ''", timeout=5000)
        said = page.inner_text("#error")
        assert "\n" not in said.strip()
        assert f'"tile": "{greyed[0]}"' in said and "is not among the prompt's options; legal: discard " in said, said
        assert page.evaluate("() => state.prompt && state.prompt.id") == prompt["id"]  # the person may choose again
        page.locator(".hand-tile:not([disabled])").first.click()
        page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"], timeout=5000)
        assert not errors, errors
        page.close()


def restricted_turn(page: Any, prompts: list[dict[str, Any]], timeout: float = 60
                    ) -> tuple[dict[str, Any], str, list[str], list[str]] | None:
    """Answer prompts (the fullest suit as missing, a pass to every claim, the last offered tile otherwise) until a
    turn in which the person holds its missing suit and another tile; that prompt, the suit's letter, and the hand's
    greyed and offered tiles as the page shows them."""
    deadline = time.monotonic() + timeout
    answered: set[int] = set()
    while time.monotonic() < deadline:
        page.wait_for_timeout(50)
        current = page.evaluate("() => state.prompt")
        if current is None or current["id"] in answered or not page.locator(".prompt-title").count():
            if page.locator("#scoring:not([hidden])").count():
                return None
            continue
        prompt = next((p for p in reversed(prompts) if p["id"] == current["id"]), current)
        if prompt["phase"] == "missing_suit":
            hand = page.eval_on_selector_all(".hand-tile", "bs => bs.map(b => b.dataset.tile)")
            fullest = max(SUIT_LETTER, key=lambda s: sum(c.endswith(SUIT_LETTER[s]) for c in hand))
            page.locator(f'.actions .action[aria-label$="({fullest})"], .actions .action[aria-label*="{fullest}"]'
                         ).first.click()
        elif prompt["phase"] == "turn":
            flags = page.evaluate("() => state.view.seats[state.seat].flags || {}")
            suit = SUIT_LETTER.get(flags.get("missing_suit", ""), "")
            greyed = page.eval_on_selector_all(".hand-tile[disabled]", "bs => bs.map(b => b.dataset.tile)")
            offered = page.eval_on_selector_all(".hand-tile:not([disabled])", "bs => bs.map(b => b.dataset.tile)")
            if suit and greyed and any(c.endswith(suit) for c in offered):
                return prompt, suit, greyed, offered
            page.locator(".hand-tile:not([disabled])").last.click()
        else:
            passes = page.locator(".action-pass")
            (passes.first if passes.count() else page.locator(".actions .action").first).click()
        answered.add(current["id"])
    return None
