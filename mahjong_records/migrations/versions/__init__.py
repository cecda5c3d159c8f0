"""One module a schema revision, oldest first (Alembic reads them by their ``revision``/``down_revision``)."""
