"""A score sheet's canonical YAML text: what a sheet entered on a form is saved as, for a person to read.

A sheet typed into the server's score-entry page reaches the server as JSON;
it is kept as the same YAML a person writes by hand (``docs/score-sheets.md``),
so that ``mahjong audit`` and ``mahjong record`` read it, a referee can correct
it in a text editor, and its mistakes are named at lines a person can find.
The text is a function of the sheet alone: keys in the format's order (the
order of the worked sheets in ``replays/sheets/``), each player's figures in
seat order, a scalar quoted only where YAML would read it as something other
than the string it is.  Every text is read back before it is returned; a sheet
this writer could not spell plainly comes out as JSON, which YAML reads too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.rules.document import parse_yaml_mapping

__all__ = ["sheet_yaml"]

_TOP = ("sheet", "ruleset", "title", "date", "place", "notes", "players", "deals", "final")
_DEAL = ("dealer", "round", "honba", "declared", "winner", "drawn", "abortive", "ready", "all_orphan_discards", "from",
         "how", "tile", "score", "flags", "facts", "calling", "hands", "dice", "dealt", "moves", "values", "payments",
         "net", "totals", "notes")
#: Keys whose value is a mapping by player: written in seat order, whatever order the form sent them in.
_BY_PLAYER = frozenset({"hands", "dealt", "values", "net", "totals", "final"})
#: Keys written as one line (``{Anna: 2, Boris: 60}``, ``[Anna, Boris]``): short figures, as a table writes them.
_FLOW = frozenset({"players", "flags", "calling", "values", "net", "totals", "dice", "facts", "final", "declared",
                   "ready", "all_orphan_discards", "winner", "score"})
#: Hands and dealt tiles are always quoted, as in the format's documentation: ``"123m456p"`` at a glance.
_QUOTED = frozenset({"hands", "dealt"})
#: A plain scalar YAML reads back as this same string: a letter first, then letters, digits and ``_ .->+``.
_PLAIN = re.compile(r"[^\W\d][\w .\->+]*")
#: Words YAML 1.1 (PyYAML's reading) takes for booleans or null.
_RESERVED = frozenset({"y", "n", "yes", "no", "true", "false", "on", "off", "null"})


def sheet_yaml(document: Mapping[str, Any]) -> str:
    """The canonical YAML text of a score sheet given as plain data (what a JSON body decodes to).

    Works on any JSON value (a sheet not yet checked against the schema included), so the text of a sheet
    with a mistake can be shown and its mistake located in it.
    """
    text = _document(document)
    try:
        same = parse_yaml_mapping(text, "<sheet>", expected="a score sheet") == document
    except Exception:  # noqa: BLE001 -- any refusal of our own text means: fall back to JSON, read the same way
        same = False
    if same:
        return text
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _document(document: Mapping[str, Any]) -> str:
    players = document.get("players")
    order = [p for p in players if isinstance(p, str)] if isinstance(players, list) else []
    lines: list[str] = []
    for key in _ordered(document, _TOP):
        value = document[key]
        if key == "deals" and isinstance(value, list) and value and all(isinstance(d, Mapping) for d in value):
            lines.append("deals:")
            for deal in value:
                body = [line for k in _ordered(deal, _DEAL) for line in _entry(k, deal[k], order)]
                lines += [("  - " if i == 0 else "    ") + line for i, line in enumerate(body)] or ["  - {}"]
        else:
            lines += _entry(key, value, order)
    return "\n".join(lines) + "\n"


def _ordered(mapping: Mapping[str, Any], order: Sequence[str]) -> list[str]:
    return [k for k in order if k in mapping] + [k for k in mapping if k not in order]


def _entry(key: str, value: Any, players: list[str]) -> list[str]:
    """``key: value`` as one line or a block of lines (nested lines indented by two)."""
    head = f"{_scalar(key)}:"
    if isinstance(value, Mapping) and value:
        keys = list(value)
        if key in _BY_PLAYER:
            keys = [p for p in players if p in value] + [k for k in value if k not in players]
        quote = key in _QUOTED
        if key in _FLOW and all(not isinstance(value[k], (Mapping, list)) for k in keys):
            return [f"{head} {{{', '.join(f'{_scalar(k)}: {_scalar(value[k], quote)}' for k in keys)}}}"]
        return [head, *(f"  {line}" for k in keys for line in _entry(k, value[k], players))] if not quote else \
            [head, *(f"  {_scalar(k)}: {_scalar(value[k], True)}" if not isinstance(value[k], (Mapping, list))
                     else f"  {_scalar(k)}: {_json(value[k])}" for k in keys)]
    if isinstance(value, list) and value:
        if key in _FLOW and all(not isinstance(v, Mapping) for v in value):
            return [f"{head} {_flow_list(value)}"]
        return [head, *(f"  - {_scalar(v)}" if not isinstance(v, (Mapping, list)) else f"  - {_json(v)}"
                        for v in value)]
    if isinstance(value, (Mapping, list)):
        return [f"{head} {_json(value)}"]
    return [f"{head} {_scalar(value)}"]


def _flow_list(value: list[Any]) -> str:
    return "[" + ", ".join(_flow_list(v) if isinstance(v, list) else _scalar(v) for v in value) + "]"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _scalar(value: Any, quote: bool = False) -> str:
    if isinstance(value, str):
        plain = not quote and _PLAIN.fullmatch(value) is not None and not value.endswith(" ") \
            and value.lower() not in _RESERVED
        return value if plain else _json(value)
    return _json(value)  # an integer, true, false or null: JSON spells them as YAML reads them
