"""Open a games database by URL, bring its schema to the newest revision, and say clearly why one cannot be.

``--db`` takes ``sqlite:///FILE`` (or a bare file path, which means the
same), or ``postgresql://USER@HOST:PORT/NAME`` (served by psycopg 3; the
``postgresql+psycopg://`` spelling is accepted too).  Opening runs the
shipped Alembic migrations up to the newest one, under a PostgreSQL advisory
lock, so two servers starting on one new database do not both create it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, OperationalError, SQLAlchemyError

from mahjong_core import MahjongError

from .schema import metadata

#: The database used when ``--db`` is not given: a SQLite file in the current folder.
DEFAULT_DB = "mahjong-records.sqlite"
#: The key of the PostgreSQL advisory lock held while the schema is migrated.
_MIGRATION_LOCK = 0x6D6A7265  # "mjre"
SUPPORTED = "sqlite:///FILE (or a file path) or postgresql://USER@HOST:PORT/DATABASE"


class RecordsError(MahjongError):
    """A database that cannot be opened or used, or a request the records cannot answer."""


def parse_url(db: str) -> URL:
    """The SQLAlchemy URL ``--db`` names: a file path is SQLite; ``postgresql://`` is driven by psycopg 3."""
    if "://" not in db:
        return URL.create("sqlite", database=db)
    try:
        url = make_url(db)
    except ArgumentError:
        raise RecordsError(f"{db!r} is not a database URL; expected {SUPPORTED}", place="--db") from None
    backend, _, driver = url.drivername.partition("+")
    if backend == "postgresql" and driver in ("", "psycopg"):
        return url.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and driver in ("", "pysqlite"):
        if not url.database:
            raise RecordsError("a SQLite URL names a file: sqlite:///FILE (an in-memory database would be lost "
                               "when the command ends)", place="--db")
        return url
    raise RecordsError(f"unsupported database {url.drivername!r}; expected {SUPPORTED}", place="--db")


def shown(url: URL) -> str:
    """The URL as it may be printed: without its password."""
    return url.render_as_string(hide_password=True)


class Database:
    """An open games database: its engine, with the schema migrated to the newest revision."""

    def __init__(self, url: URL, engine: Engine):
        self.url = url
        self.engine = engine

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        """One transaction; a database error inside it becomes a :class:`RecordsError` naming the database."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except SQLAlchemyError as exc:
            raise database_error(self.url, exc) from None

    @contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """One transaction that reads the database as it was when it began, however many queries it makes.

        PostgreSQL's default isolation (read committed) shows each query what
        other sessions committed since the query before, so a reader of several
        tables while servers record can meet a game's seats before the game
        itself; repeatable read keeps one snapshot for the whole transaction.
        SQLite's transactions here take the write lock (``BEGIN IMMEDIATE``),
        which keeps writers out already.
        """
        try:
            if self.dialect == "postgresql":
                with self.engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn, \
                        conn.begin():
                    yield conn
            else:
                with self.engine.begin() as conn:
                    yield conn
        except SQLAlchemyError as exc:
            raise database_error(self.url, exc) from None

    def close(self) -> None:
        self.engine.dispose()


def database_error(url: URL, exc: SQLAlchemyError) -> RecordsError:
    """One line for a database failure: which database, and the driver's own first line of why."""
    original: Any = getattr(exc, "orig", None)
    reason = str(original if original is not None else exc).strip().splitlines()
    first = reason[0] if reason else type(exc).__name__
    if isinstance(exc, OperationalError) or (isinstance(exc, DBAPIError) and exc.connection_invalidated):
        return RecordsError(f"cannot reach or use the database: {first}", source=shown(url), place="--db")
    return RecordsError(f"the database refused the request: {first}", source=shown(url), place="--db")


def open_db(db: str | None = None) -> Database:
    """Open (creating a SQLite file if need be) and migrate the database ``db`` names (default: :data:`DEFAULT_DB`).

    :raises RecordsError: for a malformed or unsupported URL, a database that cannot be reached, or one whose
        schema is newer than this version knows.
    """
    url = parse_url(db or os.environ.get("MAHJONG_DB") or DEFAULT_DB)
    if url.get_backend_name() == "sqlite":
        folder = Path(url.database or "").expanduser().resolve().parent
        if not folder.is_dir():
            raise RecordsError(f"no folder {folder} for the SQLite file", source=shown(url), place="--db")
        engine = create_engine(url, connect_args={"timeout": 30})
        _sqlite_transactions(engine)
    else:
        try:
            engine = create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 10})
        except NoSuchModuleError as exc:  # pragma: no cover - psycopg is in the extra
            raise RecordsError(f"no driver for {url.drivername}: {exc}", place="--db") from None
    database = Database(url, engine)
    migrate(database)
    return database


def _sqlite_transactions(engine: Engine) -> None:
    """SQLite transactions that take the write lock when they begin (``BEGIN IMMEDIATE``), with foreign keys on.

    pysqlite's own handling begins a transaction lazily, at the first write, so
    two writers that both read first can deadlock at once instead of waiting
    their turn; this is SQLAlchemy's documented recipe for taking the control
    back.
    """

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def migrations_folder() -> str:
    return str(Path(__file__).with_name("migrations"))


def migrate(database: Database) -> str:
    """Apply every shipped migration the database lacks; return the revision it is at now."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", migrations_folder())
    head = ScriptDirectory.from_config(config).get_current_head()
    with database.begin() as conn:
        if database.dialect == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        current = MigrationContext.configure(conn).get_current_revision()
        if current == head and head is not None:
            return head
        known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
        if current is not None and current not in known:
            raise RecordsError(f"the database's schema is at revision {current!r}, which this version does not "
                               f"know (it knows up to {head}); use a newer mahjong-core", source=shown(database.url),
                               place="--db")
        clash = set(inspect(conn).get_table_names()) & set(metadata.tables)
        if current is None and clash:
            raise RecordsError(f"the database has tables named {', '.join(sorted(clash))} but no record of a games "
                               "database's migrations; give another database", source=shown(database.url),
                               place="--db")
        config.attributes["connection"] = conn
        command.upgrade(config, "head")
    assert head is not None
    return head
