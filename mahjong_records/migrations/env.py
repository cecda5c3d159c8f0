"""Alembic's environment: run the migrations on the connection :func:`mahjong_records.db.migrate` hands over.

There is no ``alembic.ini``: the database is the one the command was given
(``--db``), opened by :mod:`mahjong_records.db`, which passes its connection
in ``config.attributes["connection"]`` inside its own transaction.
"""

from __future__ import annotations

from alembic import context

from mahjong_records.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
