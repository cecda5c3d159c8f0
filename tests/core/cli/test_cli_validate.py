"""``mahjong rules validate`` as a club runs it on its own file (issue 13, item 3).

Every error at once, each with the file, the YAML line and column and the JSON path; did-you-mean for keys,
predicates, rulesets and families; what ``simulate`` would reject, rejected first; citations of the club's own
documents.  Each friction point of the issue is a test here, through the command's ``main()``.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_core.rules import load_ruleset


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str, name: str = "club.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


#: A club's file with four mistakes of four kinds, on four lines.
MISTAKES = """\
    id: club_rules
    version: 1.0.0
    name: Club
    extends: hongkong
    parameters:
      minimum_valeu: {value: {fan: 3}, source: "000 line 347"}
      usual_limit: {value: 1500, source: "club minutes 2024-03, section 4"}
    limit_hands:
      odd: {predicate: pure_suitt, value: 10, assumption: test}
    """


def test_every_error_at_once_each_with_line_column_and_path(capsys: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    """The citation check no longer hides the schema's errors, nor they the unknown parameter."""
    path = write(tmp_path, MISTAKES)
    code, out, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 3, err
    assert any(f"{path}::$.parameters.minimum_valeu (line 6, column 3): " in line
               and "did you mean 'minimum_value'?" in line for line in lines)
    assert any(f"{path}::$.parameters.usual_limit.source (line 7, column 30): " in line
               and "is not a citation" in line for line in lines)
    assert any(f"{path}::$.limit_hands.odd.predicate (line 9, column 9): " in line
               and "did you mean 'pure_suit'?" in line for line in lines)


def test_errors_as_json_carry_line_column_and_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, MISTAKES)
    code, out, _ = run_cli(capsys, "rules", "validate", str(path), "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    found = {(e["place"], e["line"], e["column"]) for e in report["errors"]}
    assert ("$.parameters.minimum_valeu", 6, 3) in found and ("$.limit_hands.odd.predicate", 9, 9) in found
    assert all(e["source"] == str(path) for e in report["errors"])


@pytest.mark.parametrize(("body", "needle"), [
    ("extends: shangai\n", "did you mean 'shanghai'?"),
    ("extends: harbin\nlimit_hand:\n  x: {predicate: pure_suit, value: 1, assumption: t}\n",
     "did you mean 'limit_hands'?"),
    ("extends: harbin\nscoring:\n  family: {value: clasical, assumption: t}\n", "did you mean 'classical'?"),
])
def test_did_you_mean(capsys: pytest.CaptureFixture[str], tmp_path: Path, body: str, needle: str) -> None:
    path = write(tmp_path, "id: club_rules\nversion: 1.0.0\nname: Club\n" + body)
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 1 and needle in err and "(line " in err, err


@pytest.mark.parametrize("parent", ["mcr", "harbin"])
def test_a_minimum_in_fan_on_a_points_ruleset_is_rejected_before_simulate(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, parent: str) -> None:
    path = write(tmp_path, f"""\
        id: club_rules
        version: 1.0.0
        name: Club
        extends: {parent}
        parameters:
          minimum_value: {{value: {{fan: 3}}, assumption: "the club's minimum"}}
        """)
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 1
    assert f"{path}::$.parameters.minimum_value.value.fan (line 6, column 27): minimum_value names 'fan'" in err
    code, _, err = run_cli(capsys, "simulate", "--ruleset", str(path), "--seed", "1", "--max-deals", "1")
    assert code == 2 and "minimum_value names 'fan'" in err  # the same answer, before any game is played


def test_a_fan_minimum_on_a_fan_ruleset_is_fine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, """\
        id: club_rules
        version: 1.0.0
        name: Club
        extends: hongkong
        parameters:
          minimum_value: {value: {fan: 3}, assumption: "the club's minimum"}
        """)
    code, out, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 0, err
    assert out.strip() == f"{path}: valid"


CITING = """\
    id: club_rules
    version: 1.0.0
    name: Club
    extends: shanghai
    sources:
      minutes: {title: "Club minutes", edition: "2024-03", url: "https://example.org/minutes"}
    parameters:
      usual_limit: {value: 1500, source: "minutes section 4.2; 000 line 346"}
      bank:
        enabled: {value: false, source: "minutes page 2"}
    """


def test_a_club_cites_its_own_documents_by_section_or_page(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    path = write(tmp_path, CITING)
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 0, err
    ruleset = load_ruleset(path)
    assert ruleset.documents["minutes"]["title"] == "Club minutes"
    assert str(ruleset.source_of("usual_limit")) == "minutes section 4.2; 000 line 346"
    # The documents are not rule content: the same rules without them hash the same.
    bare = write(tmp_path, CITING.replace("minutes section 4.2", "000 line 1").replace("minutes page 2", "000 line 2")
                 .replace('      minutes: {title: "Club minutes", edition: "2024-03", url: "https://example.org/minutes"}\n',
                          "").replace("    sources:\n", ""), "bare.yaml")
    assert load_ruleset(bare).sha256 == ruleset.sha256


def test_a_citation_of_an_undeclared_document_is_an_error(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    path = write(tmp_path, CITING.replace('"minutes page 2"', '"minute page 2"'))
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 1
    assert f"{path}::$.parameters.bank.enabled.source (line 10, column 29): cites 'minute'" in err
    assert "did you mean 'minutes'?" in err


def test_a_ruleset_that_loads_but_cannot_play_is_rejected(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The trial deal: an error the first game would hit is validate's, located in the file."""
    from mahjong_core.errors import RulesetError
    from mahjong_core.log import simulate

    def broken(*args: object, **kwargs: object) -> None:
        raise RulesetError("the engine cannot use this table", place="$.parameters.usual_limit")

    monkeypatch.setattr(simulate, "play_game", broken)
    path = write(tmp_path, CITING)
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 1
    assert f"{path}::$.parameters.usual_limit (line 8, column 3): a trial deal" in err


def test_typos_in_groups_and_in_the_scoring_section_come_out_together(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    path = write(tmp_path, """\
        id: club_rules
        version: 1.0.0
        name: Club
        extends: shanghai
        parameters:
          bank:
            enabld: {value: false, assumption: "x"}
        scoring:
          chavka_if_highr: {value: true, assumption: "x"}
        """)
    code, _, err = run_cli(capsys, "rules", "validate", str(path))
    assert code == 1
    assert f"{path}::$.parameters.bank.enabld (line 7, column 5): unknown key(s) 'enabld' (did you mean " \
           "'enabled'?)" in err
    assert f"{path}::$.scoring.chavka_if_highr (line 9, column 3): " in err and "'chavka_if_higher'?" in err


def test_the_generated_page_names_the_documents_a_ruleset_cites(tmp_path: Path) -> None:
    from mahjong_docs.pages import ruleset_page

    page = ruleset_page(load_ruleset(write(tmp_path, CITING)))
    assert "Documents it cites" in page and "Club minutes" in page and "https://example.org/minutes" in page
    assert "Documents it cites" not in ruleset_page(load_ruleset("shanghai"))  # the bundled pages are unchanged
