"""The committed journals of the long soak hold what docs/conformance.rst says of them.

The table "The long run, part by part" is written by hand after each part;
these tests re-read every journal in ``soak-runs/`` with the soak's own
reader, so a typo in the table, a journal that recorded a broken invariant, or
a damaged journal fails here rather than standing in the documentation.  The
figures by ruleset are rendered from the journals by ``.. mahjong-soak-runs::``
(:mod:`mahjong_docs.soak_runs`); its tests are here too.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core.conformance.soak_journal import JournalError
from mahjong_core.reading.strict_json import canonical, loads
from mahjong_docs import soak_runs

ROOT = Path(__file__).resolve().parents[3]
RUNS = ROOT / "soak-runs"
TABLE_ROW = re.compile(r"^(\d+)\s+(\d+)\s+([\d,]+)\s+([\d,]+)\s+\S+(?: min)?\s+(.+?)\s*$")


def documented_parts() -> dict[int, tuple[int, int, str]]:
    """seed -> (games, deals, result) from the conformance page's table."""
    text = (ROOT / "docs" / "conformance.rst").read_text(encoding="utf-8")
    section = text.split("The long run, part by part", 1)[1].split("\n.. ", 1)[0]
    parts = {}
    for line in section.splitlines():
        match = TABLE_ROW.match(line)
        if match:
            _, seed, games, deals, result = match.groups()
            parts[int(seed)] = (int(games.replace(",", "")), int(deals.replace(",", "")), result)
    return parts


JOURNALS = sorted(RUNS.glob("seed-*.jsonl"))


def test_the_table_lists_parts_in_order() -> None:
    parts = documented_parts()
    assert parts, "no rows found in the table of docs/conformance.rst"
    assert list(parts) == [1 + 1000 * n for n in range(len(parts))]


def test_the_stated_total_of_the_parts_is_the_sum_of_the_table() -> None:
    """The sentence "The ten parts together: ..." is written by hand; it must add up to the rows above it."""
    text = (ROOT / "docs" / "conformance.rst").read_text(encoding="utf-8")
    match = re.search(r"The (\w+) parts together: ([\d,]+) games, [\d,]+ of each of the \d+ rulesets,\s+"
                      r"([\d,]+) deals", text)
    assert match, "docs/conformance.rst states no total of the long run's parts"
    parts = documented_parts()
    assert match.group(1) == {10: "ten"}.get(len(parts), str(len(parts)))
    assert int(match.group(2).replace(",", "")) == sum(games for games, _, _ in parts.values())
    assert int(match.group(3).replace(",", "")) == sum(deals for _, deals, _ in parts.values())


@pytest.mark.parametrize("path", JOURNALS, ids=[p.name for p in JOURNALS])
def test_a_journal_records_no_broken_invariant(path: Path) -> None:
    summary = soak_runs.summarize(path)
    assert path.name == f"seed-{summary.seed}.jsonl"
    assert summary.failures == ()


@pytest.mark.parametrize("seed", sorted(documented_parts()))
def test_a_documented_part_matches_its_journal(seed: int) -> None:
    games, deals, result = documented_parts()[seed]
    assert result == "every invariant held"
    path = RUNS / f"seed-{seed}.jsonl"
    if seed < 2001:  # parts 1 and 2 were played before journals existed (the page says so)
        assert not path.exists()
        return
    summary = soak_runs.summarize(path)
    assert not summary.torn, "the journal's last line is cut off"
    assert summary.finished, "the part is unfinished"
    assert summary.games == {r: summary.games_each for r in summary.rulesets}
    assert summary.total_games == games
    assert summary.total_deals == deals


# ---------------------------------------------------------------------------
# .. mahjong-soak-runs::
# ---------------------------------------------------------------------------


def _finished() -> Path:
    finished = [p for p in JOURNALS if soak_runs.summarize(p).finished]
    assert finished, "no finished journal in soak-runs/"
    return finished[0]


def _failed_copy(source: Path, folder: Path) -> tuple[Path, int]:
    """``source`` with its second line's batch stopped by a broken invariant at its third game."""
    lines = source.read_bytes().split(b"\n")
    batch = loads(lines[1].decode())
    batch["failure"] = {"seed": batch["seed"] + 2, "bots": ["greedy"] * 4, "message": "tiles: 135 in play"}
    batch["deals"] = batch["deals"][:2]
    lines[1] = canonical(batch).encode()
    folder.mkdir(exist_ok=True)
    path = folder / source.name
    path.write_bytes(b"\n".join(lines))
    return path, batch["seed"] + 2


def test_the_summary_counts_each_ruleset_as_the_journal_holds_it() -> None:
    path = _finished()
    summary = soak_runs.summarize(path)
    by_line: dict[str, list[int]] = {}
    for text in path.read_text(encoding="utf-8").splitlines()[1:]:
        line = loads(text)
        by_line.setdefault(line["ruleset"], []).extend(line["deals"])
    assert summary.deals == {r: sum(d) for r, d in by_line.items()}
    assert summary.games == {r: len(d) for r, d in by_line.items()}
    rendered = soak_runs.soak_runs_rst([summary])
    for rid, deals in summary.deals.items():
        assert f"   * - ``{rid}``\n     - {deals:,}\n" in rendered
    assert f"{summary.total_deals:,}" in rendered and summary.code[:16] in rendered


def test_a_part_under_way_is_named_with_how_far_it_got_and_left_out_of_the_table(tmp_path: Path) -> None:
    source = _finished()
    lines = source.read_bytes().split(b"\n")
    cut = tmp_path / source.name
    cut.write_bytes(b"\n".join(lines[:11]) + b"\n" + lines[11][:5])  # ten batches and a torn line
    summary = soak_runs.summarize(cut)
    assert summary.batches_played == 10 and summary.torn and not summary.finished
    rendered = soak_runs.soak_runs_rst([summary])
    assert "list-table" not in rendered
    assert f"The part of seed {summary.seed} is being played: 10 of 1,750 batches (80 games" in rendered


def test_a_broken_invariant_in_a_journal_is_a_problem_naming_its_seed(tmp_path: Path) -> None:
    path, seed = _failed_copy(_finished(), tmp_path)
    summary = soak_runs.summarize(path)
    assert not summary.finished and len(summary.failures) == 1
    (problem,) = soak_runs.problems([summary])
    assert problem.startswith(f"{path.name}: ") and f"at seed {seed}: tiles: 135 in play" in problem


def test_a_damaged_journal_is_named_with_its_line(tmp_path: Path) -> None:
    source = _finished()
    lines = source.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"failure":null', b'"failure":nul')
    damaged = tmp_path / source.name
    damaged.write_bytes(b"\n".join(lines))
    with pytest.raises(JournalError, match=rf"^{re.escape(str(damaged))}::line 4: not a journal line"):
        soak_runs.summarize(damaged)
    (tmp_path / "seed-1.jsonl").write_bytes(b"")
    with pytest.raises(JournalError, match="seed-1.jsonl::line 1: no complete header line"):
        soak_runs.summarize(tmp_path / "seed-1.jsonl")


def _build(tmp_path: Path, journals: Path) -> subprocess.CompletedProcess[str]:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text("extensions = ['mahjong_docs.sphinx_ext']\nmahjong_rulesets = ['harbin']\n"
                                 "mahjong_reference = False\n", encoding="utf-8")
    (src / "index.rst").write_text(f"Soak\n====\n\n.. toctree::\n\n   rulesets/index\n\n"
                                   f".. mahjong-soak-runs:: {journals}\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(src),
                           str(tmp_path / "out")], capture_output=True, text=True, timeout=300)


def test_a_journal_with_a_broken_invariant_fails_the_sphinx_build(tmp_path: Path) -> None:
    path, seed = _failed_copy(_finished(), tmp_path / "runs")
    result = _build(tmp_path, path.parent)
    assert result.returncode != 0
    assert "index.rst:8" in result.stderr and f"broke an invariant at seed {seed}" in result.stderr


def test_a_missing_folder_of_journals_fails_the_sphinx_build(tmp_path: Path) -> None:
    result = _build(tmp_path, tmp_path / "nowhere")
    assert result.returncode != 0
    assert "the soak journals cannot be read" in result.stderr and "nowhere" in result.stderr


def test_the_built_conformance_page_has_every_finished_part_from_its_journal(html: Path) -> None:
    page = (html / "conformance.html").read_text(encoding="utf-8")
    table = page.split('class="mahjong-soak-runs', 1)[1].split("</table>", 1)[0]
    for path in JOURNALS:
        summary = soak_runs.summarize(path)
        if summary.finished:
            assert f"seed {summary.seed}</p></th>" in table
            assert f"<p>{summary.total_deals:,}</p>" in table
        else:
            assert f"The part of seed {summary.seed} is being played" in page
