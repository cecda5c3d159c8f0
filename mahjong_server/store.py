"""A live table's files in the data folder: its replay log (the source of truth) and its seat tokens' hashes.

Layout: ``DIR/tables/<table id>/game.jsonl`` is the table's replay log,
exactly the format ``mahjong replay`` and ``mahjong audit`` read, and
``DIR/tables/<table id>/seats.json`` holds the SHA-256 of each person's seat
token.  The tokens themselves are never written anywhere: whoever holds one
proves it by sending it, and a copied data folder lets nobody act.  Tokens are
kept beside the log, not in it, so a log can be published or audited without
handing out seats.

Durability: each line is flushed when written (a crash of the server loses at
most the line being written; the operating system still holds the rest), and
the file is fsynced at every ``deal_end`` and ``game_end`` and when the header
is written, so a crash of the machine loses at most the deal in play.  A log
cut off in the middle of a line is cut back to its last whole line before the
table resumes.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import IO, Any

LOG_NAME = "game.jsonl"
SEATS_NAME = "seats.json"
#: Events after which the log is fsynced.
SYNC_AFTER = frozenset({"deal_end", "game_end"})


def new_token() -> str:
    """A seat token: 256 random bits, URL-safe (43 characters)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _fsync_write(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class TableFiles:
    """The files of one table; ``folder`` is ``DIR/tables/<id>``."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.id = folder.name
        self.log_path = folder / LOG_NAME
        self.seats_path = folder / SEATS_NAME

    def create(self, token_hashes: dict[int, str]) -> None:
        self.folder.mkdir(parents=True, exist_ok=False)
        _fsync_write(self.seats_path, json.dumps({"token_sha256": {str(k): v for k, v in token_hashes.items()}},
                                                 sort_keys=True, indent=1) + "\n")

    def token_hashes(self) -> dict[int, str]:
        data = json.loads(self.seats_path.read_text(encoding="utf-8"))
        return {int(k): str(v) for k, v in data.get("token_sha256", {}).items()}

    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens, compared in constant time, or ``None``."""
        digest = token_hash(token)
        found = None
        for seat, stored in self.token_hashes().items():
            if hmac.compare_digest(stored, digest):
                found = seat
        return found

    def read_lines(self) -> list[str]:
        """The log's whole lines; a last line cut off mid-write is cut from the file first."""
        data = self.log_path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end != len(data):
            with open(self.log_path, "r+b") as f:
                f.truncate(end)
                f.flush()
                os.fsync(f.fileno())
            data = data[:end]
        return data.decode("utf-8").split("\n")[:-1]

    def finished(self) -> bool:
        lines = self.read_lines() if self.log_path.exists() else []
        return bool(lines) and '"type":"game_end"' in lines[-1]

    def open_writer(self, *, append: bool) -> SyncedWriter:
        return SyncedWriter(open(self.log_path, "a" if append else "x", encoding="utf-8", newline="\n"))


class SyncedWriter:
    """Appends a log's lines as a :class:`~mahjong_core.log_chain.Sealer` makes them: flushed, and fsynced at
    checkpoints.

    The lines come sealed from the table (:class:`mahjong_server.live.LiveTable` keeps the sealer, whose
    running hash covers the lines a resumed table re-played), so a resumed log's chain runs on unbroken.
    """

    def __init__(self, file: IO[str]):
        self._file = file

    def write(self, line: str, kind: Any, *, sync: bool = False) -> None:
        self._file.write(line + "\n")
        self._file.flush()
        if sync or kind in SYNC_AFTER:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


class DataDir:
    """The server's data folder: one sub-folder a table under ``tables/``."""

    def __init__(self, root: Path):
        self.root = root
        self.tables = root / "tables"
        self.tables.mkdir(parents=True, exist_ok=True)

    def new_table(self) -> TableFiles:
        return TableFiles(self.tables / secrets.token_hex(6))

    def existing(self) -> list[TableFiles]:
        """Every table with a log, oldest first (by name within a second, for a stable order)."""
        found = [TableFiles(p) for p in self.tables.iterdir() if (p / LOG_NAME).exists() and (p / SEATS_NAME).exists()]
        return sorted(found, key=lambda f: (f.log_path.stat().st_mtime_ns, f.id))
