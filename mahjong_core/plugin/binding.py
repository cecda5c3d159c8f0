"""The binding of a ruleset to the installed plugins: what its data names, found in code.

A :class:`~mahjong_core.rules.Ruleset` is data: the family its ``scoring.family``
names, the settlement its ``settlement`` parameter names, the mechanisms its
values switch on and the predicates its tables name are words in that data.
The plugins that give those words meaning are installed beside it and may
change (a test installs one, a server reloads them), so the ruleset does not
hold them: :func:`bind` looks them up once per ruleset and keeps the answer
for as long as the ruleset lives and the installed plugins stay the same.

Engines, scoring, the CLI, the docs, conformance and sheets all ask here, so
"which code plays this ruleset" has one answer in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from mahjong_core.errors import RulesetError
from mahjong_core.hand.predicates import Predicate, merge_vocabularies
from mahjong_core.hand.tiles import TileSet
from mahjong_core.plugin import extensions
from mahjong_core.plugin.contributions import Contribution
from mahjong_core.plugin.extensions import Installed
from mahjong_core.plugin.registration import contributions, plugin_name
from mahjong_core.plugin.vocabulary import CORE, GameVocabulary, compose
from mahjong_core.rules.loader import load_ruleset
from mahjong_core.rules.registry import available
from mahjong_core.table.state import CallingRule

if TYPE_CHECKING:
    from mahjong_core.rules.ruleset import Ruleset


def family_name(tables: Mapping[str, object]) -> str | None:
    """The family a ruleset's ``scoring.family`` names, or ``None`` for a ruleset with no scoring yet."""
    scoring = tables.get("scoring")
    if not isinstance(scoring, Mapping) or not scoring:
        return None
    family = scoring.get("family")
    value = family.get("value") if isinstance(family, Mapping) else family
    return str(value) if value is not None else None


@dataclass(frozen=True, eq=False)
class Binding:
    """One ruleset bound to the installed plugins; each part worked out on first use, then kept.

    :param ruleset: the ruleset bound.
    """

    ruleset: Ruleset

    @cached_property
    def family(self) -> Contribution | None:
        """The scoring family its ``scoring.family`` names, or ``None`` for a ruleset with no scoring yet.

        :raises RulesetError: for a family no installed plugin contributes.
        """
        name = family_name(self.ruleset.tables)
        return None if name is None else extensions.installed().family(name, source=self.ruleset.location)

    @cached_property
    def settlement(self) -> Contribution | None:
        """The settlement its ``settlement`` parameter names, or ``None`` for a ruleset with no scoring yet.

        :raises RulesetError: for a settlement no installed plugin contributes.
        """
        if self.family is None:
            return None
        return extensions.installed().settlement(str(self.ruleset.value("settlement")), source=self.ruleset.location)

    @cached_property
    def mechanisms(self) -> tuple[Contribution, ...]:
        """The installed mechanisms its data switches on, in name order."""
        return tuple(m for m in extensions.installed().mechanisms
                     if m.switched_on is not None and m.switched_on(self.ruleset))

    @cached_property
    def plugins(self) -> tuple[object, ...]:
        """What a game of this ruleset registers after the core's defaults, in order.

        The mechanisms its data switches on (in name order), its scoring
        family's plugin, its settlement's, then its own modules from the root
        ancestor down, so a ruleset's module overrides its family and a child
        its parent.  These are the only plugins whose hooks its games, its
        scores and its checks ask: no other family's or settlement's.
        """
        chosen: list[object] = [m.plugin for m in self.mechanisms]
        chosen.extend(c.plugin for c in (self.family, self.settlement) if c is not None)
        chosen.extend(self.ruleset.modules)
        return tuple(dict.fromkeys(chosen))

    @cached_property
    def predicates(self) -> Mapping[str, Predicate]:
        """The vocabulary its tables are written in, name -> predicate.

        The shared hands, every installed plugin's (each family's
        names carry its prefix, so a house rule may borrow another family's
        predicate), and what its own modules and its ancestors' add (Harbin's
        beggar's hand, Piter's), which no unrelated ruleset sees.
        """
        return extensions.installed().predicates(self.plugins)

    @cached_property
    def calling_rule(self) -> CallingRule:
        """Its calling-hand rule and the calling facts its tables score, read once: a game needs them at its start,
        and reading them walks every table (a fifth of a millisecond under the classical rulesets), which a run
        of thousands of short games would otherwise pay at every one."""
        return CallingRule.of(self.ruleset, self.predicates)

    @cached_property
    def tiles(self) -> TileSet:
        """Its tile set (kinds, copies, bonus kinds, marked copies, jokers), built once from its data: the default
        ``mahjong_tile_set`` and ``mahjong_is_bonus_tile`` answer from it, and a game reads its codes."""
        return self.ruleset.tiles()

    @cached_property
    def vocabulary(self) -> GameVocabulary:
        """The words its games may use: the core's, and the vocabularies of the plugins its games register.

        An installed vocabulary counts where its plugin is one of :attr:`plugins`; the ruleset's own modules
        may declare one too (answering ``mahjong_contributions``).  Composed once per binding, so a game's
        setup pays nothing for it after the first.

        :raises RulesetError: for a word declared twice (naming both plugins) or malformed.
        """
        installed = extensions.installed()
        registered = {plugin_name(p) for p in self.plugins}
        found = [(plugin_name(c.plugin), c) for c in installed.vocabularies.values()
                 if plugin_name(c.plugin) in registered]
        if self.ruleset.modules:
            own = [(owner, c) for owner, c in contributions(self.ruleset.modules, "mahjong_contributions")
                   if isinstance(c, Contribution) and c.kind == "vocabulary"]
            found.extend(item for item in own if item[1] not in {c for _, c in found})
        if not found:
            return CORE
        return compose(found, installed.distributions, source=self.ruleset.location)

    def predicate(self, name: str) -> Predicate:
        """The predicate a table row names, in this ruleset's vocabulary; an error listing the names otherwise."""
        try:
            return self.predicates[name]
        except KeyError:
            raise RulesetError(f"unknown predicate {name!r} for ruleset {self.ruleset.id}; known: "
                               f"{', '.join(sorted(self.predicates))}", source=self.ruleset.location) from None


#: One binding per live ruleset, with the installed plugins it was made from: a game, a scored hand and the docs
#: of one ruleset share it, and a new set of plugins (``extensions.clear_cache``) makes a new one.
_BOUND: WeakKeyDictionary[Ruleset, tuple[Installed, Binding]] = WeakKeyDictionary()
#: The last binding asked for: a game asks for its own ruleset's on every scored hand, and a weak mapping's lookup
#: (a new weak reference each time) cost the engine several per cent of its deals a second under MCR.
_last: tuple[Ruleset, Installed, Binding] | None = None


def bind(ruleset: Ruleset) -> Binding:
    """The ruleset's binding to the installed plugins, made on first use and kept while the ruleset lives."""
    global _last
    plugins = extensions.installed()
    last = _last
    if last is not None and last[0] is ruleset and last[1] is plugins:
        return last[2]
    found = _BOUND.get(ruleset)
    if found is not None and found[0] is plugins:
        bound = found[1]
    else:
        bound = Binding(ruleset)
        _BOUND[ruleset] = (plugins, bound)
    _last = (ruleset, plugins, bound)
    return bound


def installed_predicates() -> dict[str, Predicate]:
    """The union of every installed ruleset's vocabulary, by name (an error if two rulesets differ on a name).

    A ruleset's own vocabulary (:attr:`Binding.predicates`) is what games of it use; this union answers
    "what can any installed table name", which the generated docs and the test suite ask.
    """
    return merge_vocabularies(
        (ruleset_id, predicate)
        for ruleset_id in available()
        for predicate in bind(load_ruleset(ruleset_id)).predicates.values()
    )
