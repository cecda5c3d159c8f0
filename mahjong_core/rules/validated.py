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

The same record remembers, for the ``mahjong`` command only, that a ruleset
*loaded*: that its resolved tables passed every check after the schema (the
schema of the resolved tables, the predicates its rows name, its family's own
reading, the minimum value).  Those checks run the installed plugins' code,
so that digest also covers the code by path, size and modification time
(:func:`code_fingerprint`: the core, every package an entry point names, the
YAML and hook libraries) and the entry points themselves; installing,
removing or editing any of them checks everything again.  A command is a
fresh process whose plugins are exactly those files; a long-running process
may change its plugins in memory (tests do), so the library checks every
load unless asked to trust the record (:func:`mahjong_core.reading.load_trust.trusting_loads`).
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import orjson

from mahjong_core.reading.code_files import code_lines, file_stamp
from mahjong_core.reading.load_trust import trusting

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


#: Packages whose code a ruleset's load runs besides the plugins': the core (and its schemas), the YAML
#: parser and the hook library.
_CORE_PACKAGES = ("mahjong_core", "mahjong_core.schemas", "yaml", "pluggy")
#: Entry-point groups whose packages' code a load runs: the plugins' and the rulesets' own modules.
_CODE_GROUPS = ("mahjong_core.plugins", "mahjong_core.rulesets")


def trusted() -> bool:
    """Whether the record of loads is trusted now (:func:`mahjong_core.reading.load_trust.trusting_loads`) and kept."""
    return trusting() and cache_dir() is not None


@lru_cache(maxsize=1)
def code_fingerprint() -> bytes:
    """The code a ruleset's checks run, by entry point and by path, size and modification time of each file.

    Found without importing anything (:func:`mahjong_core.reading.code_files.code_lines`).
    """
    lines = [_library().decode(), *code_lines(_CODE_GROUPS, _CORE_PACKAGES, file_stamp)]
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def loaded_digest(description: object) -> str:
    """The digest of a ruleset's load (its resolved tables and modules, in ``description``) under this code."""
    return _code_digest("load-", description)


def _code_digest(prefix: str, description: object) -> str:
    """``prefix`` and the SHA-256 of ``description`` under this code (:func:`code_fingerprint`)."""
    h = hashlib.sha256(_FORMAT)
    h.update(code_fingerprint())
    data = repr(description).encode("utf-8", "surrogatepass")
    h.update(len(data).to_bytes(8, "little"))
    h.update(data)
    return prefix + h.hexdigest()


def clear_cache() -> None:
    """Fingerprint the code again on next use (after installing or editing a plugin in-process)."""
    code_fingerprint.cache_clear()


#: Parsed documents kept at most; the oldest go first (each is some 10 KB of JSON).
MAX_PARSED = 64


def parsed_key(kind: str, text: str) -> str:
    """The name a document's parse is kept under: its text, under this code (:func:`code_fingerprint`)."""
    return _code_digest("parse-", (kind, text))


def recall_parsed(key: str) -> dict[str, Any] | None:
    """The document parsed before under ``key``, or ``None``."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        data = orjson.loads((folder / "parsed" / key).read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    return data if isinstance(data, dict) else None


def keep_parsed(key: str, document: dict[str, Any]) -> None:
    """Keep a parsed document, if JSON gives it back exactly (best effort; at most :data:`MAX_PARSED` are kept).

    YAML's values are JSON's but for keys that are not strings and integers beyond 64 bits; a document with
    one is parsed every time.
    """
    folder = cache_dir()
    if folder is None:
        return
    try:
        blob = orjson.dumps(document)
    except TypeError:
        return
    if repr(orjson.loads(blob)) != repr(document):
        return
    try:
        (folder / "parsed").mkdir(parents=True, exist_ok=True)
        kept = sorted((folder / "parsed").iterdir(), key=lambda path: path.stat().st_mtime_ns)
        for old in kept[: max(0, len(kept) - MAX_PARSED + 1)]:
            old.unlink(missing_ok=True)
        temporary = folder / "parsed" / f".{key}.{os.getpid()}"
        temporary.write_bytes(blob)
        temporary.replace(folder / "parsed" / key)  # whole or not at all, should two commands write at once
    except OSError:
        return
