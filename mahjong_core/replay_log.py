"""The replay log: JSON Lines, written append-only, read as untrusted input.

Line 1 is the header; every further line is one event as the engine emitted
it (see :mod:`mahjong_core.engine`).  The format is specified in
``docs/replay-format.md`` and ``schemas/replay.schema.json``.

Writing flushes after every line, so a crash loses at most the line being
written.  Reading distinguishes a file that was cut off (its last line has no
newline and does not parse) from one that is corrupt, and bounds what it reads,
because referees audit logs that they did not produce.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Self, overload

from .errors import ReplayError

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

    from .rules import Ruleset

FORMAT_VERSION = 1
#: The largest log this reader accepts, in bytes; a four-round game is well under 1 MiB.
MAX_LOG_BYTES = 64 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def dumps(obj: dict[str, Any]) -> str:
    """The one canonical serialisation of a log line (sorted keys, no spaces), so bytes are reproducible."""
    return _ENCODER.encode(obj)


def dumps_all(objs: list[dict[str, Any]]) -> str:
    """``"[" + ",".join(dumps(o) for o in objs) + "]"``, in one encoder call."""
    return _ENCODER.encode(objs)


class ReplayWriter:
    """Write a log line by line, flushing each, to a path or an open text stream."""

    def __init__(self, target: str | Path | IO[str]):
        if isinstance(target, str | Path):
            self._file: IO[str] = open(target, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            self._owned = True
        else:
            self._file = target
            self._owned = False
        self.lines = 0

    def write(self, obj: dict[str, Any]) -> None:
        self._file.write(dumps(obj) + "\n")
        self._file.flush()
        self.lines += 1

    def close(self) -> None:
        if self._owned:
            self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def header(ruleset: Ruleset, seed: int | str | None, rng_algorithm: str | None, seats: list[dict[str, Any]],
           teams: list[list[int]], options: dict[str, Any]) -> dict[str, Any]:
    """The header line: everything needed to re-create the game besides the decisions."""
    return {
        "type": "header",
        "format_version": FORMAT_VERSION,
        "ruleset": {"id": ruleset.id, "version": ruleset.version, "sha256": ruleset.sha256},
        "rng": None if seed is None else {"algorithm": rng_algorithm, "seed": seed},
        "seats": seats,
        "teams": teams,
        "options": options,
    }


@cache
def replay_schema() -> dict[str, Any]:
    text = resources.files("mahjong_core.schemas").joinpath("replay.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def _validators() -> tuple[Validator, Validator]:
    from jsonschema import Draft202012Validator

    schema = replay_schema()
    Draft202012Validator.check_schema(schema)
    defs = schema["$defs"]
    header_validator = Draft202012Validator(_inline_refs(defs["header"], defs))
    event_validator = Draft202012Validator(_inline_refs(defs["event"], defs))
    return header_validator, event_validator


def _inline_refs(node: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    """The schema with every local ``{"$ref": "#/$defs/name"}`` replaced by the definition itself.

    Validation is then the same, but about ten times faster: resolving a
    ``$ref`` through jsonschema's registry costs more than checking the value,
    and an audit validates every event of a log.  The replay schema has no
    recursive definitions; one would show up here as unbounded depth.
    """
    if depth > 32:
        raise RecursionError("the replay schema's $defs refer to each other in a cycle")
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and len(node) == 1:
            return _inline_refs(defs[ref.removeprefix("#/$defs/")], defs, depth + 1)
        return {key: _inline_refs(value, defs, depth + 1) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline_refs(value, defs, depth + 1) for value in node]
    return node


def _schema_error(validator: Validator, obj: Any, source: str, line: int) -> ReplayError | None:
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(obj))
    if error is None:
        return None
    path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return ReplayError(f"{error.message} (at {path})", source=source, place=f"line {line}")


@dataclass
class ReplayLog:
    """A parsed log: the header, the events, and the raw lines for byte comparison."""

    source: str
    header: dict[str, Any]
    events: Sequence[dict[str, Any]]
    lines: list[str]

    def decisions(self, seat: int) -> Iterator[tuple[int, dict[str, Any]]]:
        """The seat's recorded decisions in order, as ``(event number, event)``."""
        by_seat = self.__dict__.get("_by_seat")
        if by_seat is None:  # one pass over the log for every seat, not one per seat
            by_seat = {}
            events = self.events
            found = events.decisions() if isinstance(events, UndecodedEvents) else enumerate(events)
            for n, event in found:
                if event.get("type") == "decision":
                    by_seat.setdefault(event.get("actor"), []).append((n, event))
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
    is wrong (:func:`mahjong_core.replay_check.check`).
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
        try:
            event = json.loads(self._lines[k + 1])
        except json.JSONDecodeError as exc:
            raise ReplayError(f"not JSON ({exc.msg} at column {exc.colno}); every line is one JSON object",
                              source=self._source, place=f"line {k + 2}") from None
        if not isinstance(event, dict):
            raise ReplayError("every line is a JSON object", source=self._source, place=f"line {k + 2}")
        return event

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
    :raises ReplayError: naming the file and the line/event for anything wrong:
        too large, not UTF-8, not JSON, cut off, a schema violation, events out
        of order.
    """
    source = str(path)
    try:
        size = Path(path).stat().st_size
        if size > MAX_LOG_BYTES:
            raise ReplayError(f"the log is {size} bytes; at most {MAX_LOG_BYTES} are read", source=source)
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read the log: {exc.strerror or exc}", source=source) from None
    return parse_log(data, source=source, validate_events=validate_events, decode_events=decode_events)


def parse_log(data: bytes, *, source: str = "<log>", validate_events: bool = True,
              decode_events: bool = True) -> ReplayLog:
    """Parse log bytes; see :func:`read_log`."""
    if not data:
        raise ReplayError("the log is empty; expected a header line", source=source, place="line 1")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        number = data[: exc.start].count(b"\n") + 1
        raise ReplayError(f"not UTF-8 text (byte {exc.start}); a replay log is JSON Lines", source=source,
                          place=f"line {number}") from None
    raw_lines = text.split("\n")
    complete = text.endswith("\n")
    if complete:
        raw_lines.pop()
    header_validator, event_validator = _validators()
    if complete and not validate_events and not decode_events:
        head = _loads_or_none(raw_lines[0])
        if type(head) is dict:
            error = _schema_error(header_validator, head, source, 1)
            if error:
                raise error
            log = _log(source, [head], raw_lines)
            log.events = UndecodedEvents(raw_lines, source)
            return log
    objects: list[dict[str, Any]] = []
    # The byte-for-byte replay compares every line with its canonical form anyway, so it may decode in bulk;
    # an audit reads each line on its own, as JSON Lines defines them.
    decoded = _decode_all(raw_lines) if complete and not validate_events else None
    if decoded is not None and _well_formed(decoded, raw_lines):
        error = _schema_error(header_validator, decoded[0], source, 1)
        if error:
            raise error
        return _log(source, decoded, raw_lines)
    for i, line in enumerate(raw_lines, start=1):
        last = i == len(raw_lines)
        if len(line) > MAX_LINE_BYTES:
            raise ReplayError(f"line is {len(line)} characters; at most {MAX_LINE_BYTES}", source=source,
                              place=f"line {i}")
        try:
            obj = decoded[i - 1] if decoded is not None else json.loads(line)
        except json.JSONDecodeError as exc:
            if last and not complete:
                raise ReplayError(f"the log is cut off: its last line (event {i - 2}) is incomplete; "
                                  f"{len(objects)} lines before it are intact", source=source,
                                  place=f"line {i}") from None
            raise ReplayError(f"not JSON ({exc.msg} at column {exc.colno}); every line is one JSON object",
                              source=source, place=f"line {i}") from None
        if not isinstance(obj, dict):
            raise ReplayError("every line is a JSON object", source=source, place=f"line {i}")
        if i == 1:
            error = _schema_error(header_validator, obj, source, i)
            if error:
                raise error
        else:
            if validate_events:
                error = _schema_error(event_validator, obj, source, i)
                if error:
                    raise error
            if obj.get("n") != i - 2:
                raise ReplayError(f"event number {obj.get('n')!r} out of sequence; expected {i - 2}",
                                  source=source, place=f"line {i}")
        objects.append(obj)
    if not complete and objects:
        # The last line parsed but the newline after it is missing: still cut off mid-write.
        raise ReplayError(f"the log is cut off after event {len(objects) - 2}: its last line has no newline",
                          source=source, place=f"line {len(objects)}")
    return _log(source, objects, raw_lines)


def _well_formed(objects: list[Any], lines: list[str]) -> bool:
    """Every value an object, events numbered 0, 1, 2 ..., no line too long: checked for a whole log at once."""
    return (all(type(o) is dict for o in objects)
            and [o.get("n") for o in objects[1:]] == list(range(len(objects) - 1))
            and max(map(len, lines)) <= MAX_LINE_BYTES)


def _log(source: str, objects: list[dict[str, Any]], lines: list[str]) -> ReplayLog:
    head = objects[0]
    if head.get("format_version") != FORMAT_VERSION:
        raise ReplayError(f"format_version {head.get('format_version')!r} is not supported; expected "
                          f"{FORMAT_VERSION}", source=source, place="line 1")
    return ReplayLog(source, head, objects[1:], lines)


def _loads_or_none(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None


def _decode_all(lines: list[str]) -> list[Any] | None:
    """Every line decoded in one call (much faster than line by line), or ``None`` if that fails.

    Decoding the lines as one JSON array is not the same as decoding each
    line: a line may hold half a value and its neighbour the rest.  It is
    used only where every line is afterwards compared byte for byte with the
    canonical serialisation of the event the rules produce, which no such line
    survives.  On any failure the caller decodes line by line to say which
    line is bad.
    """
    if any(not line.strip() for line in lines):
        return None
    try:
        values = json.loads("[" + ",".join(lines) + "]")
    except json.JSONDecodeError:
        return None
    return values if len(values) == len(lines) else None


def write_lines(path: str | Path, objects: Iterable[dict[str, Any]]) -> None:
    """Write a whole log at once (tests and tools); games use :class:`ReplayWriter`."""
    with ReplayWriter(path) as writer:
        for obj in objects:
            writer.write(obj)
