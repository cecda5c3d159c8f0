"""Tenhou's published wall shuffle (``mt19937ar-sha512-n288``): every wall of a Tenhou game from its seed.

A Tenhou log opens with ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">``:
the seed of the whole game, published once the game is over, from which the
server drew every deal's wall.  Tenhou published the algorithm as source code
with worked output (tenhou.net/stat/rand/, announced on the Tenhou blog,
article 30503297, 2009); this module is written from that description and the
restatements of it on the tenhou-shuffle crate's documentation page
(docs.rs/tenhou-shuffle, "The Algorithm") and in the article "天凤牌山生成算法及其验证"
(81100118.github.io, 2021), none of whose code it copies:

1. The seed's base64 text decodes to 2,496 bytes: 624 unsigned 32-bit words,
   little-endian, which seed one MT19937 generator for the whole game with
   ``init_by_array`` (Matsumoto and Nishimura's mt19937ar.c, 2002).
2. Each deal takes the generator's next 288 words (``src``).  Each of the
   nine blocks of 32 words, written as 128 bytes little-endian, is hashed
   with SHA-512; the nine digests, read back as 144 little-endian words, are
   ``rnd``.
3. The wall starts as the 136 tile numbers in order (0-135, four of each
   kind: ``n // 4`` is the kind, characters, dots, bamboo, winds East to
   North, then white, green, red; 16, 52 and 88 are the red fives) and is
   shuffled low to high: for ``i`` from 0 to 135, swap ``wall[i]`` with
   ``wall[i + rnd[i] % (136 - i)]``.
4. The dice are ``rnd[135] % 6 + 1`` and ``rnd[136] % 6 + 1``.

A three-player game's wall is shuffled the same way from the same ``rnd``, over
its 108 tiles: the numbers 0-3 and 32-135 (the characters 2 to 8, 4-31, are
not in the set), in that order, swapped low to high with ``wall[i + rnd[i] %
(108 - i)]``; the dice are the same two words.  Its dead wall keeps eight
replacement tiles (``wall[1]``, ``wall[0]``, ``wall[3]``, ... ``wall[6]``), so
its first dora indicator is ``wall[9]`` (its ura ``wall[8]``), each kong's
``wall[11]``, ``wall[13]``.  Tenhou publishes no three-player example; this
reading is the one under which every dealt hand, draw, North's replacement,
dora and ura-dora indicator of a real Houou three-player game agrees with its
seed (``2014091101gm-00b9-0000-5ca6b487``, eleven deals; a 136-tile shuffle with
the characters 2 to 8 then taken out deals none of its hands), and it is the
one zyr17/mahjong's ``tenhou.js`` writes for a wall of any length.

The hands are dealt from the high end (``wall[135]`` first, four tiles a seat
from the dealer, three times, then one each), the dealer's first draw is the
next tile down, and the dead wall is ``wall[0..13]``: the first dora indicator
is ``wall[5]``, each kong's ``wall[7]``, ``wall[9]``, ...; the ura indicators
lie under them (``wall[4]``, ``wall[6]``, ...), and the replacement tiles
are ``wall[1]``, ``wall[0]``, ``wall[3]``, ``wall[2]``.  That is the dead end
of a wall broken before its first stack whose draw order is ``wall[135]`` down
to ``wall[0]`` (:func:`draw_order`), each stack's top tile the odd one: so the
core's own :class:`~mahjong_core.table.wall.Wall` plays it, with the riichi
dead wall of fourteen (``loose_tiles: 0``, ``exhaustive_draw_tiles_left:
14``).  The layout is checked against every dealt hand, draw, kong
replacement and indicator of the shared sample of Tenhou games, and against
the whole walls the mjx project stores beside its Tenhou games
(``tests/core/table/test_tenhou_shuffle.py``).

The Mersenne Twister is Python's own :mod:`random` generator, whose output
function is mt19937ar's ``genrand_int32``.  Seeded with an integer,
:meth:`random.Random.seed` runs ``init_by_array`` itself, on the integer's
32-bit words from the least significant up, as many as it has: so the seed
read as one little-endian integer seeds it exactly when its last word is not
zero (all but one seed in 2**32), in C; a seed whose last word is zero would
lose it there (the integer has fewer words), and its state is computed here,
as ``init_by_array`` does it.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import struct
from collections.abc import Sequence

from mahjong_core.errors import MahjongError

__all__ = ["ALGORITHM", "PREFIX", "TILES", "TILES_3P", "TenhouShuffle", "draw_order"]

#: The algorithm's name as Tenhou writes it before the seed, and as a log's header names it.
ALGORITHM = "mt19937ar-sha512-n288"
#: How the seed attribute begins: the algorithm, the seed's encoding, then the seed.
PREFIX = ALGORITHM + "-base64,"
#: Tiles of a four-player wall.
TILES = 136
#: The tile numbers of a three-player wall, in the order it is shuffled from: all but the characters 2 to 8.
TILES_3P: tuple[int, ...] = tuple(n for n in range(TILES) if not 1 <= n // 4 <= 7)
_KEY_WORDS = 624
_SRC_WORDS = 288
_BLOCK_WORDS = 32
_N = 624
_BLOCK = struct.Struct(f"<{_BLOCK_WORDS}I")
_DIGEST = struct.Struct("<16I")
_MASK = 0xFFFFFFFF


def _init_by_array(key: Sequence[int]) -> list[int]:
    """mt19937ar's ``init_by_array``: the generator's 624 words of state from a key of 32-bit words."""
    mt = [0] * _N
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
    i, j = 1, 0
    for _ in range(max(_N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
        i, j = i + 1, j + 1
        if i >= _N:
            mt[0], i = mt[_N - 1], 1
        if j >= len(key):
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= _N:
            mt[0], i = mt[_N - 1], 1
    mt[0] = 0x80000000
    return mt


class TenhouShuffle:
    """One Tenhou game's generator: :meth:`next_wall` gives its deals' walls in order.

    :param seed: the seed as Tenhou writes it, with or without its ``PREFIX``.
    :raises MahjongError: for a seed that is not base64 of 624 words.
    """

    #: The algorithm's name, as a log's ``source.wall`` names it.
    ALGORITHM = ALGORITHM
    #: How Tenhou's seed attribute begins.
    PREFIX = PREFIX

    def __init__(self, seed: str) -> None:
        text = seed[len(PREFIX):] if seed.startswith(PREFIX) else seed
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise MahjongError(f"Tenhou's wall seed is not base64 text (after {PREFIX!r})") from None
        if len(raw) != 4 * _KEY_WORDS:
            raise MahjongError(f"Tenhou's wall seed decodes to {len(raw)} bytes; {ALGORITHM} seeds with "
                               f"{4 * _KEY_WORDS} ({_KEY_WORDS} words)")
        if raw[-4:] != bytes(4):  # init_by_array over all 624 words, in C (see the module docstring)
            self._mt = random.Random(int.from_bytes(raw, "little"))
        else:
            self._mt = random.Random()
            self._mt.setstate((3, (*_init_by_array(struct.unpack(f"<{_KEY_WORDS}I", raw)), _N), None))
        self.deals = 0

    def next_wall(self, tiles: Sequence[int] | None = None) -> tuple[list[int], tuple[int, int]]:
        """The next deal's wall (Tenhou's tile numbers, its last dealt first) and its two dice.

        :param tiles: the tile numbers the game plays, in order (``TILES_3P`` of this module for a three-player
            game); all 136 by default.
        """
        bits = self._mt.getrandbits
        src = [bits(32) for _ in range(_SRC_WORDS)]
        rnd: list[int] = []
        for block in range(0, _SRC_WORDS, _BLOCK_WORDS):
            rnd += _DIGEST.unpack(hashlib.sha512(_BLOCK.pack(*src[block:block + _BLOCK_WORDS])).digest())
        wall = list(range(TILES)) if tiles is None else list(tiles)
        size = len(wall)
        for i in range(size):
            j = i + rnd[i] % (size - i)
            wall[i], wall[j] = wall[j], wall[i]
        self.deals += 1
        return wall, (rnd[TILES - 1] % 6 + 1, rnd[TILES] % 6 + 1)


def draw_order(wall: Sequence[int]) -> list[int]:
    """The wall as the core's :class:`~mahjong_core.table.wall.Wall` takes it: dealt and drawn from the first
    tile on, the dead end last (see the module docstring)."""
    return list(reversed(wall))
