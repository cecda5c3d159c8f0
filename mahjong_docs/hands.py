"""Example hands on a ruleset page: drawn with the live client's tile pictures, scored by the code as it is built.

Each ruleset page ends with a few hands a player might make, scored under
that ruleset by :func:`mahjong_core.cli.score.score_text` -- exactly what
``mahjong score`` runs -- so the page shows what the engine pays, item by
item with each item's source.  The hands are picked from :data:`CANDIDATES`
at build time: the first ordinary hands that are a legal mahjong under the
ruleset (its minimum value met) and one limit hand, so a ruleset with an
8-point minimum shows hands that reach it.  Each is shown as its score card
(:mod:`mahjong_core.score_card`): every item's count, value and unit, and
the steps from them to the total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mahjong_core.errors import MahjongError
from mahjong_core.rules import Ruleset
from mahjong_core.score_card import amount, card_maker

from .rst import EMPTY, list_table, literal, text
from .sources import Library
from .tiles import tiles_html

if TYPE_CHECKING:
    from mahjong_core.cli.score import Scored

#: Hands in the notation (with ``!situation`` flags), tried in this order.
CANDIDATES: tuple[tuple[str, str], ...] = (
    ("All chows and a plain pair, won on a discard", "123m456m789p234s8s +8s"),
    ("A claimed pung of red dragons, won on a discard", "234p345s666m7z [555z<] +7z"),
    ("Characters and an East pair, self-drawn", "111m345m789m1z [999m^] +1z !self_drawn"),
    ("A run in each suit, winds and dragons, self-drawn", "123m456p789s2233z +3z !self_drawn"),
    ("Seven pairs", "1133m5577p2266s4z +4z"),
    ("Nine gates in dots, self-drawn", "1112345678999p +5p !self_drawn"),
    ("Thirteen orphans", "19m19p19s1234567z +1m"),
)
ORDINARY, LIMITS = 2, 1


@dataclass(frozen=True)
class Example:
    """A hand scored under a ruleset: its description, notation and the result of ``mahjong score``."""

    title: str
    notation: str
    scored: Scored
    total: int
    limit: str | None
    met_minimum: bool


def score_example(ruleset: Ruleset, title: str, notation: str) -> Example | None:
    """Score one hand as ``mahjong score --ruleset ID HAND`` would; ``None`` when it is no mahjong here."""
    from mahjong_core.cli.score import Given, score_text
    from mahjong_core.scoring import minimum_figures

    try:
        scored = score_text(ruleset, notation, Given(), f"example {notation!r}")
    except MahjongError:
        return None
    score = scored.score
    met = all(have is not None and have >= need for _key, _excl, need, have in minimum_figures(ruleset, score)[:1])
    return Example(title, notation, scored, score.total, score.limit, met)


def pick_examples(ruleset: Ruleset, candidates: Sequence[tuple[str, str]] = CANDIDATES) -> list[Example]:
    """The first :data:`ORDINARY` ordinary hands and :data:`LIMITS` limit hand that are a mahjong under ``ruleset``."""
    from mahjong_core.scoring import has_scoring

    if not has_scoring(ruleset):
        return []
    ordinary: list[Example] = []
    limit: list[Example] = []
    for title, notation in candidates:
        example = score_example(ruleset, title, notation)
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
    how = {"discard": "won on a discard", "self_drawn": "self-drawn", "replacement": "won on a loose tile",
           "robbing_kong": "won by robbing a kong"}.get(str(ctx.get("how")), str(ctx.get("how")))
    seat = "ESWN"[(int(ctx["seat_wind"]) - 27) % 4]
    wind = "ESWN"[(int(ctx["prevalent_wind"]) - 27) % 4]
    return f"{how}; seat wind {seat}{' (the dealer)' if ctx.get('dealer') else ''}, prevalent wind {wind}"


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
