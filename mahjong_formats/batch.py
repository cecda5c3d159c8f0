"""One task of ``mahjong import``: a run of one file's games played and written, their rows handed back.

The command reads every file through first (bad input writes nothing), then
hands the playing out as tasks of this shape, in this process or on a local
Dask cluster (``--workers N``, :func:`mahjong_study.runner.map_ordered`).  A
task carries only names (the format, the file, which of its games, the
preset, the folder), reads its own games where it runs, and returns plain
rows, so the logs written and the rows reported are the same, in the same
order, whoever runs it: each game's log depends on that game alone.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from . import read_lazily
from .common import play

__all__ = ["import_games", "spans"]


def import_games(format_name: str, file: str, start: int, stop: int | None, ruleset: str | None,
                 out: str, audit: bool = False) -> list[dict[str, Any]]:
    """Play and write games ``start`` to ``stop`` (``None``: to the end) of ``file``; one row for each.

    A row is what ``mahjong import --json`` reports of a game: its platform, game, source and place, then
    ``status`` (``agrees``, ``differs`` or ``refused``) and the log written, with the differences or the refusal.
    With ``audit``, also ``audit``: the verdict ``mahjong audit --json`` gives the log written (its ``to_json``),
    and ``audit_text``, the one ``mahjong audit`` prints, both from this play of the game
    (:meth:`~mahjong_formats.common.Played.audit`).
    """
    rows: list[dict[str, Any]] = []
    for game in itertools.islice(read_lazily(format_name, file, ruleset), start, stop):
        row: dict[str, Any] = {"platform": game.platform, "game": game.game, "source": game.source,
                               "place": game.place}
        played = play(game, partial=True)
        path = Path(out) / f"{game.platform}-{game.game}.jsonl"
        data = played.data()
        path.write_bytes(data)
        if audit:
            verdict = played.audit(str(path), data)
            row.update(audit=verdict.to_json(), audit_text=verdict.text())
        if played.refused is not None:  # written up to the refused move: a cut-off log
            row.update(status="refused", error=str(played.refused), log=str(path))
        else:
            row.update(status="agrees" if not played.differences else "differs", log=str(path),
                       differences=played.differences)
        rows.append(row)
    return rows


def spans(games: int, workers: int) -> list[tuple[int, int | None]]:
    """How one file of ``games`` games is cut into tasks: whole in this process (``workers`` 0), else into runs
    of about a quarter of an even share each, so that the workers stay busy to the end, and at least 4 games (a
    task re-reads its file up to its run: many tiny runs of a long file would read it over and over)."""
    if workers <= 0 or games <= 1:
        return [(0, None)]
    size = max(4, -(-games // (4 * workers)))
    return [(a, min(a + size, games)) for a in range(0, games, size)]
