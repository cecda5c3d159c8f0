"""The replay viewer in a real browser: Debian's chromium driven by Playwright for Python.

Every golden replay is opened as the self-contained page ``mahjong view FILE
--html`` writes, stepped through event by event to its end, and the page's
final scores and each deal's winner must be the log's; the table the page
folds from the events must be the engine's own table (the view the live server
sends) wherever the engine waits for a decision.  A tampered log and a cut-off
one are shown only up to their first bad line, which the page names; the page
works with the network off; the server lists its games, opens a finished one
with every hand and an unfinished one as a spectator sees it, and audits a
file chosen in the page.  Screenshots are saved in tests/artifacts/.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS, running

from mahjong_core.audit.check import _players
from mahjong_core.engine.game import Game
from mahjong_core.log.format import read_log, write_lines
from mahjong_core.log.redaction import full_table_view
from mahjong_core.rules import load_ruleset
from mahjong_server.replay_page import audit_path, standalone_html

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "replays").glob("*.jsonl"))
#: Score sheets' canonical logs (``mahjong record``): a game on a real table, its hands as laid down.
SHEETS = sorted((ROOT / "replays" / "sheets").glob("*.jsonl"))


class Viewer:
    """One viewer page, with the errors its scripts raised."""

    def __init__(self, browser: Any, url: str, *, offline: bool = False, viewer: bool = True):
        self.context = browser.new_context(viewport={"width": 1280, "height": 800}, offline=offline)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(url)
        if viewer:
            self.page.wait_for_function("() => document.getElementById('verdict')?.dataset.state !== undefined",
                                        timeout=15_000)

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / name))

    def position(self) -> str:
        return str(self.page.inner_text("#position"))

    def close(self) -> None:
        self.context.close()


def _page_for(log: Path, out: Path) -> Path:
    page, _ = standalone_html(log)
    out.write_text(page, encoding="utf-8")
    return out


# Steps through every event with the page's own forward button, drawing the table at each; at every settlement
# it reads the scoring screen's title.  Returns the titles, the final scores and the seats' score labels.
_WALK = """() => {
  const r = window.replayViewer, forward = document.getElementById('forward');
  document.getElementById('first').click();
  const titles = [];
  for (let k = 0; k < r.events.length; k++) {
    if (k > 0) forward.click();
    // A deal's last settlement (a win that plays on is settled at once, the deal going on without an overlay).
    const next = r.events[r.pos + 1];
    if (r.events[r.pos].type === 'settlement' && (!next || next.type === 'deal_end'))
      titles.push(document.getElementById('scoring-title').textContent);
  }
  const labels = [...document.querySelectorAll('.seat-head .score')].map((s) => s.getAttribute('aria-label'));
  return { titles, pos: r.pos, final: document.getElementById('final').dataset.scores || null, labels,
           text: document.getElementById('final').textContent };
}"""


def _expected(log: Path) -> tuple[list[str], list[int], list[str]]:
    """Each deal's scoring title as the log has it, the final scores, and the seats' names."""
    parsed = read_log(log)
    names = [s["name"] for s in parsed.header["seats"]]
    titles = []
    winners: list[int] = []
    events = parsed.events
    for k, e in enumerate(events):
        if e["type"] == "deal_start":
            winners = []
        elif e["type"] == "mahjong":
            winners.append(e["seat"])
        elif e["type"] == "settlement" and (k + 1 == len(events) or events[k + 1]["type"] == "deal_end"):
            said = " and ".join(names[w] for w in winners)
            titles.append("The deal is drawn" if not winners else f"{said} {'wins' if len(winners) == 1 else 'win'}")
    end = parsed.events[-1]
    assert end["type"] == "game_end"
    return titles, end["scores"], names


def _physical(log: Path, out: Path) -> Path:
    """``log`` as a game on a real table records it: no seed, no wall commitments, the tiles as observed (the
    form a score sheet's canonical log takes too)."""
    parsed = read_log(log)
    events = [dict(e) for e in parsed.events]
    for e in events:
        if e["type"] == "deal_start":
            e["wall_commitment"] = None
        if e["type"] == "deal_end":
            e["salt"] = None
    write_lines(out, [{**parsed.header, "rng": None}, *events])
    return out


#: Every golden replay, the harbin one as a physical table wrote it down (made by the test), and every sheet log.
_LOGS = [*GOLDEN, ROOT / "replays" / "harbin-physical.jsonl", *SHEETS]


def test_the_viewer_is_walked_over_every_golden_replay_and_sheet() -> None:
    assert len(GOLDEN) >= 14 and SHEETS
    assert (ROOT / "replays" / "harbin-seed20261130.jsonl") in GOLDEN


@pytest.mark.parametrize("log", _LOGS, ids=[f"{p.parent.name}/{p.stem}" for p in _LOGS])
def test_every_golden_replay_steps_to_the_end_with_the_logs_winners_and_scores(log: Path, tmp_path: Path,
                                                                                browser: Any) -> None:
    if log.name == "harbin-physical.jsonl":
        log = _physical(ROOT / "replays" / "harbin-seed20261130.jsonl", tmp_path / log.name)
    viewer = Viewer(browser, _page_for(log, tmp_path / (log.stem + ".html")).as_uri())
    try:
        assert viewer.page.get_attribute("#verdict", "data-state") == "ok", viewer.page.inner_text("#verdict")
        titles, scores, names = _expected(log)
        walked = viewer.page.evaluate(_WALK)
        assert walked["pos"] == len(read_log(log).events) - 1
        assert walked["titles"] == titles, log.name
        assert json.loads(walked["final"]) == scores, log.name
        assert sorted(walked["labels"]) == sorted(f"score {s}" for s in scores), log.name
        assert all(f"{name} {score}" in walked["text"] for name, score in zip(names, scores, strict=True))
        assert not viewer.errors, (log.name, viewer.errors)
        if log.parent.name == "sheets" and log.stem == "piter":
            # A sheet's deal: the hands as laid down, each scoring item, the payments.
            viewer.page.keyboard.press("Home")
            viewer.page.keyboard.press("s")
            cards = viewer.page.eval_on_selector_all(
                "#scoring .score-card", "cs => cs.map(c => c.querySelectorAll('svg.tile').length)")
            assert len(cards) == 4 and all(n >= 13 for n in cards), cards
            viewer.shot("viewer-sheet.png")
        if log.name.startswith("mcr-"):
            viewer.page.keyboard.press("Home")
            viewer.page.keyboard.press("PageDown")
            viewer.page.keyboard.press("s")
            viewer.shot("viewer-scoring.png")
            viewer.page.keyboard.press("Escape")
            viewer.shot("viewer-deal-end.png")
    finally:
        viewer.close()


def _engine_views(log: Path) -> list[tuple[int, dict[str, Any]]]:
    """The engine's table (``full_table_view``, what the live server sends) after event k, for every k after
    which the engine waits for a decision -- the moments its table has taken in every event before."""
    parsed = read_log(log)
    events = parsed.events
    # Only where they are compared: as the engine emits a decision (its table is then the one after the event
    # before), and at each deal's end.
    needed = {k for k, e in enumerate(events) if e["type"] in ("decision", "deal_end")}
    views: dict[int, dict[str, Any]] = {}
    holder: dict[str, Game] = {}

    def emit(event: dict[str, Any]) -> None:
        if event["n"] in needed:
            views[event["n"]] = full_table_view(holder["game"].table)

    options = parsed.header["options"]
    holder["game"] = Game(load_ruleset(parsed.header["ruleset"]["id"]), _players(parsed, None),
                          parsed.header["rng"]["seed"], emit=emit, max_deals=options.get("max_deals"),
                          max_rounds=options.get("max_rounds"))
    holder["game"].play()
    wanted, in_turns = [], False
    for k, event in enumerate(parsed.events):
        in_turns = (in_turns and event["type"] != "deal_start") or (event["type"] == "decision"
                                                                    and event["phase"] == "turn")
        if in_turns and k + 1 < len(parsed.events) and parsed.events[k + 1]["type"] == "decision":
            wanted.append((k, views[k + 1]))
        elif event["type"] == "deal_end":
            wanted.append((k, views[k]))
    return wanted


# The fold's view after each given event, compared in the page with the engine's (the clock and the phase aside:
# a decision's view is taken as the engine asks it, the fold's clock is the log's own time of the event).
_COMPARE = """(data) => {
  const [header, events, wanted] = JSON.parse(data);  // one string: much faster through Playwright than objects
  const frames = window.MahjongReplay.frames(header, events);
  const norm = (v) => { const c = JSON.parse(JSON.stringify(v)); delete c.phase; delete c.clock_ms;
    for (const s of c.seats) s.concealed = window.MahjongReplay.sortTiles(s.concealed); return JSON.stringify(c); };
  const bad = [];
  for (const [k, view] of wanted) {
    if (norm(frames[k].view) !== norm(view)) bad.push([k, norm(frames[k].view), norm(view)]);
  }
  return { checked: wanted.length, bad: bad.slice(0, 3) };
}"""


def test_the_table_the_page_folds_from_the_events_is_the_engines_table(tmp_path: Path, browser: Any) -> None:
    viewer = Viewer(browser, _page_for(GOLDEN[0], tmp_path / "page.html").as_uri())
    try:
        checked = 0
        for log in GOLDEN:
            parsed = read_log(log)
            result = viewer.page.evaluate(_COMPARE, json.dumps([parsed.header, parsed.events, _engine_views(log)]))
            assert not result["bad"], (log.name, result["bad"])
            checked += result["checked"]
        assert checked > 4000
    finally:
        viewer.close()


def _tampered(tmp_path: Path) -> tuple[Path, int]:
    """The Piter golden replay with one discard changed to a tile its player does not hold; its file line."""
    log = GOLDEN[[p.name for p in GOLDEN].index("piter-seed20261130.jsonl")]
    lines = log.read_text(encoding="utf-8").split("\n")
    parsed = read_log(log)
    k = next(e["n"] for e in parsed.events if e["type"] == "decision" and e["action"] == "discard" and e["n"] > 200)
    event = dict(parsed.events[k])
    event["tile"] = next(t for t in ("9m", "8m", "7m") if t != event["tile"])
    lines[k + 1] = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    out = tmp_path / "tampered.jsonl"
    out.write_text("\n".join(lines), encoding="utf-8")
    return out, k + 2


def test_a_tampered_log_is_shown_up_to_the_line_the_audit_names(tmp_path: Path, browser: Any) -> None:
    log, line = _tampered(tmp_path)
    viewer = Viewer(browser, _page_for(log, tmp_path / "tampered.html").as_uri())
    try:
        assert viewer.page.get_attribute("#verdict", "data-state") == "bad"
        assert viewer.page.get_attribute("#verdict", "data-line") == str(line)
        text = viewer.page.inner_text("#verdict")
        assert f"Not valid from line {line} (event {line - 2})" in text, text
        viewer.page.keyboard.press("End")
        assert viewer.position().startswith(f"event {line - 3} of {line - 3} · line {line - 1}")
        viewer.shot("viewer-tampered.png")
        assert not viewer.errors
    finally:
        viewer.close()


def test_a_chosen_file_is_checked_in_the_page_without_a_server(tmp_path: Path, browser: Any) -> None:
    """Offline, a file chosen in the page is read there: a changed line breaks the hash chain (SHA-256 in the
    browser), a cut-off one is reported as cut off, and either is shown up to its last valid event."""
    log = GOLDEN[[p.name for p in GOLDEN].index("piter-seed20261130.jsonl")]
    viewer = Viewer(browser, _page_for(log, tmp_path / "page.html").as_uri(), offline=True)
    try:
        lines = log.read_text(encoding="utf-8").split("\n")
        parsed = read_log(log)
        ends = [e["n"] for e in parsed.events if e["type"] == "deal_end"]
        # A decision's time changed between the first and the second checkpoint: only the chain can tell.
        k = next(e["n"] for e in parsed.events if ends[0] < e["n"] < ends[1] and "after_ms" in e)
        event = dict(parsed.events[k])
        event["after_ms"] += 1
        lines[k + 1] = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        changed = tmp_path / "changed.jsonl"
        changed.write_text("\n".join(lines), encoding="utf-8")
        viewer.page.set_input_files("#file", str(changed))
        viewer.page.wait_for_function("() => document.getElementById('verdict')?.dataset.state === 'bad'")
        text = viewer.page.inner_text("#verdict")
        assert f"the hash chain breaks at line {ends[1] + 2}" in text, text
        assert f"between line {ends[0] + 3} and line {ends[1] + 2}" in text, text
        viewer.page.keyboard.press("End")
        assert viewer.position().startswith(f"event {ends[0]} of {ends[0]}")
        viewer.shot("viewer-chain-broken.png")
        cut = tmp_path / "cut.jsonl"
        data = log.read_bytes()
        cut.write_bytes(data[: data.index(b"\n", len(data) // 2) + 40])
        viewer.page.set_input_files("#file", str(cut))
        viewer.page.wait_for_function("() => document.getElementById('verdict')?.textContent.includes('cut off')")
        assert viewer.page.get_attribute("#verdict", "data-state") == "bad"
        assert not viewer.errors
    finally:
        viewer.close()


def test_the_page_verifies_a_signed_logs_signatures_itself(tmp_path: Path, browser: Any) -> None:
    """Ed25519 in the browser's WebCrypto: each checkpoint's signature of its chain under the header's key, so a
    mailed page proves who sealed the log without the audit's word for it (a changed signature leaves the
    chain whole: only this check sees it)."""
    import subprocess
    import sys

    key = tmp_path / "club.key"
    run = [sys.executable, "-m", "mahjong_core"]
    subprocess.run([*run, "keygen", str(key)], check=True, capture_output=True)
    subprocess.run([*run, "simulate", "--ruleset", "harbin", "--seed", "3", "--max-deals", "2", "--sign", str(key),
                    "--out", str(tmp_path / "logs")], check=True, capture_output=True)
    (log,) = (tmp_path / "logs").glob("*.jsonl")
    public = read_log(log).header["signed_by"]
    viewer = Viewer(browser, _page_for(log, tmp_path / "signed.html").as_uri(), offline=True)
    try:
        text = viewer.page.inner_text("#verdict")
        assert viewer.page.get_attribute("#verdict", "data-state") == "ok", text
        checkpoints = sum(1 for e in read_log(log).events if e["type"] in ("deal_end", "game_end"))
        assert f"verified the Ed25519 signature of each of its {checkpoints} checkpoints under the key {public}" in text
        lines = log.read_text(encoding="utf-8").split("\n")
        first = next(i for i, line in enumerate(lines) if '"type":"deal_end"' in line)
        event = json.loads(lines[first])
        event["sig"] = ("0" if event["sig"][0] != "0" else "1") + event["sig"][1:]
        lines[first] = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        forged = tmp_path / "forged.jsonl"
        forged.write_text("\n".join(lines), encoding="utf-8")
        viewer.page.set_input_files("#file", str(forged))
        viewer.page.wait_for_function("() => document.getElementById('verdict')?.dataset.state === 'bad'")
        text = viewer.page.inner_text("#verdict")
        assert (f"from line {first + 1} (event {first - 1}): the signature does not verify with the header's key"
                in text), text
        viewer.shot("viewer-signature-forged.png")
        assert not viewer.errors
    finally:
        viewer.close()


def test_the_self_contained_page_works_with_the_network_off(tmp_path: Path, browser: Any) -> None:
    log = GOLDEN[[p.name for p in GOLDEN].index("hongkong-seed20261130.jsonl")]
    page = _page_for(log, tmp_path / "mailed.html")
    viewer = Viewer(browser, page.as_uri(), offline=True)
    try:
        assert viewer.page.get_attribute("#verdict", "data-state") == "ok"
        for _ in range(40):
            viewer.page.keyboard.press("ArrowRight")
        assert viewer.position().startswith("event 40 ")
        assert viewer.page.locator("#seat-top svg.tile").count() > 5
        # Every tile drawn uses a picture the page holds (its sprite), and no picture is drawn twice.
        used = viewer.page.evaluate("""() => [...document.querySelectorAll('svg.tile use')].map((u) => {
          const g = document.querySelector(u.getAttribute('href'));
          return g ? g.childElementCount : 0;
        })""")
        assert used and min(used) >= 1, used
        assert viewer.page.evaluate("""() => new Set([...document.querySelectorAll('.tile-pictures g')]
          .map((g) => g.innerHTML)).size === document.querySelectorAll('.tile-pictures g').length""")
        viewer.page.select_option("#seat-select", "1")
        # Seat 1's own hand at the bottom; the others' concealed tiles are not drawn.
        assert viewer.page.locator("#hand .hand-tile").count() >= 13
        assert viewer.page.locator(".concealed.revealed").count() == 0
        viewer.shot("viewer-offline-seat.png")
        # The dragons as the notation numbers them: 5z white (an empty frame), 6z green, 7z red.
        faces = viewer.page.evaluate("""() => ['5z', '6z', '7z'].map((c) => {
          const glyph = window.MahjongTiles.pictureOf(c).querySelector('path[data-glyph]');
          return glyph ? glyph.dataset.glyph + ' ' + glyph.getAttribute('fill') : '';
        })""")
        assert faces == ["", "發 #2d6a4f", "中 #c1121f"], faces
        assert viewer.requests == [page.as_uri()], viewer.requests
        assert not viewer.errors
    finally:
        viewer.close()


def _unfinished_table(data: Path) -> tuple[str, Path]:
    """A server's table whose log stops in its second deal (copied from a golden replay)."""
    # Its header's options (four deals) are no live table's length, so the server lists it but does not resume it.
    log = GOLDEN[[p.name for p in GOLDEN].index("bonus_classical-seed20261130.jsonl")]
    lines = log.read_text(encoding="utf-8").split("\n")
    parsed = read_log(log)
    ends = [e["n"] for e in parsed.events if e["type"] == "deal_end"]
    folder = data / "tables" / "0123456789ab"
    folder.mkdir(parents=True)
    (folder / "seats.json").write_text('{"token_sha256": {}}\n', encoding="utf-8")
    (folder / "game.jsonl").write_text("\n".join(lines[: ends[0] + 2 + 40]) + "\n", encoding="utf-8")
    return folder.name, log


def test_the_server_lists_its_games_and_opens_each_as_it_may_be_seen(tmp_path: Path, browser: Any) -> None:
    unfinished, source = _unfinished_table(tmp_path / "data")
    with running(tmp_path / "data") as server:
        created = server.create("piter", ["greedy", "greedy", "greedy", "greedy"], length="deal", seed=11)
        table = created["table"]
        deadline = time.monotonic() + 20
        while not server.get("/api/games")["games"][0]["finished"] and time.monotonic() < deadline:
            time.sleep(0.05)  # the bots play the deal on the table's own thread
        listed = server.get("/api/games")["games"]
        assert {g["id"]: g["finished"] for g in listed} == {table: True, unfinished: False}
        # The unfinished game: its finished deal only, public events only, no seed.
        data = server.get(f"/api/games/{unfinished}")
        assert data["spectator"] and "seed" not in data["header"]["rng"]
        shown = json.dumps(data["events"])
        hands = [e for e in data["events"] if e["type"] == "hands"]
        assert hands and all(t == "?" for h in hands[0]["hands"] for t in h)
        assert all(e["tile"] == "?" for e in data["events"] if e["type"] in ("draw", "replacement"))
        assert not any(e["type"] == "decision" and e["phase"] == "claim" for e in data["events"])
        assert data["events"][-1]["type"] == "deal_end" and '"deal":1' not in shown
        viewer = Viewer(browser, server.url + "/games", viewer=False)
        try:
            viewer.page.wait_for_selector(f"tr[data-id='{table}'] a")
            viewer.shot("games.png")
            viewer.page.click(f"tr[data-id='{table}'] a")
            viewer.page.wait_for_function("() => document.getElementById('verdict')?.dataset.state === 'ok'")
            viewer.page.keyboard.press("End")
            end = read_log(server.log(table)).events[-1]
            assert json.loads(str(viewer.page.get_attribute("#final", "data-scores"))) == end["scores"]
            viewer.page.goto(server.url + f"/replay/{unfinished}")
            viewer.page.wait_for_function("() => document.getElementById('verdict')?.dataset.state === 'partial'")
            options = viewer.page.eval_on_selector_all("#seat-select option", "os => os.map(o => o.value)")
            assert options == ["spectator"]
            # No concealed tile is drawn face up while the deal is played, nor a hand at the bottom (once it is
            # won, the winning discard is the one tile known of the winner's hand, as at the table).
            faces = viewer.page.evaluate("""() => {
              const r = window.replayViewer, seen = new Set();
              document.getElementById('first').click();
              for (let k = 0; k < r.events.length; k++) {
                if (k > 0) document.getElementById('forward').click();
                if (r.frames[r.pos].revealed) continue;
                document.querySelectorAll('.seat .concealed svg.tile, #hand svg.tile')
                  .forEach((t) => seen.add(t.getAttribute('aria-label')));
              }
              return [...seen];
            }""")
            assert faces == ["a concealed tile"], faces
            viewer.page.keyboard.press("Home")
            for _ in range(60):
                viewer.page.keyboard.press("ArrowRight")
            viewer.shot("viewer-spectator.png")
            # A file chosen in the served page is audited by the server, which names the bad line.
            tampered, line = _tampered(tmp_path)
            viewer.page.set_input_files("#file", str(tampered))
            viewer.page.wait_for_function("() => document.getElementById('verdict')?.dataset.state === 'bad'")
            assert viewer.page.get_attribute("#verdict", "data-line") == str(line)
            expected = audit_path(tampered, tampered.name)
            assert expected["line"] == line and str(expected["error"]) in viewer.page.inner_text("#verdict")
            assert not viewer.errors
        finally:
            viewer.close()
    assert source.exists()


# Steps through every event as `seat` (a number, or "spectator") and gathers what is drawn of every concealed
# meld, and the narration's last lines after each timeout.
_HIDDEN_WALK = """(seat) => {
  const r = window.replayViewer, forward = document.getElementById('forward');
  const select = document.getElementById('seat-select');
  select.value = seat; select.dispatchEvent(new Event('change'));
  document.getElementById('first').click();
  const melds = new Set(), afterTimeouts = [];
  for (let k = 0; k < r.events.length; k++) {
    if (k > 0) forward.click();
    if (r.frames[r.pos].revealed) continue;
    document.querySelectorAll('.concealed-meld svg.tile').forEach((t) => melds.add(t.getAttribute('aria-label')));
    if (r.events[r.pos].type === 'timeout') {
      afterTimeouts.push([...document.querySelectorAll('#log li')].slice(-2).map((li) => li.textContent));
    }
  }
  return { melds: [...melds], afterTimeouts };
}"""


def _spectator_page(log: Path, out: Path) -> Path:
    """The viewer page with the data the server gives for a game still in progress (its finished deals, as a
    spectator was told them), instead of the whole log."""
    from mahjong_server.replay_page import game_in_progress

    page, _ = standalone_html(log)
    lines = log.read_text(encoding="utf-8").splitlines()[:-1]  # without its game_end: still in progress
    data = json.dumps(game_in_progress(lines, log.name), ensure_ascii=False, separators=(",", ":"))
    start = page.index('<script type="application/json" id="replay-data">')
    end = page.index("</script>", start)
    out.write_text(page[:start] + '<script type="application/json" id="replay-data">' + data.replace("<", "\\u003c")
                   + page[end:], encoding="utf-8")
    return out


def test_the_page_hides_a_face_down_kong_and_a_choice_replaced_by_its_timeout(tmp_path: Path, browser: Any) -> None:
    """MCR seed 203: seat 0's concealed kong of 5s lies face down, seat 1's 9m chosen too late is replaced by
    the timeout's 1m. Seen as seat 2, and as a spectator of the game still in progress, the page draws the
    kong face down and never narrates the replaced choice."""
    from mahjong_core.hand.tiles import KINDS
    from mahjong_core.log.simulate import play_game

    log = tmp_path / "mcr.jsonl"
    play_game(load_ruleset("mcr"), 203, ["greedy", "random", "random", "random"], replay=log, max_deals=1)
    nine = next(k.name for k in KINDS if k.code == "9m")
    for url, seat in ((_page_for(log, tmp_path / "whole.html").as_uri(), "2"),
                      (_spectator_page(log, tmp_path / "spectator.html").as_uri(), "spectator")):
        viewer = Viewer(browser, url)
        try:
            seen = viewer.page.evaluate(_HIDDEN_WALK, seat)
            assert seen["melds"] == ["a concealed tile"], (seat, seen["melds"])
            assert len(seen["afterTimeouts"]) >= 3
            assert not any(nine in line for lines in seen["afterTimeouts"] for line in lines), seen["afterTimeouts"]
            assert not viewer.errors, viewer.errors
        finally:
            viewer.close()
