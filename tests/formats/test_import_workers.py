"""``mahjong import --workers N``: the same logs, byte for byte, and the same report as in this process.

The games are played on a local Dask cluster, each file's games in runs (:mod:`mahjong_formats.batch`); a game's
log depends on that game alone, so neither the bytes nor the order of the report may depend on who played it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core.cli import main
from mahjong_formats.batch import spans

SAMPLE = REAL_LOGS
TENHOU = sorted(p for p in (SAMPLE / "tenhou-mjlog").glob("*.mjlog") if not p.stem.endswith("-no-round-end"))
CUT = SAMPLE / "tenhou-mjlog" / "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"


def test_workers_write_the_same_logs_and_report_the_same_rows_with_a_refused_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(TENHOU[0]), str(CUT), str(TENHOU[1])]
    assert main(["import", "tenhou-xml", *files, "--out", str(tmp_path / "here")]) == 1
    here = capsys.readouterr().out
    assert main(["import", "tenhou-xml", *files, "--out", str(tmp_path / "spread"), "--workers", "2"]) == 1
    spread = capsys.readouterr().out
    assert "1 refused" in here and "cut off there" in here
    assert spread.replace(str(tmp_path / "spread"), "OUT") == here.replace(str(tmp_path / "here"), "OUT")
    logs = sorted((tmp_path / "here").iterdir())
    assert len(logs) == 3
    for path in logs:
        assert (tmp_path / "spread" / path.name).read_bytes() == path.read_bytes(), path.name


def test_a_file_of_many_games_is_spread_in_runs_over_the_workers(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """tenhou.net/6 writes a game a round per line: one file of several games, cut into runs, comes back whole
    and in order."""
    record = SAMPLE / "tenhou6-mjx"
    one = tmp_path / "archive.json"
    games = sorted(record.glob("*.json"))
    one.write_text("".join(p.read_text(encoding="utf-8").rstrip("\n") + "\n" for p in games), encoding="utf-8")
    assert len(spans(len(games), 2)) > 1
    assert main(["import", "tenhou6", str(one), "--out", str(tmp_path / "here"), "--json"]) == 0
    here = capsys.readouterr().out
    assert main(["import", "tenhou6", str(one), "--out", str(tmp_path / "spread"), "--json", "--workers", "2"]) == 0
    assert capsys.readouterr().out.replace("spread", "here") == here
    logs = sorted((tmp_path / "here").iterdir())
    assert len(logs) == len(games)
    for path in logs:
        assert (tmp_path / "spread" / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize(("games", "workers", "expected"), [
    (19, 0, [(0, None)]),
    (1, 2, [(0, None)]),
    (19, 2, [(0, 4), (4, 8), (8, 12), (12, 16), (16, 19)]),
    (100, 2, [(a, a + 13) for a in range(0, 91, 13)] + [(91, 100)]),
])
def test_spans_cover_every_game_once_in_order(games: int, workers: int, expected: list[tuple[int, int | None]]) -> None:
    found = spans(games, workers)
    assert found == expected
    if workers:
        assert [g for a, b in found for g in range(a, b if b is not None else games)] == list(range(games))
