"""Alembic migrations of the games database, shipped with the package and applied when a database is opened."""
