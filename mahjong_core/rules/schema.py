"""The ruleset JSON Schema and its errors in ``file::$.path: message`` form.

The schema (``schemas/ruleset.schema.json``, Draft 2020-12) checks two
things: the *shape of a file* (leaf entries, provenance, tables; at its
root) and the *plain parameter values of a resolved ruleset*
(``#/$defs/resolved``), which only exist after ``extends`` is merged.
Schema messages are kept, except for a few whose wording would send a
referee hunting (the provenance rule, identifier and citation patterns).
"""

from __future__ import annotations

import copy
import difflib
import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from mahjong_core.errors import RulesetError
from mahjong_core.rules import validated

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


SCHEMA_FILE = "ruleset.schema.json"


class ParametersOwner(Protocol):
    """A scoring family or a mechanism as the schema sees it: a name and the JSON Schema of its own parameters
    (``type: object``, ``properties``, ``required``), or ``None``.  Hashable, since composed schemas are cached
    by the owners they are composed of."""

    def __hash__(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def parameters(self) -> Mapping[str, Any] | None: ...



@lru_cache(maxsize=1)
def ruleset_schema() -> dict[str, Any]:
    """The schema document, from the installed ``mahjong_core.schemas`` or the source tree."""
    try:
        text = resources.files("mahjong_core.schemas").joinpath(SCHEMA_FILE).read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        text = (Path(__file__).resolve().parents[2] / "schemas" / SCHEMA_FILE).read_text("utf-8")
    schema = json.loads(text)
    check_schema(schema)
    return schema


def check_schema(schema: dict[str, Any]) -> None:
    """Check a schema document against the Draft 2020-12 metaschema, unless this very document passed before.

    :raises jsonschema.exceptions.SchemaError: for a schema the metaschema rejects.
    """
    key = validated.digest("metaschema 2020-12", "", schema)
    if validated.passed(key):
        return
    # deferred: jsonschema (~38 ms) only for a check not on record; `mahjong rules show` and `score` load none
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema)
    validated.record_pass(key)


@lru_cache(maxsize=1)
def _file_schema_digest() -> str:
    return validated.schema_digest(ruleset_schema())


@lru_cache(maxsize=1)
def file_validator() -> Draft202012Validator:
    """Validator for one ruleset file as written."""
    # deferred: jsonschema (~38 ms) only for a check not on record; `mahjong rules show` and `score` load none
    from jsonschema import Draft202012Validator

    return Draft202012Validator(ruleset_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def resolved_validator(family: ParametersOwner | None = None,
                       mechanisms: tuple[ParametersOwner, ...] = ()) -> Draft202012Validator:
    """Validator for a resolved ruleset whose parameters are plain values (``#/$defs/resolved``).

    The universal schema says what every ruleset has; the family's schema
    adds the parameters only it reads (required where it says so), and each
    installed mechanism's the optional parameters that switch it on.  A
    parameter none of them names is an error, so a ruleset file carries no
    switch its family does not read.
    """
    return _composed(family, mechanisms)


@lru_cache(maxsize=32)
def _composed_schema(family: ParametersOwner | None,
                     mechanisms: tuple[ParametersOwner, ...]) -> tuple[dict[str, Any], str]:
    """The universal schema with the family's and the mechanisms' parameters added, and its digest."""
    schema = copy.deepcopy(ruleset_schema())
    parameters = schema["$defs"]["resolved_parameters"]
    for part in [*(m.parameters for m in mechanisms), family.parameters if family is not None else None]:
        if part:
            parameters["properties"].update(copy.deepcopy(dict(part.get("properties", {}))))
            parameters["required"] = [*parameters["required"], *part.get("required", ())]
    schema["$id"] = f"{schema['$id']}:{family.name if family is not None else 'unscored'}"
    return schema, validated.schema_digest(schema)


@lru_cache(maxsize=32)
def _composed(family: ParametersOwner | None, mechanisms: tuple[ParametersOwner, ...]) -> Draft202012Validator:
    # deferred: jsonschema (~38 ms) only for a check not on record; `mahjong rules show` and `score` load none
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    schema, _ = _composed_schema(family, mechanisms)
    registry = Registry().with_resource(schema["$id"], Resource.from_contents(schema))
    return Draft202012Validator(
        {"$ref": f"{schema['$id']}#/$defs/resolved"},
        registry=registry,
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


def _properties(error: ValidationError) -> dict[str, Any]:
    """The ``properties`` of the schema an error was found under (``{}`` for a boolean schema)."""
    schema = error.schema
    return dict(schema.get("properties", {})) if isinstance(schema, dict) else {}


def _message(error: ValidationError) -> str:
    defs = ruleset_schema()["$defs"]
    quoted = _quote_hint(error)
    if quoted:
        return quoted
    if error.validator == "not" and error.validator_value == {"required": ["assumption"]}:
        return "a leaf entry carries exactly one of `source` or `assumption`, not both"
    if error.validator == "required" and error.validator_value == ["assumption"]:
        return ('a leaf entry needs `source:`, a document and a place in it -- a seed ("000 line 346") or a '
                'document declared under `sources:` ("minutes section 4.2", "minutes page 3") -- or '
                '`assumption: "<one-line reason>"` for a value no document states (a house rule: "the club\'s '
                'choice")')
    if error.validator == "not" and isinstance(error.validator_value, dict) and "anyOf" in error.validator_value:
        return "this mapping has `source`/`assumption` but no `value`: a parameter entry needs `value`"
    if error.validator == "pattern":
        if error.validator_value == defs["source"]["pattern"]:
            return (f"{error.instance!r} is not a citation: a document and a place in it, like '000 line 346', "
                    f"'001 lines 143-151' or, for a document declared under `sources:`, 'minutes section 4.2' or "
                    f"'minutes page 3' ('; '-joined)")
        if error.validator_value == defs["semver"]["pattern"]:
            return f"{error.instance!r} is not a SemVer version (MAJOR.MINOR.PATCH[-pre][+build])"
        if error.validator_value == defs["key"]["pattern"]:
            return f"{error.instance!r} is not a lower_snake_case identifier"
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(_properties(error))
        unexpected = [k for k in error.instance if k not in allowed]
        if unexpected and allowed:
            hints = []
            for key in unexpected:
                close = difflib.get_close_matches(key, allowed, n=1)
                hints.append(f"{key!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
            return f"unknown key(s) {', '.join(hints)}; expected one of {', '.join(allowed)}"
    return error.message


def _quote_hint(error: ValidationError) -> str | None:
    """A number where the schema wants text: YAML read an unquoted ``1.0`` as a number, which its writer never meant.

    The schema alone says "1.0 is not of type 'string'", which does not tell the writer that quotes are the fix.
    """
    instance = error.instance
    if error.validator != "type" or error.validator_value != "string" or type(instance) not in (int, float):
        return None
    path = list(error.absolute_path)
    name = str(path[-1]) if path else "the value"
    if path == ["version"]:
        parts = (str(instance).split(".") + ["0", "0"])[:3]
        return f'version: {instance} is read as a number; write it in quotes ("{".".join(parts)}")'
    return f'{name}: {instance} is read as a number; write it in quotes ("{instance}") to give it as text'


def _located(error: ValidationError, source: str) -> RulesetError:
    place = error.json_path
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        unexpected = [k for k in error.instance if k not in _properties(error)]
        if len(unexpected) == 1:  # at the key itself, so its line is the one shown
            key = unexpected[0]
            place += f".{key}" if key.isidentifier() else f"[{key!r}]"
    return RulesetError(_message(error), source=source, place=place)


def _sorted(errors: list[ValidationError]) -> list[ValidationError]:
    return sorted(errors, key=lambda e: (list(map(str, e.absolute_path)), str(e.message)))


def file_errors(document: Any, source: str, *, everything: bool) -> list[RulesetError]:
    """Schema errors of one file: all of them, or only the most relevant one.

    A document that passed before is not checked again (:mod:`.validated`).
    """
    key = validated.digest("file", _file_schema_digest(), document)
    if validated.passed(key):
        return []
    errors = list(file_validator().iter_errors(document))
    if not errors:
        validated.record_pass(key)
        return []
    # deferred: jsonschema (~38 ms) only to explain errors, which a file on record cannot have
    from jsonschema.exceptions import best_match

    if not everything:
        best = best_match(errors)
        return [_located(best, source)] if best is not None else []
    return [_located(e, source) for e in _sorted(errors)]


def resolved_errors(view: Any, family: ParametersOwner | None = None,
                    mechanisms: tuple[ParametersOwner, ...] = ()) -> list[ValidationError]:
    """Raw schema errors of a resolved view; the loader locates them in the file that set the value.

    A view that passed the same composed schema before is not checked again (:mod:`.validated`).
    """
    key = validated.digest("resolved", _composed_schema(family, mechanisms)[1], view)
    if validated.passed(key):
        return []
    errors = _sorted(list(resolved_validator(family, mechanisms).iter_errors(view)))
    if not errors:
        validated.record_pass(key)
    return errors


def message_of(error: ValidationError) -> str:
    """The message shown for ``error``."""
    return _message(error)
