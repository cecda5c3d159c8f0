"""Talking to the reference calculator (PyMahjongGB's ``MahjongFanCalculator``) without depending on it.

The tests and ``benchmarks/bench_mcr.py`` compare this engine with the
reference on thousands of hands.  The reference is a test-only dependency
(``pip install pymahjonggb``, module ``MahjongGB``): this module never
imports it; callers pass its calculator function in.  It holds the two
translations both callers need:

* :func:`reference_arguments` -- a hand and its win context as the
  calculator's keyword arguments (its tile codes: ``W`` characters, ``B``
  dots, ``T`` bamboo, ``F1``-``F4`` winds, ``J1`` red, ``J2`` green, ``J3``
  white dragon);
* :func:`reference_fans` -- the calculator's verbose answer as
  ``{row id: points}`` in this ruleset's row names.

:func:`classify` names the documented reason for a difference in totals
(see ``docs/mcr-differences.md``), or ``None`` for an unexplained one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mahjong_rulesets.families.mcr.facts import DEFAULT_SITUATION, situation

from mahjong_core.plugin import ClaimedFrom, Hand, MeldKind

_SUIT_CODE = ("W", "B", "T")
_DRAGON_CODE = {31: "J3", 32: "J2", 33: "J1"}


def _offer(source: ClaimedFrom | None) -> int:
    """The reference's offer number: 1 the left (or no seat), 2 across, 3 the right."""
    return 1 if source is None or source.is_left else 2 if source.is_across else 3


#: The reference's English fan names that differ from ``name.lower()`` with spaces and dashes as underscores.
_RENAMED = {
    "all_honors": "all_honours",
    "all_terminals_and_honors": "all_terminals_and_honours",
    "greater_honors_and_knitted_tiles": "greater_honours_and_knitted",
    "lesser_honors_and_knitted_tiles": "lesser_honours_and_knitted",
    "all_five": "all_fives",
    "two_dragons_pungs": "two_dragon_pungs",
    "pung_of_terminals_or_honors": "pung_of_terminals_or_honours",
    "no_honors": "no_honours",
    "concealed_kong_and_melded_kong": "melded_and_concealed_kong",
}


def tile_code(kind: int) -> str:
    """The reference's code for a playing tile kind."""
    if kind < 27:
        return f"{_SUIT_CODE[kind // 9]}{kind % 9 + 1}"
    if kind < 31:
        return f"F{kind - 26}"
    return _DRAGON_CODE[kind]


def reference_arguments(hand: Hand, context: Mapping[str, Any]) -> dict[str, Any]:
    """The calculator's keyword arguments for a winning hand (``verbose=True`` included)."""
    sit = situation(hand, context, DEFAULT_SITUATION)
    packs = []
    for meld in hand.melds:
        if meld.kind is MeldKind.CHOW:
            packs.append(("CHI", tile_code(meld.tiles[1]), 1))
        elif meld.kind is MeldKind.PUNG:
            packs.append(("PENG", tile_code(meld.tiles[0]), _offer(meld.claimed_from)))
        else:
            packs.append(("GANG", tile_code(meld.tiles[0]), _offer(meld.claimed_from) if meld.exposed else 0))
    winning = sit.winning_tile
    return {
        "pack": tuple(packs),
        "hand": tuple(tile_code(t) for t in hand.concealed),
        "winTile": tile_code(winning if winning is not None else 0),
        "flowerCount": len(hand.bonus),
        "isSelfDrawn": sit.self_drawn,
        "is4thTile": sit.last_tile_of_kind,
        "isAboutKong": sit.replacement or sit.robbing_kong,
        "isWallLast": sit.last_tile,
        "seatWind": (sit.seat_wind or 27) - 27,
        "prevalentWind": (sit.prevalent_wind or 27) - 27,
        "verbose": True,
    }


def row_id(english: str) -> str:
    """This ruleset's row id for one of the reference's English fan names."""
    plain = english.lower().replace("-", "_").replace(" ", "_")
    return _RENAMED.get(plain, plain)


def reference_fans(calculate: Callable[..., Any], hand: Hand, context: Mapping[str, Any]) -> dict[str, int]:
    """``{row id: points}`` as the reference scores the hand (raises what the calculator raises)."""
    out: dict[str, int] = {}
    for points, count, _chinese, english in calculate(**reference_arguments(hand, context)):
        rid = row_id(english)
        out[rid] = out.get(rid, 0) + points * count
    return out


#: Documented differences: name -> (test on (ours, reference) fan dicts, expected ours - reference).
DIFFERENCES: dict[str, tuple[Callable[[Mapping[str, int], Mapping[str, int]], bool], int]] = {
    # 000 line 605: two concealed kongs score 8 points; the reference (after the official table) gives 6.
    "two_concealed_kongs_is_8": (
        lambda ours, ref: ours.get("two_concealed_kongs") == 8 and ref.get("two_concealed_kongs") == 6,
        2,
    ),
    # 000 line 614: one exposed and one concealed kong score 6 points; the reference's rider is worth 5.
    "melded_and_concealed_kong_is_6": (
        lambda ours, ref: ours.get("melded_and_concealed_kong") == 6 and ref.get("melded_and_concealed_kong") == 5,
        1,
    ),
}


def classify(ours: Mapping[str, int], reference: Mapping[str, int]) -> str | None:
    """The documented difference that explains the two totals differing, or ``None``.

    ``ours`` and ``reference`` are ``{row id: points}`` of each side.
    """
    delta = sum(ours.values()) - sum(reference.values())
    if delta == 0:
        return "equal"
    explained = 0
    names = []
    for name, (test, amount) in DIFFERENCES.items():
        if test(ours, reference):
            explained += amount
            names.append(name)
    if names and explained == delta:
        return "+".join(names)
    return None
