"""Reading the whole numbers of a family's tables, with their citations, once for every family that adds them.

The Taiwanese tai family and the Fuzhou family (written from it) read the same kind of values: a row's or a
``scoring`` entry's whole number of points, and where it came from (a ``source``, or an ``assumption`` with its
reason). One reader keeps their checks and their messages the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong_core.plugin import Ruleset, RulesetError


def is_count(x: object) -> bool:
    """A whole number >= 0 (``True`` and ``False`` are not counts, though Python calls them ints)."""
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def citation(node: Mapping[str, Any]) -> str:
    """Where a value came from: its ``source``, or ``assumption: ...`` with its reason."""
    if "source" in node:
        return str(node["source"])
    return f"assumption: {node.get('assumption', '')}"


def scoring_number(ruleset: Ruleset, key: str, family: str) -> tuple[int, str]:
    """A whole number >= 0 of the ruleset's ``scoring`` section, with its citation.

    :param family: the family that needs it, named in the message when it is missing.
    :raises RulesetError: when it is missing or not such a number, naming its place.
    """
    node = ruleset.raw_tables.get("scoring", {}).get(key)
    place = f"$.scoring.{key}"
    if not isinstance(node, Mapping) or "value" not in node:
        raise RulesetError(f"the {family} family needs scoring.{key} {{value, source}}", source=ruleset.location,
                           place=place)
    if not is_count(node["value"]):
        raise RulesetError(f"scoring.{key} must be a whole number >= 0, got {node['value']!r}",
                           source=ruleset.location, place=place + ".value")
    return int(node["value"]), citation(node)
