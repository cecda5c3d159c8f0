"""What a plugin contributes, as data: scoring families, settlements, mechanisms and what a family says of itself.

The contribution hooks (``mahjong_scoring_families``, ``mahjong_settlements``,
``mahjong_mechanisms`` in :mod:`mahjong_core.plugin.hookspecs`) return these;
:mod:`mahjong_core.plugin.extensions` indexes what the installed plugins
return.  They sit below the hook specs, which name them, and import nothing
of the plugin layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Arrangement, Hand
    from mahjong_core.hand.score import Score
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.state import Outcome, Payment, Table

ScoreFn = Callable[["Ruleset", "Hand", Mapping[str, Any]], "Score"]
ReadingFn = Callable[["Ruleset", "Hand", Mapping[str, Any], "Arrangement"], "Score"]
SettleFn = Callable[["Ruleset", "Table", "Outcome"], "list[Payment]"]


@dataclass(frozen=True)
class FactsRead:
    """The situation facts (:data:`mahjong_core.hand.predicates.KNOWN_FACTS`) a family's engine reads under one ruleset.

    ``mahjong score`` builds a hand's context from one set of flags that means
    the same under every ruleset (:mod:`mahjong_core.hand.situation`); this is how
    it knows which of them a ruleset uses (a flag it does not is reported as
    ignored) and which fact it would still lack.

    :param winner: the facts a winning hand's score reads.
    :param loser: the facts a losing hand's score reads, or ``None`` when losing hands are not scored.
    :param loser_note: why losing hands score nothing, with its source, when ``loser`` is ``None``.
    """

    winner: frozenset[str]
    loser: frozenset[str] | None = None
    loser_note: str = ""


FactsFn = Callable[["Ruleset"], FactsRead]


@dataclass(frozen=True)
class TotalSteps:
    """How a score's items make its total, as a family states it for a score card (``mahjong_core.plugin.score_card``).

    :param steps: the arithmetic, one step a line (``36 points × 8 (3 doublings) = 288 points``).
    :param apart: indexes of items the steps name themselves (a fan-to-points row, a limit that cut the total),
        so they are not also listed as lines that add up.
    """

    steps: tuple[str, ...]
    apart: frozenset[int] = frozenset()


#: ``explain(score, units, label) -> TotalSteps``: ``score`` as logged (``Score.to_json()``), ``units`` the unit of
#: each item kind, ``label(row key)`` a row's English name.
ExplainFn = Callable[[Mapping[str, Any], Mapping[str, str], Callable[[str], str]], TotalSteps]
#: ``note(ruleset, dealer, payment) -> str | None``: why a payment (``[payer, payee, amount, reason]``) is that amount,
#: where the amount is not simply the hand's value.
PaymentNoteFn = Callable[["Ruleset", int, Sequence[Any]], "str | None"]


@dataclass(frozen=True, eq=False)
class ScoringFamily:
    """A scoring engine that rulesets choose by name (``scoring.family``).

    :param name: the name ruleset data uses.
    :param score: ``score(ruleset, hand, context) -> Score``: the arrangement that scores highest, explained.
    :param score_reading: ``score_reading(ruleset, hand, context, arrangement) -> Score`` for an engine that
        divides hands its own way, so the conformance suite can still score each reading alone and
        compare it with the engine's choice; ``None`` when the engine reads
        :func:`mahjong_core.arrangements`.
    :param plugin: hook implementations every game of this family registers (its penalties, say), or ``None``.
    :param description: one line for the docs.
    :param parameters: a JSON Schema (``type: object``, ``properties``, ``required``) of the resolved
        parameters only this family reads; they are allowed, and the required ones demanded, in a ruleset
        of this family and no other.
    :param check: ``check(ruleset)`` reads the ruleset's tables as the engine will (compiling them, where the
        engine caches a compiled form) and raises a located :class:`~mahjong_core.errors.RulesetError` for an
        entry it cannot use; called when the ruleset is loaded, so ``mahjong rules validate`` reports what
        the first scored hand would otherwise trip over.
    :param facts: ``facts(ruleset) -> FactsRead``: the situation facts the engine reads under that ruleset, or
        ``None`` when the family does not say (``mahjong score`` then passes every fact it has and can report
        no flag as ignored).
    :param units: the unit of an item's value by the item's kind, where it is not the usual one
        (``mahjong_core.plugin.score_card.DEFAULT_UNITS``): an MCR fan is worth points.
    :param explain: how the items make the total, for a score card (:class:`TotalSteps`); ``None``: the total
        is the sum of the items.
    :param most: ``most(ruleset, measure) -> int | None``: an upper bound of the figure ``measure`` (a key of
        ``minimum_value``: ``points``, ``fan``...) that the ruleset's tables can give a hand, or ``None`` where
        the family does not know one; the loader refuses a minimum above it, since then nobody could ever win.
    """

    name: str
    score: ScoreFn
    score_reading: ReadingFn | None = None
    plugin: object | None = None
    description: str = ""
    parameters: Mapping[str, Any] | None = None
    check: Callable[[Ruleset], object] | None = None
    facts: FactsFn | None = None
    units: Mapping[str, str] | None = None
    explain: ExplainFn | None = None
    most: Callable[[Ruleset, str], int | None] | None = None


@dataclass(frozen=True)
class Settlement:
    """How a deal's scores become payments, chosen by name (the ``settlement`` parameter).

    :param name: the name ruleset data uses.
    :param settle: ``settle(ruleset, table, outcome) -> list[Payment]``; the payments sum to zero.
    :param description: one line for the docs.
    :param note: why a payment is the amount it is, where that is not plain (East paying double), for the
        payments a deal's end shows; ``None`` when every amount is plain.
    """

    name: str
    settle: SettleFn
    description: str = ""
    note: PaymentNoteFn | None = None


@dataclass(frozen=True, eq=False)
class Mechanism:
    """An optional rule mechanism that cuts across families (a tile exchange, robbing kongs, seated timing).

    Its hooks are registered only in games whose ruleset switches it on, so
    a ruleset without it pays nothing for it, and a game's hooks are the
    ones its rules use.

    :param name: the mechanism's name (for the docs and error messages).
    :param plugin: the module or object with its hook implementations.
    :param switched_on: ``switched_on(ruleset) -> bool``, read from the ruleset's data.
    :param description: one line for the docs.
    :param parameters: a JSON Schema (``type: object`` with ``properties``) of the parameters it reads;
        any ruleset may set them, and one that leaves them out has the mechanism off.
    """

    name: str
    plugin: object
    switched_on: Callable[[Ruleset], bool]
    description: str = ""
    parameters: Mapping[str, Any] | None = None
