"""Which special forms a ruleset lets win, and whether a hand is a mahjong in one of them.

Four sets and a pair always win; seven pairs, thirteen orphans and the
knitted forms win only where the ruleset's own tables score them, so that rule
is read from the data here rather than written into the game.  The game
(:class:`mahjong_core.engine.Game`) asks once per ruleset which forms it
recognises, and then asks of every hand that might win whether it is complete
in one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from . import shanten as shanten_mod
from .melds import Form, Hand
from .predicates import Predicate

if TYPE_CHECKING:
    from .rules import Ruleset

_FORM_KEYS = {Form.SEVEN_PAIRS: "seven_pairs", Form.THIRTEEN_ORPHANS: "thirteen_orphans",
              Form.KNITTED_STRAIGHT: "knitted", Form.HONOURS_AND_KNITTED: "knitted"}


def recognised_forms(ruleset: Ruleset) -> dict[str, tuple[Predicate, ...] | None]:
    """The special forms a ruleset accepts as mahjong besides four sets and a pair.

    A form is a mahjong exactly where some table row names a predicate that
    declares it recognises the form (:attr:`mahjong_core.predicates.Predicate.recognises`):
    ``None`` when one of them accepts every hand of the form (seven pairs),
    else the predicates that admit only some (heavenly twins).  So the rule
    lives in the data: a ruleset with no seven-pairs hand does not let seven
    pairs win.
    """
    named: dict[str, Predicate] = {}
    for table in ruleset.raw_tables.values():
        if isinstance(table, Mapping):
            for row in table.values():
                if isinstance(row, Mapping) and isinstance(row.get("predicate"), str):
                    predicate = ruleset.predicate(row["predicate"])
                    named[predicate.name] = predicate
    forms: dict[str, tuple[Predicate, ...] | None] = {}
    for form in ("seven_pairs", "thirteen_orphans", "knitted"):
        naming = [p for _, p in sorted(named.items()) if any(_FORM_KEYS.get(f) == form for f in p.recognises)]
        if any(p.recognises_all for p in naming):
            forms[form] = None
        elif naming:
            forms[form] = tuple(naming)
    return forms


def is_mahjong(counts: list[int], forms: Mapping[str, tuple[Predicate, ...] | None]) -> bool:
    """Whether concealed counts form a mahjong in four sets and a pair or one of ``forms``.

    ``forms`` is what :func:`recognised_forms` says of the ruleset: seven
    pairs, thirteen orphans and the knitted forms are mahjongs only where the
    ruleset's tables score them.
    """
    if sum(counts) % 3 != 2:
        return False  # a hand of the wrong size is no mahjong
    h = bytes(counts)
    # One test with every form the ruleset may accept; most hands fail it and stop here.
    if not shanten_mod.is_complete_counts(h, seven_pairs="seven_pairs" in forms,
                                          thirteen_orphans="thirteen_orphans" in forms):
        if not ("knitted" in forms and sum(1 for n in counts if n) >= 9):
            return False
    elif not forms or shanten_mod.is_complete_counts(h, seven_pairs=False, thirteen_orphans=False):
        return True
    from .arrangements import arrangements

    tiles = tuple(k for k, n in enumerate(counts) for _ in range(n))
    hand = Hand(tiles[:-1], winning_tile=tiles[-1])
    # Built from the seat's counts, the hand is valid: no need to check it again.
    for reading in arrangements(hand, seven_pairs="seven_pairs" in forms, thirteen_orphans="thirteen_orphans" in
                                forms, knitted="knitted" in forms, checked=True):
        only = forms.get(_FORM_KEYS.get(reading.form, ""), ())
        if only is None or any(predicate.fn(reading, hand, {}) for predicate in only or ()):
            return True
    return False
