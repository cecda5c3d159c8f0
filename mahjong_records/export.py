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

A ruleset that settles a game by its places at the end (``placement_payments``:
riichi's uma and oka) is ranked as its tournaments rank, by the score alone:
each game's result is the player's points after those payments less the points
every seat began with (the EMA's riichi rules, 2016 edition, section 3.6: the
points less 30,000 plus the uma), summed over the games; there are no table
points, and the columns are :data:`SCORE_COLUMNS`.  Such results are also read
straight from the tournament's score sheets (:func:`sheet_results`), which are
re-enacted by the rules first: a sheet whose figures differ from the rules, or
whose game the rules do not end where it ends (a hanchan stopped early), is
refused at its line.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from sqlalchemy import select

from mahjong_core import MahjongError, Ruleset, load_ruleset, load_ruleset_text, read_sheet, record

from .db import Database, RecordsError
from .schema import game_seats, games, players, rulesets

COLUMNS = ("Position", "Name", "Country", "EMA number", "Table points", "Score", "Games", "Base rank")
#: The columns where a game is settled by places (riichi): the score after the uma and oka decides alone.
SCORE_COLUMNS = ("Position", "Name", "Country", "EMA number", "Score", "Games", "Base rank")
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


class Ranking(list[Result]):
    """The players' results in order; ``by_place`` where the ruleset settles by place and they are ranked by score
    alone (:data:`SCORE_COLUMNS`)."""

    by_place: bool = False


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
            under: Path | None = None) -> Ranking:
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
        return ranked([], settled_by_place(load_ruleset(ruleset_id)))  # no game recorded yet: the header alone
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
    document = identities[0].document
    by_place = settled_by_place(load_ruleset_text(document, f"{ruleset_id} (its recorded house rule)") if document
                                else load_ruleset(ruleset_id))
    with database.begin() as conn:
        starts = dict(conn.execute(select(games.c.id, games.c.starting_points)
                                   .where(games.c.ruleset == identities[0].id)).all())
    tables: list[list[tuple[str, int]]] = []
    for game, seats in by_game.items():
        seats.sort()
        if len({team for _, _, team, _ in seats}) != len(seats):
            raise RecordsError(f"{ruleset_id} is played in pairs; the EMA layout ranks players who each play for "
                               "themselves", place="--ruleset")
        start = int(starts.get(game) or 0) if by_place else 0
        tables.append([(name, score - start) for _, score, _, name in seats])
    return ranked(tables, by_place)


def settled_by_place(ruleset: Ruleset) -> bool:
    """Whether the ruleset settles a game by its places at the end (``placement_payments``, riichi's uma and oka):
    its players are then ranked by their score alone, with no table points."""
    return ruleset.get("placement_payments") is not None


def ranked(tables: list[list[tuple[str, int]]], by_place: bool) -> Ranking:
    """Each player's totals over the games (``tables``: each game's ``(name, score)`` by seat), ranked: by table
    points then score, or, ``by_place``, by score alone; tied players share a position, and the base rank is the
    MERS basics' round(1000 x (N - position) / (N - 1))."""
    totals: dict[str, Result] = {}
    for seats in tables:
        points = [Fraction(0)] * len(seats) if by_place else table_points([score for _, score in seats])
        for (name, score), p in zip(seats, points, strict=True):
            r = totals.setdefault(name, Result(name, Fraction(0), 0, 0))
            r.table_points += p
            r.score += score
            r.games += 1
    order = Ranking(sorted(totals.values(), key=lambda r: (-r.table_points, -r.score, r.name)))
    order.by_place = by_place
    n = len(order)
    for k, r in enumerate(order):
        tied = k > 0 and (order[k - 1].table_points, order[k - 1].score) == (r.table_points, r.score)
        r.position = order[k - 1].position if tied else k + 1
        r.base_rank = 1000 if n == 1 else round(1000 * (n - r.position) / (n - 1))
    return order


def sheet_results(paths: list[Path], ruleset_id: str) -> Ranking:
    """The ranked results of a tournament's score sheets of ``ruleset_id``, a ruleset that settles by place.

    Each sheet is re-enacted by the rules (as ``mahjong record`` does) and its game's result is taken from them:
    the points each player ends with after the uma and oka, less the points each began with.

    :raises MahjongError: for a sheet that cannot be read, of another ruleset, whose figures differ from the rules,
        or whose game the rules do not end where the sheet ends, each at its place; for a ruleset that does not
        settle by place.
    """
    ruleset = load_ruleset(ruleset_id)
    if not settled_by_place(ruleset):
        raise RecordsError(f"{ruleset_id} does not settle a game by its places (no placement_payments): its EMA "
                           "results come from the recorded games (--db), ranked by table points", place="--sheet")
    tables: list[list[tuple[str, int]]] = []
    for path in paths:
        sheet = read_sheet(path)
        if sheet.ruleset.id != ruleset_id:
            raise sheet.error(f"a sheet of {sheet.ruleset.id}; the results are of {ruleset_id} (--ruleset)",
                              "$.ruleset")
        done = record(sheet)
        if done.differences:
            first = done.differences[0]
            said = first.text().splitlines()[0].strip()
            raise MahjongError(f"{len(done.differences)} figure(s) of the sheet differ from the rules, the first: "
                               f"{said}; `mahjong audit {path}` lists them", source=str(path),
                               place=f"line {first.line}" if first.line is not None else None)
        last = len(sheet.deals) - 1
        if not done.over:
            raise sheet.error(f"the game is not over: under {ruleset_id} the rules play on after the sheet's last "
                              f"deal (deal {last + 1}); a tournament's results are of finished games",
                              f"$.deals[{last}]")
        start = int(done.header.get("starting_points") or 0)
        tables.append([(name, score - start) for name, score in zip(sheet.players, done.result.scores,
                                                                     strict=True)])
    return ranked(tables, True)


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


def columns(results: list[Result]) -> tuple[str, ...]:
    """The layout's columns: :data:`SCORE_COLUMNS` for a ranking by score alone, else :data:`COLUMNS`."""
    return SCORE_COLUMNS if getattr(results, "by_place", False) else COLUMNS


def csv_rows(results: list[Result], known: dict[str, tuple[str, str]] | None = None) -> list[list[str | int]]:
    """One row a player, in the layout's :func:`columns`."""
    by_place = getattr(results, "by_place", False)
    rows: list[list[str | int]] = []
    for r in results:
        country, ema = (known or {}).get(r.name, ("", ""))
        points: list[str | int] = [] if by_place else [_number(r.table_points)]
        rows.append([r.position, r.name, country, ema, *points, r.score, r.games, r.base_rank])
    return rows


def ema_csv(results: list[Result], known: dict[str, tuple[str, str]] | None = None) -> str:
    """The results as CSV text: a header of the layout's :func:`columns`, then one row a player."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns(results))
    writer.writerows(csv_rows(results, known))
    return out.getvalue()
