"""Scoring engines, chosen by a ruleset's data: ``scoring.family`` names the engine.

Three families are data-driven engines parametrised by the ruleset's tables:

* ``classical`` -- points and doublings with limits (the classical family, Piter);
* ``hongkong`` -- a fan table and a fan-to-points table;
* ``mcr`` -- the Chinese official rules' fan engine with its exclusion principles.

An engine registers itself with :func:`register_family`; the core's default
``mahjong_score_hand`` hook calls :func:`score_hand`, which dispatches on the
ruleset's ``scoring.family`` value.  A ruleset without a ``scoring`` section
has no scoring yet, and its deals are settled with no payments.

Every engine returns a :class:`mahjong_core.score.Score` whose ``raw`` mapping
carries the numbers that rules compare against (a minimum value, a limit):
``points``, ``fan``, ``doublings``, and ``points_excluding_bonus`` where the
family has them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from .errors import RulesetError
from .melds import Hand
from .score import Score

ScoreFn = Callable[[Any, Hand, Mapping[str, Any]], Score]

#: Family name -> module that registers it (imported on first use).
FAMILY_MODULES = {
    "classical": "mahjong_rulesets.classical.scoring",
    "hongkong": "mahjong_rulesets.hongkong.scoring",
    "mcr": "mahjong_rulesets.mcr.scoring",
}
_FAMILIES: dict[str, ScoreFn] = {}


ReadingFn = Callable[[Any, Hand, Mapping[str, Any], Any], Score]
_READINGS: dict[str, ReadingFn] = {}


def register_reading_scorer(name: str) -> Callable[[ReadingFn], ReadingFn]:
    """Decorator: ``fn(ruleset, hand, context, arrangement) -> Score`` scores one given reading.

    An engine that finds its readings its own way (the MCR engine divides
    hands itself, for speed) registers one so that checks can still score
    every arrangement of a hand alone and compare them with the engine's
    choice (:func:`score_reading`).
    """

    def decorate(fn: ReadingFn) -> ReadingFn:
        _READINGS[name] = fn
        return fn

    return decorate


def reading_scorer(ruleset: Any) -> ReadingFn | None:
    """The family's scorer of one given arrangement, or ``None`` when the engine reads ``arrangements()``."""
    name = family_of(ruleset)
    engine(name)  # imports the family's module, which registers its reading scorer if it has one
    return _READINGS.get(name)


def register_family(name: str) -> Callable[[ScoreFn], ScoreFn]:
    """Decorator: make ``fn(ruleset, hand, context) -> Score`` the engine for ``scoring.family: name``."""

    def decorate(fn: ScoreFn) -> ScoreFn:
        _FAMILIES[name] = fn
        _ENGINES.clear()  # a ruleset of that family now scores with this engine
        return fn

    return decorate


def has_scoring(ruleset: Any) -> bool:
    return bool(ruleset.raw_tables.get("scoring"))


def scoring_value(ruleset: Any, name: str) -> Any:
    """A value of the ruleset's top-level ``scoring`` section (``scoring_value(rs, "family")``)."""
    node: Any = ruleset.tables.get("scoring") or {}
    for part in name.split("."):
        if not isinstance(node, Mapping) or part not in node:
            raise RulesetError(f"ruleset {ruleset.id} has no scoring value {name!r}", source=ruleset.location,
                               place=f"$.scoring.{name}")
        node = node[part]
    if isinstance(node, Mapping) and "value" in node:
        return node["value"]
    return node


def family_of(ruleset: Any) -> str:
    return str(scoring_value(ruleset, "family"))


def engine(name: str) -> ScoreFn:
    """The scoring function for a family name, importing its module on first use."""
    if name not in _FAMILIES and name in FAMILY_MODULES:
        importlib.import_module(FAMILY_MODULES[name])
    try:
        return _FAMILIES[name]
    except KeyError:
        raise RulesetError(f"unknown scoring family {name!r}; known: {sorted(set(FAMILY_MODULES) | set(_FAMILIES))}",
                           place="$.scoring.family") from None


#: The engine of each ruleset by its identity (content hash included), or ``None`` for no scoring: the
#: engine scores four hands a deal, and finding the family anew each time cost as much as a small score.
_ENGINES: dict[str, ScoreFn | None] = {}


def score_hand(ruleset: Any, hand: Hand, context: Mapping[str, Any]) -> Score | None:
    """Score a hand with the ruleset's engine, or ``None`` when the ruleset defines no scoring."""
    identity = ruleset.identity
    try:
        fn = _ENGINES[identity]
    except KeyError:
        fn = _ENGINES[identity] = engine(family_of(ruleset)) if has_scoring(ruleset) else None
    if fn is None:
        return None
    return fn(ruleset, hand, context)
