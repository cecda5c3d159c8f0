"""The courtesy pass's ask at a live american_style table, in a real browser.

After the Charleston each seat asks how many tiles (0 to 3) it will pass across, the pair passing the smaller
number (the tile exchange's ``agreed`` pass; the decision's way ``ask`` and its ``count``).  The four options
differ only in that number, so the page says it on each button ("ask to pass 2 tiles"), and the person's click
sends that option.  Screenshot: tests/artifacts/courtesy-ask-live.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from live_play import person_page, play_until
from live_server import ARTIFACTS, running

_BUTTONS = """() => [...document.querySelectorAll('.actions .action')].map((b) => ({
  index: Number(b.dataset.index), text: b.textContent, label: b.getAttribute('aria-label')}))"""


def test_a_person_asks_a_number_of_tiles_for_the_courtesy_pass(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data") as server:
        created = server.create("american_style", ["human", "greedy", "greedy", "greedy"], "game")
        assert "error" not in created, created
        page, errors, sent = person_page(browser)
        page.goto(server.url + created["seats"][0]["url"])

        def look(page: Any, prompt: dict[str, Any]) -> dict[str, Any] | None:
            options = page.evaluate("() => state.prompt.options")
            return prompt if any(o.get("way") == "ask" for o in options) else None

        prompt = play_until(page, look)
        assert prompt is not None, "the game ended before the courtesy pass asked the person"
        options = page.evaluate("() => state.prompt.options")
        asks = {o["index"]: o["count"] for o in options if o.get("way") == "ask"}
        assert sorted(asks.values()) == [0, 1, 2, 3], options
        buttons = {b["index"]: b for b in page.evaluate(_BUTTONS)}
        for index, count in asks.items():
            said = f"ask to pass {count} tile{'' if count == 1 else 's'}"
            assert buttons[index]["label"] == said and said in buttons[index]["text"], buttons[index]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "courtesy-ask-live.png"))
        two = next(index for index, count in asks.items() if count == 2)
        page.locator(f'.actions .action[data-index="{two}"]').click()
        page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"], timeout=10_000)
        assert [m for m in sent if m.get("type") == "act" and m.get("prompt") == prompt["id"]] == \
            [{"type": "act", "prompt": prompt["id"], "index": two}]
        assert not errors, errors
        page.close()
