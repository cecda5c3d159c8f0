"""The ``mahjong`` command: every subcommand works, and bad input gets one located line and a non-zero exit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core.cli import main


def run_cli(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_rules_list_shows_every_installed_ruleset_with_hash_and_parent(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run_cli(capsys, "rules", "list", "--json")
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert {"harbin", "shanghai", "orsk", "chinese_classical", "european_classical", "hongkong", "hongkong_plus",
            "mcr", "traditional", "bonus_classical", "piter", "shanghai_1500_no_bank"} <= set(rows)
    assert rows["shanghai_1500_no_bank"]["parent"] == "shanghai"
    assert all(len(r["sha256"]) == 64 for r in rows.values())


def test_rules_show_prints_values_with_their_sources(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run_cli(capsys, "rules", "show", "shanghai_1500_no_bank")
    assert code == 0
    assert "usual_limit" in out and "1500" in out and "assumption" in out
    code, out, _ = run_cli(capsys, "rules", "show", "harbin", "--json")
    assert code == 0 and json.loads(out)["id"] == "harbin"


def test_hand_reports_arrangements_waits_and_shanten(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run_cli(capsys, "hand", "111222333m456p7s", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["waits"] == ["7s"] and report["shanten"]["best"] == 0
    code, out, _ = run_cli(capsys, "hand", "111222333m456p77s", "--json")
    forms = [tuple(m["kind"] for m in a["melds"]) for a in json.loads(out)["arrangements"]]
    assert len(forms) >= 2  # three pungs, or three chows


def test_hand_reads_five_sets_and_a_pair_at_a_hand_size_of_sixteen(capsys: pytest.CaptureFixture,
                                                                   tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "hand", "111222333m456p789s1z", "--hand-size", "16", "--json")
    report = json.loads(out)
    assert code == 0 and report["waits"] == ["1z"] and report["shanten"]["best"] == 0
    assert "seven_pairs" not in report["shanten"]  # a form of fourteen tiles, not of this size
    code, out, _ = run_cli(capsys, "hand", "111222333m456p789s11z", "--hand-size", "16", "--json")
    report = json.loads(out)
    assert report["complete"] and len(report["arrangements"]) == 2
    assert all(len(a["melds"]) == 6 for a in report["arrangements"])
    # The ruleset's own hand size, read from its data.
    house = tmp_path / "sixteen.yaml"
    house.write_text("id: sixteen\nversion: 1.0.0\nname: S\nextends: flat_demo\nparameters:\n"
                     "  hand_size: {value: 16, assumption: x}\n  wall_ceremony:\n    value: {dice: 2, throws: 2, "
                     "loose_tiles: 16, deal_pattern: [4, 4, 4, 4], dealer_extra: 1}\n    assumption: x\n",
                     encoding="utf-8")
    code, out, _ = run_cli(capsys, "hand", "111222333m456p789s1z", "--ruleset", str(house), "--json")
    assert code == 0 and json.loads(out)["waits"] == ["1z"]
    # Thirteen tiles are not a hand at that size: one located line.
    code, _, err = run_cli(capsys, "hand", "111222333m456p7s", "--hand-size", "16")
    assert code != 0 and "a hand has 16 tiles" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["hand", "123x"], "char"),  # malformed tile string
        (["hand", "11111m2345678p99s"], "fifth"),  # a fifth copy
        (["hand", "123m"], "13 tiles"),  # wrong tile count
        (["rules", "show", "no_such_ruleset"], "no_such_ruleset"),  # unknown ruleset
        (["simulate", "--ruleset", "harbin", "--seed", "1", "--bots", "greedy,clever,greedy,greedy"], "clever"),
        (["simulate", "--ruleset", "harbin", "--seed", "1", "--games", "0"], "--games"),
    ],
)
def test_bad_input_is_one_located_line_and_a_non_zero_exit(capsys: pytest.CaptureFixture, args: list[str],
                                                           needle: str) -> None:
    code, _, err = run_cli(capsys, *args)
    assert code != 0
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1, err
    assert needle in lines[0]
    assert "Traceback" not in err


BAD_RULESETS = {
    "cyclic.yaml": ("id: loop_a\nversion: 1.0.0\nname: A\nextends: loop_a\n", "$.extends"),
    "unknown_parent.yaml": ("id: orphan\nversion: 1.0.0\nname: O\nextends: nowhere\n", "$.extends"),
    "bad_value.yaml": ("id: bad\nversion: 1.0.0\nname: B\nextends: shanghai\nparameters:\n"
                       "  usual_limit: {value: 1500}\n", "$.parameters.usual_limit"),
    "bad_predicate.yaml": ("id: pred\nversion: 1.0.0\nname: P\nextends: shanghai\nlimit_hands:\n"
                           "  odd: {predicate: no_such_shape, value: 100, assumption: test}\n", "no_such_shape"),
    "python_tag.yaml": ("id: evil\nversion: 1.0.0\nname: !!python/object/apply:os.system ['true']\n", "evil"),
    "bad_version.yaml": ("id: ver\nversion: one\nname: V\n", "$.version"),
}


@pytest.mark.parametrize("name", sorted(BAD_RULESETS))
def test_rules_validate_reports_every_error_with_file_and_path(capsys: pytest.CaptureFixture, tmp_path: Path,
                                                               name: str) -> None:
    text, needle = BAD_RULESETS[name]
    path = tmp_path / name
    path.write_text(text)
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code != 0
    assert str(path) in err and "Traceback" not in err
    assert needle in err or (name == "python_tag.yaml" and "tag" in err.lower())


def test_rules_validate_accepts_the_example_house_rule(capsys: pytest.CaptureFixture) -> None:
    example = Path(__file__).resolve().parents[3] / "plugins/examples/shanghai_1500_no_bank/ruleset.yaml"
    code, out, err = run_cli(capsys, "rules", "validate", str(example))
    assert code == 0, err
    assert "valid" in out


def test_simulate_writes_replays_that_replay_and_audit(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--ruleset", "harbin", "--seed", "5", "--games", "2",
                           "--max-deals", "1", "--out", str(tmp_path), "--json")
    assert code == 0
    games = json.loads(out)["games"]
    assert [g["seed"] for g in games] == [5, 6]
    for game in games:
        assert run_cli(capsys, "replay", game["replay"])[0] == 0
        assert run_cli(capsys, "audit", game["replay"])[0] == 0


def test_demo_is_the_main_job(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "demo", "--ruleset", "chinese_classical", "--seed", "7", "--max-deals", "2",
                           "--out", str(tmp_path), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["replay_check"]["ok"] and summary["audit"]["ok"]
    assert summary["deals"] == 2


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run([sys.executable, "-m", "mahjong_core", "rules", "list"], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0 and "harbin" in result.stdout


def test_docs_and_conformance_commands(capsys: pytest.CaptureFixture, tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, "docs", "--ruleset", "shanghai_1500_no_bank", "--out", str(tmp_path / "d"))
    assert code == 0, err
    assert (tmp_path / "d" / "index.html").exists()
    assert run_cli(capsys, "conformance", "harbin")[0] == 0
    code, _, err = run_cli(capsys, "conformance", "no_such_ruleset")
    assert code != 0
