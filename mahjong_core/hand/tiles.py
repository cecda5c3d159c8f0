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
42 -       extra kinds registered by a ruleset     (their own code)
=========  ======================================  =====================

The order of the first 34 is the one used by most engines and by the riichi
reference calculator, so count vectors can be handed to oracles unchanged.

Which kinds a ruleset plays with, and how many copies of each, is data
(:func:`build_tile_set`): a 136-tile set is the suits and honours four times, a
144-tile set adds the eight bonus tiles once.  Jokers or other extra kinds are
added with :func:`register_extra_kind` and a group name, without touching this
module.
"""

from __future__ import annotations

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
    """Add a tile kind beyond the standard 42 (a joker, say) and return its index.

    Registering the same code twice returns the first index, so a plugin may be
    loaded more than once in a process.
    """
    for info in KINDS:
        if info.code == code:
            return info.index
    index = len(KINDS)
    KINDS.append(KindInfo(index, code, name, glyph))
    TILE_GROUPS[group] = TILE_GROUPS.get(group, ()) + (index,)
    return index


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
    """Whether the kind is a flower or a season."""
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
    """Physical tiles of a ruleset, sorted, from ``[{group: NAME, copies: N}, ...]``.

    :raises RulesetError: for an unknown group name or a bad copy count.
    """
    tiles: list[int] = []
    for i, entry in enumerate(groups):
        name = entry.get("group")
        copies = entry.get("copies")
        if name not in TILE_GROUPS:
            raise RulesetError(
                f"unknown tile group {name!r}; expected one of {sorted(TILE_GROUPS)}",
                place=f"$.tile_set[{i}].group",
            )
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            raise RulesetError(f"copies must be a positive integer, got {copies!r}", place=f"$.tile_set[{i}].copies")
        for kind in TILE_GROUPS[str(name)]:
            tiles.extend([kind] * copies)
    return tuple(sorted(tiles))


def copies_in(tile_set: Iterable[int]) -> dict[int, int]:
    """How many copies of each kind a tile set holds (the cap a hand may not exceed)."""
    counts: dict[int, int] = {}
    for t in tile_set:
        counts[t] = counts.get(t, 0) + 1
    return counts
