"""A JSON Schema compiled into one Python predicate: is this value valid, yes or no.

An audit checks every event of a log against ``schemas/replay.schema.json``;
through :mod:`jsonschema` that costs hundreds of microseconds an event, more
than re-playing the event.  The schema stays the published contract and
:mod:`jsonschema` stays the one that explains a rejection (its messages and
paths are the ones users see); this module only answers, fast, whether there
is anything to explain.  ``tests/core/reading/test_schema_compile.py`` proves the answer is
:mod:`jsonschema`'s on the golden logs and on many thousands of mutated and
malformed values.

The schema is translated into Python source -- one function per subschema,
each a run of ``if ...: return False`` -- and compiled once, which is several
times faster than walking the schema (or a tree of closures) per value.  It
compiles the subset of Draft 2020-12 the project's schemas use and refuses any
other keyword, so a schema that grows past the subset fails loudly rather than
validating less.  One optimisation is structural: an ``allOf`` of
``if {"properties": {K: {"const" | "enum": ...}}} then ...`` branches -- a
schema that says "events of this type have these fields" -- is compiled into a
lookup on the value of ``K``, so an event is checked against its own type's
branches only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from jsonschema import Draft202012Validator

Check = Callable[[Any], bool]

#: Keywords that only annotate a schema.
_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "$comment", "examples", "default", "$defs"})
_SUPPORTED = frozenset({
    "type", "const", "enum", "pattern", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems",
    "items", "prefixItems", "required", "properties", "additionalProperties", "oneOf", "anyOf", "allOf", "if",
    "then", "else", "not", "minProperties", "maxProperties", "propertyNames", "uniqueItems",
}) | _ANNOTATIONS

_TYPE_TESTS = {
    "null": "{x} is None",
    "boolean": "type({x}) is bool",
    "string": "type({x}) is str",
    "array": "type({x}) is list",
    "object": "type({x}) is dict",
    "number": "(type({x}) is int or type({x}) is float)",
    "integer": "(type({x}) is int or (type({x}) is float and {x}.is_integer()))",
}
#: The keywords about a value itself, not its items or properties: tested in one expression (:meth:`inline`).
_SCALAR = frozenset({"type", "const", "enum", "pattern", "minLength", "maxLength", "minimum", "maximum"})
#: Keywords a schema may have and still be tested in place (:meth:`_Generator.inline`).
_LEAF = _SCALAR | frozenset({"$schema", "$id", "title", "description", "$comment", "examples", "default"})


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


def unique(items: list[Any]) -> bool:
    """``uniqueItems``: no two items equal as JSON (:func:`json_equal`)."""
    return all(not json_equal(a, b) for i, a in enumerate(items) for b in items[i + 1:])


#: The most strings :func:`remember` keeps for one pattern: a log's patterned strings are a few dozen tiles and
#: names, and a log of distinct strings only stops being remembered.
REMEMBERED = 4096


def remember(matched: set[str], text: str) -> bool:
    """Keep a string a ``pattern`` matched, so that it is not searched again (a log names the same few tiles
    thousands of times); true, as the match was."""
    if len(matched) < REMEMBERED:
        matched.add(text)
    return True


def inline_refs(node: Any, defs: dict[str, Any], depth: int = 0) -> Any:
    """The schema with every local ``{"$ref": "#/$defs/name"}`` replaced by the definition itself.

    Validation is then the same, but about ten times faster: resolving a
    ``$ref`` through jsonschema's registry costs more than checking the value,
    and an audit validates every event of a log.  A ``$ref`` beside annotations only (a ``description``) is
    inlined with them.  The project's schemas have no recursive definitions; one would show up here as
    unbounded depth.
    """
    if depth > 32:
        raise RecursionError("a schema's $defs refer to each other in a cycle")
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and set(node) - {"$ref"} <= _ANNOTATIONS:
            target = inline_refs(defs[ref.removeprefix("#/$defs/")], defs, depth + 1)
            notes = {k: v for k, v in node.items() if k != "$ref"}
            return {**target, **notes} if notes and isinstance(target, dict) else target
        return {key: inline_refs(value, defs, depth + 1) for key, value in node.items()}
    if isinstance(node, list):
        return [inline_refs(value, defs, depth + 1) for value in node]
    return node


class Checker:
    """A schema as a fast yes/no (:func:`compile_schema`) and, to explain a no, :mod:`jsonschema`.

    :param schema: a schema whose local references point into ``defs`` (by default its own ``$defs``).
    """

    def __init__(self, schema: dict[str, Any], defs: dict[str, Any] | None = None):
        inlined = inline_refs(schema, schema.get("$defs", {}) if defs is None else defs)
        if isinstance(inlined, dict):
            inlined.pop("$defs", None)
        self.valid: Check = compile_schema(inlined)
        self.explain = Draft202012Validator(inlined)


def compile_schema(schema: Any) -> Check:
    """The predicate for ``schema`` (with its local ``$ref`` already inlined)."""
    generator = _Generator()
    entry = generator.function(schema)
    namespace: dict[str, Any] = {"json_equal": json_equal, "unique": unique, "remember": remember,
                                 **generator.constants}
    exec(compile("\n".join(generator.lines), "<compiled schema>", "exec"), namespace)  # noqa: S102 - our own source
    for lookup, table in generator.dispatch.items():
        namespace[lookup].update({value: namespace[function] for value, function in table.items()})
    check: Check = namespace[entry]
    return check


class _Generator:
    """Writes one Python function per subschema; constants (patterns, sets, values) go into the namespace."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {}
        #: For each discriminated allOf, the lookup's name and the function name for each value.
        self.dispatch: dict[str, dict[str, str]] = {}
        self._count = 0

    def _name(self, prefix: str) -> str:
        self._count += 1
        return f"{prefix}{self._count}"

    def constant(self, value: Any) -> str:
        name = self._name("C")
        self.constants[name] = value
        return name

    def function(self, schema: Any) -> str:
        """The name of a new function that tests ``schema``."""
        name = self._name("v")
        if schema is True or schema is False:
            self.lines += [f"def {name}(x):", f"    return {schema}", ""]
            return name
        if not isinstance(schema, dict):
            raise UnsupportedSchema(f"a schema is an object or a boolean, got {schema!r}")
        unknown = set(schema) - _SUPPORTED
        if unknown:
            raise UnsupportedSchema(f"keywords {sorted(unknown)} are not compiled")
        body: list[str] = []
        scalar = {k: v for k, v in schema.items() if k in _SCALAR}
        if scalar:
            body.append(f"    if not ({self.inline(scalar, 'x')}): return False")
        self._arrays(schema, body)
        self._objects(schema, body)
        self._combinators(schema, body)
        self.lines += [f"def {name}(x):", *body, "    return True", ""]
        return name

    def _arrays(self, schema: dict[str, Any], body: list[str]) -> None:
        inner = []
        if schema.get("uniqueItems"):
            inner.append("        if not unique(x): return False")
        if "minItems" in schema:
            inner.append(f"        if len(x) < {int(schema['minItems'])}: return False")
        if "maxItems" in schema:
            inner.append(f"        if len(x) > {int(schema['maxItems'])}: return False")
        prefix = schema.get("prefixItems", [])
        for i, sub in enumerate(prefix):
            inner.append(f"        if len(x) > {i} and not {self.function(sub)}(x[{i}]): return False")
        if "items" in schema:
            item = self.function(schema["items"])
            values = f"x[{len(prefix)}:]" if prefix else "x"
            inner += [f"        for v in {values}:", f"            if not {item}(v): return False"]
        if inner:
            body += ["    if type(x) is list:", *inner]

    def _objects(self, schema: dict[str, Any], body: list[str]) -> None:
        inner = []
        required = schema.get("required", [])
        if required:
            inner.append(f"        if not {self.constant(frozenset(required))}.issubset(x): return False")
        properties = schema.get("properties", {})
        for key, sub in properties.items():
            test = self.inline(sub, "v")
            if test is None:
                test = f"{self.function(sub)}(v)"
            inner += [f"        if {key!r} in x:", f"            v = x[{key!r}]",
                      f"            if not ({test}): return False"]
        if "minProperties" in schema:
            inner.append(f"        if len(x) < {int(schema['minProperties'])}: return False")
        if "maxProperties" in schema:
            inner.append(f"        if len(x) > {int(schema['maxProperties'])}: return False")
        if "propertyNames" in schema:
            names = self.function(schema["propertyNames"])
            inner += ["        for k in x:", f"            if not {names}(k): return False"]
        if "additionalProperties" in schema:
            known = self.constant(frozenset(properties))
            extra = schema["additionalProperties"]
            if extra is False:
                inner.append(f"        if not {known}.issuperset(x): return False")
            else:
                check = self.function(extra)
                inner += [f"        for k in x.keys() - {known}:", f"            if not {check}(x[k]): return False"]
        if inner:
            body += ["    if type(x) is dict:", *inner]

    def _combinators(self, schema: dict[str, Any], body: list[str]) -> None:
        if "allOf" in schema:
            self._all_of(schema["allOf"], body)
        if "anyOf" in schema:
            tests = [self._test(sub) for sub in schema["anyOf"]]
            body.append(f"    if not ({' or '.join(f'({t})' for t in tests)}): return False")
        if "oneOf" in schema:
            tests = [self._test(sub) for sub in schema["oneOf"]]
            body.append(f"    if ({' + '.join(f'(1 if {t} else 0)' for t in tests)}) != 1: return False")
        if "not" in schema:
            body.append(f"    if {self.function(schema['not'])}(x): return False")
        if "if" in schema:
            condition = self.function(schema["if"])
            then = self.function(schema.get("then", True))
            otherwise = self.function(schema.get("else", True))
            body.append(f"    if not ({then}(x) if {condition}(x) else {otherwise}(x)): return False")

    def _test(self, schema: Any, var: str = "x") -> str:
        """An expression that is true when ``var`` is valid: inline for a simple schema, else a call."""
        test = self.inline(schema, var)
        return test if test is not None else f"{self.function(schema)}({var})"

    def inline(self, schema: Any, var: str) -> str | None:
        """A boolean expression testing ``var`` against a schema of scalar keywords only, else ``None``.

        Most subschemas of a log line are such leaves (a seat number, a tile, an enum); testing them in
        place saves a call each.
        """
        if not isinstance(schema, dict) or not schema or not set(schema) <= _LEAF:
            return None
        tests = []
        if "type" in schema:
            names = [schema["type"]] if isinstance(schema["type"], str) else list(schema["type"])
            tests.append("(" + " or ".join(_TYPE_TESTS[n].format(x=var) for n in names) + ")")
        if "const" in schema:
            tests.append(self._const(schema["const"], var))
        if "enum" in schema:
            values = schema["enum"]
            if all(type(v) is str for v in values):
                tests.append(f"(type({var}) is str and {var} in {self.constant(frozenset(values))})")
            else:
                tests.append(f"any(json_equal({var}, e) for e in {self.constant(list(values))})")
        text = []
        if "pattern" in schema:
            search = self.constant(re.compile(schema["pattern"]).search)
            matched = self.constant(set())
            text.append(f"({var} in {matched} or ({search}({var}) is not None and remember({matched}, {var})))")
        if "minLength" in schema:
            text.append(f"len({var}) >= {int(schema['minLength'])}")
        if "maxLength" in schema:
            text.append(f"len({var}) <= {int(schema['maxLength'])}")
        if text:
            tests.append(f"(type({var}) is not str or ({' and '.join(text)}))")
        numbers = []
        if "minimum" in schema:
            numbers.append(f"{var} >= {self.constant(schema['minimum'])}")
        if "maximum" in schema:
            numbers.append(f"{var} <= {self.constant(schema['maximum'])}")
        if numbers:
            is_number = _TYPE_TESTS["number"].format(x=var)
            tests.append(f"(not {is_number} or ({' and '.join(numbers)}))")
        return " and ".join(tests) if tests else "True"

    def _const(self, value: Any, var: str) -> str:
        """``const`` as a test that means what :func:`json_equal` means, in place where that is one comparison.

        A log's constants are mostly strings (an event's ``type`` above all): against a string, a boolean or
        null, ``==`` alone already gives ``json_equal``'s answer for everything but a boolean compared with a
        boolean, whose type is then compared too.  Other constants go through :func:`json_equal`.
        """
        if type(value) is bool:
            return f"(type({var}) is bool and {var} == {self.constant(value)})"
        if type(value) is str or value is None:
            return f"({var} == {self.constant(value)})"
        return f"json_equal({var}, {self.constant(value)})"

    def _all_of(self, branches: list[Any], body: list[str]) -> None:
        """``allOf``, with its discriminated ``if``/``then`` branches looked up by the discriminating value."""
        by_key: dict[str, dict[str, list[str]]] = {}
        every: dict[str, list[str]] = {}
        for branch in branches:
            found = _discriminated(branch)
            if found is None:
                body.append(f"    if not {self.function(branch)}(x): return False")
                continue
            key, values, then = found
            check = self.function(then)
            every.setdefault(key, []).append(check)
            for value in values:
                by_key.setdefault(key, {}).setdefault(value, []).append(check)
        for key, table in by_key.items():
            combined = {value: self._all_function(checks) for value, checks in table.items()}
            lookup = self.constant({})
            self.dispatch[lookup] = combined
            absent = self._all_function(every[key])
            # A discriminating "if" holds vacuously of a non-object and, through "properties", of an object
            # without the key: then every branch's "then" applies (each constrains objects only).
            body += ["    if type(x) is dict:",
                     f"        if {key!r} in x:",
                     f"            t = x[{key!r}]",
                     f"            c = {lookup}.get(t) if type(t) is str else None",
                     "            if c is not None and not c(x): return False",
                     f"        elif not {absent}(x): return False"]

    def _all_function(self, checks: list[str]) -> str:
        name = self._name("a")
        self.lines += [f"def {name}(x):", *[f"    if not {c}(x): return False" for c in checks], "    return True", ""]
        return name


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
    if not isinstance(then, dict) or not all(k in _OBJECT_ONLY for k in then):
        return None
    return key, values, then


#: Keywords that hold of every non-object, so a discriminated branch may skip non-objects.
_OBJECT_ONLY = frozenset({"required", "properties", "additionalProperties"}) | _ANNOTATIONS
