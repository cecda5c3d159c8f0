"""A soak's journal: every batch of games kept the moment it is played, so a long run survives being stopped.

A long soak is hours of CPU (``docs/conformance.rst``, "Soak runs"), and a
report that exists only at the end loses all of it to one killed process,
an expired session or a pre-empted cluster node.  With ``--journal FILE``
each finished batch is appended to ``FILE`` as one JSON line and flushed to
disk; the same command run again reads the journal, plays only the batches
it lacks and prints the report of the whole run, the same report an
unbroken run prints.

A journal holds only for the run that wrote it, so its first line names that
run -- the options, each ruleset by identity (id, version and the SHA-256 of
its resolved tables) and the code by the SHA-256 of its files' bytes
(:func:`code_digest`) -- and a resume under anything else is refused, naming
what differs.  Lines are read as strictly as a replay log's
(:mod:`mahjong_core.reading.strict_json`, ``schemas/soak-journal.schema.json``),
within :data:`MAX_BYTES`; a last line cut off without its newline (the run
stopped while writing it) is dropped and its batch played again.  One
process at a time may write a journal (an advisory lock).
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import stat
import sys
from collections.abc import Sequence
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import IO, Any

from jsonschema.exceptions import best_match

from mahjong_core.conformance.soak import BATCH, BatchKey, GameOutcome, SoakFailure
from mahjong_core.errors import JournalError
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.reading.code_files import code_lines, content_stamp
from mahjong_core.reading.schema_compile import Checker
from mahjong_core.reading.strict_json import StrictJSONError, canonical, loads
from mahjong_core.rules import Ruleset
from mahjong_core.rules.ruleset import json_path

if sys.platform != "win32":  # no advisory locks on Windows (see _lock)
    import fcntl

#: Largest journal read: at some 20 bytes a game, room for three million games.
MAX_BYTES = 64 * 1024 * 1024
#: The most bytes a journal may hold (:data:`MAX_BYTES`), under the name :mod:`mahjong_core` exports it by.
MAX_JOURNAL_BYTES = MAX_BYTES
#: Longest line read (a batch line holds at most a failure message and the deals of its games).
MAX_LINE = 1024 * 1024
#: Longest failure message kept (the schema's bound); a longer one is cut, saying so.
MAX_MESSAGE = 10_000

#: What runs a soak's games: the core, the hook library, the YAML reader, the JSON codec, and every package
#: a ruleset, plugin or bot entry point names.
_GAME_GROUPS = ("mahjong_core.rulesets", "mahjong_core.plugins", "mahjong_core.bots")
_GAME_PACKAGES = ("mahjong_core", "mahjong_core.schemas", "pluggy", "yaml", "orjson")


@lru_cache(maxsize=1)
def code_digest() -> str:
    """SHA-256 of the code that plays a soak's games, by each file's path in its package and its bytes.

    Unlike the load record's fingerprint it names no absolute path and no modification time, so a fresh
    checkout of the same commit, here or on another machine, has the same digest.
    """
    lines = code_lines(_GAME_GROUPS, _GAME_PACKAGES, content_stamp)
    return hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()


def run_header(rulesets: Sequence[Ruleset], games: int, seed: int, max_deals: int | None) -> dict[str, Any]:
    """The first line of a journal of this run."""
    return {"soak_journal": 1, "code": code_digest(),
            "rulesets": [{"id": r.id, "identity": r.identity} for r in rulesets],
            "games": games, "seed": seed, "max_deals": max_deals, "batch": BATCH,
            "python": platform.python_version()}


class SoakJournal:
    """An open journal: the batches it already holds (:attr:`played`) and a way to keep new ones (:meth:`keep`).

    Use :func:`open_journal`; close it (or use it as a context manager) when the run ends.
    """

    def __init__(self, path: Path, file: IO[bytes], played: dict[BatchKey, list[GameOutcome]], *, torn: bool):
        self.path = path
        self._file = file
        #: The batches played before, by ruleset id and first seed.
        self.played = played
        #: Whether a last line cut off by a stopped run was dropped (its batch is played again).
        self.torn = torn

    def keep(self, key: BatchKey, outcomes: list[GameOutcome]) -> None:
        """Append one played batch and flush it to disk before returning."""
        ruleset, seed = key
        failure = next((o.failure for o in outcomes if o.failure is not None), None)
        line = {"ruleset": ruleset, "seed": seed,
                "deals": [o.deals for o in outcomes if o.failure is None],
                "failure": None if failure is None else {"seed": failure.seed, "bots": list(failure.bots),
                                                         "message": _bounded_message(failure.message)}}
        try:
            self._file.write(canonical(line).encode() + b"\n")
            self._file.flush()
            os.fsync(self._file.fileno())
        except OSError as exc:  # a full disk, say: the batches kept so far stay kept
            raise JournalError(f"cannot write the journal: {exc.strerror or exc}", source=str(self.path)) from None

    def close(self) -> None:
        self._file.close()  # closing the file releases its lock

    def __enter__(self) -> SoakJournal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_journal(path: str | Path, header: dict[str, Any]) -> SoakJournal:
    """The journal at ``path`` of the run ``header`` describes: a new one, or the one that run began.

    :raises JournalError: naming the file and line, when the journal is unreadable, malformed, of another
        run (other options, rulesets or code), or in use by another process.
    """
    path = Path(path)
    source = str(path)
    try:
        file = open(path, "r+b" if path.exists() else "x+b")  # noqa: SIM115 - kept open for the run
    except IsADirectoryError:
        raise JournalError("the journal is a folder; expected a file", source=source) from None
    except OSError as exc:
        raise JournalError(f"cannot open the journal: {exc.strerror}", source=source) from None
    try:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            raise JournalError("the journal is not a regular file (a device or a pipe); a journal is kept on disk",
                               source=source)
        _lock(file, source)
        data = read_bounded(path, MAX_BYTES, what="the journal", error=JournalError)
        if not data:
            try:
                file.write(canonical(header).encode() + b"\n")
                file.flush()
                os.fsync(file.fileno())
            except OSError as exc:
                raise JournalError(f"cannot write the journal: {exc.strerror or exc}", source=source) from None
            return SoakJournal(path, file, {}, torn=False)
        complete, _, tail = data.rpartition(b"\n")
        if not complete and not data.endswith(b"\n"):
            raise JournalError("the first line is cut off; expected the run's header line", source=source,
                               place="line 1")
        played = read_batches(complete.split(b"\n"), header, source)
        if tail:  # a run stopped while writing its last line: that batch was never kept
            file.truncate(len(complete) + 1)
        file.seek(0, os.SEEK_END)
        return SoakJournal(path, file, played, torn=bool(tail))
    except BaseException:
        file.close()
        raise


def _lock(file: IO[bytes], source: str) -> None:
    """Refuse a journal another process is writing (two writers would interleave their lines)."""
    if sys.platform == "win32":  # no advisory locks there: one writer is the user's to ensure
        return
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise JournalError("the journal is being written by another soak; wait for it or name another file",
                           source=source) from None


def read_batches(lines: list[bytes], header: dict[str, Any], source: str) -> dict[BatchKey, list[GameOutcome]]:
    """The batches of a journal's complete lines, after checking that they are of the run ``header`` names."""
    first = _decode(lines[0], 1, source, "header")
    _same_run(first, header, source)
    sizes = {header["seed"] + start: min(header["batch"], header["games"] - start)
             for start in range(0, header["games"], header["batch"])}
    ids = {r["id"] for r in header["rulesets"]}
    played: dict[BatchKey, list[GameOutcome]] = {}
    for n, text in enumerate(lines[1:], start=2):
        line = _decode(text, n, source, "batch")
        place = f"line {n}"
        if line["ruleset"] not in ids:
            raise JournalError(f"ruleset {line['ruleset']!r} is not one of this run's "
                               f"({', '.join(sorted(ids))})", source=source, place=f"{place}, $.ruleset")
        size = sizes.get(line["seed"])
        if size is None:
            raise JournalError(f"no batch of this run begins at seed {line['seed']}; batches begin at "
                               f"{header['seed']} + multiples of {header['batch']}", source=source,
                               place=f"{place}, $.seed")
        key = (line["ruleset"], line["seed"])
        if key in played:
            raise JournalError(f"a second line for the batch of {key[0]} from seed {key[1]}", source=source,
                               place=place)
        played[key] = _outcomes(line, size, source, place)
    return played


def _outcomes(line: dict[str, Any], size: int, source: str, place: str) -> list[GameOutcome]:
    deals, failure = line["deals"], line["failure"]
    if failure is None:
        if len(deals) != size:
            raise JournalError(f"{len(deals)} games where the batch has {size} and none failed", source=source,
                               place=f"{place}, $.deals")
        return [GameOutcome(d) for d in deals]
    if len(deals) >= size or failure["seed"] != line["seed"] + len(deals):
        raise JournalError(f"the failed game's seed {failure['seed']} does not follow the {len(deals)} "
                           f"game(s) before it in a batch of {size} from seed {line['seed']}", source=source,
                           place=f"{place}, $.failure.seed")
    return [*(GameOutcome(d) for d in deals),
            GameOutcome(0, SoakFailure(line["ruleset"], failure["seed"], tuple(failure["bots"]), failure["message"]))]


def _decode(data: bytes, n: int, source: str, kind: str) -> dict[str, Any]:
    """One line, strictly decoded and checked against its part of the schema."""
    if len(data) > MAX_LINE:
        raise JournalError(f"a line of {len(data):,} bytes; a journal line is at most {MAX_LINE:,}",
                           source=source, place=f"line {n}")
    try:
        value = loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise JournalError(f"not UTF-8 (byte {exc.start + 1})", source=source, place=f"line {n}") from None
    except StrictJSONError as exc:
        raise JournalError(f"not a journal line: {exc}", source=source, place=f"line {n}") from None
    checker = _checker(kind)
    if checker.valid(value):
        return value  # the schema says it is an object

    error = best_match(checker.explain.iter_errors(value))
    # The compiled check and jsonschema agree (tests/core/reading/test_schema_compile.py): never reached.
    if error is None:
        raise JournalError(f"expected a {kind} line", source=source, place=f"line {n}")
    parts = list(error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
        extra = sorted(set(error.instance) - set(allowed))
        if extra:
            parts.append(extra[0])
            message = f"unknown key {extra[0]!r}; expected only {', '.join(allowed)}"
    raise JournalError(f"expected a {kind} line: {message}", source=source, place=f"line {n}, {json_path(parts)}")


def _same_run(first: dict[str, Any], header: dict[str, Any], source: str) -> None:
    """Refuse a journal of another run, naming the first thing that differs."""
    for key, what in (("code", "code"), ("rulesets", "rulesets"), ("games", "--games"), ("seed", "--seed"),
                      ("max_deals", "--max-deals"), ("batch", "batch size")):
        if first[key] != header[key]:
            if key == "code":
                why = (f"it was begun by other code (digest {first[key][:12]}..., this code's is "
                       f"{header[key][:12]}...); a run's games hold only for the code that plays them all")
            elif key == "rulesets":
                why = (f"it is of the rulesets {_names(first[key])}, this run's are {_names(header[key])}")
            else:
                why = f"it was begun with {what} {json.dumps(first[key])}, this run has {json.dumps(header[key])}"
            raise JournalError(f"this journal is of another run: {why}; resume it with the options that began "
                               f"it, or name a new file", source=source, place=f"line 1, $.{key}")


def _names(rulesets: list[dict[str, str]]) -> str:
    return ", ".join(r["identity"] for r in rulesets)


@cache
def _checker(kind: str) -> Any:
    schema = journal_schema()
    return Checker(schema["$defs"][kind], defs=schema["$defs"])


@cache
def journal_schema() -> dict[str, Any]:
    """The published JSON Schema of a journal line."""
    text = resources.files("mahjong_core.schemas").joinpath("soak-journal.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _bounded_message(message: str) -> str:
    if len(message) <= MAX_MESSAGE:
        return message
    note = " ... (cut to fit the journal)"
    return message[:MAX_MESSAGE - len(note)] + note
