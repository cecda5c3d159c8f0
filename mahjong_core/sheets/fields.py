"""What a ruleset's score sheet can say of a deal beyond the core's fields, asked of its plugins, never of its name.

Every sheet says who won, from whom, the hands and the figures the table wrote.  What else a deal's entry holds
depends on the rules: a family that pays a hand by its figures (riichi's han and fu) answers
``mahjong_score_figures``, and the figures a sheet writes are the score-sheet schema's; a mechanism says which keys
of a deal it reads (:attr:`~mahjong_core.plugin.Contribution.sheet_keys`: the ready-hand payments read ``ready``,
the dealer's repeat ``honba``, a declaration ``declared``).  The score-entry page asks this module which fields to
offer for the chosen ruleset, so a third party's family or mechanism gets its fields on the page the same way the
bundled ones do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mahjong_core.plugin.binding import bind
from mahjong_core.sheets.read import sheet_schema

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset

__all__ = ["sheet_fields"]

#: What a sheet tells of a drawn deal that no figure shows (``told``), in the order the page offers them.
TOLD = ("ready", "all_orphan_discards")


def sheet_fields(ruleset: Ruleset) -> dict[str, Any]:
    """The fields a score sheet of ``ruleset`` may give a deal beyond the core's, as the page offers them.

    :returns: ``figures`` (the names of a winner's figures, ``han``, ``fu``, ``limit``, ``yaku``, where the family
        scores a win by them; empty where it scores hands only), ``declarations`` (the declarations ``declared``
        may name, by action kind), ``told`` (``ready``, ``all_orphan_discards``: what a drawn deal tells),
        ``abortive`` (the ruleset's abortive draws by name), ``honba`` (whether the dealer-repeat counter is
        played) and ``winners`` (the most players who may win on one discard).
    """
    binding = bind(ruleset)
    keys: set[str] = set()
    declaring: set[str] = set()
    for mechanism in binding.mechanisms:
        keys |= mechanism.sheet_keys
        if "declared" in mechanism.sheet_keys:
            declaring.add(mechanism.name)
    family = binding.family
    pays_figures = family is not None and callable(getattr(family.plugin, "mahjong_score_figures", None))
    figures = list(sheet_schema()["$defs"]["figures"]["properties"]) if pays_figures else []
    declarations = sorted(kind for kind, (vocabulary, _) in binding.vocabulary.plugin_actions.items()
                          if vocabulary.name in declaring)
    abortive = sorted(ruleset.get("abortive_draws") or ()) if "abortive" in keys else []
    return {"figures": figures, "declarations": declarations, "told": [k for k in TOLD if k in keys],
            "abortive": abortive, "honba": "honba" in keys,
            "winners": int(ruleset.get("most_winners_on_one_discard") or 1)}
