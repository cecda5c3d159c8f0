"""A person at a live table in a real browser, played by a test until the page shows what the test came to check.

A table where a person sits takes no seed (nobody may know its walls), so a test that needs a situation -- a red
five held, a claim offering a choice of copy, a North to set aside -- plays on until the situation arises: every
prompt the page shows is first offered to the test's ``look``; a prompt it does not want is answered as a passive
person would (a claim passed, a turn's discard of the first tile the test does not want kept).  The game may end
first: then the answer is ``None`` at once rather than at the deadline, so a failing test fails fast.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Container
from typing import Any, TypeVar

from playwright.sync_api import TimeoutError as PlaywrightTimeout

Found = TypeVar("Found")


def person_page(browser: Any) -> tuple[Any, list[str], list[dict[str, Any]]]:
    """A page for a person at a live table: the page, the errors it raises and the messages it sends (each
    appended as it happens, so a test can check that a click sent exactly its option)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    sent: list[dict[str, Any]] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(json.loads(payload))))
    return page, errors, sent


def play_until(page: Any, look: Callable[[Any, dict[str, Any]], Found | None], *, keep: Container[str] = (),
               timeout: float = 240) -> Found | None:
    """Answer the page's prompts until ``look(page, prompt)`` returns something; that, or ``None`` when the game
    ends or ``timeout`` seconds pass first.

    :param look: called once per new prompt (a dict with ``id`` and ``phase``); a value other than ``None`` ends
        the play with the prompt still open.
    :param keep: tile codes never discarded while another enabled tile may go.
    """
    deadline = time.monotonic() + timeout
    last = None
    while (left := deadline - time.monotonic()) > 0:
        try:  # one wait in the page, not a poll from here: the next prompt drawn, or the game's end
            current = page.wait_for_function(_NEXT_PROMPT, arg=last, timeout=left * 1000).json_value()
        except PlaywrightTimeout:
            return None
        if current.get("finished"):
            return None
        found = look(page, current)
        if found is not None:
            return found
        if current["phase"] == "turn":
            enabled = page.locator(".hand-tile:not([disabled])")
            codes = enabled.evaluate_all("bs => bs.map(b => b.dataset.tile)")
            drop = [i for i, code in enumerate(codes) if code not in keep]
            enabled.nth(drop[0] if drop else 0).click()
        else:
            passes = page.locator(".action-pass")
            (passes.first if passes.count() else page.locator(".actions .action").first).click()
        last = current["id"]
    return None


#: A prompt other than the one last answered, once the page draws it; or the game's end.
_NEXT_PROMPT = """(last) => state.status === 'finished' ? {finished: true}
    : state.prompt && state.prompt.id !== last && document.querySelector('.prompt-title') ? state.prompt : false"""


def hand_codes(page: Any) -> list[str]:
    """The codes of the tiles of the person's hand, as the page draws them."""
    codes: list[str] = page.eval_on_selector_all(".hand-tile", "bs => bs.map(b => b.dataset.tile)")
    return codes
