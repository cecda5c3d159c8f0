"""A recorded game of Hong Kong Old Style in which each of pao's exceptions changes who pays.

Seeded bot games show a discarder declaring no choice, but hardly ever a pao win that an exception then excuses:
the game is a score sheet written move by move instead (``hongkong_old_style/pao_exceptions.yaml``), which the
engine plays, and its recorded log beside it.  Deal 1: a discarder whose every tile was dangerous feeds a pure
bamboo hand already showing nine bamboo (``no_choice``); deal 2: a discarder ready on a pure character hand
himself feeds the third dragon set (``waiting_discarder``); deal 3: a discarder with no choice feeds the set that
shows twelve dots, and the winner then draws his own tile (``no_choice`` for a claimed set).  The same moves under
the ruleset with that one switch off make the feeder pay for all: both settlements are the engine's, held to each
other and to the hand's own value as the engine scored it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.cli import main

HERE = Path(__file__).parent / "hongkong_old_style"
SHEET = HERE / "pao_exceptions.yaml"
LOG = HERE / "pao_exceptions.jsonl"
RULESET_FILE = Path(__file__).parents[3] / "plugins/rulesets/hongkong_old_style/ruleset.yaml"
#: The switches as the ruleset states them, and each as a table without that exception states it.
SWITCHES = {"no_choice": ("no_choice: true", "no_choice: false"),
            "waiting_discarder": ("waiting_discarder: {any_wait: {fan: 6}, every_wait: {fan: 5}}",
                                  "waiting_discarder: null")}
#: The sheet's lines that write the figures the rules with both exceptions give.
FIGURES = ("values:", "payments:", "net:", "totals:")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out + err


def events_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def deals_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each deal's win (the ``mahjong`` event), the winner's value as scored, its payments and its no-choice
    declarations."""
    deals: list[dict[str, Any]] = []
    for e in events:
        if e["type"] == "deal_start":
            deals.append({"no_choice": []})
        elif e["type"] == "mahjong":
            deals[-1]["win"] = e
        elif e["type"] == "score" and e["seat"] == deals[-1]["win"]["seat"]:
            deals[-1]["value"] = e["value"]
        elif e["type"] == "settlement":
            deals[-1]["payments"] = [tuple(p) for p in e["payments"]]
        elif e["type"] == "no_choice":
            deals[-1]["no_choice"].append(e)
    return deals


def paid(deal: dict[str, Any]) -> dict[int, int]:
    """What each seat paid the winner."""
    out: dict[int, int] = {}
    for payer, payee, amount, _ in deal["payments"]:
        assert payee == deal["win"]["seat"]
        out[payer] = out.get(payer, 0) + amount
    return out


def recorded(tmp_path: Path, switch: str | None = None) -> Path:
    """The sheet's moves recorded afresh, its written figures left out (the engine's own are compared): under the
    ruleset, or under a house rule that makes no ``switch`` exception."""
    lines = SHEET.read_text(encoding="utf-8")
    name = switch or "both"
    if switch is not None:
        text = RULESET_FILE.read_text(encoding="utf-8")
        on, off = SWITCHES[switch]
        start = text.index("  pays_for_all:\n")
        block = text[start:text.index("    source:", start)]
        assert block.count(on) == 1
        house = tmp_path / f"without_{switch}.yaml"
        house.write_text(f"id: without_{switch}\nversion: 1.0.0\nname: Hong Kong Old Style without {switch}\n"
                         f"extends: hongkong_old_style\nparameters:\n{block.replace(on, off)}"
                         f"    assumption: \"a table that makes no {switch} exception to pao\"\n", encoding="utf-8")
        lines = lines.replace("ruleset: hongkong_old_style", f"ruleset: {house.name}")
    sheet = tmp_path / f"{name}_sheet.yaml"
    sheet.write_text("".join(line for line in lines.splitlines(keepends=True)
                             if not line.strip().startswith(FIGURES)), encoding="utf-8")
    log = tmp_path / f"{name}.jsonl"
    assert main(["record", str(sheet), "--out", str(log)]) == 0
    return log


def test_the_game_audits_clean_and_records_its_committed_log(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    code, said = run(capsys, "audit", str(SHEET), "--json")
    report = json.loads(said)
    assert code == 0 and report["ok"], report
    assert report["proof"]["sheet"].startswith("every written figure agrees with the rules: 3 hand values, "
                                               "9 payments"), report["proof"]
    log = tmp_path / "pao_exceptions.jsonl"
    assert run(capsys, "record", str(SHEET), "--out", str(log))[0] == 0
    assert log.read_bytes() == LOG.read_bytes(), f"the committed log is stale: mahjong record {SHEET} --out {LOG}"
    code, said = run(capsys, "audit", str(LOG))
    assert code == 0 and "audit OK" in said and "tiles as observed" in said, said
    code, said = run(capsys, "view", str(LOG), "--seat", "0", "--ascii")
    assert code == 0 and "no choice: a dangerous discard, the hand shown" in said, said


def test_no_choice_is_declared_with_the_hand_shown_and_the_waiting_discarder_declares_nothing() -> None:
    first, second, third = deals_of(events_of(LOG))
    (declared,) = first["no_choice"]
    discarder = first["win"]["discarder"]
    assert (declared["seat"], declared["tile"]) == (discarder, first["win"]["tile"])
    assert all(tile.endswith("s") for tile in declared["hand"])  # nothing but the suit nine tiles of are shown
    assert second["no_choice"] == []  # his waits are his own: nothing is shown of his hand
    assert [(e["seat"], e["tile"]) for e in third["no_choice"]] == [(0, "7p"), (0, "4p")]
    assert all(tile.endswith("p") for e in third["no_choice"] for tile in e["hand"])


#: Each deal an exception changes, with the seat whose discard fed the hand (as the sheet's moves say).
CHANGED = [("no_choice", 0, 2), ("waiting_discarder", 1, 3), ("no_choice", 2, 0)]


def own_share(deal: dict[str, Any], seat: int) -> int:
    """What ``seat`` pays as any loser does, by the ruleset's "half shooter" payments: double for the discarder
    and for everyone on a self-drawn win, single otherwise."""
    double = deal["win"]["how"] == "self_drawn" or seat == deal["win"]["discarder"]
    return deal["value"] * (2 if double else 1)


@pytest.mark.parametrize(("switch", "deal", "feeder"), CHANGED)
def test_each_exception_changes_who_pays_in_its_deal(tmp_path: Path, switch: str, deal: int, feeder: int) -> None:
    with_it = deals_of(events_of(recorded(tmp_path)))
    without_it = deals_of(events_of(recorded(tmp_path, switch)))
    won, lost = with_it[deal], without_it[deal]

    def win(d: dict[str, Any]) -> tuple[Any, ...]:
        return d["win"]["seat"], d["win"]["tile"], d["win"]["how"], d["win"]["discarder"], d["value"]

    assert win(won) == win(lost)  # the same win, the same hand value
    losers = [s for s in range(4) if s != won["win"]["seat"]]
    # With the exception every loser pays his own share, and the feeder's payment says why he pays no more; without
    # it the feeder pays all three shares.
    assert paid(won) == {s: own_share(won, s) for s in losers}
    assert paid(lost) == {feeder: sum(own_share(won, s) for s in losers)}
    (note,) = [reason for payer, _, _, reason in won["payments"] if payer == feeder]
    assert "does not pay for all" in note and ("no choice" if switch == "no_choice" else "waiting") in note
    assert not any("pay for all" in reason for payer, _, _, reason in won["payments"] if payer != feeder)
    assert sum(amount for _, _, amount, reason in lost["payments"] if "; pays for all (" in reason) == \
        sum(own_share(won, s) for s in losers if s != feeder)
    # The deals the other exception changes are paid alike: it is still on.
    for _, other, _ in (c for c in CHANGED if c[0] != switch):
        assert paid(with_it[other]) == paid(without_it[other])
    assert [bool(d["no_choice"]) for d in without_it] == [switch != "no_choice", False, switch != "no_choice"]
