"""The first schema: rulesets, players, games, their seats, deals, each seat's deal result and the payments.

Revision ID: 0001
Revises: (none)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rulesets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("ruleset_id", sa.String(64), nullable=False),
        sa.Column("version", sa.String(64), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("document", sa.Text, nullable=True),
        sa.UniqueConstraint("ruleset_id", "version", "sha256", name="uq_rulesets_identity"),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(160), nullable=False, unique=True),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("log_sha256", sa.String(64), nullable=False, unique=True),
        sa.Column("log_path", sa.Text, nullable=False),
        sa.Column("ruleset", sa.Integer, sa.ForeignKey("rulesets.id"), nullable=False),
        sa.Column("seed", sa.Text, nullable=True),
        sa.Column("physical", sa.Boolean, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("teams", sa.Text, nullable=False),
        sa.Column("signed_by", sa.String(64), nullable=True),
        sa.Column("events", sa.Integer, nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("full_game", sa.Boolean, nullable=False),
    )
    op.create_index("ix_games_ruleset", "games", ["ruleset"])
    op.create_table(
        "game_seats",
        sa.Column("game", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("team", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("team_score", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
    )
    op.create_index("ix_game_seats_player", "game_seats", ["player"])
    op.create_table(
        "deals",
        sa.Column("game", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("prevalent_wind", sa.Integer, nullable=False),
        sa.Column("outcome", sa.String(32), nullable=False),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("tile", sa.String(8), nullable=True),
        sa.Column("how", sa.String(32), nullable=True),
        sa.Column("discarder", sa.Integer, nullable=True),
    )
    op.create_table(
        "deal_scores",
        sa.Column("game", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("hand_value", sa.Integer, nullable=True),
        sa.Column("change", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
    )
    op.create_table(
        "payments",
        sa.Column("game", sa.Integer, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("row", sa.Integer, primary_key=True),
        sa.Column("payer", sa.Integer, nullable=False),
        sa.Column("payee", sa.Integer, nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("payments", "deal_scores", "deals", "game_seats", "games", "players", "rulesets"):
        op.drop_table(table)
