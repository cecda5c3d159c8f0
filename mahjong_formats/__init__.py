"""Readers of games recorded elsewhere, turned into the project's replay logs (``mahjong import FORMAT``).

One module per format (:mod:`.botzone`); :mod:`.common` holds what every
importer shares: playing the observed moves through the engine, carrying the
platform's own result beside ours, and writing the logs.  This is an
applications-layer package: it uses :mod:`mahjong_core`, which never imports it.
"""

from __future__ import annotations

from collections.abc import Callable

from .common import FormatError, ImportedGame

__all__ = ["FORMATS", "FormatError", "ImportedGame"]


def _botzone(path: str) -> list[ImportedGame]:
    from .botzone import read_file

    return read_file(path)


#: The formats ``mahjong import`` knows, each a reader from a file's path to its games.
FORMATS: dict[str, Callable[[str], list[ImportedGame]]] = {"botzone": _botzone}
