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

from pathlib import Path

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
            data = file.read(limit + 1)
    except IsADirectoryError:
        raise error(f"{what} is a folder; expected a file", source=source) from None
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror or exc}", source=source) from None
    if len(data) > limit:
        raise error(f"{what} is larger than {limit:,} bytes; at most {limit:,} are read", source=source)
    return data
