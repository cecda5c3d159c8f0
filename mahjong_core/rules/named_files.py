"""Values naming a data file (a card of fixed hands): where the file is, its content part of the identity.

A ruleset's hash (:mod:`mahjong_core.rules.identity`) is what a replay log records to say which rules it was
played under.  A rule that lives in a file the tables only name -- a club's card, ``card: /path/to/card.yaml`` --
would leave the hash unchanged when the file is edited, and an old log would audit under other rules without a
word.  So the content of every such file is part of the identity: the parsed data of the file (not its path, its
modification time, its comments or its layout), hashed beside the tables.  Which parameters name files is the
plugins' word (a mechanism declares them, :attr:`~mahjong_core.plugin.Contribution.data_files`); this module
only finds and reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.rules import validated
from mahjong_core.rules.document import MAX_BYTES, parse_yaml_mapping
from mahjong_core.rules.ruleset import Origin, json_path


def named_path(value: str, origins: Mapping[tuple[str | int, ...], Origin], name: str, location: str) -> Path:
    """The file a parameter's value names: absolute as written, or relative to the folder of the ruleset file
    that set the parameter (a bundled ruleset's file lies beside it; a club's house rule names its own).

    :param location: the ruleset's own file, for a value whose origin is not recorded.
    """
    path = Path(value)
    if path.is_absolute():
        return path
    origin = origins.get(("parameters", name))
    where = origin[1] if origin is not None else location
    return (Path(where).parent if where else Path.cwd()) / path


def read_named_files(tables: Mapping[str, Any], origins: Mapping[tuple[str | int, ...], Origin], location: str,
                     names: Iterable[str]) -> tuple[dict[str, dict[str, Any]], list[RulesetError]]:
    """The data files the ``names`` parameters name, each as ``{"path": ..., "content": ...}``, and an error at
    the entry of each that cannot be read or is no YAML mapping (its own checks are its plugin's).

    A parameter left out or set to ``null`` names no file.
    """
    parameters = tables.get("parameters") or {}
    files: dict[str, dict[str, Any]] = {}
    errors: list[RulesetError] = []
    for name in sorted(set(names)):
        entry = parameters.get(name)
        value = entry.get("value") if isinstance(entry, Mapping) else None
        if not isinstance(value, str):
            continue
        path = named_path(value, origins, name, location)
        origin = origins.get(("parameters", name))
        where = origin[1] if origin is not None else location
        try:
            raw = read_bounded(path, MAX_BYTES, what=f"the file {name} names", error=RulesetError)
            content = _parsed(raw.decode("utf-8", "replace"), str(path), f"the {name} file")
        except RulesetError as exc:
            errors.append(RulesetError(f"{name} {value!r} cannot be read at {path}: {exc}", source=where,
                                       place=json_path(["parameters", name, "value"])))
            continue
        files[name] = {"path": str(path), "content": content}
    return files, errors



def _parsed(text: str, source: str, expected: str) -> dict[str, Any]:
    """The file's parse, read back from an earlier command's record where it is kept (as a ruleset file's is:
    :func:`~mahjong_core.rules.document.parse_ruleset_text`), so that a command loading a ruleset that names a card
    imports no YAML parser when nothing changed."""
    key = validated.parsed_key("named_file", text) if validated.trusted() else None
    if key is not None:
        recalled = validated.recall_parsed(key)
        if recalled is not None:
            return recalled
    data = parse_yaml_mapping(text, source, expected=expected)
    if key is not None:
        validated.keep_parsed(key, data)
    return data
