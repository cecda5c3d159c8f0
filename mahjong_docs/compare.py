"""Rulesets compared: one table to read at a glance, and a page for each ruleset against the one it extends.

The comparison table has the rules as rows, grouped by subject (the deal,
claims, limits, each scoring table...), and the rulesets as columns, grouped
by scoring family; it shows only the rules on which the documented rulesets
differ, and marks each value a ruleset changed from the ruleset it extends.
The rules they all share are listed after it.

Which rulesets are related is read from the data: a ruleset and the nearest
of its ancestors (``extends``) that is documented too make a pair, and each
pair gets a page ("Orsk against Shanghai") with every difference and both
values' sources.  Rulesets of unrelated lines are compared only in the
table, since a page of everything on which Hong Kong and Harbin differ would
be every rule.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_core import Ruleset
from mahjong_core.plugin import bind

from .rst import (
    EMPTY,
    GENERATED,
    TOPICS,
    heading,
    is_table,
    leaves,
    list_table,
    row_key,
    section_title,
    sections,
    short,
    text,
    topic_of,
)
from .sources import Library

#: A cell of the table longer than this is cut, with the whole value as its tooltip.
CELL_CHARS = 48


@dataclass
class Rule:
    """One row: a rule, its subject, and each ruleset's value and the path of the entry that gives it."""

    subject: str
    key: str
    label: str
    values: dict[str, Any] = field(default_factory=dict)
    paths: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)

    def differs(self, ids: Sequence[str]) -> bool:
        shown = [short(self.values[rid]) if rid in self.values else None for rid in ids]
        return any(v != shown[0] for v in shown)


def _words(name: str) -> str:
    """A parameter's name as words: ``chavka.doublings_allowed`` -> ``chavka: doublings allowed``."""
    return name.replace(".", ": ").replace("_", " ")


def _subject_order(subject: str) -> tuple[int, str]:
    order = [t for t, _ in TOPICS] + ["Other rules"]
    return (order.index(subject), "") if subject in order else (len(order), subject)


def rules(rulesets: Sequence[Ruleset]) -> list[Rule]:
    """Every rule any of the rulesets has, grouped by subject; a table's rows are keyed by what they reward."""
    found: dict[tuple[str, str], Rule] = {}
    for rs in rulesets:
        for section in sections(rs):
            node = rs.raw_tables[section]
            if is_table(node):
                subject = section_title(section)
                for row_id, row in node.items():
                    key = row_key(row)
                    rule = found.setdefault((subject, key), Rule(subject, key, str(row.get("name") or row_id)))
                    before = rule.values.get(rs.id)
                    shown = short(row.get("value"))
                    rule.values[rs.id] = shown if before is None else f"{before} / {shown}"
                    rule.paths.setdefault(rs.id, []).append((section, row_id))
                continue
            for path, entry in leaves(node, (section,)):
                name = ".".join(path[1:]) if section == "parameters" else ".".join(path)
                subject = topic_of(name) if section == "parameters" else section_title(section)
                value: Any = entry.get("value")
                label = _words(name)
                if name == "tile_set":
                    label, value = "tiles in the set", len(rs.tile_set())
                    _marked_row(found, rs, subject, path)
                rule = found.setdefault((subject, name), Rule(subject, name, label))
                rule.values[rs.id] = value
                rule.paths.setdefault(rs.id, []).append(path)
    return sorted(found.values(), key=lambda r: _subject_order(r.subject))


def _marked_row(found: dict[tuple[str, str], Rule], rs: Ruleset, subject: str, path: tuple[str, ...]) -> None:
    """The marked copies among a set's tiles (riichi's red fives), a row of their own: the count of tiles hides them."""
    marked = rs.tiles().marked
    rule = found.setdefault((subject, "tile_set.marked"), Rule(subject, "tile_set.marked", "marked copies (red fives)"))
    rule.values[rs.id] = sum(1 for tile in rs.tile_set() if tile in marked)
    rule.paths.setdefault(rs.id, []).append(path)


def families(rulesets: Sequence[Ruleset]) -> list[tuple[str, list[Ruleset]]]:
    """The rulesets grouped by scoring family, each group root first and children after their parents."""
    groups: dict[str, list[Ruleset]] = {}
    for rs in rulesets:
        bound = bind(rs).family
        family = bound.name if bound is not None else "no scoring"
        groups.setdefault(family, []).append(rs)
    return [(family, sorted(members, key=lambda r: (r.ancestry[0], len(r.ancestry), r.id)))
            for family, members in groups.items()]


def related_pairs(rulesets: Sequence[Ruleset]) -> list[tuple[Ruleset, Ruleset]]:
    """``(ancestor, ruleset)``: each ruleset with the nearest of its ancestors that is documented as well."""
    by_id = {rs.id: rs for rs in rulesets}
    pairs = []
    for rs in rulesets:
        for ancestor in reversed(rs.ancestry[:-1]):
            if ancestor in by_id:
                pairs.append((by_id[ancestor], rs))
                break
    return pairs


def preset_lines(rulesets: Sequence[Ruleset]) -> list[list[Ruleset]]:
    """Each documented ruleset that extends no other documented one, with the two or more documented rulesets that
    extend it (its presets, directly or through another), root first.

    A ruleset its presets extend -- ``riichi_tenhou`` and the platforms' and tournaments' riichi rules made from
    it -- is one game whose variants players compare with each other more than with any other game: they are set
    side by side in a table of their own, beside the comparison of everything.
    """
    documented = {rs.id for rs in rulesets}
    lines: list[list[Ruleset]] = []
    for root in rulesets:
        if documented.intersection(root.ancestry[:-1]):  # a preset itself: its line is its root's
            continue
        members = [rs for rs in rulesets if root.id in rs.ancestry[:-1]]
        if len(members) >= 2:
            lines.append([root, *sorted(members, key=lambda r: (len(r.ancestry), r.id))])
    return lines


def pair_name(parent: Ruleset, child: Ruleset) -> str:
    return f"{child.id}-against-{parent.id}"


def _cell(rule: Rule, rid: str) -> tuple[str, str]:
    """A cell's text (cut to :data:`CELL_CHARS`) and its tooltip; a dash where the ruleset has no such rule."""
    full = str(short(rule.values[rid])).replace("_", " ") if rid in rule.values else EMPTY  # words wrap
    if len(full) > CELL_CHARS:
        return html.escape(full[:CELL_CHARS - 1].rstrip() + "…"), html.escape(full)
    return html.escape(full), ""


def comparison_html(rulesets: Sequence[Ruleset], differing: Sequence[Rule]) -> str:
    """The table as HTML: a family header over the ruleset columns, a subject header over its rules."""
    groups = families(rulesets)
    ordered = [rs for _, members in groups for rs in members]
    by_id = {rs.id: rs for rs in rulesets}
    out = ['<div class="mahjong-compare-wrap"><table class="mahjong-compare">', "<colgroup><col></colgroup>"]
    out += [f'<colgroup span="{len(members)}" class="mahjong-family"></colgroup>' for _, members in groups]
    out += ["<thead><tr><th></th>"]
    out += [f'<th scope="colgroup" colspan="{len(members)}" class="mahjong-family-name">{html.escape(family)} '
            f"scoring</th>" for family, members in groups]
    out += ['</tr><tr><th scope="col">rule</th>']
    starts = {members[0].id for _, members in groups}
    for rs in ordered:
        first = " mahjong-family-start" if rs.id in starts else ""
        out.append(f'<th scope="col" class="mahjong-ruleset{first}">'
                   f'<a href="{rs.id}.html">{html.escape(rs.name)}</a></th>')
    out.append("</tr></thead><tbody>")
    subject = None
    for rule in differing:
        if rule.subject != subject:
            subject = rule.subject
            out.append(f'<tr class="mahjong-subject"><th scope="rowgroup" colspan="{len(ordered) + 1}">'
                       f"{html.escape(subject)}</th></tr>")
        label = html.escape(rule.label)
        out.append(f'<tr><th scope="row">{label}</th>')
        for rs in ordered:
            shown, tooltip = _cell(rule, rs.id)
            classes = ["mahjong-family-start"] if rs.id in starts else []
            parent = next((a for a in reversed(rs.ancestry[:-1]) if a in by_id), None)
            if parent is not None and short(rule.values.get(parent)) != short(rule.values.get(rs.id)):
                classes.append("mahjong-changed")
            if rs.id not in rule.values:
                classes.append("mahjong-absent")
            attrs = (f' class="{" ".join(classes)}"' if classes else "") + (f' title="{tooltip}"' if tooltip else "")
            out.append(f"<td{attrs}>{shown}</td>")
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def comparison_page(rulesets: Sequence[Ruleset], library: Library | None = None) -> str:
    """The comparison: the table of differences, the rules all share, and the pairs of related rulesets."""
    ids = [rs.id for rs in rulesets]
    all_rules = rules(rulesets)
    differing = [r for r in all_rules if r.differs(ids)]
    same = [r for r in all_rules if not r.differs(ids)]
    out = [GENERATED, "", ".. _ruleset-comparison:", "", heading("Rulesets compared", "="),
           "The rules on which the rulesets documented here differ, generated from their data: rules as rows, "
           "grouped by subject; rulesets as columns, grouped by scoring family. A dash means the ruleset has no "
           "such rule; a value a ruleset changed from the ruleset it extends is highlighted. Each ruleset's page "
           "gives every value's source.", ""]
    if len(ids) < 2:
        out += ["Only one ruleset is documented, so there is nothing to compare.", ""]
    elif differing:
        out += [".. raw:: html", "", "   " + comparison_html(rulesets, differing), ""]
    else:
        out += ["None: the rulesets agree on every rule.", ""]
    lines = preset_lines(rulesets) if len(ids) > 2 else []
    if lines:
        out += [heading("Presets side by side", "-"),
                "A ruleset that several documented rulesets extend, and those presets, compared with each other "
                "only: the rules on which they differ among themselves, the ruleset they extend first.", ""]
    for line in lines:
        members = [rs.id for rs in line]
        among = [r for r in rules(line) if r.differs(members)]
        out += [heading(text(f"{line[0].name} and its presets"), "~")]
        out += ([".. raw:: html", "", "   " + comparison_html(line, among), ""] if among else
                ["They agree on every rule.", ""])
    pairs = related_pairs(rulesets)
    out += [heading("Related rulesets, pair by pair", "-")]
    if pairs:
        out += ["A ruleset that extends another (its ``extends:``) is compared with the nearest of its ancestors "
                "documented here, on a page of its own with both values' sources:", ""]
        out += [f"* :doc:`pairs/{pair_name(parent, child)}`" for parent, child in pairs]
        out += ["", ".. toctree::", "   :hidden:", ""] + [f"   pairs/{pair_name(p, c)}" for p, c in pairs] + [""]
    else:
        out += ["None of the rulesets documented here extends another documented here.", ""]
    if same and len(ids) > 1:
        out += [heading("Rules every ruleset here shares", "-"),
                list_table(["rule", "value"], [[text(r.label), text(short(next(iter(r.values.values()))))]
                                               for r in same], widths=[40, 60]), ""]
    return "\n".join(out).rstrip() + "\n"


def pair_page(parent: Ruleset, child: Ruleset, library: Library) -> str:
    """One ruleset against the ruleset it extends: every rule that differs, each value with its source."""
    between = child.ancestry[child.ancestry.index(parent.id) + 1:-1]
    ids = [parent.id, child.id]
    differing = [r for r in rules([parent, child]) if r.differs(ids)]
    title = f"{child.name} against {parent.name}"
    how = ("extends it directly" if not between else
           "extends it through " + ", ".join(f"``{rid}``" for rid in between))
    out = [GENERATED, "", heading(text(title), "="),
           f":doc:`../{child.id}` {how}, so the two are compared here rule by rule: "
           f"{len(differing)} {'rule differs' if len(differing) == 1 else 'rules differ'}, everything else is the "
           f"same in both.", ""]
    if not differing:
        out += [f"Their rule content is the same{' (same hash)' if parent.sha256 == child.sha256 else ''}.", ""]
        return "\n".join(out).rstrip() + "\n"

    def cell(rs: Ruleset, rule: Rule) -> str:
        if rs.id not in rule.values:
            return EMPTY
        value = text(short(rule.values[rs.id])) or EMPTY
        sources = [library.provenance(rs.source_of(list(path))) for path in rule.paths.get(rs.id, [])]
        return value + "\n\n" + "; ".join(dict.fromkeys(sources))

    subject = None
    rows: list[list[str]] = []
    for rule in differing:
        if rule.subject != subject and rows:
            out += [heading(subject or "", "-"), _pair_table(parent, child, rows), ""]
            rows = []
        subject = rule.subject
        rows.append([text(rule.label), cell(parent, rule), cell(child, rule)])
    if rows:
        out += [heading(subject or "", "-"), _pair_table(parent, child, rows), ""]
    return "\n".join(out).rstrip() + "\n"


def _pair_table(parent: Ruleset, child: Ruleset, rows: list[list[str]]) -> str:
    header = ["rule", f":doc:`{text(parent.name)} <../{parent.id}>`", f":doc:`{text(child.name)} <../{child.id}>`"]
    return list_table(header, rows, widths=[28, 36, 36])


def pages(rulesets: Sequence[Ruleset], library: Library, folder: str) -> Mapping[str, str]:
    """The comparison and the pair pages, as ``{relative path: reST}``."""
    out = {f"{folder}/comparison.rst": comparison_page(rulesets, library)}
    for parent, child in related_pairs(rulesets):
        out[f"{folder}/pairs/{pair_name(parent, child)}.rst"] = pair_page(parent, child, library)
    return out
