"""A bounded read takes the file's stated size as a first guess only: what is read is what the file holds."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from mahjong_core.errors import MahjongError
from mahjong_core.reading import bounded_read
from mahjong_core.reading.bounded_read import read_bounded


@pytest.mark.parametrize("stated", [None, 0, 1, 999, 1000, 1001, 5000])
def test_a_file_is_read_whole_whatever_size_stat_states(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         stated: int | None) -> None:
    path = tmp_path / "data"
    data = os.urandom(1000)
    path.write_bytes(data)
    if stated is not None:  # a file still being written, or one whose stat is wrong
        real = os.fstat

        def fstat(fd: int) -> Any:
            return SimpleNamespace(st_size=stated) if fd > 2 else real(fd)

        monkeypatch.setattr(bounded_read.os, "fstat", fstat)
    assert read_bounded(path, 1000, what="the data") == data
    with pytest.raises(MahjongError, match="larger than 999 bytes"):
        read_bounded(path, 999, what="the data")
