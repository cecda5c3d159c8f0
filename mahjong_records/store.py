"""Write a game's rows, read them back, and rebuild the whole index from a folder of logs.

A game is written in one transaction, keyed by its log's SHA-256: recording
the same log twice (a server restarted, a referee adding a folder again)
records it once.  Players and rulesets are inserted with ``ON CONFLICT DO
NOTHING`` so two processes recording games of the same players at once (two
servers on one PostgreSQL database) never fail or duplicate a row.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .db import Database, RecordsError, database_error
from .extract import GameRecord, RefusedLog, audited_record
from .schema import DELETE_ORDER, deal_scores, deals, game_seats, games, payments, players, point_moves, rulesets


@dataclass(frozen=True)
class Recorded:
    """What recording one log did: ``recorded``, ``already recorded`` (as ``path``), or ``refused`` (``error``)."""

    path: str
    status: str
    sha256: str | None = None
    ruleset: str | None = None
    error: RecordsError | None = None

    def text(self) -> str:
        if self.error is not None:
            return str(self.error)
        return f"{self.path}: {self.status} ({self.ruleset}, log sha256 {self.sha256})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "status": self.status, "sha256": self.sha256,
                               "ruleset": self.ruleset}
        if self.error is not None:
            out["error"] = self.error.to_json()
        return out


def _insert_ignoring_duplicates(conn: Connection, table: Table, values: dict[str, Any]) -> None:
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    conn.execute(dialect.insert(table).values(**values).on_conflict_do_nothing())


def _ruleset_key(conn: Connection, record: GameRecord) -> int:
    identity = {"ruleset_id": record.ruleset_id, "version": record.ruleset_version, "sha256": record.ruleset_sha256}
    _insert_ignoring_duplicates(conn, rulesets, {**identity, "document": record.ruleset_document})
    found = conn.execute(select(rulesets.c.id).filter_by(**identity)).scalar_one()
    return int(found)


def _player_key(conn: Connection, name: str) -> int:
    _insert_ignoring_duplicates(conn, players, {"name": name})
    return int(conn.execute(select(players.c.id).where(players.c.name == name)).scalar_one())


def write(database: Database, record: GameRecord) -> Recorded:
    """Write one game's rows in one transaction, unless a game with the same log SHA-256 is there already."""
    identity = f"{record.ruleset_id} {record.ruleset_version}"
    with database.begin() as conn:
        existing = conn.execute(select(games.c.log_path).where(games.c.log_sha256 == record.log_sha256)).scalar()
        if existing is not None:
            return Recorded(str(existing), "already recorded", record.log_sha256, identity)
    try:
        with database.engine.begin() as conn:
            _write_rows(conn, record)
    except IntegrityError as exc:
        with database.begin() as conn:
            existing = conn.execute(select(games.c.log_path).where(games.c.log_sha256 == record.log_sha256)).scalar()
        if existing is None:
            raise database_error(database.url, exc) from None
        # Another process recorded the same log between the check and the write.
        return Recorded(str(existing), "already recorded", record.log_sha256, identity)
    except SQLAlchemyError as exc:
        raise database_error(database.url, exc) from None
    return Recorded(record.log_path, "recorded", record.log_sha256, identity)


def _write_rows(conn: Connection, record: GameRecord) -> None:
    ruleset = _ruleset_key(conn, record)
    game = conn.execute(games.insert().values(
        log_sha256=record.log_sha256, log_path=record.log_path, ruleset=ruleset, seed=record.seed,
        physical=record.physical, options=record.options, teams=json.dumps(record.teams, separators=(",", ":")),
        signed_by=record.signed_by, events=record.events, deals=len(record.deals), rounds=record.rounds,
        full_game=record.full_game, starting_points=record.starting_points).returning(games.c.id)).scalar_one()
    conn.execute(game_seats.insert(), [
        {"game": game, "seat": s.seat, "player": _player_key(conn, s.name), "kind": s.kind, "team": s.team,
         "score": s.score, "team_score": s.team_score, "place": s.place} for s in record.seats])
    if record.deals:
        conn.execute(deals.insert(), [
            {"game": game, "deal": d.deal, "round": d.round, "dealer": d.dealer, "prevalent_wind": d.prevalent_wind,
             "outcome": d.outcome, "winner": d.winner, "tile": d.tile, "how": d.how, "discarder": d.discarder}
            for d in record.deals])
        conn.execute(deal_scores.insert(), [
            {"game": game, "deal": d.deal, "seat": seat, "hand_value": value, "change": change, "total": total}
            for d in record.deals for seat, (value, change, total) in enumerate(d.seats)])
    rows = [{"game": game, "deal": d.deal, "row": n, "payer": payer, "payee": payee, "amount": amount,
             "reason": reason} for d in record.deals for n, (payer, payee, amount, reason) in enumerate(d.payments)]
    if rows:
        conn.execute(payments.insert(), rows)
    if record.moves:
        conn.execute(point_moves.insert(), [
            {"game": game, "event": m.event, "deal": m.deal, "payer": m.payer, "payee": m.payee, "amount": m.amount,
             "reason": m.reason} for m in record.moves])


def record_log(database: Database, path: str | Path) -> Recorded:
    """Audit the log at ``path`` and record it; a log that fails the audit comes back ``refused``, unrecorded."""
    try:
        record = audited_record(path)
    except RefusedLog as exc:
        return Recorded(str(path), "refused", error=exc)
    return write(database, record)


def record_logs(database: Database, paths: Iterable[str | Path],
                progress: Callable[[Recorded], object] | None = None) -> list[Recorded]:
    done = []
    for path in paths:
        done.append(record_log(database, path))
        if progress is not None:
            progress(done[-1])
    return done


def logs_under(folder: Path) -> list[Path]:
    """Every replay log (``*.jsonl``) under ``folder``, at any depth, in path order."""
    if not folder.is_dir():
        raise RecordsError("no such folder of logs", source=str(folder))
    return sorted(p for p in folder.rglob("*.jsonl") if p.is_file())


def clear(database: Database) -> None:
    """Delete every row (the schema stays)."""
    with database.begin() as conn:
        for table in DELETE_ORDER:
            conn.execute(delete(table))


def rebuild(database: Database, folders: Sequence[Path],
            progress: Callable[[Recorded], object] | None = None) -> list[Recorded]:
    """Empty the index and record every log under ``folders`` again: the index from the logs alone.

    Every log is audited first, and the index is emptied only then: a folder
    that does not exist stops the rebuild before anything is deleted, and the
    index is empty for as short a time as writing the rows takes.
    """
    paths = [p for folder in folders for p in logs_under(folder)]
    audited: list[GameRecord | Recorded] = []
    for path in paths:
        try:
            audited.append(audited_record(path))
        except RefusedLog as exc:
            audited.append(Recorded(str(path), "refused", error=exc))
    clear(database)
    done = []
    for item in audited:
        done.append(item if isinstance(item, Recorded) else write(database, item))
        if progress is not None:
            progress(done[-1])
    return done


def dump(database: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows by natural keys (ruleset identity, player name, log SHA-256), sorted.

    Surrogate ids depend on the order logs were recorded in; these rows do not,
    so two indexes of the same logs dump equal.
    """
    out: dict[str, list[tuple[Any, ...]]] = {}
    with database.snapshot() as conn:  # one state of the database, while servers may be recording
        rs = {row.id: (row.ruleset_id, row.version, row.sha256) for row in conn.execute(select(rulesets))}
        names = {row.id: row.name for row in conn.execute(select(players))}
        by_game = {}
        out["rulesets"] = sorted((*rs[r.id], r.document) for r in conn.execute(select(rulesets)))
        out["players"] = sorted((name,) for name in names.values())
        rows = []
        for g in conn.execute(select(games)):
            by_game[g.id] = g.log_sha256
            rows.append((g.log_sha256, g.log_path, rs[g.ruleset], g.seed, g.physical, g.options, g.teams,
                         g.signed_by, g.events, g.deals, g.rounds, g.full_game, g.starting_points))
        out["games"] = sorted(rows)
        out["game_seats"] = sorted((by_game[r.game], r.seat, names[r.player], r.kind, r.team, r.score, r.team_score,
                                    r.place) for r in conn.execute(select(game_seats)))
        out["deals"] = sorted((by_game[r.game], *tuple(r)[1:]) for r in conn.execute(select(deals)))
        out["deal_scores"] = sorted((by_game[r.game], *tuple(r)[1:]) for r in conn.execute(select(deal_scores)))
        out["payments"] = sorted((by_game[r.game], *tuple(r)[1:]) for r in conn.execute(select(payments)))
        out["point_moves"] = sorted(((by_game[r.game], *tuple(r)[1:]) for r in conn.execute(select(point_moves))),
                                    key=lambda row: (row[0], row[1]))
    return out
