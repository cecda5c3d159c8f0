"""Every suit's shanten vector for hands of up to 17 tiles, shipped with the package.

Why it is shipped: :mod:`mahjong_core.hand.shanten` finds a suit's vector (the fewest tiles lacking for each
number of sets, with and without the pair) by a search over the suit, and remembers it for the process.  A
command simulating 1,000 deals meets some 15,000 different suits, new ones up to its last deal, and spent a
twentieth of its CPU finding them (a 16-tile game, whose suits are longer, a sixth), every process anew.  Yet the
886,400 suits of up to 17 tiles have only 218 different vectors between them, so the whole answer is one byte a
suit: 1.95 MB (80 KB in git's and the wheel's compression), read once a process in about 0.2 ms.  It is kept
uncompressed because inflating it took 2.7 ms, a twentieth of a one-hand command's whole run.  The search stays,
for the honours and as the maker of this file (``scripts/build_suit_table.py``, whose ``--check`` compares the
shipped file with a fresh search); the tests compare samples of the two.

One table serves both of shanten's paths: a vector holds the fewest tiles lacking for 0 to 5 sets
(``MAX_SETS``), without and with the pair, and the 13-tile path's vector of a suit of up to 14 tiles is its first
five of each (the maker checks that on every such suit).

The file (``suit_vectors.bin``): the magic ``MJSV``, a format byte (2), the number of vectors ``V`` (two bytes,
big-endian), ``V`` vectors of 13 bytes (the fewest lacking for 0-5 sets, for 0-5 sets and the pair, and the
suit's tiles, as :mod:`~mahjong_core.hand.shanten` interns its wide vectors), then one byte per suit, at the
suit's counts read as a base-5 number (first kind most significant): the vector's place, or 255 for a suit of
more than 17 tiles.  Its size and header are checked when it is read, and each byte as it is used
(:func:`Table.vector_of`): checking all 1.95 MB at once cost more than reading them.
"""

from __future__ import annotations

from pathlib import Path

from mahjong_core.errors import MahjongError

#: The shipped file, beside this module.
PATH = Path(__file__).with_name("suit_vectors.bin")
MAGIC = b"MJSV\x02"
#: Tiles of the longest suit the file holds (a 17-tile hand's).
MOST_TILES = 17
#: A suit the file does not hold.
ABSENT = 255
SUITS = 5 ** 9
_VECTOR_BYTES = 13
#: Counts 0-4 as the digits the base-5 place is read from.
_DIGITS = bytes.maketrans(bytes(range(5)), b"01234")


class SuitTableError(MahjongError):
    """The shipped table is missing or damaged: a broken installation, named with its file."""


def place(part: bytes) -> int:
    """A suit's place in the table: its nine counts (each 0-4) read as a base-5 number."""
    return int(part.translate(_DIGITS), 5)


def encode(vectors: list[tuple[int, ...]], places: bytes | bytearray) -> bytes:
    """The file's bytes for ``vectors`` (each 13 numbers below 256) and one byte per suit naming one of them."""
    if len(vectors) >= ABSENT or len(places) != SUITS:
        raise ValueError(f"{len(vectors)} vectors (fewer than {ABSENT}) and {len(places)} places ({SUITS})")
    return MAGIC + len(vectors).to_bytes(2, "big") + b"".join(bytes(v) for v in vectors) + bytes(places)


class Table:
    """The shipped vectors and the place of each suit's, as read from a file."""

    def __init__(self, vectors: list[tuple[int, ...]], places: memoryview, path: Path):
        self.vectors, self.places, self.path = vectors, places, path

    def vector_of(self, part: bytes) -> tuple[int, ...] | None:
        """The vector of a suit (nine counts 0-4), ``None`` for one of more than 17 tiles.

        :raises SuitTableError: where the suit's byte names no vector (a damaged file).
        """
        index = self.places[place(part)]
        if index < len(self.vectors):
            return self.vectors[index]
        if index == ABSENT:
            return None
        raise SuitTableError(f"{self.path}: byte {place(part)} of the places names vector {index}, beyond the "
                             f"{len(self.vectors)} the file holds; reinstall the package")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table) and (self.vectors, self.places) == (other.vectors, other.places)

    __hash__ = None  # type: ignore[assignment]


def decode(data: bytes, path: Path = PATH) -> Table:
    """The table a file's bytes hold.

    :raises SuitTableError: naming ``path`` and what was expected, for bytes that are not such a file.
    """
    if not data.startswith(MAGIC):
        raise SuitTableError(f"{path}: expected the suit table's magic {MAGIC!r}, found {data[:5]!r}; reinstall "
                             "the package")
    count = int.from_bytes(data[5:7], "big")
    start = 7 + _VECTOR_BYTES * count
    if count >= ABSENT or len(data) != start + SUITS:
        raise SuitTableError(f"{path}: expected {count} vectors and {SUITS} places ({start + SUITS} bytes), "
                             f"found {len(data)} bytes; reinstall the package")
    vectors = [tuple(data[7 + _VECTOR_BYTES * i: 7 + _VECTOR_BYTES * (i + 1)]) for i in range(count)]
    return Table(vectors, memoryview(data)[start:], path)


def load(path: Path = PATH) -> Table:
    """The shipped table (:func:`decode`), read from ``path``.

    :raises SuitTableError: for a file missing or damaged.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SuitTableError(f"{path}: the suit table cannot be read ({exc.strerror}); reinstall the package") \
            from exc
    return decode(data, path)
