"""Reading one ruleset file: plain YAML in, plain JSON-shaped data out.

Ruleset files come from plugins and from club referees' house rules, so they
are untrusted: only ``yaml.safe_load`` constructs anything, and before it runs
the node tree is checked so that each problem gets one located, readable
error instead of a PyYAML traceback or a silently wrong table:

* tags other than the JSON-like core ones (``!!python/object``, ``!!binary``,
  ``!!set``, dates that YAML would turn into ``datetime``) are refused;
* anchors/aliases and ``<<`` merge keys are refused -- inheritance is what
  ``extends`` is for, and a second mechanism would bypass the merge rules;
* duplicate keys are refused (YAML would keep the last one silently, so a
  copied row would hide the one above it);
* keys must be strings and numbers finite, so the canonical JSON that the
  ruleset hash is taken over always exists.
"""

from __future__ import annotations

import math
from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.rules import validated
from mahjong_core.rules.ruleset import key_path

#: A ruleset file larger than this is not a ruleset (the largest bundled one is under 100 kB).
MAX_BYTES = 1_000_000

#: Line and column (1-based) of each JSON path of the files parsed last, by (source, text): ``validate`` reads them
#: to point at the line of each error without composing the file a second time.
_MARKS: dict[tuple[str, str], dict[str, tuple[int, int]]] = {}


def _check_numbers(data: Any, path: str, source: str) -> None:
    if isinstance(data, float) and not math.isfinite(data):
        raise RulesetError(f"number {data!r} is not finite", source=source, place=path)
    if isinstance(data, dict):
        for key, value in data.items():
            _check_numbers(value, key_path(path, key), source)
    elif isinstance(data, list):
        for i, item in enumerate(data):
            _check_numbers(item, f"{path}[{i}]", source)


def marks_of(text: str, source: str) -> dict[str, tuple[int, int]]:
    """Where each JSON path (``$.parameters.usual_limit``) of a ruleset file is written: (line, column), 1-based.

    Read from the parse of the same text (composing it only if it was not parsed yet); ``{}`` for a file
    that is no YAML mapping.
    """
    if (source, text) not in _MARKS:
        try:
            parse_yaml_mapping(text, source, expected="a mapping")  # composed, never read back from a record
        except RulesetError:
            pass
    return _MARKS.get((source, text), {})


def locate(error: RulesetError, marks: dict[str, tuple[int, int]]) -> RulesetError:
    """``error`` with the line and column of its JSON path (or the nearest enclosing one that is written)."""
    place = error.place or ""
    if error.line is not None or not place.startswith("$"):
        return error
    path = place.split(" ", 1)[0]
    while path:
        if path in marks:
            return error.at(*marks[path])
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return error


def parse_ruleset_text(text: str, source: str) -> dict[str, Any]:
    """Parse one ruleset file's text into a mapping.

    :param source: the file name used in error messages.
    :raises RulesetError: located at a line or a JSON path.

    A ``mahjong`` command reads back a text's parse from the record of an earlier command
    (:mod:`.validated`); only a text that parsed without error is kept there.
    """
    key = validated.parsed_key("ruleset", text) if validated.trusted() else None
    if key is not None:
        recalled = validated.recall_parsed(key)
        if recalled is not None:
            return recalled
    data = parse_yaml_mapping(text, source, expected="a mapping with id, version and name")
    if key is not None:
        validated.keep_parsed(key, data)
    return data


def parse_yaml_mapping(text: str, source: str, *, expected: str) -> dict[str, Any]:
    """Parse any of the project's hand-written YAML files (rulesets, score sheets) under the same rules.

    The checks of this module apply, and where each JSON path is written is remembered for :func:`marks_of`.

    :param expected: what an empty file should have held, for its message.
    :raises RulesetError: located at a line or a JSON path.
    """
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise RulesetError(f"file is larger than {MAX_BYTES} bytes", source=source)
    # deferred: PyYAML (~10 ms) only when a text is read; a ruleset on record (`mahjong rules show`) reads none
    from mahjong_core.rules.yaml_reader import compose_checked

    marks: dict[str, tuple[int, int]] = {}
    data = compose_checked(text, source, expected, marks)
    if len(_MARKS) > 16:
        _MARKS.clear()
    _MARKS[(source, text)] = marks
    if not isinstance(data, dict):
        raise RulesetError(f"expected a mapping at the top, got {type(data).__name__}", source=source, place="$")
    _check_numbers(data, "$", source)
    return data
