"""The tile and hand notation: one compact line per hand, read and printed the same way.

Referees type hands into the command line, tests and ruleset examples quote
them, replays print them.  So the notation is short, has exactly one printed
(canonical) form per hand, and every mistake is reported with the character
where it happened.

Tiles
-----
A run of digits followed by a suit letter names one tile per digit::

    123m        1, 2, 3 characters          (m = characters / wan, 1-9)
    456p        4, 5, 6 dots                (p = dots / tung, 1-9)
    789s        7, 8, 9 bamboo              (s = bamboo / tiao, 1-9)
    1234567z    East South West North, white green red dragon (z = honours, 1-7)
    1234f       flowers 1-4                 (f, bonus tiles)
    1234y       seasons 1-4                 (y, bonus tiles)

Honours may also be written as letters, one letter (or ``Wh``) per tile:
``E S W N`` for the winds and ``Wh G R`` for the white, green and red
dragons, so ``EEE`` is ``111z`` and ``WhWh`` is ``55z``.  Groups follow each
other without spaces: ``123m456p789s11z``.  Output always uses digits, sorts
the tiles and writes each suit once, in the order m p s z f y:
``format_tiles(parse_tiles("EE9s1m")) == "1m9s11z"``.

Hands
-----
A hand is a line of space-separated tokens::

    45p11z [777s<] [5555m+^] (7777z) 1f3y +3p !last_tile !self_drawn

=================  ===========================================================
token              meaning
=================  ===========================================================
``123m456p11z``    concealed tiles (several such tokens are merged); bonus
                   tiles written here are set aside as bonus tiles
``[777s<]``        exposed pung; the claimed tile came from the left
                   (``<``), across (``^``) or the right (``>``); the seat may
                   be left out (``[777s]``) when unknown.  A chow can only be
                   claimed from the left
``[5555m^]``       exposed kong (four equal tiles in brackets)
``[5555m+^]``      added kong: a drawn tile added to the pung claimed from
                   across
``(1111z)``        concealed kong
``1f3y``           bonus tiles (a token of flowers and seasons only)
``+3p``            the winning tile; it is *not* part of the concealed tiles
``!self_drawn``    a situation flag: any snake_case identifier
=================  ===========================================================

The printed form is: the concealed tiles, the declared melds in their order,
the bonus tiles, the winning tile, then the situation flags sorted and
unique, separated by single spaces.  ``format_hand(parse_hand(s)) == s`` for
every printed form ``s`` and ``parse_hand(format_hand(h)) == h`` for every
valid :class:`Hand` (sorted tiles, as :func:`parse_hand` builds them).

Errors
------
A string that does not follow the grammar raises :class:`NotationError`;
one that follows it but describes an impossible hand (a fifth copy of a tile,
a second copy of a bonus tile, a "chow" that is not a run of one suit, a
"pung" of unequal tiles, a chow claimed from across) raises
:class:`HandError`.  Both carry ``source`` and ``place="char N"`` (1-based)
and say what was expected.  The tile count (13 or 14 as a hand counts them,
a kong counting three) is checked separately by :func:`check_tile_count`,
because partial hands are legitimate in many uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from mahjong_core.errors import HandError, NotationError
from mahjong_core.hand.melds import ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.tiles import KINDS, NUM_PLAYING_KINDS

__all__ = [
    "HONOUR_LETTERS",
    "check_hand",
    "check_tile_count",
    "format_hand",
    "format_meld",
    "format_tiles",
    "glyphs",
    "meld_from_tiles",
    "parse_hand",
    "parse_tiles",
]

#: Suit letters in print order, with the first kind index and the highest digit.
_SUITS: dict[str, tuple[int, int]] = {"m": (0, 9), "p": (9, 9), "s": (18, 9), "z": (27, 7), "f": (34, 4), "y": (38, 4)}
_SUIT_OF_KIND = [(letter, first) for letter, (first, size) in _SUITS.items() for _ in range(size)]
_SUIT_NAMES = {
    "m": "characters",
    "p": "dots",
    "s": "bamboo",
    "z": "honours",
    "f": "flowers",
    "y": "seasons",
}
#: Honour letters accepted on input (output always uses ``1z``..``7z``).
HONOUR_LETTERS: dict[str, int] = {"E": 27, "S": 28, "W": 29, "N": 30, "Wh": 31, "G": 32, "R": 33}
_SEATS = {"<": ClaimedFrom.LEFT, "^": ClaimedFrom.ACROSS, ">": ClaimedFrom.RIGHT}
_NUM_KINDS = 42
_SITUATION = re.compile(r"[a-z][a-z0-9_]*\Z")
_EXPECTED_TILE = "a digit 1-9 or an honour letter (E S W N Wh G R)"


def _place(i: int) -> str:
    return f"char {i + 1}"


def _is_space(ch: str) -> bool:
    return ch in " \t\r\n"


# --------------------------------------------------------------------------- tiles


def _scan_tiles(s: str, i: int, stops: str, source: str | None) -> tuple[list[tuple[int, int]], int]:
    """Read tiles from ``s[i:]`` up to whitespace, the end or a character in ``stops``.

    Returns (kind, position) pairs in written order and the index after them.
    """
    out: list[tuple[int, int]] = []
    n = len(s)
    while i < n and not _is_space(s[i]) and s[i] not in stops:
        ch = s[i]
        if ch.isdigit() and ch.isascii():
            start = i
            while i < n and s[i].isdigit() and s[i].isascii():
                i += 1
            if i >= n or s[i] not in _SUITS:
                got = "the end" if i >= n else repr(s[i])
                raise NotationError(
                    f"expected a suit letter (m p s z f y) after {s[start:i]!r}, got {got}",
                    source=source,
                    place=_place(i),
                )
            suit = s[i]
            first, size = _SUITS[suit]
            for j in range(start, i):
                digit = int(s[j])
                if not 1 <= digit <= size:
                    raise NotationError(
                        f"expected digits 1-{size} before {suit!r} ({_SUIT_NAMES[suit]}), got {digit}{suit}",
                        source=source,
                        place=_place(j),
                    )
                out.append((first + digit - 1, j))
            i += 1
        elif ch in HONOUR_LETTERS:
            if ch == "W" and i + 1 < n and s[i + 1] == "h":
                out.append((HONOUR_LETTERS["Wh"], i))
                i += 2
            else:
                out.append((HONOUR_LETTERS[ch], i))
                i += 1
        elif ch in "+[(!":
            raise NotationError(
                f"expected {_EXPECTED_TILE}, or a space before {ch!r}, which starts a new token",
                source=source,
                place=_place(i),
            )
        else:
            raise NotationError(f"expected {_EXPECTED_TILE}, got {ch!r}", source=source, place=_place(i))
    return out, i


def parse_tiles(s: str, source: str | None = "<argument>") -> tuple[int, ...]:
    """Tile kinds written in ``s`` (e.g. ``"123m45p EE"``), in written order.

    Spaces between groups are allowed.  Copies are not limited here: this is
    the notation for any bag of tiles (a wall, a discard pond).

    :raises NotationError: naming the character and what was expected there.
    """
    if not isinstance(s, str):
        raise NotationError(f"expected a string of tiles, got {type(s).__name__}", source=source, place=None)
    out: list[int] = []
    i = 0
    while i < len(s):
        if _is_space(s[i]):
            i += 1
            continue
        found, i = _scan_tiles(s, i, "", source)
        out.extend(kind for kind, _ in found)
    return tuple(out)


def format_tiles(tiles: Iterable[int]) -> str:
    """Canonical text of a bag of tiles: sorted, each suit written once (m p s z f y).

    :raises NotationError: for a kind without a notation (outside 0..41).
    """
    kinds = sorted(tiles)
    for kind in kinds:
        if not isinstance(kind, int) or not 0 <= kind < _NUM_KINDS:
            raise NotationError(f"tile kind {kind!r} has no notation; expected 0..41", place="tiles")
    parts: list[str] = []
    i = 0
    while i < len(kinds):
        suit, first = _SUIT_OF_KIND[kinds[i]]
        digits = []
        while i < len(kinds) and _SUIT_OF_KIND[kinds[i]][0] == suit:
            digits.append(str(kinds[i] - first + 1))
            i += 1
        parts.append("".join(digits) + suit)
    return "".join(parts)


def glyphs(tiles: Iterable[int]) -> str:
    """The tiles as Unicode mahjong glyphs, in the given order.

    :raises NotationError: for an unknown kind.
    """
    out = []
    for kind in tiles:
        if not isinstance(kind, int) or not 0 <= kind < len(KINDS):
            raise NotationError(f"unknown tile kind {kind!r}", place="tiles")
        out.append(KINDS[kind].glyph)
    return "".join(out)


# --------------------------------------------------------------------------- melds


def meld_from_tiles(
    tiles: Sequence[int],
    *,
    exposed: bool,
    claimed_from: ClaimedFrom | None = None,
    added: bool = False,
    source: str | None = None,
    place: str | None = None,
) -> Meld:
    """A declared meld (chow, pung or kong) recognised from its tiles.

    :raises HandError: when the tiles are no chow, pung or kong, for a chow
        claimed from anyone but the left, an added or concealed non-kong, or
        a concealed meld that names a seat.
    """
    kinds = tuple(sorted(tiles))
    printable = all(isinstance(k, int) and 0 <= k < _NUM_KINDS for k in kinds)
    text = "no tiles" if not kinds else format_tiles(kinds) if printable else repr(kinds)
    if any(not isinstance(k, int) or not 0 <= k < NUM_PLAYING_KINDS for k in kinds):
        raise HandError(f"a meld holds playing tiles only, got {text}", source=source, place=place)
    if len(kinds) == 4 and len(set(kinds)) == 1:
        kind = MeldKind.KONG
    elif len(kinds) == 3 and len(set(kinds)) == 1:
        kind = MeldKind.PUNG
    elif len(kinds) == 3:
        a, b, c = kinds
        if not (c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2):
            raise HandError(
                f"{text} is neither a pung (three equal tiles) nor a chow (a run of three in one suit)",
                source=source,
                place=place,
            )
        kind = MeldKind.CHOW
    else:
        raise HandError(
            f"{text} is no meld: expected a chow or pung (3 tiles) or a kong (4 equal tiles)",
            source=source,
            place=place,
        )
    if added and kind is not MeldKind.KONG:
        raise HandError(f"only a kong can be an added kong, got {text}", source=source, place=place)
    if not exposed and (kind is not MeldKind.KONG or added or claimed_from is not None):
        raise HandError(f"only a kong can be declared concealed, with no seat; got {text}", source=source, place=place)
    if kind is MeldKind.CHOW and claimed_from is not None and not claimed_from.is_left:
        raise HandError(f"a chow can only be claimed from the left (<), got {text}", source=source, place=place)
    return Meld(kind, kinds, exposed=exposed, claimed_from=claimed_from, added=added)


def format_meld(meld: Meld) -> str:
    """``[777s<]``, ``[5555m+^]`` or ``(1111z)`` for a declared meld.

    :raises HandError: for a meld that cannot be declared (a concealed pung, a pair ...).
    """
    checked = meld_from_tiles(
        meld.tiles, exposed=meld.exposed, claimed_from=meld.claimed_from, added=meld.added, place="meld"
    )
    if checked != meld:
        raise HandError(f"{meld!r} does not match its tiles; expected {checked!r}", place="meld")
    if not meld.exposed:
        return f"({format_tiles(meld.tiles)})"
    mark = "" if meld.claimed_from is None else _seat_mark(meld.claimed_from)
    return f"[{format_tiles(meld.tiles)}{'+' if meld.added else ''}{mark}]"


def _seat_mark(source: ClaimedFrom) -> str:
    """``<`` the left, ``^`` across, ``>`` the right, at any table (at two seats the other player is the left)."""
    return "<" if source.is_left else "^" if source.is_across else ">"


# --------------------------------------------------------------------------- hands


def _scan_meld(s: str, i: int, source: str | None) -> tuple[Meld, list[tuple[int, int]], int]:
    """Read ``[...]`` or ``(...)`` starting at ``s[i]``."""
    opening = s[i]
    closing = "]" if opening == "[" else ")"
    stops = "+<^>])" if opening == "[" else ")]+<^>"
    found, j = _scan_tiles(s, i + 1, stops, source)
    added = False
    seat = None
    if opening == "[":
        if j < len(s) and s[j] == "+":
            added = True
            j += 1
        if j < len(s) and s[j] in _SEATS:
            seat = _SEATS[s[j]]
            j += 1
    if j >= len(s) or s[j] != closing:
        got = "the end" if j >= len(s) else repr(s[j])
        want = "'+', a seat (< ^ >) or ']'" if opening == "[" else "')'"
        if opening == "[" and added:
            want = "a seat (< ^ >) or ']'"
        elif opening == "[" and seat is not None:
            want = "']'"
        raise NotationError(f"expected {want} to close the meld, got {got}", source=source, place=_place(j))
    meld = meld_from_tiles(
        [k for k, _ in found], exposed=opening == "[", claimed_from=seat, added=added, source=source, place=_place(i)
    )
    return meld, found, j + 1


def _check_token_end(s: str, i: int, source: str | None) -> None:
    if i < len(s) and not _is_space(s[i]):
        raise NotationError(f"expected a space between tokens, got {s[i]!r}", source=source, place=_place(i))


def parse_hand(s: str, source: str = "<argument>") -> Hand:
    """Read a hand written in the notation above.

    :raises NotationError: when ``s`` does not follow the notation.
    :raises HandError: when it describes an impossible hand (fifth copy, bad meld).
    """
    if not isinstance(s, str):
        raise NotationError(f"expected a hand as a string, got {type(s).__name__}", source=source, place=None)
    concealed: list[tuple[int, int]] = []
    bonus: list[tuple[int, int]] = []
    melds: list[Meld] = []
    meld_tiles: list[tuple[int, int]] = []
    winning: tuple[int, int] | None = None
    situations: set[str] = set()
    i = 0
    n = len(s)
    while i < n:
        ch = s[i]
        if _is_space(ch):
            i += 1
            continue
        if ch in "[(":
            meld, found, i = _scan_meld(s, i, source)
            melds.append(meld)
            meld_tiles.extend(found)
        elif ch == "+":
            if winning is not None:
                raise NotationError("only one winning tile (+...) per hand", source=source, place=_place(i))
            found, j = _scan_tiles(s, i + 1, "", source)
            if len(found) != 1:
                raise NotationError(
                    f"expected exactly one winning tile after '+', got {len(found)}", source=source, place=_place(i)
                )
            winning = found[0]
            if winning[0] >= NUM_PLAYING_KINDS:
                raise HandError("a bonus tile cannot be the winning tile", source=source, place=_place(winning[1]))
            i = j
        elif ch == "!":
            j = i + 1
            while j < n and (s[j].isascii() and (s[j].isalnum() or s[j] == "_")):
                j += 1
            name = s[i + 1 : j]
            if not _SITUATION.match(name):
                raise NotationError(
                    "expected a snake_case situation name after '!' (e.g. !self_drawn)",
                    source=source,
                    place=_place(i + 1),
                )
            situations.add(name)
            i = j
        else:
            found, i = _scan_tiles(s, i, "", source)
            for kind, pos in found:
                (bonus if kind >= NUM_PLAYING_KINDS else concealed).append((kind, pos))
        _check_token_end(s, i, source)
    _check_copies(concealed + meld_tiles + ([winning] if winning else []) + bonus, source)
    return Hand(
        concealed=tuple(sorted(k for k, _ in concealed)),
        melds=tuple(melds),
        bonus=tuple(sorted(k for k, _ in bonus)),
        winning_tile=winning[0] if winning else None,
        situations=frozenset(situations),
    )


def _check_copies(tiles: Iterable[tuple[int, int]], source: str | None) -> None:
    """A fifth copy of a playing tile or a second of a bonus tile, located at that tile."""
    seen = [0] * _NUM_KINDS
    for kind, pos in sorted(tiles, key=lambda t: t[1]):
        seen[kind] += 1
        limit = 4 if kind < NUM_PLAYING_KINDS else 1
        if seen[kind] > limit:
            what = "fifth copy" if limit == 4 else "second copy"
            raise HandError(
                f"{what} of {KINDS[kind].code}: a hand can hold at most {limit} of each "
                f"{'playing' if limit == 4 else 'bonus'} tile",
                source=source,
                place=_place(pos) if pos >= 0 else "tiles",
            )


def format_hand(hand: Hand) -> str:
    """The canonical line for ``hand`` (see the module docstring for the order of tokens).

    :raises HandError: for a hand that :func:`check_hand` rejects.
    """
    check_hand(hand)
    tokens = []
    if hand.concealed:
        tokens.append(format_tiles(hand.concealed))
    tokens.extend(format_meld(meld) for meld in hand.melds)
    if hand.bonus:
        tokens.append(format_tiles(hand.bonus))
    if hand.winning_tile is not None:
        tokens.append("+" + format_tiles([hand.winning_tile]))
    tokens.extend("!" + name for name in sorted(hand.situations))
    return " ".join(tokens)


def check_hand(hand: Hand, source: str | None = None) -> None:
    """Check a :class:`Hand` built in code the way :func:`parse_hand` checks text.

    Tiles must be playing kinds in ``concealed``/melds/winning tile and bonus
    kinds in ``bonus``, sorted; melds must be declarable; no fifth copy of a
    playing tile, no second of a bonus tile; situations snake_case.

    :raises HandError: naming the field at fault.
    """
    if not isinstance(hand, Hand):
        raise HandError(f"expected a Hand, got {type(hand).__name__}", source=source)
    for name, tiles, low, high in (
        ("concealed", hand.concealed, 0, NUM_PLAYING_KINDS),
        ("bonus", hand.bonus, NUM_PLAYING_KINDS, _NUM_KINDS),
    ):
        for kind in tiles:
            if not isinstance(kind, int) or not low <= kind < high:
                raise HandError(f"{name} holds kinds {low}..{high - 1} only, got {kind!r}", source=source, place=name)
        if list(tiles) != sorted(tiles):
            raise HandError(f"{name} must be sorted", source=source, place=name)
    w = hand.winning_tile
    if w is not None and (not isinstance(w, int) or not 0 <= w < NUM_PLAYING_KINDS):
        raise HandError(f"the winning tile must be a playing kind, got {w!r}", source=source, place="winning_tile")
    for index, meld in enumerate(hand.melds):
        place = f"melds[{index}]"
        if not isinstance(meld, Meld):
            raise HandError(f"expected a Meld, got {type(meld).__name__}", source=source, place=place)
        checked = meld_from_tiles(
            meld.tiles,
            exposed=meld.exposed,
            claimed_from=meld.claimed_from,
            added=meld.added,
            source=source,
            place=place,
        )
        if checked != meld:
            raise HandError(f"{meld!r} does not match its tiles; expected {checked!r}", source=source, place=place)
    for name in hand.situations:
        if not (isinstance(name, str) and _SITUATION.match(name)):
            raise HandError(f"situation {name!r} is not a snake_case name", source=source, place="situations")
    everything = [(k, -1) for k in hand.all_tiles()] + [(k, -1) for k in hand.bonus]
    _check_copies(everything, source)


def check_tile_count(hand: Hand, expect: Sequence[int] = (13, 14), source: str | None = None) -> int:
    """Return the hand's tile count (a kong counts three) after checking it is one of ``expect``.

    :raises HandError: when the count is not expected.
    """
    count = hand.tile_count()
    if count not in expect:
        wanted = " or ".join(str(e) for e in expect)
        raise HandError(
            f"expected {wanted} tiles (a kong counts as three), got {count}", source=source, place="tile count"
        )
    return count
