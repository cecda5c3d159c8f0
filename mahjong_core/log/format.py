"""The replay log: JSON Lines, written append-only, read as untrusted input.

Line 1 is the header; every further line is one event as the engine emitted
it (see :mod:`mahjong_core.engine.game`).  The format is specified in
``docs/replay-format.md`` and ``schemas/replay.schema.json``.

Writing flushes after every line by default, so a crash loses at most the
line being written; a simulated game, which its seed re-creates, is written a
deal at a time instead (``ReplayWriter(..., batch=True)``).  Reading
distinguishes a file that was cut off (its last line has no newline and does
not parse) from one that is corrupt, and bounds what it reads, because
referees audit logs that they did not produce.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Self, overload

import orjson

from mahjong_core.errors import MahjongError, ReplayError
from mahjong_core.log.chain import CHECKPOINTS, Integrity, Sealer, Signer, lines_holding, verify_chain
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.reading.strict_json import (
    MAX_DEPTH,
    MAX_INT,
    StrictJSONError,
    canonical,
    loads_canonical,
    loads_canonical_all,
)
from mahjong_core.reading.strict_json import loads as strict_loads
from mahjong_core.table.rng import MAX_LOG_SEED, MAX_LOG_SEED_TEXT

if TYPE_CHECKING:
    from mahjong_core.reading.schema_compile import Checker
    from mahjong_core.rules import Ruleset

#: Version 2 seals the log (a hash chain at every checkpoint, optionally signed); version 1 logs are still read.
FORMAT_VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
#: The largest log this reader accepts, in bytes.  The longest of 43 full bundled-ruleset games measured
#: (hongkong_plus, seed 6) is 447 kB and 4,424 lines; the bounds leave room for nine times that and keep the
#: memory of reading any log, rejected or not, under 100 MB.
MAX_LOG_BYTES = 4 * 1024 * 1024
#: The longest line accepted, in characters (the longest line a bundled game writes is under 4,000).
MAX_LINE_BYTES = 64 * 1024
#: The most lines accepted: a bound on the objects a log decodes into.
MAX_LINES = 40_000
#: The largest house-rule file a log's header embeds, in characters (the header must stay within a line).
MAX_EMBEDDED_RULESET = 48 * 1024
BOUNDS = {"bytes": MAX_LOG_BYTES, "lines": MAX_LINES, "line": MAX_LINE_BYTES, "depth": MAX_DEPTH, "integer": MAX_INT}


def dumps(obj: dict[str, Any]) -> str:
    """The one canonical serialisation of a log line (sorted keys, no spaces), so bytes are reproducible."""
    return canonical(obj)


class ReplayWriter:
    """Write a log line by line to a path or an open text stream, flushing each line or, with ``batch``, each deal.

    Every line goes through a :class:`~mahjong_core.log.chain.Sealer`: each
    checkpoint gets its hash chain and, with a ``signer``, its signature, so
    every writer of logs (simulation, a live table, a score sheet's record)
    seals them the same way.  A path is opened for exclusive creation: an
    existing log is never overwritten by accident (remove it first).

    A line flushed as soon as it is made survives a crash of the writer; that
    matters where the moves exist nowhere else.  A simulated game's moves
    follow from its seed, so it passes ``batch=True``: its lines are held and
    written with one call at each checkpoint (``deal_end``, ``game_end``) and
    at ``close()``, which spares a system call and a flush a line (a third
    of a simulation's time when every line was flushed).  What is held is the
    events themselves, sealed together at the checkpoint
    (``Sealer.lines``), which spares the Python
    calls of sealing them one by one; the engine never changes an event once
    it is logged.  The bytes and the chain are the same either way; only when
    they reach the file differs.
    """

    def __init__(self, target: str | Path | IO[str], *, signer: Signer | None = None, fsync: bool = False,
                 batch: bool = False):
        # A path is written in bytes: the sealer makes UTF-8 already, which a text file would decode only to
        # encode again (a share of a simulated game's log).  A stream is the caller's, and written as text.
        self._stream: IO[str] | None = None
        self._binary: IO[bytes] | None = None
        if isinstance(target, str | Path):
            self._binary = open(target, "xb")  # noqa: SIM115
        else:
            self._stream = target
        self._sealer = Sealer(signer)
        self._fsync = fsync
        self._batch = batch
        #: With ``batch``, what was given since the last write, to be sealed and written together.
        self._pending: list[dict[str, Any]] = []
        #: The lines sealed and handed to the file so far.
        self._sealed = 0
        #: The bytes of those lines, in UTF-8: a log's size, known without asking the file system.
        self.size = 0

    @property
    def lines(self) -> int:
        """The lines given to this writer so far, written or held."""
        return self._sealed + len(self._pending)

    def write(self, obj: dict[str, Any]) -> None:
        """Write one line (sealed); with ``batch``, hold it until the next checkpoint."""
        if self._batch:
            self._pending.append(obj)
            if obj.get("type") in CHECKPOINTS:
                self._write_pending()
            return
        self._sealed += 1
        self._put(self._sealer.line_bytes(obj))
        self._flush(obj.get("type") in CHECKPOINTS)

    def holder(self) -> Callable[[dict[str, Any]], None]:
        """A game's ``emit`` that only holds each event, for a batched writer whose owner calls :meth:`write_held`
        between deals (and :meth:`close` at the end): the held list's own ``append``, with no Python call an
        event, where :meth:`write` looks at every event for a checkpoint.  The bytes and the chain are
        :meth:`write`'s; only when they reach the file differs.
        """
        if not self._batch:
            raise ValueError("only a batched writer (batch=True) holds its lines")
        return self._pending.append

    def write_held(self) -> None:
        """Seal and write what is held up to its last checkpoint, in one write, as :meth:`write` would have written
        it at that checkpoint; what follows the checkpoint stays held (a line-by-line writer holds nothing)."""
        pending = self._pending
        last = len(pending) - 1
        while last >= 0 and pending[last].get("type") not in CHECKPOINTS:  # a line or two after a deal's end
            last -= 1
        self._write_pending(last + 1)

    def _write_pending(self, end: int | None = None) -> None:
        """The held lines (the first ``end`` of them) sealed and written in one write; with ``fsync``, synced as a
        line-by-line writer is at a checkpoint."""
        pending = self._pending if end is None else self._pending[:end]
        if pending:
            data = self._sealer.block(pending)
            self._sealed += len(pending)
            del self._pending[:len(pending)]
            self._put(data)
            if self._fsync:
                self._flush(True)

    def _put(self, data: bytes) -> None:
        self.size += len(data)
        if self._binary is not None:
            self._binary.write(data)
        else:
            assert self._stream is not None
            self._stream.write(data.decode("utf-8"))

    def _flush(self, checkpoint: bool) -> None:
        """Hand what was written to the operating system; at a checkpoint with ``fsync``, to the disk."""
        file = self._binary if self._binary is not None else self._stream
        assert file is not None
        file.flush()
        if self._fsync and checkpoint:
            os.fsync(file.fileno())

    def close(self) -> None:
        """Write what is held (a batch cut off before its checkpoint included); close a file this writer opened."""
        try:
            self._write_pending()
        finally:
            if self._binary is not None:
                self._binary.close()
            else:
                assert self._stream is not None
                self._stream.flush()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def check_log_seed(seed: object) -> None:
    """Refuse a seed a log's header cannot hold, before anything is played or written.

    :raises MahjongError: for an integer beyond 2**53 - 1 (strict decoding) or a text of over
        ``MAX_LOG_SEED_TEXT`` (256) characters.
    """
    if isinstance(seed, int) and not isinstance(seed, bool) and not 0 <= seed <= MAX_LOG_SEED:
        raise MahjongError(f"a replay log's integer seed is 0 to {MAX_LOG_SEED} (2**53 - 1), the range every JSON "
                           f"reader holds exactly; got {seed}", place="seed")
    if isinstance(seed, str) and len(seed) > MAX_LOG_SEED_TEXT:
        raise MahjongError(f"a replay log's text seed is at most {MAX_LOG_SEED_TEXT} characters; got "
                           f"{len(seed):,}", place="seed")


def header(ruleset: Ruleset, seed: int | str | None, rng_algorithm: str | None, seats: list[dict[str, Any]],
           teams: list[list[int]], options: dict[str, Any], *, salts: str | None = None) -> dict[str, Any]:
    """The header line: everything needed to re-create the game besides the decisions.

    A ruleset that is not installed (a house-rule file) is written into the
    header as its file's text, so that the log re-plays and audits wherever
    the rulesets it extends are installed.

    :param salts: ``"logged"`` when each deal's commitment salt is random and written on its ``deal_start``
        line (a live table's); ``None`` leaves it out, meaning the salts are derived from the seed, as in every
        simulated game, so such a header is written as it always was.

    The points each seat begins with are written (``starting_points``) where the ruleset's are not 0, so that
    a fold of the log, which reads no ruleset, starts the scores where the game did.

    :raises MahjongError: for a house-rule file too large to embed in a log line.
    """
    check_log_seed(seed)
    identity: dict[str, Any] = {"id": ruleset.id, "version": ruleset.version, "sha256": ruleset.sha256}
    if ruleset.text is not None:
        if len(ruleset.text) > MAX_EMBEDDED_RULESET:
            raise MahjongError(f"the ruleset file is {len(ruleset.text):,} characters; a replay log embeds at most "
                               f"{MAX_EMBEDDED_RULESET:,} (a larger ruleset is installed as a plugin instead)",
                               source=ruleset.location)
        identity["document"] = ruleset.text
    head = {
        "type": "header",
        "format_version": FORMAT_VERSION,
        "ruleset": identity,
        "rng": None if seed is None else {"algorithm": rng_algorithm, "seed": seed,
                                          **({"salts": salts} if salts is not None else {})},
        "seats": seats,
        "teams": teams,
        "options": options,
        # Only where the ruleset sets them: a header of a game starting at 0 is written as it always was.
        **({"starting_points": points} if (points := ruleset.starting_points()) else {}),
    }
    # The plugins whose words the game may write, only where there are any: a log in the core's words is
    # written as it always was (mahjong_core.log.vocabulary).
    # deferred: the ruleset's binding to its plugins (~250 ms of imports: the loader, the plugin layer), which a
    # writer of logs has loaded already and a reader (view, the viewer) never needs
    from mahjong_core.log.vocabulary import header_vocabulary

    vocabulary = header_vocabulary(ruleset)
    if vocabulary is not None:
        head["vocabulary"] = vocabulary
    return head


@cache
def replay_schema() -> dict[str, Any]:
    text = resources.files("mahjong_core.schemas").joinpath("replay.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def _replay_schema_text() -> str:
    """The replay schema's canonical text, made once: the key by which a log's words' checker is found."""
    return canonical(replay_schema())


@cache
def _validators() -> tuple[Checker, Checker]:
    # deferred: the schema check only to read a log; a writer (simulate, the server) loads none
    from mahjong_core.reading.schema_compile import Checker
    from mahjong_core.rules.schema import check_schema

    schema = replay_schema()
    check_schema(schema)  # against the metaschema once per schema and validator library (rules.validated's record)
    defs = schema["$defs"]
    return Checker(defs["header"], defs), Checker(defs["event"], defs)


def _schema_error(validator: Checker, obj: Any, source: str, line: int) -> ReplayError | None:
    if validator.valid(obj):
        return None
    from jsonschema.exceptions import best_match  # deferred: as in _validators, and only for a line in error

    error = best_match(validator.explain.iter_errors(obj))
    if error is None:
        return None
    path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return ReplayError(f"{error.message} (at {path})", source=source, place=f"line {line}")


def plugin_words_error(log: ReplayLog) -> ReplayError | None:
    """The first line of a log read as lines (:class:`UndecodedEvents`) that may hold a plugin's words -- an event
    of a type its header's vocabulary declares, or a decision, whose action, way or phase may be a plugin's -- and
    breaks the schema those words extend, as the strict reading names it; ``None`` when every one keeps it.

    A passing byte-for-byte comparison proves every line the canonical text of an event the rules produced; the
    core's events are valid by construction, and this checks what a plugin contributed, which only its words'
    schema fragments describe (:func:`mahjong_core.plugin.vocabulary.event_schema`: its event types, and the
    decisions that take its action kinds, ways and phases), so that the fast audit of such a log checks all the
    strict reading does.  Only the lines that hold one of the words are decoded.
    """
    from mahjong_core.log.vocabulary import event_checker  # deferred: as in parse_log, for such a log only

    checker = event_checker(log.header, _replay_schema_text())
    if checker is None or not isinstance(log.events, UndecodedEvents):
        return None
    vocabulary = log.header.get("vocabulary") or {}
    texts = sorted({f'"{"type" if kind == "event" else kind}":{canonical(str(word))}'
                    for entry in vocabulary.values() if isinstance(entry, Mapping)
                    for kind in ("action", "way", "phase", "event")
                    for word in (entry.get(f"{kind}s") or {})})
    for event in log.events.containing(texts):
        error = _schema_error(checker, event, log.source, int(event.get("n", -2)) + 2)
        if error is not None:
            return error
    return None


@dataclass
class ReplayLog:
    """A parsed log: the header, the events, and the raw lines for byte comparison."""

    source: str
    header: dict[str, Any]
    events: Sequence[dict[str, Any]]
    lines: list[str]
    integrity: Integrity = field(default_factory=Integrity)

    def decisions(self, seat: int) -> Iterator[tuple[int, dict[str, Any]]]:
        """The seat's recorded decisions in order, as ``(event number, event)``."""
        by_seat = self.__dict__.get("_by_seat")
        if by_seat is None:  # one pass over the log for every seat, not one per seat
            by_seat = {}
            events = self.events
            found = events.decisions() if isinstance(events, UndecodedEvents) else enumerate(events)
            for n, event in found:
                # A decision whose actor is not a seat number is nobody's: the re-run then finds its line wrong.
                if type(event) is dict and event.get("type") == "decision" and type(event.get("actor")) is int:
                    by_seat.setdefault(event["actor"], []).append((n, event))
            self.__dict__["_by_seat"] = by_seat
        return iter(by_seat.get(seat, ()))


class UndecodedEvents(Sequence[dict[str, Any]]):
    """A log's events kept as their lines, each decoded only when asked for.

    The byte-for-byte replay needs only the decisions decoded (to play them
    again); every other line it compares as bytes with the event the rules
    produce.  A decision line's canonical form always holds
    ``"type":"decision"``, so the lines without it are never decoded.  What
    this skips (the line-by-line checks of :func:`parse_log`) a passing replay
    has proved anyway, since every line equals the canonical serialisation of
    a produced event; a failing one is read again the strict way to say what
    is wrong (:func:`mahjong_core.audit.check.check`).
    """

    def __init__(self, lines: list[str], source: str):
        self._lines = lines
        self._source = source

    def __len__(self) -> int:
        return len(self._lines) - 1

    @overload
    def __getitem__(self, k: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, k: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, k: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(k, slice):
            return [self[i] for i in range(len(self))[k]]
        if not -len(self) <= k < len(self):
            raise IndexError(k)
        k %= len(self)
        return _decode_line(self._lines, k + 1, True, self._source)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._decoded(range(len(self))))

    def of_types(self, types: Iterable[str]) -> list[dict[str, Any]]:
        """The events that may be of one of ``types``, decoded: every line whose canonical text says so, and
        maybe others (a line that merely holds the words), which the caller tells apart by their type.

        For a log whose every line has been proven the canonical serialisation of an event the rules produced
        (a passing byte-for-byte comparison), as :meth:`decisions` is.
        """
        return self.containing(f'"type":"{kind}"' for kind in types)

    def containing(self, texts: Iterable[str]) -> list[dict[str, Any]]:
        """The events whose line holds one of ``texts``, decoded, in order (see :meth:`of_types`)."""
        # The lines searched as one text (chain.lines_holding): the texts looked for are in few lines.  The header
        # is left out: it is no event, and its players' names may make the text wider than ASCII, and slower.
        return self._decoded(lines_holding(self._lines[1:], texts))

    def _decoded(self, found: Sequence[int]) -> list[dict[str, Any]]:
        """The events numbered ``found``, decoded in one call where that gives one object a line (see
        :func:`_decode_all`), else one by one through the strict reading, which names a bad line."""
        events = _decode_all([self._lines[k + 1] for k in found])
        if events is None or set(map(type, events)) - {dict}:
            return [self[k] for k in found]
        return events

    def decisions(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """``(event number, event)`` for every line that may be a decision, decoded.

        The lines are decoded in one call where that gives one object a line
        (see :func:`_decode_all` for why that is enough here), else one by one,
        which names a bad line.
        """
        found = [k for k, line in enumerate(self._lines[1:]) if _DECISION in line]
        events = _decode_all([self._lines[k + 1] for k in found])
        if events is None or any(type(e) is not dict for e in events):
            events = [self[k] for k in found]
        return zip(found, events, strict=True)


_DECISION = '"type":"decision"'


def read_log(path: str | Path, *, validate_events: bool = True, decode_events: bool = True) -> ReplayLog:
    """Read and check a replay log.

    :param validate_events: check every event against the schema (audit); the
        byte-for-byte replay skips it because any event that differs from the
        re-simulation is caught there anyway.
    :param decode_events: ``False`` (with ``validate_events=False``) leaves a
        complete log's events as lines, decoded when asked for
        (:class:`UndecodedEvents`): the byte-for-byte replay's fast path.
    :raises ReplayError: naming the file and the line for anything wrong:
        too large, not UTF-8, a line too long, not strict JSON, cut off, a
        schema violation, events out of order.  A broken hash chain is not
        raised but recorded in :attr:`ReplayLog.integrity`, so that the
        verdict can name the first line that is actually wrong.
    """
    # Passed on without a name here, so that parse_log can free the bytes once it has decoded them.
    return parse_log(read_bounded(path, MAX_LOG_BYTES, what="the log", error=ReplayError), source=str(path),
                     validate_events=validate_events, decode_events=decode_events)


#: What a file read as a log must be, said when its first line is not a log's header: a user may have given the
#: command another file (a ruleset, a score sheet with another suffix, a text).
NOT_A_LOG = ("expected a replay log: JSON Lines whose first line is the header, with format_version, ruleset and "
             "seats (docs/replay-format.md); a score sheet is read from a .yaml, .yml or .json file")


def parse_log(data: bytes, *, source: str = "<log>", validate_events: bool = True,
              decode_events: bool = True) -> ReplayLog:
    """Parse log bytes; see :func:`read_log`."""
    if not data:
        raise ReplayError("the log is empty; expected a header line", source=source, place="line 1")
    if len(data) > MAX_LOG_BYTES:
        raise ReplayError(f"the log is larger than {MAX_LOG_BYTES:,} bytes; at most {MAX_LOG_BYTES:,} are read",
                          source=source)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        number = data[: exc.start].count(b"\n") + 1
        raise ReplayError(f"not UTF-8 text (byte {exc.start}); a replay log is JSON Lines", source=source,
                          place=f"line {number}") from None
    del data
    if text.count("\n") > MAX_LINES:
        raise ReplayError(f"the log has more than {MAX_LINES:,} lines; at most {MAX_LINES:,} are read",
                          source=source, place=f"line {MAX_LINES + 1}")
    raw_lines = text.split("\n")
    del text
    complete = raw_lines[-1] == ""
    if complete:
        raw_lines.pop()
    _check_line_lengths(raw_lines, source)
    header_validator, event_validator = _validators()
    try:
        head = _decode_line(raw_lines, 0, complete, source)
    except ReplayError as exc:
        if len(raw_lines) == 1 and not complete:
            raise
        raise ReplayError(f"{exc.message}; {NOT_A_LOG}", source=source, place=exc.place) from None
    if type(head) is dict and "format_version" not in head and "ruleset" not in head:
        raise ReplayError(f"the first line is no log's header (it has no format_version); {NOT_A_LOG}",
                          source=source, place="line 1")
    error = _schema_error(header_validator, head, source, 1)
    if error:
        raise error
    if head.get("format_version") not in SUPPORTED_VERSIONS:
        raise ReplayError(f"format_version {head.get('format_version')!r} is not supported; this reader reads "
                          f"{' and '.join(map(str, SUPPORTED_VERSIONS))}", source=source, place="line 1")
    _check_options(head, source)
    if validate_events and "vocabulary" in head:
        # A log with a plugin's words is checked against the schema those words extend.
        from mahjong_core.log.vocabulary import event_checker  # deferred: as in header(), for such a log only

        event_validator = event_checker(head, _replay_schema_text()) or event_validator
    events: Sequence[dict[str, Any]]
    #: By line index, whether decoding proved the line canonical (so the seal's check need not re-serialise it).
    known: list[bool] | None = None
    if complete and not validate_events and not decode_events:
        events = UndecodedEvents(raw_lines, source)
    else:
        objects: list[dict[str, Any]] = []
        # Every line read at once; a line that reading did not prove canonical is read again alone, which
        # accepts or refuses it as line-by-line reading always has.
        values, proven = loads_canonical_all(raw_lines[1:])
        known = [False, *proven]
        for i in range(1, len(raw_lines)):
            obj = values[i - 1] if known[i] else _decode_line(raw_lines, i, complete, source, known)
            if validate_events:
                error = _schema_error(event_validator, obj, source, i + 1)
                if error:
                    raise error
            if obj.get("n") != i - 1:
                raise ReplayError(f"event number {obj.get('n')!r} out of sequence; expected {i - 1}",
                                  source=source, place=f"line {i + 1}")
            objects.append(obj)
        events = objects
    if not complete:
        # The last line parsed but the newline after it is missing: still cut off mid-write.
        raise ReplayError(f"the log is cut off after event {len(raw_lines) - 2}: its last line has no newline",
                          source=source, place=f"line {len(raw_lines)}")
    integrity = verify_chain(raw_lines, lambda i: events[i - 1], head,
                             lazy=isinstance(events, UndecodedEvents), canonical_lines=known,
                             decoded=events if type(events) is list else None)
    return ReplayLog(source, head, events, raw_lines, integrity)


#: The options each format version may hold.  ``bots`` (the bots by seat) was a format 1 field, made
#: redundant by the seats' kinds; ``max_rounds`` came with the live tables, after format 1; ``first_round`` with
#: imported games, which may begin in any round; ``opening`` with imported excerpts, which begin mid-game.
OPTIONS_BY_VERSION = {1: ("bots", "max_deals"), 2: ("max_deals", "max_rounds", "first_round", "opening")}


def _check_options(head: dict[str, Any], source: str) -> None:
    """Refuse an option the header's format version does not have: the schema admits the union of all versions'."""
    version = head["format_version"]
    allowed = OPTIONS_BY_VERSION[version]
    for key in sorted(head["options"]):
        if key not in allowed:
            raise ReplayError(f"options.{key} is not an option of format {version}, whose options are "
                              f"{' and '.join(allowed)} only", source=source, place="line 1")
    if version == 1 and "starting_points" in head:
        raise ReplayError("starting_points is a field of format 2; every seat of a format 1 game starts at 0",
                          source=source, place="line 1")


def _check_line_lengths(lines: list[str], source: str) -> None:
    """Refuse an over-long line before any line is decoded: its place is known without reading it."""
    if lines and max(map(len, lines)) > MAX_LINE_BYTES:
        i = next(i for i, line in enumerate(lines) if len(line) > MAX_LINE_BYTES)
        raise ReplayError(f"line is {len(lines[i]):,} characters long; at most {MAX_LINE_BYTES:,}", source=source,
                          place=f"line {i + 1}")


def _decode_line(lines: list[str], i: int, complete: bool, source: str,
                 known: list[bool] | None = None) -> dict[str, Any]:
    """Line index ``i`` decoded strictly (:mod:`mahjong_core.reading.strict_json`), as the object every line is.

    :param known: where to record, at ``i``, whether decoding proved the line canonical.
    """
    try:
        if known is None:
            obj = strict_loads(lines[i])
        else:
            obj, known[i] = loads_canonical(lines[i])
    except StrictJSONError as exc:
        if i == len(lines) - 1 and not complete:
            what = "header" if i == 0 else f"event {i - 1}"
            raise ReplayError(f"the log is cut off: its last line ({what}) is incomplete; {i} lines before it "
                              "are intact", source=source, place=f"line {i + 1}") from None
        raise ReplayError(f"{exc} (strict JSON: docs/replay-format.md, \"Strict decoding\")",
                          source=source, place=f"line {i + 1}") from None
    if type(obj) is not dict:
        raise ReplayError(f"every line is a JSON object, this one is {_json_kind(obj)}", source=source,
                          place=f"line {i + 1}")
    return obj


def _json_kind(value: Any) -> str:
    return {list: "an array", str: "a string", int: "a number", bool: "a boolean"}.get(type(value), "null")


def _decode_all(lines: list[str]) -> list[Any] | None:
    """Every line decoded in one call (much faster than line by line), or ``None`` if that fails.

    Decoding the lines as one JSON array is not the same as decoding each
    line: a line may hold half a value and its neighbour the rest, or a
    duplicate key.  It is used only for decisions in the byte-for-byte
    replay, where every line is afterwards compared byte for byte with the
    canonical serialisation of the event the rules produce, which no such line
    survives.  On any failure the caller decodes line by line to say which
    line is bad.
    """
    if any(not line.strip() for line in lines):
        return None
    try:
        values = orjson.loads("[" + ",".join(lines) + "]")
    except orjson.JSONDecodeError:  # also too deep: orjson bounds its recursion and raises this
        return None
    return values if len(values) == len(lines) else None


def write_lines(path: str | Path, objects: Iterable[dict[str, Any]], *, signer: Signer | None = None) -> None:
    """Write (and seal) a whole log at once, replacing any file at ``path`` (tools and tests).

    Games write through :class:`ReplayWriter`, which never replaces a file.
    """
    Path(path).unlink(missing_ok=True)
    with ReplayWriter(path, signer=signer) as writer:
        for obj in objects:
            writer.write(obj)
