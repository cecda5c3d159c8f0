"""The YAML half of reading a hand-written file: compose the node tree, check it, construct plain data.

Apart from :mod:`.document` so that a command whose texts were all read
before (:mod:`.validated`) never imports PyYAML (a sixth of ``mahjong rules
list``'s start).  The checks are those :mod:`.document` describes.
"""

from __future__ import annotations

from typing import Any

import yaml

from mahjong_core.errors import RulesetError
from mahjong_core.rules.ruleset import key_path

#: Deepest nesting of maps and lists in a ruleset file (the bundled ones nest at most 8 deep).
MAX_DEPTH = 32

#: PyYAML's C parser (libyaml, shipped in its wheels) where present: it reads a ruleset file about ten times
#: faster than the pure-Python one, with the same safe constructor and the same line marks.
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_CORE = "tag:yaml.org,2002:"
#: The longest integer a hand-written file may hold, in characters (sign and ``_`` separators included).  Checked on
#: the node, before PyYAML turns the text into an int: Python refuses to convert more than 4,300 digits (a guard
#: against quadratic-time conversion) with a bare ``ValueError``, and no figure of a ruleset or a sheet comes near.
MAX_INTEGER_CHARS = 64
_ALLOWED_TAGS = {f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq")}


def _place(path: str, node: yaml.Node) -> str:
    return f"{path} (line {node.start_mark.line + 1})"


def compose_checked(text: str, source: str, expected: str, marks: dict[str, tuple[int, int]]) -> Any:
    """The text's data, built from its checked node tree; ``marks`` gets where each JSON path is written.

    :raises RulesetError: located at a line, for text that is no YAML or breaks a check.
    """
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        place = f"line {mark.line + 1}, column {mark.column + 1}" if mark else None
        raise RulesetError(f"not valid YAML: {exc.problem or exc}", source=source, place=place) from None
    except yaml.YAMLError as exc:
        raise RulesetError(f"not valid YAML: {exc}", source=source) from None
    except RecursionError:  # the pure-Python parser (without libyaml) recurses into nesting
        raise RulesetError(f"nested more than {MAX_DEPTH} maps or lists deep", source=source) from None
    if root is None:
        raise RulesetError(f"file is empty; expected {expected}", source=source)
    _check_nodes(root, "$", source, set(), None, 0, marks)
    # Built from the checked node tree: the text is parsed once, and only plain, checked nodes are constructed.
    return _LOADER("").construct_document(root)


def _check_nodes(node: yaml.Node, path: str, source: str, seen: set[int], mark: yaml.Node | None = None,
                 depth: int = 0, marks: dict[str, tuple[int, int]] | None = None) -> None:
    """Walk the node tree; ``mark`` is the node whose line to report (the key of a mapping value).

    ``marks`` collects where each path is written: a mapping value at its key, a list item at itself.
    """
    if depth > MAX_DEPTH:
        raise RulesetError(f"nested more than {MAX_DEPTH} maps or lists deep", source=source,
                           place=_place(path, mark or node))
    if marks is not None:
        at = (mark or node).start_mark
        marks.setdefault(path, (at.line + 1, at.column + 1))
    if id(node) in seen:
        raise RulesetError(
            "YAML anchors and aliases are not allowed; use `extends` to share rules",
            source=source,
            place=_place(path, mark or node),
        )
    seen.add(id(node))
    if node.tag not in _ALLOWED_TAGS:
        if node.tag == f"{_CORE}timestamp":
            message = f"{node.value!r} reads as a date; quote it to make it a string"
        else:
            message = f"YAML tag {node.tag!r} is not allowed; ruleset files use plain YAML (maps, lists, scalars)"
        raise RulesetError(message, source=source, place=_place(path, node))
    if node.tag == f"{_CORE}int" and len(node.value) > MAX_INTEGER_CHARS:
        raise RulesetError(f"an integer of {len(node.value)} characters ({node.value[:12]}...); a number here has at "
                           f"most {MAX_INTEGER_CHARS} (quote it if it is text)", source=source,
                           place=_place(path, node))
    if isinstance(node, yaml.MappingNode):
        keys: set[str] = set()
        for key_node, value_node in node.value:
            if key_node.tag == f"{_CORE}merge":
                raise RulesetError(
                    "YAML merge keys (<<) are not allowed; use `extends` to share rules",
                    source=source,
                    place=_place(path, key_node),
                )
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag != f"{_CORE}str":
                raise RulesetError(
                    f"keys must be strings; quote {getattr(key_node, 'value', '?')!r}",
                    source=source,
                    place=_place(path, key_node),
                )
            key = key_node.value
            if key in keys:
                raise RulesetError(
                    f"duplicate key {key!r}", source=source, place=_place(key_path(path, key), key_node)
                )
            keys.add(key)
            _check_nodes(value_node, key_path(path, key), source, seen, key_node, depth + 1, marks)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _check_nodes(item, f"{path}[{i}]", source, seen, None, depth + 1, marks)
