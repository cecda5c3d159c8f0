"""The database's tables, in SQLAlchemy Core.

Every row is derived from a log: nothing here is known only to the
database, so a rebuild from the logs gives the same rows (compared by their
natural keys -- a ruleset's identity, a player's name, a log's SHA-256 --
since the surrogate ids depend on the order the logs come in).  The
migrations in :mod:`mahjong_records.migrations` create exactly these tables;
a test compares them.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

#: A ruleset as a log names it: id, version and the SHA-256 of its resolved tables; for a house rule (a ruleset
#: that is not installed) also the document the log carries.  Two house rules with one id but other values are
#: two rows, so their standings are kept apart.
rulesets = Table(
    "rulesets", metadata,
    Column("id", Integer, primary_key=True),
    Column("ruleset_id", String(64), nullable=False),
    Column("version", String(64), nullable=False),
    Column("sha256", String(64), nullable=False),
    Column("document", Text, nullable=True),
    UniqueConstraint("ruleset_id", "version", "sha256", name="uq_rulesets_identity"),
)

#: A player is a name.  A live server's seat tokens are never stored, not even hashed: a token opens one seat of
#: one table, it names no one.
players = Table(
    "players", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(160), nullable=False, unique=True),
)

#: One finished, audited game: its log (path and SHA-256) and what its header and result say.
games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True),
    Column("log_sha256", String(64), nullable=False, unique=True),
    Column("log_path", Text, nullable=False),
    Column("ruleset", Integer, ForeignKey("rulesets.id"), nullable=False, index=True),
    Column("seed", Text, nullable=True),  # the seed as text (a seed may be an integer or a string); None: a table
    Column("physical", Boolean, nullable=False),  # played on a real table (the log has no seed)
    Column("options", Text, nullable=False),  # the header's options, canonical JSON
    Column("teams", Text, nullable=False),  # the header's teams, canonical JSON
    Column("signed_by", String(64), nullable=True),
    Column("events", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),  # rounds (prevalent winds) completed
    Column("full_game", Boolean, nullable=False),  # four rounds played: a Game in 000 line 289's sense
    Column("starting_points", Integer, nullable=False, server_default="0"),  # each seat's points at the start
)

#: Who sat where in a game, and how it ended for them.
game_seats = Table(
    "game_seats", metadata,
    Column("game", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", Integer, ForeignKey("players.id"), nullable=False, index=True),
    Column("kind", String(64), nullable=False),  # "human" or the bot that played the seat
    Column("team", Integer, nullable=False),  # the index of the seat's team in the header's teams
    Column("score", Integer, nullable=False),  # the seat's final score
    Column("team_score", Integer, nullable=False),  # its team's final score (the seat's own outside pair play)
    Column("place", Integer, nullable=False),  # 1 = best final score of the game; tied seats share a place
)

#: One deal: where it was played from and how it ended.
deals = Table(
    "deals", metadata,
    Column("game", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("round", Integer, nullable=False),
    Column("dealer", Integer, nullable=False),
    Column("prevalent_wind", Integer, nullable=False),
    Column("outcome", String(32), nullable=False),  # "mahjong", "exhaustive draw", "abandoned"
    Column("winner", Integer, nullable=True),
    Column("tile", String(8), nullable=True),
    Column("how", String(32), nullable=True),
    Column("discarder", Integer, nullable=True),
)

#: Each seat's result of a deal: its scored hand's value (if it was scored), what the deal changed, the total.
deal_scores = Table(
    "deal_scores", metadata,
    Column("game", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("hand_value", Integer, nullable=True),
    Column("change", Integer, nullable=False),
    Column("total", Integer, nullable=False),
)

#: The payments of a deal as the log's settlement lists them: ``[payer, payee, amount, reason]``.
payments = Table(
    "payments", metadata,
    Column("game", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("deal", Integer, primary_key=True),
    Column("row", Integer, primary_key=True),
    Column("payer", Integer, nullable=False),
    Column("payee", Integer, nullable=False),
    Column("amount", Integer, nullable=False),
    Column("reason", Text, nullable=False),
)

#: Points moved outside a deal's settlement, as the log's ``payment`` events move them: during a deal (a stick
#: into the pot, the pot to a winner) or at the game's end (``deal`` null: an uma, what the pot still held).  A
#: payer or payee null is the table's pot.  ``event`` is the event's number in the log.
point_moves = Table(
    "point_moves", metadata,
    Column("game", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("event", Integer, primary_key=True),
    Column("deal", Integer, nullable=True),
    Column("payer", Integer, nullable=True),
    Column("payee", Integer, nullable=True),
    Column("amount", Integer, nullable=False),
    Column("reason", Text, nullable=False),
)

#: The tables in the order rows are deleted (children first).
DELETE_ORDER = (point_moves, payments, deal_scores, deals, game_seats, games, players, rulesets)
