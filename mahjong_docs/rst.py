"""What every generated page shares: reST text made safe, tables and headings, and the ways of reading a ruleset.

The page modules (:mod:`.pages`, :mod:`.prose`, :mod:`.compare`,
:mod:`.sources`, :mod:`.hands`) all write reStructuredText from ruleset
data; the helpers they share live here, below all of them, so that no page
module needs another to write its text.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from mahjong_core import Ruleset, is_leaf

GENERATED = ".. Generated from the ruleset data by mahjong_docs.pages at build time; do not edit."
EMPTY = "–"

#: Parameters grouped by topic on the ruleset pages; a parameter not listed here goes under "Other rules".
TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Table and tiles", ("players", "hand_size", "tile_set", "pairs", "rounds_per_game")),
    ("Wall and deal", ("wall_ceremony", "first_dealer_by_dice", "exhaustive_draw_tiles_left", "discard_display",
                       "meld_display")),
    ("Tile exchange", ("tile_exchange",)),
    ("Claims and kongs", ("chow_from", "claim_priority", "mahjong_tie_break", "pung_claim_until_next_discard",
                          "kong_ways", "robbing_kong", "undeclared_kong_counts_as_pung")),
    ("Going out", ("minimum_value", "calling_hand_rule", "dead_hand", "winning_tile_set_apart", "wrong_mahjong",
                   "sacred_discard")),
    ("Limits, settlement and the bank", ("settlement", "usual_limit", "east_pays_double", "losers_settle_after_limit",
                                         "chavka", "pay_limit_for_four_bonus", "pay_limit_for_consecutive_wins",
                                         "bank")),
    ("Penalties", ("penalties",)),
    ("Several wins and abortive draws", ("most_winners_on_one_discard", "deal_ends_at_wins", "winners_stay_in_play",
                                        "abortive_draws")),
    ("Rotation", ("dealer_keeps_deal_on_win", "dealer_keeps_deal_on_draw")),
    ("Seated timing", ("timing",)),
    ("Rules the seed's program skipped", ("skipped_by_seed_program",)),
)


_INLINE = re.compile(r"([\\*`|_\[\]<>])")
_LIST_START = re.compile(r"^(\s*)([-+*•]\s|\d+[.)]\s|#\.\s|[a-zA-Z][.)]\s|\(?\d+\)\s)")


_CODE_SPAN = re.compile(r"`([^`]+)`")


def text(value: Any) -> str:
    """Plain text made safe for reST: markup escaped, nothing read as a list or a heading.

    A span in single backquotes (```chow_from```, as YAML descriptions write
    code) becomes an inline literal.
    """
    s = " ".join(str(value).split())
    parts = _CODE_SPAN.split(s)
    out = "".join(f"``{part}``" if i % 2 else _INLINE.sub(r"\\\1", part) for i, part in enumerate(parts))
    if _LIST_START.match(out) or out[:1] in "-+*:#=.~^\"'":
        out = "\\" + out
    return out


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def literal(value: Any) -> str:
    """``value`` as inline literal text (falls back to escaped text when it holds backquotes)."""
    s = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    s = " ".join(s.split())
    if not s:
        return EMPTY
    if "`" in s or s.startswith(" ") or s.endswith(" "):
        return text(s)
    return f"``{s}``"


def value_cell(value: Any) -> str:
    """A value for a table cell: scalars and short structures inline, longer ones one entry a line."""
    if isinstance(value, list | tuple) and len(value) > 1 and all(isinstance(v, Mapping) for v in value):
        return "\n".join(f"| {literal(item)}" for item in value)
    if isinstance(value, Mapping) and len(value) > 2:
        return "\n".join(f"| {text(key)}: {literal(item)}" for key, item in value.items())
    return literal(value)


def heading(title: str, char: str, *, over: bool = False) -> str:
    """A section title; its underline as wide as docutils measures the title, a wide (CJK) character counting two."""
    line = char * max(3, display_width(title))
    return f"{line}\n{title}\n{line}\n" if over else f"{title}\n{line}\n"


def display_width(text: str) -> int:
    """The columns ``text`` takes in a terminal and in docutils' check of a title's underline."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def list_table(header: Sequence[str], rows: Iterable[Sequence[str]], *, widths: Sequence[int] | None = None,
               stub: int = 0, classes: str | None = None) -> str:
    """A ``list-table`` directive; each cell is reST (it may span lines and paragraphs)."""
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append("   :widths: " + " ".join(str(w) for w in widths))
    if stub:
        out.append(f"   :stub-columns: {stub}")
    if classes:
        out.append(f"   :class: {classes}")
    out.append("")
    for row in [header, *rows]:
        for i, cell in enumerate(row):
            lines = str(cell).strip("\n").splitlines() or [EMPTY]
            if not lines[0].strip():
                lines[0] = EMPTY
            out.append(("   * - " if i == 0 else "     - ") + lines[0])
            out.extend(("       " + line) if line.strip() else "" for line in lines[1:])
    return "\n".join(out) + "\n"


def short(value: Any) -> str:
    """A value in a few words, for the comparison tables: ``yes``, ``none``, ``kind partner; tiles 2``."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return "; ".join(f"{key} {short(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(short(item) for item in value) if value else "none"
    return str(value)


def leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Mapping[str, Any]]]:
    """Every leaf entry (parameter or table row) under ``node``, with its path, in file order."""
    if is_leaf(node):
        yield path, node
    elif isinstance(node, Mapping):
        for key, value in node.items():
            yield from leaves(value, (*path, str(key)))


def is_table(node: Any) -> bool:
    """A table: a mapping whose entries are rows (each has a ``predicate``)."""
    return isinstance(node, Mapping) and bool(node) and all(isinstance(v, Mapping) and "predicate" in v
                                                            for v in node.values())


def sections(ruleset: Ruleset) -> list[str]:
    """The ruleset's sections: parameters first, then the rest in file order."""
    names = list(ruleset.raw_tables)
    return (["parameters"] if "parameters" in names else []) + [n for n in names if n != "parameters"]


def ruleset_ref(rid: str, documented: Iterable[str], *, prefix: str = "") -> str:
    """A link to a ruleset's page when it has one (``prefix`` leads from the linking page's folder), else its id."""
    return (f":doc:`{rid}`" if not prefix else f":doc:`{rid} <{prefix}{rid}>`") if rid in set(documented) \
        else literal(rid)


def topic_of(name: str) -> str:
    top = name.split(".", 1)[0]
    for title, names in TOPICS:
        if top in names:
            return title
    return "Other rules"


def section_title(section: str) -> str:
    return {"limit_hands": "Limit hands", "parameters": "Parameters", "fans": "Fans", "doublings": "Doublings",
            "points": "Points", "scoring": "Scoring parameters"}.get(section,
                                                                     section.replace("_", " ").capitalize())


def row_key(row: Mapping[str, Any]) -> str:
    key = str(row.get("predicate"))
    if row.get("applies_to") not in (None, "winner"):
        key += f" ({row['applies_to']})"
    if row.get("per") not in (None, "hand"):
        key += f" per {row['per']}"
    return key
