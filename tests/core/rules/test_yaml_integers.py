"""A huge integer in any hand-written YAML file is one located error, never PyYAML's ``ValueError``.

Python refuses to turn more than 4,300 digits into an int; PyYAML asks it to
as it builds the data, so a 5,000-digit figure in a score sheet, a rule file
or a house-rule file used to end every command that reads one in a
traceback.  The project's one YAML reader bounds an integer's length on the
node, before anything is converted, and names the file, the path and the line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_core.rules.yaml_reader import MAX_INTEGER_CHARS

ROOT = Path(__file__).resolve().parents[3]
SHEET = ROOT / "replays" / "sheets" / "chinese_classical.yaml"
#: The forms YAML reads as an integer: decimal, signed, hexadecimal, with separators.
HUGE = ["1" * 5000, "-" + "9" * 5000, "0x" + "f" * 5000, "1_000" * 1200]
HOUSE = "id: club\nversion: 1.0.0\nname: Club\nextends: chinese_classical\nparameters:\n" \
        "  usual_limit: {value: NUMBER, assumption: \"the club's minutes\"}\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "ValueError" not in out + err
    return code, out + err


def sheet_with(tmp_path: Path, old: str, new: str, name: str = "night.yaml") -> Path:
    text = SHEET.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("number", HUGE, ids=["decimal", "negative", "hex", "separators"])
@pytest.mark.parametrize("command", ["audit", "record"])
def test_a_huge_integer_on_a_sheet_is_named_at_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          command: str, number: str) -> None:
    path = sheet_with(tmp_path, "sheet: 1\n", f"sheet: {number}\n")
    line = path.read_text(encoding="utf-8").splitlines().index(f"sheet: {number}") + 1
    code, text = run(capsys, command, str(path))
    assert code in (1, 2)
    assert f"{path}::" in text and f"line {line}" in text, text
    assert f"at most {MAX_INTEGER_CHARS}" in text


def test_a_huge_written_figure_inside_a_deal_is_named_at_its_line(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    path = sheet_with(tmp_path, "values: {Anna: 2, Boris: 60,", "values: {Anna: 2, Boris: " + "6" * 5000 + ",")
    code, out = run(capsys, "audit", str(path), "--json")
    assert code in (1, 2) and '"line": 21' in out and "$.deals[0].values.Boris" in out, out


@pytest.mark.parametrize("args", [("rules", "validate"), ("rules", "show"), ("score", "--ruleset")],
                         ids=["validate", "show", "score"])
def test_a_huge_integer_in_a_rule_file_is_named_at_its_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                              args: tuple[str, str]) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(HOUSE.replace("NUMBER", "5" * 5000), encoding="utf-8")
    extra = ("123m456p789s11122z",) if args[0] == "score" else ()
    code, text = run(capsys, *args, str(path), *extra)
    assert code in (1, 2) and f"{path}::$.parameters.usual_limit.value (line 6)" in text, text


def test_a_huge_integer_in_the_house_rules_a_sheet_names_is_refused(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    (tmp_path / "club.yaml").write_text(HOUSE.replace("NUMBER", "5" * 5000), encoding="utf-8")
    path = sheet_with(tmp_path, "ruleset: chinese_classical", "ruleset: club.yaml")
    code, text = run(capsys, "audit", str(path))
    assert code in (1, 2) and "club.yaml::$.parameters.usual_limit.value (line 6)" in text, text


def test_an_integer_of_the_longest_allowed_length_still_reads(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    path = sheet_with(tmp_path, "sheet: 1\n", f"sheet: {'1' * MAX_INTEGER_CHARS}\n")
    code, text = run(capsys, "audit", str(path))
    # Read, then refused by the schema (the format version is 1): the length alone is no error.
    assert code in (1, 2) and "at most" not in text and "$.sheet" in text, text
