"""What installed plugins add to the game: scoring families, settlements and optional rule mechanisms.

A ruleset's data names its scoring family (``scoring.family: classical``)
and its settlement (``settlement: sport``), and switches mechanisms on
(``tile_exchange: {kind: charleston}``); the code behind those names lives
in plugins, found the way a third party's are: modules named in the
``mahjong_core.plugins`` entry-point group, each answering the contribution
hooks of :mod:`mahjong_core.plugin.hookspecs` (``mahjong_scoring_families``,
``mahjong_settlements``, ``mahjong_mechanisms``).  The bundled families are
declared there exactly as an installed package would declare its own.

The entry points are read once per process, in name order, so what a
ruleset plays with never depends on installation order; :func:`clear_cache`
forgets them (after installing a plugin in a running process, or in tests).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from mahjong_core.errors import RulesetError
from mahjong_core.reading.entry_points import clear_cache as _forget_entry_points
from mahjong_core.reading.entry_points import entry_points

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Arrangement, Hand
    from mahjong_core.hand.score import Score
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.state import Outcome, Payment, Table

PLUGIN_GROUP = "mahjong_core.plugins"

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


@dataclass(frozen=True, eq=False)
class Extensions:
    """Everything the installed plugins contribute, by name, in a fixed order.

    Hashable by identity, so schema validators composed from it are cached per set of plugins.

    :param plugins: the plugin modules, by entry-point name.
    :param families: scoring families by name.
    :param settlements: settlements by name.
    :param mechanisms: mechanisms in name order.
    :param skipped: why each plugin that could not be imported was left out.
    """

    plugins: Mapping[str, object]
    families: Mapping[str, ScoringFamily]
    settlements: Mapping[str, Settlement]
    mechanisms: tuple[Mechanism, ...]
    skipped: tuple[str, ...] = ()

    def family(self, name: str, *, source: str | None = None) -> ScoringFamily:
        """The scoring family ``name``; an error listing the installed ones otherwise."""
        try:
            return self.families[name]
        except KeyError:
            raise RulesetError(f"unknown scoring family {name!r}; installed: {', '.join(self.families) or 'none'}",
                               source=source, place="$.scoring.family") from None

    def settlement(self, name: str, *, source: str | None = None) -> Settlement:
        """The settlement ``name``; an error listing the installed ones otherwise."""
        try:
            return self.settlements[name]
        except KeyError:
            raise RulesetError(f"unknown settlement {name!r}; installed: {', '.join(self.settlements) or 'none'}",
                               source=source, place="$.parameters.settlement") from None


def load_schema(package: str, filename: str) -> dict[str, Any]:
    """A plugin's JSON Schema file, read from its installed package (checked as Draft 2020-12)."""
    import json
    from importlib import resources

    from mahjong_core.rules.schema import check_schema

    schema = json.loads(resources.files(package).joinpath(filename).read_text(encoding="utf-8"))
    check_schema(schema)
    return schema


def _import(name: str, value: str) -> object:
    module_name, _, attr = value.partition(":")
    try:
        module = importlib.import_module(module_name.strip())
        return getattr(module, attr.strip()) if attr else module
    except Exception as exc:  # a broken third-party plugin is named, not a traceback
        raise RulesetError(f"cannot import plugin {name!r} ({value}): {type(exc).__name__}: {exc}",
                           source=PLUGIN_GROUP) from exc


class _Named(Protocol):
    @property
    def name(self) -> str: ...


_NamedT = TypeVar("_NamedT", bound=_Named)


def _unique(kind: str, items: Sequence[tuple[str, _NamedT]]) -> dict[str, _NamedT]:
    found: dict[str, _NamedT] = {}
    owners: dict[str, str] = {}
    for owner, item in items:
        if item.name in found and found[item.name] is not item:
            raise RulesetError(f"{kind} {item.name!r} is contributed by both {owners[item.name]} and {owner}",
                               source=PLUGIN_GROUP)
        found[item.name] = item
        owners.setdefault(item.name, owner)
    return dict(sorted(found.items()))


def collect(plugins: Mapping[str, object]) -> Extensions:
    """Ask each plugin for its contributions (the ``mahjong_scoring_families``... hooks) and index them."""
    from mahjong_core.plugin.manager import contributions

    ordered = list(plugins.values())
    return Extensions(
        plugins=dict(plugins),
        families=_unique("scoring family", contributions(ordered, "mahjong_scoring_families")),
        settlements=_unique("settlement", contributions(ordered, "mahjong_settlements")),
        mechanisms=tuple(sorted((m for _, m in contributions(ordered, "mahjong_mechanisms")), key=lambda m: m.name)),
    )


@lru_cache(maxsize=1)
def installed() -> Extensions:
    """The contributions of every plugin in the ``mahjong_core.plugins`` entry-point group, read once."""
    points = sorted(entry_points(PLUGIN_GROUP), key=lambda ep: (ep.name, ep.value))
    plugins: dict[str, object] = {}
    skipped: list[str] = []
    for ep in points:
        if ep.name in plugins:
            continue
        try:
            plugins[ep.name] = _import(ep.name, ep.value)
        except RulesetError as exc:
            # One broken third-party plugin must not take every ruleset down with it: it is left out, said once.
            # A ruleset that needs what it would contribute then fails to load, naming the missing name.
            warn(f"skipped {exc.message}")
            skipped.append(exc.message)
    return replace(collect(plugins), skipped=tuple(skipped))


def warn(message: str) -> None:
    """One line on standard error: something was left out, and the command goes on."""
    import sys

    print(f"mahjong: warning: {message}", file=sys.stderr)


def clear_cache() -> None:
    """Forget the installed plugins and the entry-point scan (both are read again on next use)."""
    installed.cache_clear()
    _forget_entry_points()
