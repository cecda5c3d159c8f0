"""What the two halves of reading a hand-written file share: the nesting bound and how a key extends a path.

Apart from :mod:`.document` and :mod:`.yaml_reader` so that neither imports the other at its top.
"""

from __future__ import annotations

#: Deepest nesting of maps and lists in a ruleset file (the bundled ones nest at most 8 deep).
MAX_DEPTH = 32


def key_path(path: str, key: str) -> str:
    """The JSON path of ``key`` inside the mapping at ``path`` (``$.a.b``, or ``$.a['odd key']``)."""
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{key!r}]"
