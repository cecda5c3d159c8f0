"""A person plays a deal of riichi_tenhou at a live table, in a real browser, against three random bots.

The person is driven by a simple in-test strategy (:mod:`riichi_person`) that reads only its own page -- the
prompt and its own view -- and answers by clicking the page's tiles and buttons: it declares riichi with the
page's riichi button and discards one of the tiles the page leaves enabled, lets the first ron after its riichi go
by, so that its furiten shows (riichi furiten, for the rest of the deal), and wins by tsumo.  A table where a
person sits deals from the server's own secret seed; this test starts the server with that seed fixed to
:data:`SEED` (the server process's ``secret_seed`` replaced, nothing else), a seed whose deal, played by that
person, shows all of it (``python tests/server/riichi_person.py`` plays seeds in-process to find such a one).

Checked on the page: the dora indicator under its label from the mechanism's words, the riichi button, the
declaring turn offering only the discards that keep the hand ready, the declarer's badge and its stick on the
table with the pot, the furiten note in the person's own view only, the win buttons worded tsumo and ron, and the
deal's end: the winner's han, fu and yaku with their han, the payments, the indicators and the ura-dora.  Then
the log audits clean, and no message to the person's socket held another seat's concealed tile, an undrawn tile
or another seat's notes.  Screenshots: tests/artifacts/riichi-live-declared.png, riichi-live-furiten.png,
riichi-live-end.png.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, Server
from riichi_person import DECLARE, RULESET, Person, counts_of, index_of, play_in_process
from sideways import turned_discard

from mahjong_core import check, read_log, shanten

#: A seed whose deal, played by the in-test person at seat 0 against random bots, holds its riichi, a ron it lets
#: go by (its furiten), and its tsumo.  Random bots, whose play no riichi work changes (the greedy bot is learning
#: riichi), so the seed keeps its deal.
SEED = 28
BOTS = ["random", "random", "random"]
#: The server with its secret seed fixed: ``mahjong serve`` with ``mahjong_server.app.secret_seed`` answering SEED.
_LAUNCH = ("import sys; import mahjong_server.app as app; seed = int(sys.argv[1]); app.secret_seed = lambda: seed; "
           "from mahjong_core.cli import main; sys.exit(main(sys.argv[2:]))")


class SeededServer(Server):
    """:class:`live_server.Server`, its tables of people dealt from ``seed`` instead of the server's randomness."""

    def __init__(self, data: Path, seed: int, bot_pace: float = 0.25):
        self.data = data
        # The bots take a real pause (at most bot_pace seconds, as people watching would), so that the person's
        # page shows the table between its own turns: its furiten shows only while it holds 13 tiles.
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH, str(seed), "serve", "--port", "0", "--data", str(data), "--bot-pace",
             str(bot_pace), "--deal-pause", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line.startswith("serving on "):
            self.proc.kill()
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise RuntimeError(f"the server did not start: {line!r} {err}")
        self.url = line.split()[2]
        self.ws_url = self.url.replace("http://", "ws://")


_OPEN_PROMPT = "() => (state.prompt && !state.closedPrompts.has(state.prompt.id) ? state.prompt : null)"
_ME = "() => state.view && state.seat !== null ? state.view.seats[state.seat] : null"


def test_the_seed_shows_everything_the_browser_test_looks_at() -> None:
    """The premise, played in this process as the live table plays it: riichi, a ron let go by, tsumo."""
    played = play_in_process(SEED, BOTS)
    assert played.log == ["riichi", "let a ron go by", "tsumo"], played
    assert played.furiten and played.person_won


def test_a_person_declares_riichi_is_furiten_and_wins_at_a_live_table(tmp_path: Path, browser: Any) -> None:
    server = SeededServer(tmp_path / "data", SEED)
    try:
        created = server.create(RULESET, ["human", *BOTS], "deal")
        assert "error" not in created, created
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        frames: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
        page.goto(server.url + created["seats"][0]["url"])
        seen = _play(page)
        page.wait_for_function("() => !document.getElementById('scoring').hidden", timeout=30_000)
        # The person's row at the end, each tile's code and whether it lies sideways (its riichi discard).
        row = page.eval_on_selector_all("#seat-bottom .discards svg",
                                        "s => s.map(x => [x.classList.contains('sideways'), x.dataset.sideways || '',"
                                        " getComputedStyle(x).transform])")
        codes = page.evaluate("() => state.view.seats[state.seat].discards")
        _check_the_end(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "riichi-live-end.png"))
        page.wait_for_function("() => state.status === 'finished'", timeout=30_000)
        assert not errors, errors
        page.close()
        log_path = server.log(created["table"])
    finally:
        server.stop()
    assert seen["log"] == ["riichi", "let a ron go by", "tsumo"], seen
    verdict = check(str(log_path), "audit")
    assert verdict.ok, verdict.error
    events = read_log(log_path).events
    mine = [e for e in events if e["type"] == "decision" and e["actor"] == 0]
    assert any(e["action"] == DECLARE for e in mine) and mine[-1]["action"] == "win"
    # The declaring discard lies sideways in the person's row (or the next one, where it was claimed), as the
    # core's fold places it; no other tile of the row is turned.
    place, code = turned_discard(read_log(log_path).header, events, 0) or (None, None)
    assert place is not None and codes[place] == code
    assert [k for k, (turned, _, _) in enumerate(row) if turned] == [place], row
    assert row[place][1] == DECLARE and row[place][2] not in ("none", ""), row[place]
    _check_hidden([json.loads(f) for f in frames], events)


def _play(page: Any, timeout: float = 240) -> dict[str, Any]:
    """Answer every prompt the person's page shows, as :class:`riichi_person.Person` chooses, by clicking; take
    the screenshots of the riichi and the furiten as they first show.  Until the deal's play is over."""
    ARTIFACTS.mkdir(exist_ok=True)
    person = Person()
    answered: set[int] = set()
    seen: dict[str, Any] = {"declared_shot": False, "furiten_shot": False}
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate("() => state.revealed"):
            break
        me = page.evaluate(_ME)
        if me and not seen["declared_shot"] and DECLARE in (me.get("flags") or {}) \
                and page.locator("#seat-bottom .sticks svg").count():
            _check_declared(page)
            page.screenshot(path=str(ARTIFACTS / "riichi-live-declared.png"))
            seen["declared_shot"] = True
        if me and not seen["furiten_shot"] and page.locator('#seat-bottom .note-badge[data-note="furiten"]').count():
            _check_furiten(page)
            page.screenshot(path=str(ARTIFACTS / "riichi-live-furiten.png"))
            seen["furiten_shot"] = True
        prompt = page.evaluate(_OPEN_PROMPT)
        if prompt is None or prompt["id"] in answered or not page.locator(".prompt-title").count():
            page.wait_for_timeout(40)
            continue
        me = prompt["view"]["seats"][0]
        index = person.choose(prompt["phase"], prompt["options"], me)
        option = prompt["options"][index]
        _check_prompt(page, prompt, me, person)
        _click(page, option)
        answered.add(prompt["id"])
        page.wait_for_function("(id) => !state.prompt || state.prompt.id !== id", arg=prompt["id"], timeout=10_000)
    else:
        raise AssertionError(f"the deal did not end within {timeout} s; the person did {person.log}")
    assert seen["declared_shot"] and seen["furiten_shot"], (seen, person.log)
    seen["log"] = person.log
    return seen


def _click(page: Any, option: dict[str, Any]) -> None:
    """The person's click for an option: a plain discard on its tile in the hand, anything else on its button."""
    if option["action"] == "discard" and not option.get("way"):
        tile = option["tile"]
        red = {"5m": "0m", "5p": "0p", "5s": "0s"}.get(tile)
        for code in (tile, red):
            button = page.locator(f'.hand-tile[data-tile="{code}"]:not([disabled])')
            if code and button.count():
                button.last.click()
                return
        raise AssertionError(f"no enabled tile in the hand discards {tile}")
    page.locator(f'.actions .action[data-index="{option["index"]}"]').click()


def _check_prompt(page: Any, prompt: dict[str, Any], me: dict[str, Any], person: Person) -> None:
    """What the page offers at this prompt, worded from data: the riichi button, the win buttons, the lock."""
    kinds = [o["action"] for o in prompt["options"]]
    if DECLARE in kinds:  # the riichi button, its title the action's label from the mechanism's words
        button = page.locator(".actions .action-riichi")
        assert button.count() == 1 and "riichi" in button.inner_text()
        assert button.get_attribute("title").startswith("declares riichi"), button.get_attribute("title")
    if "win" in kinds:
        word = "tsumo" if prompt["phase"] == "turn" else "ron"
        assert word in page.locator(".actions .action-win").inner_text(), page.locator(".actions").inner_text()
    flags = me.get("flags") or {}
    if prompt["phase"] == "turn" and DECLARE in flags and person.log[-1:] == ["riichi"]:
        # The declaring turn: only the discards that leave the hand ready are offered; the rest are greyed.
        enabled = page.eval_on_selector_all(".hand-tile:not([disabled])", "bs => bs.map(b => b.dataset.tile)")
        held = page.eval_on_selector_all(".hand-tile", "bs => bs.map(b => b.dataset.tile)")
        assert 0 < len(set(enabled)) < len(set(held)), (enabled, held)
        counts = counts_of(me["concealed"])
        for code in enabled:
            counts[index_of(code)] -= 1
            assert shanten(bytes(counts)) == 0, f"discarding {code} leaves the declared hand not ready"
            counts[index_of(code)] += 1
        assert "Greyed tiles may not be discarded now" in page.inner_text(".prompt-title")


def _check_declared(page: Any) -> None:
    """The declarer's badge (the event's label), its stick before its discards, the pot, the indicator."""
    badges = page.eval_on_selector_all("#seat-bottom .seat-head .flag", "fs => fs.map(f => f.textContent)")
    assert "riichi" in badges, badges
    stick = page.get_attribute("#seat-bottom .sticks svg", "aria-label")
    assert stick == "riichi stick: 1000 in the pot", stick
    assert page.inner_text("#pot").startswith("1000"), page.inner_text("#pot")
    assert page.inner_text("#shown-label").lower() == "dora indicator"
    assert page.locator("#shown svg").count() >= 1
    others = page.eval_on_selector_all(".seat:not(#seat-bottom) .sticks", "s => s.length")
    assert others == 0, "a stick shown before a seat that did not declare"


def _check_furiten(page: Any) -> None:
    note = page.locator('#seat-bottom .note-badge[data-note="furiten"]')
    assert note.inner_text() == "furiten"
    assert "you may not win on a discard" in (note.get_attribute("title") or "")
    assert page.locator(".seat:not(#seat-bottom) .note-badge").count() == 0
    said = page.inner_text('#hand .own-note[data-note="furiten"]')  # said in full beside the hand
    assert said.startswith("furiten: ") and "after your riichi" in said, said


def _check_the_end(page: Any) -> None:
    """The deal's end: the winner's card with its yaku (each with its han), fu, the total and its steps, the
    indicators and the ura-dora by their labels, the payments."""
    text = page.inner_text("#scoring")
    assert "wins" in text and "tsumo" in text, text
    card = page.locator(".score-card").first
    lines = card.locator("tr.item")
    assert lines.count() >= 2
    units = card.locator("td.each").all_inner_texts()
    assert any(u.endswith(" han") for u in units) and any(u.endswith(" fu") for u in units), units
    assert any(n.get_attribute("data-name") == "riichi" for n in lines.all()), "riichi among the yaku"
    steps = " ".join(card.locator("tr.step").all_inner_texts())
    assert "han" in steps and "fu" in steps, steps
    facts = page.eval_on_selector_all(".deal-fact", "fs => fs.map(f => [f.dataset.fact, f.textContent])")
    names = [name for name, _ in facts]
    assert "shown" in names and "ura_dora_shown" in names, facts
    assert any(label.lower().startswith("ura-dora indicators") for _, label in facts), facts
    assert page.locator(".payments li").count() >= 3  # three losers pay a tsumo, and the pot goes to the winner
    assert "riichi sticks" in page.inner_text(".payments")


def _check_hidden(messages: list[dict[str, Any]], events: list[dict[str, Any]]) -> None:
    """No message to the person's socket held what seat 0 may not know: another seat's concealed tiles (its
    dealt hand, its draws, its hand in a view before the hands were laid open), the wall or the seed, another
    seat's declined offers, or another seat's notes, even once the hands were open."""
    open_ = False
    for m in messages:
        text = json.dumps(m)
        assert '"seed":' not in text and '"wall":' not in text and '"salt":' not in text, m["type"]
        shown = [m["event"]] if m["type"] == "event" else m.get("events", []) if m["type"] == "history" else []
        for event in shown:
            if event["type"] == "deal_start":
                open_ = False
            if event["type"] in ("mahjong", "exhaustive_draw", "abortive_draw"):
                open_ = True
            if event["type"] == "hands":
                assert all(t == "?" for n, hand in enumerate(event["hands"]) if n != 0 for t in hand)
            if event["type"] in ("draw", "replacement") and event["seat"] != 0:
                assert event["tile"] == "?", event
            if event["type"] == "decision" and event["actor"] != 0:
                assert event["phase"] == "turn", event
        view = m.get("view")
        if isinstance(view, dict) and view.get("seats"):
            for s in view["seats"]:
                if s["seat"] != 0:
                    assert "notes" not in s, m
                    assert open_ or "concealed" not in s, m
    # And what it was sent of the deal's wall is only what the rules turned face up: the indicators, and the
    # ura-dora once the declarer won (the log's own events).
    logged_ura = [e["tiles"] for e in events if e["type"] == "ura_dora_shown"]
    sent_ura = [e["tiles"] for m in messages if m["type"] == "event" for e in [m["event"]]
                if e["type"] == "ura_dora_shown"]
    assert sent_ura == logged_ura and logged_ura, (sent_ura, logged_ura)
    notes = [s["notes"] for m in messages if isinstance(m.get("view"), dict) for s in m["view"].get("seats", [])
             if "notes" in s]
    assert notes and all(n[0]["name"] == "furiten" for n in notes)
