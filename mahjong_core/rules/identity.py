"""A ruleset's identity: id, version and a hash of the rules themselves.

Replays record which rules a game was played under.  The id and version say
what the author *meant*; the SHA-256 says what the tables *were*, so a replay
made under a locally edited copy is caught.  Only rule content counts: names,
descriptions, citations and notes are excluded, so fixing a typo in a source
line or translating a name keeps the hash, while any changed value, switch,
row or predicate changes it.  An overlay that sets nothing hashes like its
parent.
The content of a data file the tables name (a club's card) counts too
(:func:`identity_tables`): an edited card is another ruleset.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from mahjong_core.rules.merge import is_leaf

#: Keys that describe a rule or a ruleset rather than being the rule.
PRESENTATION_KEYS = frozenset(
    {"name", "native_name", "description", "source", "assumption", "notes", "id", "version", "extends"}
)


def rule_content(node: Any) -> Any:
    """``node`` without presentation keys.

    The keys are dropped from every mapping of the table structure and from
    leaf entries themselves, but never from inside a leaf's ``value``: that
    is rule data, whatever its keys are called.
    """
    if not isinstance(node, Mapping):
        return node
    if is_leaf(node):
        return {key: value for key, value in node.items() if key not in PRESENTATION_KEYS}
    return {key: rule_content(value) for key, value in node.items() if key not in PRESENTATION_KEYS}


def canonical_json(node: Any) -> bytes:
    """Sorted keys, no whitespace, UTF-8: the same bytes for the same data in any key order."""
    return json.dumps(node, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def tables_sha256(tables: Mapping[str, Any]) -> str:
    """Hex SHA-256 of the canonical JSON of ``tables``' rule content."""
    return hashlib.sha256(canonical_json(rule_content(tables))).hexdigest()


def identity_tables(tables: Mapping[str, Any], files: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Any]:
    """What a ruleset's hash is taken of: its tables and, beside them, the content of the data files they name
    (a card of fixed hands: :mod:`mahjong_core.rules.named_files`), each as a leaf's value, which
    :func:`rule_content` never strips of keys.  A ruleset that names no file hashes as its tables alone, as it did
    before files were hashed."""
    if not files:
        return tables
    return {**tables, "named_files": {name: {"value": file["content"]} for name, file in sorted(files.items())}}


def identity_string(ruleset_id: str, version: str, sha256: str) -> str:
    """``shanghai@1.0.0+sha256:<64 hex>`` -- what a replay header records."""
    return f"{ruleset_id}@{version}+sha256:{sha256}"
