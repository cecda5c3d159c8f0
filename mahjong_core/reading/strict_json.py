"""One reading of every JSON line, or a refusal that says what is wrong with it.

Python's :func:`json.loads` is lenient where a referee cannot afford it to be:
a duplicate key silently keeps the last value (two readers of the same line
may then see two different games), ``NaN`` and ``Infinity`` are accepted,
``1.0`` compares equal to ``1``, a 5,000-digit integer raises ``ValueError``
and 20,000 nested brackets raise ``RecursionError``.  A log line, a websocket
message or any other untrusted JSON text is decoded here instead, under
bounds that are part of the published format (``docs/replay-format.md``,
"Strict decoding"):

* no duplicate keys in any object;
* no non-finite numbers, and no fractions at all: every number in the format
  is an integer;
* every integer within ``±MAX_INT`` (2**53 - 1, the range every JSON reader,
  a browser's included, represents exactly; I-JSON, RFC 7493);
* nesting at most ``MAX_DEPTH`` arrays and objects deep.

Booleans where integers belong are the schema's to reject (the JSON Schema
type ``integer`` excludes ``true`` and ``false``), since only the schema says
where integers belong.

The canonical lines this project writes are read at the speed of orjson's
parser: a line whose value holds only strings, booleans, nulls, integers
within the bound, lists and objects (:func:`_plain` looks at the types of the
decoded value, orjson's ``OPT_STRICT_INTEGER`` at the bound) and that
re-serialises to itself byte for byte cannot hold a duplicate
key, a non-finite number, a fraction or an out-of-range integer, so only other
lines take the slower, hook-checked path of :func:`json.loads`, which also
words every refusal.

orjson (a maintained Rust extension) encodes and decodes a log line about ten
times faster than the standard library; a replay or an audit spends most of
its non-rule time there.  Its canonical form is the standard library's
(``sort_keys``, no spaces, UTF-8 as is) for every plain value: strings,
booleans, nulls, integers within the bound, lists, tuples and dicts with
string keys.  Anything else (a float, whose text the two libraries spell
differently and which orjson writes as ``null`` when it is a NaN; a larger
integer; a non-string key; a lone surrogate; a subclass) the standard library
writes, so the canonical bytes never depend on which one ran
(``tests/core/reading/test_strict_json.py`` holds the two equal on the golden replays and
on generated values).
"""

from __future__ import annotations

import gc
import json
import operator
import re
from collections.abc import Sequence
from itertools import repeat
from typing import Any, NoReturn

import orjson

from mahjong_core.errors import StrictJSONError

#: Deepest nesting of arrays and objects accepted in one value.
MAX_DEPTH = 32
#: Largest magnitude of an integer accepted (2**53 - 1).
MAX_INT = 2**53 - 1

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
#: A run of 16 or more digits may be an integer beyond MAX_INT (which has 16 digits).
_LONG_DIGITS = re.compile(r"\d{16,}")
#: orjson writes keys sorted; the pass-through options send subclasses, dataclasses and dates to the standard
#: library (which refuses or writes them as it always has) instead of orjson's own spelling of them.
#: ``OPT_STRICT_INTEGER`` refuses an integer beyond ±MAX_INT (exactly the bound), which then goes to the standard
#: library too, so that :func:`_plain` looks only at types.
_ORJSON_OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS | orjson.OPT_PASSTHROUGH_DATACLASS
                   | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_STRICT_INTEGER)


def decode_error_text(exc: json.JSONDecodeError) -> str:
    """The decoder's whole complaint with its place, said once.

    Its ``msg`` alone can stop mid-sentence ("Unterminated string starting at"): the place it names is only in
    the full text, which also repeats the character offset nobody reads.
    """
    return str(_not_json(exc)).removeprefix("not JSON: ")


def _not_json(exc: json.JSONDecodeError) -> StrictJSONError:
    return StrictJSONError(f"not JSON: {exc.msg.removesuffix(' at')}", exc.colno,
                           exc.lineno if exc.lineno > 1 else None)


def canonical(value: Any) -> str:
    """The one canonical serialisation: keys sorted, no spaces, UTF-8 as is, no NaN."""
    if type(value) in _CONTAINERS and _plain(value):
        try:
            return orjson.dumps(value, option=_ORJSON_OPTIONS).decode("utf-8")
        except TypeError:  # orjson.JSONEncodeError: a lone surrogate, which the standard library escapes
            return _CANONICAL.encode(value)
    return _CANONICAL.encode(value)



def canonical_all(values: Sequence[Any]) -> list[str]:
    """``[canonical(v) for v in values]``, in one comprehension: a deal's events are serialised here together.

    The per-value work is the same (:func:`_plain`, then orjson), without the Python calls a value that
    :func:`canonical` and its callers make (an object of scalars, most events, is looked at in line): that
    overhead cost as much as the encoding itself.  If orjson
    refuses one value, every value goes through :func:`canonical` instead, so the text is always its.
    """
    try:
        return [_dumps(v, option=_ORJSON_OPTIONS).decode("utf-8")
                if type(v) is dict and (_SCALAR_TYPES.issuperset(map(type, v.values())) or _plain(v))
                else canonical(v) for v in values]
    except TypeError:  # orjson.JSONEncodeError: a lone surrogate, which canonical() leaves to the standard library
        return list(map(canonical, values))


def canonical_lines(values: Sequence[Any]) -> bytes:
    """``"".join(canonical(v) + "\\n" for v in values)`` in UTF-8: a run of log lines, each with its newline.

    A deal's events are serialised here in one orjson call, and proved plain
    as a whole rather than value by value (:func:`_plain_text`): looking at
    each value's type from Python cost twice what encoding it did.  A run the
    proof does not clear goes through :func:`canonical_all`, so its text is
    always :func:`canonical`'s, and so is any error.
    """
    if not values:
        return b""
    found = _plain_text(values)
    if found is None:
        return ("\n".join(canonical_all(values)) + "\n").encode("utf-8")
    text, suspects = found
    if not suspects:
        return text + b"\n"
    lines = text.split(b"\n")  # JSON text holds no raw newline: orjson writes one inside a string as \n
    for i in suspects:
        lines[i] = canonical(values[i]).encode("utf-8")
    return b"\n".join(lines) + b"\n"


def _plain_text(values: Sequence[Any]) -> tuple[bytes, list[int]] | None:
    """orjson's text of ``values``, one a line (joined by newlines, with no newline at the end), and the values
    whose text in it may not be the canonical one (each to be taken from :func:`canonical` instead); ``None``
    where nothing is claimed.  Each value is encoded by its own orjson call, mapped in C: one call on an array
    of them with a mark between each two, whose marks were then replaced by newlines, cost a fifth more.

    orjson and the standard library spell every plain value alike (strings, booleans, nulls, integers within
    the bound, lists, tuples, dicts with string keys: :func:`_plain`); what else orjson writes rather than refuses
    is proved absent here without a Python step a value, or its value named:

    * an instance of a class defined in Python (an ``Enum``, a ``UUID``): every such object the garbage
      collector can see (each one with a ``__dict__`` or ``__slots__``) names its class among the objects it
      refers to, and a class refers to its own ``__mro__``, so :func:`gc.get_referents` followed level by level
      from the values never runs dry; the walk of plain values does, within ``MAX_DEPTH`` levels and with no
      more objects than the text has bytes (every list item and dict value takes at least one);
    * a float: orjson spells every finite float with ``.``, ``e+``, ``e-`` or ``E`` (checked when this module is
      loaded: :data:`_FLOATS_MARKED`), so a value whose text holds none of them holds no finite float; a NaN or
      an infinity it spells ``null``, so where the text has no more ``null`` than the walk met ``None`` values
      there is none, and else every value whose text holds ``null`` is named;
    * an integer beyond the bound, a subclass of a built-in type, a key that is not a string, a lone surrogate
      or a value nested past orjson's limit: orjson refuses them itself (``_ORJSON_OPTIONS``);
    * that the text's lines are the values': orjson writes no raw newline inside a value (a string's is ``\\n``).

    Only orjson's own raw-JSON type (``orjson.Fragment``), which no event holds unless put there on purpose, is
    written as it is rather than refused.
    """
    if not _FLOATS_MARKED:
        return None
    try:
        text = b"\n".join(map(_dumps, values, repeat(None), repeat(_ORJSON_OPTIONS)))
    except TypeError:  # orjson.JSONEncodeError: what canonical() leaves to the standard library, or refuses
        return None
    nulls = text.count(b"null")
    nones = 0
    seen = 0
    level: Sequence[Any] = values
    for _ in range(MAX_DEPTH):
        level = _referents(*level)
        if not level:
            break
        seen += len(level)
        if seen > len(text):
            return None
        if nulls:
            nones += level.count(None)
    else:
        return None
    marks = [mark for mark in _FLOAT_MARKS if _holds(text, mark)]
    if nulls != nones:
        marks.append(b"null")
    if not marks:
        return text, []
    lines = text.split(b"\n")
    return text, [i for i, line in enumerate(lines) if any(mark in line for mark in marks)]


_referents = gc.get_referents
#: How orjson writes a finite float: always with one of these (``1.0``, ``1e+16``, ``1.5e-7``).
_FLOAT_MARKS = (b".", b"e+", b"e-", b"E")


def _holds(text: bytes, mark: bytes) -> bool:
    """``mark in text``, where a mark of two bytes is looked for by its last byte, which events seldom hold.

    A search for two bytes steps through every place their first byte is (``e`` is in most words), about
    twenty microseconds a deal's text, where a search for one byte is a ``memchr`` of a fraction of one.
    """
    if len(mark) != 2:
        return mark in text
    first, last = mark[0], mark[1:]
    at = text.find(last, 1)
    while at != -1:
        if text[at - 1] == first:
            return True
        at = text.find(last, at + 1)
    return False


def _floats_marked() -> bool:
    """Whether this orjson spells floats as :data:`_FLOAT_MARKS` says (else :func:`_plain_text` claims nothing)."""
    samples = [1.0, -0.0, 1e16, 1e22, 1e-7, 5e-324, 1.7976931348623157e308, 123456789012345680.0, 0.1]
    return all(any(mark in _dumps(x) for mark in _FLOAT_MARKS) for x in samples) and \
        _dumps([float("nan"), float("inf")]) == b"[null,null]"


_dumps = orjson.dumps
_FLOATS_MARKED = _floats_marked()
_CONTAINERS = (dict, list, tuple)


def _plain(value: dict[Any, Any] | list[Any] | tuple[Any, ...]) -> bool:
    """Whether a list or dict holds, at any depth, only strings, booleans, nulls, integers, lists, tuples and
    dicts: the values whose text orjson and the standard library spell alike, and the only values a log line
    may hold.  Exact types only (a subclass is not plain).

    What orjson itself refuses as it encodes is not looked at here, since the refusal sends the value to the
    standard library all the same: an integer beyond ±MAX_INT (``OPT_STRICT_INTEGER``, exactly that bound), a
    key that is not exactly a ``str``, a lone surrogate.  The types are compared a container at a time, as a
    set built in C, rather than a value at a time in Python: every line a log writes or reads passes through
    here, and the walk value by value cost more than encoding the line.
    """
    items = value.values() if type(value) is dict else value
    if _SCALAR_TYPES.issuperset(map(type, items)):
        return True
    if not _VALUE_TYPES.issuperset(map(type, items)):
        return False
    for item in items:
        kind = type(item)
        if (kind is list or kind is dict or kind is tuple) and not _plain(item):
            return False
    return True


_SCALAR_TYPES = frozenset({str, int, bool, type(None)})
_VALUE_TYPES = _SCALAR_TYPES | frozenset(_CONTAINERS)


def loads(text: str) -> Any:
    """Decode one JSON text under the bounds above; raise :class:`StrictJSONError` naming what is wrong."""
    if text.count("[") + text.count("{") > MAX_DEPTH:
        _check_depth(text)
    fast = _fast_loads(text)
    if fast is not _NOT_FAST:
        return fast
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_refuse_float)
    except StrictJSONError:
        raise
    except json.JSONDecodeError as exc:
        raise _not_json(exc) from None
    except ValueError:  # an integer too long for int(): find and name it
        return _strict(text)
    # No number here is a float (refused above), so the re-serialisation cannot meet a NaN.
    if _LONG_DIGITS.search(text) is None and canonical(value) == text:
        return value
    return _strict(text)


def loads_canonical(text: str) -> tuple[Any, bool]:
    """:func:`loads`, and whether reading it has proved ``text`` the canonical serialisation of its value.

    The fast reading proves it (the value re-serialises to the text byte for byte), so a reader that must hold
    every line to the canonical form (a sealed log's, :func:`mahjong_core.log.chain.verify_chain`) need not
    serialise those lines again; ``False`` says only that it is not known, not that the text is not canonical.
    """
    if text.count("[") + text.count("{") > MAX_DEPTH:
        _check_depth(text)
    fast = _fast_loads(text)
    if fast is not _NOT_FAST:
        return fast, True
    return loads(text), False


_NOT_FAST = object()


def loads_canonical_all(texts: Sequence[str]) -> tuple[list[Any], list[bool]]:
    """Many texts read at once: their values, and for each whether reading it proved the text canonical.

    Where ``proven[i]`` is true, ``values[i]`` is what :func:`loads_canonical` returns for ``texts[i]``, with the
    same proof: an object of plain values, within the depth bound, that re-serialises to the text byte for
    byte.  The texts are decoded as one JSON array in one orjson call, which may pair a text with a value not
    its own (a text holding half a value, its neighbour the rest), but such a text is never proven: a text
    that is the serialisation of a value is that value's text alone.  Every text not proven must be read
    with :func:`loads_canonical`, which accepts or refuses it, and says why, as it always has; so a log's
    lines are read several times faster and exactly as strictly.

    The texts go to orjson :data:`CHUNK_LINES` at a time: one call over a whole log holds orjson's document
    tree and the re-serialisation of every value beside the values at once (replaying the largest log the
    reader accepts peaked at 96 MB so, and at 83 MB a chunk at a time), and the chunks are read faster than
    the one call (its 39,868 lines: 70 ms against 92 ms of CPU).
    """
    values: list[Any] = []
    proven: list[bool] = []
    for start in range(0, len(texts), CHUNK_LINES):
        chunk_values, chunk_proven = _loads_canonical_chunk(texts[start:start + CHUNK_LINES])
        values += chunk_values
        proven += chunk_proven
    return values, proven


#: How many texts :func:`loads_canonical_all` hands orjson in one call.
CHUNK_LINES = 2048


def _loads_canonical_chunk(texts: Sequence[str]) -> tuple[list[Any], list[bool]]:
    """:func:`loads_canonical_all` of a few texts in one orjson call."""
    unproven: tuple[list[Any], list[bool]] = ([None] * len(texts), [False] * len(texts))
    try:
        values = orjson.loads("[" + ",".join(texts) + "]")
    except orjson.JSONDecodeError:  # a text that is no JSON value, or is not one alone: each is read on its own
        return unproven
    if len(values) != len(texts):
        return unproven
    at_once = _all_proven(values, texts)
    if at_once is not None:
        return values, at_once
    try:
        again = [_dumps(v, option=_ORJSON_OPTIONS).decode("utf-8")
                 if type(v) is dict and (_SCALAR_TYPES.issuperset(map(type, v.values())) or _plain(v)) else None
                 for v in values]
    except TypeError:  # an integer beyond the bound: read one by one, where it is named
        return unproven
    proven = [a == t and t.count("[") + t.count("{") <= MAX_DEPTH for a, t in zip(again, texts, strict=True)]
    return values, proven


def _all_proven(values: list[Any], texts: Sequence[str]) -> list[bool] | None:
    """For each text, whether it is the canonical serialisation of its value, an object within the depth bound,
    proved for all of them at once; ``None`` where this proves nothing (the texts are then looked at one by one).

    The values are re-serialised in one call (:func:`_plain_text`, which also proves them plain and walks no
    deeper than ``MAX_DEPTH`` levels) and compared with the texts joined.  No canonical text holds a raw newline,
    so the joined texts equal only if each text equals its value's; a canonical text beginning with ``{`` is an
    object's.  A value :func:`_plain_text` names is looked at alone (:func:`_plain`).
    """
    found = _plain_text(values)
    if found is None:
        return None
    again, suspects = found
    joined = "\n".join(texts).encode("utf-8")
    if not (joined.startswith(b"{") and joined.count(b"\n{") == len(texts) - 1):
        return None
    if not suspects:
        return [True] * len(texts) if again == joined else None
    proven = list(map(operator.eq, again.split(b"\n"), joined.split(b"\n")))
    for i in suspects:
        proven[i] = proven[i] and _plain(values[i])
    return proven


def _fast_loads(text: str) -> Any:
    """orjson's reading of a canonical, plain text; ``_NOT_FAST`` for any other text, which the standard
    library's reading then accepts or words the refusal of."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _NOT_FAST
    if type(value) in _CONTAINERS and _plain(value):
        try:  # an integer beyond the bound is refused here (OPT_STRICT_INTEGER), and read the slow way
            again = orjson.dumps(value, option=_ORJSON_OPTIONS)
        except TypeError:
            return _NOT_FAST
        if again == text.encode("utf-8"):
            return value
    return _NOT_FAST


def _strict(text: str) -> Any:
    """The slow, exact reading: every object's keys and every integer looked at."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_refuse_constant,
                          parse_float=_refuse_float, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        raise _not_json(exc) from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise StrictJSONError(f"duplicate key {key!r} in an object; a reader would see only one of its "
                                      "values")
            seen.add(key)
    return obj


def _refuse_constant(name: str) -> NoReturn:
    raise StrictJSONError(f"{name} is not a JSON number; every number here is a finite integer")


def _refuse_float(text: str) -> NoReturn:
    raise StrictJSONError(f"the number {text[:40]} is not an integer; every number here is an integer")


def _bounded_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > 16 or int(digits) > MAX_INT:
        shown = text if len(text) <= 24 else f"{text[:12]}...({len(digits)} digits)"
        raise StrictJSONError(f"the integer {shown} is beyond the bound of ±{MAX_INT} (2**53 - 1)")
    return int(text)


def _check_depth(text: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH before the parser recurses into it."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise StrictJSONError(f"nested more than {MAX_DEPTH} arrays or objects deep")
        else:
            depth -= 1
