"""Score sheets a person writes at a physical table: audited and recorded through the CLI as a user runs them.

The worked sheets of ``replays/sheets/`` (a classical ruleset, Hong Kong, MCR
and Piter) audit clean and record to their committed logs byte for byte;
sheets with the mistakes a table makes (a doubling forgotten, a payment by
the wrong player, East's double forgotten, the wrong dealer, a carried total)
are each caught and named at their line; malformed sheets get one located
line, exit status 2 and no traceback.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from own_tile_sheets import case_sheet, recorded_log

from mahjong_core.cli import main

ROOT = Path(__file__).resolve().parents[3]
SHEETS = ROOT / "replays" / "sheets"
EXAMPLES = ("chinese_classical", "hongkong", "mcr", "piter")
#: The worked sheet written move by move.
MOVES_EXAMPLE = "harbin_moves"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def audit_json(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, dict]:
    code, out, _ = run(capsys, "audit", str(path), "--json")
    return code, json.loads(out)


def edited(tmp_path: Path, name: str, *swaps: tuple[str, str]) -> Path:
    """The worked sheet ``name`` with each ``(old, new)`` text replaced exactly once."""
    text = (SHEETS / f"{name}.yaml").read_text(encoding="utf-8")
    for old, new in swaps:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


# ------------------------------------------------------------------ the worked examples


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_worked_sheet_audits_clean_and_says_what_it_checked(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, report = audit_json(capsys, SHEETS / f"{name}.yaml")
    verdict = report
    assert code == 0 and verdict["ok"], verdict
    assert verdict["kind"] == "sheet" and verdict["differences"] == []
    assert verdict["deals"] == 4
    assert re.match(r"every written figure agrees with the rules: \d+ hand values", verdict["proof"]["sheet"])
    assert verdict["proof"]["wall"].startswith("not recorded")
    # The report of each deal is the one a log gets: the winner, every item with its source, the payments.
    won = [d for d in report["deal_reports"] if d["winner"] is not None]
    assert len(won) == 3
    assert all(item.get("source") for d in won for h in d["hands"] if h["seat"] == d["winner"] for item in h["items"])


@pytest.mark.parametrize("name", [*EXAMPLES, MOVES_EXAMPLE])
def test_record_writes_the_committed_sealed_log_which_replays_and_audits(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path, name: str) -> None:
    out = tmp_path / f"{name}.jsonl"
    code, text, _ = run(capsys, "record", str(SHEETS / f"{name}.yaml"), "--out", str(out))
    assert code == 0, text
    assert out.read_bytes() == (SHEETS / f"{name}.jsonl").read_bytes()
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["rng"] is None and {s["kind"] for s in lines[0]["seats"]} == {"human"}
    assert sum(e["type"] == "revealed" for e in lines[1:]) == (0 if name == MOVES_EXAMPLE else 4)
    assert all(len(e["state"]) == 64 and len(e["chain"]) == 64 for e in lines if e.get("type") == "deal_end")
    for command in ("replay", "audit"):
        code, text, _ = run(capsys, command, str(out))
        assert code == 0, text
    # Recording again gives the same bytes, so the file is left as it is; another game is never written over it.
    assert run(capsys, "record", str(SHEETS / f"{name}.yaml"), "--out", str(out))[0] == 0
    other = EXAMPLES[(EXAMPLES.index(name) + 1) % len(EXAMPLES)] if name in EXAMPLES else EXAMPLES[0]
    code, _, err = run(capsys, "record", str(SHEETS / f"{other}.yaml"), "--out", str(out))
    assert code == 2 and "not overwritten" in err
    assert out.read_bytes() == (SHEETS / f"{name}.jsonl").read_bytes()


def test_a_recorded_sheet_is_signed_and_its_tampering_is_caught(capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    key = tmp_path / "club.key"
    assert run(capsys, "keygen", str(key))[0] == 0
    out = tmp_path / "game.jsonl"
    assert run(capsys, "record", str(SHEETS / "piter.yaml"), "--out", str(out), "--sign", str(key))[0] == 0
    code, report = audit_json(capsys, out)
    assert code == 0
    code, text, _ = run(capsys, "audit", str(out), "--key", f"{key}.pub")
    assert code == 0 and "signed by" in text
    # A hand value changed in the log: the re-enactment gives another, at that line.
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if '"type":"score"' in line and '"value":304' in line)
    lines[k] = lines[k].replace('"value":304', '"value":608')
    out.write_text("".join(lines), encoding="utf-8")
    code, report = audit_json(capsys, out)
    assert code == 1 and report["line"] == k + 1, report
    # A revealed hand changed: the hand scores differently, and the audit names the first line that differs.
    lines[k] = lines[k].replace('"value":608', '"value":304')
    r = next(i for i, line in enumerate(lines) if '"type":"revealed"' in line and "+3s" in line)
    lines[r] = lines[r].replace("111z +3s", "777z +3s")
    out.write_text("".join(lines), encoding="utf-8")
    code, report = audit_json(capsys, out)
    assert code == 1 and r + 1 < report["line"] <= k + 1, report


# ------------------------------------------------------------------ the mistakes a table makes


def differences(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict]:
    code, report = audit_json(capsys, path)
    assert code == 1 and not report["ok"]
    return report["differences"]


def test_a_wrong_doubling_is_named_with_the_items_that_explain_it(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    sheet = edited(tmp_path, "chinese_classical", ("values: {Anna: 2, Boris: 60,", "values: {Anna: 2, Boris: 30,"))
    found = differences(capsys, sheet)
    assert len(found) == 1
    diff = found[0]
    assert (diff["deal"], diff["player"], diff["line"]) == (1, "Boris", line_of(sheet, "Boris: 30"))
    assert "the sheet values the hand at 30, the rules at 60" in diff["message"]
    explanation = "\n".join(diff["explanation"])
    assert "dragon_pong: doubling 1  [000 line 433" in explanation
    assert "1 doubling missing from the sheet" in explanation


def test_a_payment_by_the_wrong_player_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Wu gave the winning tile and pays double; the sheet has Chen pay it.
    sheet = edited(tmp_path, "hongkong", ("      - Chen -> Mei 2\n      - Wu -> Mei 4\n",
                                          "      - Chen -> Mei 4\n      - Wu -> Mei 2\n"))
    found = differences(capsys, sheet)
    assert len(found) == 1
    diff = found[0]
    assert diff["player"] == "Mei" and diff["line"] == line_of(sheet, "Chen -> Mei 4")
    assert "by the wrong players" in diff["message"] and "by the rules Chen pays 2, Wu pays 4" in diff["message"]
    assert "Wu gave the winning tile (`from`)" in diff["explanation"]


def test_a_payment_the_sheet_gives_to_the_wrong_player_alone(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    # MCR: the discarder pays the hand's points; the sheet has another player pay them.
    sheet = edited(tmp_path, "mcr", ("Rita -> Pavel 19", "Semyon -> Pavel 19"),
                   ("net: {Olga: -8, Pavel: 43, Rita: -27, Semyon: -8}",
                    "net: {Olga: -8, Pavel: 43, Rita: -8, Semyon: -27}"))
    code, report = audit_json(capsys, sheet)
    messages = [d["message"] for d in report["differences"]]
    assert any("payments to Pavel by the wrong players" in m and "Rita pays 27" in m for m in messages), messages
    # Rita's and Semyon's results are the sums of the sheet's own payments: counted under them, not listed.
    assert len(messages) == 1 and "2 more figures differ only because of these" in report["error"], report
    assert "deal 1: results (Rita, Semyon)" in report["error"]


def test_easts_double_forgotten_is_named_with_its_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sheet = edited(tmp_path, "chinese_classical",
                   ("net: {Anna: -156, Boris: 240, Vera: -46, Gleb: -38}",
                    "net: {Anna: -78, Boris: 180, Vera: -54, Gleb: -48}"),
                   ("      - Anna -> Boris 120", "      - Anna -> Boris 60"))
    found = differences(capsys, sheet)
    east = [d for d in found if d["player"] == "Anna"]
    assert any("the sheet has Anna pay Boris 60, the rules 120" in d["message"] for d in east)
    hints = [e for d in found for e in d["explanation"] if "East (Anna) pays and receives double" in e]
    assert hints and all("east_pays_double, 000 line 343" in h for h in hints)
    # Boris's +180 is the sum of the sheet's payments (60 + 60 + 60): it follows from Anna's payment. The other
    # three results agree with no payments of the sheet: mistakes of their own.
    assert {d["player"] for d in found if "for this deal" in d["message"]} == {"Anna", "Vera", "Gleb"}


def test_the_wrong_dealer_and_a_carried_total_are_told_apart(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    sheet = edited(tmp_path, "chinese_classical", ("  - dealer: Vera\n", "  - dealer: Gleb\n"),
                   ("totals: {Anna: -28, Boris: 184,", "totals: {Anna: -38, Boris: 194,"),
                   ("totals: {Anna: -28, Boris: 184,", "totals: {Anna: -38, Boris: 194,"))
    code, report = audit_json(capsys, sheet)
    found = report["differences"]
    rotation = [d for d in found if d["player"] is None]
    assert rotation[0]["deal"] == 3 and "East (the dealer) is Gleb" in rotation[0]["message"]
    assert "Vera is East" in rotation[0]["message"]
    totals = [d for d in found if "running total" in d["message"]]
    # Deal 2's totals are a mistake of their own; deal 3 (drawn) carries them on: counted, not listed as new.
    assert {(d["deal"], d["player"]) for d in totals} == {(2, "Anna"), (2, "Boris")}
    assert "2 more figures differ only because of these" in report["error"]
    assert "deal 3: running totals (Anna, Boris)" in report["error"]


def test_record_refuses_a_sheet_that_differs_and_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    sheet = edited(tmp_path, "chinese_classical", ("values: {Anna: 2, Boris: 60,", "values: {Anna: 2, Boris: 30,"))
    code, _, err = run(capsys, "record", str(sheet))
    # The refusal names the sheet's line to correct, as every located message does.
    assert code == 1 and err.startswith(f"{sheet}::line {line_of(sheet, 'Boris: 30')}: not recorded - 1 figure of "
                                        "the sheet differs"), err
    assert "Boris" in err
    assert not sheet.with_suffix(".jsonl").exists()


def test_a_sheet_without_figures_is_scored_by_the_rules_alone(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    text = (SHEETS / "mcr.yaml").read_text(encoding="utf-8")
    bare = "\n".join(line for line in text.splitlines()
                     if not line.lstrip().startswith(("values:", "net:", "totals:", "payments:", "- ")) or
                     line.startswith("  - "))
    path = tmp_path / "bare.yaml"
    path.write_text(bare + "\n", encoding="utf-8")
    code, report = audit_json(capsys, path)
    assert code == 0, report
    assert "writes no figures" in report["proof"]["sheet"]
    assert report["scores"] == json.loads((SHEETS / "mcr.jsonl").read_text().splitlines()[-1])["scores"]


# ------------------------------------------------------------------ bad input: one located line, exit 2


#: (text of the worked chinese_classical sheet, what a person wrote instead, what the message says)
BAD = [
    ("    winner: Boris", "    winer: Boris", "unknown key 'winer' (did you mean 'winner'?)"),
    ("    from: Vera", "    from: Borsi", "'Borsi' is not one of the players (did you mean 'Boris'?)"),
    ("[666z^] +5z", "[666z^] +5x", "Boris's hand:"),
    ("[666z^] +5z", "[666z^] 5z", "mark the winning tile in the hand with +TILE"),
    ("    from: Vera\n", "", "say how Boris won"),
    ('Anna: "123m456p789s1122z"', 'Anna: "123m456p789s5555z"', "the hands show 5z"),
    ("    calling: [Boris]\n", "", "not a mahjong under chinese_classical: calling hand not declared"),
    ("ruleset: chinese_classical", "ruleset: chinese_clasical", "did you mean"),
    ("    drawn: true\n", "    drawn: true\n    winner: Vera\n", "either won (`winner`) or drawn"),
    ("      - Anna -> Boris 120", "      - Anna -> Boris", "not a payment; write it as `PAYER -> PAYEE AMOUNT`"),
    ("    calling: [Boris]\n", "    calling: [Boris]\n    flags: [las_tile]\n", "did you mean !last_tile?"),
    ("deals:\n", "deals: [\n", "not valid YAML"),
    ('Gleb: "555m222p1133388s"', 'Gleb: "555m222p1133388s !calling"', "belong to the winner's hand"),
]


@pytest.mark.parametrize(("good", "bad", "expected"), BAD, ids=[b[2][:30] for b in BAD])
def test_a_malformed_sheet_gets_one_located_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, good: str,
                                                 bad: str, expected: str) -> None:
    original = (SHEETS / "chinese_classical.yaml").read_text(encoding="utf-8")
    assert good in original
    text = original.replace(good, bad, 1)
    path = tmp_path / "sheet.yaml"
    path.write_text(text, encoding="utf-8")
    for command in ("audit", "record"):
        code, out, err = run(capsys, command, str(path))
        message = (out + err).strip()
        assert code in (1, 2), message
        assert expected in message, message
        assert re.search(rf"{re.escape(str(path))}::(line \d+|\$[^:]*\(line \d+, column \d+\))", message), message
        assert len(message.splitlines()) == 1, message
    assert not path.with_suffix(".jsonl").exists()
    assert path.read_text(encoding="utf-8") == text  # nothing the user gave is rewritten


@pytest.mark.parametrize("content", [b"", b"\xff\xfe not utf-8", b"- a list\n", b"sheet: 2\n"])
def test_unreadable_sheets_are_refused_with_their_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       content: bytes) -> None:
    path = tmp_path / "sheet.yaml"
    path.write_bytes(content)
    code, out, err = run(capsys, "record", str(path))
    assert code == 2 and str(path) in err and len(err.strip().splitlines()) == 1, err


def test_a_sheet_is_not_replayed_and_not_signed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "replay", str(SHEETS / "mcr.yaml"))
    assert code == 1 and "records no moves to re-play" in out
    assert run(capsys, "keygen", str(tmp_path / "k"))[0] == 0
    code, out, _ = run(capsys, "audit", str(SHEETS / "mcr.yaml"), "--key", str(tmp_path / "k.pub"))
    assert code == 1 and "a score sheet is not signed" in out


def test_a_sheet_names_a_house_rule_file_beside_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text(
        "id: club_classical\nversion: 1.0.0\nname: Our club\nextends: chinese_classical\nparameters:\n"
        "  east_pays_double: {value: false, assumption: \"the club's minutes of 2026-11-30\"}\n", encoding="utf-8")
    games = tmp_path / "games"
    games.mkdir()
    text = (SHEETS / "chinese_classical.yaml").read_text(encoding="utf-8")
    (games / "night.yaml").write_text(text.replace("ruleset: chinese_classical", "ruleset: ../club.yaml"),
                                      encoding="utf-8")
    found = differences(capsys, games / "night.yaml")
    # Without East's double, East's payments are the ones that change.
    assert any("the sheet has Anna pay Boris 120, the rules 60" in d["message"] for d in found)
    # The house rule travels in the recorded log: it audits with the file gone.
    bare = games / "bare.yaml"
    bare.write_text("\n".join(line for line in (games / "night.yaml").read_text().splitlines()
                              if not line.lstrip().startswith(("values:", "net:", "totals:", "payments:", "- "))
                              or line.startswith("  - ")) + "\n", encoding="utf-8")
    assert run(capsys, "record", str(bare))[0] == 0
    (tmp_path / "club.yaml").unlink()
    code, text, _ = run(capsys, "audit", str(bare.with_suffix(".jsonl")))
    assert code == 0 and "club_classical" in text


# ------------------------------------------------------------------ move by move


NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dima", "Egor"]
VERB = {"discard": "discards", "pung": "pungs", "chow": "chows", "kong": "kongs", "win": "wins",
        "exchange": "passes", "refuse": "refuses", "declare_calling": "declares calling", "continue": "continues",
        "end_deal": "ends the deal"}


def moves_sheet(log: Path, deals: int) -> str:
    """The first ``deals`` deals of a log as a person would write them move by move: dealt tiles, then moves.

    Passes are left out (a claim the sheet does not record is a pass), a draw and the discard after it are one
    line, and a move the clock replaced (a timeout) is written as the move that was made.
    """
    lines = log.read_text(encoding="utf-8").splitlines()
    names = NAMES[:len(json.loads(lines[0])["seats"])]
    plugin_moves = any(e["type"] == "decision" and e["action"] not in VERB and e["action"] != "pass"
                       for e in map(json.loads, lines[1:]))
    out = [f"sheet: {2 if plugin_moves else 1}", f"ruleset: {json.loads(lines[0])['ruleset']['id']}",
           f"players: [{', '.join(names)}]", "deals:"]
    moves: list[str] = []
    dice: list[list[int]] = []
    shown: dict[str, list[str]] = {}
    declaring: dict[int, str] = {}  # a declaration with no tiles, written with the seat's next discard
    deal = -1

    def flush() -> None:
        out.extend(f"      - {m}" for m in moves)
        out.extend(f'    {key}: "{" ".join(tiles)}"' for key, tiles in shown.items())

    def said(e: dict) -> str:
        action = e["action"]
        if action not in VERB:  # a plugin's move (sheet: 2): its kind, its tiles, its way
            return " ".join(str(w) for w in (action, e.get("tile"), *e.get("tiles", ()), e.get("way")) if w)
        arg = {"chow": lambda: "".join(sorted([e["tile"], *e["tiles"]])), "exchange": lambda: " ".join(e["tiles"]),
               "discard": lambda: e["tile"] + (" calling" if e.get("way") == "declare_calling" else ""),
               "pung": lambda: e["tile"], "kong": lambda: e["tile"]}.get(action, lambda: "")()
        return f"{VERB[action]} {arg}".strip()

    for event in map(json.loads, lines[1:]):
        kind = event["type"]
        if kind == "deal_start":
            deal += 1
            if deal >= deals:
                break
            flush()
            moves, dice, shown = [], [], {}
            out.append(f"  - dealer: {names[event['dealer']]}")
        elif kind == "wall_dice":
            dice.append(event["values"])
        elif kind == "hands":
            out += [f"    dice: {json.dumps(dice)}"] if dice else []
            out += ["    dealt:", *(f'      {names[s]}: "{" ".join(h)}"' for s, h in enumerate(event["hands"])),
                    "    moves:"]
        elif kind == "dora_indicator_shown":  # the dead wall's tiles the table turned, and those under them
            shown.setdefault("dora_indicators", []).append(event["tile"])
        elif kind == "ura_dora_shown":
            shown["ura_dora_indicators"] = event["tiles"]
        elif kind == "decision" and event["action"] not in VERB and event["action"] != "pass" \
                and not event.get("tile") and not event.get("tiles") and not event.get("way"):
            declaring[event["actor"]] = event["action"]  # riichi: written on its discard, `discards 3p riichi`
        elif kind in ("draw", "replacement"):
            moves.append(f"{names[event['seat']]} {'draws' if kind == 'draw' else 'replacement'} {event['tile']}")
        elif kind == "decision" and event["action"] != "pass":
            who = names[event["actor"]]
            last = moves[-1] if moves else ""
            move = said(event)
            if event["action"] == "discard" and event["actor"] in declaring:
                move += " " + declaring.pop(event["actor"])
            if event["phase"] == "turn" and last.startswith(f"{who} draws ") and "," not in last:
                moves[-1] = f"{last}, {move}"
            else:
                moves.append(f"{who} {move}")
        elif kind == "timeout":  # the rules' move replaced the late one: the sheet records what was played
            head = moves[-1].rsplit(", ", 1)[0] + ", " if ", " in moves[-1] else f"{names[event['seat']]} "
            moves[-1] = head + said({**event, "action": event["action"]})
    flush()
    return "\n".join(out) + "\n"


def deal_results(lines: list[dict], deals: int) -> list[list[dict]]:
    """Each deal's scores and settlement (the rules' figures), without times and event numbers."""
    out: list[list[dict]] = []
    for event in lines[1:]:
        if event["type"] == "deal_start":
            if len(out) == deals:
                break
            out.append([])
        elif event["type"] in ("score", "settlement", "penalty", "mahjong", "exhaustive_draw"):
            out[-1].append({k: v for k, v in event.items() if k not in ("n", "t")})
    return out


def _sheet_can_say(log: Path) -> bool:
    """Whether a move-by-move sheet can write a log's game: every game -- red fives (``0p``), riichi declared on
    a discard, dora and ura-dora indicators and kita included -- but one holding a joker (``1j``: example_jokers),
    whose melds and exchanges are no sheet move yet, or one whose indicators are a plugin's own event
    (``dora_indicator``: example_riichi_mechanics), which a physical table's log does not read back as the dead
    wall's tiles (its audit reads ``dora_indicator_shown``), or one with a kind made wild for the deal
    (``wild_revealed``: fuzhou), which no sheet line turns up yet, nor one with an animal or a face (``1a``,
    ``1h``: singapore, malaysian_3p), an emperor, an empress or a flower joker (``1e``, ``1q``, ``1x``:
    vietnamese), which the sheet notation has no suit letter for yet, nor a typed joker (``2j``-``9j``, and the
    copies framed in a diamond or a circle, ``1d``, ``1c``: vietnamese)."""
    return not re.search(r'"[1-9][jdc]"|"wild_revealed"|"dora_indicator"|"[1-4][aheq]"|"1x"',
                         log.read_text(encoding="utf-8"))


#: Every golden replay a simulation writes, and the logs of several wins: a sheet writes each, a plugin's moves (a
#: missing suit chosen) in format version 2, several winners on one discard and play going on after a win as the
#: moves they are.
GOLDEN = [p for p in sorted((ROOT / "replays").glob("*.jsonl")) + sorted((ROOT / "replays" / "several_wins")
                                                                          .glob("*.jsonl")) if _sheet_can_say(p)]


def test_a_plugins_move_is_written_from_sheet_version_2_and_matched_against_what_the_rules_offer(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A missing suit declared at the table (example_play_on's ``choose_missing_suit``) is a move of a version-2
    sheet; a version-1 sheet that writes it is told which version writes it, and a way the rules do not offer
    there is named with the ways they do."""
    text = moves_sheet(ROOT / "replays" / "example_play_on-seed20261130.jsonl", 1)
    assert text.startswith("sheet: 2\n") and " choose_missing_suit no_" in text
    sheet = tmp_path / "suits.yaml"
    sheet.write_text(text.replace("sheet: 2\n", "sheet: 1\n", 1), encoding="utf-8")
    code, out, err = run(capsys, "record", str(sheet))
    said = (out + err).strip()
    assert code != 0 and "\n" not in said, said
    assert "'choose_missing_suit' is a move of the example_play_on plugin" in said and "`sheet: 2`" in said, said
    first = next(line for line in text.splitlines() if " choose_missing_suit " in line)
    sheet.write_text(text.replace(first, first.rsplit(" ", 1)[0] + " no_dragons", 1), encoding="utf-8")
    code, out, err = run(capsys, "record", str(sheet))
    said = (out + err).strip()
    assert code != 0 and "not a move the rules allow here" in said and "choose_missing_suit no_bamboo" in said, said


def test_a_move_the_sheet_format_does_not_know_is_refused_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    """A plugin's move written in a sheet whose ruleset has no such plugin is named as no move, with the moves there
    are."""
    text = moves_sheet(ROOT / "replays" / "chinese_classical-seed20261130.jsonl", 1)
    first = next(line for line in text.splitlines() if line.startswith("      - Anna discards "))
    sheet = tmp_path / "plugin-move.yaml"
    sheet.write_text(text.replace(first, "      - Anna choose_missing_suit circles", 1), encoding="utf-8")
    code, out, err = run(capsys, "record", str(sheet))
    said = (out + err).strip()
    assert code != 0 and "\n" not in said, said
    assert "'choose_missing_suit' is not a move; the moves are draws, discards" in said, said


@pytest.mark.parametrize("log", GOLDEN, ids=[p.name.split("-")[0] for p in GOLDEN])
def test_a_game_written_move_by_move_plays_as_it_was_played(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            log: Path) -> None:
    """Two deals of every golden game (every deal of a log of several wins), written down move by move, record to
    the same scores and payments."""
    golden = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    deals = 2 if log.parent.name == "replays" else sum(e["type"] == "deal_start" for e in golden)
    text = moves_sheet(log, deals)
    document = golden[0]["ruleset"].get("document")
    if document is not None:  # a house rule's log: the sheet names the file, as a club's sheet would
        (tmp_path / "house.yaml").write_text(document, encoding="utf-8")
        text = text.replace(f"ruleset: {golden[0]['ruleset']['id']}\n", "ruleset: house.yaml\n", 1)
    sheet = tmp_path / "moves.yaml"
    sheet.write_text(text, encoding="utf-8")
    out = tmp_path / "moves.jsonl"
    code, text, err = run(capsys, "record", str(sheet), "--out", str(out))
    assert code == 0, text + err
    recorded = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert deal_results(recorded, deals) == deal_results(golden, deals)
    if log.parent.name == "several_wins":  # what the sheet wrote: several winners, play going on, a plugin's move
        kinds = [(e["type"], e.get("play_on"), e.get("action")) for e in recorded[1:]]
        assert ("mahjong", True, None) in kinds or ("abortive_draw", None, None) in kinds, log.name
    assert recorded[0]["rng"] is None and all(s["kind"] == "human" for s in recorded[0]["seats"])
    assert not any(e["type"] == "revealed" for e in recorded)  # an ordinary physical-table log
    code, text, _ = run(capsys, "audit", str(out))
    assert code == 0 and "tiles as observed" in text, text


def test_the_worked_move_by_move_sheet_agrees_with_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = audit_json(capsys, SHEETS / f"{MOVES_EXAMPLE}.yaml")
    assert code == 0 and report["ok"], report
    assert report["proof"]["sheet"].startswith("every written figure agrees with the rules: 4 hand values")
    assert report["proof"]["wall"].startswith("tiles as observed")


def test_a_move_the_rules_do_not_allow_is_named_with_what_they_allow(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    text = moves_sheet(ROOT / "replays" / "chinese_classical-seed20261130.jsonl", 1)
    lines = text.splitlines()
    dealt = next(line for line in lines if line.strip().startswith("Anna: ")).split('"')[1].split()
    first = next(i for i, line in enumerate(lines) if line.startswith("      - Anna discards "))
    absent = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p") if t not in dealt)
    lines[first] = f"      - Anna discards {absent}"
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(bad))
    assert code == 1 and f"line {first + 1}" in out, out
    assert f"'Anna discards {absent}': not a move the rules allow here (a turn); they allow: discards" in out, out
    # Someone moving out of turn is named too, with who the rules have to move.
    lines = text.splitlines()
    lines[first] = lines[first].replace("- Anna ", "- Vera ")
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(bad))
    assert code == 1 and f"line {first + 1}" in out and "by the rules Anna is to move here (a turn)" in out, out


def test_a_draw_by_the_wrong_player_and_moves_after_the_end_are_named(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    text = moves_sheet(ROOT / "replays" / "harbin-seed20261130.jsonl", 1)
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if " Boris draws " in line)
    lines[k] = lines[k].replace("Boris draws", "Vera draws", 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(bad))
    assert code == 1 and f"line {k + 1}" in out, out
    lines = text.splitlines() + ["      - Anna discards 1m"]
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(bad))
    assert code == 1 and f"line {len(lines)}" in out and "the deal is over by the rules before this move" in out


def test_a_written_result_of_a_move_by_move_deal_is_checked(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    text = moves_sheet(ROOT / "replays" / "chinese_classical-seed20261130.jsonl", 1)
    sheet = tmp_path / "moves.yaml"
    sheet.write_text(text.replace("  - dealer: Anna\n", "  - dealer: Anna\n    winner: Boris\n", 1), encoding="utf-8")
    found = differences(capsys, sheet)
    assert len(found) == 1 and "the sheet says Boris won; by its moves Gleb won" in found[0]["message"]


def test_a_sheet_is_written_one_way_throughout(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    moves = moves_sheet(ROOT / "replays" / "chinese_classical-seed20261130.jsonl", 1)
    results = (SHEETS / "chinese_classical.yaml").read_text(encoding="utf-8").split("deals:\n", 1)[1]
    sheet = tmp_path / "mixed.yaml"
    sheet.write_text(moves + results, encoding="utf-8")
    code, out, _ = run(capsys, "audit", str(sheet))
    assert code == 1 and "every deal move by move" in out and "not some of each" in out, out


SEMANTIC = [
    ("mahjong", {"how": "discard", "discarder": None}), ("mahjong", {"discarder": "winner"}),
    ("mahjong", {"how": "self_drawn"}), ("mahjong", {"how": "teleport"}), ("mahjong", {"tile": "9s"}),
    ("revealed", {"calling": [9]}), ("revealed", {"hands": ["123m", None, None]}),
    ("revealed", {"flags": ["heavenly"]}),
    ("revealed", {"flags": ["nonsense"]}), ("revealed", {"facts": {"tiles_left": "many"}}),
    ("revealed", {"hands": [None, "(1111z) [1111z^] +1z", None, None]}),
]


@pytest.mark.parametrize(("kind", "change"), SEMANTIC, ids=[f"{k}-{sorted(c)[0]}" for k, c in SEMANTIC])
def test_a_tampered_revealed_deal_is_named_not_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           kind: str, change: dict) -> None:
    lines = [json.loads(line) for line in (SHEETS / "mcr.jsonl").read_text(encoding="utf-8").splitlines()]
    k = next(i for i, e in enumerate(lines) if e["type"] == kind)
    event = lines[k]
    for key, value in change.items():
        event[key] = event["seat"] if value == "winner" else value
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in lines),
                    encoding="utf-8")
    for command in ("audit", "replay"):
        code, out, err = run(capsys, command, str(path))
        err = out + err  # the verdict is on standard output, bad input on standard error
        # Named where the rules refuse it, or (a change the rules do not read) where the seal breaks.
        assert code in (1, 2) and (f"line {k + 1}" in err or "chain" in err), (command, err)


@pytest.mark.parametrize(("ruleset", "said"), [
    ("../../../../../../../../etc/passwd", "expected a mapping at the top"),
    ("no_such_file.yaml", "cannot read the rule file"),
    ("chinese_clasical", "did you mean 'chinese_classical'?"),
])
def test_a_ruleset_that_does_not_load_is_named_at_the_sheets_ruleset_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, ruleset: str, said: str) -> None:
    path = edited(tmp_path, "chinese_classical", ("ruleset: chinese_classical", f"ruleset: {ruleset}"))
    line = line_of(path, "ruleset:")
    for command in ("audit", "record"):
        code, out, err = run(capsys, command, str(path))
        err = out + err  # the verdict is on standard output, bad input on standard error
        assert code in (1, 2) and said in err, err
        # The sheet's own line, before anything else: `SHEET::line N: ...` or `SHEET::$.ruleset (line N, ...): ...`.
        assert err.startswith(f"{path}::") and f"line {line}" in err.split(": ", 1)[0], err
        assert f"ruleset {ruleset!r}" in err or ruleset == "chinese_clasical", err


@pytest.mark.parametrize(("name", "good", "bad", "expected"), [
    ("mcr", '"123m456m789m5z [777s<] 2f +5z"', '"123m456m788m5z [777s<] 2f +5z"', "not a complete hand"),
    ("chinese_classical", '"234m678p5z [777s<] [666z^] +5z"', '"234m678p5z [777s<] [666z^] 9s +5z"',
     "a winning hand has 14 tiles, the winning tile included (a kong counts as three); this one has 15"),
    ("chinese_classical", '"234m678p5z [777s<] [666z^] +5z"', '"234m679p5z [777s<] [666z^] +5z"',
     "must be complete"),
])
def test_a_winning_hand_that_is_no_complete_hand_is_named_at_its_own_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, good: str, bad: str, expected: str) -> None:
    path = edited(tmp_path, name, (good, bad))
    line = line_of(path, bad)
    code, report = audit_json(capsys, path)
    assert code in (1, 2) and report["line"] == line and expected in report["error"], report
    code, _, err = run(capsys, "record", str(path))
    assert code in (1, 2) and err.startswith(f"{path}::$.deals[0].hands.") and f"(line {line}," in err, err


@pytest.mark.parametrize("row", ["      - Olga -> Pavel 8", "      - Rita -> Pavel 8", "      - Rita -> Pavel 19"])
def test_a_wrong_payment_is_named_at_its_own_row(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                 row: str) -> None:
    # Rita pays Pavel twice (the base and the hand): the row that is wrong is named, not the pair's first row.
    path = edited(tmp_path, "mcr", (row + "\n", row[:-1] + str(int(row[-1]) + 1) + "\n"))
    found = differences(capsys, path)
    assert [d["line"] for d in found] == [line_of(path, row[:-1] + str(int(row[-1]) + 1))], found


def resealed(tmp_path: Path, name: str, kind: str, index: int, change: dict) -> tuple[Path, int]:
    """The worked sheet's log with one field of its ``index``-th ``kind`` event changed, and sealed again.

    Anyone can compute the chain of an unsigned log, so a change the seal would catch is not enough: the audit
    itself must refuse it.  Returns the file and the changed line.
    """
    from mahjong_core.log.chain import Sealer

    events = [json.loads(line) for line in (SHEETS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]
    k = [i for i, e in enumerate(events) if e["type"] == kind][index]
    events[k].update(change)
    sealer = Sealer()
    path = tmp_path / f"{name}-changed.jsonl"
    path.write_text("".join(sealer.line(e) + "\n" for e in events), encoding="utf-8")
    return path, k + 1


#: Changes to a sheet's log that the re-enactment used to take on trust: each contradicts the rest of its deal.
UNTRUSTED = [
    ("piter", "revealed", 0, {"flags": []}, "among the calling seats"),  # the winner called; the flag dropped
    ("piter", "revealed", 0, {"calling": []}, "among the calling seats"),  # the flag kept; the seat dropped
    # A discarder that is not a seat: the replay schema refuses it (the event catalogue declares a seat or null).
    ("piter", "mahjong", 0, {"discarder": False}, "(at $.discarder)"),
    ("piter", "mahjong", 0, {"discarder": True}, "(at $.discarder)"),
    ("piter", "revealed", 1, {"flags": ["calling"]}, "the mahjong event says 'self_drawn'"),
    ("piter", "revealed", 2, {"flags": ["calling"]}, "a drawn deal"),
    ("piter", "revealed", 2, {"facts": {"tiles_left": 0}}, "a drawn deal"),
    ("piter", "revealed", 0, {"facts": {"calling": True}}, "the fact 'calling'"),
    ("hongkong", "revealed", 3, {"facts": {"last_tile": False}}, "the fact 'last_tile'"),
    ("chinese_classical", "revealed", 0,
     {"hands": ["123m456p789s112z +2z", "234m678p5z [777s<] [666z^] +5z", "11m999p456s33447z", "555m222p1133388s"]},
     "seat 0 did not win"),
    ("chinese_classical", "revealed", 0,
     {"hands": ["123m456p789s1122z", "234m678p5z [777s<] [666z^] +5z !last_tile", "11m999p456s33447z",
                "555m222p1133388s"]}, "situation !last_tile"),
]


@pytest.mark.parametrize(("name", "kind", "index", "change", "said"), UNTRUSTED,
                         ids=[f"{n}-{k}{i}-{sorted(c)[0]}-{str(list(c.values())[0])[:12]}"
                              for n, k, i, c, _ in UNTRUSTED])
def test_every_fact_a_sheets_log_gives_is_held_against_the_rest_of_its_deal(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, kind: str, index: int, change: dict,
        said: str) -> None:
    path, line = resealed(tmp_path, name, kind, index, change)
    for command in ("audit", "replay"):
        code, out, err = run(capsys, command, str(path))
        err = out + err  # the verdict is on standard output, bad input on standard error
        assert code in (1, 2) and f"::line {line} " in err and said in err, (command, err)


def test_a_resealed_but_unchanged_log_still_audits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # The control for the test above: resealing alone changes nothing.
    path, _ = resealed(tmp_path, "piter", "mahjong", 0, {})
    assert run(capsys, "audit", str(path))[0] == 0


def test_the_calling_flag_puts_the_winner_among_the_calling_seats(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    # Said either way on the sheet, the log says it both ways, so an audit can hold one against the other.
    path = edited(tmp_path, "piter", ("    calling: [Boris]\n", "    flags: [calling]\n"))
    out = tmp_path / "flag.jsonl"
    assert run(capsys, "record", str(path), "--out", str(out))[0] == 0
    assert out.read_bytes() == (SHEETS / "piter.jsonl").read_bytes()


def test_a_fact_the_flags_say_is_refused_on_the_sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = edited(tmp_path, "piter", ("    calling: [Boris]\n", "    calling: [Boris]\n    facts: {calling: false}\n"))
    code, out, _ = run(capsys, "audit", str(path))
    assert code in (1, 2) and f"::line {line_of(path, 'facts:')}: " in out and "the fact 'calling'" in out, out


def two_mistakes(tmp_path: Path) -> Path:
    """The classical sheet with two mistakes, every later figure added up from them as a table would.

    East's double forgotten on one payment of deal 1 (Anna pays Boris 60, not 120), carried into every later
    running total; and one doubling forgotten on Gleb's hand in deal 4 (34, not 68), settled from it.
    """
    return edited(tmp_path, "chinese_classical",
                  ("      - Anna -> Boris 120", "      - Anna -> Boris 60"),
                  ("net: {Anna: -156, Boris: 240,", "net: {Anna: -96, Boris: 180,"),
                  ("totals: {Anna: -156, Boris: 240,", "totals: {Anna: -96, Boris: 180,"),
                  ("totals: {Anna: -28, Boris: 184,", "totals: {Anna: 32, Boris: 124,"),
                  ("totals: {Anna: -28, Boris: 184,", "totals: {Anna: 32, Boris: 124,"),
                  ("values: {Anna: 2, Boris: 12, Vera: 8, Gleb: 68}",
                   "values: {Anna: 2, Boris: 12, Vera: 8, Gleb: 34}"),
                  ("net: {Anna: -90, Boris: -50, Vera: -132, Gleb: 272}",
                   "net: {Anna: -56, Boris: -16, Vera: -98, Gleb: 170}"),
                  ("totals: {Anna: -118, Boris: 134, Vera: -222, Gleb: 206}",
                   "totals: {Anna: -24, Boris: 108, Vera: -188, Gleb: 104}"))


def test_two_mistakes_are_two_differences_not_every_figure_after_them(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    sheet = two_mistakes(tmp_path)
    code, report = audit_json(capsys, sheet)
    assert code == 1
    assert [(d["deal"], d["player"], d["line"]) for d in report["differences"]] == [
        (1, "Anna", line_of(sheet, "Anna -> Boris 60")), (4, "Gleb", line_of(sheet, "Gleb: 34"))]
    assert report["error"].startswith("2 figures of the sheet differ from the rules:")
    assert "16 more figures differ only because of these" in report["error"]
    # record says the same, and its JSON lists the figures that follow apart from the differences.
    code, out, err = run(capsys, "record", str(sheet))
    assert code == 1 and "2 figures of the sheet differ" in err and "16 more figures" in err, err
    code, out, _ = run(capsys, "record", str(sheet), "--json")
    answer = json.loads(out)
    assert len(answer["differences"]) == 2 and len(answer["follows"]) == 16
    assert all(d["follows"] for d in answer["follows"])


def test_a_slip_in_the_addition_after_a_mistake_is_still_its_own_difference(capsys: pytest.CaptureFixture[str],
                                                                             tmp_path: Path) -> None:
    # The same sheet with Vera's last running total mis-added by 10: that one is a new mistake, listed.
    sheet = two_mistakes(tmp_path)
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("Vera: -188, Gleb: 104}", "Vera: -178, Gleb: 104}"),
                     encoding="utf-8")
    code, report = audit_json(capsys, sheet)
    listed = [(d["deal"], d["player"]) for d in report["differences"]]
    assert listed == [(1, "Anna"), (4, "Gleb"), (4, "Vera")], listed
    assert "15 more figures" in report["error"]


@pytest.mark.parametrize(("vera_gleb", "listed", "more"), [("30", 1, "3 more figures"), ("60", 2, None)],
                         ids=["settled-from-the-wrong-value", "one-payment-wrong-besides"])
def test_payments_settled_from_a_wrong_value_follow_from_it(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                            vera_gleb: str, listed: int, more: str | None) -> None:
    # Boris's hand written at 30, not 60.  Paid from 30 by all three, the payments follow from the value; with
    # Vera and Gleb paying from the right 60, Anna's 60 is a slip of its own (East's double), listed.
    sheet = edited(tmp_path, "chinese_classical", ("values: {Anna: 2, Boris: 60,", "values: {Anna: 2, Boris: 30,"),
                   ("      - Anna -> Boris 120", "      - Anna -> Boris 60"),
                   ("      - Vera -> Boris 60", f"      - Vera -> Boris {vera_gleb}"),
                   ("      - Gleb -> Boris 60", f"      - Gleb -> Boris {vera_gleb}"))
    code, report = audit_json(capsys, sheet)
    assert code == 1 and len(report["differences"]) == listed, report
    assert report["differences"][0]["line"] == line_of(sheet, "Boris: 30")
    assert (more in report["error"]) if more else ("more figure" not in report["error"]), report["error"]


# ---------------------------------------------------------------------------------------------------------------
# A sheet is read in its ruleset's tiles and at its table


def test_a_red_five_on_a_sheet_is_recorded_and_audited(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from mahjong_core.sheets.read import read_sheet

    path = case_sheet(tmp_path, "red_five")
    sheet = read_sheet(path)
    assert sheet.deals[0].hands[0] is not None and sheet.deals[0].hands[0].marked == (13,)  # a red 5p
    out = tmp_path / "night.jsonl"
    code, _, err = run(capsys, "record", str(path), "--out", str(out))
    assert code == 0, err
    revealed = next(json.loads(line) for line in out.read_text().splitlines() if '"revealed"' in line)
    assert revealed["hands"][0] == "123m406p789s1122z"  # written in the set's own code
    code, report = audit_json(capsys, out)
    assert code == 0 and report["ok"], report


def test_north_set_aside_on_a_sheet_is_a_bonus_tile(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from mahjong_core.sheets.read import read_sheet

    path = case_sheet(tmp_path, "north_bonus")
    gleb = read_sheet(path).deals[0].hands[3]
    assert gleb is not None and gleb.bonus == (30,) and len(gleb.concealed) == 13
    out = tmp_path / "night.jsonl"
    code, _, err = run(capsys, "record", str(path), "--out", str(out))
    assert code == 0, err
    revealed = next(json.loads(line) for line in out.read_text().splitlines() if '"revealed"' in line)
    assert revealed["hands"][3] == "555m222p1133388s 4z"
    assert audit_json(capsys, out)[0] == 0


def test_a_sheet_log_in_a_tile_set_of_its_own_names_its_bonus_tiles_in_the_header(tmp_path: Path) -> None:
    """A fold reads no ruleset: the header says which codes a revealed hand holds apart (North here)."""
    red, north = (json.loads(recorded_log(tmp_path, case).read_text().split("\n", 1)[0])
                  for case in ("red_five", "north_bonus"))
    assert red["tile_set"] == {"bonus": []}  # no bonus tiles in this set: none a hand holds apart
    assert north["tile_set"]["bonus"] == ["4z"]
    plain = json.loads((SHEETS / "chinese_classical.jsonl").read_text().split("\n", 1)[0])
    assert "tile_set" not in plain  # the standard set: the header is written as it always was


@pytest.mark.parametrize(("case", "seat", "where", "tile"), [("red_five", 0, "concealed", "0p"),
                                                             ("north_bonus", 3, "bonus", "4z")])
def test_a_sheet_log_in_a_tile_set_of_its_own_folds_and_views(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              case: str, seat: int, where: str, tile: str) -> None:
    """The fold lays each revealed tile where it lies (a red five among the concealed tiles as ``0p``, North with
    the bonus tiles), and ``mahjong view`` draws the log."""
    from mahjong_core.log.fold import fold
    from mahjong_core.log.format import read_log

    log = recorded_log(tmp_path, case)
    parsed = read_log(log)
    k = next(i for i, e in enumerate(parsed.events) if e["type"] == "revealed")
    table = next(t for i, t in enumerate(fold(parsed.header, parsed.events)) if i == k)
    assert tile in getattr(table.seats[seat], where)
    assert tile not in table.seats[seat].concealed or where == "concealed"
    code, out, err = run(capsys, "view", str(log), "--seat", "0", "--ascii")
    assert code == 0 and err == "", err
    assert code == 0 and run(capsys, "audit", str(log))[0] == 0


def test_a_three_player_sheet_reads_its_melds_at_three_seats(tmp_path: Path) -> None:
    from mahjong_core.errors import SheetError
    from mahjong_core.hand.melds import ClaimedFrom
    from mahjong_core.sheets.read import read_sheet

    path = tmp_path / "three.yaml"
    path.write_text("sheet: 1\nruleset: example_three_players\nplayers: [Anna, Boris, Vera]\ndeals:\n"
                    "  - dealer: Anna\n    winner: Boris\n    from: Anna\n    hands:\n"
                    "      Anna: \"19m456p789s11223z\"\n"
                    "      Boris: \"234p678p5z [123s<] [666z>] +5z\"\n"
                    "      Vera: \"11m999p456s33557z\"\n", encoding="utf-8")  # no 2m-8m, no North, in this set
    boris = read_sheet(path).deals[0].hands[1]
    assert boris is not None
    assert [m.claimed_from for m in boris.melds] == [ClaimedFrom(2, 3), ClaimedFrom(1, 3)]
    path.write_text(path.read_text().replace("[666z>]", "[666z^]"), encoding="utf-8")
    with pytest.raises(SheetError, match=r"no seat is across \(\^\) at a table of 3"):
        read_sheet(path)


def test_a_sixteen_tile_game_written_move_by_move_plays_as_it_was_played(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    """Hands of five sets and a pair on a sheet: two deals of a game of the example_sixteen_tiles package,
    written move by move, record to the same scores and payments, and the recorded log audits clean."""
    from mahjong_core import available, load_ruleset, simulate

    if "example_sixteen_tiles" not in available():
        pytest.fail("install the third-party example: pip install ./plugins/examples/example_sixteen_tiles")
    (game,) = simulate(load_ruleset("example_sixteen_tiles"), 1, 1, ["greedy"] * 4, tmp_path / "played",
                       max_deals=2)
    assert game.replay is not None
    sheet = tmp_path / "moves.yaml"
    sheet.write_text(moves_sheet(game.replay, 2), encoding="utf-8")
    out = tmp_path / "moves.jsonl"
    code, text, err = run(capsys, "record", str(sheet), "--out", str(out))
    assert code == 0, text + err
    recorded = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    played = [json.loads(line) for line in game.replay.read_text(encoding="utf-8").splitlines()]
    assert deal_results(recorded, 2) == deal_results(played, 2)
    assert any(len(h) >= 16 for e in recorded if e["type"] == "hands" for h in e["hands"])
    code, text, _ = run(capsys, "audit", str(out))
    assert code == 0 and "tiles as observed" in text, text
