"""A decision's legal actions as a lazily built list, for the phases that offer many (turns, exchanges).

A bot reads the whole list; a replayed decision is only checked for
membership, which a subclass answers without building the list where it can.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import overload

from mahjong_core.table.state import Action


class LazyOptions(Sequence[Action]):
    """A decision's legal actions as a list built on first read: the subclass builds it and answers membership.

    Bots read the whole list and get it; a replayed decision is only checked
    for membership, which each subclass answers without building the list where
    it can -- with exactly the list's answer.
    """

    __slots__ = ()

    @abstractmethod
    def _all(self) -> list[Action]:
        """The whole list, built once."""

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())
