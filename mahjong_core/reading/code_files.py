"""The files of the code a process's rules run, listed without importing any of it.

Two records need to say "this code": the load record
(:mod:`mahjong_core.rules.validated`), which must notice an edited plugin
at the cost of a ``stat`` per file, and a soak's journal
(:mod:`mahjong_core.conformance.soak_journal`), which must tell whether the code that
resumes a long run is the code that began it, on another machine or in
another checkout.  Both list the same files -- the core, every package an
entry point of the given groups names, and the named libraries -- and differ
only in how a file is stamped: by path, size and modification time
(:func:`file_stamp`, cheap, local), or by its path inside its package and the
SHA-256 of its bytes (:func:`content_stamp`, the same wherever the code is).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from importlib.util import find_spec

from mahjong_core.reading.entry_points import entry_points

#: Stamps one file: ``(path, root)`` -> a line, where ``root`` is the folder its top-level package lives in.
Stamp = Callable[[str, str], str]

#: What source and data files end with (bytecode is made from the ``.py`` files, so it is left out).
_CODE_SUFFIXES = (".py", ".json", ".yaml", ".yml", ".so", ".pth")


def file_stamp(path: str, root: str = "") -> str:
    """``path:size:mtime`` of one file, or ``path: missing``."""
    try:
        stat = os.stat(path)
    except OSError:
        return f"{path}: missing"
    return f"{path}:{stat.st_size}:{stat.st_mtime_ns}"


def content_stamp(path: str, root: str = "") -> str:
    """``relative/path:sha256`` of one file (its path from ``root``), or ``relative/path: missing``."""
    name = os.path.relpath(path, root) if root else path
    try:
        with open(path, "rb") as file:
            digest = hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        return f"{name}: missing"
    return f"{name}:{digest}"


def code_lines(groups: Iterable[str], packages: Iterable[str], stamp: Stamp) -> list[str]:
    """One line per entry point of ``groups`` and per file of ``packages`` and of each package they name.

    :param groups: entry-point groups whose packages' code runs (plugins, rulesets, bots).
    :param packages: packages that run besides them (the core, the hook library, ...).
    """
    lines = []
    named = set(packages)
    for group in groups:
        for ep in sorted(entry_points(group), key=lambda ep: (ep.name, ep.value)):
            lines.append(f"{group}: {ep.name} = {ep.value}")  # the code itself by its files, below
            named.add(ep.value.split(":", 1)[0].strip().split(".", 1)[0])
    for name in sorted(named):
        try:
            spec = find_spec(name)
        except (ImportError, ValueError):  # a broken package is part of what the list says
            spec = None
        if spec is None:
            lines.append(f"{name}: not found")
            continue
        folders = list(spec.submodule_search_locations or [])
        if not folders and spec.origin:
            lines.append(stamp(spec.origin, os.path.dirname(spec.origin)))
        for folder in folders:
            lines.extend(_tree(folder, os.path.dirname(os.path.normpath(folder)), stamp))
    return lines


def _tree(folder: str, root: str, stamp: Stamp) -> list[str]:
    """Every source and data file under ``folder`` (not bytecode, not hidden), in path order."""
    lines = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return [f"{os.path.relpath(folder, root)}: unreadable"]
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__" and not entry.name.startswith("."):
                lines.extend(_tree(entry.path, root, stamp))
        elif entry.name.endswith(_CODE_SUFFIXES):
            lines.append(stamp(entry.path, root))
    return lines
