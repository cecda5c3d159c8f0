"""The audit report a referee reads: each deal's winner, hand, items with sources, payments and totals."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mahjong_core.audit.check import check
from mahjong_core.audit.report import deal_reports
from mahjong_core.cli import main
from mahjong_core.log.format import read_log, write_lines
from mahjong_core.plugin.score_card import item_names
from mahjong_core.rules import load_ruleset

REPLAYS = Path(__file__).resolve().parents[3] / "replays"
MCR = REPLAYS / "mcr-seed20261130.jsonl"


def test_every_deal_is_reported_from_its_events() -> None:
    log = read_log(MCR)
    deals = deal_reports(log)
    events = list(log.events)
    assert len(deals) == sum(1 for e in events if e["type"] == "deal_start")
    wins = [e for e in events if e["type"] == "mahjong"]
    assert [d.winner for d in deals if d.outcome == "mahjong"] == [e["seat"] for e in wins]
    settlements = [e for e in events if e["type"] == "settlement"]
    assert [d.totals for d in deals] == [s["scores"] for s in settlements]
    assert sum(len(d.payments) for d in deals) == sum(len(s["payments"]) for s in settlements)
    scored = [e for e in events if e["type"] == "score"]
    assert [(h.seat, h.value) for d in deals for h in d.hands] == [(e["seat"], e["value"]) for e in scored]


def test_the_text_report_names_items_sources_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(MCR), "--deals"]) == 0
    out = capsys.readouterr().out
    first_win = next(e for e in read_log(MCR).events if e["type"] == "score" and e["value"])
    names = item_names(load_ruleset("mcr"))
    for item in first_win["items"]:
        assert f"{names[item['name']]['name']}  [{item['source']}]" in out
        assert names[item["name"]]["native"] not in out  # the English report carries no native names
    parts = " + ".join(str(i["value"] * i.get("count", 1)) for i in first_win["items"])
    assert f"    {parts} = {first_win['value']} points\n    total {first_win['value']} points" in out
    assert "pays" in out and "totals:" in out and "wins on" in out


def test_many_logs_in_one_call_with_a_summary_json_and_html(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jsonl"
    objects = [json.loads(line) for line in MCR.read_text().splitlines()]
    settlement = next(o for o in objects if o["type"] == "settlement" and o["payments"])
    settlement["payments"][0][2] += 1
    write_lines(broken, objects)
    files = [str(p) for p in sorted(REPLAYS.glob("*.jsonl"))[:3]] + [str(broken)]
    page = tmp_path / "report.html"
    assert main(["audit", *files, "--html", str(page)]) == 1
    captured = capsys.readouterr()
    assert "4 logs: 3 clean, 1 failed" in captured.out and "broken.jsonl::line" in captured.out
    assert main(["audit", *files, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["summary"] == {"logs": 4, "clean": 3, "failed": 1,
                                 "deals": sum(r["deals"] for r in report["logs"])}
    assert all(r["deal_reports"] for r in report["logs"])
    failed = report["logs"][-1]
    assert not failed["ok"] and failed["line"] == settlement["n"] + 2 and failed["event"] == settlement["n"]

    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.text: list[str] = []

        def handle_data(self, data: str) -> None:
            self.text.append(data)

    parser = Text()
    parser.feed(page.read_text(encoding="utf-8"))
    text = " ".join(parser.text)
    assert "4 logs: 3 clean, 1 failed." in text and f"failed at line {settlement['n'] + 2}" in text
    assert "<script" not in page.read_text() and "http" not in page.read_text().replace("http-equiv", "")


def test_a_bots_other_choice_is_reported_as_the_bots(tmp_path: Path) -> None:
    """A bot's different legal discard is its choice, not a rule: the audit says what the bot would have played."""
    objects = [json.loads(line) for line in MCR.read_text().splitlines()]
    hands = next(o for o in objects if o["type"] == "hands")["hands"]
    k, decision = next((i, o) for i, o in enumerate(objects) if o["type"] == "decision" and o["actor"] == 0
                       and o["action"] == "discard")
    other = next(t for t in hands[0] if t != decision["tile"])
    objects[k] = {**decision, "tile": other}
    write_lines(tmp_path / "other.jsonl", objects)
    verdict = check(str(tmp_path / "other.jsonl"), "audit")
    assert not verdict.ok and verdict.event == decision["n"]
    assert (f"field 'tile' is {other!r} in the log, but the re-played bot greedy-0 would have played "
            f"{decision['tile']!r} (discard {decision['tile']}") in verdict.error
    assert "the rules give" not in verdict.error


def test_auditing_on_dask_workers_gives_the_same_reports(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in sorted(REPLAYS.glob("*.jsonl"))[:4]]
    assert main(["audit", *files, "--json"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert main(["audit", *files, "--json", "--workers", "2"]) == 0
    spread = json.loads(capsys.readouterr().out)
    assert spread == here and here["summary"]["clean"] == 4
