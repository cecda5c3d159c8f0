"""Shanten's tables are shared by every thread of a process, and a live server plays its tables in threads."""

from __future__ import annotations

import threading

import pytest

from mahjong_core.hand import shanten as module


class _Interleaved(list):  # type: ignore[type-arg]
    """The vector list, where another thread interns its own vector between this one's reading of the next id
    and its taking it."""

    def __init__(self, other: tuple[int, ...]) -> None:
        super().__init__()
        self.other = other
        self.armed = True

    def append(self, item: tuple[int, ...]) -> None:
        if self.armed:
            self.armed = False
            rival = threading.Thread(target=module._intern, args=(self.other[:10], self.other[10]))
            rival.start()
            rival.join(timeout=0.5)  # it finishes now unless the first thread holds the table
            self.rival = rival
        super().append(item)


def test_two_threads_interning_vectors_at_once_give_each_its_own_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another thread interning a vector between this thread's reading of the next id and its taking it must not
    get the same id: one vector's id would then name the other's, and every shanten built on it be wrong."""
    mine, other = (0, 1, 2, 3, 4, 1, 2, 3, 4, 5), (5, 4, 3, 2, 1, 6, 5, 4, 3, 2)
    vectors = _Interleaved(other + (7,))
    monkeypatch.setattr(module, "_VECTORS", vectors)
    monkeypatch.setattr(module, "_VECTOR_ID", {})
    first = module._intern(mine, 3)
    vectors.rival.join(timeout=5)
    second = module._VECTOR_ID[other + (7,)]
    assert first != second
    assert list.__getitem__(vectors, first) == mine + (3,)
    assert list.__getitem__(vectors, second) == other + (7,)
