"""Money at any moment: each game's starting points, and every point moved outside a deal's settlement.

A ``payment`` event of the log (a stick into the pot during a deal, the pot to a winner, an uma at the game's end)
is one row of ``point_moves``; ``games.starting_points`` is the header's, so that standings count what a seat won
over the points it began with.  Games recorded before this revision read 0 and no moves: ``mahjong records
rebuild`` reads them again from their logs.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("starting_points", sa.Integer, nullable=False, server_default="0"))
    op.create_table(
        "point_moves",
        sa.Column("game", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("event", sa.Integer, primary_key=True),
        sa.Column("deal", sa.Integer, nullable=True),
        sa.Column("payer", sa.Integer, nullable=True),
        sa.Column("payee", sa.Integer, nullable=True),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("point_moves")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("starting_points")
