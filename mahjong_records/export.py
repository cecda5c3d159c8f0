"""Tournament results in the European Mahjong Association's layout (``--format ema-csv``).

An MCR tournament's results reach the EMA as one row per player, ranked:
the player's position, name, country and EMA number, the table points and
the score (the sum of the player's MCR points), and the base rank that the
ranking system (MERS) derives from the position.  The columns written:

========== ==============================================================
Position   1 for the most table points, then by score; tied players share a position
Name       the player's name as the logs have it
Country    from ``--players FILE.csv`` (columns ``name,country,ema_number``); empty otherwise
EMA number from ``--players FILE.csv``; empty otherwise
Table points the sum over the games of 4, 2, 1 and 0 for the first to the fourth final score
           at the table; tied players share the points of the places they tie for (two tied
           first get (4 + 2) / 2 = 3 each)
Score      the sum of the player's final scores (MCR points) over the games
Games      the number of games (sessions) the player played
Base rank  round(1000 * (N - position) / (N - 1)) for N players (1000 for a single player),
           as the MERS basics define it
========== ==============================================================

The logs carry nothing about a player but a name, so country and EMA number
come from a file the organiser keeps.  The games are those of one ruleset
identity (a tournament is played under one set of rules), optionally only
those whose logs lie under a folder (one tournament's logs in a club's
database).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from sqlalchemy import select

from .db import Database, RecordsError
from .schema import game_seats, games, players, rulesets

COLUMNS = ("Position", "Name", "Country", "EMA number", "Table points", "Score", "Games", "Base rank")
#: Table points for the first to the fourth place at a table of four, as the EMA's MCR tournaments count them.
TABLE_POINTS = (4, 2, 1, 0)
FORMATS = ("ema-csv",)


@dataclass
class Result:
    name: str
    table_points: Fraction
    score: int
    games: int
    position: int = 0
    base_rank: int = 0


def table_points(scores: list[int]) -> list[Fraction]:
    """Each seat's table points for one game: places by final score, tied seats sharing their places' points."""
    if len(scores) != len(TABLE_POINTS):
        raise RecordsError(f"table points are defined for tables of {len(TABLE_POINTS)}; a game has "
                           f"{len(scores)} seats", place="--format")
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    points = [Fraction(0)] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and scores[order[end + 1]] == scores[order[start]]:
            end += 1
        share = Fraction(sum(TABLE_POINTS[start:end + 1]), end - start + 1)
        for k in range(start, end + 1):
            points[order[k]] = share
        start = end + 1
    return points


def results(database: Database, ruleset_id: str, *, sha256: str | None = None,
            under: Path | None = None) -> list[Result]:
    """The ranked results of the games of one identity of ``ruleset_id`` (optionally only logs under ``under``)."""
    query = select(rulesets).where(rulesets.c.ruleset_id == ruleset_id)
    if sha256:
        query = query.where(rulesets.c.sha256.startswith(sha256.lower()))
    with database.begin() as conn:
        identities = conn.execute(query).all()
    if not identities:
        from .standings import standings

        standings(database, ruleset_id)  # an unknown id is named as such
        if sha256:
            raise RecordsError(f"no games recorded under {ruleset_id} with a sha256 that starts {sha256}",
                               place="--sha256")
        return []  # an installed ruleset with no game recorded yet: the header alone
    if len(identities) > 1:
        listed = ", ".join(f"{r.version} {r.sha256[:12]}" for r in identities)
        raise RecordsError(f"games of {len(identities)} identities of {ruleset_id} are recorded ({listed}); "
                           "choose one with --sha256 PREFIX", place="--ruleset")
    with database.begin() as conn:
        rows = conn.execute(select(games.c.id, games.c.log_path, game_seats.c.seat, game_seats.c.score,
                                   game_seats.c.team, players.c.name)
                            .join(game_seats, game_seats.c.game == games.c.id)
                            .join(players, players.c.id == game_seats.c.player)
                            .where(games.c.ruleset == identities[0].id)).all()
    folder = str(under.resolve()) if under is not None else None
    by_game: dict[int, list[tuple[int, int, int, str]]] = {}
    for game, path, seat, score, team, name in rows:
        if folder is None or Path(path).is_relative_to(folder):
            by_game.setdefault(game, []).append((seat, score, team, name))
    totals: dict[str, Result] = {}
    for seats in by_game.values():
        seats.sort()
        if len({team for _, _, team, _ in seats}) != len(seats):
            raise RecordsError(f"{ruleset_id} is played in pairs; the EMA layout ranks players who each play for "
                               "themselves", place="--ruleset")
        points = table_points([score for _, score, _, _ in seats])
        for (_, score, _, name), p in zip(seats, points, strict=True):
            r = totals.setdefault(name, Result(name, Fraction(0), 0, 0))
            r.table_points += p
            r.score += score
            r.games += 1
    ranked = sorted(totals.values(), key=lambda r: (-r.table_points, -r.score, r.name))
    n = len(ranked)
    for k, r in enumerate(ranked):
        tied = k > 0 and (ranked[k - 1].table_points, ranked[k - 1].score) == (r.table_points, r.score)
        r.position = ranked[k - 1].position if tied else k + 1
        r.base_rank = 1000 if n == 1 else round(1000 * (n - r.position) / (n - 1))
    return ranked


def read_players(path: Path) -> dict[str, tuple[str, str]]:
    """``name -> (country, EMA number)`` from the organiser's CSV file (header ``name,country,ema_number``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordsError(f"cannot read the players file: {exc.strerror}", source=str(path)) from None
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or not {"name", "country", "ema_number"} <= set(reader.fieldnames):
        raise RecordsError(f"the header is {reader.fieldnames}; expected the columns name,country,ema_number",
                           source=str(path), place="line 1")
    found = {}
    for line, row in enumerate(reader, start=2):
        if not row["name"]:
            raise RecordsError("a row without a name", source=str(path), place=f"line {line}")
        found[row["name"]] = (row["country"] or "", row["ema_number"] or "")
    return found


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def csv_rows(ranked: list[Result], known: dict[str, tuple[str, str]] | None = None) -> list[list[str | int]]:
    """One row a player, in the columns :data:`COLUMNS`."""
    rows: list[list[str | int]] = []
    for r in ranked:
        country, ema = (known or {}).get(r.name, ("", ""))
        rows.append([r.position, r.name, country, ema, _number(r.table_points), r.score, r.games, r.base_rank])
    return rows


def ema_csv(ranked: list[Result], known: dict[str, tuple[str, str]] | None = None) -> str:
    """The results as CSV text: a header of :data:`COLUMNS`, then one row a player."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(csv_rows(ranked, known))
    return out.getvalue()
