"""A per-user record of documents that passed a JSON Schema check, so that a command need not check them again.

Checking every installed ruleset against the schema costs more than
everything else a short command does (``mahjong rules list`` spent most of
its half second in ``jsonschema``).  The answer of a check depends only on
the document, the schema and the validator library, so a *passed* check is
remembered under the SHA-256 of exactly those three:

* the document and the schema by their ``repr`` -- exact for the plain
  values YAML and JSON produce (``1``, ``'1'``, ``1.0`` and ``True`` all
  differ), and a document written in another key order is only a miss;
* the validator library by the size and modification time of its files
  (``jsonschema``, ``referencing`` and the metaschemas of
  ``jsonschema_specifications``), so upgrading any of them checks
  everything again.

Only passes are remembered.  A document with errors is checked every time,
so its messages are exactly those of the check itself; a changed file has
another digest and is checked again.  The record is a directory of empty
files named by digest, under ``$MAHJONG_CACHE_DIR``, else
``$XDG_CACHE_HOME/mahjong-core/validated``, else
``~/.cache/mahjong-core/validated``; ``MAHJONG_CACHE_DIR=off`` turns it off.
Failing to read or write it only means checking again.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path

CACHE_VARIABLE = "MAHJONG_CACHE_DIR"
#: Bump when what a digest covers changes.
_FORMAT = b"mahjong-core validated 1\n"


def cache_dir() -> Path | None:
    """Where passed checks are recorded, or ``None`` when the record is off."""
    chosen = os.environ.get(CACHE_VARIABLE)
    if chosen is not None:
        return None if chosen in ("", "off") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mahjong-core" / "validated"


@lru_cache(maxsize=1)
def _library() -> bytes:
    """The installed validator by path, size and modification time of each file.

    ``jsonschema`` and ``referencing`` by their modules, ``jsonschema_specifications`` by the metaschemas it
    ships; reinstalling or upgrading any of them writes new files, so every check is made again.
    """
    parts = []
    for name, pattern in (("jsonschema", "*.py"), ("referencing", "*.py"), ("jsonschema_specifications", "**/*.json")):
        spec = find_spec(name)
        folder = Path(spec.origin).parent if spec is not None and spec.origin else None
        if folder is None:
            parts.append(f"{name}: none")
            continue
        for path in sorted(folder.glob(pattern)):
            stat = path.stat()
            parts.append(f"{path}:{stat.st_size}:{stat.st_mtime_ns}")
    return "\n".join(parts).encode()


def schema_digest(schema: object) -> str:
    """A schema's part of a digest (computed once per schema by the callers that keep one)."""
    return hashlib.sha256(repr(schema).encode("utf-8", "surrogatepass")).hexdigest()


def digest(kind: str, schema: str, document: object) -> str:
    """The digest of checking ``document`` against the schema whose :func:`schema_digest` is ``schema``."""
    h = hashlib.sha256(_FORMAT)
    h.update(_library())
    for part in (kind, schema, repr(document)):
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def passed(key: str) -> bool:
    """Whether the check with this digest passed before."""
    folder = cache_dir()
    return folder is not None and (folder / key[:2] / key).exists()


def record_pass(key: str) -> None:
    """Remember that the check with this digest passed (best effort)."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        (folder / key[:2]).mkdir(parents=True, exist_ok=True)
        (folder / key[:2] / key).touch()
    except OSError:
        return  # an unwritable cache only means checking again next time
