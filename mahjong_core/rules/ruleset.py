"""The loaded, resolved ruleset that engines, docs and replays read.

Engines want plain values (``param("usual_limit") -> 1000``); the docs want
to know where each value came from (``source_of("usual_limit")`` -> "000 line
346", set in ``shanghai``); replays want one identity string.  A
:class:`Ruleset` keeps the resolved tables with their citations and answers
all three, and is read-only so that a cached instance cannot be changed under
another game.

It is data only: which installed code its names stand for (its scoring
family, settlement, mechanisms and predicates) is the plugin layer's answer,
:func:`mahjong_core.plugin.binding.bind`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any

from mahjong_core.errors import RulesetError
from mahjong_core.hand.tiles import TileSet, build_tiles
from mahjong_core.rules.identity import identity_string, identity_tables, tables_sha256
from mahjong_core.rules.merge import is_leaf

#: Origin of a value: (ruleset id, file) of the layer that set it.
Origin = tuple[str, str]


def json_path(parts: Sequence[str | int]) -> str:
    """``$.parameters.tile_set.value[0]`` from path parts."""
    text = "$"
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{part!r}]"
    return text


def key_path(path: str, key: str) -> str:
    """The JSON path of ``key`` inside the mapping at ``path`` (``$.a.b``, or ``$.a['odd key']``), as
    :func:`json_path` would write it; the reading of a file extends its path key by key."""
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{key!r}]"


def plain(node: Any) -> Any:
    """Parameters with every leaf entry replaced by its ``value`` (groups become plain mappings)."""
    if is_leaf(node):
        return copy.deepcopy(node.get("value"))
    if isinstance(node, Mapping):
        return {key: plain(value) for key, value in node.items()}
    return copy.deepcopy(node)


def raw_parts(tables: Mapping[str, Any], plain_parts: Sequence[str | int]) -> list[str | int]:
    """Map a path in the plain view back to the tables as written (``value`` inserted at the leaf)."""
    node: Any = tables
    parts: list[str | int] = []
    for part in plain_parts:
        if is_leaf(node):
            parts.append("value")
            node = node["value"]
        parts.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return parts
    if is_leaf(node) and parts and parts[0] == "parameters":
        parts.append("value")
    return parts


def layer_origins(layer: Mapping[str, Any], origin: Origin, into: dict[tuple[str | int, ...], Origin]) -> None:
    """Record ``origin`` for every leaf, value or removal ``layer`` sets, replacing what it overrides."""

    def walk(node: Any, path: tuple[str | int, ...]) -> None:
        for key, value in node.items():
            here = (*path, key)
            if isinstance(value, Mapping) and not is_leaf(value):
                into.pop(here, None)  # a value this group replaces
                walk(value, here)
                continue
            for p in [p for p in into if p[: len(here)] == here]:
                del into[p]
            if value is not None:
                into[here] = origin

    walk(layer, ())


def _freeze(node: Any) -> Any:
    if isinstance(node, Mapping):
        return MappingProxyType({key: _freeze(value) for key, value in node.items()})
    if isinstance(node, list):
        return tuple(_freeze(item) for item in node)
    return node


@dataclass(frozen=True)
class Provenance:
    """Where one rule value comes from.

    :param kind: ``"source"`` (a seed line) or ``"assumption"`` (a stated reason).
    :param text: the citation or the reason.
    :param defined_in: id of the ruleset whose file set the value.
    :param location: that file.
    :param path: JSON path of the entry in that file.
    """

    kind: str
    text: str
    defined_in: str
    location: str
    path: str

    def __str__(self) -> str:
        return self.text if self.kind == "source" else f"assumption: {self.text}"


#: What :meth:`Ruleset.get` finds for a parameter not read yet (a read value may be ``None``).
_UNREAD = object()


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A resolved ruleset.

    :param id: the ruleset id.
    :param version: its SemVer version.
    :param name: display name; ``native_name`` and ``description`` may be ``None``.
    :param parent: the id it extends, or ``None`` for a root.
    :param ancestry: ids from the root to this ruleset, this one last.
    :param modules: imported plugin modules, root first, for registering hook implementations.
    :param location: the file this ruleset was read from.
    :param raw_tables: the resolved tables as plain dicts, for the loader and for
        children to merge onto; read them through :attr:`tables`, never mutate.
    :param origins: for each entry path, the (ruleset id, file) whose layer set it.
    :param documents: the documents its citations may name besides the seeds (the ``sources:`` of its file
        and its parents'), by key: ``{title, edition?, url?}``.  Not rule content: not hashed.
    :param text: the file's own text for a ruleset that is not installed (a house rule), ``None`` otherwise:
        a game played under it writes the text into its log, so that the log re-plays and audits on any
        machine that has the rulesets it extends.
    :param files: the data files its parameters name (a card), by parameter: ``{"path": ..., "content": ...}``
        (``mahjong_core.rules.named_files``).  Their content is part of its identity: an edited card changes the hash.
    """

    id: str
    version: str
    name: str
    native_name: str | None
    description: str | None
    parent: str | None
    ancestry: tuple[str, ...]
    modules: tuple[ModuleType, ...]
    location: str
    raw_tables: dict[str, Any] = field(repr=False)
    origins: dict[tuple[str | int, ...], Origin] = field(repr=False)
    documents: Mapping[str, Any] = field(default_factory=dict, repr=False)
    text: str | None = field(default=None, repr=False)
    files: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    sha256: str = field(init=False)
    _params: dict[str, Any] = field(init=False, repr=False)
    _frozen: Mapping[str, Any] = field(init=False, repr=False)
    _values: dict[str, Any] = field(init=False, repr=False)
    _absent: set[str] = field(init=False, repr=False)
    _tiles: list[TileSet] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sha256", tables_sha256(identity_tables(self.raw_tables, self.files)))
        object.__setattr__(self, "_params", plain(self.raw_tables.get("parameters", {})))
        object.__setattr__(self, "_frozen", _freeze(self.raw_tables))
        object.__setattr__(self, "_values", {})
        object.__setattr__(self, "_absent", set())
        object.__setattr__(self, "_tiles", [])

    def __repr__(self) -> str:
        return f"<Ruleset {self.identity}>"

    @property
    def identity(self) -> str:
        """``id@version+sha256:hex``, what replays record."""
        return identity_string(self.id, self.version, self.sha256)

    @property
    def tables(self) -> Mapping[str, Any]:
        """The resolved tables with their citations, read-only (mappings are proxies, lists tuples)."""
        return self._frozen

    def params(self) -> dict[str, Any]:
        """Every parameter as a plain value (a fresh copy)."""
        return copy.deepcopy(self._params)

    def value(self, name: str) -> Any:
        """One parameter's value, read-only (mappings are proxies, lists tuples) and cached.

        The engine asks for the same parameters thousands of times a game;
        this answers without copying.  Use :meth:`param` for a mutable copy.

        :raises RulesetError: when the ruleset has no such parameter.
        """
        try:
            return self._values[name]
        except KeyError:
            frozen = _freeze(self.param(name))
            self._values[name] = frozen
            return frozen

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter's value as :meth:`value` gives it, or ``default`` where the ruleset does not set it.

        For the parameters of optional mechanisms and of other families: a
        ruleset that leaves one out has that rule off.  A name found absent is
        remembered (the parameters never change): the engine asks for some
        absent ones at every score, and each miss built and caught an error.
        """
        found = self._values.get(name, _UNREAD)
        if found is not _UNREAD:
            return found
        if name in self._absent:
            return default
        try:
            return self.value(name)
        except RulesetError:
            self._absent.add(name)
            return default

    def param(self, name: str) -> Any:
        """One parameter's plain value, a fresh copy; dotted names reach inside (``"chavka.points"``).

        :raises RulesetError: when the ruleset has no such parameter.
        """
        node: Any = self._params
        for part in name.split("."):
            if not isinstance(node, Mapping) or part not in node:
                raise RulesetError(
                    f"ruleset {self.id!r} has no parameter {name!r}", source=self.location, place=f"$.parameters.{name}"
                )
            node = node[part]
        return copy.deepcopy(node)

    def table(self, name: str) -> dict[str, dict[str, Any]]:
        """A table's rows (row id -> row, citations included) as plain copies; ``{}`` if the ruleset has none."""
        return copy.deepcopy(self.raw_tables.get(name, {}))

    def source_of(self, path: str | Sequence[str]) -> Provenance:
        """Where a value comes from.

        ``path`` is a dotted path into the tables (``"limit_hands.heavenly"``,
        ``"parameters.chavka.points"``, ``"$.parameters.usual_limit"``) or just
        a parameter name (``"usual_limit"``).  A path inside a leaf's value gets
        the leaf's provenance.
        """
        parts = list(path.removeprefix("$.").split(".")) if isinstance(path, str) else list(path)
        if parts and parts[0] not in self.raw_tables:
            parts.insert(0, "parameters")
        node: Any = self.raw_tables
        walked: list[str | int] = []
        for part in parts:
            if is_leaf(node):
                break
            if not isinstance(node, Mapping) or part not in node:
                raise RulesetError(f"ruleset {self.id!r} has no entry {'.'.join(parts)!r}", source=self.location)
            node = node[part]
            walked.append(part)
        if not is_leaf(node):
            raise RulesetError(f"{'.'.join(parts)!r} is a group of entries, not one entry", source=self.location)
        defined_in, location = self.origins.get(tuple(walked), (self.id, self.location))
        kind = "source" if "source" in node else "assumption"
        return Provenance(kind, str(node[kind]), defined_in, location, json_path(walked))

    def starting_points(self) -> int:
        """The points each seat begins the game with: the ``starting_points`` parameter, 0 where it is not set.

        A game of a ruleset that says nothing starts every seat at 0, as every game did before the value existed,
        so its log is written as it always was.  The game, the log's header (which carries a value that is not 0,
        so that a fold, which reads no ruleset, starts where the game did) and the audit read it here.
        """
        return int(self.get("starting_points", 0) or 0)

    def tile_set(self) -> tuple[int, ...]:
        """The physical tiles, from the ``tile_set`` parameter."""
        return self.tiles().tiles

    def tiles(self) -> TileSet:
        """The ruleset's :class:`~mahjong_core.hand.tiles.TileSet` (kinds, copies, bonus, marked, jokers).

        Built from the data on the first call and kept (the set is frozen, and the parameters never change): a
        plugin may ask for it at every decision, where building it anew would cost more than the decision.
        """
        if self._tiles:
            return self._tiles[0]
        try:
            built = build_tiles(self.param("tile_set"))
        except RulesetError as exc:
            if exc.place and exc.place.startswith("$.tile_set"):
                exc.place = exc.place.replace("$.tile_set", "$.parameters.tile_set.value", 1)
            raise exc.located(source=self.location) from None
        self._tiles.append(built)
        return built
