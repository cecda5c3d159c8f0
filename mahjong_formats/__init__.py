"""Readers of games recorded elsewhere, turned into the project's replay logs (``mahjong import FORMAT``).

One module per format (:mod:`.botzone`, :mod:`.mjai`, :mod:`.tenhou_xml`, :mod:`.tenhou6`); :mod:`.common`
holds what every importer shares: playing the observed moves through the engine, carrying the
platform's own result beside ours, and writing the logs.  This is an
applications-layer package: it uses :mod:`mahjong_core`, which never imports
it but for the command line's ``import``, which names the formats here
without loading any reader.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .common import ImportedGame

__all__ = ["CHOOSE_RULESET", "FORMATS", "read", "read_lazily"]

#: The formats ``mahjong import`` knows, each with the module that reads it (``read_file(path)`` for a list of
#: games, ``iter_file(path)`` for them one at a time).
FORMATS: dict[str, str] = {"botzone": "mahjong_formats.botzone", "mjai": "mahjong_formats.mjai",
                           "tenhou-xml": "mahjong_formats.tenhou_xml",
                           "tenhou6": "mahjong_formats.tenhou6"}

#: The formats whose games may be played under another preset than the one the record names (``--ruleset``).
CHOOSE_RULESET = frozenset({"mjai", "tenhou6"})


def read(format_name: str, path: str) -> list[ImportedGame]:
    """Every game of one file in ``format_name`` (one of :data:`FORMATS`), read but not yet played.

    :raises FormatError: for the first line that breaks the format, or a file of another format.
    """
    reader = importlib.import_module(FORMATS[format_name])
    games: list[ImportedGame] = reader.read_file(path)
    return games


def read_lazily(format_name: str, path: str, ruleset: str | None = None) -> Iterator[ImportedGame]:
    """The games of one file one at a time: a file at the reader's bounds is read in bounded memory.

    :param ruleset: the preset to play the games under instead of the one the record names (``--ruleset``), for
        the formats that take one (:data:`CHOOSE_RULESET`).
    """
    reader = importlib.import_module(FORMATS[format_name])
    games: Iterator[ImportedGame] = reader.iter_file(path, ruleset) if ruleset is not None else reader.iter_file(path)
    return games
