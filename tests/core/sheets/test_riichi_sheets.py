"""Riichi score sheets: a club's hanchan written as han and fu, sticks, honba, ready hands, oka and uma, audited.

The worked sheet ``replays/sheets/riichi_tenhou.yaml`` is a whole hanchan under Tenhou's rules; it audits clean and
records to its committed log byte for byte.  Each figure a riichi table gets wrong (a payment without its honba, the
ready-hand payments, a final score without the uma) is named at its line with the rules' figure; each mistake of
form (a fu count that is none, a limit the rules do not have, a declaration no plugin makes) gets one located line.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mahjong_core.cli import main

ROOT = Path(__file__).resolve().parents[3]
SHEET = ROOT / "replays" / "sheets" / "riichi_tenhou.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, (out + err).strip()


def edited(tmp_path: Path, *swaps: tuple[str, str]) -> Path:
    """The worked sheet with each ``(old, new)`` replaced once (each ``old`` must be in it)."""
    text = SHEET.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "night.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_a_whole_hanchan_audits_clean_and_says_what_it_checked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "audit", str(SHEET), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] and report["differences"] == [], report
    assert report["deals"] == 11
    assert report["proof"]["sheet"] == ("every written figure agrees with the rules: 1 hand values, 8 hands by their "
                                        "figures, 19 payments, 12 deal results, 44 running totals, 11 honba "
                                        "counters, 4 final scores")
    # The points after the game's end are the rules' oka and uma on the sheet's last totals.
    assert report["scores"] == [-12300, 8900, 72000, 31400]


def test_the_worked_sheet_records_to_its_committed_log_which_replays_and_audits(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "riichi.jsonl"
    assert run(capsys, "record", str(SHEET), "--out", str(out))[0] == 0
    assert out.read_bytes() == SHEET.with_suffix(".jsonl").read_bytes()
    events = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()[1:]]
    revealed = [e for e in events if e["type"] == "revealed"]
    assert revealed[0]["score"] == {"1": {"fu": 30, "han": 3, "yaku": ["riichi", "pinfu", "tanyao"]}}
    assert revealed[0]["declared"] == {"riichi": [1]} and revealed[1]["told"] == {"ready": [1, 3]}
    # The stick went into the pot and back to the winner; at the draw the two unready seats paid 750 each.
    moved = [(e["payer"], e["payee"], e["amount"], e["reason"]) for e in events if e["type"] == "payment"]
    assert moved[:2] == [(1, None, 1000, "riichi_stick"), (None, 1, 1000, "riichi_sticks")]
    assert (0, 1, 750, "ready_hands") in moved
    for command in ("replay", "audit"):
        code, text = run(capsys, command, str(out))
        assert code == 0, text


@pytest.mark.parametrize(("good", "bad", "needle", "expected"), [
    # the honba forgotten on a ron: 8,000 written, 8,600 by the rules (two counters of 300)
    ("payments: [Ben -> Dan 8600]", "payments: [Ben -> Dan 8000]", "Ben -> Dan 8000",
     "the sheet has Ben pay Dan 8000, the rules 8600"),
    # the ready-hand payments as if only one seat were ready
    ("Chie -> Ben 750, Chie -> Dan 750]", "Chie -> Ben 1000, Chie -> Dan 750]", "Chie -> Ben 1000",
     "the sheet has Chie pay Ben 1000, the rules 750"),
    # a self-drawn 4 han 30 fu paid as a mangan (kiriage, which Tenhou does not play)
    ("payments: [Aoi -> Chie 3900, Ben -> Chie 3900, Dan -> Chie 3900]",
     "payments: [Aoi -> Chie 4000, Ben -> Chie 3900, Dan -> Chie 3900]", "Aoi -> Chie 4000",
     "the sheet has Aoi pay Chie 4000, the rules 3900"),
    # the final score without the uma
    ("final: {Aoi: -12300", "final: {Aoi: 7700", "final:", "the sheet's final score is 7700, the rules' -12300"),
    # the honba the table had, written wrong
    ("    honba: 2\n", "    honba: 5\n", "honba: 5", "played with 5 honba; by the rules' dealer repeats it was 2"),
])
def test_a_wrong_figure_is_named_at_its_line_with_the_rules_figure(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path, good: str, bad: str, needle: str,
                                                                   expected: str) -> None:
    path = edited(tmp_path, (good, bad))
    code, out = run(capsys, "audit", str(path))
    assert code == 1 and expected in out, out
    line = line_of(path, needle)
    assert re.search(rf"deal \d+ \(line {line}\)", out), out
    assert run(capsys, "record", str(path))[0] != 0 and not path.with_suffix(".jsonl").exists()


def test_the_stick_is_in_each_result_and_the_pot_goes_to_the_next_winner(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    """A result written without the riichi stick (the declarer's -1,000) is told; the stick left in the pot at a
    draw is the next winner's."""
    path = edited(tmp_path, ("net: {Aoi: -1500, Ben: 1500, Chie: -1500, Dan: 500}",
                             "net: {Aoi: -1500, Ben: 1500, Chie: -1500, Dan: 1500}"))
    code, out = run(capsys, "audit", str(path))
    assert code == 1 and "the sheet has +1500 for this deal, the rules +500" in out, out
    # Deal 3: Ben's +5,200 is 3 x 1,400 and the 1,000 Dan's stick left in the pot.
    path = edited(tmp_path, ("net: {Aoi: -1400, Ben: 5200,", "net: {Aoi: -1400, Ben: 4200,"))
    code, out = run(capsys, "audit", str(path))
    assert code == 1 and "the sheet has +4200 for this deal, the rules +5200" in out, out


def test_an_abortive_draw_keeps_the_dealer_and_adds_a_counter(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """Deal 7 written as four winds discarded instead: Tenhou keeps the deal with Dan, so the next deal's dealer the
    sheet writes (Aoi) is told, with the counter the repeat adds."""
    path = edited(tmp_path, ("    drawn: true\n    ready: []\n", "    abortive: four_winds\n"))
    code, out = run(capsys, "audit", str(path))
    assert code == 1, out
    assert "the sheet says East (the dealer) is Aoi; by the rules' rotation Dan is East" in out, out
    code, out = run(capsys, "record", str(edited(tmp_path, ("    drawn: true\n    ready: []\n",
                                                            "    abortive: four_wind\n"))))
    assert code != 0 and "'four_wind' is no abortive draw of these rules (did you mean 'four_winds'?)" in out, out


BAD = [
    ("score: {han: 3, fu: 30,", "score: {han: 3, fu: 23,", "23 fu is no count of fu"),
    ("score: {limit: mangan}", "score: {limit: mangna}", "'mangna' is no limit of these rules"),
    ("score: {han: 2, fu: 40}", "score: {han: 2}", "2 han is below every limit: write its fu too"),
    ("yaku: [riichi, pinfu, tanyao]", "yaku: [riichi, pinfu, tanyo]", "(did you mean 'tanyao'?)"),
    ("    tile: 6p\n", "", "a win written by its `score` names the winning tile"),
    ("declared: {riichi: [Ben]}", "declared: {richi: [Ben]}", "'richi' is no declaration of this ruleset's"),
    ("ready: [Ben, Dan]", "ready: [Ben, Dann]", "'Dann' is not one of the players (did you mean 'Dan'?)"),
    ("    from: Chie\n    tile: 6p\n", "    from: Chie\n    ready: [Ben]\n    tile: 6p\n", "is about a drawn deal"),
    ("      Dan: \"234567m34p67888s +5p\"\n    values", "      Dan: \"234567m34p67888s +5p\"\n    score: {han: 2, "
     "fu: 30}\n    values", "either as the hand (scored by the rules) or as its `score`"),
    ("ruleset: riichi_tenhou", "ruleset: hongkong", "is no declaration of this ruleset's plugins"),
]


@pytest.mark.parametrize(("good", "bad", "expected"), BAD, ids=[b[2][:30] for b in BAD])
def test_a_malformed_riichi_sheet_gets_one_located_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                        good: str, bad: str, expected: str) -> None:
    path = edited(tmp_path, (good, bad))
    for command in ("audit", "record"):
        code, out = run(capsys, command, str(path))
        assert code in (1, 2) and expected in out, out
        assert re.search(rf"{re.escape(str(path))}::(line \d+|\$[^:]*\(line \d+, column \d+\))", out), out
        assert len(out.splitlines()) == 1, out
    assert not path.with_suffix(".jsonl").exists()


def test_figures_under_a_family_that_scores_hands_only_ask_for_the_hand(capsys: pytest.CaptureFixture[str],
                                                                        tmp_path: Path) -> None:
    path = tmp_path / "hk.yaml"
    path.write_text("sheet: 1\nruleset: hongkong\nplayers: [Li, Mei, Chen, Wu]\ndeals:\n  - winner: Mei\n"
                    "    from: Wu\n    tile: 5z\n    score: {han: 3}\n", encoding="utf-8")
    code, out = run(capsys, "audit", str(path))
    assert code in (1, 2) and "hongkong scores hands, not a table's figures: give the winner's hand" in out, out
    assert "line 8" in out and len(out.splitlines()) == 1, out


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("told", {"tenpai": [1]}, "it tells `ready` and `all_orphan_discards` only"),
    ("told", {"ready": [1, 1]}, "told ready is a list of distinct seats"),
    ("declared", {"riichi": [7]}, "declared riichi is a list of distinct seats"),
    ("score", [], "[] is not of type 'object' (at $.score)"),  # the schema's word, before the reader's
    ("score", {"0": {"han": 1, "fu": 30}}, "names a winner whose revealed hand has its winning tile"),
])
def test_a_tampered_riichi_deal_in_a_log_is_named_not_a_traceback(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path, field: str, value: object,
                                                                 expected: str) -> None:
    lines = SHEET.with_suffix(".jsonl").read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if '"revealed"' in line and f'"{field}"' in line)
    event = json.loads(lines[index])
    event[field] = value
    lines[index] = json.dumps(event, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    path = tmp_path / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out = run(capsys, "audit", str(path))
    assert code != 0 and expected in out, out


def test_figures_are_paid_as_the_same_hand_scored_from_its_tiles() -> None:
    """The family pays a sheet's figures by the payments a scored hand gets: deal 9's hand (pinfu, tanyao: 2 han
    30 fu) and its figures give the same payments, dealer or not, on a discard or self-drawn, with honba."""
    from mahjong_rulesets.families.riichi.figures import score_figures

    from mahjong_core import parse_hand
    from mahjong_core.plugin.manager import ruleset_hooks
    from mahjong_core.plugin.scoring import score_hand
    from mahjong_core.rules import load_ruleset

    ruleset = load_ruleset("riichi_tenhou")
    hand = parse_hand("234567m34p67888s +5p")
    for seat in (27, 29):
        for how in ({}, {"self_drawn": True}):
            context = {"winner": True, "seat_wind": seat, "prevalent_wind": 27, "honba": 2, **how}
            scored = score_hand(ruleset, hand, context)
            assert scored is not None
            han, fu = scored.raw["han"], scored.raw["fu"]
            figured = ruleset_hooks(ruleset).mahjong_score_figures(ruleset=ruleset, figures={"han": han, "fu": fu},
                                                                   context=context)
            assert figured == score_figures(ruleset, {"han": han, "fu": fu}, context)
            paid = {k: v for k, v in scored.raw.items() if k.startswith("payment_from") or k == "received"}
            assert paid and paid == {k: v for k, v in figured.raw.items()
                                     if k.startswith("payment_from") or k == "received"}
            assert figured.total == scored.total
    hongkong = load_ruleset("hongkong")  # a family that scores hands only does not answer
    assert ruleset_hooks(hongkong).mahjong_score_figures(ruleset=hongkong, figures={"han": 3}, context={}) is None


DOUBLE_RON = """\
sheet: 1
ruleset: riichi_tenhou
players: [Aoi, Ben, Chie, Dan]
deals:
  - declared: {riichi: [Dan]}
    drawn: true
    ready: [Dan]
    net: {Aoi: -1000, Ben: -1000, Chie: -1000, Dan: 2000}
  - dealer: Ben
    honba: 1
    declared: {riichi: [Ben]}
    winner: [Ben, Dan]
    from: Chie
    tile: 6p
    score: {Ben: {han: 3, fu: 30}, Dan: {limit: mangan}}
    payments: [Chie -> Ben 6100, Chie -> Dan 8300]
    net: {Aoi: 0, Ben: 5100, Chie: -14400, Dan: 10300}
"""


def test_a_double_ron_pays_each_winner_and_the_pot_to_the_first_by_the_rules(capsys: pytest.CaptureFixture[str],
                                                                              tmp_path: Path) -> None:
    """Two winners on Chie's discard, each paid the hand with the honba; the two sticks in the pot go to Dan, the
    first of them from the discarder in turn order (Tenhou's rule), though the sheet names Ben first."""
    path = tmp_path / "double.yaml"
    path.write_text(DOUBLE_RON, encoding="utf-8")
    code, out = run(capsys, "audit", str(path))
    assert code == 0 and "2 hands by their figures" in out, out
    log = tmp_path / "double.jsonl"
    assert run(capsys, "record", str(path), "--out", str(log))[0] == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["seat"] for e in events if e["type"] == "mahjong"] == [3, 1]
    code, out = run(capsys, "audit", str(log))
    assert code == 0, out
    # The pot written as Ben's is told: by the rules it is Dan's.
    path.write_text(DOUBLE_RON.replace("Ben: 5100, Chie: -14400, Dan: 10300", "Ben: 7100, Chie: -14400, Dan: 8300"),
                    encoding="utf-8")
    code, out = run(capsys, "audit", str(path))
    assert code == 1 and "the sheet has +7100 for this deal, the rules +5100" in out, out
    # Three winners where Tenhou lets two win on one discard (a third is an abortive draw).
    path.write_text(DOUBLE_RON.replace("winner: [Ben, Dan]", "winner: [Ben, Dan, Aoi]").replace(
        "Dan: {limit: mangan}}", "Dan: {limit: mangan}, Aoi: {han: 1, fu: 30}}"), encoding="utf-8")
    code, out = run(capsys, "audit", str(path))
    assert code in (1, 2) and "3 players win on one discard; under riichi_tenhou at most 2 do" in out, out
    path.write_text(DOUBLE_RON.replace("score: {Ben: {han: 3, fu: 30}, Dan: {limit: mangan}}",
                                       "score: {han: 3, fu: 30}"), encoding="utf-8")
    code, out = run(capsys, "audit", str(path))
    assert code in (1, 2) and "with several winners, give each one's figures by name" in out, out


# ------------------------------------------------------------------ a simulated game, written down as a table would


def riichi_sheet(log: Path) -> dict:
    """A riichi game's log as a club's table writes it: per deal the dealer, the honba, the declarations that stood,
    each winner's han and fu (or limit) and whom from, the ready hands or the abortive draw, every payment between
    players, the running totals; the points at the game's end.  Nothing of the tiles but the winning one."""
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    names = [s["name"] for s in lines[0]["seats"]]
    deals: list[dict] = []
    counters: dict[str, int] = {}
    final = None
    deal: dict = {}
    for e in lines[1:]:
        kind = e["type"]
        if kind == "counter":
            counters[e["name"]] = e["value"]
        elif kind == "deal_start":
            deal = {"dealer": names[e["dealer"]], "round": "ESWN"[e["prevalent_wind"]],
                    "honba": counters.get("honba", 0), "payments": []}
            stood: list[str] = []
        elif kind == "payment" and deal is not None and "totals" not in deal:
            payer, payee, reason = e["payer"], e["payee"], e["reason"]
            if reason == "riichi_stick":  # into the pot, or back to a declarer whose discard was won on
                stood.append(names[payer]) if payee is None else stood.remove(names[payee])
            elif payer is not None and payee is not None:
                deal["payments"].append(f"{names[payer]} -> {names[payee]} {e['amount']}")
                if reason == "all_orphan_discards" and names[payee] not in deal.setdefault(reason, []):
                    deal[reason].append(names[payee])
        elif kind == "mahjong":
            deal.setdefault("winner", []).append(names[e["seat"]])
            deal["tile"] = e["tile"]
            if e["how"] in ("discard", "robbing_kong"):
                deal["from"] = names[e["discarder"]]
            if e["how"] != "discard":
                deal["how"] = e["how"]
        elif kind == "score" and e.get("value"):
            raw = e["raw"]
            deal.setdefault("score", {})[names[e["seat"]]] = \
                {"limit": e["limit"]} if e.get("limit") else {"han": raw["han"], "fu": raw["fu"]}
        elif kind == "ready_hands":
            deal["drawn"], deal["ready"] = True, [names[s] for s in e["seats"]]
        elif kind == "exhaustive_draw":
            deal["drawn"] = True
        elif kind == "abortive_draw":
            deal["abortive"] = e["reason"]
        elif kind == "settlement":
            deal["payments"] += [f"{names[a]} -> {names[b]} {n}" for a, b, n, _ in e["payments"]]
            deal["totals"] = dict(zip(names, e["scores"], strict=True))
        elif kind == "deal_end":
            if stood:
                deal["declared"] = {"riichi": stood}
            if "winner" in deal:
                if len(deal["winner"]) == 1:
                    deal["winner"] = deal["winner"][0]
                    deal["score"] = next(iter(deal["score"].values()))
            deals.append(deal)
        elif kind == "game_end":
            final = dict(zip(names, e["scores"], strict=True))
    return {"sheet": 1, "ruleset": lines[0]["ruleset"]["id"], "players": names, "deals": deals, "final": final}


@pytest.mark.parametrize("seed", [7, 11])
def test_a_simulated_hanchan_written_down_by_its_figures_audits_clean(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path, seed: int) -> None:
    """A whole simulated game of riichi_tenhou, written as a table writes it (no tiles but the winning one) by
    ``mahjong_core.sheets.write``, agrees with the rules in every figure: the honba of its repeats, the sticks, the
    ready-hand payments, its abortive draws, each win's payments from its han and fu, the oka and uma at the end."""
    from mahjong_core.sheets.write import sheet_yaml

    assert run(capsys, "simulate", "--ruleset", "riichi_tenhou", "--seed", str(seed), "--out", str(tmp_path))[0] == 0
    (log,) = tmp_path.glob("*.jsonl")
    document = riichi_sheet(log)
    text = sheet_yaml(document)
    assert text.startswith("sheet: 1\nruleset: riichi_tenhou\n") and "\n    score: {" in text, text
    kinds = {key for deal in document["deals"] for key in deal}
    assert {"declared", "drawn", "honba", "score", "tile"} <= kinds, kinds
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    code, out = run(capsys, "audit", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"], report.get("differences") or report.get("error")
    assert report["deals"] == len(document["deals"]) and report["scores"] == list(document["final"].values())
    assert "final scores" in report["proof"]["sheet"]


def test_a_riichi_declared_on_a_sheet_of_results_is_no_double_riichi(tmp_path: Path) -> None:
    """A sheet of results writes a declaration that stood, not when it was made: the win written by its hand is
    scored with riichi's one han, not double riichi's two (the table had discarded before it)."""
    from mahjong_core.sheets.read import parse_sheet
    from mahjong_core.sheets.record import record

    text = ("sheet: 1\nruleset: riichi_tenhou\nplayers: [Aoi, Ben, Chie, Dan]\ndeals:\n"
            "  - declared: {riichi: [Ben]}\n    winner: Ben\n    from: Chie\n"
            "    hands: {Ben: \"234m 40p 22s 345s 678s +6p\"}\n    facts: {dora_indicators: \"1z\"}\n"
            "    payments: [Chie -> Ben 7700]\n")
    recorded = record(parse_sheet(text, str(tmp_path / "s.yaml")))
    assert recorded.differences == [], recorded.report()
    declared = next(e for e in recorded.events if e["type"] == "riichi_declaration")
    assert declared["double"] is False
    score = next(e for e in recorded.events if e["type"] == "score" and e["seat"] == 1)
    assert [i["name"] for i in score["items"] if i["kind"] == "han"] == ["riichi", "pinfu", "tanyao", "aka_dora"]
