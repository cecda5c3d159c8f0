"""The compiled replay schema accepts and rejects exactly what jsonschema does.

The audit asks :mod:`mahjong_core.reading.schema_compile`'s predicate whether an
event is valid and asks :mod:`jsonschema` only to explain a rejection, so
the two must agree on every value: the golden logs' every line, and many
thousands of mutated and malformed ones, every kind of JSON value in every
place.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core.log.format import _validators
from mahjong_core.reading import schema_compile
from mahjong_core.reading.schema_compile import Checker, UnsupportedSchema, compile_schema, json_equal
from mahjong_core.sheets.read import sheet_schema

REPLAYS = Path(__file__).resolve().parents[3] / "replays"
#: The golden logs, and the logs of the worked score sheets (whose deals are ``revealed`` events).
GOLDEN = {str(p.relative_to(REPLAYS)): [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()]
          for p in sorted([*REPLAYS.glob("*.jsonl"), *REPLAYS.glob("sheets/*.jsonl")])}
HEADER, EVENT = _validators()
SHEET = Checker(sheet_schema())
SHEETS = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(REPLAYS.glob("sheets/*.yaml"))]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "1m", "9s", "7z", "4f", "x", "decision", "deal_end", "table", "a" * 70, "f" * 64])
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["n", "t", "type", "actor", "seat", "tile", "tiles", "values", "chain", "x"]), children,
        max_size=4),
    max_leaves=12)


def _agree(validator: Any, value: Any) -> None:
    compiled = validator.valid(value)
    reference = validator.explain.is_valid(value)
    assert compiled == reference, f"compiled says {compiled}, jsonschema says {reference} for {value!r}"


def test_every_golden_line_is_valid_both_ways() -> None:
    """Each log against the event schema its header calls for, as the reader checks it (a log naming a plugin's
    vocabulary, example_play_on's missing suit, against the schema its words extend)."""
    from mahjong_core.log.format import replay_schema
    from mahjong_core.log.vocabulary import event_checker

    extended = 0
    for lines in GOLDEN.values():
        assert HEADER.valid(lines[0]) and HEADER.explain.is_valid(lines[0])
        own = event_checker(lines[0], replay_schema())
        extended += own is not None
        checker = own or EVENT
        # The compiled check reads every line; jsonschema, the slow reference (~0.6 ms an event, 18 s for the
        # golden logs), reads each shape of event (its type and fields, nested) the first time it comes, and
        # every fourth line besides.
        shapes: set[str] = set()
        for k, event in enumerate(lines[1:]):
            assert checker.valid(event), event
            shape = _shape(event)
            if shape not in shapes or k % 4 == 0:
                shapes.add(shape)
                assert checker.explain.is_valid(event), event
    assert extended, "no golden log names a plugin's vocabulary: the extended schema goes unchecked here"


def _shape(value: Any) -> str:
    """What kind of value this is, without its values: an object's keys with their shapes, a list's items'."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{_shape(sub)}" for key, sub in sorted(value.items())) + "}"
    if isinstance(value, list):
        return "[" + ",".join(sorted({_shape(sub) for sub in value})) + "]"
    return type(value).__name__


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a value: each key of each object and each index of each list."""
    out = [prefix]
    if isinstance(value, dict):
        for key, sub in value.items():
            out += _paths(sub, (*prefix, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            out += _paths(sub, (*prefix, i))
    return out


def _mutate(value: Any, data: st.DataObject) -> Any:
    value = copy.deepcopy(value)
    path = data.draw(st.sampled_from(_paths(value)), label="place")
    how = data.draw(st.sampled_from(["replace", "delete", "add"]), label="how")
    if not path:
        return data.draw(json_values, label="whole")
    parent = value
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(["x", "chain", "sig", "after_ms", "hands", "values"]))] = \
            data.draw(json_values, label="added")
    else:
        parent[last] = data.draw(json_values, label="value")
    return value


CASES = settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@CASES
@given(data=st.data())
def test_mutated_events_get_the_same_answer(data: st.DataObject) -> None:
    log = data.draw(st.sampled_from(sorted(GOLDEN)), label="log")
    event = data.draw(st.sampled_from(GOLDEN[log][1:]), label="event")
    mutated = _mutate(event, data)
    for _ in range(data.draw(st.integers(0, 2), label="more")):
        mutated = _mutate(mutated, data) if isinstance(mutated, dict | list) else mutated
    _agree(EVENT, mutated)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_headers_get_the_same_answer(data: st.DataObject) -> None:
    log = data.draw(st.sampled_from(sorted(GOLDEN)), label="log")
    _agree(HEADER, _mutate(GOLDEN[log][0], data))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_score_sheets_get_the_same_answer(data: st.DataObject) -> None:
    assert SHEETS and all(SHEET.valid(sheet) for sheet in SHEETS)
    mutated = _mutate(data.draw(st.sampled_from(SHEETS), label="sheet"), data)
    for _ in range(data.draw(st.integers(0, 3), label="more")):
        mutated = _mutate(mutated, data) if isinstance(mutated, dict | list) else mutated
    _agree(SHEET, mutated)


@settings(max_examples=800, deadline=None)
@given(value=json_values)
def test_arbitrary_values_get_the_same_answer(value: Any) -> None:
    _agree(EVENT, value)
    _agree(HEADER, value)


@pytest.mark.parametrize(("a", "b", "equal"), [
    (True, 1, False), (1, 1.0, True), (False, 0, False), ([1, True], [1, 1], False), ({"a": 1}, {"a": 1.0}, True),
    ("1", 1, False), (None, None, True), ([], {}, False),
])
def test_json_equality_is_the_schemas(a: Any, b: Any, equal: bool) -> None:
    assert json_equal(a, b) is equal


def test_an_unknown_keyword_is_refused_rather_than_ignored() -> None:
    with pytest.raises(UnsupportedSchema, match="patternProperties"):
        compile_schema({"type": "object", "patternProperties": {"^x": {"type": "integer"}}})


def test_a_pattern_remembers_what_it_matched_and_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema_compile, "REMEMBERED", 3)
    valid = compile_schema({"type": "array", "items": {"type": "string", "pattern": "^[1-9][mps]$"}})
    assert valid(["1m", "2p", "1m", "3s", "4m", "5p"])  # more strings than are remembered
    assert not valid(["1m", "1z"]) and not valid(["0m"]) and not valid(["1m", 1])
    assert valid(["4m", "5p", "1m"]) and not valid(["1m", "10m"])
