"""The replay viewer's Python side (issue 15, item 1): ``mahjong view FILE --html`` and the server's game data.

The page itself is exercised in a browser by tests/server/test_viewer_browser.py;
these check what Python gives it: one self-contained file with the log and its
audit verdict, the verdict's line for a tampered log, clear refusals of wrong
options, and an unfinished game's data that holds no concealed tile, no draw,
no offer declined and no seed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_core.log.format import read_log
from mahjong_server.replay_page import game_in_progress, standalone_html

ROOT = Path(__file__).resolve().parents[2]
PITER = ROOT / "replays" / "piter-seed20261130.jsonl"
BONUS = ROOT / "replays" / "bonus_classical-seed20261130.jsonl"


def _embedded(page: str) -> dict[str, object]:
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.DOTALL)
    assert match
    data: dict[str, object] = json.loads(match.group(1))
    return data


def test_view_html_writes_one_page_with_the_log_and_its_verdict(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "piter.html"
    assert main(["view", str(PITER), "--html", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{out}: the replay viewer for {PITER}") and "audit OK" in printed
    page = out.read_text(encoding="utf-8")
    # Self-contained: no script, style or image is fetched from anywhere.
    assert not re.search(r'\b(src|href)="(?!data:)', page)
    assert "/static/" not in re.sub(r"<script>.*?</script>", "", page, flags=re.DOTALL)
    data = _embedded(page)
    assert data["text"] == PITER.read_text(encoding="utf-8")
    verdict = data["verdict"]
    assert isinstance(verdict, dict) and verdict["ok"] and verdict["scores"] == read_log(PITER).events[-1]["scores"]
    info = data["info"]
    assert isinstance(info, dict) and info["ruleset"]["name"] == "Piter" and info["item_names"]


def test_a_tampered_log_still_gets_its_page_and_the_command_names_the_line(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    lines = PITER.read_text(encoding="utf-8").split("\n")
    k = next(i for i, line in enumerate(lines) if '"action":"discard"' in line and i > 300)
    lines[k] = re.sub(r'"tile":"(\w\w)"', lambda m: '"tile":"' + ("9m" if m.group(1) != "9m" else "8m") + '"',
                      lines[k])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "bad.html"
    assert main(["view", str(bad), "--html", str(out)]) == 1
    printed = capsys.readouterr().out
    assert f"which is not valid from line {k + 1} (event {k - 1})" in printed
    verdict = _embedded(out.read_text(encoding="utf-8"))["verdict"]
    assert isinstance(verdict, dict) and verdict["line"] == k + 1 and not verdict["ok"]


def test_wrong_view_options_are_refused_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["view", str(PITER)]) == 2
    assert "--seat N is required (or --html OUT.html" in capsys.readouterr().err
    assert main(["view", str(PITER), "--seat", "1", "--html", str(tmp_path / "x.html")]) == 2
    assert "--seat does not go with --html" in capsys.readouterr().err
    assert main(["view", str(tmp_path / "missing.jsonl"), "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert "missing.jsonl" in err and "Traceback" not in err
    assert not (tmp_path / "x.html").exists()


def test_an_unfinished_game_is_given_as_a_spectator_sees_its_finished_deals() -> None:
    lines = BONUS.read_text(encoding="utf-8").split("\n")
    events = read_log(BONUS).events
    ends = [e["n"] for e in events if e["type"] == "deal_end"]
    cut = lines[: ends[1] + 2 + 25]  # in the third deal
    data = game_in_progress(cut, "table x")
    shown = data["events"]
    assert data["spectator"] and data["verdict"] is None
    assert "seed" not in data["header"]["rng"] and "seed" in json.loads(lines[0])["rng"]
    assert shown[-1]["type"] == "deal_end" and shown[-1]["deal"] == 1
    assert not any(e["type"] == "deal_start" and e["deal"] == 2 for e in shown)
    assert all(t == "?" for e in shown if e["type"] == "hands" for h in e["hands"] for t in h)
    assert all(e["tile"] == "?" for e in shown if e["type"] in ("draw", "replacement"))
    public = {"turn", "false_mahjong"}
    assert all(e["phase"] in public or e["action"] == "declare_calling" for e in shown if e["type"] == "decision")
    # Without their numbers, whose gaps would count the offers that were declined (as the live server sends them).
    assert all("n" not in e for e in shown)
    # Nor their salts, which are published with the finished game's log (docs/prng.md, "Wall commitment").
    assert all("salt" not in e for e in shown)
    # What is kept is every public event of the finished deals, in order.
    kept = [{k: v for k, v in e.items() if k not in ("n", "salt")} for e in events[: ends[1] + 1]
            if e["type"] not in ("hands", "draw", "replacement", "decision")]
    assert [e for e in shown if e["type"] not in ("hands", "draw", "replacement", "decision")] == kept


def test_the_page_embeds_the_log_so_that_no_text_can_close_its_script(tmp_path: Path) -> None:
    """A seat name with ``</script>`` in it stays data: the page's scripts and its JSON never contain ``</``."""
    lines = PITER.read_text(encoding="utf-8").split("\n")
    lines[0] = lines[0].replace('"name":"greedy-0"', '"name":"</script><script>alert(1)</script>"')
    odd = tmp_path / "odd.jsonl"
    odd.write_text("\n".join(lines), encoding="utf-8")
    page, verdict = standalone_html(odd)
    assert not verdict["ok"]
    assert "<script>alert(1)" not in page
    data = _embedded(page)
    assert "</script><script>alert(1)</script>" in str(data["text"])
