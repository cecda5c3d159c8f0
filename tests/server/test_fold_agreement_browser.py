"""The viewer page's fold (``static/replay_state.js``) and the core's (``mahjong_core.log.fold``) agree.

The page folds a log's events itself, so that it works offline; the core folds them for everything else.  Both
are stepped through every golden replay and every score sheet's log under Debian's chromium, and the table after
each event -- the view object, whether the hands are laid open, whether the game is over -- must be the same.
Both must also handle exactly the event types the catalogue declares (``mahjong_core.table.events``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flower_play import write_flower_log
from marked_play import game_events
from marked_play import write as write_game
from own_tile_sheets import CASES, recorded_log
from seven_flowers import write_robbed_log
from shared_files import REAL_LOGS

from mahjong_core.log.fold import HANDLERS, fold
from mahjong_core.log.format import read_log
from mahjong_core.table.events import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "mahjong_server" / "static" / "replay_state.js"
LOGS = sorted((ROOT / "replays").glob("*.jsonl")) + sorted((ROOT / "replays" / "sheets").glob("*.jsonl")) \
    + sorted((ROOT / "replays" / "several_wins").glob("*.jsonl")) \
    + sorted((ROOT / "replays" / "riichi_mechanics").glob("*.jsonl"))  # several wins; indicators, a lock, an uma

# Every frame of a log as canonical JSON (keys sorted), one string per event: the page's own frames().
_FRAMES = """(data) => {
  const [header, events] = JSON.parse(data);  // one string: much faster through Playwright than objects
  const api = window.MahjongReplay;
  return api.frames(header, events).map((f) => api.canonical({ view: f.view, revealed: f.revealed, over: f.over }));
}"""


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><title>fold</title>")
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    yield page
    context.close()


def test_both_folds_take_the_copy_a_player_chose(page: Any, tmp_path: Path) -> None:
    """A game whose players give up red fives before plain ones (discards named 0p, claims with ``marked``),
    which no golden replay holds: the bots keep the default copy."""
    log = write_game(tmp_path / "red_first.jsonl", *game_events())
    test_the_pages_fold_is_the_cores_after_every_event(log, page)


def test_both_folds_move_a_robbed_flower(page: Any, tmp_path: Path) -> None:
    """A flower robbed as it is set aside (``bonus_robbed``: seven flowers robbing the eighth), which no golden
    replay holds: a robbery is too rare for a seeded game to meet."""
    test_the_pages_fold_is_the_cores_after_every_event(write_robbed_log(tmp_path / "robbed.jsonl"), page)


def test_both_folds_hold_flowers_played_in_the_hand(page: Any, tmp_path: Path) -> None:
    """A game whose tile set plays its flowers in the hand (``playing: true``): a flower drawn and kept, discarded,
    passed in the Charleston and claimed for a kong, which no golden replay holds."""
    log = write_flower_log(tmp_path / "flowers.jsonl")
    assert '"tiles":["1f","1f","1f","1f"],"type":"claim"' in log.read_text(encoding="utf-8")
    test_the_pages_fold_is_the_cores_after_every_event(log, page)


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_the_pages_fold_is_the_cores_after_every_event(log: Path, page: Any) -> None:
    parsed = read_log(log)
    frames = page.evaluate(_FRAMES, json.dumps([parsed.header, parsed.events]))
    assert len(frames) == len(parsed.events) > 0
    for k, table in enumerate(fold(parsed.header, parsed.events)):
        core = _canonical({"view": table.view(), "revealed": table.revealed, "over": table.over})
        assert frames[k] == core, (f"{log.name}: after event {k} ({parsed.events[k]['type']}) the page's fold "
                                   f"differs from the core's", frames[k], core)


@pytest.mark.parametrize("case", sorted(CASES))
def test_both_folds_read_revealed_hands_in_the_logs_tile_set(case: str, page: Any, tmp_path: Path) -> None:
    """A score sheet's log in a tile set of a house rule's own (a red five, North set aside): both folds read its
    revealed hands by the header's ``tile_set``, and agree after every event."""
    parsed = read_log(recorded_log(tmp_path, case))
    frames = page.evaluate(_FRAMES, json.dumps([parsed.header, parsed.events]))
    k = next(i for i, e in enumerate(parsed.events) if e["type"] == "revealed")
    seats = json.loads(frames[k])["view"]["seats"]
    assert ("0p" in seats[0]["concealed"]) if case == "red_five" else (seats[3]["bonus"] == ["4z"])
    for n, table in enumerate(fold(parsed.header, parsed.events)):
        assert frames[n] == _canonical({"view": table.view(), "revealed": table.revealed, "over": table.over}), n


def test_both_folds_handle_exactly_the_catalogues_event_types(page: Any) -> None:
    assert set(HANDLERS) == set(CATALOGUE), "the core's fold and the event catalogue name other types"
    handled = page.evaluate("() => Object.keys(window.MahjongReplay.HANDLERS)")
    assert sorted(handled) == sorted(CATALOGUE), "the page's fold and the event catalogue name other types"


def test_the_folds_agree_on_an_imported_excerpt_that_begins_mid_game(page: Any, tmp_path: Path) -> None:
    """An excerpt's ``options.opening`` (its points, a stick on the table, a honba) is where both folds begin."""
    from mahjong_formats.common import play
    from mahjong_formats.tenhou6 import read_file

    excerpt = REAL_LOGS / "tenhou6-mjai-reviewer" / "confusing_nakis_4.json"
    log = tmp_path / "excerpt.jsonl"
    log.write_text(play(read_file(str(excerpt))[0]).text(), encoding="utf-8")
    parsed = read_log(log)
    assert parsed.header["options"]["opening"]["pot"] == 1000
    frames = page.evaluate(_FRAMES, json.dumps([parsed.header, parsed.events]))
    for k, table in enumerate(fold(parsed.header, parsed.events)):
        if k == 0:
            assert table.view()["scores"] == [25300, 27400, 30600, 15700] and table.view()["pot"] == 1000
        core = _canonical({"view": table.view(), "revealed": table.revealed, "over": table.over})
        assert frames[k] == core, (f"after event {k} ({parsed.events[k]['type']})", frames[k], core)
