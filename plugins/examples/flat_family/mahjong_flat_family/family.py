"""The flat family's plugin: what this package contributes to mahjong-core, and how its games score.

Registered in the ``mahjong_core.plugins`` entry-point group as
``flat_family`` (this package's ``pyproject.toml``), exactly as the bundled
families are: mahjong-core asks every module of that group, once per process,
for its predicates and its contributions.  A ruleset then chooses the family
with ``scoring.family: flat`` and the settlement with ``settlement: flat``.
Each contribution names the module whose hooks do its work: the family's is
this module, registered in every game of such a ruleset (and of no other),
which scores its hands (``mahjong_score_hand``) and lets the loader check
its tables (``mahjong_check_tables``); the settlement's is :mod:`.settlement`.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_core.plugin import Contribution, FactsRead, Hand, Predicate, Ruleset, Score, hookimpl, load_schema

from . import settlement
from .predicates import VOCABULARY
from .scoring import FAMILY, facts_read, flat_tables, score


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The ``flat_`` predicates, so that a table row naming one validates like any other."""
    return list(VOCABULARY)


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    """The flat family and the flat settlement, under the names ruleset data uses for them."""
    return [Contribution("family", FAMILY, sys.modules[__name__],
                         description="flat points per set, doubled when concealed, and points for going out",
                         parameters=load_schema(__package__, "parameters.schema.json")),
            Contribution("settlement", settlement.SETTLEMENT, settlement,
                         description="each loser pays the winner's points, the discarder double; nothing between "
                                     "losers")]


@hookimpl
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """A hand of a ``flat`` ruleset, scored by the flat tables."""
    return score(ruleset, hand, context)


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """The flat tables read at load time, so a bad row is reported by ``mahjong rules validate``."""
    flat_tables(ruleset)


@hookimpl
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead:
    """What ``mahjong score`` needs to know of the situation flags."""
    return facts_read(ruleset)
