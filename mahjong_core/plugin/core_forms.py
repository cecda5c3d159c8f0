"""The core's winning forms, registered as any plugin registers one (``mahjong_contributions``).

Four sets and a pair -- n sets and a pair, n from the ruleset's hand size --
seven pairs, thirteen orphans and the knitted forms are :class:`WinningForm`
contributions of this module, beside the forms a family, a mechanism or a
ruleset adds (:func:`mahjong_core.plugin.forms.registered_forms` gathers
them all for a ruleset).  The game does not call these one by one: it asks
one combined count test of the core's forms
(:func:`mahjong_core.plugin.forms.is_mahjong`), which a test holds to these,
and calls only the forms that plugins add.  Which of seven pairs, thirteen
orphans and the knitted forms may win is still the ruleset's tables' to say
(:func:`mahjong_core.plugin.forms.recognised_forms`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import Form, Hand
from mahjong_core.hand.shanten import ORPHANS, is_complete_counts
from mahjong_core.plugin.contributions import Contribution, WinningForm
from mahjong_core.plugin.hookspecs import hookimpl

#: The names of the core's forms, as ``recognised_forms`` names the special ones.
STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS, KNITTED = "standard", "seven_pairs", "thirteen_orphans", "knitted"


def standard(counts: bytes) -> bool:
    """n sets and a pair, n from the number of tiles (declared melds make up the rest of the hand size)."""
    return sum(counts) % 3 == 2 and is_complete_counts(counts, seven_pairs=False, thirteen_orphans=False)


def seven_pairs(counts: bytes) -> bool:
    """Seven pairs of fourteen concealed tiles, four equal tiles counting as two pairs."""
    return sum(counts) == 14 and not any(n % 2 for n in counts)


def thirteen_orphans(counts: bytes) -> bool:
    """One of each terminal and honour and a second of one of them."""
    return sum(counts) == 14 and all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14


def knitted(counts: bytes) -> bool:
    """A knitted straight with a set and a pair, or honours and knitted tiles: fourteen concealed tiles."""
    if sum(counts) != 14:
        return False
    tiles = tuple(k for k, n in enumerate(counts) for _ in range(n))
    return any(a.form in (Form.KNITTED_STRAIGHT, Form.HONOURS_AND_KNITTED)
               for a in arrangements(Hand(tiles[:-1], winning_tile=tiles[-1]), knitted=True, checked=True))


#: The core's forms, in the order the docs list them.
CORE_FORMS = (
    Contribution("form", STANDARD, sys.modules[__name__], "n sets and a pair (four for 13 tiles, five for 16)",
                 form=WinningForm(standard)),
    Contribution("form", SEVEN_PAIRS, sys.modules[__name__], "seven pairs, where the ruleset's tables score them",
                 form=WinningForm(seven_pairs)),
    Contribution("form", THIRTEEN_ORPHANS, sys.modules[__name__],
                 "thirteen orphans, where the ruleset's tables score them", form=WinningForm(thirteen_orphans)),
    Contribution("form", KNITTED, sys.modules[__name__],
                 "knitted straight and honours and knitted tiles, where the ruleset's tables score them",
                 form=WinningForm(knitted)),
)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    """The core's winning forms."""
    return list(CORE_FORMS)
