"""Zung Jung (Alan Kwan's scoring system, v3.3): the rules are in ``ruleset.yaml`` next to this module.

The data cannot name the patterns no shared vocabulary has (concealed
triplets counted, identical, similar and consecutive sets, the terminal
hands with chows): :mod:`.patterns` adds them, and this module contributes
them to the ruleset's games.  Its payoff scheme is :mod:`.payoff`.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.zung_jung import patterns

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The Zung Jung patterns of :mod:`.patterns`."""
    return list(patterns.VOCABULARY)
