"""The games database: an index over replay logs, and the standings a club keeps from it.

The logs stay the source of truth.  The database (SQLite by default,
PostgreSQL by URL, through SQLAlchemy Core; its schema made and kept by the
Alembic migrations shipped in :mod:`mahjong_records.migrations`) holds what
the logs say about each finished game -- the ruleset with its hash and, for a
house rule, its document; the players by name; each deal's winner, scores and
payments; the log's path and SHA-256 -- so that standings need not re-read
every log.  Only a log that passes the audit is recorded, and ``mahjong
records rebuild DIR`` makes the same index again from the logs alone.

Modules, one job each: :mod:`.db` opens a database and migrates it,
:mod:`.schema` declares its tables, :mod:`.extract` turns an audited log into
rows, :mod:`.store` writes and reads them, :mod:`.standings` computes the
standings and champions per ruleset, :mod:`.export` writes the EMA results
layout, and :mod:`.server` is the live server's hook.
"""
