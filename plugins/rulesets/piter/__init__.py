"""Piter (St Petersburg club) pair play, seed 003: the rules are in ``ruleset.yaml`` next to this module.

Piter's tables score some things the classical family's predicates say
differently (its special pairs, its own-bonus tiles, "the last of four");
this module contributes those predicates (:mod:`.predicates`) to Piter and
the rulesets that extend it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.rulesets.piter import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """Piter's own pairs, own-bonus tiles, last wall tile and last of four (003 lines 32-77)."""
    return list(predicates.VOCABULARY)
