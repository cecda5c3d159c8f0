"""Each row of a ruleset's scoring tables with a worked example hand, scored as the page is built.

A scoring family may give a hand of its own making for each row of its
tables (its contribution's ``examples``, :class:`mahjong_core.plugin.ItemExample`):
riichi gives one for every yaku and yakuman, each dora and each rule of the fu
count.  The page of each ruleset of the family then shows every row its table
plays -- the row's value, its source, what it asks of a hand -- with the first
of the row's examples that the ruleset's tiles can make, scored by
:func:`mahjong_core.score_text` as ``mahjong score`` scores it.  A score that
does not hold the row's item is an error naming the ruleset, the row and the
hand, and the build stops: a page cannot show an example of a yaku that the
code does not give.  Rows the ruleset does not play are named as such.

Like :mod:`mahjong_docs.pages`, this module knows no Sphinx: it returns text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core import MahjongError, Ruleset, card_maker
from mahjong_core.plugin import KINDS, ItemExample, MeldKind, amount, bind

from .rst import heading, list_table, literal, text
from .tiles import tiles_html

if TYPE_CHECKING:
    from mahjong_core import Hand, Scored

    from .sources import Library

__all__ = ["ShownRow", "check_example", "family_examples", "fits", "items_rst", "shown_rows", "worked_examples"]

_HOW = {"discard": "won on a discard", "self_drawn": "self-drawn", "replacement": "won on a replacement tile",
        "robbing_kong": "won by robbing a kong"}
_WINDS = "ESWN"


@dataclass(frozen=True)
class ShownRow:
    """A row of the ruleset's tables as its page shows it: the row, its value and source, and its example.

    :param examples: the row's examples, in the family's order.
    :param entry: the row as the ruleset's data holds it (``value`` and its citation).
    :param example: the example shown, the first the ruleset's tiles can make; ``None`` when none can.
    :param scored: that example scored under the ruleset.
    """

    row: str
    examples: tuple[ItemExample, ...]
    entry: Mapping[str, Any]
    example: ItemExample | None
    scored: Scored | None

    @property
    def played(self) -> bool:
        """Whether the ruleset plays the row (a ``null`` value switches it off)."""
        return self.entry.get("value") is not None


def family_examples(ruleset: Ruleset) -> tuple[ItemExample, ...]:
    """The worked examples the ruleset's scoring family gives for its rows (none when it gives none)."""
    family = bind(ruleset).family
    if family is None or family.examples is None:
        return ()
    return tuple(family.examples())


def worked_examples(ruleset: Ruleset) -> tuple[ItemExample, ...]:
    """The worked examples of the ruleset's rows: its scoring family's, then those of the mechanisms its data
    switches on (a mechanism that adds rows may illustrate them: a joker declared for Phán)."""
    mechanisms = tuple(example for mechanism in bind(ruleset).mechanisms if mechanism.examples is not None
                       for example in mechanism.examples())
    return family_examples(ruleset) + mechanisms


def _hand(ruleset: Ruleset, example: ItemExample) -> Hand | None:
    """The example's hand read in the ruleset's tiles, or ``None`` when they cannot make it."""
    from mahjong_core import parse_hand

    tiles = ruleset.tiles()
    own = tiles.marked or tiles.jokers or any(kind >= len(KINDS) for kind in tiles.bonus)
    try:  # read as `mahjong score` reads it: in the ruleset's tiles where it marks copies (red fives), or has
        # jokers or bonus kinds of its own (a declared joker, *2j)
        return parse_hand(example.hand, tiles=tiles if own else None)
    except MahjongError:
        return None


def fits(ruleset: Ruleset, example: ItemExample) -> bool:
    """Whether the ruleset's tiles and calls can make the example: every tile in its tile set (a red five where it
    marks fives), and a claimed chow only where a chow may be claimed."""
    hand = _hand(ruleset, example)
    if hand is None:
        return False
    tiles = ruleset.tiles()
    held = set(tiles.tiles)
    if any(kind not in held for kind in hand.all_tiles()):
        return False
    chows_claimed = any(meld.exposed and meld.kind == MeldKind.CHOW for meld in hand.melds)
    return not (chows_claimed and ruleset.get("chow_from") == "nobody")


def check_example(ruleset: Ruleset, example: ItemExample) -> Scored:
    """Score an example under ``ruleset`` as ``mahjong score`` does, and hold it to the items it shows.

    :raises MahjongError: naming the ruleset, the row and the hand, when the hand cannot be scored or its score
        does not hold every item the example shows.
    """
    from mahjong_core import Given, score_text

    where = f"the {ruleset.id} page"
    try:
        scored = score_text(ruleset, example.hand, Given(facts=dict(example.facts)), where)
    except MahjongError as exc:
        raise MahjongError(f"the worked example {example.hand!r} of {example.row} cannot be scored under "
                           f"{ruleset.id}: {exc.message}", source=where, place=example.row) from None
    names = [item.name for item in scored.score.items]
    missing = [name for name in example.shows if name not in names]
    if missing:
        raise MahjongError(f"the worked example {example.hand!r} of {example.row} does not score "
                           f"{', '.join(missing)} under {ruleset.id}: it scores {', '.join(names) or 'nothing'}",
                           source=where, place=example.row)
    return scored


def _entry(ruleset: Ruleset, row: str) -> Mapping[str, Any] | None:
    node: Any = ruleset.raw_tables
    for part in row.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node if isinstance(node, Mapping) and "value" in node else None


def shown_rows(ruleset: Ruleset) -> list[ShownRow]:
    """Every row of the ruleset's tables that its family or its mechanisms give examples for
    (:func:`worked_examples`), in their order, each with the example its page shows scored (rows the ruleset's
    tables lack are left out).

    :raises MahjongError: when a shown example does not score its row (:func:`check_example`).
    """
    by_row: dict[str, list[ItemExample]] = {}
    for example in worked_examples(ruleset):
        by_row.setdefault(example.row, []).append(example)
    out = []
    for row, examples in by_row.items():
        entry = _entry(ruleset, row)
        if entry is None:
            continue
        if entry.get("value") is None:
            out.append(ShownRow(row, tuple(examples), entry, None, None))
            continue
        chosen = next((e for e in examples if fits(ruleset, e)), None)
        scored = check_example(ruleset, chosen) if chosen is not None else None
        out.append(ShownRow(row, tuple(examples), entry, chosen, scored))
    return out


def _situation(scored: Scored) -> str:
    ctx = scored.context
    how = _HOW.get(str(ctx.get("how")), str(ctx.get("how")))
    seat, wind = _WINDS[(int(ctx["seat_wind"]) - 27) % 4], _WINDS[(int(ctx["prevalent_wind"]) - 27) % 4]
    return f"{how}; seat wind {seat}{' (the dealer)' if ctx.get('dealer') else ''}, round wind {wind}"


def _tile_groups(hand: Hand) -> list[tuple[str, list[int]]]:
    groups: list[tuple[str, list[int]]] = [("in hand", list(hand.concealed))]
    for meld in hand.melds:
        groups.append((f"{'exposed' if meld.exposed else 'concealed'} {meld.kind}", list(meld.tiles)))
    if hand.winning_tile is not None:
        groups.append(("winning tile", [hand.winning_tile]))
    return groups


def _facts(example: ItemExample) -> str:
    return "; ".join(f"{text(name.replace('_', ' '))} {literal(value)}" for name, value in example.facts.items())


def _value(shown: ShownRow) -> str:
    """The row's value as the page states it: each part of a value of parts (``closed 2, open 1``), in the unit of
    the item its example scored (han, fu, yakuman) where it scored one of the row's name."""
    value = shown.entry.get("value")
    said = (", ".join(f"{text(str(part))} {literal(v)}" for part, v in value.items()) if isinstance(value, Mapping)
            else literal(value))
    key = shown.row.rsplit(".", 1)[-1]
    kinds = [item.kind for item in shown.scored.score.items if item.name in (key, *shown.example.shows)] \
        if shown.scored is not None and shown.example is not None else []
    return said + (f" ({text(kinds[0])})" if kinds else "")


def _row_rst(ruleset: Ruleset, shown: ShownRow, library: Library) -> list[str]:
    key = shown.row.rsplit(".", 1)[-1]
    entry = shown.entry
    name = f" -- {text(entry['name'])}" if entry.get("name") else ""
    cite = library.provenance(ruleset.source_of(shown.row.split(".")))
    out = [heading(f"{key}{name}", "^"), f"**Value** {_value(shown)} · **source** {cite}", ""]
    about = shown.examples[0].about
    if about:
        out += [text(about), ""]
    if shown.example is None or shown.scored is None:
        out += ["*No example here: this ruleset's tiles and calls cannot make any of the family's examples of this "
                "row.*", ""]
        return out
    scored, example = shown.scored, shown.example
    facts = _facts(example)
    out += [".. raw:: html", "", "   " + tiles_html(_tile_groups(scored.hand)), "",
            f"{literal(example.hand)}: {text(_situation(scored))}" + (f"; {facts}" if facts else "") + ".", ""]
    card = card_maker(ruleset)(scored.score.to_json())
    rows = [[text(line["label"]), literal(line["count"]), text(line["each"]), text(line["sum"])]
            for line in card["lines"]]
    if rows:
        out += [list_table(["item", "count", "each", "adds"], rows, widths=[40, 14, 23, 23]), ""]
    out += [f"| {text(step)}" for step in card["steps"]]
    out += [f"| **Worth {amount(card['total'], card['unit'])}**"
            + (f", the limit {text(card['limit'])}" if card.get("limit") else "") + ".", ""]
    return out


def items_rst(ruleset: Ruleset, library: Library) -> str:
    """The section of a ruleset page that shows each row of its tables with a worked example (empty when neither
    its family nor its mechanisms give any).

    :raises MahjongError: when an example does not score its row (:func:`check_example`): the build stops.
    """
    rows = shown_rows(ruleset)
    if not rows:
        return ""
    out = [heading("Each item with an example", "-"),
           f"Every row of the tables below that its scoring family or a mechanism of its illustrates, with the row's "
           f"value and source and a hand of the family's or the mechanism's own making, scored by the code when this "
           f"page was built as ``mahjong score "
           f"--ruleset {ruleset.id} HAND`` scores it. The build fails when a hand does not score the item it "
           "illustrates.", ""]
    groups: dict[str, list[ShownRow]] = {}
    for shown in rows:
        groups.setdefault(shown.examples[0].group or "Items", []).append(shown)
    for group, members in groups.items():
        played = [s for s in members if s.played]
        off = [s for s in members if not s.played]
        if not played and not off:
            continue
        out += [heading(text(group), "~")]
        for shown in played:
            out += _row_rst(ruleset, shown, library)
        if off:
            named = [f"{literal(s.row.rsplit('.', 1)[-1])} ({library.provenance(ruleset.source_of(s.row.split('.')))})"
                     for s in off]
            out += [f"Not played under this ruleset (the row's value is ``null``): {', '.join(named)}.", ""]
    return "\n".join(out)
