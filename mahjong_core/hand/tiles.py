"""Tile kinds, tile groups and the physical tile set of a ruleset.

A tile *kind* is a small integer so that hands can be count vectors and the hot
paths (shanten, arrangements, the wall) stay arithmetic:

=========  ======================================  =====================
index      kinds                                   notation
=========  ======================================  =====================
0 - 8      characters (wan) 1-9                    ``1m`` .. ``9m``
9 - 17     dots (tung) 1-9                         ``1p`` .. ``9p``
18 - 26    bamboo (tiao) 1-9                       ``1s`` .. ``9s``
27 - 30    winds East, South, West, North          ``1z`` .. ``4z``
31 - 33    dragons white, green, red               ``5z`` .. ``7z``
34 - 37    flowers 1-4 (plum .. bamboo)            ``1f`` .. ``4f``
38 - 41    seasons 1-4 (spring .. winter)          ``1y`` .. ``4y``
42 -       a tile set's own kinds, numbered densely   (codes from the set:
           in that set: bonus groups beyond these,   ``1a`` animals,
           marked copies, then jokers                ``0p`` a red five,
                                                     ``1j`` a joker)
=========  ======================================  =====================

The order of the first 34 is the one used by most engines and by the riichi
reference calculator, so count vectors can be handed to oracles unchanged.

Which kinds a ruleset plays with, and how many copies of each, is data
(:func:`build_tiles`, a :class:`TileSet`): a 136-tile set is the suits and
honours four times, a 144-tile set adds the eight bonus tiles once.  A set may
keep only some ranks of a suit, add bonus groups (animals), count a playing
kind as a bonus tile (North in three-player rules), mark copies of a five that
play as that five and score apart (red fives), and hold jokers.  The kinds a
set adds beyond the standard 42 are numbered from 42 within that set, so no
list of kinds is shared between rulesets: two games with different sets run
side by side in one process.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from mahjong_core.errors import RulesetError

#: Number of the kinds that form hands (suits and honours).
NUM_PLAYING_KINDS = 34
#: Suit letters in index order.
SUITS = ("m", "p", "s")
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}

CHARACTERS = tuple(range(0, 9))
DOTS = tuple(range(9, 18))
BAMBOO = tuple(range(18, 27))
SUITED = CHARACTERS + DOTS + BAMBOO
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WINDS = (EAST, SOUTH, WEST, NORTH)
WHITE, GREEN, RED = 31, 32, 33
DRAGONS = (WHITE, GREEN, RED)
HONOURS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
#: Terminals and honours ("онёры" in the seeds).
TERMINALS_AND_HONOURS = TERMINALS + HONOURS
SIMPLES = tuple(t for t in SUITED if t not in TERMINALS)
FLOWERS = (34, 35, 36, 37)
SEASONS = (38, 39, 40, 41)
BONUS = FLOWERS + SEASONS
#: The all-green tiles: bamboo 2, 3, 4, 6, 8 and the green dragon.
GREENS = (19, 20, 21, 23, 25, GREEN)


@dataclass(frozen=True)
class KindInfo:
    """Display facts about one tile kind."""

    index: int
    code: str  # notation, e.g. "5p"
    name: str  # English name, e.g. "5 dots"
    glyph: str  # Unicode mahjong tile


_WIND_NAMES = ("East", "South", "West", "North")
_DRAGON_NAMES = ("white dragon", "green dragon", "red dragon")
_FLOWER_NAMES = ("plum", "orchid", "chrysanthemum", "bamboo flower")
_SEASON_NAMES = ("spring", "summer", "autumn", "winter")

# Unicode block "Mahjong Tiles" (U+1F000): winds E S W N, dragons red green white,
# characters 1-9, bamboo 1-9, dots 1-9, plum orchid bamboo chrysanthemum,
# spring summer autumn winter.
_GLYPH_BASE = 0x1F000


def _glyph(index: int) -> str:
    if index < 9:
        return chr(_GLYPH_BASE + 0x07 + index)
    if index < 18:
        return chr(_GLYPH_BASE + 0x19 + index - 9)
    if index < 27:
        return chr(_GLYPH_BASE + 0x10 + index - 18)
    if index < 31:
        return chr(_GLYPH_BASE + index - 27)
    if index < 34:
        return chr(_GLYPH_BASE + {WHITE: 0x06, GREEN: 0x05, RED: 0x04}[index])
    if index < 38:
        # The block orders flowers plum, orchid, bamboo, chrysanthemum.
        return chr(_GLYPH_BASE + 0x22 + (0, 1, 3, 2)[index - 34])
    return chr(_GLYPH_BASE + 0x26 + index - 38)


def _build_kinds() -> list[KindInfo]:
    kinds: list[KindInfo] = []
    for i in range(27):
        suit = SUITS[i // 9]
        kinds.append(KindInfo(i, f"{i % 9 + 1}{suit}", f"{i % 9 + 1} {SUIT_NAMES[suit]}", _glyph(i)))
    for i, name in enumerate(_WIND_NAMES + _DRAGON_NAMES):
        index = 27 + i
        label = f"{name} wind" if i < 4 else name
        kinds.append(KindInfo(index, f"{i + 1}z", label, _glyph(index)))
    for i, name in enumerate(_FLOWER_NAMES):
        kinds.append(KindInfo(34 + i, f"{i + 1}f", f"flower {i + 1} ({name})", _glyph(34 + i)))
    for i, name in enumerate(_SEASON_NAMES):
        kinds.append(KindInfo(38 + i, f"{i + 1}y", f"season {i + 1} ({name})", _glyph(38 + i)))
    return kinds


KINDS: list[KindInfo] = _build_kinds()

#: Named groups of kinds that ruleset data builds its tile set from.
TILE_GROUPS: dict[str, tuple[int, ...]] = {
    "characters": CHARACTERS,
    "dots": DOTS,
    "bamboo": BAMBOO,
    "winds": WINDS,
    "dragons": DRAGONS,
    "flowers": FLOWERS,
    "seasons": SEASONS,
}


def register_extra_kind(code: str, name: str, glyph: str, group: str) -> int:
    """Gone: a ruleset's extra kinds (jokers, animals, red fives) are its tile-set data, not a process-wide list.

    :raises RulesetError: always, saying where such kinds are declared now.
    """
    raise RulesetError(
        f"register_extra_kind({code!r}, ...) is gone: tile kinds are no longer registered for the whole process. "
        "Declare them in the ruleset's tile_set data instead: a bonus group ({group: animals, copies: 1}), "
        "jokers ({group: jokers, copies: 8}), marked copies ({marked: 5p, copies: 1}) or a playing kind "
        "counted as a bonus tile ({bonus: [4z]}); see docs/notation.rst, 'Tile sets'",
        place="register_extra_kind",
    )


def kind_code(index: int) -> str:
    """The kind's code in the notation (``5p``, ``1z``, ``3f``)."""
    return KINDS[index].code


def is_suited(index: int) -> bool:
    """Whether the kind is a suit tile (characters, dots or bamboo)."""
    return index < 27


def is_honour(index: int) -> bool:
    """Whether the kind is a wind or a dragon."""
    return 27 <= index < 34


def is_terminal(index: int) -> bool:
    """Whether the kind is a one or a nine of a suit."""
    return index < 27 and index % 9 in (0, 8)


def is_terminal_or_honour(index: int) -> bool:
    """Whether the kind is a terminal (a one or a nine) or an honour (a wind or a dragon)."""
    return is_terminal(index) or is_honour(index)


def is_simple(index: int) -> bool:
    """Whether the kind is a suit tile from two to eight."""
    return index < 27 and index % 9 not in (0, 8)


def is_bonus(index: int) -> bool:
    """Whether the kind is a flower or a season: a bonus tile of the standard set.  Which kinds a ruleset sets
    aside (animals, North in three-player rules) is its tile set's :meth:`TileSet.is_bonus`."""
    return 34 <= index < 42


def suit_of(index: int) -> str | None:
    """``"m"``, ``"p"`` or ``"s"`` for suited kinds, ``None`` otherwise."""
    return SUITS[index // 9] if index < 27 else None


def number_of(index: int) -> int | None:
    """Face number 1-9 of a suited kind, or the 1-4 number of a bonus tile."""
    if index < 27:
        return index % 9 + 1
    if 34 <= index < 42:
        return (index - 34) % 4 + 1
    return None


def bonus_seat(index: int) -> int:
    """Seat wind (0 = East .. 3 = North) that a bonus tile belongs to (000: 1 = East)."""
    return (index - 34) % 4


def build_tile_set(groups: Sequence[Mapping[str, object]]) -> tuple[int, ...]:
    """Physical tiles of a ruleset, sorted, from its ``tile_set`` data (:func:`build_tiles`).

    :raises RulesetError: as :func:`build_tiles` does.
    """
    return build_tiles(groups).tiles


def copies_in(tile_set: Iterable[int]) -> dict[int, int]:
    """How many copies of each kind a tile set holds (the cap a hand may not exceed)."""
    counts: dict[int, int] = {}
    for t in tile_set:
        counts[t] = counts.get(t, 0) + 1
    return counts


# --------------------------------------------------------------------------- tile sets as data

#: Bonus groups beyond flowers and seasons, each kind as (code, name, glyph).  Animals are the four of the
#: Singapore and Malaysian sets (cat, mouse, rooster, centipede); Unicode has no tile for them, so their glyph
#: is the animal's own character.  Faces (人头牌, "head tiles") are the four bonus faces of the Malaysian
#: three-player set, set aside like flowers; their glyph is a bust, the same for the four.  Emperors (皇) and
#: empresses (后) are the Vietnamese set's eight extra flowers, numbered 1-4 for the seats, and its flower joker
#: (花), which stands only for a flower and so is set aside as one; their glyph is their character.
EXTRA_BONUS_GROUPS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "animals": (("1a", "animal 1 (cat)", "\U0001F408"), ("2a", "animal 2 (mouse)", "\U0001F401"),
                ("3a", "animal 3 (rooster)", "\U0001F413"), ("4a", "animal 4 (centipede)", "\U0001F41B")),
    "faces": (("1h", "face 1", "\U0001F464"), ("2h", "face 2", "\U0001F464"), ("3h", "face 3", "\U0001F464"),
              ("4h", "face 4", "\U0001F464")),
    "emperors": tuple((f"{i}e", f"emperor {i}", "\u7687") for i in range(1, 5)),
    "empresses": tuple((f"{i}q", f"empress {i}", "\u540e") for i in range(1, 5)),
    "flower_jokers": (("1x", "flower joker", "\u82b1"),),
}
#: The code of a marked copy and the playing kind it plays as: sets mark fives only, and a red five is written
#: ``0`` and its suit, as the ``mahjong`` library prints one (``TilesConverter.to_one_line_string``,
#: ``print_aka_dora``).
MARKED_CODES: dict[str, int] = {f"0{suit}": 9 * i + 4 for i, suit in enumerate(SUITS)}
#: The one joker kind: Unicode's MAHJONG TILE JOKER (U+1F02A).
JOKER = ("1j", "joker", "\U0001F02A")
#: The frames a set's joker copies may be told apart by (``{group: jokers, frames: [rectangle, diamond, circle]}``:
#: the Vietnamese set's three copies of each joker), each with the letter of its copies' codes: the first frame's
#: copies are the jokers ``1j``-``9j``, a diamond-framed copy ``1d``-``9d``, a circle-framed one ``1c``-``9c``.  An
#: action names a framed joker ``ANY_JOKER + 9 * frame + type`` (:mod:`mahjong_core.hand.jokers`), by its place here.
JOKER_FRAMES: dict[str, str] = {"rectangle": "j", "diamond": "d", "circle": "c"}
#: Where a set names a playing kind by its code (a marked copy's kind, a playing kind counted as bonus).
_STANDARD_CODES = {info.code: info.index for info in KINDS}
_BONUS_GROUP_NAMES = ("flowers", "seasons")
_ENTRY_KEYS = {"group": ("group", "copies", "ranks", "kinds", "playing", "frames"), "marked": ("marked", "copies"),
               "bonus": ("bonus",)}


@dataclass(frozen=True)
class TileSet:
    """The tiles one ruleset plays with: its kinds, their copies, which are bonus tiles, marked copies, jokers.

    A tile is a kind index.  The 34 playing kinds and the eight flowers and seasons keep their standard index
    (plugins test them by :data:`FLOWERS`, :data:`SEASONS`, :func:`bonus_seat`); a set's own kinds follow
    from 42 in the set's order.  The hand algebra sees only playing kinds: ``plays_as`` maps every kind
    to the playing kind it counts as in a hand (a red five to its five) or to -1 (bonus tiles and jokers,
    which are held apart from the count vector).

    :param kinds: every kind of the set by index (``None`` for a standard index the set leaves out).
    :param tiles: the physical tiles, sorted.
    :param bonus: the kinds set aside as bonus tiles, including playing kinds the ruleset counts as bonus.
    :param plays_as: per kind index, the playing kind it counts as, or -1.
    :param marked: the marked kinds (a red five).
    :param jokers: the joker kinds.
    :param width: the length of a hand's count vector: the 34 playing kinds, or 38 or 42 where the set plays its
        flowers (and seasons) as ordinary tiles held in the hand (``{group: flowers, copies: 1, playing: true}``,
        as American card play does).  Every path of the hand algebra written for the 34 (shanten, jokers) is
        asked only of a set of width 34; a wider set's winning test is its plugin's (``mahjong_hand_complete``).
    :param framed: where the set tells its joker copies apart by their frames (``frames``), each copy in a frame
        after the first as ``(its kind, the joker kind it is a copy of, the frame's place in`` ``JOKER_FRAMES``
        ``)``: a joker kind of its own (among ``jokers``), which plays as that joker does and scores apart.
    """

    kinds: tuple[KindInfo | None, ...]
    tiles: tuple[int, ...]
    bonus: frozenset[int]
    plays_as: tuple[int, ...]
    marked: frozenset[int] = frozenset()
    jokers: frozenset[int] = frozenset()
    width: int = NUM_PLAYING_KINDS
    framed: tuple[tuple[int, int, int], ...] = ()

    @property
    def size(self) -> int:
        """One more than the highest kind index: the length of any per-kind table of this set."""
        return len(self.kinds)

    @property
    def standard(self) -> bool:
        """Whether every tile is a standard kind played as itself (the codes of every log before tile sets)."""
        return not (self.marked or self.jokers or self.size > len(KINDS) or self.width != NUM_PLAYING_KINDS
                    or any(kind < NUM_PLAYING_KINDS for kind in self.bonus))

    def code(self, kind: int) -> str:
        """The kind's code in the notation (``5p``, ``0p`` for a red five, ``1j``, ``1a``)."""
        info = self.kinds[kind] if 0 <= kind < len(self.kinds) else None
        return info.code if info is not None else KINDS[kind].code

    def codes(self) -> tuple[str, ...]:
        """Every index's code (a left-out standard kind keeps its standard code): a table the engine indexes."""
        return tuple(info.code if info is not None else KINDS[i].code for i, info in enumerate(self.kinds))

    def kind_of(self, code: str) -> int | None:
        """The kind a code names in this set, or ``None``."""
        return self._kinds_by_code.get(code)

    @functools.cached_property
    def _kinds_by_code(self) -> dict[str, int]:
        """:meth:`kind_of`'s answers, made once per set (a set is immutable): the set's first kind of each code,
        then a standard code the set does not name.  Asked at every logged discard where a plugin reads its tile
        (furiten's record), where walking the set's kinds cost a sixtieth of a random bots' riichi deal."""
        found = dict(_STANDARD_CODES)
        for info in reversed(self.kinds):
            if info is not None:
                found[info.code] = info.index
        return found

    def marked_of(self, kind: int) -> int:
        """The marked kind that plays as ``kind`` (the red five of a five).

        :raises KeyError: when the set marks no copy of ``kind``.
        """
        for marked in self.marked:
            if self.plays_as[marked] == kind:
                return marked
        raise KeyError(kind)

    def plain_joker(self, kind: int) -> int:
        """The joker kind a framed copy is a copy of (``1d`` -> ``1j``); any other kind itself."""
        for framed, plain, _ in self.framed:
            if framed == kind:
                return plain
        return kind

    def copies(self) -> dict[int, int]:
        """How many copies of each kind the set holds."""
        return copies_in(self.tiles)

    def held_copies(self) -> dict[int, int]:
        """How many copies of each kind a hand may hold: a marked copy counted as its kind (a hand's playing tiles
        are kinds; ``Hand.marked`` says which are marked)."""
        counts: dict[int, int] = {}
        for kind, n in self.copies().items():
            plays = self.plays_as[kind]
            key = plays if kind in self.marked else kind
            counts[key] = counts.get(key, 0) + n
        return counts

    def is_bonus(self, kind: int) -> bool:
        """Whether the kind is set aside as a bonus tile in this set."""
        return kind in self.bonus

    @property
    def extra_playing(self) -> bool:
        """Whether the set plays kinds beyond the 34 in the hand (flowers held, discarded and claimed)."""
        return self.width != NUM_PLAYING_KINDS


def _fail(message: str, place: str) -> RulesetError:
    return RulesetError(message, place=place)


def _positive(value: object, place: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise _fail(f"copies must be a positive integer, got {value!r}", place)
    return value


def _group_kinds(entry: Mapping[str, object], place: str) -> list[KindInfo]:
    """The kinds a ``{group: NAME, copies: N, ranks: [...]}`` entry adds, standard ones first."""
    name = entry.get("group")
    _frames(entry, place)  # frames are for jokers only
    if "kinds" in entry and name != "jokers":
        raise _fail(f"kinds is given for jokers only (several joker kinds, 1j-9j), not for {name!r}", f"{place}.kinds")
    if name in TILE_GROUPS:
        members = [KINDS[k] for k in TILE_GROUPS[str(name)]]
    elif name in EXTRA_BONUS_GROUPS:
        members = [KindInfo(-1, code, label, glyph) for code, label, glyph in EXTRA_BONUS_GROUPS[str(name)]]
    elif name == "jokers":
        members = [KindInfo(-1, *JOKER)]
        kinds = entry.get("kinds", 1)
        if isinstance(kinds, bool) or not isinstance(kinds, int) or not 1 <= kinds <= 9:
            raise _fail(f"kinds is the number of joker kinds, 1 to 9 (codes 1j-9j), got {kinds!r}", f"{place}.kinds")
        members = [KindInfo(-1, f"{i}j", f"joker {i}" if kinds > 1 else JOKER[1], JOKER[2])
                   for i in range(1, kinds + 1)]
        frames = _frames(entry, place)
        members += [KindInfo(-1, f"{info.code[:-1]}{JOKER_FRAMES[frame]}", f"{info.name} in a {frame} frame",
                             info.glyph) for frame in frames[1:] for info in list(members)]
    else:
        known = sorted([*TILE_GROUPS, *EXTRA_BONUS_GROUPS, "jokers"])
        raise _fail(f"unknown tile group {name!r}; expected one of {known}", f"{place}.group")
    ranks = entry.get("ranks")
    if ranks is None:
        return members
    if isinstance(ranks, str | bytes) or not isinstance(ranks, Sequence) or not ranks:
        raise _fail(f"ranks must be a non-empty list of ranks 1-{len(members)}, got {ranks!r}", f"{place}.ranks")
    kept: list[KindInfo] = []
    for i, rank in enumerate(ranks):
        if not isinstance(rank, int) or isinstance(rank, bool) or not 1 <= rank <= len(members):
            raise _fail(f"{name} has ranks 1-{len(members)}, got {rank!r}", f"{place}.ranks[{i}]")
        if members[rank - 1] in kept:
            raise _fail(f"rank {rank} of {name} is listed twice", f"{place}.ranks[{i}]")
        kept.append(members[rank - 1])
    return kept


def _frames(entry: Mapping[str, object], place: str) -> list[str]:
    """The frames a jokers entry tells its copies apart by (``frames: [rectangle, diamond, circle]``), the first
    ``JOKER_FRAMES``' first, each given once; ``[]`` where it names none.  Its copies are shared out evenly,
    the same number in each frame."""
    if "frames" not in entry:
        return []
    frames = entry["frames"]
    first = next(iter(JOKER_FRAMES))
    if entry.get("group") != "jokers":
        raise _fail(f"frames is given for jokers only, not for {entry.get('group')!r}", f"{place}.frames")
    if isinstance(frames, str | bytes) or not isinstance(frames, Sequence) or len(frames) < 2 \
            or any(not isinstance(f, str) or f not in JOKER_FRAMES for f in frames) \
            or len(set(frames)) != len(frames) or frames[0] != first:
        raise _fail(f"frames lists the frames of the jokers' copies, {first} (the plain codes, 1j) first and each "
                    f"once, from {list(JOKER_FRAMES)}; got {frames!r}", f"{place}.frames")
    copies = entry.get("copies")
    if isinstance(copies, int) and copies % len(frames):
        raise _fail(f"{copies} copies of each joker cannot be shared out evenly among {len(frames)} frames",
                    f"{place}.copies")
    return [str(f) for f in frames]


#: The groups whose kinds a set may play in the hand (``playing: true``): the flowers and seasons, whose standard
#: indices follow the 34 directly, so a hand's count vector only grows (to 38 or 42), never skips.
PLAYABLE_GROUPS = ("flowers", "seasons")


def _playing_flag(entry: Mapping[str, object], place: str) -> bool:
    """Whether a group entry plays its kinds in the hand (``playing: true``)."""
    if "playing" not in entry:
        return False
    flag = entry["playing"]
    if not isinstance(flag, bool):
        raise _fail(f"playing is true or false, got {flag!r}", f"{place}.playing")
    if flag and entry.get("group") not in PLAYABLE_GROUPS:
        raise _fail(f"playing: true is for {' and '.join(PLAYABLE_GROUPS)} only (tiles held in the hand beyond the "
                    f"suits and honours, as card play holds its flowers), not for {entry.get('group')!r}",
                    f"{place}.playing")
    return flag


def name_is_jokers(entry: Mapping[str, object]) -> bool:
    """Whether a tile_set entry is the jokers group."""
    return entry.get("group") == "jokers"


def build_tiles(entries: Sequence[Mapping[str, object]]) -> TileSet:
    """A ruleset's :class:`TileSet` from its ``tile_set`` data.

    Each entry is one of:

    * ``{group: NAME, copies: N}`` -- a group of kinds (``characters``, ``dots``, ``bamboo``, ``winds``,
      ``dragons``, ``flowers``, ``seasons``, ``animals``, ``jokers``), N copies of each; ``ranks: [1, 9]``
      keeps only those ranks of the group (a suit without 2-8); ``kinds: K`` gives jokers K kinds (``1j``-``Kj``),
      each standing for the kinds the ruleset's ``jokers.stands_for`` says (typed jokers); ``frames: [rectangle,
      diamond, circle]`` tells the jokers' copies apart by their frames, the copies shared out among them: the
      first frame's are ``1j``..., the others joker kinds of their own (``1d``, ``1c``: ``JOKER_FRAMES``) that
      play as their plain kind and score apart (``TileSet.framed``);
    * ``{marked: 5p, copies: N}`` -- N of the five's copies are marked (red fives, code ``0p``): they play
      as the five and a family may score them apart;
    * ``{bonus: [4z]}`` -- playing kinds of the set that this ruleset sets aside as bonus tiles.

    ``playing: true`` on the flowers or seasons group makes its kinds ordinary tiles held in the hand (American
    card play: drawn and kept, discarded, claimed, passed in an exchange) instead of bonus tiles set aside; the
    set's :attr:`TileSet.width` then reaches past the 34.

    :raises RulesetError: naming the entry (``$.tile_set[i]...``) for an unknown group, a kind given twice,
        zero copies, a marked copy of a kind the set does not hold or of anything but a five, more marked
        copies than the kind has, a bonus kind that is not a playing kind of the set, ``playing`` on a group
        other than flowers and seasons, or a flower both playing and named a bonus tile (at the bonus entry).
    """
    copies: dict[int, int] = {}
    extra: list[tuple[KindInfo, int]] = []  # a set's own kinds in its order, with their copies
    marked: list[tuple[int, int, int]] = []  # (playing kind, marked copies, entry index)
    counted_as_bonus: set[int] = set()
    jokers: list[tuple[KindInfo, int]] = []
    joker_place = ""
    playing: dict[int, str] = {}  # flowers and seasons played in the hand, each with the entry that said so
    bonus_named: list[tuple[int, str]] = []  # flowers and seasons a bonus entry names, with its place
    if isinstance(entries, str | bytes) or not isinstance(entries, Sequence):
        raise _fail(f"tile_set must be a list of entries, got {entries!r}", "$.tile_set")
    for i, entry in enumerate(entries):
        place = f"$.tile_set[{i}]"
        if not isinstance(entry, Mapping):
            raise _fail(f"a tile_set entry is a mapping, got {entry!r}", place)
        shape = next((key for key in _ENTRY_KEYS if key in entry), None)
        if shape is None:
            raise _fail("a tile_set entry names a group, a marked kind or bonus kinds "
                        "({group: ..., copies: N}, {marked: 5p, copies: N} or {bonus: [4z]})", place)
        for key in entry:
            if key not in _ENTRY_KEYS[shape]:
                raise _fail(f"unknown key {key!r} in a {shape} entry; expected some of {list(_ENTRY_KEYS[shape])}",
                            f"{place}.{key}")
        if shape == "group":
            n = _positive(entry.get("copies"), f"{place}.copies")
            plays = _playing_flag(entry, place)
            for info in _group_kinds(entry, place):
                if plays:
                    playing[info.index] = f"{place}.playing"
                if name_is_jokers(entry):
                    if any(known.code == info.code for known, _ in jokers):
                        raise _fail(f"{info.code} is in the tile set twice", place)
                    jokers.append((info, n // max(len(_frames(entry, place)), 1)))
                    joker_place = place
                elif info.index >= 0:
                    if info.index in copies:
                        raise _fail(f"{info.code} is in the tile set twice", place)
                    copies[info.index] = n
                elif any(known.code == info.code for known, _ in extra):
                    raise _fail(f"{info.code} is in the tile set twice", place)
                else:
                    extra.append((info, n))
        elif shape == "marked":
            code = entry.get("marked")
            kind = _STANDARD_CODES.get(code) if isinstance(code, str) else None
            if kind is None or kind >= 27 or kind % 9 != 4:
                raise _fail(f"marked copies are of a five of a suit (5m, 5p, 5s: red fives), got {code!r}",
                            f"{place}.marked")
            marked.append((kind, _positive(entry.get("copies"), f"{place}.copies"), i))
        else:
            named = entry.get("bonus")
            if isinstance(named, str | bytes) or not isinstance(named, Sequence) or not named:
                raise _fail(f"bonus is a non-empty list of playing kinds (e.g. [4z]), got {named!r}",
                            f"{place}.bonus")
            for j, code in enumerate(named):
                kind = _STANDARD_CODES.get(code) if isinstance(code, str) else None
                if kind is not None and kind in BONUS:
                    bonus_named.append((kind, f"{place}.bonus[{j}]"))
                    continue
                if kind is None or kind >= NUM_PLAYING_KINDS:
                    raise _fail(f"bonus names playing kinds the ruleset sets aside (e.g. 4z for North); {code!r} "
                                "is not one (flowers, seasons and animals are bonus tiles already)",
                                f"{place}.bonus[{j}]")
                counted_as_bonus.add(kind)
    for kind, where in bonus_named:
        if kind in playing:
            raise _fail(f"{KINDS[kind].code} is a playing tile here ({playing[kind]} is true), held in the hand, "
                        "so it cannot also be a bonus tile set aside: say one or the other", where)
        raise _fail(f"bonus names playing kinds the ruleset sets aside (e.g. 4z for North); {KINDS[kind].code!r} "
                    "is not one (flowers, seasons and animals are bonus tiles already)", where)
    for kind, _n, i in marked:
        if kind not in copies:
            raise _fail(f"{KINDS[kind].code} has marked copies but the tile set does not hold "
                        f"{KINDS[kind].code}", f"$.tile_set[{i}].marked")
    for kind in sorted(counted_as_bonus):
        if kind not in copies:
            raise _fail(f"{KINDS[kind].code} is counted as a bonus tile but the tile set does not hold it",
                        "$.tile_set")
        if any(m == kind for m, _, _ in marked):
            raise _fail(f"{KINDS[kind].code} has marked copies, so it plays as a playing tile and cannot also be "
                        "a bonus tile", "$.tile_set")
    infos: list[KindInfo | None] = [KINDS[k] if k in copies else None for k in range(len(KINDS))]
    plays_as = [k if (k < NUM_PLAYING_KINDS and k not in counted_as_bonus) or k in playing else -1
                for k in range(len(KINDS))]
    bonus = {k for k in copies if k >= NUM_PLAYING_KINDS and k not in playing} | counted_as_bonus
    width = max(playing, default=NUM_PLAYING_KINDS - 1) + 1
    for info, n in extra:
        index = len(infos)
        infos.append(KindInfo(index, info.code, info.name, info.glyph))
        plays_as.append(-1)
        bonus.add(index)
        copies[index] = n
    marked_kinds: set[int] = set()
    for kind, n, i in marked:
        if n >= copies[kind] + 1:
            raise _fail(f"{n} marked copies of {KINDS[kind].code}, but the set holds only {copies[kind]}",
                        f"$.tile_set[{i}].copies")
        index = len(infos)
        suit = SUITS[kind // 9]
        red = next(code for code, five in MARKED_CODES.items() if five == kind)
        infos.append(KindInfo(index, red, f"red 5 {SUIT_NAMES[suit]}", KINDS[kind].glyph))
        plays_as.append(kind)
        copies[kind] -= n
        copies[index] = n
        marked_kinds.add(index)
    joker_kinds: set[int] = set()
    by_code: dict[str, int] = {}
    framed: list[tuple[int, int, int]] = []
    letters = list(JOKER_FRAMES.values())
    for info, n in jokers:
        index = len(infos)
        infos.append(KindInfo(index, info.code, info.name, info.glyph))
        plays_as.append(-1)
        copies[index] = n
        joker_kinds.add(index)
        by_code[info.code] = index
        if info.code[-1] != letters[0]:  # a framed copy: a joker kind of its own, a copy of the plain one
            framed.append((index, by_code[info.code[:-1] + letters[0]], letters.index(info.code[-1])))
    if not any(k < NUM_PLAYING_KINDS and k not in counted_as_bonus for k in copies):
        raise _fail("the tile set holds no playing tile (suits, winds or dragons)", joker_place or "$.tile_set")
    tiles = tuple(sorted(k for k, n in copies.items() for _ in range(n) if n))
    return TileSet(tuple(infos), tiles, frozenset(bonus), tuple(plays_as), frozenset(marked_kinds),
                   frozenset(joker_kinds), width, tuple(framed))


#: The standard 136 tiles and the standard alphabet: the tile set of a log or hand that names none.
STANDARD_TILES: TileSet = build_tiles([{"group": g, "copies": 4} for g in ("characters", "dots", "bamboo", "winds",
                                                                            "dragons")]
                                      + [{"group": "flowers", "copies": 1}, {"group": "seasons", "copies": 1}])
