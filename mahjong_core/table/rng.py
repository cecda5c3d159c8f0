"""The named, documented random generator behind every wall (``sha256-ctr-v1``).

Why not Python's :mod:`random`: its Mersenne Twister seeding and its
``shuffle`` are implementation details that changed between versions and that
no other language reproduces, so a replay log naming "seed 42" would not pin a
wall down.  This generator is SHA-256 in counter mode, small enough to be
re-implemented from ``docs/prng.md`` in any language, with published test
vectors (``tests/vectors/prng_vectors.json``).

Stream (one :class:`Rng`): a 32-byte key; block ``i`` (``i = 0, 1, ...``) is
``SHA-256(key || uint64_be(i))``; each block gives four words, its bytes 0-7,
8-15, 16-23, 24-31 read as big-endian unsigned 64-bit integers, consumed in
that order.

Keys: a game key from the seed (:func:`seed_key`), child keys by
:meth:`Rng.derive` (label plus integers), so one deal is reproduced from the
game seed and its (round, deal) numbers alone, without replaying the game
before it (DESIGN.md, "Randomness and replays").
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence
from typing import TypeVar

from mahjong_core.errors import MahjongError

_T = TypeVar("_T")

#: Algorithm id written into replay headers next to the seed.
ALGORITHM = "sha256-ctr-v1"

SEED_DOMAIN = b"mahjong-core/seed/v1\x00"
DERIVE_DOMAIN = b"mahjong-core/derive/v1\x00"

_TWO64 = 1 << 64
_WORDS = struct.Struct(">4Q")
_sha256 = hashlib.sha256
# Rejection thresholds for the small bounds a shuffle and the dice use.
_LIMITS = tuple(_TWO64 - _TWO64 % n if n else 0 for n in range(257))

Seed = int | str | bytes


def seed_bytes(seed: Seed) -> bytes:
    """Tagged byte encoding of a game seed (``docs/prng.md``, "Seeds").

    * a non-negative integer: ``b"i"`` + its canonical decimal digits in ASCII
      (``0`` is ``b"i0"``, ``42`` is ``b"i42"``); any size;
    * a string: ``b"s"`` + its UTF-8 bytes, exactly as given (no normalisation);
    * bytes: ``b"b"`` + the bytes.

    The tag keeps the integer ``42`` and the string ``"42"`` apart; front ends
    reading text should use :func:`parse_seed`.

    :raises MahjongError: for a negative integer, a bool or another type.
    """
    if isinstance(seed, bool) or not isinstance(seed, int | str | bytes):
        raise MahjongError(f"a seed is a non-negative integer or a string, got {seed!r}", place="seed")
    if isinstance(seed, int):
        if seed < 0:
            raise MahjongError(f"a seed integer must not be negative, got {seed}", place="seed")
        return b"i" + str(seed).encode("ascii")
    if isinstance(seed, str):
        return b"s" + seed.encode("utf-8")
    return b"b" + bytes(seed)


def seed_key(seed: Seed) -> bytes:
    """The game key: ``SHA-256("mahjong-core/seed/v1" || 0x00 || seed_bytes(seed))``."""
    return _sha256(SEED_DOMAIN + seed_bytes(seed)).digest()


def parse_seed(text: str) -> int | str:
    """A seed typed on a command line or read from text.

    Canonical decimal digits (``"42"``, ``"0"``, not ``"042"``) become the
    integer, anything else stays a string, so ``--seed 42`` and a replay header
    ``"seed": 42`` name the same game.
    """
    if text.isascii() and text.isdigit() and (text == "0" or not text.startswith("0")):  # canonical digits
        if len(text) > 16 or int(text) > MAX_LOG_SEED:
            raise MahjongError(f"the seed {text[:40]}{'...' if len(text) > 40 else ''} is beyond {MAX_LOG_SEED} "
                               "(2**53 - 1), the largest integer a replay log holds exactly; give a smaller one, or "
                               "words: a seed may be any text", place="seed")
        return int(text)
    if len(text) > MAX_LOG_SEED_TEXT:
        raise MahjongError(f"a seed of {len(text):,} characters; a replay log holds a text seed of at most "
                           f"{MAX_LOG_SEED_TEXT}", place="seed")
    return text


#: The longest text seed a replay log holds (``schemas/replay.schema.json``, ``$.rng.seed``).
MAX_LOG_SEED_TEXT = 256
#: The largest integer seed a replay log can carry (every integer in the format is within 2**53 - 1, the range
#: every JSON reader represents exactly: docs/replay-format.md, "Strict decoding").
MAX_LOG_SEED = 2**53 - 1


#: Bytes of OS randomness in a live table's seed and in each of its commitment salts.
SECRET_BYTES = 32


def secret_seed() -> str:
    """A live table's seed: 256 bits from the operating system's generator, as 64 lower-case hex digits.

    Why not a number below 2**53: whoever learns one revealed salt or sees a few tiles could try every such
    seed offline and then know every wall still to come; 2**256 seeds cannot be tried.  Written as text
    (``docs/prng.md``, "Seeds") so that the log's header holds it exactly.
    """
    return secrets.token_hex(SECRET_BYTES)


def secret_salt() -> bytes:
    """A live deal's wall-commitment salt: fresh OS randomness, so that no salt tells anything of the seed."""
    return secrets.token_bytes(SECRET_BYTES)


def derive_key(key: bytes, label: str, ints: tuple[int, ...]) -> bytes:
    """Child key (``docs/prng.md``, "Derived streams").

    ``SHA-256("mahjong-core/derive/v1" || 0x00 || key || uint16_be(len(L)) || L
    || uint16_be(len(ints)) || uint64_be(ints[0]) || ...)`` with ``L`` the
    label's UTF-8 bytes.
    """
    label_bytes = label.encode("utf-8")
    if not label_bytes or len(label_bytes) > 0xFFFF:
        raise ValueError(f"a derivation label is 1 to 65535 UTF-8 bytes, got {label!r}")
    if len(ints) > 0xFFFF:
        raise ValueError("at most 65535 integers in a derivation")
    parts = [DERIVE_DOMAIN, key, len(label_bytes).to_bytes(2, "big"), label_bytes, len(ints).to_bytes(2, "big")]
    for value in ints:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < _TWO64:
            raise ValueError(f"derivation integers are unsigned 64-bit, got {value!r}")
        parts.append(value.to_bytes(8, "big"))
    return _sha256(b"".join(parts)).digest()


class Rng:
    """One ``sha256-ctr-v1`` stream.

    Not thread-safe; cheap to create (one hash), so give each consumer its own
    stream with :meth:`derive` rather than sharing one.
    """

    algorithm = ALGORITHM
    __slots__ = ("_key", "_counter", "_words", "_pos")

    def __init__(self, key: bytes) -> None:
        key = bytes(key)
        if len(key) != 32:
            raise ValueError(f"an {ALGORITHM} key is 32 bytes, got {len(key)}")
        self._key = key
        self._counter = 0  # index of the next block to hash
        self._words: tuple[int, ...] = ()
        self._pos = 0  # next unused word of self._words

    @classmethod
    def from_seed(cls, seed: Seed) -> Rng:
        """The game stream for a seed (see :func:`seed_bytes` for the encoding)."""
        return cls(seed_key(seed))

    @property
    def key(self) -> bytes:
        return self._key

    def __repr__(self) -> str:
        return f"Rng({ALGORITHM}, key={self._key.hex()[:16]}..., block={self._counter}, word={self._pos})"

    def derive(self, label: str, *ints: int) -> Rng:
        """An independent child stream named by ``label`` and integers.

        The child depends only on this stream's key, never on how much of this
        stream was consumed.
        """
        return Rng(derive_key(self._key, label, ints))

    def _block(self) -> tuple[int, ...]:
        counter = self._counter
        self._counter = counter + 1
        return _WORDS.unpack(_sha256(self._key + counter.to_bytes(8, "big")).digest())

    def next_u64(self) -> int:
        """The next word of the stream, in ``[0, 2**64)``."""
        pos = self._pos
        if pos >= len(self._words):
            self._words = self._block()
            pos = 0
        self._pos = pos + 1
        return self._words[pos]

    def below(self, n: int) -> int:
        """Unbiased integer in ``[0, n)`` for ``1 <= n <= 2**64``.

        Rejection rule: ``threshold = 2**64 - (2**64 mod n)``; draw words until
        one is ``< threshold`` and return it ``mod n``.  Always consumes at
        least one word, also for ``n == 1``.
        """
        if type(n) is int and 0 < n < 257:  # a bot's choice among options: the common case, checked in one test
            threshold = _LIMITS[n]
        elif isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _TWO64:
            raise ValueError(f"below(n) needs 1 <= n <= 2**64, got {n!r}")
        else:
            threshold = _LIMITS[n] if n < len(_LIMITS) else _TWO64 - _TWO64 % n
        while True:  # next_u64, inlined: a random bot draws twice a decision
            pos = self._pos
            words = self._words
            if pos >= len(words):
                words = self._words = self._block()
                pos = 0
            self._pos = pos + 1
            word = words[pos]
            if word < threshold:
                return word % n

    def shuffle(self, items: MutableSequence[_T]) -> None:
        """Fisher-Yates in place: for ``i`` from ``len - 1`` down to 1,
        ``j = below(i + 1)``, swap ``items[i]`` and ``items[j]``.

        Inlines :meth:`below` and the block refill: this is the hot path of a
        simulator (143 steps per 144-tile wall).
        """
        words, pos, counter, key = self._words, self._pos, self._counter, self._key
        nwords = len(words)
        unpack, sha256, limits = _WORDS.unpack, _sha256, _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = limits[n] if n < 257 else _TWO64 - _TWO64 % n
            while True:
                if pos >= nwords:
                    words = unpack(sha256(key + counter.to_bytes(8, "big")).digest())
                    counter += 1
                    nwords = 4
                    pos = 0
                word = words[pos]
                pos += 1
                if word < threshold:
                    break
            j = word % n
            items[i], items[j] = items[j], items[i]
        self._words, self._pos, self._counter = words, pos, counter

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """``count`` dice, each ``1 + below(sides)``, in throw order."""
        if count < 0 or sides < 1:
            raise ValueError(f"cannot throw {count} dice of {sides} sides")
        return tuple(1 + self.below(sides) for _ in range(count))


def deal_rng(game_seed: Seed, round_index: int, deal_number: int) -> Rng:
    """The stream of one deal: ``Rng.from_seed(game_seed).derive("deal", round_index, deal_number)``.

    :param round_index: 0-based round (prevalent wind circle) of the game.
    :param deal_number: 0-based number of the deal within that round, counting
        every deal played (a repeated deal with the same dealer gets the next
        number), so no two deals of a game share a stream.
    """
    return Rng.from_seed(game_seed).derive("deal", round_index, deal_number)
