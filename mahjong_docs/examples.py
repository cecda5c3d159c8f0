"""Worked example hands on the doc pages, executed so that a page cannot state what the code does not give.

A page shows an example hand (``.. mahjong-hand::``) with what it claims of
it -- complete, its arrangements or waits, its score under a ruleset -- and
those claims are checked against the code whenever the pages are built, and
by the tests without building them.  The rule pages are
:mod:`mahjong_docs.pages`'s job; this module borrows its reST text helpers
and, like it, knows no Sphinx (the directive is in
:mod:`mahjong_docs.sphinx_ext`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core import MahjongError, load_ruleset

from .rst import EMPTY, list_table, literal, short, text

if TYPE_CHECKING:
    from mahjong_core import Hand, Score

#: What an example may state about its hand; each is checked against the code.
EXPECTATIONS = ("complete", "arrangements", "waits", "shanten", "score", "limit")
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_BOOL = {"yes": True, "true": True, "no": False, "false": False}


@dataclass(frozen=True)
class HandExample:
    """One worked example: a hand in the notation, the ruleset and situation, and what the page says of it.

    :param hand: the hand, in the project's notation (``docs/notation.rst``).
    :param ruleset: the ruleset id that scores it, if the example shows a score.
    :param situation: facts of the win, ``"self_drawn, seat_wind=S, tiles_left=0"``.
    :param expect: stated results by name (see :data:`EXPECTATIONS`), as written on the page.
    :param where: the page and line, for messages.
    """

    hand: str
    ruleset: str | None = None
    situation: str = ""
    expect: Mapping[str, str] | None = None
    where: str = "<example>"


@dataclass
class ExampleResult:
    """What the code makes of an example, and every way the page disagrees with it."""

    example: HandExample
    report: dict[str, Any]
    score: Score | None = None
    context: dict[str, Any] | None = None
    identity: str | None = None
    problems: list[str] | None = None


def situation_facts(situation: str, hand: Hand, *, where: str = "<example>") -> dict[str, Any]:
    """The full win context for a written situation; unnamed facts take an ordinary discard win's values.

    ``self_drawn`` alone means ``self_drawn=yes``; winds are ``E S W N``;
    ``how=`` is one of the engine's ways to win.
    """
    from mahjong_core.plugin import EAST

    given: dict[str, Any] = {}
    for part in (p.strip() for p in situation.split(",")):
        if not part:
            continue
        key, _, raw = part.partition("=")
        key, raw = key.strip(), raw.strip().lower() if raw else "yes"
        if key in ("seat_wind", "prevalent_wind"):
            if raw.upper() not in _WINDS:
                raise MahjongError(f"{key}={raw!r}: a wind is one of E, S, W, N", source=where, place=":situation:")
            given[key] = EAST + _WINDS[raw.upper()]
        elif raw in _BOOL:
            given[key] = _BOOL[raw]
        elif raw.isdigit():
            given[key] = int(raw)
        else:
            given[key] = raw
    how = given.get("how") or ("replacement" if given.get("replacement") else "robbing_kong"
                               if given.get("robbing_kong") else "self_drawn" if given.get("self_drawn")
                               else "discard")
    seat_wind = given.get("seat_wind", EAST)
    tiles_left = given.get("tiles_left", 0 if given.get("last_tile") else 30)
    context: dict[str, Any] = {
        "winner": True, "how": how, "self_drawn": how in ("self_drawn", "replacement"),
        "replacement": how == "replacement", "robbing_kong": how == "robbing_kong",
        "last_tile": tiles_left == 0, "tiles_left": tiles_left, "seat_wind": seat_wind,
        "prevalent_wind": EAST, "dealer": seat_wind == EAST, "first_go_around": False, "first_discard": False,
        "discarder": 1 if how == "discard" else None, "calling": False, "calling_from_start": False,
        "kongs_in_a_row": 0,
    }
    context.update(given)
    if hand.winning_tile is not None:
        context.setdefault("winning_tile", hand.winning_tile)
    return context


def _tiles_text(value: str) -> str:
    from mahjong_core import format_tiles, parse_tiles

    return format_tiles(sorted(parse_tiles(value))) if value.strip() not in ("", "none") else "none"


def evaluate_example(example: HandExample) -> ExampleResult:
    """Analyse (and, with a ruleset that scores, score) an example hand; list where the page disagrees.

    Nothing raises for a wrong expectation: the result's ``problems`` say what
    the page claims and what the code gives.  A hand that cannot be read at all
    is a problem too.
    """
    from mahjong_core import analyse, has_scoring, parse_hand, score_hand

    expect = dict(example.expect or {})
    problems: list[str] = []
    unknown = sorted(set(expect) - set(EXPECTATIONS))
    if unknown:
        problems.append(f"unknown expectation(s) {unknown}; an example may state {list(EXPECTATIONS)}")
    try:
        report = analyse(example.hand)
    except MahjongError as exc:
        return ExampleResult(example, {}, problems=[*problems, f"the hand {example.hand!r} cannot be read: {exc}"])
    result = ExampleResult(example, report, problems=problems)

    def compare(name: str, stated: str, actual: Any) -> None:
        if str(stated).strip() != str(actual):
            problems.append(f"{name}: the page says {stated.strip()!r}, the code gives {str(actual)!r}")

    if "complete" in expect:
        compare("complete", expect["complete"].lower(), "yes" if report.get("complete") else "no")
    if "arrangements" in expect:
        compare("arrangements", expect["arrangements"], len(report.get("arrangements", [])))
    if "shanten" in expect:
        compare("shanten", expect["shanten"], report["shanten"]["best"])
    if "waits" in expect:
        waits = report.get("waits")
        if waits is None:
            problems.append("waits: a 14-tile hand has no waits; state its arrangements instead")
        else:
            compare("waits", _tiles_text(expect["waits"]), _tiles_text("".join(waits)) if waits else "none")
    wants_score = "score" in expect or "limit" in expect
    if example.ruleset:
        try:
            ruleset = load_ruleset(example.ruleset)
        except MahjongError as exc:
            problems.append(f"ruleset: {exc}")
            return result
        result.identity = ruleset.identity
        if not has_scoring(ruleset):
            if wants_score:
                problems.append(f"ruleset {ruleset.id} has no scoring tables; the example cannot state a score")
            return result
        if not report.get("complete"):
            if wants_score:
                problems.append("the hand is not complete, so it has no score")
            return result
        hand = parse_hand(example.hand, source=example.where)
        if hand.winning_tile is None:
            concealed = list(hand.concealed)
            last = concealed.pop()
            hand = type(hand)(tuple(concealed), hand.melds, hand.bonus, last, hand.situations)
        try:
            context = situation_facts(example.situation, hand, where=example.where)
            result.context = context
            score = result.score = score_hand(ruleset, hand, context)
        except MahjongError as exc:
            problems.append(f"scoring under {ruleset.id} failed: {exc}")
            return result
        if score is None:  # only a ruleset without scoring tables gives none, and those returned above
            problems.append(f"ruleset {ruleset.id} gave no score")
            return result
        if "score" in expect:
            compare("score", expect["score"], score.total)
        if "limit" in expect:
            compare("limit", expect["limit"], score.limit or "none")
    elif wants_score:
        problems.append("a score needs :ruleset: naming the ruleset that scores the hand")
    return result


def example_blocks(source: str, where: str = "<page>") -> list[HandExample]:
    """The ``.. mahjong-hand::`` examples of a reST page, read without Sphinx (for the tests)."""
    examples = []
    lines = source.splitlines()
    for i, line in enumerate(lines):
        match = re.match(r"^(\s*)\.\. mahjong-hand::\s*(.+)$", line)
        if not match:
            continue
        indent = len(match.group(1))
        options: dict[str, str] = {}
        for follow in lines[i + 1:]:
            if not follow.strip():
                break
            option = re.match(r"^\s+:([a-z_]+):\s*(.*)$", follow)
            if option is None or len(follow) - len(follow.lstrip()) <= indent:
                break
            options[option.group(1)] = option.group(2).strip()
        examples.append(HandExample(
            hand=match.group(2).strip(), ruleset=options.pop("ruleset", None),
            situation=options.pop("situation", ""), expect=options, where=f"{where}:{i + 1}"))
    return examples


def _fact(name: str, value: Any) -> str:
    from mahjong_core.plugin import EAST

    if name in ("seat_wind", "prevalent_wind") and isinstance(value, int):
        return "ESWN"[(value - EAST) % 4]
    return short(value)


def example_rst(result: ExampleResult, *, rulesets_dir: str = "rulesets") -> str:
    """How a worked example shows on the page: the hand, its analysis, its score item by item, what was checked."""
    from mahjong_core import glyphs, hand_text, parse_hand

    example = result.example
    out = [f"**Hand** {literal(example.hand)}"]
    with contextlib.suppress(MahjongError):  # a hand that does not parse is reported by the check below
        out[0] += f" {text(glyphs(parse_hand(example.hand).all_tiles()))}"
    out.append("")
    if result.report:  # the analysis as `mahjong hand` prints it
        out += ["::", ""] + [f"   {line}" for line in hand_text(result.report).splitlines()] + [""]
    score = result.score
    if score is not None:
        facts = ", ".join(f"{k} {_fact(k, v)}" for k, v in (result.context or {}).items()
                          if k not in ("winner", "winning_tile") and v not in (False, None))
        out += [f"Scored under :doc:`/{rulesets_dir}/{example.ruleset}` ({literal(result.identity)}); "
                f"situation: {text(facts) or 'none'}.", ""]
        rows = [[literal(i.name), text(i.kind), literal(i.value), literal(i.count), text(i.source) or EMPTY,
                 text(i.detail) or EMPTY] for i in score.items]
        rows += [[literal(i.name), f"{text(i.kind)} (not counted)", literal(i.value), literal(i.count),
                  text(i.source) or EMPTY, text(i.detail) or EMPTY] for i in score.excluded]
        if rows:
            out += [list_table(["item", "kind", "value", "count", "source", "detail"], rows,
                               widths=[18, 12, 8, 8, 24, 30]), ""]
        raw = ", ".join(f"{k} {v}" for k, v in sorted(score.raw.items()))
        out += [f"**Total: {score.total}**" + (f" ({text(raw)})" if raw else "")
                + (f"; limit {literal(score.limit)}" if score.limit else "") + ".", ""]
    stated = [f"{name} {literal(value)}" for name, value in (example.expect or {}).items()]
    if stated:
        out += [f"*Checked when these pages were built:* {'; '.join(stated)}.", ""]
    return "\n".join(out)
