"""Example hands on a ruleset page: drawn with the live client's tile pictures, scored by the code as it is built.

Each ruleset page ends with a few hands a player might make, scored under
that ruleset by :func:`mahjong_core.score_text` -- exactly what
``mahjong score`` runs -- so the page shows what the engine pays, item by
item with each item's source.  The hands are picked from :data:`CANDIDATES`
at build time: the first ordinary hands that are a legal mahjong under the
ruleset (its minimum value met) and one limit hand, so a ruleset with an
8-point minimum shows hands that reach it.  Each is shown as its score card
(:func:`mahjong_core.card_maker`): every item's count, value and unit, and
the steps from them to the total.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mahjong_core import Hand, MahjongError, Meld, MeldKind, Ruleset, card_maker
from mahjong_core.plugin import EAST, KINDS, ClaimedFrom, amount

from .rst import EMPTY, list_table, literal, text
from .sources import Library
from .tiles import tiles_html

if TYPE_CHECKING:
    from mahjong_core import Scored

#: Hands in the notation (with ``!situation`` flags), tried in this order.  A hand's caption is written from the
#: hand itself (:func:`caption`), never typed beside it, so it cannot name a tile or a meld the hand does not hold.
CANDIDATES: tuple[str, ...] = (
    "123m456m789p234s8s +8s",
    "234p345s666m7z [555z<] +7z",
    "111m345m789m1z [999m^] +1z !self_drawn",
    "123m456p789s2233z +3z !self_drawn",
    "1133m5577p2266s4z +4z",
    "1112345678999p +5p !self_drawn",
    "19m19p19s1234567z +1m",
    # Sixteen-tile hands (five sets and a pair), for the rulesets that deal sixteen: no 13-tile ruleset wins with
    # them, so they change no other page.
    "123m456m789m234p56p88s +7p",
    "777z666z555z123m456m7p +7p !self_drawn",
    "123m456m789m234p56p8s9s 1234f1234y +1s !self_drawn",
    # For a ruleset whose honours are flowers (fuzhou): suited tiles only, two flowers, self-drawn.
    "123m456m789m123p45p99s1f2f +6p !self_drawn",
    # Hands of the project's example card (plugins/cards/example_card.yaml), for a ruleset that plays it
    # (american_style): like numbers in three suits and a pair of dragons (mirror pond), a kong of a wind exposed
    # beside a kong of red (wind and fire).  No four-sets ruleset wins with them, so they change no other page.
    "5555m5555p555s77z +7z",
    "555m55p7777z [1111z<] +5p !self_drawn",
)
ORDINARY, LIMITS = 2, 1


@dataclass(frozen=True)
class Example:
    """A hand scored under a ruleset: its caption, notation and the result of ``mahjong score``."""

    title: str
    notation: str
    scored: Scored
    total: int
    limit: str | None
    met_minimum: bool


def _side_phrase(source: ClaimedFrom) -> str:
    """Where a claimed tile came from, in words, at any table (at two seats the other player is the left)."""
    return "the left" if source.is_left else "across" if source.is_across else "the right"


_HOW = {"discard": "won on a discard", "self_drawn": "self-drawn", "replacement": "won on a loose tile",
        "robbing_kong": "won by robbing a kong"}


def tile_name(kind: int) -> str:
    """A tile as the captions name it: the core's English name (``7 characters``, ``red dragon``, ``East wind``)."""
    return KINDS[kind].name


def _meld_phrase(meld: Meld) -> str:
    first = tile_name(meld.tiles[0])
    if meld.kind == MeldKind.CHOW:
        low, suit = first.split(" ", 1)
        of = f"{low}-{tile_name(meld.tiles[-1]).split(' ', 1)[0]} {suit}"
    elif meld.tiles[0] >= EAST:
        of = f"{first}s"
    else:
        of = first
    if meld.exposed:
        side = f" claimed from {_side_phrase(meld.claimed_from)}" if meld.claimed_from is not None else ""
        how = "an added" if meld.added else "an exposed"
        return f"{how} {meld.kind} of {of}{side}"
    return f"a concealed {meld.kind} of {of}"


def caption(hand: Hand, how: str, limit_name: str | None = None) -> str:
    """An example's caption, written from the hand: its declared melds, how it was won and the winning tile.

    A caption typed beside a hand once named a pung of white dragons red; one
    written from the parsed hand says only what the hand holds.  A limit
    hand is named by the ruleset's own row name for the limit it scored.
    """
    melds = [_meld_phrase(m) for m in hand.melds]
    held = ", ".join(melds) + (", the rest concealed" if melds else "") if melds else "all concealed"
    won = _HOW.get(how, how.replace("_", " "))
    tile = f" with the {tile_name(hand.winning_tile)}" if hand.winning_tile is not None else ""
    text_ = f"{held}; {won}{tile}"
    if limit_name:
        text_ = f"{limit_name} (a limit hand): {text_}"
    return text_[0].upper() + text_[1:]


_SUITED = r"(?P<d>[1-9])(?:-(?P<d2>[1-9]))? (?P<suit>characters|dots|bamboo)\b"
_HONOUR = r"(?P<honour>(?:white|green|red) dragon|(?:East|South|West|North) wind)s?\b"
_TILE = re.compile(f"{_SUITED}|{_HONOUR}")
_MELD_CLAIM = re.compile(
    r"\b(?P<state>claimed|exposed|added|declared|concealed)?\s*(?P<kind>chow|pung|kong|pair)s? of "
    r"(?P<tile>[1-9](?:-[1-9])? (?:characters|dots|bamboo)|(?:white|green|red) dragons?|"
    r"(?:East|South|West|North) winds?)(?: claimed from (?P<side>the left|across|the right))?", re.IGNORECASE)
_SIDES = {"the left": ClaimedFrom.LEFT, "across": ClaimedFrom.ACROSS, "the right": ClaimedFrom.RIGHT}
_SIZE = {"pair": 2, "pung": 3, "kong": 4}


def _tiles_named(phrase: str) -> list[int]:
    """The tiles a caption's tile phrase names (``3-5 dots`` is three), read back with the core's names."""
    match = _TILE.search(phrase)
    if match is None:
        return []
    if match.group("honour"):
        name = match.group("honour")
        return [next(k.index for k in KINDS if k.name.lower() == name.lower())]
    suit, low = match.group("suit"), int(match.group("d"))
    high = int(match.group("d2") or low)
    return [next(k.index for k in KINDS if k.name == f"{n} {suit}") for n in range(low, high + 1)]


def caption_problems(text_: str, hand: Hand, how: str | None = None) -> list[str]:
    """Every claim of a caption that the hand contradicts; empty when the caption says only what the hand holds.

    The caption is read back on its own terms, not regenerated: each tile it
    names must be in the hand; a meld it calls claimed, exposed or added must
    be one of the hand's exposed melds of that kind and tile (and from the
    seat it names); a concealed one must be held concealed; "with the X"
    names the winning tile; "self-drawn" and "on a discard" must match how
    the hand was won, when that is known.
    """
    problems = []
    tiles = hand.all_tiles()
    for match in _TILE.finditer(text_):
        for tile in _tiles_named(match.group(0)):
            if tile not in tiles:
                problems.append(f"names the {tile_name(tile)}, which the hand does not hold")
    for match in _MELD_CLAIM.finditer(text_):
        state, kind = (match.group("state") or "").lower(), match.group("kind").lower()
        named = _tiles_named(match.group("tile"))
        said = match.group(0)
        if not named:
            continue
        if state in ("claimed", "exposed", "added", "declared"):
            side = _SIDES.get(match.group("side") or "")
            found = [m for m in hand.melds if m.exposed and m.kind == kind and m.tiles[0] == named[0]
                     and (kind != "chow" or list(m.tiles) == named) and (state != "added" or m.added)]
            if not found:
                problems.append(f"{said!r}: the hand has no such exposed {kind}")
            elif side is not None and all(m.claimed_from != side for m in found):
                problems.append(f"{said!r}: the hand's {kind} was claimed from elsewhere")
        else:
            pool = list(hand.concealed) + ([hand.winning_tile] if hand.winning_tile is not None else [])
            if state == "concealed":
                pool += [t for m in hand.melds if not m.exposed for t in m.tiles]
            else:
                pool = list(tiles)
            if kind == "chow":
                missing = [t for t in named if t not in pool]
            else:
                missing = [named[0]] if pool.count(named[0]) < _SIZE[kind] else []
            if missing:
                problems.append(f"{said!r}: the hand does not hold it{' concealed' if state else ''}")
    with_tile = re.search(rf"\bwith the ({_SUITED}|{_HONOUR})", text_)
    if with_tile is not None:
        named = _tiles_named(with_tile.group(1))
        if named != ([hand.winning_tile] if hand.winning_tile is not None else []):
            winning = tile_name(hand.winning_tile) if hand.winning_tile is not None else "none"
            problems.append(f"names the winning tile {with_tile.group(1)!r}; the hand's is {winning}")
    if how is not None:
        if "self-drawn" in text_.lower() and how not in ("self_drawn", "replacement"):
            problems.append(f"says self-drawn; the hand was {_HOW.get(how, how)}")
        if "on a discard" in text_.lower() and how != "discard":
            problems.append(f"says won on a discard; the hand was {_HOW.get(how, how)}")
    return problems


def score_example(ruleset: Ruleset, notation: str, names: dict[str, str] | None = None) -> Example | None:
    """Score one hand as ``mahjong score --ruleset ID HAND`` would; ``None`` when it is no mahjong here."""
    from mahjong_core import Given, minimum_figures, score_text

    try:
        scored = score_text(ruleset, notation, Given(), f"example {notation!r}")
    except MahjongError:
        return None
    score = scored.score
    met = all(have is not None and have >= need for _key, _excl, need, have in minimum_figures(ruleset, score)[:1])
    names = item_names(ruleset) if names is None else names
    limit_name = (names.get(score.limit) or score.limit.replace("_", " ")) if score.limit else None
    title = caption(scored.hand, str(scored.context.get("how")), limit_name)
    return Example(title, notation, scored, score.total, score.limit, met)


def pick_examples(ruleset: Ruleset, candidates: Sequence[str] = CANDIDATES) -> list[Example]:
    """The first :data:`ORDINARY` ordinary hands and :data:`LIMITS` limit hand that are a mahjong under ``ruleset``."""
    from mahjong_core import has_scoring

    if not has_scoring(ruleset):
        return []
    ordinary: list[Example] = []
    limit: list[Example] = []
    names = item_names(ruleset)
    for notation in candidates:
        example = score_example(ruleset, notation, names)
        if example is None or not example.met_minimum or example.total <= 0:
            continue
        group = limit if example.limit else ordinary
        if len(group) < (LIMITS if example.limit else ORDINARY):
            group.append(example)
    return ordinary + limit


def _tile_groups(example: Example) -> list[tuple[str, list[int]]]:
    hand = example.scored.hand
    groups: list[tuple[str, list[int]]] = [("in hand", list(hand.concealed))]
    for meld in hand.melds:
        groups.append((f"{'exposed' if meld.exposed else 'concealed'} {meld.kind}", list(meld.tiles)))
    if hand.winning_tile is not None:
        groups.append(("winning tile", [hand.winning_tile]))
    if hand.bonus:
        groups.append(("bonus tiles", list(hand.bonus)))
    return groups


def _situation(example: Example) -> str:
    ctx = example.scored.context
    how = _HOW.get(str(ctx.get("how")), str(ctx.get("how")))
    seat = "ESWN"[(int(ctx["seat_wind"]) - 27) % 4]
    wind = "ESWN"[(int(ctx["prevalent_wind"]) - 27) % 4]
    return f"{how}; seat wind {seat}{' (the dealer)' if ctx.get('dealer') else ''}, prevalent wind {wind}"


def item_names(ruleset: Ruleset) -> dict[str, str]:
    """A scoring item's English name by its row key, from whichever of the ruleset's tables has the row."""
    out: dict[str, str] = {}
    for node in ruleset.raw_tables.values():
        if isinstance(node, dict) or hasattr(node, "items"):
            for key, row in node.items():
                if hasattr(row, "get") and row.get("name"):
                    out.setdefault(str(key), str(row["name"]))
    return out


def examples_rst(ruleset: Ruleset, library: Library) -> str:
    """The "Example hands" section of a ruleset page (empty for a ruleset that scores nothing)."""
    from .rst import heading

    picked = pick_examples(ruleset)
    if not picked:
        return ""
    out = [heading("Example hands", "-"),
           f"Scored by the code when this page was built, as ``mahjong score --ruleset {ruleset.id} HAND`` scores "
           "them; each item with its count, value and source, and the steps to the total.", ""]
    for example in picked:
        score = example.scored.score
        wrong = caption_problems(example.title, example.scored.hand, str(example.scored.context.get("how")))
        if wrong:
            raise MahjongError(f"the caption {example.title!r} says what the hand does not hold: {'; '.join(wrong)}",
                               source=f"{ruleset.id} example hands", place=example.notation)
        out += [heading(text(example.title), "~"), ".. raw:: html", "",
                "   " + tiles_html(_tile_groups(example)), "",
                f"{literal(example.notation)}: {text(_situation(example))}.", ""]
        card = card_maker(ruleset)(score.to_json())
        rows = [[text(line["label"]) + (" *(not counted)*" if excluded else ""), literal(line["count"]),
                 text(line["each"]), EMPTY if excluded else text(line["sum"]),
                 library.cite(line["source"]) if line["source"] else EMPTY]
                for lines, excluded in ((card["lines"], False), (card.get("excluded", []), True)) for line in lines]
        if rows:
            out += [list_table(["item", "count", "each", "adds", "source"], rows, widths=[30, 10, 16, 16, 28]), ""]
        out += [f"| {text(step)}" for step in card["steps"]]
        out += [f"| **Worth {amount(card['total'], card['unit'])}**"
                + (f", the limit {text(card['limit'])}" if card.get("limit") else "") + ".", ""]
    return "\n".join(out)
