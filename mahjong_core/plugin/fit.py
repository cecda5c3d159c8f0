"""Whether a ruleset fits the installed plugins: the checks loading runs once the data itself is sound.

The loader (:mod:`mahjong_core.rules.loader`) reads, validates and merges a
ruleset's data without knowing any plugin; what only the installed plugins
can answer it asks through :class:`~mahjong_core.rules.loader.PluginChecks`,
which :data:`CHECKS` answers: the family a ruleset names is installed and its
parameters are that family's, its settlement exists, every predicate its
tables name is in its vocabulary, the family can read its tables, and its
minimum value is one the family's scores carry and its tables can reach.
The messages are the loader's, located in the file that set the entry.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.hand.tiles import build_tile_set
from mahjong_core.plugin import extensions as plugin_index
from mahjong_core.plugin.binding import bind, family_name
from mahjong_core.plugin.contributions import Contribution
from mahjong_core.plugin.extensions import Installed
from mahjong_core.plugin.extensions import clear_cache as forget_plugins
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.plugin.registration import contributions
from mahjong_core.plugin.scoring import minimum_figures, score_hand
from mahjong_core.rules.loader import METADATA_KEYS, blame, did_you_mean, playable_errors
from mahjong_core.rules.playable import HAND_SIZE, HAND_SIZES
from mahjong_core.rules.ruleset import Origin, Ruleset, json_path, plain, raw_parts
from mahjong_core.rules.schema import message_of, resolved_errors

#: A complete hand every family scores, to see which figures its scores carry (``minimum_value`` names one).
_SAMPLE_HAND = "123m234m456p789s5p +5p"


class InstalledPlugins:
    """The loader's checks (:class:`mahjong_core.rules.loader.PluginChecks`) against the plugins installed here."""

    def file_errors(self, document: Mapping[str, Any], where: str, module: object | None) -> list[RulesetError]:
        """Unknown predicates in a file that has other errors, against what it can see unresolved: every
        installed plugin's and its own module's."""
        try:
            plugins = (*plugin_index.installed().plugins.values(), *((module,) if module is not None else ()))
            vocabulary = {p.name for _, p in contributions(plugins, "mahjong_predicates")}
        except RulesetError as exc:
            return [exc.located(source=where)]
        return [RulesetError(message, source=where, place=json_path(parts))
                for parts, message in _unknown_predicates(document, vocabulary)]

    def resolved_errors(self, tables: dict[str, Any], origins: dict[tuple[str | int, ...], Origin],
                        where: str) -> list[RulesetError]:
        """The resolved tables against the schema their family and the installed mechanisms make, located."""
        view = {key: value for key, value in tables.items() if key != "parameters"}
        view["parameters"] = plain(tables.get("parameters", {}))
        extensions = plugin_index.installed()
        family = None
        name = family_name(tables)
        if name is not None:
            try:  # the family named, its plugin alone imported where its package declares it
                family = extensions.family(name)
            except RulesetError:
                family = None
            if family is None:
                at: list[str | int] = ["scoring", "family", "value"]
                return [RulesetError(f"unknown scoring family {name!r}{did_you_mean(name, extensions.families)}; "
                                     f"installed: "
                                     f"{', '.join(extensions.families) or 'none'}",
                                     source=blame(origins, at, where), place=json_path(at))]
        located = []
        for error in resolved_errors(view, family, extensions.mechanisms):
            misplaced = _misplaced(error, family, extensions)
            if misplaced:  # one error per parameter, at its own entry, blamed on the file that set it
                for parameter, message in misplaced:
                    entry: list[str | int] = ["parameters", parameter]
                    located.append(RulesetError(message, source=blame(origins, entry, where), place=json_path(entry)))
                continue
            parts = raw_parts(tables, list(error.absolute_path))
            if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
                known = error.schema.get("properties") or {} if isinstance(error.schema, Mapping) else {}
                unexpected = [k for k in error.instance if k not in known]
                if len(unexpected) == 1:  # at the key itself, so that its line is the one shown
                    parts = [*parts, unexpected[0]]
            located.append(RulesetError(message_of(error), source=blame(origins, parts, where),
                                        place=json_path(parts)))
        if not located:
            try:
                build_tile_set(view["parameters"]["tile_set"])
            except RulesetError as exc:
                parts = ["parameters", "tile_set"]
                exc.place = (exc.place or "$.tile_set").replace("$.tile_set", "$.parameters.tile_set.value", 1)
                located.append(exc.located(source=blame(origins, parts, where)))
        return located

    def ruleset_errors(self, ruleset: Ruleset) -> list[RulesetError]:
        """The built ruleset against its plugins: predicates, settlement and the family's reading first; then its
        minimum value and the values that make it unplayable."""
        errors = predicate_errors(ruleset)
        if errors:
            return errors
        return minimum_errors(ruleset) + playable_errors(ruleset, most=lambda measure: _most(ruleset, measure)) \
            + plugin_fit_errors(ruleset)

    def skipped(self) -> bool:
        """Whether a plugin could not be imported: a load that passed without it says nothing of the next one."""
        return bool(plugin_index.installed().skipped)

    def data_files(self) -> frozenset[str]:
        """The parameters an installed mechanism declares to name a data file (its ``data_files``)."""
        return frozenset(name for mechanism in plugin_index.installed().mechanisms for name in mechanism.data_files)

    def forget(self) -> None:
        """Forget the installed plugins and the entry-point scan (both are read again on next use)."""
        forget_plugins()


#: The checks the loader runs (it finds them here by name: this layer sits above it).
CHECKS = InstalledPlugins()


def predicate_errors(ruleset: Ruleset) -> list[RulesetError]:
    """Rows naming predicates that no plugin of the ruleset's games contributes, each blamed on its file.

    Checked on the resolved ruleset: which predicates exist depends on the
    family the ruleset (or an ancestor) names and on its ancestors' modules.
    """
    bound = bind(ruleset)
    try:
        vocabulary = bound.predicates
        if bound.family is not None:
            bound.settlement  # noqa: B018 -- raises for a settlement no installed plugin provides
    except RulesetError as exc:
        return [exc.located(source=blame(ruleset.origins, ["parameters", "settlement"], ruleset.location))]
    if bound.family is not None and not any(True for _ in _unknown_predicates(ruleset.raw_tables, vocabulary)):
        try:
            ruleset_hooks(ruleset).mahjong_check_tables(ruleset=ruleset)
        except RulesetError as exc:  # the family's own reading of its tables (mahjong_check_tables)
            return [exc.located(source=ruleset.location)]
    return [RulesetError(message, source=blame(ruleset.origins, parts, ruleset.location), place=json_path(parts))
            for parts, message in _unknown_predicates(ruleset.raw_tables, vocabulary)]


def plugin_fit_errors(ruleset: Ruleset) -> list[RulesetError]:
    """Values the ruleset's family or settlement says it cannot take: a ``hand_size`` whose hands the family does
    not score (:attr:`Contribution.hand_sizes <mahjong_core.plugin.Contribution.hand_sizes>`: four sets read by a
    family asked to score five), several wins in a deal the settlement does not settle
    (:attr:`~mahjong_core.plugin.Contribution.several_wins`).  Each is refused here, at its entry, rather than at
    the first deal that meets it."""
    bound = bind(ruleset)
    family = bound.family
    if family is None:
        return []
    found = []

    def refuse(name: str, message: str) -> None:
        parts: list[str | int] = ["parameters", name, "value"]
        found.append(RulesetError(message, source=blame(ruleset.origins, parts, ruleset.location),
                                  place=json_path(parts)))

    hand_size = ruleset.get("hand_size", HAND_SIZE)
    # A size the core does not play is refused by the core's own check (rules.playable), which names those it does.
    if family.hand_sizes is not None and hand_size in HAND_SIZES and hand_size not in family.hand_sizes:
        sizes = " or ".join(map(str, sorted(family.hand_sizes)))
        sets = " or ".join(str((n - 1) // 3) for n in sorted(family.hand_sizes))
        refuse("hand_size", f"hand_size is {hand_size}, but the {family.name} family scores hands of {sizes} tiles "
                            f"({sets} sets and a pair); expected {sizes}, or a family that scores {hand_size}-tile "
                            f"hands")
    try:
        settlement = bound.settlement
    except RulesetError:  # reported by predicate_errors
        return found
    if settlement is None:
        return found
    said = {"one_discard": "several winners on one discard", "play_on": "a win while play goes on"}
    settles = " and ".join(said[w] for w in sorted(settlement.several_wins)) or "one win a deal"
    for name, way in (("most_winners_on_one_discard", "one_discard"), ("deal_ends_at_wins", "play_on")):
        value = ruleset.get(name, 1)
        if name == "deal_ends_at_wins" and value is None:  # no bound (winners staying in play): play goes on
            value = 0
            if way not in settlement.several_wins:
                refuse(name, f"{name} is null (no bound), but the {settlement.name} settlement does not settle "
                             f"{said[way]} (it settles {settles}); expected 1, or a settlement that settles "
                             f"{said[way]}")
        if isinstance(value, int) and value > 1 and way not in settlement.several_wins:
            refuse(name, f"{name} is {value}, but the {settlement.name} settlement does not settle {said[way]} "
                         f"(it settles {settles}); expected 1, or a settlement that settles {said[way]}")
    return found


def minimum_errors(ruleset: Ruleset) -> list[RulesetError]:
    """A ``minimum_value`` measure the family's scores do not carry (``{fan: 3}`` on a points ruleset).

    Found by scoring one plain hand through the hooks, as the first win of a game would, so the check is the
    engine's own answer rather than a list kept beside it.
    """
    minimum = ruleset.value("minimum_value") if "minimum_value" in ruleset.raw_tables.get("parameters", {}) else None
    if not minimum or bind(ruleset).family is None:
        return []
    hand = parse_hand(_SAMPLE_HAND)
    try:
        score = score_hand(ruleset, hand, win_context(winning_tile=hand.winning_tile))
    except Exception:  # noqa: BLE001 -- a sample the family cannot score says nothing about its figures
        return []
    if score is None:
        return []
    parts: list[str | int] = ["parameters", "minimum_value", "value"]
    found = []
    for key, excluding, _, have in minimum_figures(ruleset, score):
        if have is None:
            figures = sorted(score.raw)
            name = key + ("_excluding_bonus" if excluding else "")
            found.append(RulesetError(
                f"minimum_value names {key!r}, but the {score.family} family's scores give no {name!r} figure to "
                f"compare it with{did_you_mean(key, figures)}; they give {', '.join(figures) or 'none'}",
                source=blame(ruleset.origins, parts, ruleset.location), place=json_path([*parts, key])))
    return found


def _most(ruleset: Ruleset, measure: str) -> int | None:
    """An upper bound of a score figure, as the ruleset's plugins answer ``mahjong_score_bound``, or ``None``
    where it is not known (no family, or one that states no bound): the core reads no family's tables itself."""
    try:
        if bind(ruleset).family is None:
            return None
        hooks = ruleset_hooks(ruleset)
    except RulesetError:  # a family or settlement no plugin provides: reported by the loader's own check
        return None
    return hooks.mahjong_score_bound(ruleset=ruleset, measure=measure)


def _unknown_predicates(tables: Mapping[str, Any], vocabulary: Iterable[str]
                        ) -> Iterator[tuple[list[str | int], str]]:
    """``(path, message)`` for each table row naming a predicate outside ``vocabulary``."""
    names = set(vocabulary)
    known = sorted(names)
    for table_name, table in tables.items():
        if table_name in METADATA_KEYS or table_name == "parameters" or not isinstance(table, Mapping):
            continue
        for row_id, row in table.items():
            name = row.get("predicate") if isinstance(row, Mapping) else None
            if isinstance(name, str) and name not in names:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                yield ([table_name, row_id, "predicate"],
                       f"unknown predicate {name!r}{hint}; neither an installed plugin nor this ruleset's modules "
                       f"contribute it")


def _misplaced(error: Any, family: Contribution | None, extensions: Installed) -> list[tuple[str, str]]:
    """For parameters no part of the schema names: whose each one is, instead of "additional properties"."""
    if error.validator != "additionalProperties" or list(error.absolute_path) != ["parameters"]:
        return []
    allowed = set(error.schema.get("properties", {}))
    found = []
    for name in sorted(n for n in error.instance if n not in allowed and not n.startswith("x_")):
        owners = [f.name for f in extensions.families.values()
                  if f.parameters and name in f.parameters.get("properties", {})]
        if owners:
            mine = family.name if family is not None else "none (it has no scoring section)"
            found.append((name, f"{name!r} is a parameter of the {' and '.join(owners)} family, and this "
                                f"ruleset's family is {mine}; remove it (`{name}: null` in a file that extends)"))
        else:
            hint = did_you_mean(name, allowed)
            found.append((name, f"{name!r} is no parameter of this ruleset's family, of the core or of any "
                                f"mechanism{hint}"))
    return found
