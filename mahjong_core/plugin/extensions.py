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
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import RulesetError
from mahjong_core.hand.predicates import merge_vocabularies
from mahjong_core.plugin.contributions import KINDS, SEVERAL_WINS, SHEET_KEYS, Contribution, FactsRead, TotalSteps
from mahjong_core.plugin.declarations import Declaration, declaration
from mahjong_core.plugin.declarations import clear_cache as _forget_declarations
from mahjong_core.plugin.registration import contributions, plugin_name
from mahjong_core.plugin.vocabulary import check_terms
from mahjong_core.reading.entry_points import clear_cache as _forget_entry_points
from mahjong_core.reading.entry_points import entry_points
from mahjong_core.rules.schema import check_schema

if TYPE_CHECKING:
    from mahjong_core.hand.predicates import Predicate

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

    def predicates(self, plugins: Sequence[object]) -> Mapping[str, Predicate]:
        """Every plugin's predicates and then ``plugins``' (a ruleset's), by name, as one vocabulary."""
        return MappingProxyType(merge_vocabularies(
            contributions((*self.plugins.values(), *plugins), "mahjong_predicates")))

    def everything(self) -> Extensions:
        """Itself: every plugin is imported (as ``Installed.everything`` answers for the installed plugins)."""
        return self


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
    if item.sheet_keys and item.kind != "mechanism":
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: only a mechanism declares the sheet keys it "
                           f"reads", source=PLUGIN_GROUP)
    unknown = sorted(set(item.sheet_keys) - set(SHEET_KEYS))
    if unknown:
        raise RulesetError(f"plugin {owner}: contribution {item.name!r}: sheet key {unknown[0]!r} is none of "
                           f"{', '.join(SHEET_KEYS)}", source=PLUGIN_GROUP)
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
    return _indexed(plugins, every)


def _indexed(plugins: Mapping[str, object], every: Sequence[tuple[str, Contribution]]) -> Extensions:
    """The plugins' checked contributions, ``(owner, contribution)`` in order, indexed by kind and name."""

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


#: The kinds every binding asks for in full (each mechanism's switch, each vocabulary's words): a module that
#: contributes one of them is imported at start, whatever it declares.
_ASKED_OF_ALL = frozenset({"mechanism", "vocabulary"})


class Installed:
    """The contributions of the installed plugins, importing a declared plugin only when something of it is asked.

    A plugin module its package declares (:mod:`mahjong_core.plugin.declarations`) is imported when a ruleset
    names its family or settlement (:meth:`family`, :meth:`settlement`), when a table names one of its
    predicates (:meth:`predicates`), or when the whole index is asked for (:attr:`plugins`, :attr:`families`,
    :attr:`settlements`, :meth:`everything`); every other module is imported at start, as a third party's
    undeclared plugin always is.  Whatever is asked, the answer is the one a start that imported everything
    gives: the same contribution, the same error for a name contributed twice or by no one.

    Hashable by identity, so schema validators composed from it are cached per set of plugins.
    """

    def __init__(self, points: Sequence[tuple[str, str, object | None]], lazy: Mapping[str, Declaration],
                 distributions: Mapping[str, tuple[str, str]], skipped: Sequence[str]) -> None:
        """:param points: ``(entry-point name, value, module)`` in name order; ``module`` is ``None`` where it is
        declared and not imported yet.
        :param lazy: the declarations of the modules not imported yet, by entry-point name."""
        self._points = list(points)
        self._lazy = dict(lazy)
        self._skipped = list(skipped)
        self.distributions = distributions
        self._full: Extensions | None = None
        self._made: dict[str, list[tuple[str, Contribution]]] = {}
        self._known = self._collect()

    # -- what is imported -------------------------------------------------------------------------------------

    def _imported(self) -> dict[str, object]:
        return {name: module for name, _, module in self._points if module is not None}

    def _collect(self) -> Extensions:
        """The imported plugins indexed; each plugin asked once, so a contribution is the same object however
        many plugins are imported after it (a binding made before holds the one the index gives after)."""
        every: list[tuple[str, Contribution]] = []
        for name, module in self._imported().items():
            made = self._made.get(name)
            if made is None:
                made = self._made[name] = [(owner, _checked(owner, item))
                                           for owner, item in contributions([module], "mahjong_contributions")]
            every.extend(made)
        return _indexed(self._imported(), every)

    def _import(self, name: str) -> object:
        """The declared plugin ``name``, imported now and held to its declaration."""
        at = next(i for i, (n, _, _) in enumerate(self._points) if n == name)
        _, value, _ = self._points[at]
        module = _import(name, value)
        declared = self._lazy.pop(name)
        made = self._made[name] = [(owner, _checked(owner, item))
                                   for owner, item in contributions([module], "mahjong_contributions")]
        declared.check([(c.kind, c.name) for _, c in made],
                       [p.name for _, p in contributions([module], "mahjong_predicates")])
        self._points[at] = (name, value, module)
        self._known = self._collect()
        return module

    def plugin(self, name: str) -> object:
        """The plugin installed under the entry-point name ``name``, imported now if it is declared and was not."""
        for point, _, module in self._points:
            if point == name:
                return module if module is not None else self._import(name)
        raise KeyError(name)

    def everything(self) -> Extensions:
        """Every installed plugin imported and indexed (a declared one that cannot be imported is left out, said
        once, as at a start that imports everything)."""
        if self._full is None:
            for name in [n for n, _, m in self._points if m is None]:
                try:
                    self._import(name)
                except RulesetError as exc:
                    warn(f"skipped {exc.message}")
                    self._skipped.append(exc.message)
                    self._lazy.pop(name, None)
                    self._points = [p for p in self._points if p[0] != name]
            self._full = self._known = self._collect()
        return self._full

    # -- the index, as Extensions gives it --------------------------------------------------------------------

    @property
    def plugins(self) -> Mapping[str, object]:
        """Every plugin module, by entry-point name (imports the declared ones)."""
        return self.everything().plugins

    @property
    def families(self) -> Mapping[str, Contribution]:
        """Every scoring family, by name (imports the declared plugins)."""
        return self.everything().families

    @property
    def settlements(self) -> Mapping[str, Contribution]:
        """Every settlement, by name (imports the declared plugins)."""
        return self.everything().settlements

    @property
    def mechanisms(self) -> tuple[Contribution, ...]:
        """Every mechanism, in name order: no declared module not yet imported contributes one."""
        return self._known.mechanisms

    @property
    def vocabularies(self) -> Mapping[str, Contribution]:
        """Every vocabulary, by name: no declared module not yet imported contributes one."""
        return self._known.vocabularies

    @property
    def skipped(self) -> tuple[str, ...]:
        """Why each plugin that could not be imported was left out."""
        return tuple(self._skipped)

    def family(self, name: str, *, source: str | None = None) -> Contribution:
        """The scoring family ``name``, importing only the plugin that declares it; an error listing the
        installed ones otherwise."""
        found = self._named("family", name)
        return found if found is not None else self.everything().family(name, source=source)

    def settlement(self, name: str, *, source: str | None = None) -> Contribution:
        """The settlement ``name``, importing only the plugin that declares it; an error listing the installed
        ones otherwise."""
        found = self._named("settlement", name)
        return found if found is not None else self.everything().settlement(name, source=source)

    def _named(self, kind: str, name: str) -> Contribution | None:
        """The contribution, where the imported plugins and at most one declared plugin (imported now) give it
        and nothing else could; ``None`` where only the whole index can answer (a name given twice, or by no
        one: its error names every installed one)."""
        if self._full is not None:
            return None
        owners = [n for n, d in self._lazy.items() if (kind, name) in d.contributions]
        index = self._known.families if kind == "family" else self._known.settlements
        if len(owners) > 1 or (owners and name in index):
            return None
        for owner in owners:
            self._import(owner)
        index = self._known.families if kind == "family" else self._known.settlements
        return index.get(name)

    def predicates(self, plugins: Sequence[object]) -> Mapping[str, Predicate]:
        """Every installed plugin's predicates and then ``plugins``' (a ruleset's), by name, as one vocabulary.

        A declared plugin's predicates are imported when one of them is first read; a name that a declared
        plugin shares with another plugin imports it at once, so that two predicates under one name are the
        same error as ever (:func:`~mahjong_core.hand.predicates.merge_vocabularies`).
        """
        while True:
            imported: list[tuple[str, Predicate]] = []
            names: dict[str, str | None] = {}  # every name, in order; the declared plugin to import, or None
            clash = None
            for ep_name, _, module in self._points:
                if module is not None:
                    items = contributions([module], "mahjong_predicates")
                    imported.extend(items)
                    for _, predicate in items:
                        if names.get(predicate.name):
                            clash = clash or names[predicate.name]
                        names.setdefault(predicate.name, None)
                    continue
                for declared in self._lazy[ep_name].predicates:
                    if declared in names:
                        clash = clash or names[declared] or ep_name
                    names.setdefault(declared, ep_name)
            own = contributions(plugins, "mahjong_predicates")
            for _, predicate in own:
                if names.get(predicate.name):
                    clash = clash or names[predicate.name]
                names.setdefault(predicate.name, None)
            if clash is None:
                break
            self._import(clash)
        return _Vocabulary(self, names, merge_vocabularies([*imported, *own]))


class _Vocabulary(Mapping[str, "Predicate"]):
    """Predicates by name, a declared plugin's imported when one of its names is first read."""

    def __init__(self, index: Installed, names: Mapping[str, str | None], found: dict[str, Predicate]) -> None:
        self._index, self._names, self._found = index, names, found

    def __getitem__(self, name: str) -> Predicate:
        found = self._found.get(name)
        if found is None:
            owner = self._names[name]  # KeyError for a name nobody contributes
            if owner is None:
                raise KeyError(name)
            module = self._index.plugin(owner)
            for _, predicate in contributions([module], "mahjong_predicates"):
                self._found.setdefault(predicate.name, predicate)
            found = self._found[name]
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names


@lru_cache(maxsize=1)
def installed() -> Installed:
    """The contributions of every plugin in the ``mahjong_core.plugins`` entry-point group, read once; a plugin
    its package declares (``mahjong_plugins.json``, read by ``mahjong_core.plugin.declarations``) is imported
    when first asked for."""
    points = sorted(entry_points(PLUGIN_GROUP), key=lambda ep: (ep.name, ep.value))
    found: list[tuple[str, str, object | None]] = []
    lazy: dict[str, Declaration] = {}
    skipped: list[str] = []
    dists: dict[str, Any] = {}
    seen: set[str] = set()
    for ep in points:
        if ep.name in seen:
            continue
        seen.add(ep.name)
        try:
            declared = None if ":" in ep.value else declaration(ep.value.strip())
            if declared is not None and not declared.kinds() & _ASKED_OF_ALL:
                lazy[ep.name] = declared
                module: object | None = None
                owner = ep.value.strip()
            else:
                module = _import(ep.name, ep.value)
                owner = plugin_name(module)
            found.append((ep.name, ep.value, module))
            if ep.dist is not None:
                dists[owner] = ep.dist
        except RulesetError as exc:
            # One broken third-party plugin must not take every ruleset down with it: it is left out, said once.
            # A ruleset that needs what it would contribute then fails to load, naming the missing name.
            warn(f"skipped {exc.message}")
            skipped.append(exc.message)
    return Installed(found, lazy, _DistributionNames(dists), skipped)


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
    _forget_declarations()


#: The contribution types, defined in :mod:`mahjong_core.plugin.contributions` and still importable from here.
__all__ = ["PLUGIN_GROUP", "Contribution", "Extensions", "FactsRead", "Installed", "TotalSteps", "clear_cache",
           "collect", "installed", "load_schema", "warn"]
