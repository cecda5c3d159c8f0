"""What ``mahjong hand`` reports of a hand holding jokers, under a ruleset that plays them.

Where a ruleset plays its jokers (``jokers: {played: true}``), a joker in the
hand is a held tile, wild where the ruleset lets it stand (its
:class:`~mahjong_core.hand.jokers.JokerRule`): it counts among the hand's
tiles, and completeness, shanten and waits are those of
:mod:`mahjong_core.hand.jokers`.  A complete hand is shown in one reading
(:func:`~mahjong_core.hand.jokers.joker_reading`) with the kind each joker stands
for, so a player sees why it is complete.  The facts are those of
:func:`mahjong_core.hand.report.analyse` (its keys), with ``jokers``,
``jokers_in`` and, for a complete hand, ``stand_ins`` beside them; a hand
without jokers never comes here and reads as it always has.
"""

from __future__ import annotations

import itertools
from typing import Any

from mahjong_core.errors import HandError
from mahjong_core.hand import notation
from mahjong_core.hand.jokers import (
    JokerRule,
    Jokers,
    is_complete_with_jokers,
    joker_reading,
    seven_pairs_shanten_with_jokers,
    shanten_with_jokers,
    waits_with_jokers,
)
from mahjong_core.hand.melds import Hand, Meld, MeldKind
from mahjong_core.hand.tiles import JOKER, KINDS, TileSet


def joker_places(rule: JokerRule) -> list[str]:
    """Where the rule lets a joker stand, in the words of the ruleset's ``jokers.in``."""
    return [name for name, allowed in (("pungs", rule.pungs), ("pairs", rule.pairs), ("chows", rule.chows))
            if allowed]


def analyse_with_jokers(hand: Hand, counts: bytes, tiles: TileSet | None, hand_size: int,
                        rule: JokerRule, *, shown: Hand | None = None, held: Jokers | None = None) -> dict[str, Any]:
    """The report of a hand whose ``hand.jokers`` are held and played under ``rule``.

    ``counts`` are the playing tiles held (concealed and the winning tile); the jokers count among the hand's
    tiles, so the size checked is the hand's tile count and its jokers.  ``shown`` is the hand as it was written
    where its jokers are copies of the deal's wild kind, each named by its own code (``jokers.wild``).  ``held``
    is the jokers' count per type where the ruleset's jokers are typed (``jokers.stands_for``); typed jokers are
    read for sets and a pair only.
    """
    size = hand.tile_count() + hand.jokers
    if size not in (hand_size, hand_size + 1):
        raise HandError(f"a hand has {hand_size} tiles (to see its waits) or {hand_size + 1} (to see its "
                        f"arrangements); this one has {size} with its {hand.jokers} joker(s) (a kong counts as "
                        "three)", source="<argument>")
    jokers: Jokers = hand.jokers if held is None else held
    # seven pairs: a form of fourteen tiles, read as the plain hand reads it (not with typed jokers)
    seven_pairs = not hand.melds and hand_size == 13 and not rule.stands_for
    standard = shanten_with_jokers(counts, jokers, rule)
    report: dict[str, Any] = {
        "hand": notation.format_hand(shown if shown is not None else hand, tiles),
        # jokers after, as the notation writes them; a wild kind's copies in their places, as written
        "glyphs": notation.glyphs(shown.all_tiles()) if shown is not None else
        notation.glyphs(hand.all_tiles()) + JOKER[2] * hand.jokers,
        "tiles": size,
        "jokers": hand.jokers,
        "jokers_in": joker_places(rule),
        "shanten": {"best": standard, "standard": standard},
    }
    if seven_pairs:
        pairs = seven_pairs_shanten_with_jokers(counts, jokers, rule)
        report["shanten"] = {"best": min(standard, pairs), "standard": standard, "seven_pairs": pairs}
    if tiles is not None and (hand.marked or hand.bonus):
        report["marked"] = [tiles.code(tiles.marked_of(k)) for k in hand.marked]
        report["set_aside"] = [tiles.code(k) for k in hand.bonus]
        report["names"] = {tiles.code(k): info.name for k in {*hand.bonus, *map(tiles.marked_of, hand.marked)}
                           if (info := tiles.kinds[k]) is not None}
    if size == hand_size + 1:
        complete = is_complete_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs)
        report["complete"] = complete
        report["arrangements"] = []
        if complete:
            form, melds, stood = _reading(counts, jokers, rule)
            winning = hand.winning_tile if hand.winning_tile is not None else \
                (hand.concealed[-1] if hand.concealed else None)
            report["arrangements"] = [{
                "form": form,
                "melds": [meld_facts(m) for m in (*melds, *hand.melds)],
                "winning_meld": _winning_meld(melds, winning),
            }]
            report["stand_ins"] = [KINDS[k].code for k in stood]
    else:
        report["waits"] = [KINDS[t].code for t in waits_with_jokers(counts, jokers, rule, seven_pairs=seven_pairs)]
    return report


def meld_facts(meld: Meld) -> dict[str, Any]:
    """A meld as the report gives it: its kind, its kinds played (a joker as the kind it stands for), whether it
    is exposed, and the kinds its jokers stand for where it holds any."""
    facts: dict[str, Any] = {"kind": meld.kind.value, "tiles": [KINDS[t].code for t in meld.tiles],
                             "exposed": meld.exposed}
    if meld.jokers:
        facts["jokers"] = [KINDS[t].code for t in meld.jokers]
    return facts


def _reading(counts: bytes, jokers: Jokers, rule: JokerRule) -> tuple[str, tuple[Meld, ...], tuple[int, ...]]:
    """One reading of a complete hand, each meld naming its jokers' kinds: sets and a pair where it makes them,
    else seven pairs (a joker beside each single, two more as a pair of the lowest kind not held)."""
    melds = joker_reading(counts, jokers, rule)
    form = "standard"
    if melds is None:
        form, pairs = "seven_pairs", []
        for kind, n in enumerate(counts):
            pairs += [Meld(MeldKind.PAIR, (kind, kind))] * (n // 2)
            if n % 2:
                pairs.append(Meld(MeldKind.PAIR, (kind, kind), jokers=(kind,)))
        assert isinstance(jokers, int)  # typed jokers are read for sets and a pair only
        left = jokers - sum(n % 2 for n in counts)
        free = (k for k, held in enumerate(counts) if not held)
        pairs += [Meld(MeldKind.PAIR, (k, k), jokers=(k, k)) for k in itertools.islice(free, left // 2)]
        melds = tuple(pairs)
    return form, melds, tuple(sorted(k for m in melds for k in m.jokers))


def _winning_meld(melds: tuple[Meld, ...], winning: int | None) -> int | None:
    """The first meld of the reading holding the winning tile as a playing tile (not as a joker's kind)."""
    if winning is None:
        return None
    return next((i for i, m in enumerate(melds) if list(m.tiles).count(winning) > list(m.jokers).count(winning)),
                None)
