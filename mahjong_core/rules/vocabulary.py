"""Every installed ruleset's predicates in one mapping, for references and checks that span rulesets.

A ruleset's own vocabulary (:attr:`mahjong_core.rules.Ruleset.predicates`) is
what games of it use; this union answers "what can any installed table
name", which the generated docs and the test suite ask.
"""

from __future__ import annotations

from mahjong_core.hand.predicates import Predicate, merge_vocabularies
from mahjong_core.rules.loader import load_ruleset
from mahjong_core.rules.registry import available


def installed_predicates() -> dict[str, Predicate]:
    """The union of every installed ruleset's vocabulary, by name (an error if two rulesets differ on a name)."""
    return merge_vocabularies(
        (ruleset_id, predicate)
        for ruleset_id in available()
        for predicate in load_ruleset(ruleset_id).predicates.values()
    )
