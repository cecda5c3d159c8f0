"""``mahjong score --ruleset ID HAND``: score one hand, or a stream of hands, and say why.

A referee types a hand in the notation of :mod:`mahjong_core.notation`, with
its situation as ``!flags`` (each ruleset's engine documents its own, e.g.
``!self_drawn``, ``!seat_wind_south``), and gets every item that scored with
its value and the table row it came from, every item that applied but did
not count with the reason, and the total -- for any ruleset that has scoring
tables, through the core's dispatch (:func:`mahjong_core.scoring.score_hand`).

Batch mode reads JSON Lines from standard input, one object a line::

    {"hand": "123m456p789s2233z +3z", "context": {"seat_wind": "south"}, "id": "anything"}

and writes one JSON line per input line: ``{"line": N, "id": ..., "hand":
canonical, "score": {...}}``, or ``{"line": N, "error": "..."}`` for a line
that cannot be scored -- the stream goes on.  ``context`` is optional; its
winds may be tile kinds (27-30) or names (``east`` .. ``north``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Any

from ..errors import MahjongError
from ..notation import format_hand, format_tiles, parse_hand
from ..score import Score
from ..tiles import EAST
from .output import EXIT_FAILED_CHECK, EXIT_OK

if TYPE_CHECKING:
    from ..melds import Hand
    from ..rules import Ruleset

#: A batch that went through, with some lines that could not be scored (each says why in its "error").
EXIT_SOME_FAILED = EXIT_FAILED_CHECK
_WINDS = {"east": EAST, "south": EAST + 1, "west": EAST + 2, "north": EAST + 3}


def cmd_score(args: argparse.Namespace) -> int:
    """Score a hand (or, with ``--batch``, JSON Lines hands on standard input) under a ruleset."""
    if not args.batch and not args.hand:
        raise MahjongError("give a hand in the notation, or --batch to read JSON Lines on standard input",
                           place="HAND")
    return run(args.ruleset, " ".join(args.hand) if args.hand else None, as_json=args.json, batch=args.batch,
               stdin=sys.stdin, stdout=sys.stdout)


def run(ruleset_id: str, hand_text: str | None, *, as_json: bool, batch: bool, stdin: IO[str],
        stdout: IO[str]) -> int:
    """Score ``hand_text`` (or, with ``batch``, every JSON line of ``stdin``) and print the result.

    :return: 0, or 1 when a batch line could not be scored.
    :raises MahjongError: for an unknown ruleset, one without scoring tables,
        or (single hand) a hand that cannot be scored -- the CLI prints it as
        ``source::place: message``.
    """
    from ..rules import load_ruleset
    from ..scoring import has_scoring

    ruleset = load_ruleset(ruleset_id)
    if not has_scoring(ruleset):
        raise MahjongError(f"ruleset {ruleset.id} has no scoring tables yet; nothing to score with",
                           place="--ruleset")
    if batch:
        if hand_text is not None:
            raise MahjongError("give either a hand or --batch (hands on standard input), not both", place="HAND")
        return _batch(ruleset, stdin, stdout)
    if hand_text is None:
        raise MahjongError("expected a hand to score, e.g. \"123m456p789s2233z +3z !self_drawn\", or --batch",
                           place="HAND")
    hand, score = _score(ruleset, hand_text, {}, "<argument>")
    if as_json:
        stdout.write(json.dumps(_result(ruleset, hand, score), ensure_ascii=False, indent=2) + "\n")
    else:
        stdout.write(_text(ruleset, hand, score))
    return EXIT_OK


def _score(ruleset: Ruleset, text: str, context: Mapping[str, Any], source: str) -> tuple[Hand, Score]:
    from ..scoring import score_hand

    hand = parse_hand(text, source=source)
    ctx = {"winner": True}
    for key, value in context.items():
        if key in ("seat_wind", "prevalent_wind") and isinstance(value, str):
            if value.lower() not in _WINDS:
                raise MahjongError(f"{key} must be east, south, west or north, got {value!r}", source=source,
                                   place=f"context.{key}")
            value = _WINDS[value.lower()]
        ctx[key] = value
    try:
        score = score_hand(ruleset, hand, ctx)
    except MahjongError as exc:
        raise exc.located(source=source) from None
    if score is None:
        raise MahjongError(f"ruleset {ruleset.id} gave no score", source=source)
    return hand, score


def _minimum(ruleset: Ruleset, score: Score) -> dict[str, Any] | None:
    """The ruleset's first minimum measure and whether the score meets it (000 line 347: points, fan, doublings)."""
    from ..scoring import minimum_figures

    for key, excluding, need, have in minimum_figures(ruleset, score):
        return {"measure": key, "excluding_bonus_tiles": excluding, "needed": need, "have": have,
                "met": have is not None and have >= need}
    return None


def _result(ruleset: Ruleset, hand: Hand, score: Score) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": format_hand(hand), "ruleset": ruleset.id, "score": score.to_json()}
    minimum = _minimum(ruleset, score)
    if minimum is not None:
        out["minimum"] = minimum
    return out


def _text(ruleset: Ruleset, hand: Hand, score: Score) -> str:
    lines = [f"hand     {format_hand(hand)}", f"ruleset  {ruleset.id} ({ruleset.name}), scoring family {score.family}"]
    if score.arrangement is not None:
        groups = []
        for i, meld in enumerate(score.arrangement.melds):
            tiles = format_tiles(meld.tiles)
            mark = "*" if i == score.arrangement.winning_meld else ""
            groups.append(f"{meld.kind.value} {'[' + tiles + ']' if meld.exposed else tiles}{mark}")
        lines.append(f"reading  {score.arrangement.form.value}: {', '.join(groups)}")
    lines.append("scored:")
    for item in score.items:
        times = f" {item.value} x{item.count}" if item.count != 1 else ""
        total = item.value * item.count
        lines.append(f"  {total:>4}  {item.name}{times}  [{item.source or 'no source'}]"
                     + (f": {item.detail}" if item.detail else ""))
    if score.excluded:
        lines.append("not counted:")
        for item in score.excluded:
            lines.append(f"     -  {item.name} ({item.value}) [{item.source or 'no source'}]: {item.detail}")
    extra = ", ".join(f"{k} {v}" for k, v in sorted(score.raw.items()))
    lines.append(f"total    {score.total}" + (f" (limit {score.limit})" if score.limit else "")
                 + (f"   [{extra}]" if extra else ""))
    minimum = _minimum(ruleset, score)
    if minimum is not None:
        what = f"{minimum['needed']} {minimum['measure']}" + (" without bonus tiles" if
                                                               minimum["excluding_bonus_tiles"] else "")
        verdict = "met" if minimum["met"] else f"NOT met ({minimum['have']}): not a valid mahjong"
        lines.append(f"minimum  {what}: {verdict}")
    return "\n".join(lines) + "\n"


def _batch(ruleset: Ruleset, stdin: IO[str], stdout: IO[str]) -> int:
    failed = False
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        out: dict[str, Any] = {"line": number}
        try:
            try:
                request = json.loads(line)
            except json.JSONDecodeError as exc:
                raise MahjongError(f"not a JSON object: {exc.msg} at column {exc.colno}", source="<stdin>",
                                   place=f"line {number}") from None
            if not isinstance(request, dict) or not isinstance(request.get("hand"), str):
                raise MahjongError('expected an object with a "hand" string', source="<stdin>", place=f"line {number}")
            if "id" in request:
                out["id"] = request["id"]
            context = request.get("context", {})
            if not isinstance(context, dict):
                raise MahjongError('"context" must be an object', source="<stdin>", place=f"line {number}")
            hand, score = _score(ruleset, request["hand"], context, f"<stdin> line {number}")
            out.update(_result(ruleset, hand, score))
        except MahjongError as exc:
            failed = True
            out["error"] = str(exc)
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return EXIT_SOME_FAILED if failed else EXIT_OK
