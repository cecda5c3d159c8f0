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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from mahjong_core.errors import RulesetError
from mahjong_core.plugin.contributions import (
    ExplainFn,
    FactsFn,
    FactsRead,
    Mechanism,
    PaymentNoteFn,
    ReadingFn,
    ScoreFn,
    ScoringFamily,
    SettleFn,
    Settlement,
    TotalSteps,
)
from mahjong_core.reading.entry_points import clear_cache as _forget_entry_points
from mahjong_core.reading.entry_points import entry_points

PLUGIN_GROUP = "mahjong_core.plugins"

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
    from mahjong_core.plugin.registration import contributions

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


#: The contribution types, defined in :mod:`mahjong_core.plugin.contributions` and still importable from here.
__all__ = ["PLUGIN_GROUP", "ExplainFn", "Extensions", "FactsFn", "FactsRead", "Mechanism", "PaymentNoteFn",
           "ReadingFn", "ScoreFn", "ScoringFamily", "SettleFn", "Settlement", "TotalSteps", "clear_cache", "collect",
           "installed", "load_schema", "warn"]
