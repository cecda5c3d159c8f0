"""What installed plugins add to the game: scoring families, settlements and optional rule mechanisms.

A ruleset's data names its scoring family (``scoring.family: classical``)
and its settlement (``settlement: sport``), and switches mechanisms on
(``tile_exchange: {kind: charleston}``); the code behind those names lives
in plugins, found the way a third party's are: modules named in the
``mahjong_core.plugins`` entry-point group, each answering the one
contribution hook of :mod:`mahjong_core.plugin.hookspecs`
(``mahjong_contributions``) with a
:class:`~mahjong_core.plugin.contributions.Contribution` for each plugin it
offers.  The bundled families are declared there exactly as an installed
package would declare its own.  What a contribution does, its plugin does
through hooks, registered in the games of the rulesets that choose it
(:mod:`mahjong_core.plugin.binding`).

The entry points are read once per process, in name order, so what a
ruleset plays with never depends on installation order; :func:`clear_cache`
forgets them (after installing a plugin in a running process, or in tests).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.plugin.contributions import KINDS, SEVERAL_WINS, Contribution, FactsRead, TotalSteps
from mahjong_core.plugin.registration import contributions, plugin_name
from mahjong_core.plugin.vocabulary import check_terms
from mahjong_core.reading.entry_points import clear_cache as _forget_entry_points
from mahjong_core.reading.entry_points import entry_points
from mahjong_core.rules.schema import check_schema

PLUGIN_GROUP = "mahjong_core.plugins"

@dataclass(frozen=True, eq=False)
class Extensions:
    """Everything the installed plugins contribute, by name, in a fixed order.

    Hashable by identity, so schema validators composed from it are cached per set of plugins.

    :param plugins: the plugin modules, by entry-point name.
    :param families: scoring families by name (contributions of kind ``family``).
    :param settlements: settlements by name (of kind ``settlement``).
    :param mechanisms: mechanisms in name order (of kind ``mechanism``).
    :param skipped: why each plugin that could not be imported was left out.
    :param vocabularies: the words plugins add to the game, by the vocabulary's name (of kind ``vocabulary``),
        no word declared twice and none of the core's (:func:`mahjong_core.plugin.vocabulary.check_terms`).
    :param distributions: the distribution and version that installed each plugin module, by its module name.
    """

    plugins: Mapping[str, object]
    families: Mapping[str, Contribution]
    settlements: Mapping[str, Contribution]
    mechanisms: tuple[Contribution, ...]
    skipped: tuple[str, ...] = ()
    vocabularies: Mapping[str, Contribution] = field(default_factory=dict)
    distributions: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    def family(self, name: str, *, source: str | None = None) -> Contribution:
        """The scoring family ``name``; an error listing the installed ones otherwise."""
        try:
            return self.families[name]
        except KeyError:
            raise RulesetError(f"unknown scoring family {name!r}; installed: {', '.join(self.families) or 'none'}",
                               source=source, place="$.scoring.family") from None

    def settlement(self, name: str, *, source: str | None = None) -> Contribution:
        """The settlement ``name``; an error listing the installed ones otherwise."""
        try:
            return self.settlements[name]
        except KeyError:
            raise RulesetError(f"unknown settlement {name!r}; installed: {', '.join(self.settlements) or 'none'}",
                               source=source, place="$.parameters.settlement") from None


def load_schema(package: str, filename: str) -> dict[str, Any]:
    """A plugin's JSON Schema file, read from its installed package (checked as Draft 2020-12)."""
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


def _checked(owner: str, item: object) -> Contribution:
    """A contribution as the core can use it, or an error naming the plugin that made it."""
    if not isinstance(item, Contribution):
        raise RulesetError(f"plugin {owner}: mahjong_contributions returned {type(item).__name__} {item!r}, "
                           f"not a Contribution", source=PLUGIN_GROUP)
    if item.kind not in KINDS:
        raise RulesetError(f"plugin {owner}: contribution {item.name!r} is of kind {item.kind!r}, none of "
                           f"{', '.join(KINDS)}", source=PLUGIN_GROUP)
    if (item.form is None) == (item.kind == "form"):
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: a form, and only a form, carries its "
                           f"tests (form=WinningForm(...))", source=PLUGIN_GROUP)
    if item.terms and item.kind != "vocabulary":
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: only a vocabulary contribution declares "
                           f"terms", source=PLUGIN_GROUP)
    if item.hand_sizes is not None and item.kind != "family":
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: only a family declares the hand sizes it "
                           f"scores", source=PLUGIN_GROUP)
    if item.several_wins and item.kind != "settlement":
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: only a settlement declares the several "
                           f"wins it settles", source=PLUGIN_GROUP)
    unknown = sorted(set(item.several_wins) - set(SEVERAL_WINS))
    if unknown:
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: several_wins {unknown[0]!r} is none of "
                           f"{', '.join(SEVERAL_WINS)}", source=PLUGIN_GROUP)
    if (item.switched_on is None) == (item.kind == "mechanism"):
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: a mechanism, and only a mechanism, is "
                           f"switched on by switched_on(ruleset); a family or a settlement is chosen by name",
                           source=PLUGIN_GROUP)
    return item


def _unique(kind: str, items: Sequence[tuple[str, Contribution]]) -> dict[str, Contribution]:
    found: dict[str, Contribution] = {}
    owners: dict[str, str] = {}
    for owner, item in items:
        if item.name in found and found[item.name] is not item:
            raise RulesetError(f"{kind} {item.name!r} is contributed by both {owners[item.name]} and {owner}",
                               source=PLUGIN_GROUP)
        found[item.name] = item
        owners.setdefault(item.name, owner)
    return dict(sorted(found.items()))


def collect(plugins: Mapping[str, object]) -> Extensions:
    """Ask each plugin for its contributions (``mahjong_contributions``) and index them by kind and name."""
    every = [(owner, _checked(owner, item))
             for owner, item in contributions(list(plugins.values()), "mahjong_contributions")]

    def of(kind: str) -> list[tuple[str, Contribution]]:
        return [(owner, item) for owner, item in every if item.kind == kind]

    vocabularies = _unique("vocabulary", of("vocabulary"))
    check_terms(of("vocabulary"), source=PLUGIN_GROUP)
    return Extensions(
        plugins=dict(plugins),
        families=_unique("scoring family", of("family")),
        settlements=_unique("settlement", of("settlement")),
        mechanisms=tuple(sorted((item for _, item in of("mechanism")), key=lambda m: m.name)),
        vocabularies=vocabularies,
    )


@lru_cache(maxsize=1)
def installed() -> Extensions:
    """The contributions of every plugin in the ``mahjong_core.plugins`` entry-point group, read once."""
    points = sorted(entry_points(PLUGIN_GROUP), key=lambda ep: (ep.name, ep.value))
    plugins: dict[str, object] = {}
    skipped: list[str] = []
    dists: dict[str, Any] = {}
    for ep in points:
        if ep.name in plugins:
            continue
        try:
            plugins[ep.name] = _import(ep.name, ep.value)
            if ep.dist is not None:
                dists[plugin_name(plugins[ep.name])] = ep.dist
        except RulesetError as exc:
            # One broken third-party plugin must not take every ruleset down with it: it is left out, said once.
            # A ruleset that needs what it would contribute then fails to load, naming the missing name.
            warn(f"skipped {exc.message}")
            skipped.append(exc.message)
    distributions = _DistributionNames(dists)
    return replace(collect(plugins), skipped=tuple(skipped), distributions=distributions)


class _DistributionNames(Mapping[str, tuple[str, str]]):
    """The distribution and version that installed each plugin module, read from its metadata when first asked.

    Only a log whose game uses a plugin's words names them (in its header); parsing the distributions' metadata
    files for every command cost more at start-up than importing the plugins (the project's own distribution
    alone declares some forty).  Each distribution's file is parsed once, however many plugins it installed.
    """

    def __init__(self, dists: Mapping[str, Any]) -> None:
        self._dists = dict(dists)
        self._read: dict[int, tuple[str, str]] = {}

    def __getitem__(self, module: str) -> tuple[str, str]:
        dist = self._dists[module]
        found = self._read.get(id(dist))
        if found is None:
            meta = dist.metadata
            found = self._read[id(dist)] = (meta["Name"], meta["Version"])
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._dists)

    def __len__(self) -> int:
        return len(self._dists)


def warn(message: str) -> None:
    """One line on standard error: something was left out, and the command goes on."""
    print(f"mahjong: warning: {message}", file=sys.stderr)


def clear_cache() -> None:
    """Forget the installed plugins and the entry-point scan (both are read again on next use)."""
    installed.cache_clear()
    _forget_entry_points()


#: The contribution types, defined in :mod:`mahjong_core.plugin.contributions` and still importable from here.
__all__ = ["PLUGIN_GROUP", "Contribution", "Extensions", "FactsRead", "TotalSteps", "clear_cache", "collect",
           "installed", "load_schema", "warn"]
