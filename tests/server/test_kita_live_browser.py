"""A North set aside (kita) at a live three-player riichi table, in a real browser, and in the replay viewer.

At sanma_tenhou a seat holding a North may set it aside in its turn (the bonus_declaration mechanism's
``declare_bonus``), as a dora of its own, and take a replacement.  The page words the option as riichi players
do, by the tile and the family's word for it ("declare North wind (kita)", mahjong_core.family_words), and the
North so set aside lies face up beside the person's hand, as bonus tiles do, and in the seat's row for every
seat.  A table with a person takes no seed: the person plays on (passing claims, discarding its first tile but a
North) until a turn offers the declaration.  The viewer is checked on the golden sanma_tenhou log, whose first
deal sets a North aside.  Screenshots: tests/artifacts/kita-live-button.png, kita-live-aside.png,
kita-viewer.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from live_play import person_page, play_until
from live_server import ARTIFACTS, running
from test_several_wins_browser import _TO, viewer

from mahjong_core.log.format import read_log

NORTH = "4z"
GOLDEN = Path(__file__).resolve().parents[2] / "replays" / "sanma_tenhou-seed20261130.jsonl"
_LABELS = "(sel) => [...document.querySelectorAll(sel)].map((s) => s.getAttribute('aria-label'))"


def test_a_person_declares_kita_and_the_north_lies_beside_the_hand(tmp_path: Path, browser: Any) -> None:
    with running(tmp_path / "data") as server:
        created = server.create("sanma_tenhou", ["human", "greedy", "greedy"], "game")
        assert "error" not in created, created
        page, errors, sent = person_page(browser)
        page.goto(server.url + created["seats"][0]["url"])
        button = _play_until_kita(page)
        assert button is not None, "no turn in the game offered the person to set a North aside"
        label = button.get_attribute("aria-label")
        assert label == "declare North wind (kita)", label
        assert "declare North wind (kita)" in button.inner_text()
        assert page.evaluate(_LABELS, ".actions .action-declare_bonus svg") == ["North wind"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "kita-live-button.png"))
        prompt = page.evaluate("() => state.prompt.id")
        index = int(button.get_attribute("data-index"))
        before = page.evaluate("() => (state.view.seats[state.seat].aside || []).length")
        button.click()
        page.wait_for_function("(n) => (state.view.seats[state.seat].aside || []).length > n", arg=before,
                               timeout=10_000)
        assert [m for m in sent if m.get("type") == "act" and m.get("prompt") == prompt] == \
            [{"type": "act", "prompt": prompt, "index": index}]
        # Beside the hand, as bonus tiles are, named as a set-aside North; and in the person's row at the table.
        beside = page.locator("#hand > .tiles.aside")
        assert beside.count() == 1
        assert beside.get_attribute("aria-label").startswith("tiles set aside (kita) by "), \
            beside.get_attribute("aria-label")
        assert page.evaluate(_LABELS, "#hand > .tiles.aside svg") == ["North wind"] * (before + 1)
        assert page.evaluate(_LABELS, "#seat-bottom .tiles.aside svg") == ["North wind"] * (before + 1)
        assert "declares North wind (kita)" in page.inner_text("#log")
        page.screenshot(path=str(ARTIFACTS / "kita-live-aside.png"))
        assert not errors, errors
        page.close()
        log = read_log(server.log(created["table"]))
    mine = [e for e in log.events if e["type"] == "decision" and e["actor"] == 0 and e["action"] == "declare_bonus"]
    assert mine and mine[0]["tile"] == NORTH, mine[:1]


def _play_until_kita(page: Any) -> Any:
    """Play on, discarding the first tile that is not a North, until a turn offers the declaration; its button."""
    def look(page: Any, prompt: dict[str, Any]) -> Any:
        button = page.locator(".actions .action-declare_bonus")
        return button.first if prompt["phase"] == "turn" and button.count() else None

    return play_until(page, look, keep={NORTH})


def test_the_viewer_shows_a_north_set_aside_in_the_seats_row(browser: Any, tmp_path: Path) -> None:
    events = read_log(GOLDEN).events
    k = next(i for i, e in enumerate(events) if e["type"] == "bonus_declared")
    seat, tile = events[k]["seat"], events[k]["tile"]
    assert tile == NORTH
    name = read_log(GOLDEN).header["seats"][seat]["name"]
    context, page, errors = viewer(browser, GOLDEN, tmp_path)
    page.evaluate(_TO, k)
    box = page.locator(".seat").filter(has=page.locator(f'[aria-label="discards of {name}"]'))
    aside = box.locator(".tiles.aside")
    assert aside.get_attribute("aria-label") == f"tiles set aside (kita) by {name}", aside.get_attribute("aria-label")
    tiles = aside.evaluate("r => [...r.querySelectorAll('svg')].map(s => s.getAttribute('aria-label'))")
    assert tiles == ["North wind"]
    assert f"{name} declares North wind (kita)." in page.inner_text("#log")
    ARTIFACTS.mkdir(exist_ok=True)
    box.screenshot(path=str(ARTIFACTS / "kita-viewer.png"))
    page.evaluate(_TO, k - 2)  # before the declaration nothing lies aside
    assert box.locator(".tiles.aside").count() == 0
    assert not errors, errors
    context.close()
