"""The hash chain and the signatures that seal a replay log.

Re-playing a game proves its moves follow from its header; it cannot prove
the header itself (who sat where, which seat was a bot) or that the file is
the one a server wrote.  So every checkpoint of a log -- each ``deal_end`` and
the ``game_end`` -- carries ``chain``: the SHA-256 of every byte of the log
before that line, header included, followed by the checkpoint event's own
canonical serialisation without its seal fields.  Changing, inserting,
deleting or reordering any line breaks the chain at the first checkpoint
after it, and the verdict names the span of lines between the last good
checkpoint and that one.

A chain alone proves only that the file is consistent: anyone can compute
one.  A log may therefore also be signed: its header names the signer's
Ed25519 public key (``signed_by``), and each checkpoint carries ``sig``, the
signature of ``SIGNATURE_CONTEXT + chain`` (the context string keeps a
signature made here from meaning anything elsewhere).  An audit with the
signer's public key then proves who sealed everything up to each checkpoint.
The scheme, with test vectors, is in ``docs/replay-format.md``.

Ed25519 is from PyCA's ``cryptography`` (imported only when a key is used):
the signing primitive should come from a library that is audited and kept
up to date, not from this project.
"""

from __future__ import annotations

import hashlib
import os
import re
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate, compress, count, repeat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError, ReplayError
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.reading.strict_json import canonical, canonical_lines

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

#: The events that carry the chain (and, in a signed log, a signature).
CHECKPOINTS = frozenset({"deal_end", "game_end"})
#: The fields a checkpoint's seal adds; the chain covers the event without them.
SEAL_FIELDS = ("chain", "sig")
_SEAL_KEYS = frozenset(SEAL_FIELDS)
#: The lines :meth:`Sealer.line` changes: the header (its signer) and the checkpoints (their seal).
_SEALED_KINDS = CHECKPOINTS | {"header"}
#: What a signature signs, before the chain's hex digits.
SIGNATURE_CONTEXT = b"mahjong-core replay chain v1\n"
#: A key file is a few hundred bytes.
MAX_KEY_BYTES = 16 * 1024


def _seal_base(event: dict[str, Any]) -> bytes:
    return canonical({k: v for k, v in event.items() if k not in SEAL_FIELDS}).encode("utf-8")


class Signer:
    """An Ed25519 private key that signs chain heads."""

    def __init__(self, key: Ed25519PrivateKey):
        # deferred: cryptography (~10 ms) only where a key is used; an unsigned log is written and read without it
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self._key = key
        self.public_hex = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()

    def sign(self, chain: str) -> str:
        return self._key.sign(SIGNATURE_CONTEXT + chain.encode("ascii")).hex()


class Sealer:
    """Adds the seal to a log's lines as they are written (see :class:`mahjong_core.log.format.ReplayWriter`).

    The running hash takes the lines made since the last checkpoint in one update when the next checkpoint
    needs it, not one update a line: the chain is the same, and a line costs a list append instead of an
    encoding, a concatenation and a hash call.
    """

    def __init__(self, signer: Signer | None = None):
        self._hash = hashlib.sha256()
        self._signer = signer
        #: The lines made but not yet in ``_hash``, in UTF-8, each with its newline (one entry may hold many).
        self._unhashed: list[bytes] = []

    def line(self, obj: dict[str, Any]) -> str:
        """The canonical line for ``obj``, sealed: the header names the signer, a checkpoint carries its chain."""
        kind = obj.get("type")
        if kind == "header":
            obj = {k: v for k, v in obj.items() if k != "signed_by"}
            if self._signer is not None:
                obj["signed_by"] = self._signer.public_hex
        elif kind in CHECKPOINTS:
            running = self._hashed().copy()
            running.update(_seal_base(obj))
            chain = running.hexdigest()
            obj = {**{k: v for k, v in obj.items() if k not in SEAL_FIELDS}, "chain": chain}
            if self._signer is not None:
                obj["sig"] = self._signer.sign(chain)
        text = canonical(obj)
        self._unhashed.append((text + "\n").encode("utf-8"))
        return text

    def line_bytes(self, obj: dict[str, Any]) -> bytes:
        """:meth:`line` in UTF-8 with its newline, as a writer of bytes writes it."""
        self.line(obj)
        return self._unhashed[-1]

    def lines(self, objs: Sequence[dict[str, Any]]) -> str:
        """The lines :meth:`line` makes of ``objs`` one by one, each followed by its newline, as one text."""
        return self.block(objs).decode("utf-8")

    def block(self, objs: Sequence[dict[str, Any]]) -> bytes:
        """:meth:`lines` in UTF-8, as a batched writer (a simulated game's, a deal at a time) hashes and writes them.

        The lines between a header and the checkpoints are serialised together
        (:func:`~mahjong_core.reading.strict_json.canonical_lines`), in one orjson call a run: a batched writer
        spent more on a Python call or two a line than on encoding the line.
        """
        chunks: list[bytes] = []
        start = 0
        # The lines to seal one by one (the header, the checkpoints), found without a Python step a line.
        sealed = compress(count(), map(_SEALED_KINDS.__contains__, map(dict.get, objs, repeat("type"))))
        for i in (*sealed, len(objs)):
            if i > start:
                run = canonical_lines(objs[start:i])
                self._unhashed.append(run)
                chunks.append(run)
            if i < len(objs):
                self.line(objs[i])
                chunks.append(self._unhashed[-1])
            start = i + 1
        return b"".join(chunks)

    def _hashed(self) -> Any:
        """The running hash over every line made so far, each followed by its newline."""
        if self._unhashed:
            self._hash.update(b"".join(self._unhashed))
            self._unhashed.clear()
        return self._hash


@dataclass
class Integrity:
    """What a log's seal proves, as read by :func:`verify_chain`.

    :param checkpoints: how many checkpoints the log has.
    :param chained: how many of them carry a chain that verified.
    :param signed_by: the header's signer key (hex), or ``None`` for an unsigned log.
    :param broken: ``(line, message)`` of the first checkpoint whose chain or signature does not verify.
    """

    checkpoints: int = 0
    chained: int = 0
    signed_by: str | None = None
    broken: tuple[int, str] | None = None

    def describe_chain(self) -> str:
        if self.broken is not None:
            return f"broken at line {self.broken[0]}"
        if self.chained:
            return f"verified at {self.chained} checkpoints"
        return "absent: nothing proves the lines were not changed together"


def verify_chain(lines: Sequence[str], event: Callable[[int], dict[str, Any]], header: dict[str, Any], *,
                 lazy: bool = False, canonical_lines: Sequence[bool] | None = None,
                 decoded: Sequence[dict[str, Any]] | None = None) -> Integrity:
    """Check the chain (and, in a signed log, every signature) over a log's lines.

    What a line is comes from its decoded value, never from its text: a
    checkpoint written with an escape (``"\\u0064eal_end"``) is still a
    checkpoint, so it cannot be passed off as an ordinary line that needs no
    seal.  A sealed log is held to more than its chains: every line is
    canonical, so that the bytes the chain covers are the one spelling of the
    events read; the seal is all or none (every checkpoint chained, or none;
    signed at every checkpoint exactly when the header names a signer); and
    only format 2 carries it.  The first line breaking any of this is
    recorded in :attr:`Integrity.broken`, as the line to change.

    :param lines: the log's lines without their newlines, header first.
    :param event: the decoded event of line index ``i`` (1 for the first event).
    :param lazy: for the byte-for-byte replay's fast path, whose lines are decoded only when needed: only a
        line that may decode to a checkpoint or to a seal field is decoded and held to the canonical form
        here (see :func:`_may_be_sealed_lines`); the replay compares every other line byte for byte with the
        canonical serialisation of the event the rules produce, so a verdict that passes has proved it
        canonical too, and a failing one is read again in full.
    :param canonical_lines: by line index, ``True`` where decoding the line has already proved it the
        canonical serialisation of its value (:func:`mahjong_core.reading.strict_json.loads_canonical`), so that it
        is not serialised again to be compared; any other line is.
    :param decoded: every event already decoded (line index ``i`` is ``decoded[i - 1]``), taken in place of
        calling ``event`` once a line.
    """
    signed_by = header.get("signed_by")
    integrity = Integrity(signed_by=signed_by)
    if decoded is not None and not lazy:  # every line decoded already: taken as they are, without a call a line
        events = dict(enumerate(decoded, 1))
    else:
        events = {i: event(i) for i in (_may_be_sealed_lines(lines) if lazy else range(1, len(lines)))}
    # Whether a decoded line is a checkpoint: its type may be anything before the schema has looked at it.
    checkpoints = [i for i, ev in events.items() if type(kind := ev.get("type")) is str and kind in CHECKPOINTS]
    # The first line at odds with the seal's shape; the chain is followed up to it, so that a chain broken
    # earlier is named first.
    problem = _seal_shape(lines, events, header, checkpoints, canonical_lines)
    integrity.broken = problem
    if problem is not None and problem[0] == 1:
        return integrity
    public = _public_key(signed_by) if isinstance(signed_by, str) else None
    running = hashlib.sha256()
    last_good = 0
    hashed = 0  # lines[:hashed] are in running, each followed by its newline
    stop = len(lines) if problem is None else problem[0] - 1
    for i in checkpoints:
        if i >= stop:
            break
        if i > hashed:  # the lines since the last checkpoint in one update, not one a line
            running.update(("\n".join(lines[hashed:i]) + "\n").encode("utf-8"))
            hashed = i
        integrity.checkpoints += 1
        found = _check_checkpoint(events[i], running, public, integrity)
        if found is not None:
            integrity.broken = (i + 1, found.replace("{span}", _span(last_good, i + 1)))
            return integrity
        last_good = i + 1
    return integrity


def _may_be_sealed_lines(lines: Sequence[str]) -> list[int]:
    """The indices (from 1), in order, of the lines that may decode to a checkpoint or hold a seal field.

    Without a backslash a JSON text's strings decode to their own characters,
    so a line with neither a backslash nor the text ``_end`` cannot decode to
    a ``deal_end`` or ``game_end``, and one without ``"chain"`` or ``"sig"``
    cannot hold those keys.  One pass a word, each a comprehension of one
    substring test: several times faster than every test on every line.
    """
    return [i + 1 for i in lines_holding(lines[1:], _SEALED_WORDS)]  # the header is no checkpoint


def lines_holding(lines: Sequence[str], words: Iterable[str]) -> list[int]:
    """The indices, in order, of the lines that hold one of ``words`` (none of which holds a newline).

    The lines are searched as one text, each word found with ``str.find`` from one place to the next, and each
    place mapped to its line: the search runs in C over the whole log, and Python is run only for the lines
    found, which for the words looked for (a checkpoint's, a few event types') are few.
    """
    text = "\n".join(lines)
    starts: list[int] | None = None
    found: set[int] = set()
    for word in words:
        at = text.find(word)
        if at < 0:
            continue
        if starts is None:  # where each line starts in the text: its length and the newlines before it
            starts = [total + k for k, total in enumerate(accumulate(map(len, lines), initial=0))]
        while at >= 0:
            k = bisect_right(starts, at) - 1
            found.add(k)
            at = text.find(word, starts[k + 1]) if k + 1 < len(lines) else -1
    return sorted(found)


#: The words without which a line cannot be a checkpoint or hold a seal field (:func:`_may_be_sealed_lines`).
_SEALED_WORDS = ("\\", "_end", '"chain"', '"sig"')


#: How a seal field is spelt: lower-case hex only, so that one chain or signature has one spelling.
_HEX = {"chain": re.compile(r"[0-9a-f]{64}"), "sig": re.compile(r"[0-9a-f]{128}")}


def _seal_shape(lines: Sequence[str], events: dict[int, dict[str, Any]], header: dict[str, Any],
                checkpoints: list[int], canonical_lines: Sequence[bool] | None) -> tuple[int, str] | None:
    """The first line at odds with the shape of a seal, whatever its hashes: ``(line, message)`` or ``None``.

    A log is sealed if its header names a signer or any line carries a seal
    field.  The shape is looked at before the hashes, so that a log sealed in
    part is refused for that, at the line to change, rather than for a hash it
    never had; :func:`verify_chain` then follows the chain up to that line.
    """
    signed = "signed_by" in header
    sealed_lines = [i for i, ev in events.items() if not _SEAL_KEYS.isdisjoint(ev)]
    if not signed and not sealed_lines:
        return None
    if header.get("format_version") != 2:
        where = "its header names a signer (signed_by)" if signed else f"line {sealed_lines[0] + 1} carries a seal"
        return (1, f"format_version is {header.get('format_version')!r}, but {where}: only a format 2 log is "
                   "sealed (a format 1 log has no chain, no sig and no signed_by)")
    found: list[tuple[int, str]] = []
    known = canonical_lines or ()
    for i in (0, *events):
        if i < len(known) and known[i]:
            continue
        if lines[i] != canonical(header if i == 0 else events[i]):
            found.append((i + 1, "a sealed log is written in its canonical form on every line (keys sorted, no "
                                 "spaces, no escape a writer does not need, no CR), so that the seal covers the one "
                                 "spelling of what is read; this line is not: write it as the canonical "
                                 "serialisation of its value"))
            break
    for i in sealed_lines:
        if i not in checkpoints:
            fields = " and ".join(f for f in SEAL_FIELDS if f in events[i])
            found.append((i + 1, f"a {_shown(events[i].get('type'))} line carries {fields}: only a checkpoint "
                                 "(deal_end, game_end) is sealed"))
            break
    chained = [i for i in checkpoints if "chain" in events[i]]
    for i in checkpoints:
        message = _checkpoint_shape(events[i], signed, chained)
        if message is not None:
            found.append((i + 1, message))
            break
    return min(found, default=None)


def _checkpoint_shape(ev: dict[str, Any], signed: bool, chained: list[int]) -> str | None:
    """What is wrong with one checkpoint's seal fields in a sealed log, or ``None``."""
    kind = ev["type"]
    if "chain" not in ev and chained:
        return (f"this {kind} has no chain, but the log is sealed (line {chained[0] + 1} has one): every "
                "checkpoint of a sealed log carries its chain; the seal was removed here")
    if "chain" not in ev:
        return (f"this {kind} has no chain, but the header names a signer (signed_by): every checkpoint of a "
                "signed log carries its chain and sig; the seal was removed here")
    if signed and "sig" not in ev:
        return ("the log is signed (its header names a key, signed_by), but this checkpoint has no signature "
                "(sig): a signed log signs every checkpoint")
    if not signed and "sig" in ev:
        return "this checkpoint has a signature (sig), but the header names no signer key (signed_by)"
    for f in SEAL_FIELDS:
        if f in ev and (type(ev[f]) is not str or _HEX[f].fullmatch(ev[f]) is None):
            digits = 64 if f == "chain" else 128
            return f"{f} is {digits} lower-case hex digits; this checkpoint's is {_shown(ev[f])}"
    return None


def _shown(value: Any) -> str:
    text = canonical(value)
    return text if len(text) <= 24 else text[:20] + "..."


def _span(last_good: int, line: int) -> str:
    return f"line {last_good + 1}" if last_good + 1 == line else f"lines {last_good + 1} to {line}"


def _check_checkpoint(ev: dict[str, Any], running: Any, public: Ed25519PublicKey | None,
                      integrity: Integrity) -> str | None:
    """A checkpoint's chain and signature against the bytes before it; its shape was checked by :func:`_seal_shape`."""
    chain, sig = ev.get("chain"), ev.get("sig")
    if chain is None:
        return None
    expected = running.copy()
    expected.update(_seal_base(ev))
    if chain != expected.hexdigest():
        return ("the hash chain breaks here: since the last checkpoint that verified, a line in {span} was "
                "changed, inserted, deleted or moved, or this line's chain was")
    if public is not None and not _verify(public, chain, str(sig)):
        return (f"the signature does not verify with the header's key {integrity.signed_by}: the log was "
                "changed after it was signed, or the signature was made with another key")
    integrity.chained += 1
    return None


def _verify(public: Ed25519PublicKey, chain: str, sig: str) -> bool:
    # deferred: cryptography, as in Signer above
    from cryptography.exceptions import InvalidSignature

    try:
        public.verify(bytes.fromhex(sig), SIGNATURE_CONTEXT + chain.encode("ascii"))
    except (InvalidSignature, ValueError):
        return False
    return True


def _public_key(hex_key: str) -> Ed25519PublicKey:
    # deferred: cryptography, as in Signer above
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        return Ed25519PublicKey.from_public_bytes(bytes.fromhex(hex_key))
    except ValueError:
        raise ReplayError(f"signed_by {hex_key[:20]!r}... is not an Ed25519 public key (64 hex digits)",
                          place="line 1") from None


# ---------------------------------------------------------------- key files


def load_signer(path: str | Path) -> Signer:
    """A private key file as written by ``generate_key`` (PEM, PKCS #8, unencrypted)."""
    # deferred: cryptography, as in Signer above
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    data = read_bounded(path, MAX_KEY_BYTES, what="the key file")
    try:
        key = load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise MahjongError(f"not an unencrypted PEM private key ({exc}); make one with `mahjong keygen FILE`",
                           source=str(path)) from None
    if not isinstance(key, Ed25519PrivateKey):
        raise MahjongError(f"a {type(key).__name__.removeprefix('_')} key; logs are signed with Ed25519 keys",
                           source=str(path))
    return Signer(key)


def load_public_key(path: str | Path) -> str:
    """A public key file (PEM, or the 64 hex digits of the raw key) as the hex a log's header names."""
    # deferred: cryptography, as in Signer above
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_pem_public_key

    data = read_bounded(path, MAX_KEY_BYTES, what="the public key file")
    text = data.decode("ascii", errors="replace").strip()
    if len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text):
        return text.lower()
    try:
        key = load_pem_public_key(data)
    except (ValueError, TypeError) as exc:
        raise MahjongError(f"not a PEM public key nor 64 hex digits ({exc})", source=str(path)) from None
    if not isinstance(key, Ed25519PublicKey):
        raise MahjongError(f"a {type(key).__name__.removeprefix('_')} key; logs are signed with Ed25519 keys",
                           source=str(path))
    return key.public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def generate_key(path: str | Path) -> tuple[Path, Path, str]:
    """Write a new private key to ``path`` (readable by its owner only) and its public key to ``path.pub``.

    Neither file is overwritten: a signing key that is lost cannot be made again.
    :returns: the two paths and the public key's hex.
    """
    # deferred: cryptography, as in Signer above
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import (
        Encoding,
        NoEncryption,
        PrivateFormat,
        PublicFormat,
    )

    private_path = Path(path)
    public_path = private_path.with_name(private_path.name + ".pub")
    for p in (private_path, public_path):
        if p.exists():
            raise MahjongError("exists; a key file is never overwritten (choose another name)", source=str(p))
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    try:
        fd = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(pem)
        public_path.write_bytes(key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo))
    except OSError as exc:
        raise MahjongError(f"cannot write the key: {exc.strerror or exc}", source=str(private_path)) from None
    return private_path, public_path, Signer(key).public_hex
