"""A house rule is a file everywhere: the commands that take a ruleset id take its YAML path too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_docs.pages import generated_pages, ruleset_ids

HOUSE = """id: club_harbin
version: 1.0.0
name: Our club's Harbin
extends: harbin
parameters:
  usual_limit: {value: 300, assumption: "the club's limit (its minutes of 2026-11-30)"}
"""


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "club.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def test_the_docs_document_a_house_rule_file(house: Path) -> None:
    ids = ruleset_ids([str(house), "harbin"])
    pages = generated_pages(ids)
    page = pages["rulesets/club_harbin.rst"]
    assert "Our club's Harbin" in page and "300" in page
    assert "club_harbin" in pages["rulesets/comparison.rst"]


def test_conformance_checks_a_house_rule_file(house: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mahjong_core", "conformance", str(house)], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "passed" in done.stdout and "failed" not in done.stdout


def test_soak_and_study_take_a_house_rule_file(house: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--ruleset", str(house), "--games", "1", "--max-deals", "1"]) == 0
    assert "club_harbin" in capsys.readouterr().out
    assert main(["study", "harbin", str(house), "--seed", "1", "--games", "2", "--max-deals", "2",
                 "--out", str(tmp_path / "s")]) == 0
    assert "club_harbin@1.0.0" in capsys.readouterr().out


def test_a_bad_house_rule_is_located_at_its_line_by_every_command(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: club\nversion: 1.0.0\nname: x\nextends: harbin\nparameters:\n"
                   "  usual_limit: {value: \"big\", assumption: x}\n", encoding="utf-8")
    for args in (["simulate", "--ruleset", str(bad), "--seed", "1"], ["score", "--ruleset", str(bad), "1m"],
                 ["rules", "show", str(bad)]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert f"{bad}::$.parameters.usual_limit.value (line 6, column 17):" in err, (args, err)
