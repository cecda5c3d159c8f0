"""The games database (:mod:`mahjong_records`) as the commands reach it: ``--db``, opening it, recording into it.

``records``, ``standings``, ``simulate --store``, ``serve --db`` and ``play
--db`` all open the database the same way.  The work is
:mod:`mahjong_records`' (an optional extra: SQLAlchemy, Alembic, psycopg,
openskill); without the extra, each says how to install it instead of
failing on an import.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_records.db import Database
    from mahjong_records.server import Recorder

DB_HELP = ("the games database: sqlite:///FILE or a file path (default: mahjong-records.sqlite here, or "
           "$MAHJONG_DB), or postgresql://USER@HOST:PORT/DATABASE")


def records_package() -> Any:
    """:mod:`mahjong_records.db`, or the error that says how to install the extra it needs."""
    try:  # deferred: the optional [records] extra (SQLAlchemy, Alembic: ~140 ms), for the commands that use it
        import mahjong_records.db as db
    except ImportError as exc:
        raise MahjongError(f"the games database needs the 'records' extra (pip install 'mahjong-core[records]'): "
                           f"{exc}", place="mahjong records") from None
    return db


def open_database(args: argparse.Namespace) -> Database:
    """The database ``--db`` names (or the default one), opened and migrated."""
    database: Database = records_package().open_db(args.db)
    return database


def recorder(db: str | None) -> Recorder | None:
    """The live server's recorder (``serve --db``), its database opened and migrated now, so a bad one stops the
    command before it listens; ``None`` without ``--db``."""
    if db is None:
        return None
    records_package()
    from mahjong_records.server import Recorder  # deferred: the [records] extra, as in records_package

    return Recorder(db)


def store_simulated(args: argparse.Namespace, replays: Sequence[str | None]) -> list[dict[str, Any]]:
    """``simulate --store``: record each game's log (audited) in the games database; one row a game."""
    database = open_database(args)
    from mahjong_records.store import record_log  # deferred: the [records] extra, as in records_package

    done = [record_log(database, path) for path in replays if path is not None]
    for r in done:
        if r.error is not None:
            raise r.error
    return [r.to_json() for r in done]
