"""A card of fixed hands read from its file (``schemas/card.schema.json``, ``docs/card-format.md``) and compiled.

A card is data a club owns: a list of hands, each a pattern of groups over suit variables (A, B, C: three
different suits), number variables (``x``, ``x+1``: a run; one variable in several suits: like numbers) and
named tiles, with its value.  Reading it checks the file against its schema and then what a schema cannot say
(one tile named per group, a variable with no number left, a hand of the wrong size, a hand no tile set can
make), and reports every mistake at once, each at its line.  Nothing on a card is evaluated: a number variable
is a letter and an offset read by a regular expression.

Each hand is compiled at load to its *readings*: the concrete multisets of tiles it stands for over every
choice of its variables (:class:`Reading`), so that matching a hand in play is counting, not search
(:mod:`.matching`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product
from pathlib import Path
from typing import Any

from mahjong_core.plugin import DataFile, load_schema, read_data_file

#: Kinds as the matcher counts them: the 34 playing kinds of the core's notation (``1m`` .. ``7z``), and one
#: more, any flower (the eight flowers and seasons play alike on a card).
FLOWER = 34
KEYS = 35
#: Copies of each kind in the tile set a card is played with: four of each playing kind, eight flowers.
COPIES = (4,) * 34 + (8,)
#: The jokers of that set.
JOKERS = 8

_SUITS = {"characters": 0, "dots": 1, "bamboo": 2}
_WINDS = {"east": 27, "south": 28, "west": 29, "north": 30}
_DRAGONS = {"white": 31, "green": 32, "red": 33}
#: The dragon of each suit: green with bamboo, red with characters, white with dots (the convention the public
#: summaries of the American game describe, e.g. internationalmahjongcard.com, "Terminology": DRAGON TILES).
_SUIT_DRAGON = {0: 33, 1: 31, 2: 32}
_NUMBER = re.compile(r"^([a-z])(?:([+-])([1-8]))?$")
#: The most readings one hand may compile to: a card whose hand would make matching slow is refused at load.
MAX_READINGS = 4000
#: The most choices of its variables a hand may make (before those that repeat or cannot be made are dropped):
#: a card whose hand would make loading slow is refused before any is tried.
MAX_CHOICES = 50_000
_TILE_KEYS = ("suit", "dragon", "wind", "flower", "zero")


@dataclass(frozen=True)
class CardHand:
    """One hand of a card as its file says it."""

    id: str
    name: str
    section: str | None
    value: int
    concealed: bool
    place: str  # its JSON path in the card file, for messages


@dataclass(frozen=True)
class Reading:
    """One concrete way to make a hand: its groups as (kind, count), kinds as :data:`KEYS` counts them.

    :param need: tiles of each kind the reading holds (:data:`KEYS` counts).
    :param natural: of those, the tiles that must be real tiles: those in groups too small for a joker.
    :param mask: bit ``k`` set where the reading holds kind ``k`` (a quick test that a hand holds no other kind).
    :param kinds: the kinds it holds, in order (what matching counts over).
    :param slots: (kind, need, natural) of each of those kinds: the loop of every distance.
    :param total: the tiles it holds (the card's ``tiles``).
    """

    hand: CardHand
    groups: tuple[tuple[int, int], ...]
    need: bytes
    natural: bytes
    mask: int
    kinds: tuple[int, ...]
    slots: tuple[tuple[int, int, int], ...]
    total: int


@dataclass(frozen=True)
class Card:
    """A card read and compiled: its hands and every reading of each."""

    title: str
    source: str
    tiles: int
    joker_group: int
    hands: tuple[CardHand, ...]
    readings: tuple[Reading, ...]
    jokerless_multiplier: int = 1

    def value(self, reading: Reading, jokers: int) -> int:
        """What a hand made as ``reading`` with ``jokers`` jokers in it is worth: its value, times the card's
        ``jokerless_multiplier`` where no joker is in it though one could have stood in one of its groups."""
        jokerless = jokers == 0 and any(count >= self.joker_group for _, count in reading.groups)
        return reading.hand.value * (self.jokerless_multiplier if jokerless else 1)

    def hand(self, hand_id: str) -> CardHand:
        """The hand of this id (``KeyError`` for none)."""
        for hand in self.hands:
            if hand.id == hand_id:
                return hand
        raise KeyError(hand_id)


@lru_cache(maxsize=1)
def card_schema() -> dict[str, Any]:
    """The card format's schema (``schemas/card.schema.json``, installed as ``mahjong_core.schemas``)."""
    return load_schema("mahjong_core.schemas", "card.schema.json")


def read_card(path: str | Path) -> Card:
    """Read, check and compile the card at ``path``.

    :raises DataFileError: every error of the file at once, each at its line.
    """
    file = read_data_file(path, card_schema(), expected="a card of fixed hands (card, title, tiles, hands)")
    card = _compile(file)
    file.raise_errors()
    return card


def _compile(file: DataFile) -> Card:
    data = file.data
    tiles, joker_group = int(data["tiles"]), int(data["jokers_in_groups_of"])
    hands: list[CardHand] = []
    readings: list[Reading] = []
    seen: dict[str, str] = {}
    for i, raw in enumerate(data["hands"]):
        place = f"$.hands[{i}]"
        hand = CardHand(raw["id"], raw["name"], raw.get("section"), int(raw["value"]),
                        bool(raw.get("concealed", False)), place)
        if hand.id in seen:
            file.error(f"hand id {hand.id!r} is used already by {seen[hand.id]}; each hand's id is its own",
                       f"{place}.id")
            continue
        seen[hand.id] = place
        found = _readings(file, hand, raw, tiles, joker_group)
        hands.append(hand)
        readings.extend(found)
    return Card(str(data["title"]), file.source, tiles, joker_group, tuple(hands), tuple(readings),
                int(data.get("jokerless_multiplier", 1)))


@dataclass(frozen=True)
class _Group:
    """One group as written, before its variables are chosen."""

    count: int
    what: str  # suit, dragon, wind, flower or zero
    suit: str | None = None  # a suit variable or a named suit
    number: int | None = None  # a fixed number, or the offset of ``variable``
    variable: str | None = None
    name: str | None = None  # the dragon or wind as written


def _groups(file: DataFile, raw: Mapping[str, Any], place: str) -> list[_Group] | None:
    """The hand's groups, or ``None`` after noting the mistakes of any."""
    out: list[_Group] = []
    ok = True
    for j, g in enumerate(raw["groups"]):
        where = f"{place}.groups[{j}]"
        named = [k for k in _TILE_KEYS if k in g]
        if len(named) != 1:
            file.error(f"a group names exactly one of {', '.join(_TILE_KEYS)} (the tile it is of); this one names "
                       f"{', '.join(named) or 'none'}", where)
            ok = False
            continue
        what = named[0]
        if ("number" in g) != (what == "suit"):
            file.error("a group of a suit needs a number (1-9 or a variable like x+1), and only such a group has "
                       "one", where)
            ok = False
            continue
        if what == "suit":
            number = g["number"]
            if isinstance(number, int):
                out.append(_Group(g["count"], what, suit=g["suit"], number=number))
            else:
                m = _NUMBER.match(number)
                assert m is not None  # the schema's pattern is this one
                offset = int(m.group(3) or 0) * (-1 if m.group(2) == "-" else 1)
                out.append(_Group(g["count"], what, suit=g["suit"], number=offset, variable=m.group(1)))
        else:
            out.append(_Group(g["count"], what, name=str(g.get(what))))
    return out if ok else None


def _readings(file: DataFile, hand: CardHand, raw: Mapping[str, Any], tiles: int,
              joker_group: int) -> list[Reading]:
    groups = _groups(file, raw, hand.place)
    if groups is None:
        return []
    total = sum(g.count for g in groups)
    if total != tiles:
        file.error(f"the groups hold {total} tiles; a hand on this card holds {tiles} (`tiles`)",
                   f"{hand.place}.groups")
        return []
    variables = sorted({g.variable for g in groups if g.variable})
    choose = dict(raw.get("choose") or {})
    for name in sorted(set(choose) - set(variables)):
        file.error(f"choose names {name!r}, which no group of the hand uses (it uses "
                   f"{', '.join(variables) or 'no number variable'})", f"{hand.place}.choose.{name}")
    suit_vars = sorted({g.suit for g in groups if g.suit in ("A", "B", "C")}
                       | {g.name for g in groups if g.what == "dragon" and g.name in ("A", "B", "C")})
    numbers = {}
    for v in variables:
        offsets = [g.number or 0 for g in groups if g.variable == v]
        allowed = [n for n in choose.get(v, range(1, 10)) if all(1 <= n + o <= 9 for o in offsets)]
        if not allowed:
            file.error(f"no number is left for {v!r}: with its offsets {sorted(set(offsets))} every choice "
                       f"{'of ' + str(choose[v]) + ' ' if v in choose else ''}falls outside 1-9",
                       f"{hand.place}.groups")
            return []
        numbers[v] = allowed
    choices = math.perm(3, len(suit_vars)) if len(suit_vars) <= 3 else 0
    for v in variables:
        choices *= len(numbers[v])
    for g in groups:
        choices *= {"dragon": 3, "wind": 4}.get(g.what, 1) if g.name == "any" else 1
    if choices > MAX_CHOICES:
        file.error(f"the hand's variables make {choices:,} choices to try, more than {MAX_CHOICES:,}; name some "
                   f"of its tiles or narrow its variables with `choose`", hand.place)
        return []
    found: dict[tuple[tuple[int, int], ...], Reading] = {}
    for suits in permutations(range(3), len(suit_vars)):
        suit_of = dict(zip(suit_vars, suits, strict=True))
        for chosen in product(*(numbers[v] for v in variables)):
            number_of = dict(zip(variables, chosen, strict=True))
            for concrete in _concrete(groups, suit_of, number_of):
                key = tuple(sorted(concrete))
                if key in found or not _possible(concrete, joker_group):
                    continue
                found[key] = _reading(hand, key, joker_group)
                if len(found) > MAX_READINGS:
                    file.error(f"the hand stands for more than {MAX_READINGS} different sets of tiles; name some "
                               f"of its tiles or narrow its variables with `choose`", hand.place)
                    return []
    if not found:
        file.error("no choice of suits and numbers makes this hand from a set of four of each tile, eight "
                   f"flowers and {JOKERS} jokers standing only in groups of {joker_group} or more", hand.place)
    return list(found.values())


def _concrete(groups: Sequence[_Group], suit_of: Mapping[str, int],
              number_of: Mapping[str, int]) -> Iterator[list[tuple[int, int]]]:
    """Each concrete list of (kind, count) the groups make once the suit and number variables are chosen; a
    group of ``any`` dragon or wind gives one list per tile it may be."""
    options: list[list[tuple[int, int]]] = []
    for g in groups:
        if g.what == "suit":
            written = str(g.suit)
            suit = suit_of[written] if written in suit_of else _SUITS[written]
            number = (number_of[g.variable] if g.variable else 0) + (g.number or 0)
            options.append([(9 * suit + number - 1, g.count)])
        elif g.what == "dragon":
            if g.name == "any":
                options.append([(k, g.count) for k in sorted(_DRAGONS.values())])
            elif g.name in suit_of:
                options.append([(_SUIT_DRAGON[suit_of[str(g.name)]], g.count)])
            else:
                options.append([(_DRAGONS[str(g.name)], g.count)])
        elif g.what == "wind":
            kinds = sorted(_WINDS.values()) if g.name == "any" else [_WINDS[str(g.name)]]
            options.append([(k, g.count) for k in kinds])
        elif g.what == "flower":
            options.append([(FLOWER, g.count)])
        else:  # zero: the white dragon, of no suit
            options.append([(_DRAGONS["white"], g.count)])
    for choice in product(*options):
        yield list(choice)


def _possible(groups: Sequence[tuple[int, int]], joker_group: int) -> bool:
    """Whether the set holds the tiles: real tiles for every group too small for a joker, jokers for the rest."""
    need, natural = _counts(groups, joker_group)
    jokers = 0
    for k in range(KEYS):
        if natural[k] > COPIES[k]:
            return False
        jokers += max(0, need[k] - COPIES[k])
    return jokers <= JOKERS


def _counts(groups: Sequence[tuple[int, int]], joker_group: int) -> tuple[list[int], list[int]]:
    need, natural = [0] * KEYS, [0] * KEYS
    for kind, count in groups:
        need[kind] += count
        if count < joker_group:
            natural[kind] += count
    return need, natural


def _reading(hand: CardHand, groups: tuple[tuple[int, int], ...], joker_group: int) -> Reading:
    need, natural = _counts(groups, joker_group)
    kinds = tuple(k for k in range(KEYS) if need[k])
    return Reading(hand, groups, bytes(need), bytes(natural), sum(1 << k for k in kinds), kinds,
                   tuple((k, need[k], natural[k]) for k in kinds), sum(need))
