"""Read at most a stated number of bytes from a path, whatever kind of file it is.

A size check that trusts ``stat`` is no check: ``/dev/zero``, a pipe or a
file still being written report a size of 0 and then yield without end.
Every reader of untrusted input (logs, rule files, score sheets) reads through
here, so a source larger than its bound is refused after reading one byte more
than the bound, and peak memory stays within the bound too.  That is its job;
it sits in the bottom layer because its readers are in four above it (the
rule files, the log and its seal, the score sheets, the soak journal), and
programs have it as :func:`mahjong_core.read_bounded`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from mahjong_core.errors import MahjongError


def read_bounded(path: str | Path, limit: int, *, what: str, error: type[MahjongError] = MahjongError) -> bytes:
    """The bytes at ``path``, refusing a source longer than ``limit`` bytes.

    :param what: how the message names the input ("the log", "the rule file").
    :param error: the :class:`MahjongError` subclass to raise, so each reader keeps its own exit status.
    :raises MahjongError: (of class ``error``) naming the path, for an unreadable or oversized source.
    """
    source = str(path)
    try:
        with open(path, "rb") as file:
            data = _read(file, limit + 1)
    except IsADirectoryError:
        raise error(f"{what} is a folder; expected a file", source=source) from None
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror or exc}", source=source) from None
    if len(data) > limit:
        raise error(f"{what} is larger than {limit:,} bytes; at most {limit:,} are read", source=source)
    return data


def _read(file: BinaryIO, most: int) -> bytes:
    """At most ``most`` bytes of ``file``, in a buffer of the file's stated size where it states one.

    ``read(most)`` alone allocates ``most`` bytes before reading a byte (4 MB for a log) and then shrinks
    them: several times the cost of reading a log of a few hundred kB.  The stated size is only a first
    guess, never a bound: a file that turns out longer (one still being written) is read on, up to ``most``.
    """
    try:
        stated = os.fstat(file.fileno()).st_size
    except OSError:
        stated = 0
    if not 0 < stated < most:
        return file.read(most)
    data = file.read(stated + 1)
    if len(data) <= stated:
        return data
    return data + file.read(most - len(data))
