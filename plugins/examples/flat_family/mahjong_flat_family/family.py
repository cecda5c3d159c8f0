"""The flat family's plugin: what this package contributes to mahjong-core, found by entry point.

Registered in the ``mahjong_core.plugins`` entry-point group as
``flat_family`` (this package's ``pyproject.toml``), exactly as the bundled
families are: mahjong-core asks every module of that group, once per process,
for its predicates, scoring families and settlements.  A ruleset then chooses
the family with ``scoring.family: flat``.  The family's ``plugin`` is
this module, registered in each game of such a ruleset; it implements only
the contribution hooks, so by itself it changes nothing in play.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_core.plugin import Predicate, ScoringFamily, Settlement, hookimpl, load_schema

from .predicates import VOCABULARY
from .scoring import FAMILY, facts_read, flat_tables, score
from .settlement import SETTLEMENT, settle


@hookimpl
def mahjong_predicates() -> Sequence[Predicate]:
    """The ``flat_`` predicates, so that a table row naming one validates like any other."""
    return list(VOCABULARY)


@hookimpl
def mahjong_scoring_families() -> Sequence[ScoringFamily]:
    """The flat engine, under the name ruleset data uses for it."""
    return [ScoringFamily(FAMILY, score, plugin=sys.modules[__name__], check=flat_tables,
                          facts=facts_read,
                          description="flat points per set, doubled when concealed, and points for going out",
                          parameters=load_schema(__package__, "parameters.schema.json"))]


@hookimpl
def mahjong_settlements() -> Sequence[Settlement]:
    """The flat settlement, which a ruleset names with ``settlement: flat``."""
    return [Settlement(SETTLEMENT, settle,
                       description="each loser pays the winner's points, the discarder double; nothing between losers")]
