"""The replay viewer at an imported game: the platform and its game id, the players' names as the platform gives
them, and at each deal's end the platform's recorded result beside ours, every difference said in words at its deal.

The game is read from beside the checkout (``../shared/real-logs/tenhou-mjlog``, never copied here) and imported
as ``mahjong import tenhou-xml`` does (:func:`mahjong_formats.common.play`).  A disagreement is built by changing
one recorded figure of the game before its log is written: the viewer must name that figure at its deal, and
only there.  Screenshots: tests/artifacts/imported-viewer.png, imported-viewer-differs.png.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from live_server import ARTIFACTS
from shared_files import REAL_LOGS
from test_several_wins_browser import _TO, viewer

from mahjong_formats.common import ImportedGame, play
from mahjong_formats.tenhou_xml import read_file

SAMPLE = REAL_LOGS / "tenhou-mjlog"
GAME = SAMPLE / "2010081709gm-00a9-0000-fe3371ad.mjlog"

_SIDE = """(cls) => [...document.querySelectorAll('#recorded .' + cls + ' li')].map((li) => li.textContent)"""


def _imported(tmp_path: Path, game: ImportedGame, name: str) -> tuple[Path, Any]:
    played = play(game)
    log = tmp_path / f"{name}.jsonl"
    log.write_text(played.text(), encoding="utf-8")
    return log, played


def _game() -> ImportedGame:
    if not GAME.exists():
        pytest.fail(f"the Tenhou sample is not beside the checkout: {GAME}")
    return read_file(str(GAME))[0]


def _deal_end(events: list[dict[str, Any]], deal: int) -> int:
    return [k for k, e in enumerate(events) if e["type"] == "deal_end"][deal]


def test_the_viewer_shows_an_imported_games_names_and_tenhous_result_beside_ours(browser: Any,
                                                                                  tmp_path: Path) -> None:
    game = _game()
    log, played = _imported(tmp_path, game, "tenhou-agrees")
    assert played.differences == []
    first = game.recorded["deals"][0]
    win = first["wins"][0]
    context, page, errors = viewer(browser, log, tmp_path)
    assert page.get_attribute("#verdict", "data-state") == "ok", page.inner_text("#verdict")
    source = page.inner_text("#source")
    assert f"Imported from tenhou, game {game.game}" in source, source
    for n, name in enumerate(game.players):
        assert f"Seat {n}: {name}" in source, source
    assert page.get_attribute("#source .summary", "data-state") == "agrees"
    assert page.is_hidden("#recorded")  # nothing of the deal's result before it shows

    page.evaluate(_TO, _deal_end(played.events, 0))
    assert page.get_attribute("#recorded .compare-verdict", "data-state") == "agrees"
    assert "Agrees with tenhou" in page.inner_text("#recorded .compare-verdict")
    theirs, ours = page.evaluate(_SIDE, "theirs"), page.evaluate(_SIDE, "ours")
    winner, discarder = game.players[win["winner"]], game.players[win["from"]]
    said = (f"{winner} wins on {discarder}'s tile: {win['points']} points, {win['han']} han, {win['fu']} fu; "
            + ", ".join(f"{y['name']} {y['han']}" for y in win["yaku"]))
    assert theirs[0] == said, theirs
    assert ours[0] == said, ours  # the sample's first deal agrees figure for figure
    change = ", ".join(f"{game.players[n]} {'+' if b - a > 0 else ''}{b - a}"
                       for n, (a, b) in enumerate(zip(first["start"], first["scores"], strict=True)))
    assert theirs[1] == ours[1] == "Change of points: " + change
    assert page.eval_on_selector_all("#recorded .differences li", "l => l.length") == 0
    assert page.evaluate("() => document.getElementById('deal-select').options[0].textContent").endswith(
        "agrees with tenhou")
    ARTIFACTS.mkdir(exist_ok=True)
    page.keyboard.press("Escape")  # the scoring dialog aside: the record beside ours shows in the side column
    page.screenshot(path=str(ARTIFACTS / "imported-viewer.png"))
    assert not errors, errors
    context.close()


def test_the_viewer_marks_a_recorded_figure_that_differs_at_its_deal(browser: Any, tmp_path: Path) -> None:
    game = copy.deepcopy(_game())
    deals = game.recorded["deals"]
    number = next(n for n in range(1, len(deals)) if deals[n]["wins"])  # a win after the first deal
    recorded = deals[number]
    recorded["wins"][0]["points"] += 1000  # the record says the hand paid more than the rules make it
    log, played = _imported(tmp_path, game, "tenhou-differs")
    assert len(played.differences) == 1 and f", deal {number + 1}, " in played.differences[0], played.differences
    context, page, errors = viewer(browser, log, tmp_path)
    assert page.get_attribute("#verdict", "data-state") != "ok"  # the audit finds the same difference
    assert page.get_attribute("#source .summary", "data-state") == "differs"
    assert f"1 of {len(deals)} deals" in page.inner_text("#source .summary")

    page.evaluate(_TO, _deal_end(played.events, 0))  # the first deal still agrees
    assert page.get_attribute("#recorded .compare-verdict", "data-state") == "agrees"
    page.evaluate(_TO, _deal_end(played.events, number))
    assert page.get_attribute("#recorded .compare-verdict", "data-state") == "differs"
    assert "Differs from tenhou" in page.inner_text("#recorded .compare-verdict")
    listed = page.eval_on_selector_all("#recorded .differences li", "l => l.map((x) => x.textContent)")
    assert listed == ["Differs: " + played.differences[0]], listed  # the audit's own words, at this deal
    win = recorded["wins"][0]
    assert f"{win['points']} points" in page.evaluate(_SIDE, "theirs")[0]
    assert f"{win['points'] - 1000} points" in page.evaluate(_SIDE, "ours")[0]
    option = page.evaluate("() => document.getElementById('deal-select').options[" + str(number) + "].textContent")
    assert option.endswith("differs from tenhou"), option
    ARTIFACTS.mkdir(exist_ok=True)
    page.keyboard.press("Escape")  # the scoring dialog aside: the record beside ours shows in the side column
    page.screenshot(path=str(ARTIFACTS / "imported-viewer-differs.png"))
    assert not errors, errors
    context.close()


def test_the_viewer_says_an_imported_log_is_incomplete_where_the_log_says_so(browser: Any, tmp_path: Path) -> None:
    """A game imported only up to a move the rules refused: the log's own word (``source.refused``) is shown in the
    imported panel, with the deal, the seat, the move and the reason, read from the log and no import's output."""
    game = copy.deepcopy(_game())
    cut = game.deals[1]
    game.deals[1] = type(cut)(cut.path, cut.dealt, cut.moves[:9])  # the record stops short in its second deal
    played = play(game, partial=True)
    assert played.refused is not None
    log = tmp_path / "tenhou-refused.jsonl"
    log.write_text(played.text(), encoding="utf-8")
    said = played.header["source"]["refused"]
    context, page, errors = viewer(browser, log, tmp_path)
    assert page.get_attribute("#verdict", "data-state") != "ok"  # the audit fails it, saying it is incomplete
    shown = page.inner_text("#source .refused")
    assert page.get_attribute("#source .refused", "data-state") == "refused"
    assert shown.startswith(f"Incomplete: the import stopped in deal {said['deal']}"), shown
    assert said["reason"] in shown and said["place"] in shown, shown
    assert not errors, errors
    context.close()
