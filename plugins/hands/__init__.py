"""The shared named hands as a plugin: contributed to every installed ruleset's vocabulary.

See :mod:`.predicates`; registered in the ``mahjong_core.plugins`` entry-point group as ``hands``.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.hands import predicates

from mahjong_core.plugin import Predicate, hookimpl


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """Pure suit, all honours, the four-wind hands, seven pairs, thirteen orphans and the others families share."""
    return list(predicates.VOCABULARY)
