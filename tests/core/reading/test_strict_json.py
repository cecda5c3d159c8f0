"""The fast JSON path (orjson) reads and writes exactly what the standard library's strict reading does.

:mod:`mahjong_core.reading.strict_json` encodes and decodes log lines with orjson where
its text is provably the standard library's, and falls back to the standard
library everywhere else.  These tests hold the two paths to the same bytes and
the same verdicts: on every line of the golden replays, and on generated values
and texts that include every case the fallback exists for (floats, NaN, large
integers, lone surrogates, duplicate keys, non-string keys).
"""

from __future__ import annotations

import enum
import json
import math
import uuid
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mahjong_core.reading.strict_json as strict_json
from mahjong_core.reading.strict_json import (
    MAX_DEPTH,
    StrictJSONError,
    canonical,
    canonical_all,
    canonical_lines,
    loads,
    loads_canonical,
    loads_canonical_all,
)

REPLAYS = Path(__file__).resolve().parents[3] / "replays"

_STDLIB = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class _NoOrjson:
    """Stands in for orjson so that the module takes its standard-library path only (the reference)."""

    JSONDecodeError = strict_json.orjson.JSONDecodeError

    @staticmethod
    def dumps(*_args: Any, **_kwargs: Any) -> bytes:
        raise TypeError("the reference path")

    @staticmethod
    def loads(*_args: Any, **_kwargs: Any) -> Any:
        raise strict_json.orjson.JSONDecodeError("the reference path", "", 0)


def _reference_loads(text: str) -> tuple[str, Any]:
    """The verdict of the standard-library reading: ``("ok", value)`` or ``("refused", message)``."""
    real = strict_json.orjson
    strict_json.orjson = _NoOrjson  # type: ignore[assignment]
    try:
        return "ok", loads(text)
    except StrictJSONError as exc:
        return "refused", str(exc)
    finally:
        strict_json.orjson = real


def _verdict(text: str) -> tuple[str, Any]:
    try:
        return "ok", loads(text)
    except StrictJSONError as exc:
        return "refused", str(exc)


def _same(a: tuple[str, Any], b: tuple[str, Any]) -> bool:
    """Equal verdicts, with values compared by type as well (``1 == 1.0 == True`` in Python, not in JSON)."""
    if a[0] != b[0]:
        return False
    if a[0] == "refused":
        return bool(a[1] == b[1])
    return _typed(a[1]) == _typed(b[1])


def _typed(value: Any) -> Any:
    if isinstance(value, dict):
        return ("dict", sorted((k, _typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", [_typed(v) for v in value])
    return (type(value).__name__, value)


def _golden_lines() -> list[str]:
    lines = []
    for path in sorted(REPLAYS.rglob("*.jsonl")):
        lines.extend(line for line in path.read_text(encoding="utf-8").split("\n") if line)
    return lines


def test_every_golden_line_is_read_and_written_the_same_by_both_paths() -> None:
    lines = _golden_lines()
    assert len(lines) > 10_000
    for line in lines:
        value = loads(line)
        assert canonical(value) == _STDLIB.encode(value) == line
        assert _same(("ok", value), _reference_loads(line))


_scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(), st.sampled_from(["1.5", ":1.5", "null", "[1e5", "41bc5e", "\u2028", "Анна", "\x00"]),
)
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5),
    st.dictionaries(st.text(max_size=6), inner, max_size=5),
), max_leaves=25)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_values)
def test_canonical_is_the_standard_librarys_text_for_any_value(value: Any) -> None:
    assert canonical(value) == _STDLIB.encode(value)


@pytest.mark.parametrize("value", [float("nan"), [1, float("inf")], {"a": -float("inf")}])
def test_a_non_finite_number_is_refused_as_the_standard_library_refuses_it(value: Any) -> None:
    with pytest.raises(ValueError):
        canonical(value)


@pytest.mark.parametrize("value", [{1: "a", 2: "b"}, "\ud800", [2**64], {"t": (1, 2)}, [True, 1]])
def test_values_orjson_leaves_to_the_standard_library_are_written_as_before(value: Any) -> None:
    assert canonical(value) == _STDLIB.encode(value)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_values, max_size=8))
def test_canonical_all_is_canonical_of_each_value(values: list[Any]) -> None:
    assert canonical_all(values) == [_STDLIB.encode(v) for v in values]


def test_canonical_all_of_events_orjson_refuses_or_that_are_not_plain_is_the_standard_librarys() -> None:
    events = [{"n": 0, "tile": "1m"}, {"n": 1, "name": "\ud800"}, {"n": 2, "big": 2**64}, {"n": 3, "t": (1, 2)},
              {"n": 4, "v": 1.5, "w": [0.1]}, {1: "a"}, ["x", {"y": None}], {"n": 5, "items": [{"a": [True]}]}]
    assert canonical_all(events) == [_STDLIB.encode(e) for e in events]
    assert canonical_all(events[:1] + events[4:5]) == [_STDLIB.encode(e) for e in (events[0], events[4])]
    with pytest.raises(ValueError):
        canonical_all([{"n": 0}, {"n": float("nan")}])


def _lines(values: list[Any]) -> bytes:
    return "".join(_STDLIB.encode(v) + "\n" for v in values).encode("utf-8")


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_values, max_size=8))
def test_canonical_lines_are_the_standard_librarys_lines_for_any_values(values: list[Any]) -> None:
    assert canonical_lines(values) == _lines(values)
    events = [{"n": n, "v": v} for n, v in enumerate(values)]
    assert canonical_lines(events) == _lines(events)


class _Colour(enum.Enum):
    RED = "red"


class _Seat(enum.IntEnum):
    EAST = 0


class _Event(dict):  # type: ignore[type-arg]
    """A mapping that is not a plain ``dict``: the one call must not take it for one."""


@pytest.mark.parametrize("odd", [
    {"v": 1.0}, {"v": [1e16]}, {"v": 1.5e-7}, {"v": (1, 2)}, {"v": ["x", "\x00", "y"]}, {"v": "\x00"},
    {"v": "null"}, {"v": None}, {"v": {"w": [None, [None, "null"]]}}, {"v": 2**60}, {1: "a"}, {"v": _Seat.EAST},
    _Event(v=1), {"v": "e-1.5E"}, {"v": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}])
def test_canonical_lines_of_events_the_one_call_cannot_prove_are_the_standard_librarys(odd: dict[Any, Any]) -> None:
    events = [{"n": 0, "tile": "1m"}, odd, {"n": 2, "hands": [["1m", "2m"], []]}]
    assert canonical_lines(events) == _lines(events)


@pytest.mark.parametrize("odd", [{"v": float("nan")}, {"v": [None, float("inf")]}, {"v": None, "w": -float("inf")}])
def test_canonical_lines_refuse_a_non_finite_number_as_the_standard_library_does(odd: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        canonical_lines([{"n": 0, "v": None}, odd])


@pytest.mark.parametrize("odd", [{"v": _Colour.RED}, {"v": uuid.UUID(int=1)}, {"v": [{"w": _Colour.RED}]}])
def test_canonical_lines_refuse_what_the_standard_library_refuses_though_orjson_would_write_it(
        odd: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        canonical(odd)
    with pytest.raises(TypeError):
        canonical_lines([{"n": 0}, odd])


def test_the_golden_logs_events_are_serialised_in_one_call() -> None:
    for path in sorted(REPLAYS.glob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").split("\n")[1:-1]
        events = [loads(line) for line in lines]
        assert strict_json._plain_text(events) is not None, path.name  # the fast path, not the fallback
        assert canonical_lines(events) == ("\n".join(lines) + "\n").encode("utf-8")


def test_this_orjson_writes_every_float_as_the_one_call_expects() -> None:
    assert strict_json._FLOATS_MARKED


def _mutations(text: str) -> list[str]:
    """Texts near a canonical one: a duplicated key, a float, a big integer, spaces, a cut, a NaN."""
    out = [text, text + " ", " " + text, text[:-1], text.replace(":", ": ", 1), text.replace(",", ",,", 1)]
    if text.startswith("{") and len(text) > 2:
        out.append('{"k":1,"k":2,' + text[1:])
        out.append('{"n":1.0,' + text[1:])
        out.append('{"n":12345678901234567890,' + text[1:])
        out.append('{"n":NaN,' + text[1:])
        out.append('{"n":1e5,' + text[1:])
        out.append('{"n":9007199254740992,' + text[1:])
        out.append('{"s":"\\ud800",' + text[1:])
    return out


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_values.filter(lambda v: not _has_nonfinite(v)))
def test_loads_accepts_and_refuses_exactly_what_the_standard_library_reading_does(value: Any) -> None:
    for text in _mutations(_STDLIB.encode({"v": value})):
        assert _same(_verdict(text), _reference_loads(text)), text


def _has_nonfinite(value: Any) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, dict):
        return any(_has_nonfinite(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_nonfinite(v) for v in value)
    return False


def test_mutated_golden_lines_get_the_same_verdict_from_both_paths() -> None:
    lines = _golden_lines()[::7]
    checked = 0
    for line in lines:
        for text in _mutations(line):
            assert _same(_verdict(text), _reference_loads(text)), text
            checked += 1
    assert checked > 10_000


def _one_by_one(text: str) -> tuple[str, Any]:
    try:
        return "ok", loads_canonical(text)
    except StrictJSONError as exc:
        return "refused", str(exc)


def test_many_lines_read_at_once_prove_only_what_reading_them_one_by_one_proves() -> None:
    lines = _golden_lines()[::5]
    values, proven = loads_canonical_all(lines)
    # Every line is proven but one holding more brackets than the depth bound, which the batch leaves to be read
    # alone without measuring its depth (an MCR score of thirteen single tiles: replays/sheets/mcr.jsonl).
    assert all(p or line.count("[") + line.count("{") > MAX_DEPTH for p, line in zip(proven, lines, strict=True))
    assert sum(proven) > 0.99 * len(lines)
    assert [v for v, p in zip(values, proven, strict=True) if p] == [loads(x) for x, p in zip(lines, proven,
                                                                                            strict=True) if p]
    odd = ['{"d":' + "[" * 40 + "]" * 40 + "}", '{"i":' + "1" * 17 + "}", '{"i":9007199254740993}', "[1,2]", '"x"', "",
           " ", '{"s":"\\u00e9"}', '{"s":"\u00e9"}']
    texts = [text for line in lines[:300:3] for text in _mutations(line)[1:]] + odd
    for text in texts:
        values, proven = loads_canonical_all([lines[0], text, lines[1]])
        if proven[1]:  # the value and the proof are those of reading the text alone
            assert _one_by_one(text) == ("ok", (values[1], True)), text
            assert _typed(values[1]) == _typed(loads(text))
        else:  # refused, or not proven canonical, or not an object (every log line is one) when read alone
            verdict, found = _one_by_one(text)
            assert verdict == "refused" or found[1] is False or type(found[0]) is not dict, text
    # Texts that split one value between them, or hold two, are never proven.
    assert loads_canonical_all(['{"a":[1', '2]}', '{"b":1}']) == ([None] * 3, [False] * 3)
    assert loads_canonical_all(['{"a":"}', '{"}', "{},{}"])[1] == [False, False, False]
    assert loads_canonical_all([]) == ([], [])


def test_lines_read_a_chunk_at_a_time_get_what_one_call_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _golden_lines()[:40]
    whole = loads_canonical_all(lines)
    monkeypatch.setattr(strict_json, "CHUNK_LINES", 7)
    assert loads_canonical_all(lines) == whole
    assert all(whole[1])
    # A value split across a chunk's edge leaves both chunks to be read line by line, and no other.
    broken = [*lines[:6], '{"a":[1', '2]}', *lines[6:20]]
    values, proven = loads_canonical_all(broken)
    assert proven[:14] == [False] * 14 and values[:14] == [None] * 14
    assert proven[14:] == [True] * 8 and values[14:] == whole[0][12:20]


def test_a_log_of_canonical_objects_is_proved_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _golden_lines()
    lines = [line for line in lines if '"format_version"' not in line]
    expected = [loads(line) for line in lines]
    looked_at = []
    real = strict_json._plain

    def counted(value: Any) -> bool:
        looked_at.append(value)
        return real(value)

    monkeypatch.setattr(strict_json, "_plain", counted)
    values, proven = loads_canonical_all(lines)
    assert all(proven) and values == expected
    # Only a line holding what may be a float's spelling ("East" in a payment's note) is looked at alone.
    assert len(looked_at) < len(lines) / 20
