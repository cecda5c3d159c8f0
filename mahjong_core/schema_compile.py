"""A JSON Schema compiled into one Python predicate: is this value valid, yes or no.

An audit checks every event of a log against ``schemas/replay.schema.json``;
through :mod:`jsonschema` that costs hundreds of microseconds an event, more
than re-playing the event.  The schema stays the published contract and
:mod:`jsonschema` stays the one that explains a rejection (its messages and
paths are the ones users see); this module only answers, fast, whether there
is anything to explain.  ``tests/test_schema_compile.py`` proves the answer is
:mod:`jsonschema`'s on the golden logs and on many thousands of mutated and
malformed values.

It compiles the subset of Draft 2020-12 the project's schemas use and refuses
any other keyword when compiling, so a schema that grows past the subset
fails loudly rather than validating less.  One optimisation is structural: an
``allOf`` of ``if {"properties": {K: {"const" | "enum": ...}}} then ...``
branches -- a schema that says "events of this type have these fields" -- is
compiled into a lookup on the value of ``K``, so an event is checked against
its own type's branch only, not every branch's condition in turn.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]
_NONE: list[Check] = []

#: Keywords that only annotate a schema.
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "examples", "default", "$defs"})
_SUPPORTED = frozenset({
    "type", "const", "enum", "pattern", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
    "items", "prefixItems", "required", "properties", "additionalProperties", "oneOf", "anyOf", "allOf", "if",
    "then", "else", "not",
}) | _ANNOTATIONS


class UnsupportedSchema(ValueError):
    """The schema uses a keyword this compiler does not implement."""


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON Schema defines it for ``const`` and ``enum``: ``true`` is not ``1``, ``1`` is ``1.0``."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list | dict) or isinstance(b, list | dict):
        return False
    return bool(a == b)


def _is_number(x: Any) -> bool:
    return type(x) is int or type(x) is float


_TYPES: dict[str, Check] = {
    "null": lambda x: x is None,
    "boolean": lambda x: type(x) is bool,
    "string": lambda x: type(x) is str,
    "array": lambda x: type(x) is list,
    "object": lambda x: type(x) is dict,
    "number": _is_number,
    "integer": lambda x: type(x) is int or (type(x) is float and x.is_integer()),
}


def compile_schema(schema: Any) -> Check:
    """The predicate for ``schema`` (with its local ``$ref`` already inlined)."""
    if schema is True:
        return lambda x: True
    if schema is False:
        return lambda x: False
    if not isinstance(schema, dict):
        raise UnsupportedSchema(f"a schema is an object or a boolean, got {schema!r}")
    unknown = set(schema) - _SUPPORTED
    if unknown:
        raise UnsupportedSchema(f"keywords {sorted(unknown)} are not compiled")
    checks: list[Check] = []
    if "type" in schema:
        checks.append(_type(schema["type"]))
    if "const" in schema:
        value = schema["const"]
        checks.append(lambda x: json_equal(x, value))
    if "enum" in schema:
        checks.append(_enum(schema["enum"]))
    checks.extend(_string_checks(schema))
    checks.extend(_number_checks(schema))
    checks.extend(_array_checks(schema))
    checks.extend(_object_checks(schema))
    checks.extend(_combinators(schema))
    return _conjunction(checks)


def _conjunction(checks: list[Check]) -> Check:
    if not checks:
        return lambda x: True
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda x: first(x) and second(x)
    every = tuple(checks)

    def conjunction(x: Any) -> bool:
        for check in every:
            if not check(x):
                return False
        return True

    return conjunction


def _type(types: str | list[str]) -> Check:
    names = [types] if isinstance(types, str) else list(types)
    tests = [_TYPES[name] for name in names]
    if len(tests) == 1:
        return tests[0]
    return lambda x: any(test(x) for test in tests)


def _enum(values: list[Any]) -> Check:
    if all(type(v) is str for v in values):
        allowed = frozenset(values)
        return lambda x: type(x) is str and x in allowed
    return lambda x: any(json_equal(x, v) for v in values)


def _string_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    if "pattern" in schema:
        search = re.compile(schema["pattern"]).search
        checks.append(lambda x: type(x) is not str or search(x) is not None)
    if "minLength" in schema:
        low = schema["minLength"]
        checks.append(lambda x: type(x) is not str or len(x) >= low)
    if "maxLength" in schema:
        high = schema["maxLength"]
        checks.append(lambda x: type(x) is not str or len(x) <= high)
    return checks


def _number_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    if "minimum" in schema:
        low = schema["minimum"]
        checks.append(lambda x: not _is_number(x) or x >= low)
    if "maximum" in schema:
        high = schema["maximum"]
        checks.append(lambda x: not _is_number(x) or x <= high)
    return checks


def _array_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    if "minItems" in schema:
        low = schema["minItems"]
        checks.append(lambda x: type(x) is not list or len(x) >= low)
    if "maxItems" in schema:
        high = schema["maxItems"]
        checks.append(lambda x: type(x) is not list or len(x) <= high)
    prefix = [compile_schema(s) for s in schema.get("prefixItems", [])]
    if prefix:
        checks.append(lambda x: type(x) is not list or all(c(v) for c, v in zip(prefix, x, strict=False)))
    if "items" in schema:
        item = compile_schema(schema["items"])
        start = len(prefix)

        def items_valid(x: Any) -> bool:
            if type(x) is list:
                for v in x[start:] if start else x:
                    if not item(v):
                        return False
            return True

        checks.append(items_valid)
    return checks


def _object_checks(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    required = frozenset(schema.get("required", ()))
    if required:
        checks.append(lambda x: type(x) is not dict or required.issubset(x))
    properties = {key: compile_schema(sub) for key, sub in schema.get("properties", {}).items()}
    if properties:
        pairs = tuple(properties.items())

        def properties_valid(x: Any) -> bool:
            if type(x) is dict:
                for key, check in pairs:
                    if key in x and not check(x[key]):
                        return False
            return True

        checks.append(properties_valid)
    if "additionalProperties" in schema:
        extra = compile_schema(schema["additionalProperties"])
        known = frozenset(properties)
        checks.append(lambda x: type(x) is not dict or all(extra(x[k]) for k in x.keys() - known))
    return checks


def _combinators(schema: dict[str, Any]) -> list[Check]:
    checks: list[Check] = []
    if "allOf" in schema:
        checks.append(_all_of(schema["allOf"]))
    if "anyOf" in schema:
        branches = [compile_schema(s) for s in schema["anyOf"]]
        checks.append(lambda x: any(b(x) for b in branches))
    if "oneOf" in schema:
        branches = [compile_schema(s) for s in schema["oneOf"]]
        checks.append(lambda x: sum(1 for b in branches if b(x)) == 1)
    if "not" in schema:
        negated = compile_schema(schema["not"])
        checks.append(lambda x: not negated(x))
    if "if" in schema:
        condition = compile_schema(schema["if"])
        then = compile_schema(schema.get("then", True))
        otherwise = compile_schema(schema.get("else", True))
        checks.append(lambda x: then(x) if condition(x) else otherwise(x))
    return checks


def _all_of(branches: list[Any]) -> Check:
    """``allOf``, with its discriminated ``if``/``then`` branches looked up by the discriminating value."""
    plain: list[Check] = []
    by_key: dict[str, tuple[dict[str, list[Check]], list[Check]]] = {}
    for branch in branches:
        found = _discriminated(branch)
        if found is None:
            plain.append(compile_schema(branch))
            continue
        key, values, then = found
        table, all_thens = by_key.setdefault(key, ({}, []))
        check = compile_schema(then)
        all_thens.append(check)
        for value in values:
            table.setdefault(value, []).append(check)
    dispatches = [(key, table, all_thens) for key, (table, all_thens) in by_key.items()]

    every = _conjunction(plain)

    def valid(x: Any) -> bool:
        if not every(x):
            return False
        if type(x) is not dict:
            return True  # every discriminating "if" holds vacuously of a non-object; its "then" constrains objects only
        for key, table, all_thens in dispatches:
            if key not in x:
                selected = all_thens  # "properties" holds vacuously when the key is absent: every branch applies
            else:
                value = x[key]
                selected = table.get(value, _NONE) if type(value) is str else _NONE
            for check in selected:
                if not check(x):
                    return False
        return True

    return valid


def _discriminated(branch: Any) -> tuple[str, list[str], Any] | None:
    """``(key, values, then)`` of a branch ``{"if": {"properties": {key: {"const"|"enum": ...}}}, "then": ...}``."""
    if not isinstance(branch, dict) or set(branch) != {"if", "then"}:
        return None
    condition = branch["if"]
    if not isinstance(condition, dict) or set(condition) != {"properties"} or len(condition["properties"]) != 1:
        return None
    (key, test), = condition["properties"].items()
    if not isinstance(test, dict) or len(test) != 1:
        return None
    if "const" in test and type(test["const"]) is str:
        values = [test["const"]]
    elif "enum" in test and all(type(v) is str for v in test["enum"]):
        values = list(test["enum"])
    else:
        return None
    then = branch["then"]
    if isinstance(then, dict) and not all(_constrains_objects_only(k) for k in then):
        return None
    return key, values, then


def _constrains_objects_only(keyword: str) -> bool:
    """Whether a keyword holds of every non-object (so the dispatch may skip non-objects)."""
    return keyword in {"required", "properties", "additionalProperties"} | _ANNOTATIONS
