"""The predicates the flat family's tables name, each prefixed ``flat_``.

A ruleset's vocabulary is the union of what every installed plugin
contributes, so a third party's names share one namespace with the bundled
families' (``cl_``, ``hk_``, ``mcr_``) and the core's plain names.  The
``flat_`` prefix keeps these from ever colliding with a name another plugin
defines differently, which would be a load error for every ruleset.

The set predicates are asked of an arrangement holding one meld when a row
counts ``per: meld`` (see :mod:`mahjong_flat_family.scoring`), so each is
written as "the arrangement has such a meld"; counted meld by meld that is the
number of such melds.  Whether the meld is concealed is not theirs to say: the
engine doubles a concealed meld's value itself, with the ruleset's multiplier.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import Arrangement, Hand, MeldKind, Vocabulary

__all__ = ["VOCABULARY", "flat_chow", "flat_kong", "flat_mahjong", "flat_pung", "flat_self_drawn"]

#: What this package adds to every ruleset's vocabulary (through its plugin's ``mahjong_predicates`` hook).
VOCABULARY = Vocabulary()


def _has(arrangement: Arrangement, kind: MeldKind) -> bool:
    return any(meld.kind is kind for meld in arrangement.melds)


@VOCABULARY.predicate("flat_chow", description="a chow (counted per meld)")
def flat_chow(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Three tiles of one suit in sequence, "Чоу" (000 line 79)."""
    return _has(arrangement, MeldKind.CHOW)


@VOCABULARY.predicate("flat_pung", description="a pung, three equal tiles (counted per meld)")
def flat_pung(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Three equal tiles, "Панг" (000 line 82); a kong is not a pung here, it has its own row."""
    return _has(arrangement, MeldKind.PUNG)


@VOCABULARY.predicate("flat_kong", description="a kong, four equal tiles (counted per meld)")
def flat_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Four equal tiles, "Конг" (000 line 85), however it was declared."""
    return _has(arrangement, MeldKind.KONG)


@VOCABULARY.predicate("flat_mahjong", description="the hand went out (every winning hand)")
def flat_mahjong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winning combination of fourteen tiles, "Маджонг" (000 line 31).

    The engine scores only complete winning hands, so this holds for every
    hand it asks about; the row naming it is the points for going out.
    """
    return bool(arrangement.melds)


@VOCABULARY.predicate("flat_self_drawn", description="the winning tile came from the wall", facts=("self_drawn",))
def flat_self_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The winning tile was taken from the wall, "Сам Купил" (000 line 169), the dead wall included."""
    return bool(ctx["self_drawn"])
