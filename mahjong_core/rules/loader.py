"""Loading a ruleset: read, check, follow ``extends``, merge, check again.

The steps, each failing with a ``file::$.path: message`` error:

1. read the YAML safely (:mod:`.document`);
2. check the file against the schema (:mod:`.schema`) and that its id matches
   the entry point that installed it;
3. import its plugin module (its hooks and predicates);
4. load the parent named by ``extends`` the same way (unknown ids, cycles and
   self-references are errors at ``$.extends`` naming the chain);
5. merge the parent's resolved tables with this file's (:mod:`.merge`);
6. check the resolved parameters (all required names present, each value of
   the right shape, the tile set buildable) and that every table row names a
   predicate of the ruleset's vocabulary (what its family, mechanisms and
   modules contribute), blaming the file that set the offending value -- the
   checks only installed plugins can answer are asked of :class:`PluginChecks`,
   which the plugin layer (:mod:`mahjong_core.plugin.fit`) answers;
7. refuse values that together leave nothing to play or a game that cannot
   end (:mod:`.playable`): the wall against the deal and the exhaustive draw,
   the hand size, a minimum value no hand reaches, and the like.

Loaded rulesets are cached per process: installed ones by id, house-rule
files by path and content.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol

from mahjong_core.errors import RulesetError
from mahjong_core.rules import validated
from mahjong_core.rules.document import locate, marks_of, parse_ruleset_text
from mahjong_core.rules.merge import resolve
from mahjong_core.rules.named_files import read_named_files
from mahjong_core.rules.playable import playable_problems
from mahjong_core.rules.registry import InstalledCatalog, RulesetSource, available, file_source
from mahjong_core.rules.ruleset import Origin, Ruleset, json_path, layer_origins
from mahjong_core.rules.schema import file_errors

#: Keys that describe the file; they are not inherited.
METADATA_KEYS = ("id", "version", "name", "native_name", "description", "extends", "sources")

Catalog = Mapping[str, RulesetSource]
#: ``most(measure) -> int | None``: the most of a score figure a ruleset's tables can give a hand, if known.
Most = Callable[[str], "int | None"]


class PluginChecks(Protocol):
    """What loading asks of the installed plugins, which this layer does not know.

    A ruleset's data names its family, settlement, mechanisms and predicates;
    only the plugin layer can say whether installed code answers to those
    names (:mod:`mahjong_core.plugin.fit`).  Each method gives located errors,
    ``[]`` when the ruleset fits.
    """

    def file_errors(self, document: Mapping[str, Any], where: str, module: object | None) -> list[RulesetError]:
        """Predicates a file names that neither an installed plugin nor its own module contributes."""
        ...

    def resolved_errors(self, tables: dict[str, Any], origins: dict[tuple[str | int, ...], Origin],
                        where: str) -> list[RulesetError]:
        """The resolved tables against the schema of their family and the installed mechanisms."""
        ...

    def ruleset_errors(self, ruleset: Ruleset) -> list[RulesetError]:
        """The built ruleset against the plugins it names (predicates, settlement, its family's reading)."""
        ...

    def skipped(self) -> bool:
        """Whether an installed plugin could not be imported (then a passed load is not recorded)."""
        ...

    def data_files(self) -> frozenset[str]:
        """The parameters whose value names a data file (a card), whose content is part of the ruleset's
        identity (:mod:`mahjong_core.rules.named_files`)."""
        ...

    def forget(self) -> None:
        """Forget the installed plugins, to read them again on next use."""
        ...


#: The module whose ``CHECKS`` answer :class:`PluginChecks` for the plugins installed in this process.  The plugin
#: layer sits above this one, so it is named here as data and imported on the first load that needs it, the way
#: entry points name the plugins themselves.
PLUGIN_CHECKS = "mahjong_core.plugin.fit"
_checks: PluginChecks | None = None


def plugin_checks() -> PluginChecks:
    """The checks of the installed plugins that loading runs."""
    global _checks
    if _checks is None:
        _checks = import_module(PLUGIN_CHECKS).CHECKS
    return _checks


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known``, or ``""``."""
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def playable_errors(ruleset: Ruleset, *, most: Most | None = None) -> list[RulesetError]:
    """Values that make the ruleset unplayable or its games unending (:mod:`.playable`), each blamed on its file.

    :param most: the most of a score figure the ruleset's tables can give a hand, where its family says.
    """
    return [RulesetError(message, source=blame(ruleset.origins, parts, ruleset.location), place=json_path(parts))
            for parts, message in playable_problems(ruleset, most=most)]


_CITATION = re.compile(r"[a-z0-9_]+ (lines? |sections? |pages? )")


def _citations(node: Any, parts: list[str | int]) -> Iterator[tuple[list[str | int], str]]:
    """``(path, citation)`` of every ``source`` of a leaf entry in a file's document."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "source" and isinstance(value, str) and ("value" in node or "predicate" in node):
                yield [*parts, key], value
            elif isinstance(value, Mapping):
                yield from _citations(value, [*parts, key])


def citation_errors(document: Mapping[str, Any], documents: Mapping[str, Any], where: str) -> list[RulesetError]:
    """Citations naming a document neither the seeds (``000``..) nor a ``sources:`` entry (here or a parent's) is."""
    errors = []
    for parts, citation in _citations({k: v for k, v in document.items() if k not in METADATA_KEYS}, []):
        for part in citation.split("; "):
            name = part.split(" ", 1)[0]
            if not _CITATION.match(part):
                continue  # the schema reports a citation of the wrong shape
            if not name.isdigit() and name not in documents:
                errors.append(RulesetError(
                    f"cites {name!r}, which no `sources:` entry of this file or its parents declares"
                    f"{did_you_mean(name, documents)}; declare it (sources: {{{name}: {{title: ...}}}}) or cite a "
                    f"seed ('000 line 346')", source=where, place=json_path(parts)))
    return errors


def _load_record(own_id: str, tables: Mapping[str, Any], modules: Sequence[object],
                 files: Mapping[str, Any]) -> str | None:
    """The digest under which this load's passed checks are recorded, or ``None`` when they are not trusted.

    The checks after the schema read the resolved tables and run the code of the installed plugins and of the
    ruleset's own modules (:mod:`.validated`); a module that is no file is code the record cannot see.
    """
    if not validated.trusted():
        return None
    named = {name: file["content"] for name, file in sorted(files.items())}  # an edited card is checked again
    code = []
    for module in modules:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str):
            return None
        code.append((getattr(module, "__name__", None), validated.file_stamp(path)))
    return validated.loaded_digest((own_id, code, tables, named) if named else (own_id, code, tables))


class _Loader:
    """Builds rulesets from one catalog, caching each id it builds."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.built: dict[str, Ruleset] = {}

    def by_id(self, ruleset_id: str, stack: tuple[str, ...] = ()) -> Ruleset:
        if ruleset_id in self.built:
            return self.built[ruleset_id]
        if ruleset_id not in self.catalog:
            raise RulesetError(f"unknown ruleset {ruleset_id!r}{did_you_mean(ruleset_id, self.catalog)}; installed: "
                               f"{', '.join(self.catalog) or 'none'}")
        ruleset, errors = self.build(self.catalog[ruleset_id], stack, expected_id=ruleset_id, everything=False)
        if ruleset is None:
            raise errors[0]
        self.built[ruleset_id] = ruleset
        return ruleset

    def build(
        self, source: RulesetSource, stack: tuple[str, ...], *, expected_id: str | None, everything: bool
    ) -> tuple[Ruleset | None, list[RulesetError]]:
        """Build the ruleset at ``source``; return it, or ``None`` and the errors (all, or the first)."""
        where = source.location
        try:
            text = source.read()
            document = parse_ruleset_text(text, where)
            own_text = text if source.id is None else None  # a house rule's text goes into its games' logs
        except RulesetError as exc:
            return None, [exc]
        errors = file_errors(document, where, everything=everything)
        if expected_id is not None and isinstance(document.get("id"), str) and document["id"] != expected_id:
            errors.append(
                RulesetError(
                    f"id {document['id']!r} does not match the installed name {expected_id!r}",
                    source=where,
                    place="$.id",
                )
            )
        module = None
        if source.module is not None:
            try:
                module = source.module()
            except RulesetError as exc:
                errors.append(exc.located(source=where))
        if errors and everything:
            # Report unknown predicates beside the file's other errors, against what this file can see without
            # being resolved: the core's, every installed plugin's and its own module's.
            errors += plugin_checks().file_errors(document, where, module)
        if errors and not everything:
            return None, errors[:1]
        if errors:
            # Every error at once: what the later steps find in the parts of the file that are well formed too.
            try:
                _, later = self._resolve(document, where, stack, module, text=own_text, everything=True)
            except Exception:  # noqa: BLE001 -- a malformed file may trip a later step; its errors are above
                later = []
            return None, _unique_errors(errors + later)
        return self._resolve(document, where, stack, module, text=own_text, everything=everything)

    def _resolve(self, document: dict[str, Any], where: str, stack: tuple[str, ...], module: Any, *,
                 text: str | None, everything: bool) -> tuple[Ruleset | None, list[RulesetError]]:
        """Steps 4-6 for a file that passed the schema: its parent, the merge and the resolved checks."""
        own_id: str = document["id"]
        parent = None
        if "extends" in document:
            try:
                parent = self._parent(document["extends"], (*stack, own_id), where)
            except RulesetError as exc:
                return None, [exc]
        documents = {**(parent.documents if parent else {}), **dict(document.get("sources") or {})}
        errors = citation_errors(document, documents, where)
        if errors and not everything:
            return None, errors[:1]
        layer = {key: value for key, value in document.items() if key not in METADATA_KEYS}
        tables = resolve([parent.raw_tables, layer] if parent else [layer])
        origins: dict[tuple[str | int, ...], Origin] = dict(parent.origins) if parent else {}
        layer_origins(layer, (own_id, where), origins)

        modules = (*(parent.modules if parent else ()), *((module,) if module else ()))
        files, unread = read_named_files(tables, origins, where, plugin_checks().data_files())
        errors += unread
        if errors and not everything:
            return None, errors[:1]
        record = None if everything or errors else _load_record(own_id, tables, modules, files)
        checked = record is None or not validated.passed(record)
        if checked:
            errors += plugin_checks().resolved_errors(tables, origins, where)
        if errors and not everything:
            return None, errors[:1]
        try:
            ruleset = Ruleset(
                id=own_id,
                version=document["version"],
                name=document["name"],
                native_name=document.get("native_name"),
                description=document.get("description"),
                parent=parent.id if parent else None,
                ancestry=(*(parent.ancestry if parent else ()), own_id),
                modules=modules,
                location=where,
                raw_tables=tables,
                origins=origins,
                documents=documents,
                text=text,
                files=files,
            )
            more = plugin_checks().ruleset_errors(ruleset) if checked else []
        except Exception:  # noqa: BLE001 -- with errors above, the later checks may trip over them
            if not errors:
                raise
            more = []
        errors = _unique_errors(errors + [m for m in more if not _overlaps(m, errors)])
        if errors:
            return None, errors if everything else errors[:1]
        if record is not None and checked and not plugin_checks().skipped():
            validated.record_pass(record)
        return ruleset, []

    def _parent(self, parent_id: str, chain: tuple[str, ...], where: str) -> Ruleset:
        own_id = chain[-1]
        if parent_id == own_id:
            raise RulesetError(
                f"ruleset {own_id!r} extends itself ({own_id} -> {own_id})", source=where, place="$.extends"
            )
        if parent_id in chain:
            cycle = " -> ".join((*chain[chain.index(parent_id) :], parent_id))
            raise RulesetError(f"extends forms a cycle: {cycle}", source=where, place="$.extends")
        if parent_id not in self.catalog:
            raise RulesetError(
                f"extends unknown ruleset {parent_id!r}{did_you_mean(parent_id, self.catalog)} (chain: "
                f"{' -> '.join((*chain, parent_id))}); installed: {', '.join(self.catalog) or 'none'}",
                source=where,
                place="$.extends",
            )
        return self.by_id(parent_id, chain)

def _unique_errors(errors: list[RulesetError]) -> list[RulesetError]:
    """The errors without repeats (two steps may find the same one), in the order found."""
    seen: set[tuple[str | None, str | None, str]] = set()
    out = []
    for error in errors:
        key = (error.source, error.place, error.message)
        if key not in seen:
            seen.add(key)
            out.append(error)
    return out


def _overlaps(error: RulesetError, found: list[RulesetError]) -> bool:
    """Whether an earlier error is about the same entry (or one inside or around it): the later is its echo."""
    place = error.place or ""
    for other in found:
        there = other.place or ""
        if other.source == error.source and (place.startswith(there) or there.startswith(place)):
            return True
    return False


def blame(origins: dict[tuple[str | int, ...], Origin], parts: Sequence[str | int], default: str) -> str:
    """The file that set the entry at ``parts`` (or the nearest entry above it)."""
    for end in range(len(parts), 0, -1):
        origin = origins.get(tuple(parts[:end]))
        if origin is not None:
            return origin[1]
    return default


# ---------------------------------------------------------------------------
# Public entry points
# ---------------------------------------------------------------------------

_installed: _Loader | None = None
_files: dict[tuple[str, str], Ruleset] = {}


def _default_loader() -> _Loader:
    global _installed
    if _installed is None:
        _installed = _Loader(InstalledCatalog())
    return _installed


def clear_cache() -> None:
    """Forget loaded rulesets and the entry-point scan (after installing a plugin in-process, or in tests)."""
    global _installed
    _installed = None
    _files.clear()
    available.cache_clear()
    plugin_checks().forget()
    validated.clear_cache()


def is_ruleset_path(id_or_path: str | Path) -> bool:
    """Whether a ``--ruleset`` value names a file (``*.yaml``/``*.yml``, or anything with a slash), not an id."""
    if isinstance(id_or_path, Path):
        return True
    return id_or_path.endswith((".yaml", ".yml")) or "/" in id_or_path or "\\" in id_or_path


class _Shadowed(Mapping[str, RulesetSource]):
    """A catalog in which one id is served by a file instead of its installed copy."""

    def __init__(self, base: Catalog, ruleset_id: str, source: RulesetSource) -> None:
        self.base, self.ruleset_id, self.source = base, ruleset_id, source

    def __getitem__(self, ruleset_id: str) -> RulesetSource:
        return self.source if ruleset_id == self.ruleset_id else self.base[ruleset_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self.base)

    def __len__(self) -> int:
        return len(self.base)

    def __contains__(self, ruleset_id: object) -> bool:
        return ruleset_id in self.base


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return False


def _file_loader(text: str, where: str, catalog: Catalog | None) -> tuple[_Loader, RulesetSource]:
    """A loader for a file, and the file as a source.

    An installed ruleset's own file is served as installed (with its plugin
    module).  Another file whose id names an installed ruleset stands in for
    it: its parents are resolved without the installed copy, so a cycle
    through it is seen.
    """
    source = RulesetSource(id=None, location=where, read=lambda: text)
    try:
        file_id = parse_ruleset_text(text, where).get("id")
    except RulesetError:
        file_id = None
    base: Catalog = catalog if catalog is not None else InstalledCatalog()
    if isinstance(file_id, str) and file_id in base:
        try:
            installed: RulesetSource | None = base[file_id]
        except RulesetError:  # its plugin module does not import; the file is checked on its own
            installed = None
        if installed is not None and _same_file(installed.location, where):
            return (_default_loader() if catalog is None else _Loader(base)), installed
        return _Loader(_Shadowed(base, file_id, source)), source
    if catalog is None:
        return _default_loader(), source
    return _Loader(catalog), source


def load_ruleset(id_or_path: str | Path, *, catalog: Catalog | None = None) -> Ruleset:
    """Load an installed ruleset by id, or a ruleset file by path.

    A path (``*.yaml``/``*.yml``, or anything with a slash) loads a file that
    need not be installed, such as a club's house rule; its ``extends``
    resolves against the installed rulesets.

    :param catalog: rulesets to resolve against instead of the installed ones
        (id -> :class:`~mahjong_core.rules.registry.RulesetSource`); nothing is cached then.
    :raises RulesetError: for an unknown id (listing the installed ones) or any invalid file.
    """
    if not is_ruleset_path(id_or_path):
        ruleset_id = str(id_or_path)
        loader = _default_loader() if catalog is None else _Loader(catalog)
        return loader.by_id(ruleset_id)

    path = Path(id_or_path)
    text = file_source(path).read()
    key = (str(path.resolve()), hashlib.sha256(text.encode("utf-8")).hexdigest())
    if catalog is None and key in _files:
        return _files[key]
    ruleset = load_ruleset_text(text, str(path), catalog=catalog)
    if catalog is None and not ruleset.files:  # a file it names (a card) may change while its own text does not
        _files[key] = ruleset
    return ruleset


def load_ruleset_text(text: str, where: str, *, catalog: Catalog | None = None) -> Ruleset:
    """A ruleset file's text, resolved against the installed rulesets (or ``catalog``).

    This is how a house rule embedded in a log's header is read back: as the
    same data a file would be, checked by the schema and able to name only
    installed rulesets, predicates and families -- never a module.

    :param where: what error messages name as the file.
    :raises RulesetError: for anything invalid, located in ``where``.
    """
    loader, source = _file_loader(text, where, catalog)
    if source.id is not None:  # the installed ruleset's own file
        return loader.by_id(source.id)
    ruleset, errors = loader.build(source, (), expected_id=None, everything=False)
    if ruleset is None:
        error = errors[0]  # located at its line too, as ``rules validate`` locates it
        raise locate(error, marks_of(text, where)) if error.source == where else error
    return ruleset


def validate_file(path: str | Path, *, catalog: Catalog | None = None) -> list[RulesetError]:
    """Every error in a ruleset file (``[]`` when it loads), for a ``rules validate`` command.

    Schema, citation, predicate and resolved errors are all reported at once, each with the line and
    column of its JSON path in the file (``mahjong rules validate`` then also plays one seeded deal under a
    file that loads).  A broken parent is reported by its first error.
    """

    try:
        text = file_source(path).read()
    except RulesetError as exc:
        return [exc]
    loader, source = _file_loader(text, str(path), catalog)
    _, errors = loader.build(source, (), expected_id=source.id, everything=True)
    marks = marks_of(text, source.location)
    return [locate(error, marks) if error.source == source.location else error for error in errors]
