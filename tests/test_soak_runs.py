"""The committed journals of the long soak hold what docs/conformance.rst says of them.

The table "The long run, part by part" is written by hand after each part;
these tests re-read every journal in ``soak-runs/`` with the soak's own
reader, so a typo in the table, a journal that recorded a broken invariant, or
a damaged journal fails here rather than standing in the documentation.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from mahjong_core.soak_journal import _read
from mahjong_core.strict_json import loads

ROOT = Path(__file__).resolve().parents[1]
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


def journal(path: Path) -> tuple[dict, dict, bytes]:
    """A journal's header, its batches and any cut-off last line, read as ``mahjong soak`` resumes one.

    A part still being played may be committed while a line is half written; the soak drops that
    line when it resumes, and so does this reader, returning it for the caller to judge.
    """
    complete, _, tail = path.read_bytes().rpartition(b"\n")
    lines = complete.split(b"\n")
    header = loads(lines[0].decode("utf-8"))
    return header, _read(lines, header, str(path)), tail


JOURNALS = sorted(RUNS.glob("seed-*.jsonl"))


def test_the_table_lists_parts_in_order() -> None:
    parts = documented_parts()
    assert parts, "no rows found in the table of docs/conformance.rst"
    assert list(parts) == [1 + 1000 * n for n in range(len(parts))]


@pytest.mark.parametrize("path", JOURNALS, ids=[p.name for p in JOURNALS])
def test_a_journal_records_no_broken_invariant(path: Path) -> None:
    header, batches, _ = journal(path)
    assert path.name == f"seed-{header['seed']}.jsonl"
    failures = [o.failure for outcomes in batches.values() for o in outcomes if o.failure is not None]
    assert failures == []


@pytest.mark.parametrize("seed", sorted(documented_parts()))
def test_a_documented_part_matches_its_journal(seed: int) -> None:
    games, deals, result = documented_parts()[seed]
    assert result == "every invariant held"
    path = RUNS / f"seed-{seed}.jsonl"
    if seed < 2001:  # parts 1 and 2 were played before journals existed (the page says so)
        assert not path.exists()
        return
    header, batches, tail = journal(path)
    assert tail == b"", "the journal's last line is cut off"
    per_ruleset: Counter[str] = Counter()
    for (ruleset, _), outcomes in batches.items():
        per_ruleset[ruleset] += len(outcomes)
    assert dict(per_ruleset) == {r["id"]: header["games"] for r in header["rulesets"]}, "the part is unfinished"
    assert sum(per_ruleset.values()) == games
    assert sum(o.deals for outcomes in batches.values() for o in outcomes) == deals
