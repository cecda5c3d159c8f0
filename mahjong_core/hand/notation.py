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
                   claimed from the left.  At three seats no one is across;
                   at two the one other player is written ``<``
``[5555m^]``       exposed kong (four equal tiles in brackets)
``[5555m+^]``      added kong: a drawn tile added to the pung claimed from
                   across
``(1111z)``        concealed kong
``1f3y``           bonus tiles (a token of flowers and seasons only)
``*2j``            jokers declared: set aside among the bonus tiles by the
                   player's choice instead of played (read in a tile set
                   with jokers: Vietnamese jokers declared for Phán)
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
from dataclasses import replace

from mahjong_core.errors import HandError, NotationError
from mahjong_core.hand.melds import ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.tiles import JOKER, KINDS, NUM_PLAYING_KINDS, TileSet

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
#: Each seat mark's offset at a table of ``seats`` (:class:`ClaimedFrom`), where that seat exists.
_MARK_OFFSETS = {"<": lambda seats: seats - 1, ">": lambda seats: 1,
                 "^": lambda seats: seats // 2 if seats % 2 == 0 else None}
_NUM_KINDS = len(KINDS)
_SITUATION = re.compile(r"[a-z][a-z0-9_]*\Z")
_EXPECTED_TILE = "a digit 1-9, an honour letter (E S W N Wh G R) or a tile's Unicode glyph (\U0001F007)"
#: The Unicode block's glyphs (U+1F000-U+1F029), one tile each: what ``mahjong hand`` prints beside a hand reads
#: back as the hand.  A variation selector after one (an emoji's U+FE0F, text's U+FE0E) is passed over.
_GLYPH_KINDS: dict[str, int] = {info.glyph: info.index for info in KINDS}
_VARIATION_SELECTORS = "\ufe0e\ufe0f"


def _place(i: int) -> str:
    return f"char {i + 1}"


def _is_space(ch: str) -> bool:
    return ch in " \t\r\n"


# --------------------------------------------------------------------------- tiles


def _own_codes(tiles: TileSet | None) -> dict[str, int]:
    """The codes a tile set adds to the standard ones (``0p``, ``1a``, ``1j``), with their kinds."""
    if tiles is None:
        return {}
    return {info.code: info.index for info in tiles.kinds[len(KINDS):] if info is not None}


def _scan_tiles(s: str, i: int, stops: str, source: str | None,
                own: dict[str, int] | None = None) -> tuple[list[tuple[int, int]], int]:
    """Read tiles from ``s[i:]`` up to whitespace, the end or a character in ``stops``.

    Returns (kind, position) pairs in written order and the index after them.  ``own`` holds the codes a
    tile set adds (:func:`_own_codes`): a red five ``0p``, animals ``1a``, jokers ``1j``.
    """
    out: list[tuple[int, int]] = []
    n = len(s)
    letters = {code[-1] for code in own} if own else set()
    while i < n and not _is_space(s[i]) and s[i] not in stops:
        ch = s[i]
        if ch.isdigit() and ch.isascii():
            start = i
            while i < n and s[i].isdigit() and s[i].isascii():
                i += 1
            if i >= n or (s[i] not in _SUITS and s[i] not in letters):
                got = "the end" if i >= n else repr(s[i])
                known = " ".join([*_SUITS, *sorted(letters - set(_SUITS))])
                raise NotationError(
                    f"expected a suit letter ({known}) after {s[start:i]!r}, got {got}",
                    source=source,
                    place=_place(i),
                )
            suit = s[i]
            first, size = _SUITS.get(suit, (0, 0))
            for j in range(start, i):
                kind = own.get(s[j] + suit) if own else None
                if kind is not None:
                    out.append((kind, j))
                    continue
                digit = int(s[j])
                if not 1 <= digit <= size:
                    theirs = sorted(c for c in own if c[-1] == suit) if own else []
                    also = f" or {', '.join(theirs)} of this tile set" if theirs else ""
                    raise NotationError(
                        f"expected digits 1-{size} before {suit!r} ({_SUIT_NAMES[suit]}){also}, got {digit}{suit}"
                        if suit in _SUITS else f"expected {', '.join(theirs)}, got {digit}{suit}",
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
        elif ch in _GLYPH_KINDS:
            out.append((_GLYPH_KINDS[ch], i))
            i += 1
            if i < n and s[i] in _VARIATION_SELECTORS:
                i += 1
        elif ch in "+[(!*":
            raise NotationError(
                f"expected {_EXPECTED_TILE}, or a space before {ch!r}, which starts a new token",
                source=source,
                place=_place(i),
            )
        else:
            raise NotationError(f"expected {_EXPECTED_TILE}, got {ch!r}", source=source, place=_place(i))
    return out, i


def parse_tiles(s: str, source: str | None = "<argument>", tiles: TileSet | None = None) -> tuple[int, ...]:
    """Tile kinds written in ``s`` (e.g. ``"123m45p EE"``), in written order.

    Spaces between groups are allowed.  Copies are not limited here: this is
    the notation for any bag of tiles (a wall, a discard pond).  With ``tiles``,
    the codes the set adds (``0p``, ``1a``, ``1j``) are read as its kinds.

    :raises NotationError: naming the character and what was expected there.
    """
    if not isinstance(s, str):
        raise NotationError(f"expected a string of tiles, got {type(s).__name__}", source=source, place=None)
    out: list[int] = []
    own = _own_codes(tiles)
    i = 0
    while i < len(s):
        if _is_space(s[i]):
            i += 1
            continue
        found, i = _scan_tiles(s, i, "", source, own)
        out.extend(kind for kind, _ in found)
    return tuple(out)


def format_tiles(tiles: Iterable[int], tile_set: TileSet | None = None) -> str:
    """Canonical text of a bag of tiles: sorted, each suit written once (m p s z f y).

    With ``tile_set``, its own kinds too: a red five after the plain fives of its suit (``4506p``), then the
    set's other kinds by their letters (``12a``, ``11j``).

    :raises NotationError: for a kind without a notation (outside 0..41, or outside the tile set).
    """
    if tile_set is not None and tile_set.size > len(KINDS):
        return _format_own(list(tiles), tile_set)
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


def _format_own(kinds: list[int], tile_set: TileSet) -> str:
    """:func:`format_tiles` for a tile set with kinds of its own."""
    def order(kind: int) -> float:
        plays = tile_set.plays_as[kind]
        if kind < len(KINDS):
            return kind
        return plays + 0.5 if plays >= 0 else 100 + kind

    for kind in kinds:
        if not isinstance(kind, int) or not 0 <= kind < tile_set.size:
            raise NotationError(f"tile kind {kind!r} has no notation; expected 0..{tile_set.size - 1}", place="tiles")
    parts: list[str] = []
    for kind in sorted(kinds, key=order):
        code = tile_set.code(kind)
        if parts and parts[-1][-1] == code[-1]:
            parts[-1] = parts[-1][:-1] + code
        else:
            parts.append(code)
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
    if checked != _without_jokers(meld):
        raise HandError(f"{meld!r} does not match its tiles; expected {checked!r}", place="meld")
    body = format_tiles(meld.tiles)
    if meld.jokers and meld.kind is MeldKind.CHOW:  # a chow's joker (1j) in the place of the kind it stands for
        _check_meld_jokers(meld, None, "meld")
        wild, body, run = list(meld.jokers), "", list[int]()
        for kind in meld.tiles:
            if kind in wild:
                wild.remove(kind)
                body += (format_tiles(run) if run else "") + JOKER[0]
                run = []
            else:
                run.append(kind)
        body += format_tiles(run) if run else ""
    elif meld.jokers:  # the playing tiles, then a joker (1j) for each tile one stands for
        _check_meld_jokers(meld, None, "meld")
        body = format_tiles(meld.tiles[len(meld.jokers):]) + JOKER[0][0] * len(meld.jokers) + JOKER[0][1:]
    if not meld.exposed:
        return f"({body})"
    mark = "" if meld.claimed_from is None else _seat_mark(meld.claimed_from)
    return f"[{body}{'+' if meld.added else ''}{mark}]"


def _seat_mark(source: ClaimedFrom) -> str:
    """``<`` the left, ``^`` across, ``>`` the right, at any table (at two seats the other player is the left)."""
    return "<" if source.is_left else "^" if source.is_across else ">"


# --------------------------------------------------------------------------- hands


def _claimed_from(mark: str, seats: int, source: str | None, at: int) -> ClaimedFrom:
    """The source a seat mark names at a table of ``seats`` (``<`` at three seats is offset 2)."""
    if seats == 4:
        return _SEATS[mark]
    offset = _MARK_OFFSETS[mark](seats)
    if offset is None:
        raise HandError(f"no seat is across (^) at a table of {seats}; expected < (the left) or > (the right)",
                        source=source, place=_place(at))
    return ClaimedFrom(offset, seats)


def _scan_meld(s: str, i: int, source: str | None, tiles: TileSet | None = None,
               own: dict[str, int] | None = None, seats: int = 4) -> tuple[Meld, list[tuple[int, int]], int]:
    """Read ``[...]`` or ``(...)`` starting at ``s[i]``; a marked copy in it is read as its kind (the pairs
    returned keep the marked kind); a seat mark names a seat of a table of ``seats``."""
    opening = s[i]
    closing = "]" if opening == "[" else ")"
    stops = "+<^>])" if opening == "[" else ")]+<^>"
    found, j = _scan_tiles(s, i + 1, stops, source, own)
    added = False
    seat = None
    if opening == "[":
        if j < len(s) and s[j] == "+":
            added = True
            j += 1
        if j < len(s) and s[j] in _SEATS:
            seat = _claimed_from(s[j], seats, source, j)
            j += 1
    if j >= len(s) or s[j] != closing:
        got = "the end" if j >= len(s) else repr(s[j])
        want = "'+', a seat (< ^ >) or ']'" if opening == "[" else "')'"
        if opening == "[" and added:
            want = "a seat (< ^ >) or ']'"
        elif opening == "[" and seat is not None:
            want = "']'"
        raise NotationError(f"expected {want} to close the meld, got {got}", source=source, place=_place(j))
    kinds = [k for k, _ in found]
    wild = 0
    if tiles is not None and own:
        for pos, (k, _) in enumerate(found):
            kinds[pos] = tiles.plays_as[k] if tiles.plays_as[k] >= 0 else k
        wild = sum(1 for k, _ in found if k in tiles.jokers)
    if wild:  # [55p1j<]: a pung of 5p, one of its tiles a joker standing for 5p
        assert tiles is not None  # jokers are read only in a tile set's codes
        natural = [tiles.plays_as[k] for k, _ in found if k not in tiles.jokers]
        run = _joker_run(found, tiles) if len(set(natural)) > 1 else None
        if run is None and len(set(natural)) != 1:
            at = next(at for k, at in found if k in tiles.jokers)
            raise HandError("a joker in a meld stands for the kind of its pung or kong, or for its place in a "
                            "chow: write a pung's playing tiles, of one kind, beside it, as [55p1j<], a chow's "
                            "joker in its place, as [5p1j7p<]", source=source, place=_place(at))
        kinds = natural + [natural[0]] * wild if run is None else list(run)
    meld = meld_from_tiles(kinds, exposed=opening == "[", claimed_from=seat, added=added, source=source,
                           place=_place(i))
    if wild:
        if meld.kind is MeldKind.CHOW:
            assert tiles is not None and run is not None  # a chow's jokers are read in its run above
            stood = tuple(sorted(kind for kind, (k, _) in zip(run, found, strict=True) if k in tiles.jokers))
            return replace(meld, jokers=stood), found, j + 1
        if meld.kind not in (MeldKind.PUNG, MeldKind.KONG):
            raise HandError("a joker stands in a pung, a kong or a chow only", source=source, place=_place(i))
        meld = replace(meld, jokers=(meld.tiles[0],) * wild)
    return meld, found, j + 1


def _joker_run(found: list[tuple[int, int]], tiles: TileSet) -> tuple[int, ...] | None:
    """The run three tiles written in order name, a joker in the place of the kind it stands for
    (``5p1j7p``: 5p 6p 7p), or ``None`` where they name no run of one suit."""
    if len(found) != 3:
        return None
    at, first = next((pos, tiles.plays_as[k]) for pos, (k, _) in enumerate(found) if k not in tiles.jokers)
    start = first - at
    if not (0 <= start < 27 and first < 27 and start % 9 <= 6 and start // 9 == first // 9):
        return None
    run = (start, start + 1, start + 2)
    if any(k not in tiles.jokers and tiles.plays_as[k] != kind for kind, (k, _) in zip(run, found, strict=True)):
        return None
    return run


def _check_token_end(s: str, i: int, source: str | None) -> None:
    if i < len(s) and not _is_space(s[i]):
        raise NotationError(f"expected a space between tokens, got {s[i]!r}", source=source, place=_place(i))


def parse_hand(s: str, source: str = "<argument>", tiles: TileSet | None = None, seats: int = 4) -> Hand:
    """Read a hand written in the notation above.

    With ``tiles`` (a ruleset's tile set) the hand is read in that set: its own codes (a red five ``0p``,
    animals ``1a``, jokers ``1j``), its bonus kinds set aside (North, where the set counts it as bonus), and
    no kind more often than the set holds it.  ``seats`` is the table's: a meld's ``<`` is the previous player
    of that many (offset 2 at three seats), and at three seats no one is across.

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
    own = _own_codes(tiles)
    i = 0
    n = len(s)
    while i < n:
        ch = s[i]
        if _is_space(ch):
            i += 1
            continue
        if ch in "[(":
            meld, found, i = _scan_meld(s, i, source, tiles, own, seats)
            melds.append(meld)
            meld_tiles.extend(found)
        elif ch == "+":
            if winning is not None:
                raise NotationError("only one winning tile (+...) per hand", source=source, place=_place(i))
            found, j = _scan_tiles(s, i + 1, "", source, own)
            if len(found) != 1:
                raise NotationError(
                    f"expected exactly one winning tile after '+', got {len(found)}", source=source, place=_place(i)
                )
            winning = found[0]
            if _plays_as(winning[0], tiles) < 0:
                what = "a joker" if tiles is not None and winning[0] in tiles.jokers else "a bonus tile"
                raise HandError(f"{what} cannot be the winning tile", source=source, place=_place(winning[1]))
            i = j
        elif ch == "*":
            found, i = _scan_declared(s, i, source, tiles, own)
            bonus.extend(found)
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
            found, i = _scan_tiles(s, i, "", source, own)
            for kind, pos in found:
                (bonus if _is_bonus(kind, tiles) else concealed).append((kind, pos))
        _check_token_end(s, i, source)
    _check_copies(concealed + meld_tiles + ([winning] if winning else []) + bonus, source, tiles)
    if tiles is None or not own:
        return Hand(
            concealed=tuple(sorted(k for k, _ in concealed)),
            melds=tuple(melds),
            bonus=tuple(sorted(k for k, _ in bonus)),
            winning_tile=winning[0] if winning else None,
            situations=frozenset(situations),
        )
    plays = tiles.plays_as
    marked = [plays[k] for k, _ in concealed + meld_tiles + ([winning] if winning else []) if k in tiles.marked]
    return Hand(
        concealed=tuple(sorted(plays[k] for k, _ in concealed if k not in tiles.jokers)),
        melds=tuple(melds),
        bonus=tuple(sorted(k for k, _ in bonus)),
        winning_tile=plays[winning[0]] if winning else None,
        situations=frozenset(situations),
        marked=tuple(sorted(marked)),
        jokers=sum(1 for k, _ in concealed if k in tiles.jokers),
    )


def _scan_declared(s: str, i: int, source: str | None, tiles: TileSet | None,
                   own: dict[str, int]) -> tuple[list[tuple[int, int]], int]:
    """A token of jokers declared (``*2j``, ``*17j``): each a joker of the tile set, set aside with the bonus tiles.

    :raises NotationError: where no tile follows the ``*``.
    :raises HandError: where the hand is read without a tile set that has jokers, or a tile named is no joker.
    """
    if tiles is None or not tiles.jokers:
        raise HandError("a declared joker (*2j) is read in a tile set with jokers: give the ruleset", source=source,
                        place=_place(i))
    found, j = _scan_tiles(s, i + 1, "", source, own)
    if not found:
        raise NotationError("expected a joker after '*' (a declared joker, e.g. *2j)", source=source,
                            place=_place(i + 1))
    for kind, pos in found:
        if kind not in tiles.jokers:
            raise HandError(f"only a joker is declared with '*', got {tiles.code(kind)}", source=source,
                            place=_place(pos))
    return found, j


def _plays_as(kind: int, tiles: TileSet | None) -> int:
    """The playing kind a kind is held as: itself for the standard kinds, -1 for bonus tiles and jokers."""
    if tiles is None:
        return kind if kind < NUM_PLAYING_KINDS else -1
    return tiles.plays_as[kind] if 0 <= kind < tiles.size else -1


def _is_bonus(kind: int, tiles: TileSet | None) -> bool:
    return kind >= NUM_PLAYING_KINDS if tiles is None else tiles.is_bonus(kind)


def _check_copies(tiles: Iterable[tuple[int, int]], source: str | None, tile_set: TileSet | None = None) -> None:
    """A fifth copy of a playing tile or a second of a bonus tile (or, in a tile set, a copy more than the set
    holds), located at that tile."""
    seen: dict[int, int] = {}
    copies = tile_set.copies() if tile_set is not None else None
    for kind, pos in sorted(tiles, key=lambda t: t[1]):
        seen[kind] = seen.get(kind, 0) + 1
        if copies is not None:
            limit = copies.get(kind, 0)
            if seen[kind] > limit:
                code = tile_set.code(kind) if tile_set is not None else str(kind)
                raise HandError(
                    f"{code} is not in this tile set" if not limit
                    else f"one {code} too many: the tile set holds {limit}",
                    source=source, place=_place(pos) if pos >= 0 else "tiles")
            continue
        # A flower or season is single; a set's own kind (an animal, a flower joker) has the copies its set
        # gives it, which only a check given the tile set can bound (above): here it is bounded as a playing tile.
        limit = 4 if kind < NUM_PLAYING_KINDS or kind >= len(KINDS) else 1
        if seen[kind] > limit:
            what = "fifth copy" if limit == 4 else "second copy"
            raise HandError(
                f"{what} of {KINDS[kind].code if kind < len(KINDS) else kind}: a hand can hold at most {limit} "
                f"of each {'playing' if limit == 4 else 'bonus'} tile",
                source=source,
                place=_place(pos) if pos >= 0 else "tiles",
            )


def format_hand(hand: Hand, tiles: TileSet | None = None) -> str:
    """The canonical line for ``hand`` (see the module docstring for the order of tokens).

    With ``tiles``, in that tile set's codes: a hand's marked copies (red fives) are printed where its kind
    first appears -- the concealed tiles, then the melds in order, then the winning tile -- and its jokers,
    set aside until their play exists, with the bonus tiles; ``parse_hand(format_hand(h, t), tiles=t) == h``.

    :raises HandError: for a hand that :func:`check_hand` rejects.
    """
    check_hand(hand, tiles=tiles)
    if hand.marked or hand.jokers:
        return _format_own_hand(hand, tiles)
    tokens = []
    if hand.concealed:
        tokens.append(format_tiles(hand.concealed))
    tokens.extend(format_meld(meld) for meld in hand.melds)
    tokens.extend(_bonus_tokens(hand.bonus, [], tiles))
    if hand.winning_tile is not None:
        tokens.append("+" + format_tiles([hand.winning_tile]))
    tokens.extend("!" + name for name in sorted(hand.situations))
    return " ".join(tokens)


def _format_own_hand(hand: Hand, tiles: TileSet | None) -> str:
    """:func:`format_hand` of a hand with marked copies or jokers, which only a tile set can name."""
    if tiles is None:
        raise HandError("a hand with marked copies or jokers is written in its tile set's codes; give the tile set",
                        place="tiles")
    marked = list(hand.marked)

    def mark(kinds: Sequence[int]) -> list[int]:
        out = list(kinds)
        for i, kind in enumerate(out):
            if kind in marked:
                marked.remove(kind)
                out[i] = tiles.marked_of(kind)
        return out

    tokens = []
    concealed = mark(hand.concealed)
    if concealed:
        tokens.append(format_tiles(concealed, tiles))
    for meld in hand.melds:
        text = format_meld(meld)
        if any(kind in marked for kind in meld.tiles):
            body = format_tiles(mark(meld.tiles), tiles)
            opening, closing = text[0], text[-1]
            text = opening + body + text[1 + len(format_tiles(meld.tiles)):-1] + closing
        tokens.append(text)
    tokens.extend(_bonus_tokens(hand.bonus, [min(tiles.jokers)] * hand.jokers if hand.jokers else [], tiles))
    if hand.winning_tile is not None:
        tokens.append("+" + format_tiles(mark([hand.winning_tile]), tiles))
    tokens.extend("!" + name for name in sorted(hand.situations))
    return " ".join(tokens)


def _bonus_tokens(bonus: Sequence[int], held: Sequence[int], tiles: TileSet | None) -> list[str]:
    """The bonus tiles with the jokers set aside beside the hand (``held``), then the jokers declared (``*2j``): a
    joker among a hand's bonus tiles is one its player declared."""
    declared = [k for k in bonus if tiles is not None and k in tiles.jokers]
    plain = [*(k for k in bonus if k not in declared), *held]
    return ([format_tiles(plain, tiles)] if plain else []) + (["*" + format_tiles(declared, tiles)] if declared else [])


def check_hand(hand: Hand, source: str | None = None, tiles: TileSet | None = None) -> None:
    """Check a :class:`Hand` built in code the way :func:`parse_hand` checks text.

    Tiles must be playing kinds in ``concealed``/melds/winning tile and bonus
    kinds in ``bonus`` (any kind a ruleset sets aside: a flower, an animal,
    North in three-player rules; with ``tiles``, the set's bonus kinds), sorted;
    ``marked`` names fives the hand holds; melds must be declarable; no fifth
    copy of a playing tile, no second of a bonus tile (with ``tiles``: no copy
    more than the set holds); situations snake_case.

    :raises HandError: naming the field at fault.
    """
    if tiles is None and _plainly_valid(hand):
        return
    if not isinstance(hand, Hand):
        raise HandError(f"expected a Hand, got {type(hand).__name__}", source=source)
    for kind in hand.concealed:
        if not isinstance(kind, int) or not 0 <= kind < NUM_PLAYING_KINDS:
            raise HandError(f"concealed holds playing kinds 0..{NUM_PLAYING_KINDS - 1} only, got {kind!r}",
                            source=source, place="concealed")
    for kind in hand.bonus:
        if tiles is not None and not (isinstance(kind, int) and (tiles.is_bonus(kind) or kind in tiles.jokers)):
            raise HandError(f"bonus holds the tile set's bonus kinds (and jokers declared) only, got {kind!r}",
                            source=source, place="bonus")
        if not isinstance(kind, int) or isinstance(kind, bool) or kind < 0:
            raise HandError(f"bonus holds tile kinds, got {kind!r}", source=source, place="bonus")
    for name, kinds in (("concealed", hand.concealed), ("bonus", hand.bonus)):
        if list(kinds) != sorted(kinds):
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
        if checked != _without_jokers(meld):
            raise HandError(f"{meld!r} does not match its tiles; expected {checked!r}", source=source, place=place)
        if meld.jokers:
            _check_meld_jokers(meld, source, place)
        elif type(meld) is Meld:
            if len(_DECLARABLE) >= 4096:
                _DECLARABLE.clear()
            _DECLARABLE.add(meld)
    for name in hand.situations:
        if not (isinstance(name, str) and _SITUATION.match(name)):
            raise HandError(f"situation {name!r} is not a snake_case name", source=source, place="situations")
    if hand.marked or hand.jokers:
        _check_marked(hand, source, tiles)
    everything = [(k, -1) for k in hand.all_tiles()] + [(k, -1) for k in hand.bonus]
    if tiles is not None and hand.marked:
        left = list(hand.marked)
        for i, (k, _) in enumerate(everything):
            if k in left and i < len(everything) - len(hand.bonus):
                left.remove(k)
                everything[i] = (tiles.marked_of(k), -1)
    # A joker held or standing for a kind is counted as the set's joker; where the set has several joker kinds
    # (typed jokers, each copy of its own in a frame) the hand does not say which, so they are counted together.
    several = tiles is not None and len(tiles.jokers) > 1
    unnamed = hand.jokers if several else 0
    if tiles is not None and hand.jokers and not several:
        everything += [(min(tiles.jokers), -1)] * hand.jokers
    stood = [*hand.wild, *(k for meld in hand.melds for k in meld.jokers)]
    for kind in stood:  # a joker standing for a kind is a joker, not a copy of the kind
        if (kind, -1) not in everything:
            raise HandError(f"wild names a kind the hand does not hold: {kind!r}", source=source, place="wild")
        everything.remove((kind, -1))
        if several:
            unnamed += 1
        elif tiles is not None:
            everything.append((min(tiles.jokers), -1))
    _check_copies(everything, source, tiles)
    if unnamed and tiles is not None:
        spare = sum(n for k, n in tiles.copies().items() if k in tiles.jokers) - sum(
            1 for k, _ in everything if k in tiles.jokers)
        if unnamed > spare:
            raise HandError(f"{unnamed} jokers held or standing for kinds, but the tile set has {spare} left",
                            source=source, place="jokers")


#: Declared melds :func:`check_hand` has found declarable, each without jokers (a meld is a value: the few a game
#: declares recur in every hand scored after), so that :func:`_plainly_valid` need not rebuild them.
_DECLARABLE: set[Meld] = set()
#: How many copies of each standard kind a hand may hold: four of a playing tile, one of a flower or season.
_STANDARD_CAPS = tuple(4 if kind < NUM_PLAYING_KINDS else 1 for kind in range(len(KINDS)))


def _plainly_valid(hand: Hand) -> bool:
    """Whether ``hand`` is certainly one :func:`check_hand` accepts without a tile set, in one pass.

    Nearly every hand checked is one the engine built a moment before (every candidate win a family scores goes
    through :func:`~mahjong_core.hand.arrangements.arrangements`): a :class:`Hand` of sorted tuples of plain
    ``int`` kinds in range, melds already found declarable, marked copies (red fives) of kinds it holds, no
    jokers, wild kinds or situations, and no kind held more often than a hand may.  Anything else -- unusual
    types included -- answers False and gets the full checks, which then raise exactly as they always have.
    """
    if type(hand) is not Hand or hand.situations or hand.jokers or hand.wild:
        return False
    concealed, melds, bonus, winning, marked = hand.concealed, hand.melds, hand.bonus, hand.winning_tile, hand.marked
    if type(concealed) is not tuple or type(melds) is not tuple or type(bonus) is not tuple \
            or type(marked) is not tuple:
        return False
    held = [0] * NUM_PLAYING_KINDS
    last = 0
    for tile in concealed:
        if type(tile) is not int or not last <= tile < NUM_PLAYING_KINDS:
            return False
        held[tile] += 1
        last = tile
    if winning is not None:
        if type(winning) is not int or not 0 <= winning < NUM_PLAYING_KINDS:
            return False
        held[winning] += 1
    for meld in melds:
        if type(meld) is not Meld or meld not in _DECLARABLE:
            return False
        for tile in meld.tiles:
            held[tile] += 1
    if max(held) > 4:
        return False
    last = 0
    for kind in marked:  # sorted fives (any kind, without a tile set) of which the hand holds as many copies
        if type(kind) is not int or not last <= kind < NUM_PLAYING_KINDS or marked.count(kind) > held[kind]:
            return False
        last = kind
    last = NUM_PLAYING_KINDS
    caps = _STANDARD_CAPS
    for tile in bonus:  # sorted, and each kind at most once: a standard flower or season is single
        if type(tile) is not int or not last <= tile < len(caps):
            return False
        last = tile + 1
    return True


def _without_jokers(meld: Meld) -> Meld:
    return replace(meld, jokers=()) if meld.jokers else meld


def _check_meld_jokers(meld: Meld, source: str | None, place: str) -> None:
    """A meld's jokers stand for its own kind in a pung or a kong, leaving at least one playing tile; a chow holds
    one joker, for a kind of its run, beside two playing tiles (with one, ``[5p1j1j<]`` would not say which run
    it is: the notation reads it as a pung)."""
    if meld.kind is MeldKind.CHOW:
        wrong = len(meld.jokers) != 1 or meld.jokers[0] not in meld.tiles
    else:
        wrong = meld.kind not in (MeldKind.PUNG, MeldKind.KONG) or any(k != meld.tiles[0] for k in meld.jokers)
    if wrong or len(meld.jokers) >= len(meld.tiles):
        raise HandError(f"the jokers of {meld!r} must stand for the kind of its pung or kong, beside at least one "
                        "playing tile, or for one kind of its chow, beside two", source=source, place=f"{place}.jokers")


def _check_marked(hand: Hand, source: str | None, tiles: TileSet | None) -> None:
    """The marked copies are fives the hand holds (and the set marks); jokers a count the set allows."""
    held = list(hand.all_tiles())
    if list(hand.marked) != sorted(hand.marked):
        raise HandError("marked must be sorted", source=source, place="marked")
    for kind in hand.marked:
        if not isinstance(kind, int) or kind not in held:
            raise HandError(f"marked names the fives held as marked copies; the hand holds no more {kind!r}",
                            source=source, place="marked")
        held.remove(kind)
        if tiles is not None and all(tiles.plays_as[m] != kind for m in tiles.marked):
            raise HandError(f"the tile set marks no copy of {KINDS[kind].code}", source=source, place="marked")
    if not isinstance(hand.jokers, int) or isinstance(hand.jokers, bool) or hand.jokers < 0:
        raise HandError(f"jokers is a count of jokers, got {hand.jokers!r}", source=source, place="jokers")
    if hand.jokers and tiles is not None and not tiles.jokers:
        raise HandError("the tile set has no jokers", source=source, place="jokers")


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
