"""The riichi family's special winning forms: seven pairs (chiitoitsu) and thirteen orphans (kokushi musou).

A ruleset's special forms win in play where its tables name a predicate that recognises them
(``mahjong_core.plugin``'s ``recognised_forms``); the riichi family scores from its own ``scoring.yaku`` table,
whose rows name no predicates, so neither form could win in a riichi game although the family scores both
(:mod:`.evaluate`).  The family registers them here as :class:`~mahjong_core.plugin.WinningForm`
contributions, as its scoring reads them (the EMA's 2016 riichi rules, sections 4.2.2 and 4.2.5, cited, not
quoted):

* **seven pairs**: fourteen concealed tiles in seven *different* pairs -- four equal tiles are not two pairs
  (Japanese Mahjong Wiki, "Chiitoitsu");
* **thirteen orphans**: one of each terminal and honour and a second of one of them.

Both say they lie within shanten (``within_shanten``): the core's shanten counts seven pairs and thirteen
orphans, so a hand it calls one or more from ready cannot be completed in them by one tile, and a game asks no
quick test for them (a riichi game pays nothing for them until a hand is ready).
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_core.plugin import Contribution, WinningForm

#: The terminals and honours, by kind (the 34 standard kinds: 1m 9m 1p 9p 1s 9s and the seven honours).
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def seven_pairs(counts: bytes) -> bool:
    """Seven different pairs, the whole of fourteen concealed tiles."""
    return sum(counts) == 14 and all(n in (0, 2) for n in counts)


def thirteen_orphans(counts: bytes) -> bool:
    """Each terminal and honour, one of them twice: the whole of fourteen concealed tiles."""
    return sum(counts) == 14 and all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14


def contributions(module: object) -> Sequence[Contribution]:
    """The two forms, as the family plugin ``module`` contributes them."""
    return [Contribution("form", "riichi_seven_pairs", module, "seven different pairs (chiitoitsu)",
                         form=WinningForm(seven_pairs, within_shanten=True)),
            Contribution("form", "riichi_thirteen_orphans", module, "thirteen orphans (kokushi musou)",
                         form=WinningForm(thirteen_orphans, within_shanten=True))]
