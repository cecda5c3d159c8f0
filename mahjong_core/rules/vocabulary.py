"""Every installed ruleset's predicates in one mapping, for references and checks that span rulesets.

A ruleset's own vocabulary (:attr:`mahjong_core.rules.Ruleset.predicates`) is
what games of it use; this union answers "what can any installed table
name", which the generated docs and the test suite ask.
"""

from __future__ import annotations

from ..predicates import Predicate, merge_vocabularies
from .loader import load_ruleset
from .registry import available


def installed_predicates() -> dict[str, Predicate]:
    """The union of every installed ruleset's vocabulary, by name (an error if two rulesets differ on a name)."""
    return merge_vocabularies(
        (ruleset_id, predicate)
        for ruleset_id in available()
        for predicate in load_ruleset(ruleset_id).predicates.values()
    )
