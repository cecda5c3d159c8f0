"""A hand-written data file other than a ruleset (a card of fixed hands), read as a ruleset file is read.

A plugin whose rules need a table of their own -- a card a club owns and points its ruleset at -- reads it
here, so that the file gets the ruleset file's safety and its messages: only plain YAML is constructed (no
tags, anchors or merge keys: :mod:`.document`), the plugin's own JSON Schema checks it, and *every* error,
the schema's and those the plugin's own checks add (:meth:`DataFile.error`), is reported at once, each at
the line and column of its JSON path (:class:`~mahjong_core.errors.DataFileError`).  Nothing in the file is
ever evaluated: what it says is data the plugin reads.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from mahjong_core.errors import DataFileError, RulesetError
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.rules.document import MAX_BYTES, locate, marks_of, parse_yaml_mapping
from mahjong_core.rules.schema import check_schema


@dataclass
class DataFile:
    """One data file that parsed as YAML and passed its schema: its data, and where each JSON path is written.

    :param source: the file's name in messages.
    :param data: the file's mapping.
    :param marks: (line, column) of each JSON path, for :meth:`error`.
    :param errors: the errors the plugin's own checks found so far (:meth:`error`); :meth:`raise_errors` raises
        them together.
    """

    source: str
    data: dict[str, Any]
    marks: dict[str, tuple[int, int]]
    errors: list[RulesetError] = field(default_factory=list)

    def error(self, message: str, place: str) -> None:
        """Note an error at a JSON path of the file (``$.hands[3].groups[1]``), located at its line."""
        self.errors.append(locate(RulesetError(message, source=self.source, place=place), self.marks))

    def raise_errors(self) -> None:
        """Raise every error noted, ordered by line, as one :class:`DataFileError`; nothing when none was."""
        if self.errors:
            raise DataFileError(sorted(self.errors, key=lambda e: (e.line or 0, e.column or 0)))


def read_data_file(path: str | Path, schema: Mapping[str, Any], *, expected: str) -> DataFile:
    """Read the data file at ``path`` and check it against ``schema`` (Draft 2020-12).

    :param expected: what the file should hold, for the message of an empty or non-mapping file.
    :raises DataFileError: every schema error at once, each at its line; or the one error of a file that is
        unreadable, too large or no YAML mapping.
    """
    source = str(path)
    try:
        raw = read_bounded(path, MAX_BYTES, what=expected, error=RulesetError)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RulesetError(f"not UTF-8 text (byte {exc.start}); expected {expected}", source=source) from None
        return check_data_text(text, source, schema, expected=expected)
    except DataFileError:
        raise
    except RulesetError as exc:
        raise DataFileError([exc]) from None


def check_data_text(text: str, source: str, schema: Mapping[str, Any], *, expected: str) -> DataFile:
    """:func:`read_data_file` for a text already read (``source`` names it in messages)."""
    try:
        data = parse_yaml_mapping(text, source, expected=expected)
    except RulesetError as exc:
        raise DataFileError([exc]) from None
    file = DataFile(source, data, marks_of(text, source))
    check_schema(dict(schema))
    validator = Draft202012Validator(dict(schema), format_checker=Draft202012Validator.FORMAT_CHECKER)
    for error in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        message, place = _worded(error)
        file.error(message, place)
    file.raise_errors()
    return file


def _worded(error: ValidationError) -> tuple[str, str]:
    """A schema error's message and place, an unknown key named at itself with the nearest known one."""
    place = error.json_path
    if error.validator == "additionalProperties" and isinstance(error.instance, dict) \
            and isinstance(error.schema, dict):
        allowed = sorted(error.schema.get("properties", {}))
        unexpected = [k for k in error.instance if k not in allowed]
        if unexpected:
            hints = []
            for key in unexpected:
                close = difflib.get_close_matches(key, allowed, n=1)
                hints.append(f"{key!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
            if len(unexpected) == 1:
                place += f".{unexpected[0]}" if unexpected[0].isidentifier() else f"[{unexpected[0]!r}]"
            return f"unknown key(s) {', '.join(hints)}; expected one of {', '.join(allowed)}", place
    if error.validator == "type" and error.validator_value == "string" and type(error.instance) in (int, float):
        return (f"{error.instance} is read as a number; write it in quotes (\"{error.instance}\") to give it as "
                f"text"), place
    described = error.schema.get("description") if isinstance(error.schema, dict) else None
    if error.validator in ("oneOf", "anyOf") and described:
        return f"{error.instance!r} is not what is expected here: {described}", place
    return error.message, place
