"""A live table's files in the data folder: its replay log (the source of truth) and its seat tokens' hashes.

Layout: ``DIR/tables/<table id>/game.jsonl`` is the table's replay log,
exactly the format ``mahjong replay`` and ``mahjong audit`` read, and
``DIR/tables/<table id>/seats.json`` holds the SHA-256 of each person's seat
token (and, for a table that seats people as they arrive, of its invitation,
the names of those seated so far and what the table was opened with, seed
included, until its log begins; and the seats a program the server offers
plays, by the name it is offered under, never its command).  The tokens themselves are never written
anywhere: whoever holds one proves it by sending it, and a copied data folder
lets nobody act.  Tokens are kept beside the log, not in it, so a log can be
published or audited without handing out seats.

Durability: each line is flushed when written (a crash of the server loses at
most the line being written; the operating system still holds the rest), and
the file is fsynced at every ``deal_end`` and ``game_end`` and when the header
is written, so a crash of the machine loses at most the deal in play.  A log
cut off in the middle of a line is cut back to its last whole line before the
table resumes.  The seats file is replaced whole (written aside, fsynced,
renamed), so it is always the old one or the new one.
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

    def create(self, token_hashes: dict[int, str], *, invite_hash: str | None = None,
               pending: dict[str, Any] | None = None, programs: dict[int, str] | None = None) -> None:
        """Write the seats file of a new table.

        :param invite_hash: the SHA-256 of the invitation of a table whose people sit in the order they arrive.
        :param pending: what such a table is opened with (ruleset, seat kinds, length, seed), kept until its
            people have all sat down and its log begins, so that a restarted server can keep waiting for them.
        :param programs: the seats played by a program the server offers, and the kind that names it (the log
            names such a seat ``human``), so that a restarted server seats the program again.
        """
        self.folder.mkdir(parents=True, exist_ok=False)
        data: dict[str, Any] = {"token_sha256": {str(k): v for k, v in token_hashes.items()}}
        if programs:
            data["programs"] = {str(k): v for k, v in programs.items()}
        if invite_hash is not None:
            data.update(invite_sha256=invite_hash, names={}, pending=pending)
        self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        _fsync_write(self.seats_path, json.dumps(data, sort_keys=True, indent=1) + "\n")

    def _data(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.seats_path.read_text(encoding="utf-8"))
        return data

    def token_hashes(self) -> dict[int, str]:
        return {int(k): str(v) for k, v in self._data().get("token_sha256", {}).items()}

    def invited(self, invite: str) -> bool:
        """Whether ``invite`` is this table's invitation (compared in constant time)."""
        stored = self._data().get("invite_sha256")
        return isinstance(stored, str) and hmac.compare_digest(stored, token_hash(invite))

    def pending(self) -> dict[str, Any] | None:
        """What a table that seats people as they arrive was opened with, or ``None`` for any other table."""
        pending = self._data().get("pending")
        return pending if isinstance(pending, dict) else None

    def programs(self) -> dict[int, str]:
        """The seats a program plays, and the kind that names the program, by seat (none for most tables)."""
        return {int(k): str(v) for k, v in self._data().get("programs", {}).items()}

    def names(self) -> dict[int, str]:
        """The names of the people who have sat down at a table that seats them as they arrive, by seat."""
        return {int(k): str(v) for k, v in self._data().get("names", {}).items()}

    def take_seat(self, seat: int, token_digest: str, name: str) -> None:
        """Record, durably, that a person named ``name`` sat at ``seat`` with the token of this SHA-256."""
        data = self._data()
        if str(seat) in data["token_sha256"]:
            raise ValueError(f"seat {seat} is taken")
        data["token_sha256"][str(seat)] = token_digest
        data.setdefault("names", {})[str(seat)] = name
        self._write(data)

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
    """Appends a log's lines as a :class:`~mahjong_core.Sealer` makes them: flushed, and fsynced at
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

    def waiting(self) -> list[TableFiles]:
        """Every table still waiting for its people to sit down (no log yet), oldest first."""
        found = [TableFiles(p) for p in self.tables.iterdir()
                 if not (p / LOG_NAME).exists() and (p / SEATS_NAME).exists()]
        return sorted((f for f in found if f.pending() is not None),
                      key=lambda f: (f.seats_path.stat().st_mtime_ns, f.id))
