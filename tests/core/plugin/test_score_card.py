"""Score cards: each item's count, value and unit, and the steps from the items to the total, on every surface.

A referee checks a total by adding up what the card lists: points added, then
doubled once per doubling (classical), fan turned into points (Hong Kong), or
points added (MCR); a limit says so.  The card is made in Python, so the live
table and the viewer show the server's arithmetic; the English interface keeps
native names out of its text (a title to hover, or ``--native``).
"""

from __future__ import annotations

import asyncio
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
import websockets
from live_server import recv, running

from mahjong_core.cli import main
from mahjong_core.cli.score import Given, run, score_text
from mahjong_core.log.format import read_log
from mahjong_core.plugin.score_card import card_lines, card_maker, log_cards, payment_notes
from mahjong_core.rules import load_ruleset
from mahjong_docs.pages import ruleset_page
from mahjong_server.replay_page import finished_game, game_in_progress, standalone_html

ROOT = Path(__file__).resolve().parents[3]
PITER = ROOT / "replays" / "piter-seed20261130.jsonl"
CYRILLIC = re.compile("[\u0400-\u04ff]")


def _amounts(lines: list[dict[str, Any]], unit: str) -> int:
    return sum(line["amount"] for line in lines if line["unit"] == unit)


def _card(ruleset: str, hand: str) -> dict[str, Any]:
    rs = load_ruleset(ruleset)
    return card_maker(rs)(score_text(rs, hand, Given(), "<test>").score.to_json())


def test_a_classical_card_doubles_the_points_once_per_doubling() -> None:
    first = next(e for e in read_log(PITER).events if e["type"] == "score" and e["value"])
    card = card_maker(load_ruleset("piter"))(first)
    points, doublings = _amounts(card["lines"], "points"), _amounts(card["lines"], "doublings")
    assert doublings > 0 and points << doublings == card["total"] == first["value"]
    assert card["steps"] == [f"{points} points × {1 << doublings} ({doublings} doublings) = {first['value']} points"]
    by_name = {line["name"]: line for line in card["lines"]}
    assert by_name["own_wind_pong"]["each"] == "1 doubling" and by_name["mahjong"]["each"] == "20 points"
    assert by_name["own_wind_pong"]["source"] == "003 line 62"
    assert all(not CYRILLIC.search(line["label"]) for line in card["lines"])
    assert all(CYRILLIC.search(line["native"]) for line in card["lines"])


def test_a_count_is_shown_with_the_value_it_multiplies() -> None:
    card = _card("piter", "111m555z666z777z2z +2z !self_drawn")
    pungs = next(line for line in card["lines"] if line["count"] > 1 and line["unit"] == "points")
    assert pungs["text"] == f"{pungs['count']} × {pungs['each']} = {pungs['sum']}"
    assert pungs["amount"] == pungs["count"] * pungs["value"]


def test_the_usual_limit_cuts_the_doubled_points_and_says_so() -> None:
    card = _card("piter", "111m555z666z777z2z +2z !self_drawn")
    points, doublings = _amounts(card["lines"], "points"), _amounts(card["lines"], "doublings")
    assert points << doublings > card["total"] == 2000
    assert card["steps"][-1] == "cut to the usual limit: 2000 points [003 line 7]"
    assert card["limit"] == "usual limit" and all(line["kind"] != "limit" for line in card["lines"])


def test_a_special_limit_replaces_the_points_and_doublings() -> None:
    card = _card("harbin", "19m19p19s1234567z +1m")
    assert [line["sum"] for line in card["lines"]] == ["500 points"] and card["total"] == 500
    assert card["steps"] == ["Thirteen orphans is a limit hand: 500 points, in place of the points and doublings"]
    assert card["excluded"] and all(line["detail"].startswith("replaced by") for line in card["excluded"])


def test_a_hong_kong_card_adds_fan_and_turns_them_into_points() -> None:
    card = _card("hongkong", "123m456m789m111z5z +5z !self_drawn")
    assert {line["unit"] for line in card["lines"]} == {"fan"}
    fan = _amounts(card["lines"], "fan")
    assert card["steps"] == [f"{fan} fan = {card['total']} points on the fan-to-points table (fan 7 to 9) "
                             "[000 line 551]"]


def test_an_mcr_card_adds_points() -> None:
    card = _card("mcr", "123m456m789m111z5z +5z")
    assert {line["unit"] for line in card["lines"]} == {"points"}
    assert card["steps"] == [" + ".join(str(line["amount"]) for line in card["lines"]) + f" = {card['total']} points"]


def test_mahjong_score_prints_units_and_steps_and_native_names_only_when_asked() -> None:
    out = io.StringIO()
    assert run("piter", "789p456s678s111z5z +5z", as_json=False, batch=False, stdin=io.StringIO(), stdout=out) == 0
    text = out.getvalue()
    assert "1 doubling  Pung (kong) of the own wind  [003 line 62]" in text
    assert "  32 points × 4 (2 doublings) = 128 points\ntotal    128 points\n" in text
    assert not CYRILLIC.search(text)
    native = io.StringIO()
    run("piter", "789p456s678s111z5z +5z", as_json=False, batch=False, stdin=io.StringIO(), stdout=native,
        native=True)
    assert "Pung (kong) of the own wind (Панг (Конг) собственного ветра)" in native.getvalue()
    data = io.StringIO()
    run("piter", "789p456s678s111z5z +5z", as_json=True, batch=False, stdin=io.StringIO(), stdout=data)
    assert json.loads(data.getvalue())["card"]["steps"] == ["32 points × 4 (2 doublings) = 128 points"]


def test_the_cli_flag_for_native_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "mcr", "--native", "123m456m789m111z5z +5z"]) == 0
    assert "Pure Straight (Чистый Ряд)" in capsys.readouterr().out


def test_classical_payments_say_that_east_pays_and_receives_double() -> None:
    events = read_log(PITER).events
    dealer = next(e["dealer"] for e in events if e["type"] == "deal_start")
    settlement = next(e for e in events if e["type"] == "settlement")
    notes = payment_notes(load_ruleset("piter"), dealer, settlement["payments"])
    for (payer, payee, amount, reason), note in zip(settlement["payments"], notes, strict=True):
        if dealer in (payer, payee) and reason in ("mahjong", "difference"):
            assert note is not None and note.startswith(f"{amount // 2} × 2: East ")
            assert ("pays double" if payer == dealer else "receives double") in note
        else:
            assert note is None
    hk = read_log(ROOT / "replays" / "hongkong-seed20261130.jsonl").events
    settled = next(e for e in hk if e["type"] == "settlement" and e["payments"])
    assert payment_notes(load_ruleset("hongkong"), 0, settled["payments"]) == [None] * len(settled["payments"])


def test_the_audit_report_shows_cards_and_says_how_a_hand_was_won_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(PITER), "--deals"]) == 0
    out = capsys.readouterr().out
    assert "    36 points × 8 (3 doublings) = 288 points\n    total 288 points" in out
    assert "(mahjong; 288 × 2: East receives double" in out
    assert main(["audit", str(ROOT / "replays" / "traditional-seed20261130.jsonl"), "--deals"]) == 0
    out = capsys.readouterr().out
    self_drawn = [line for line in out.splitlines() if "self" in line and " wins on " in line]
    assert self_drawn and all(line.endswith("(self-drawn)") for line in self_drawn)
    assert "self_drawn" not in out


def test_the_table_view_on_the_command_line_shows_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["view", str(PITER), "--seat", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "scores 288 points (36 points × 8 (3 doublings) = 288 points)" in out
    assert "result     1 doubling  Own season  [003 line 70]" in out


def test_the_viewer_is_given_a_card_for_each_score_and_settlement() -> None:
    events = read_log(PITER).events
    data = finished_game(PITER, PITER.name)
    scored = [e for e in events if e["type"] in ("score", "settlement")]
    assert len(data["cards"]) == len(scored)
    make = card_maker(load_ruleset("piter"))
    for event, card in zip(scored, data["cards"], strict=True):
        if event["type"] == "score":
            assert card == make(event)
        else:
            assert len(card["notes"]) == len(event["payments"])
    page, _ = standalone_html(PITER)
    assert json.dumps(data["cards"][0]["steps"][0], ensure_ascii=False) in page
    lines = PITER.read_text(encoding="utf-8").splitlines()
    partial = game_in_progress(lines, PITER.name)
    shown = [e for e in partial["events"] if e["type"] in ("score", "settlement")]
    assert len(partial["cards"]) == len(shown) > 0


def test_a_log_whose_ruleset_is_not_known_still_gets_cards_with_the_logged_total() -> None:
    first = next(e for e in read_log(PITER).events if e["type"] == "score" and e["value"])
    [card] = log_cards(None, [first])
    assert card["total"] == first["value"] and card["steps"] == [
        f"total {first['value']} points, as the log gives it (its ruleset is not installed here)"]
    assert [line["label"] for line in card["lines"]][:1] == ["dragon pair"]
    assert card_lines(card)[-1] == f"  total {first['value']} points"


def test_a_malformed_logged_score_gets_a_card_that_says_where_it_is_wrong() -> None:
    make = card_maker(load_ruleset("piter"))
    first = next(e for e in read_log(PITER).events if e["type"] == "score" and e["value"])
    bad = {**first, "items": [*first["items"][:2], {**first["items"][2], "count": "two"}]}
    card = make(bad)
    assert card["lines"] == [] and card["steps"] == [
        "the logged score cannot be shown item by item: $.items[2].count is 'two', not a whole number"]
    unreadable = make({**first, "value": None})
    assert unreadable["steps"][0].endswith("$.value is None, not a whole number")
    assert card_lines(unreadable)[-1] == "  total None points"
    assert card_lines(card)[-1] == f"  total {first['value']} points"


def test_the_rules_pages_give_each_value_its_unit_and_the_native_name_apart() -> None:
    page = ruleset_page(load_ruleset("piter"), examples=True)
    assert "Pung (kong) of dragons (native name: *Панг (Конг) Драконов*)" in page
    assert re.search(r"``dragon_pong``\n(?:.*\n){4}\s+- ``1`` doubling\n", page)
    assert "| 32 points × 2 (1 doubling) = 64 points\n| **Worth 64 points**." in page
    assert " / Панг" not in page
    mcr = ruleset_page(load_ruleset("mcr"), examples=False)
    assert re.search(r"``big_four_winds``\n(?:.*\n){4}\s+- ``88`` points\n", mcr)


async def _watch(url: str, table: str) -> list[dict[str, Any]]:
    """A spectator's messages until the game is over: live, or (joining after its end) the last deal's history."""
    messages: list[dict[str, Any]] = []
    async with websockets.connect(f"{url}/ws/{table}", max_queue=None) as ws:
        await ws.send(json.dumps({"type": "join"}))
        finished = False
        while True:
            m = await recv(ws)
            messages.append(m)
            if m["type"] == "welcome":
                finished = m["table"]["status"] == "finished"
            if (m["type"] == "status" and m["status"] in ("finished", "failed")) or (
                    finished and m["type"] == "history"):
                return messages


def test_the_live_table_sends_each_score_with_its_card_and_keeps_the_deals_winds_at_its_end(tmp_path: Path) -> None:
    """A spectator watching the deal, and one joining after the game's end (sent the last deal's history)."""
    with running(tmp_path / "data") as server:
        created = server.create("piter", ["greedy", "random", "greedy", "greedy"], seed=20261130)
        watched = [asyncio.run(_watch(server.ws_url, created["table"]))]
        watched.append(asyncio.run(_watch(server.ws_url, created["table"])))  # the game is over by now
        log = read_log(server.log(created["table"]))
    assert watched[1][0]["table"]["status"] == "finished" and watched[1][-1]["type"] == "history"
    make = card_maker(load_ruleset("piter"))
    logged = {(e["seat"], e["t"]): e for e in log.events if e["type"] == "score"}
    assert all("card" not in e for e in log.events)  # the log keeps the engine's bytes
    start = next(e for e in log.events if e["type"] == "deal_start")
    rotation = next(e for e in log.events if e["type"] == "rotation")
    assert rotation["dealer"] != start["dealer"]
    for messages in watched:
        events: list[dict[str, Any]] = []
        views: list[dict[str, Any] | None] = []
        for m in messages:
            if m["type"] == "history" and m["events"]:
                events += m["events"]
                views += [None] * (len(m["events"]) - 1) + [m["view"]]
            elif m["type"] == "event":
                events.append(m["event"])
                views.append(m["view"])
        scores = [e for e in events if e["type"] == "score"]
        assert scores and all(e["card"] == make(logged[(e["seat"], e["t"])]) for e in scores)
        settlement = next(e for e in events if e["type"] == "settlement")
        assert len(settlement["card"]["notes"]) == len(settlement["payments"])
        end_view = next(v for e, v in zip(reversed(events), reversed(views), strict=True) if v is not None
                        and e["type"] in ("rotation", "game_end"))
        assert end_view["dealer"] == start["dealer"] and end_view["prevalent_wind"] == start["prevalent_wind"]
        assert [s["wind"] for s in end_view["seats"]] == [(n - start["dealer"]) % 4 for n in range(4)]
