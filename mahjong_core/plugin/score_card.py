"""A score as a referee checks it: each item's count, value and unit, and the arithmetic from them to the total.

A :class:`~mahjong_core.hand.score.Score` already says which rows scored and where
each comes from, but its numbers are in different units -- points, doublings,
fan -- and only the family's engine knows how they combine.  A score card
puts each item on a line with its unit, and states the steps from the lines
to the total (``36 points × 8 (3 doublings) = 288 points``), so the total can
be checked by eye.  The family states its units as data (its
:class:`~mahjong_core.plugin.contributions.Contribution`'s ``units``) and its
steps through the ``mahjong_explain_total`` hook, and the settlement says why
a payment is its amount through ``mahjong_payment_note``;
every surface -- ``mahjong score``, the audit's deal report, the live table
and the replay viewer -- shows the same card, so a browser never works out a
rule itself.

The card reads a score as it is logged (:meth:`Score.to_json`, the ``score``
event), so a card can be made for any log, and the log's bytes stay what the
engine wrote.  English names lead; a row's native name is kept in its own
field (``native``), for a page to show on demand, never run into the English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.contributions import TotalSteps
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.rules import available, load_ruleset, load_ruleset_text

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset

#: The unit of an item's value by its kind, where the family says nothing else (MCR's fans are points).
DEFAULT_UNITS: Mapping[str, str] = {"points": "points", "doubling": "doublings", "fan": "fan", "limit": "points",
                                    "extra": "points"}
_SINGULAR = {"points": "point", "doublings": "doubling"}

#: The kind of item each row table's rows give (``points`` rows give points items); the unit follows from it.
TABLE_KINDS: Mapping[str, str] = {"points": "points", "doublings": "doubling", "fans": "fan", "limit_hands": "limit"}

#: A card made from a logged score.
CardFn = Callable[[Mapping[str, Any]], dict[str, Any]]


def amount(n: object, unit: str) -> str:
    """``n`` in ``unit`` as a reader says it: ``1 doubling``, ``8 points``, ``3 fan``."""
    return f"{n} {_SINGULAR.get(unit, unit) if n in (1, -1) and not isinstance(n, bool) else unit}"


def units_of(ruleset: Ruleset) -> dict[str, str]:
    """The unit of an item's value by its kind under ``ruleset``: the usual ones, with its family's own."""
    family = bind(ruleset).family
    return {**DEFAULT_UNITS, **(family.units if family is not None and family.units else {})}


def row_unit(ruleset: Ruleset, table: str) -> str | None:
    """The unit of the values of a row table (``points``, ``doublings``, ``fans``, ``limit_hands``), ``None`` for
    a table whose values are not amounts."""
    kind = TABLE_KINDS.get(table)
    return units_of(ruleset).get(kind) if kind is not None else None


def item_names(ruleset: Ruleset) -> dict[str, dict[str, str]]:
    """Each scoring row's English name and native name by its key, as the ruleset's tables give them.

    A score item is named by its row's key (``special_pair``); a reader wants the row's name, in the
    language of the page, with the name of the rules' own language kept apart.
    """
    found: dict[str, dict[str, str]] = {}

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            for key, value in node.items():
                if isinstance(value, Mapping) and isinstance(value.get("name"), str):
                    entry = {"name": value["name"]}
                    if isinstance(value.get("native_name"), str):
                        entry["native"] = value["native_name"]
                    found.setdefault(str(key), entry)
                walk(value)
        elif isinstance(node, list | tuple):
            for value in node:
                walk(value)

    walk(ruleset.raw_tables)
    return found


def family_words(ruleset: Ruleset) -> dict[str, str]:
    """What the players of the ruleset's scoring family call the core's words where they call them otherwise (a
    win self-drawn, ``self_drawn``, is riichi's tsumo): the family contribution's ``words``; empty where it gives
    none, or where the ruleset has no family yet."""
    family = bind(ruleset).family
    return dict(family.words) if family is not None and family.words else {}


def label_of(name: str, names: Mapping[str, Mapping[str, str]]) -> str:
    """The English name of a row, or its key written as words when the ruleset names it no other way."""
    entry = names.get(name)
    return entry["name"] if entry else name.replace("_", " ")


def logged_items(score: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A logged score's items (a log written by hand may hold anything: what is not an item is left out)."""
    items = score.get("items")
    return [i for i in items if isinstance(i, Mapping)] if isinstance(items, list) else []


def _is_count(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def malformed(score: Mapping[str, Any]) -> str | None:
    """What makes a logged score unreadable as a card (a value or count that is not a whole number, an item that
    is not an object), named by its JSON path in the score event; ``None`` for a readable one."""
    if not _is_count(score.get("value", 0)):
        return f"the logged score cannot be shown item by item: $.value is {score.get('value')!r}, not a whole number"
    for key in ("items", "excluded"):
        items = score.get(key, [])
        if not isinstance(items, list):
            return f"the logged score cannot be shown item by item: $.{key} is not a list"
        for k, item in enumerate(items):
            if not isinstance(item, Mapping):
                return f"the logged score cannot be shown item by item: $.{key}[{k}] is not an object"
            for field in ("value", "count"):
                if not _is_count(item.get(field, 1)):
                    return (f"the logged score cannot be shown item by item: $.{key}[{k}].{field} is "
                            f"{item.get(field)!r}, not a whole number")
    return None


def sum_steps(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
    """The steps of a total that is the sum of its items (a family that says nothing else): ``8 + 6 = 14 points``."""
    del label
    items = logged_items(score)
    total = int(score.get("value", 0))
    if not items:
        return TotalSteps(())
    unit = units.get(str(items[0].get("kind")), "points")
    parts = [int(i.get("value", 0)) * int(i.get("count", 1)) for i in items]
    same_unit = all(units.get(str(i.get("kind")), "points") == unit for i in items)
    if not same_unit or sum(parts) != total:
        return TotalSteps((f"total {amount(total, 'points')}, as the scoring engine gives it",))
    if len(parts) == 1:
        return TotalSteps((f"= {amount(total, unit)}",))
    return TotalSteps((" + ".join(str(p) for p in parts) + f" = {amount(total, unit)}",))


def card_maker(ruleset: Ruleset | None) -> CardFn:
    """A function that makes the card of a logged score under ``ruleset`` (``None``: a ruleset not installed
    here, whose items are shown by their keys and whose total is shown as the log has it)."""
    names = item_names(ruleset) if ruleset is not None else {}
    units = units_of(ruleset) if ruleset is not None else dict(DEFAULT_UNITS)
    def explain(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
        """The family's steps (``mahjong_explain_total``), or the sum of the items where it states none."""
        steps = ruleset_hooks(ruleset).mahjong_explain_total(ruleset=ruleset, score=score, units=units,
                                                             label=label) if ruleset is not None else None
        return steps if steps is not None else sum_steps(score, units, label)

    def label(name: str) -> str:
        return label_of(name, names)

    def line(item: Mapping[str, Any]) -> dict[str, Any]:
        name = str(item.get("name", "?"))
        unit = units.get(str(item.get("kind")), "points")
        value, count = int(item.get("value", 0)), int(item.get("count", 1))
        out: dict[str, Any] = {"name": name, "label": label(name), "kind": item.get("kind"), "count": count,
                               "value": value, "unit": unit, "amount": value * count,
                               "each": amount(value, unit), "sum": amount(value * count, unit),
                               "text": (f"{count} × {amount(value, unit)} = {amount(value * count, unit)}"
                                        if count != 1 else amount(value, unit)),
                               "source": str(item.get("source", ""))}
        native = names.get(name, {}).get("native")
        if native:
            out["native"] = native
        if item.get("detail"):
            out["detail"] = str(item["detail"])
        return out

    def make(score: Mapping[str, Any]) -> dict[str, Any]:
        problem = malformed(score)
        if problem is not None:
            # A log the audit refuses may still be shown (up to its bad line, or as a report): its card says
            # what is wrong with the score instead of adding up numbers that are not there.
            return {"total": score.get("value"), "unit": "points", "lines": [], "steps": [problem]}
        items = logged_items(score)
        total = int(score.get("value", 0))
        steps = explain(score, units, label) if ruleset is not None else TotalSteps(
            (f"total {amount(total, 'points')}, as the log gives it (its ruleset is not installed here)",))
        shown = [line(i) for k, i in enumerate(items) if k not in steps.apart]
        card: dict[str, Any] = {"total": total, "unit": "points", "lines": shown, "steps": list(steps.steps)}
        if score.get("limit"):
            card["limit"] = label(str(score["limit"]))
        excluded = [line(i) for i in logged_items({"items": score.get("excluded")})]
        if excluded:
            card["excluded"] = excluded
        return card

    return make


def card_lines(card: Mapping[str, Any], *, native: bool = False, indent: str = "  ",
               total: str | None = None) -> list[str]:
    """The card as text lines (``mahjong score``, the audit's deal report): one per item, the items that did
    not count with why, the steps, then the total.

    :param native: also give each row's native name, in parentheses after the English one.
    :param total: what the total's line starts with (default: the indent and ``total``).
    """
    lines = [*card["lines"], *card.get("excluded", [])]
    width = max((len(line["text"]) for line in lines), default=0) + 2

    def row(line: Mapping[str, Any], mark: str) -> str:
        extra = f" ({line['native']})" if native and line.get("native") else ""
        return (f"{indent}{mark + line['text']:>{width}}  {line['label']}{extra}  [{line['source'] or 'no source'}]"
                + (f": {line['detail']}" if line.get("detail") else ""))

    out = [row(line, "") for line in card["lines"]]
    if card.get("excluded"):
        out.append(f"{indent}not counted:")
        out += [row(line, "- ") for line in card["excluded"]]
    out += [f"{indent}{step}" for step in card["steps"]]
    out.append(f"{indent + 'total ' if total is None else total}{amount(card['total'], card['unit'])}"
               + (f" (limit: {card['limit']})" if card.get("limit") else ""))
    return out


def payment_notes(ruleset: Ruleset | None, dealer: int, payments: Sequence[Any]) -> list[str | None]:
    """Why each payment of a settlement is its amount, where the settlement says (East paying double), else
    ``None``; one entry a payment, in order."""
    if ruleset is None:
        return [None] * len(payments)
    hooks = ruleset_hooks(ruleset)
    return [hooks.mahjong_payment_note(ruleset=ruleset, dealer=dealer, payment=p)
            if isinstance(p, list | tuple) and len(p) == 4 else None for p in payments]


def ruleset_of_header(header: Mapping[str, Any] | None) -> Ruleset | None:
    """The ruleset a log's header names, as it was played (its embedded document) or as installed here; ``None``
    when neither can be had (a card then shows the items by their keys and the total as logged)."""
    ref = header.get("ruleset") if isinstance(header, Mapping) else None
    if not isinstance(ref, Mapping):
        return None
    try:
        document = ref.get("document")
        if isinstance(document, str):
            return load_ruleset_text(document, "the log's embedded ruleset")
        rid = str(ref.get("id", ""))
        return load_ruleset(rid) if rid in available() else None
    except MahjongError:
        return None


def log_cards(ruleset: Ruleset | None, events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A card for each ``score`` event and each ``settlement`` of a log, in the log's order: a score's card, or
    a settlement's ``{"notes": [...]}`` (why each payment is its amount, ``None`` where it is plain)."""
    make = card_maker(ruleset)
    dealer = 0
    cards: list[dict[str, Any]] = []
    for event in events:
        kind = event.get("type")
        if kind == "deal_start" and isinstance(event.get("dealer"), int):
            dealer = event["dealer"]
        elif kind == "score":
            cards.append(make(event))
        elif kind == "settlement":
            payments = event.get("payments")
            cards.append({"notes": payment_notes(ruleset, dealer, payments if isinstance(payments, list) else [])})
    return cards
