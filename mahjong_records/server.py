"""The live server's side of the records: record a table's log when its game ends, answer the lobby's standings.

``mahjong serve --db URL`` opens the database once, at start (so a bad URL
or an unreachable database stops the server with one line before it
listens), and hands this :class:`Recorder` to the server.  A table's engine
thread calls :meth:`Recorder.record` when its game ends; the audit and the
write happen there, off the event loop.  A log that cannot be recorded is
reported in the server's log and left where it is: ``mahjong records add``
or ``rebuild`` records it later, since the log is the source of truth.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

from .db import Database, open_db
from .standings import RATING_MODEL, SEPARATE_TABLES_SOURCE, recorded_rulesets, standings
from .store import Recorded, record_log

log = logging.getLogger("mahjong_server")


class Recorder:
    """Records finished games into one database; safe to call from several threads."""

    def __init__(self, db: str):
        self.database: Database = open_db(db)
        # SQLite takes one writer at a time anyway; serialising here keeps its lock waits out of the picture.
        self._lock = threading.Lock() if self.database.dialect == "sqlite" else None

    def record(self, path: Path) -> Recorded:
        if self._lock is None:
            done = record_log(self.database, path)
        else:
            with self._lock:
                done = record_log(self.database, path)
        if done.error is not None:
            log.error("the game's log is not recorded: %s", done.error)
        return done

    def standings(self, ruleset: str | None) -> dict[str, Any]:
        """The lobby's answer: the recorded rulesets, and with ``ruleset`` its standings."""
        out: dict[str, Any] = {"enabled": True, "rulesets": recorded_rulesets(self.database),
                               "rating": RATING_MODEL, "separate_tables": SEPARATE_TABLES_SOURCE}
        if ruleset is not None:
            out["ruleset"] = ruleset
            out["tables"] = [s.to_json() for s in standings(self.database, ruleset)]
        return out

    def close(self) -> None:
        self.database.close()
