"""A game's vocabulary: the core's words and those of the plugins the game registers, composed once per binding.

Plugins declare words (:class:`~mahjong_core.table.vocabulary.Term`) in
``vocabulary`` contributions (:mod:`mahjong_core.plugin.contributions`).  A
word belongs to the games that register the plugin that declared it (the
binding knows which: :attr:`mahjong_core.plugin.binding.Binding.vocabulary`),
so a ruleset that does not play a plugin never meets its words.  From the
composed :class:`GameVocabulary` the engine knows which action kinds, phases and
event types it may offer and log, the log's header names the plugins whose
words it may hold (:meth:`GameVocabulary.header`), and a reader composes the
replay schema those words need (:func:`event_schema`).

No word may be declared twice: a word of the core's or another plugin's of the
same kind is a load error naming both (:func:`check_terms`).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.plugin.contributions import Contribution
from mahjong_core.plugin.registration import plugin_name
from mahjong_core.table.events import CATALOGUE
from mahjong_core.table.vocabulary import (
    CORE_ACTIONS,
    CORE_PHASES,
    CORE_WAYS,
    TABLE_PHASES,
    Effect,
    Term,
    term_problems,
)

__all__ = ["CORE_WORDS", "GameVocabulary", "check_terms", "event_schema"]

#: The core's words of each kind: a plugin's word of that kind may be none of them.
CORE_WORDS: dict[str, frozenset[str]] = {
    "action": frozenset(CORE_ACTIONS),
    "way": frozenset(CORE_WAYS),
    "phase": frozenset(CORE_PHASES) | frozenset(TABLE_PHASES),
    "event": frozenset(CATALOGUE),
}


def check_terms(items: Iterable[tuple[str, Contribution]], *, source: str | None = None) -> None:
    """Refuse a vocabulary with a malformed word, or a word the core or another vocabulary already has.

    :param items: ``(plugin module name, vocabulary contribution)`` pairs.
    :raises RulesetError: naming the plugin (and, for a collision, both plugins).
    """
    owners: dict[tuple[str, str], str] = {}
    for owner, item in items:
        who = f"plugin {owner} (vocabulary {item.name!r})"
        for term in item.terms:
            problems = term_problems(term)
            if problems:
                raise RulesetError(f"{who}: {problems[0]}", source=source)
            if term.name in CORE_WORDS[term.kind]:
                raise RulesetError(f"{who} declares the {term.kind} {term.name!r}, which is the core's own",
                                   source=source)
            key = (term.kind, term.name)
            if key in owners and owners[key] != who:
                raise RulesetError(f"the {term.kind} {term.name!r} is declared by both {owners[key]} and {who}",
                                   source=source)
            owners[key] = who


@dataclass(frozen=True, eq=False)
class GameVocabulary:
    """The words one game may use: the core's, and those of the vocabularies of the plugins it registers.

    Hashable by identity: the schema a reader composes for it is cached with it.

    :param declared: the plugins' vocabularies in the game, in name order (none: the core's words only).
    :param distributions: the distribution and version that installed each plugin module, by its module name.
    """

    declared: tuple[Contribution, ...] = ()
    distributions: Mapping[str, tuple[str, str]] = field(default_factory=dict)

    @cached_property
    def terms(self) -> dict[tuple[str, str], tuple[Contribution, Term]]:
        """Each plugin's word by ``(kind, name)``, with the vocabulary that declared it."""
        return {(t.kind, t.name): (c, t) for c in self.declared for t in c.terms}

    def _names(self, kind: str, core: Iterable[str]) -> frozenset[str]:
        return frozenset(core) | {name for (k, name) in self.terms if k == kind}

    @cached_property
    def actions(self) -> frozenset[str]:
        """Every action kind a decision of this game may take."""
        return self._names("action", CORE_ACTIONS)

    @cached_property
    def ways(self) -> frozenset[str]:
        """Every way of an action this game may write."""
        return self._names("way", CORE_WAYS)

    @cached_property
    def phases(self) -> frozenset[str]:
        """Every phase a decision of this game may be made in."""
        return self._names("phase", CORE_PHASES)

    @cached_property
    def event_types(self) -> frozenset[str]:
        """Every event type this game may log: the catalogue's and the plugins'."""
        return self._names("event", CATALOGUE)

    @cached_property
    def plugin_actions(self) -> dict[str, tuple[Contribution, Term]]:
        """The plugins' action kinds, each with the vocabulary whose plugin applies it."""
        return {name: found for (kind, name), found in self.terms.items() if kind == "action"}

    @cached_property
    def plugin_events(self) -> dict[str, Term]:
        """The plugins' event types."""
        return {name: term for (kind, name), (_, term) in self.terms.items() if kind == "event"}

    @cached_property
    def plugin_phases(self) -> tuple[Term, ...]:
        """The plugins' phases, in the order their vocabularies declare them."""
        return tuple(t for c in self.declared for t in c.terms if t.kind == "phase")

    def effects(self, event_type: str) -> tuple[Effect, ...]:
        """What an event of a plugin's type does to the table (none for the core's types and a plugin's shown-only)."""
        term = self.plugin_events.get(event_type)
        return term.effects if term is not None else ()

    def distribution(self, vocabulary: Contribution) -> tuple[str, str] | None:
        """The distribution and version that installed a vocabulary's plugin, where an entry point did."""
        return self.distributions.get(plugin_name(vocabulary.plugin))

    def header(self) -> dict[str, Any] | None:
        """What a log's header says of the vocabulary, or ``None`` where the game uses the core's words only.

        For each vocabulary, by its name: the distribution and version that installed it, and its words by
        kind, each with its label and, for an event, its effects: what a reader needs to fold and show the
        log without the plugin, and to name the plugin to install to check it.
        """
        if not self.declared:
            return None
        out: dict[str, Any] = {}
        for vocabulary in self.declared:
            entry: dict[str, Any] = {}
            found = self.distribution(vocabulary)
            if found is not None:
                entry["distribution"], entry["version"] = found
            for kind in ("action", "way", "phase", "event"):
                words: dict[str, Any] = {}
                for term in vocabulary.terms:
                    if term.kind != kind:
                        continue
                    word: dict[str, Any] = {"label": term.label} if term.label else {}
                    if kind == "event":
                        word["actor"] = term.actor
                        word["effects"] = [e.to_json() for e in term.effects]
                    if term.words:  # only where a term gives display words: a header is written as it was
                        word["words"] = dict(sorted(term.words.items()))
                    words[term.name] = word
                if words:
                    entry[f"{kind}s"] = words
            out[vocabulary.name] = entry
        return out


def compose(vocabularies: Sequence[tuple[str, Contribution]], distributions: Mapping[str, tuple[str, str]],
            *, source: str | None = None) -> GameVocabulary:
    """The vocabulary of a game whose plugins declare ``vocabularies`` (checked, put in name order)."""
    check_terms(vocabularies, source=source)
    unique = {c.name: c for _, c in vocabularies}
    return GameVocabulary(tuple(unique[name] for name in sorted(unique)), distributions)


#: The vocabulary of a game that registers no plugin's words.
CORE = GameVocabulary()


def event_schema(event: Mapping[str, Any], vocabulary: GameVocabulary) -> dict[str, Any]:
    """The replay schema's event part (``$defs.event``) extended by a vocabulary's words.

    A decision may take the plugins' action kinds, ways and phases (an action's own fields apply to a
    decision that takes it); each plugin event type gets its own branch: its fields, and an actor of its kind.
    """
    schema = copy.deepcopy(dict(event))
    branches: list[dict[str, Any]] = schema["allOf"]
    decision = next(b["then"]["properties"] for b in branches
                    if b["if"]["properties"]["type"].get("const") == "decision")
    for kind, key in (("action", "action"), ("phase", "phase"), ("way", "way")):
        added = sorted(name for (k, name) in vocabulary.terms if k == kind)
        decision[key]["enum"] = [*decision[key]["enum"], *added]
    for (kind, name), (_, term) in sorted(vocabulary.terms.items()):
        if kind == "action" and term.fields:
            branches.append({"if": {"properties": {"type": {"const": "decision"}, "action": {"const": name}},
                                    "required": ["type", "action"]},
                             "then": dict(term.fields)})
        elif kind == "event":
            then = dict(term.fields or {"type": "object"})
            # Every event's own fields are the base schema's to check; named here so that a fragment may refuse
            # any field it does not declare (additionalProperties: false).
            properties = {"n": {}, "t": {}, "type": {}, **dict(then.get("properties") or {})}
            properties["actor"] = {"const": "table"} if term.actor == "table" else {"$ref": "#/$defs/seat"}
            then["properties"] = properties
            branches.append({"if": {"properties": {"type": {"const": name}}}, "then": then})
    return schema
