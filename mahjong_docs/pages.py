"""Rule documentation generated from the installed rulesets' data, as reStructuredText.

The docs must not drift from the rules, so no rule value is ever typed into a
page: every ruleset page, the cross-ruleset comparison and the schema pages
are produced here from the resolved tables at build time (the Sphinx
extension :mod:`mahjong_docs.sphinx_ext` calls :func:`write_pages`).
Everything a ruleset's YAML holds is shown -- each parameter and each row of
each table, whatever tables the ruleset has -- with the seed line or the
assumption behind it and the ruleset in its ``extends`` chain that set it.

This module knows no Sphinx: it returns text, so tests can check the pages
without building them.  The worked example hands written into other pages are
checked by :mod:`mahjong_docs.examples`, which borrows the reST helpers
here (so this module does not import it).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core import MahjongError, Provenance, Ruleset, available, is_leaf, is_ruleset_path, load_ruleset
from mahjong_core.plugin import bind

from .rst import (
    EMPTY,
    GENERATED,
    TOPICS,
    heading,
    is_table,
    leaves,
    list_table,
    literal,
    plural,
    row_key,
    ruleset_ref,
    section_title,
    sections,
    text,
    topic_of,
    value_cell,
)

if TYPE_CHECKING:
    from .sources import Library

#: The comparison's row key and a parameter's topic, by the names the tests know them.
_row_key = row_key
_topic_of = topic_of

#: Where the hook specs live, for the links a ruleset page makes to the hooks its plugins answer.
HOOKSPECS = "mahjong_core.plugin.hookspecs"

#: Extra keys a table row may carry, shown under the row's name.
ROW_DETAILS = ("predicate", "applies_to", "per", "excludes", "category", "notes")


# ---------------------------------------------------------------------------
# reStructuredText helpers
# ---------------------------------------------------------------------------

def provenance(p: Provenance, library: Library | None = None) -> str:
    """A citation as reST: the cited places (linked to the documents' pages with a library), or the assumption."""
    if library is not None:
        return library.provenance(p)
    if p.kind == "source":
        return text(p.text)
    return f"*assumption:* {text(p.text)}"


# ---------------------------------------------------------------------------
# Reading a ruleset
# ---------------------------------------------------------------------------


def parameter_descriptions() -> dict[str, str]:
    """Each top-level parameter's and section's description, for the pages.

    From the universal schema, every installed family's parameter schema and
    every mechanism's, so a family's own parameters are described where its
    rulesets show them.
    """
    from mahjong_core import ruleset_schema
    from mahjong_core.plugin import installed

    schema = ruleset_schema()
    extensions = installed()
    parts = [schema["$defs"]["resolved_parameters"], *(f.parameters for f in extensions.families.values()),
             *(m.parameters for m in extensions.mechanisms)]
    out = {f"parameters.{name}": spec.get("description", "")
           for part in parts if part for name, spec in part.get("properties", {}).items()}
    out.update({name: spec.get("description", "") for name, spec in schema.get("properties", {}).items()})
    return {key: value for key, value in out.items() if value}


def _lookup(tables: Mapping[str, Any], path: Sequence[str]) -> Any:
    node: Any = tables
    for part in path:
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


@dataclass(frozen=True)
class Entry:
    """One documented value: where it is, what it says, and where it came from."""

    path: tuple[str, ...]
    entry: Mapping[str, Any]
    provenance: Provenance
    #: The parent's entry at the same path, when this ruleset replaced it.
    overrides: Mapping[str, Any] | None

    @property
    def name(self) -> str:
        return ".".join(self.path[1:])


def entries(ruleset: Ruleset, section: str, parent: Ruleset | None) -> list[Entry]:
    """The leaf entries of one section, each with its provenance and what it overrides in the parent."""
    out = []
    for path, entry in leaves(ruleset.raw_tables.get(section, {}), (section,)):
        prov = ruleset.source_of(list(path))
        before = None
        if parent is not None and prov.defined_in == ruleset.id:
            old = _lookup(parent.raw_tables, path)
            if is_leaf(old):
                before = old
        out.append(Entry(path, entry, prov, before))
    return out


def removed(ruleset: Ruleset, parent: Ruleset | None) -> list[tuple[str, ...]]:
    """Paths of the parent's entries that this ruleset removes (sets to ``null``)."""
    if parent is None:
        return []
    return [path for path, _ in leaves(parent.raw_tables) if _lookup(ruleset.raw_tables, path) is None]


def hook_implementations(ruleset: Ruleset) -> list[tuple[str, str, str, str]]:
    """``(hook, module, ruleset id, first docstring paragraph)`` for each hook the plugin modules implement."""
    import inspect

    from mahjong_core.plugin import HOOK_PREFIX, PROJECT

    owners = dict(zip((m.__name__ for m in ruleset.modules), _module_owners(ruleset), strict=False))
    out = []
    for module in ruleset.modules:
        for name, function in inspect.getmembers(module, inspect.isroutine):
            opts = getattr(function, f"{PROJECT}_impl", None)
            if opts is None and not name.startswith(HOOK_PREFIX):
                continue
            if getattr(function, "__module__", module.__name__) != module.__name__:
                continue  # imported, not implemented here
            doc = inspect.getdoc(function) or ""
            out.append(((opts or {}).get("specname") or name, module.__name__, owners.get(module.__name__, ""),
                        doc.split("\n\n")[0]))
    return out


#: Hooks a plugin answers outside games (what it contributes), not listed among the rules its games play by.
CONTRIBUTION_HOOKS = frozenset({"mahjong_predicates", "mahjong_contributions"})

#: How a page names each kind of contribution.
_KIND_NAMES = {"family": "scoring family", "settlement": "settlement", "mechanism": "mechanism"}


def game_plugins(ruleset: Ruleset) -> list[tuple[str, str, str, list[str], str]]:
    """``(kind, name, module, game hooks, description)`` for the family, settlement and mechanisms it uses: each a
    contribution whose plugin its games register."""
    from mahjong_core.plugin import HOOK_PREFIX

    def hooks_of(plugin: object) -> list[str]:
        names = (name for name in dir(plugin) if name.startswith(HOOK_PREFIX) and name not in CONTRIBUTION_HOOKS)
        return sorted(name for name in names if callable(getattr(plugin, name)))

    bound = bind(ruleset)
    chosen = [*(c for c in (bound.family, bound.settlement) if c is not None), *bound.mechanisms]
    return [(_KIND_NAMES[c.kind], c.name, str(getattr(c.plugin, "__name__", None) or type(c.plugin).__name__),
             hooks_of(c.plugin), c.description) for c in chosen]


def _module_owners(ruleset: Ruleset) -> list[str]:
    """The ruleset id each plugin module belongs to (modules are ordered root first, one per ruleset with one)."""
    infos = available()
    by_module = {info.module: rid for rid, info in infos.items()}
    return [by_module.get(m.__name__, "") for m in ruleset.modules]


# ---------------------------------------------------------------------------
# Pages
# ---------------------------------------------------------------------------


def _defined_in(item: Entry, ruleset: Ruleset, documented: set[str]) -> str:
    owner = item.provenance.defined_in
    if owner != ruleset.id:
        return f"inherited from {ruleset_ref(owner, documented)}"
    if item.overrides is not None:
        parent = ruleset.parent or ""
        was = item.overrides.get("value")
        return f"**set here**, overriding {literal(was)} from {ruleset_ref(parent, documented)}"
    return "**set here**" if ruleset.parent else "here"


def _row_name(item: Entry) -> str:
    entry = item.entry
    lines = [f"``{item.path[-1]}``"]
    if entry.get("name"):
        # The English name leads; the name in the rules' own language follows, marked as such.
        native = f" (native name: *{text(entry['native_name'])}*)" if entry.get("native_name") else ""
        lines += ["", text(entry["name"]) + native]
    elif entry.get("native_name"):
        lines += ["", f"native name: *{text(entry['native_name'])}*"]
    details = []
    for key in ROW_DETAILS:
        if key in entry and key != "notes":
            value = entry[key]
            shown = ", ".join(literal(v) for v in value) if isinstance(value, list | tuple) else literal(value)
            details.append(f"{key}: {shown}")
    if details:
        lines += ["", "; ".join(details)]
    if entry.get("notes"):
        lines += ["", f"*{text(entry['notes'])}*"]
    return "\n".join(lines)


def _parameter_name(item: Entry, descriptions: Mapping[str, str]) -> str:
    lines = [f"``{item.name}``"]
    description = descriptions.get(".".join(item.path))
    if description:
        lines += ["", text(description)]
    if item.entry.get("notes"):
        lines += ["", f"*{text(item.entry['notes'])}*"]
    return "\n".join(lines)


def _value_table(items: Sequence[Entry], ruleset: Ruleset, documented: set[str], *, rows: bool,
                 descriptions: Mapping[str, str], library: Library | None = None) -> str:
    from mahjong_core import row_unit
    from mahjong_core.plugin import amount

    body = []
    for item in items:
        name = _row_name(item) if rows else _parameter_name(item, descriptions)
        value = item.entry.get("value")
        unit = row_unit(ruleset, item.path[0]) if rows else None
        # A row's value in its unit (8 points, 1 doubling, 2 fan), so one column never mixes units unsaid.
        shown = (f"{literal(value)} {amount(value, unit).split(' ', 1)[1]}"
                 if unit is not None and isinstance(value, int) and not isinstance(value, bool) else value_cell(value))
        body.append([name, shown, provenance(item.provenance, library), _defined_in(item, ruleset, documented)])
    header = ["row" if rows else "parameter", "value", "source or assumption", "defined in"]
    return list_table(header, body, widths=[30, 22, 30, 18])


def ruleset_page(ruleset: Ruleset, documented: Iterable[str] = (), *, library: Library | None = None,
                 reference: bool = True, examples: bool = True) -> str:
    """The page of one ruleset: how a deal goes under it, every value and row with its source, example hands.

    :param library: the cited documents, whose pages the citations link to (default: the seeds and the
        ruleset's own ``sources:``, linked under ``rulesets/sources``).
    :param reference: also list the plugins its games use and the hooks its modules implement (a developer's
        concern, left out of a players' site).
    :param examples: end with example hands scored by the code: a worked example of each row of the tables where
        the ruleset's family gives them (:mod:`mahjong_docs.items`), then a few hands a player might make.
    """
    from . import hands, items, prose
    from .sources import library as make_library

    documented = set(documented) | {ruleset.id}
    library = library if library is not None else make_library([ruleset], "rulesets/sources")
    parent = load_ruleset(ruleset.parent) if ruleset.parent else None
    descriptions = parameter_descriptions()
    info = available().get(ruleset.id)
    out = [GENERATED, "", f".. _ruleset-{ruleset.id}:", "", heading(text(ruleset.name), "=")]
    fields = [(":ruleset id:", literal(ruleset.id))]
    if ruleset.native_name:
        fields.append((":native name:", text(ruleset.native_name)))
    fields.append((":version:", literal(ruleset.version)))
    fields.append((":identity:", literal(ruleset.identity)))
    if ruleset.parent:
        fields.append((":extends:", ruleset_ref(ruleset.parent, documented)))
    fields.append((":ancestry:", " → ".join(ruleset_ref(r, documented) if r != ruleset.id else literal(r)
                                            for r in ruleset.ancestry)))
    if info is not None:
        dist = f"{info.distribution} {info.distribution_version}" if info.distribution else "unknown distribution"
        fields.append((":installed by:", f"{text(dist)} (module {literal(info.module)})"))
    if reference:
        out += [f"{key} {value}" for key, value in fields]
    else:
        # A player's page: who the ruleset is in one line; the identity a game record names it by, in small.
        line = [f"*{text(ruleset.native_name)}*"] if ruleset.native_name else []
        line.append(f"version {text(ruleset.version)}")
        if ruleset.parent:
            def name(rid: str) -> str:
                # the ruleset itself may be a house-rule file, which no id loads
                shown = text((ruleset if rid == ruleset.id else load_ruleset(rid)).name)
                return f":doc:`{shown} <{rid}>`" if rid in documented and rid != ruleset.id else shown

            line.append(f"extends {name(ruleset.parent)}"
                        + (f" (the line {' → '.join(map(name, ruleset.ancestry))})" if len(ruleset.ancestry) > 2
                           else ""))
        out += [" · ".join(line), "", ".. rst-class:: mahjong-identity", "",
                f"A game record names it {literal(ruleset.identity)}."]
    out.append("")
    if ruleset.description:
        out += [text(ruleset.description), ""]
    out += [prose.how_a_deal_goes(ruleset, library), ""]
    if ruleset.documents and reference:
        # The club's own documents its citations name (``sources:``), besides the seeds.
        docs = [[literal(key), text(str(doc.get("title", ""))), text(str(doc.get("edition", ""))) or EMPTY,
                 f"`{doc['url']} <{doc['url']}>`__" if doc.get("url") else EMPTY]
                for key, doc in sorted(ruleset.documents.items())]
        out += [heading("Documents it cites", "-"),
                "Besides the seeds, its citations name these documents by key (``minutes section 4``).", "",
                list_table(["key", "title", "edition", "where"], docs, widths=[16, 40, 16, 28]), ""]

    all_entries = {section: entries(ruleset, section, parent) for section in sections(ruleset)}
    flat = [e for items in all_entries.values() for e in items]
    own = [e for e in flat if e.provenance.defined_in == ruleset.id]
    gone = removed(ruleset, parent)
    if parent is not None:
        overridden = [e for e in own if e.overrides is not None]
        added = [e for e in own if e.overrides is None]
        out += [heading("What it changes", "-"),
                f"This ruleset extends {ruleset_ref(parent.id, documented)}. Of its "
                f"{plural(len(flat), 'value and row', 'values and rows')}, {len(own)} set in its own file "
                f"({len(overridden)} replacing the parent's, {len(added)} new) and {len(flat) - len(own)} inherited; "
                f"{plural(len(gone), 'entry', 'entries')} of the parent's removed.", ""]
        changes = [[f"``{'.'.join(e.path)}``", literal(e.overrides.get("value")) if e.overrides else "*new*",
                    literal(e.entry.get("value")), provenance(e.provenance, library)] for e in own]
        changes += [[f"``{'.'.join(p)}``", literal(_lookup(parent.raw_tables, p).get("value")), "*removed*",
                     EMPTY] for p in gone]
        if changes:
            out += [list_table(["entry", f"in {parent.id}", "here", "source or assumption"], changes,
                               widths=[28, 22, 22, 28]), ""]
        if ruleset.sha256 == parent.sha256:
            out += [f"Its rule content is the same as {ruleset_ref(parent.id, documented)}'s (same hash).", ""]

    if reference:
        out += _code_sections(ruleset, documented)
    out += _table_sections(ruleset, documented, all_entries, descriptions, library)
    if examples:
        out += [items.items_rst(ruleset, library), hands.examples_rst(ruleset, library)]
    return "\n".join(out).rstrip() + "\n"


def _code_sections(ruleset: Ruleset, documented: set[str]) -> list[str]:
    """The plugins a ruleset's games use and the hooks its modules implement (the reference part of its page)."""
    out = [heading("Plugins its games use", "-"),
            "What its data names or switches on, each found through the ``mahjong_core.plugins`` entry points; "
            "the hooks column lists the game hooks each one implements.", ""]
    rows = [[f"{kind} {literal(name)}", text(about) or EMPTY,
             ", ".join(f":func:`{h.removeprefix('mahjong_')} <{HOOKSPECS}.{h}>`" for h in hooks) or EMPTY]
            for kind, name, _module, hooks, about in game_plugins(ruleset)]
    out += [list_table(["plugin", "what it does", "game hooks"], rows, widths=[28, 44, 28])
            if rows else "None: its games run on the core's defaults alone.", ""]

    hooks = hook_implementations(ruleset)
    out += [heading("Rules in code", "-")]
    if hooks:
        out += ["These rules are hooks implemented in Python by the ruleset's plugin modules; "
                "the data below cannot express them.", ""]
        rows = [[f":func:`~mahjong_core.plugin.hookspecs.{hook}`", literal(module),
                 ruleset_ref(owner, documented) if owner else EMPTY, text(doc) or EMPTY]
                for hook, module, owner, doc in hooks]
        out += [list_table(["hook", "module", "ruleset", "what it does"], rows, widths=[22, 24, 16, 38]), ""]
    else:
        out += ["None: every rule of this ruleset is data, read by the core's default hooks and the plugins above.",
                ""]
    return out


def _table_sections(ruleset: Ruleset, documented: set[str], all_entries: Mapping[str, list[Entry]],
                    descriptions: Mapping[str, str], library: Library) -> list[str]:
    """The ruleset's parameters by topic and each of its tables, every value with its source."""
    out: list[str] = []
    for section, items in all_entries.items():
        if not items:
            continue
        description = descriptions.get(section, "")
        if section == "parameters":
            out += [heading("Parameters", "-")]
            by_topic: dict[str, list[Entry]] = {}
            for item in items:
                by_topic.setdefault(_topic_of(item.name), []).append(item)
            order = [t for t, _ in TOPICS] + ["Other rules"]
            for topic in sorted(by_topic, key=order.index):
                out += [heading(topic, "~"), _value_table(by_topic[topic], ruleset, documented, rows=False,
                                                          descriptions=descriptions, library=library), ""]
            continue
        node = ruleset.raw_tables[section]
        out += [heading(section_title(section), "-")]
        if description:
            out += [text(description), ""]
        out += [_value_table(items, ruleset, documented, rows=is_table(node), descriptions=descriptions,
                             library=library), ""]
    return out


def index_page(rulesets: Sequence[Ruleset], *, reference: bool = True) -> str:
    """The rulesets' index: one line each, and the toctree of their pages, the comparison and the sources.

    :param reference: the developer's columns too (the ruleset id and the distribution that installs it).
    """
    ids = {r.id for r in rulesets}
    rows = []
    for rs in rulesets:
        info = available().get(rs.id)
        parent = EMPTY
        if rs.parent:
            parent = ruleset_ref(rs.parent, ids) if reference else (
                f":doc:`{text(load_ruleset(rs.parent).name)} <{rs.parent}>`" if rs.parent in ids
                else text(load_ruleset(rs.parent).name))
        if reference:
            rows.append([f":doc:`{rs.id}`", text(rs.name) + (f" / {text(rs.native_name)}" if rs.native_name else ""),
                         parent, literal(rs.version), text(info.distribution) if info and info.distribution else EMPTY])
        else:
            rows.append([f":doc:`{text(rs.name)} <{rs.id}>`", text(rs.native_name) if rs.native_name else EMPTY, parent,
                         text(rs.version)])
    out = [GENERATED, "", ".. _rulesets:", "", heading("Rulesets", "=")]
    if reference:
        out += ["Every installed ruleset, generated from its data when these pages were built: each value with the "
                "seed line it comes from or the assumption made where the seeds are silent, and what each ruleset "
                "inherits from the one it extends. :doc:`comparison` sets them side by side.", "",
                list_table(["id", "name", "extends", "version", "installed by"], rows, widths=[20, 40, 16, 10, 14])]
    else:
        out += ["The rulesets of these pages, each generated from its data when the pages were built: how a deal "
                "goes, every value with the document it comes from (or the assumption made where the documents are "
                "silent), and example hands scored by the code. :doc:`comparison` sets them side by side.", "",
                list_table(["ruleset", "native name", "extends", "version"], rows, widths=[36, 28, 24, 12])]
    out += ["", "The documents the values come from are listed under :doc:`sources/index`.", "",
            ".. toctree::", "   :maxdepth: 1", "", "   comparison"]
    out += [f"   {rs.id}" for rs in rulesets]
    out += ["   sources/index"]
    return "\n".join(out) + "\n"


def comparison_page(rulesets: Sequence[Ruleset]) -> str:
    """The comparison of rulesets (:func:`mahjong_docs.compare.comparison_page`)."""
    from . import compare
    from .sources import library

    return compare.comparison_page(rulesets, library(rulesets, "rulesets/sources"))


# ---------------------------------------------------------------------------
# JSON Schemas
# ---------------------------------------------------------------------------


def schema_files() -> dict[str, str]:
    """The shipped JSON Schemas by file name, as text."""
    root = resources.files("mahjong_core.schemas")
    return {item.name: item.read_text("utf-8") for item in sorted(root.iterdir(), key=lambda i: i.name)
            if item.name.endswith(".json")}


def schema_page(name: str, source: str) -> str:
    """One schema: its title, id and description, its properties and definitions, and the full text."""
    schema = json.loads(source)
    title = schema.get("title") or name
    out = [GENERATED, "", heading(text(title), "="), f":file: ``schemas/{name}``",
           f":id: {literal(schema.get('$id', EMPTY))}", f":dialect: {literal(schema.get('$schema', EMPTY))}", ""]
    if schema.get("description"):
        out += [text(schema["description"]), ""]

    def describe(spec: Mapping[str, Any]) -> tuple[str, str]:
        kind = spec.get("type") or ("$ref " + spec["$ref"] if "$ref" in spec else
                                    "one of " + ", ".join(json.dumps(v) for v in spec["enum"]) if "enum" in spec
                                    else EMPTY)
        return (literal(kind) if kind != EMPTY else EMPTY), text(spec.get("description", "")) or EMPTY

    for title_, key in (("Properties", "properties"), ("Definitions", "$defs")):
        block = schema.get(key) or {}
        if not block:
            continue
        rows = [[f"``{prop}``", *describe(spec)] for prop, spec in block.items() if isinstance(spec, Mapping)]
        out += [heading(title_, "-"), list_table(["name", "type", "description"], rows, widths=[25, 25, 50]), ""]
    out += [heading("Full text", "-"), ".. code-block:: json", ""]
    out += [("   " + line) if line else "" for line in source.rstrip().splitlines()]
    return "\n".join(out) + "\n"


def schema_index(names: Iterable[str]) -> str:
    stems = [n.removesuffix(".json") for n in names]
    out = [GENERATED, "", heading("JSON Schemas", "="),
           "The schemas that ruleset files and replay logs are validated against (JSON Schema Draft 2020-12), "
           "rendered from the files the package ships.", "", ".. toctree::", "   :maxdepth: 1", ""]
    return "\n".join(out + [f"   {stem}" for stem in stems]) + "\n"


# ---------------------------------------------------------------------------
# Writing the pages
# ---------------------------------------------------------------------------


def ruleset_ids(requested: Iterable[str] | str | None = None) -> list[str]:
    """The ruleset ids to document: ``requested`` (ids, or one comma-separated string), or every installed one.

    :raises MahjongError: for an id that is not installed.
    """
    installed = list(available())
    if requested is None:
        return installed
    if isinstance(requested, str):
        requested = [part.strip() for part in requested.split(",")]
    ids = [rid for rid in dict.fromkeys(requested) if rid]
    unknown = [rid for rid in ids if rid not in installed and not is_ruleset_path(rid)]
    if unknown:
        raise MahjongError(f"no installed ruleset {', '.join(map(repr, unknown))}; installed: {', '.join(installed)}",
                           place="--ruleset")
    return ids or installed


def _write(path: Path, content: str, written: list[Path]) -> None:
    """Write only when the content changed, so Sphinx rebuilds only what changed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != content:
        path.write_text(content, encoding="utf-8")
    written.append(path)


def generated_pages(ids: Sequence[str], *, rulesets_dir: str = "rulesets",
                    schemas_dir: str = "schemas", reference: bool = True) -> dict[str, str]:
    """Every generated page, as ``{relative path: reST}``.

    :param reference: also the developer's part: each ruleset's plugins and hooks, and the JSON Schema pages.
    """
    from . import compare, sources

    rulesets = [load_ruleset(rid) for rid in ids]
    lib = sources.library(rulesets, f"{rulesets_dir}/sources")
    pages = {f"{rulesets_dir}/index.rst": index_page(rulesets, reference=reference),
             **compare.pages(rulesets, lib, rulesets_dir)}
    for rs in rulesets:
        pages[f"{rulesets_dir}/{rs.id}.rst"] = ruleset_page(rs, [r.id for r in rulesets], library=lib,
                                                            reference=reference)
    pages[f"{rulesets_dir}/sources/index.rst"] = sources.sources_index(lib, rulesets)
    for key in sources.used_documents(lib, rulesets):
        pages[f"{rulesets_dir}/sources/{key}.rst"] = sources.document_page(lib.documents[key], rulesets,
                                                                            [r.id for r in rulesets], lib)
    if not reference:
        return pages
    schemas = schema_files()
    pages[f"{schemas_dir}/index.rst"] = schema_index(schemas)
    for name, source in schemas.items():
        pages[f"{schemas_dir}/{name.removesuffix('.json')}.rst"] = schema_page(name, source)
    return pages


def write_pages(srcdir: Path, ids: Sequence[str], *, rulesets_dir: str = "rulesets",
                schemas_dir: str = "schemas", reference: bool = True) -> list[Path]:
    """Write the generated pages under ``srcdir`` and delete stale ones left by a ruleset no longer installed."""
    written: list[Path] = []
    for relative, content in generated_pages(ids, rulesets_dir=rulesets_dir, schemas_dir=schemas_dir,
                                             reference=reference).items():
        _write(srcdir / relative, content, written)
    for folder in {rulesets_dir, schemas_dir}:
        for stale in (srcdir / folder).rglob("*.rst"):
            if stale not in written and stale.read_text(encoding="utf-8").startswith(GENERATED):
                stale.unlink()
    return written
