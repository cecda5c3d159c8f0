"""The documents the rules cite, each a named page: the seeds the bundled rulesets come from, and a club's own.

A citation in the rule data is a document key and a place (``000 line 346``,
``minutes section 4.2``).  A reader of a club's site should not have to know
what ``000`` is, so every cited document gets a page of its own -- its title,
what it is, and every value that cites it -- and every citation on the other
pages names the document by its title and links to that page.  The seeds are
described here (:data:`SEEDS`); a ruleset names its own documents under
``sources:`` with a title, an edition and an address.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mahjong_core import Provenance, Ruleset

from .rst import EMPTY, GENERATED, heading, leaves, list_table, literal, plural, ruleset_ref, short, text


@dataclass(frozen=True)
class Document:
    """One cited document.

    :param key: the key citations name it by (``000``, ``minutes``).
    :param title: its title in English.
    :param short: the few words a citation shows.
    :param original_title: its title as the document writes it, where that is another language.
    :param about: what it is, in a sentence or two.
    :param edition: its edition or date, where given.
    :param url: where to read it, where given.
    :param declared_by: the ruleset whose ``sources:`` declares it (``None`` for a seed).
    """

    key: str
    title: str
    short: str
    original_title: str = ""
    about: str = ""
    edition: str = ""
    url: str = ""
    declared_by: str | None = None


#: The four seed documents (Russian) the bundled rulesets are written from; their titles are their own first
#: lines, translated, except 000's, which has none and is named for what it is.
SEEDS: dict[str, Document] = {doc.key: doc for doc in (
    Document("000", "The rule sets of a mahjong program, from Harbin to Sport", "Eight rule sets",
             original_title="(untitled; it opens «Полный комплект Маджана содержит 144 Кости»)",
             about="The help text of a computer mahjong game offering eight rule sets: Harbin, Shanghai, Orsk, "
                   "Chinese Classical, European Classical, Hong Kong, Hong Kong+ and Sport (the Mahjong "
                   "Competition Rules). It defines the tiles and terms, the play common to all of them, the table "
                   "of their differences, their limit hands and their scoring and settlement tables, and says "
                   "which rules its program skipped."),
    Document("001", "Detailed rules of mahjong for money", "Rules of mahjong for money",
             original_title="Подробные правила игры в Маджонг на реальные деньги",
             about="A description of the traditional game played for money: the wall ceremony with the dice, "
                   "the deal, claims and their priority, kongs, the dead hand, penalties, settlement with East "
                   "paying double, and the named limit hands. Its point tables were images that did not survive."),
    Document("002", "Basic concepts and terms (a scoring table with bonus tiles)", "Scoring table with bonus tiles",
             original_title="Основные понятия и термины",
             about="A points-and-doublings scoring table for the classical game with flowers and seasons: the "
                   "points of each set, pair and bonus tile, and the doublings of the winner and of the losers."),
    Document("003", "The rules of Piter mahjong", "Piter rules",
             original_title="Правила «Питерский» Маджонга",
             about="The rules of the St Petersburg club on Nekrasova street: a pair game with partners sitting "
                   "opposite, a 2000 limit, a tile exchange between partners, the calling-hand rule, seated "
                   "timing of chows and the penalty for a wrong mahjong. Its list of limit hands is cut off."),
)}

_PART = re.compile(r"^([a-z0-9_]+) (.+)$")


@dataclass
class Library:
    """The documents the documented rulesets cite, and where their pages are.

    :param folder: the source folder of the pages (``rulesets/sources``), for links.
    """

    folder: str
    documents: dict[str, Document] = field(default_factory=dict)

    def resolve(self, key: str, owner: str | None) -> Document | None:
        """The document a citation's key names in the file of ruleset ``owner``."""
        return self.documents.get(f"{owner}-{key}") or self.documents.get(key)

    def page(self, key: str) -> str:
        """The page name of a document's page."""
        return f"{self.folder}/{key}"

    def cite(self, citation: str, owner: str | None = None) -> str:
        """A citation as reST: each place names its document by title, linked to the document's page.

        :param owner: the ruleset whose file holds the citation, whose own ``sources:`` entry a key names first.
        """
        out: list[tuple[Document | None, list[str]]] = []
        for part in citation.split("; "):
            match = _PART.match(part)
            doc = self.resolve(match.group(1), owner) if match else None
            if match is None or doc is None:
                out.append((None, [text(part)]))
            elif out and out[-1][0] is doc:
                out[-1][1].append(text(match.group(2)))  # the same document again: one link, the places after it
            else:
                out.append((doc, [text(match.group(2))]))
        return "; ".join(", ".join(places) if doc is None else
                         f":doc:`{text(doc.short)} </{self.page(doc.key)}>`, {', '.join(places)}"
                         for doc, places in out)

    def provenance(self, p: Provenance) -> str:
        """A value's source as reST: the cited places, or the assumption marked as one."""
        if p.kind == "source":
            return self.cite(p.text, p.defined_in)
        return f"*assumption:* {text(p.text)}"


def library(rulesets: Iterable[Ruleset], folder: str) -> Library:
    """Every document the rulesets may cite: the seeds, and each ``sources:`` entry of theirs.

    Two rulesets declaring the same key for different documents keep both:
    the second one's page is named after its ruleset as well.
    """
    lib = Library(folder, dict(SEEDS))
    for rs in rulesets:
        for key, entry in sorted(rs.documents.items()):
            doc = Document(str(key), str(entry.get("title", key)), str(entry.get("title", key)),
                           edition=str(entry.get("edition", "") or ""), url=str(entry.get("url", "") or ""),
                           declared_by=rs.id)
            known = lib.documents.get(doc.key)
            if known is None:
                lib.documents[doc.key] = doc
            elif (known.title, known.edition, known.url) != (doc.title, doc.edition, doc.url):
                # The key is the ruleset's own; its citations keep resolving to its own document.
                lib.documents[f"{rs.id}-{doc.key}"] = replace(doc, key=f"{rs.id}-{doc.key}")
    return lib


def citing_entries(ruleset: Ruleset, key: str) -> list[tuple[str, Any, str]]:
    """``(entry path, value, citation)`` of every value of ``ruleset`` that cites document ``key``."""
    out = []
    for section, node in ruleset.raw_tables.items():
        for path, entry in leaves(node, (section,)):
            p = ruleset.source_of(list(path))
            if p.kind != "source":
                continue
            places = [part for part in p.text.split("; ") if part.split(" ", 1)[0] == key]
            if places:
                out.append((".".join(path), entry.get("value"), "; ".join(places)))
    return out


def document_page(doc: Document, rulesets: Sequence[Ruleset], documented: Iterable[str],
                  lib: Library | None = None) -> str:
    """A document's page: what it is, and each value of each documented ruleset that cites it.

    :param lib: the library ``doc`` is in, which says which document a key names in which ruleset's file
        (default: the library of ``rulesets``).
    """
    documented = list(documented)
    out = [GENERATED, "", heading(text(doc.title), "="), ""]
    fields = [(":cited as:", literal(doc.key))]
    if doc.original_title:
        fields.append((":original title:", text(doc.original_title)))
    if doc.edition:
        fields.append((":edition:", text(doc.edition)))
    if doc.url:
        fields.append((":where:", f"`{doc.url} <{doc.url}>`__"))
    if doc.declared_by:
        fields.append((":declared by:", ruleset_ref(doc.declared_by, documented, prefix="../")))
    out += [f"{k} {v}" for k, v in fields] + [""]
    if doc.about:
        out += [text(doc.about), ""]
    lib = lib if lib is not None else library(rulesets, "rulesets/sources")
    key = doc.key.removeprefix(f"{doc.declared_by}-") if doc.declared_by else doc.key
    citing = [(rs, [r for r in citing_entries(rs, key) if lib.resolve(key, rs.source_of(r[0]).defined_in) == doc])
              for rs in rulesets]
    citing = [(rs, rows) for rs, rows in citing if rows]
    if not citing:
        out += ["No value of the rulesets documented here cites it.", ""]
        return "\n".join(out).rstrip() + "\n"
    out += [heading("What cites it", "-"),
            "Every value of the rulesets documented here that this document is the source of "
            "(a value one of them inherits from another documented here is listed under the one that sets it).", ""]
    ids = {rs.id for rs in rulesets}
    for rs, rows in citing:
        own = [r for r in rows if rs.source_of(r[0]).defined_in in (rs.id, *(set(rs.ancestry) - ids))]
        if not own:
            continue
        table = [[literal(entry), text(short(value)) or EMPTY, text(place.removeprefix(f"{key} "))]
                 for entry, value, place in own]
        link = f":doc:`{text(rs.name)} <../{rs.id}>`" if rs.id in documented else text(rs.name)
        out += [heading(text(rs.name), "~"), f"{plural(len(own), 'value')} of {link}.", "",
                list_table(["entry", "value", "place"], table, widths=[40, 30, 30]), ""]
    return "\n".join(out).rstrip() + "\n"


def sources_index(lib: Library, rulesets: Sequence[Ruleset]) -> str:
    """The list of cited documents, each linked to its page."""
    used = used_documents(lib, rulesets)
    rows = [[f":doc:`{text(lib.documents[k].title)} <{k}>`", f"``{k}``", text(lib.documents[k].original_title) or "–"]
            for k in used]
    out = [GENERATED, "", heading("Sources", "="),
           "The documents the rules on these pages come from. A value's source names the document and the place "
           "in it; a value no document gives is marked as an assumption, with its reason.", "",
           list_table(["document", "cited as", "original title"], rows, widths=[50, 14, 36]), "",
           ".. toctree::", "   :hidden:", ""]
    out += [f"   {k}" for k in used]
    return "\n".join(out) + "\n"


def used_documents(lib: Library, rulesets: Sequence[Ruleset]) -> list[str]:
    """The keys of the documents some documented ruleset cites, in key order (seeds first)."""
    keys: set[str] = set()
    for rs in rulesets:
        for section, node in rs.raw_tables.items():
            for path, _entry in leaves(node, (section,)):
                p = rs.source_of(list(path))
                if p.kind == "source":
                    keys.update(part.split(" ", 1)[0] for part in p.text.split("; "))
    found = [k for k in lib.documents if k in keys or any(k == f"{rs.id}-{c}" for rs in rulesets for c in keys)]
    return sorted(found, key=lambda k: (not k.isdigit(), k))
