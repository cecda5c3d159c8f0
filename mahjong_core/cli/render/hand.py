"""``mahjong hand`` as text: a hand's reading, shanten per form, and its arrangements or its waits, one a line.

The facts are :func:`mahjong_core.analyse`'s (JSON-ready, tiles
by their codes); this module only lays them out, with each meld in the
notation -- ``[...]`` exposed, ``(...)`` a concealed kong, ``*`` the meld the
winning tile completed.  The docs' worked examples show the same text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.hand.notation import format_tiles
from mahjong_core.hand.tiles import KINDS


def _tiles(codes: Sequence[str]) -> str:
    kind_of = {kind.code: index for index, kind in enumerate(KINDS)}  # now: a ruleset may have added kinds
    return format_tiles([kind_of[code] for code in codes])


def _meld_tiles(meld: Mapping[str, Any]) -> str:
    """A meld's tiles in the notation: where jokers stand in it (``jokers``), a pung's, kong's or pair's playing
    tiles and then a joker (``1j``) for each, a chow's joker in the place of the kind it stands for (``5p1j7p``)."""
    if not meld.get("jokers"):
        return _tiles(meld["tiles"])
    wild = list(meld["jokers"])
    if meld["kind"] in ("pung", "kong", "pair"):
        return _tiles(meld["tiles"][len(wild):]) + "1j" * len(wild)
    text, run = "", list[str]()
    for code in meld["tiles"]:
        if code in wild:
            wild.remove(code)
            text += (_tiles(run) if run else "") + "1j"
            run = []
        else:
            run.append(code)
    return text + (_tiles(run) if run else "")


def _arrangement_text(arrangement: Mapping[str, Any]) -> str:
    parts = []
    for i, meld in enumerate(arrangement["melds"]):
        text = _meld_tiles(meld)
        text = f"[{text}]" if meld["exposed"] else f"({text})" if meld["kind"] == "kong" else text
        if i == arrangement["winning_meld"]:
            text += "*"
        parts.append(f"{meld['kind']}:{text}")
    return " ".join(parts)


def hand_text(report: Mapping[str, Any]) -> str:
    """The report of :func:`~mahjong_core.analyse` as the lines ``mahjong hand`` prints."""
    lines = [f"hand      {report['hand']}", f"          {report['glyphs']}"]
    names = report.get("names", {})
    if report.get("marked"):
        lines.append("marked    " + ", ".join(f"{c} ({names.get(c, c)})" for c in report["marked"]))
    if report.get("set_aside"):
        lines.append("set aside " + ", ".join(f"{c} ({names.get(c, c)})" for c in report["set_aside"]))
    if "jokers" in report:  # jokers held and played (the ruleset's jokers.in says where they stand)
        lines.append(f"jokers    {report['jokers']} held, wild in " + (", ".join(report["jokers_in"]) or "nothing"))
    lines.append("shanten   " + ", ".join(f"{k} {v}" for k, v in report["shanten"].items()))
    if "arrangements" in report:
        found = report["arrangements"]
        lines.append(f"complete  {'yes' if found else 'no'}; {len(found)} arrangement(s)")
        lines += [f"  {a['form']:<20} {_arrangement_text(a)}" for a in found]
        if report.get("stand_ins"):
            lines.append("stand-ins " + ", ".join(f"1j as {code}" for code in report["stand_ins"]))
    else:
        waits = report["waits"]
        lines.append("waits     " + (_tiles(waits) if waits else "none"))
    return "\n".join(lines)
