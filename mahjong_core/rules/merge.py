"""How a child ruleset's tables combine with its parent's.

A house rule should be a few lines that name what changes; so tables merge
instead of being copied.  The rules, in order:

1. A *leaf entry* -- a mapping with a ``value`` key (a parameter) or a
   ``predicate`` key (a table row) -- is replaced whole, never merged.  A row
   is one rule; mixing the parent's ``source`` with the child's ``value``
   would misattribute it.
2. Any other mapping merges key by key, recursively.
3. Lists and scalars replace.
4. ``null`` removes the key.  While overlays are being combined the ``null``
   is kept as a tombstone (so a later layer cannot resurrect what an earlier
   one removed by accident of grouping); :func:`resolve` drops the tombstones
   at the end.

Resolution folds the chain root first: ``resolve([root, child, grandchild])``.

:func:`merge` is associative -- ``merge(merge(a, b), c) == merge(a, merge(b, c))``
-- whenever the layers agree on which keys hold plain mappings, i.e. no layer
turns a group into a value or removes a group that a later layer then merges
into.  Schema-valid rulesets keep that: every mapping that is not a leaf (the
parameters, a parameter group, a table) has a fixed place.  Outside it the
left fold that :func:`resolve` performs is still well defined; it is the
meaning of an ``extends`` chain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Keys whose presence makes a mapping one indivisible rule.
LEAF_KEYS = ("value", "predicate")


def is_leaf(node: object) -> bool:
    """A parameter entry (``value``) or a table row (``predicate``)."""
    return isinstance(node, Mapping) and any(key in node for key in LEAF_KEYS)


def _is_group(node: object) -> bool:
    return isinstance(node, Mapping) and not is_leaf(node)


def _copy(node: Any) -> Any:
    if isinstance(node, Mapping):
        return {key: _copy(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_copy(item) for item in node]
    return node


def merge(base: Any, overlay: Any) -> Any:
    """Lay ``overlay`` over ``base`` and return a new structure (inputs are not modified)."""
    if not (_is_group(base) and _is_group(overlay)):
        return _copy(overlay)
    result = {key: _copy(value) for key, value in base.items()}
    for key, value in overlay.items():
        if value is None:
            result[key] = None
        elif key in result:
            result[key] = merge(result[key], value)
        else:
            result[key] = _copy(value)
    return result


def strip_removals(node: Any) -> Any:
    """Drop ``null`` tombstones from groups; leaves are kept whole (a ``value: null`` is a real value)."""
    if not _is_group(node):
        return _copy(node)
    return {key: strip_removals(value) for key, value in node.items() if value is not None}


def resolve(layers: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Fold ``layers`` root first and drop the removal markers."""
    result: Any = {}
    for layer in layers:
        result = merge(result, layer)
    return strip_removals(result)
