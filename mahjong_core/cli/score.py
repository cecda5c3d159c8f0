"""What ``mahjong score`` does (:mod:`mahjong_core.cli.commands.score` declares it): score hands and say why.

A referee types a hand in the notation of :mod:`mahjong_core.hand.notation` and
says how it was won with one set of flags that means the same under every
ruleset (:mod:`mahjong_core.hand.situation`): ``--seat S --round E --self-drawn``,
or the same as ``!flags`` of the hand (``!self_drawn``, ``!seat_wind_south``).
Left out, the situation is the East round, the East seat (the dealer), a win
on a discard and nothing special.  Under a ruleset that makes a kind wild for
each deal (``jokers.wild``: Fuzhou's gold), ``--wild 5p`` names the deal's wild
kind: its copies in the hand as written play as jokers, as the game would
score them (:func:`mahjong_core.hand.wild.with_wild`); without it every tile
plays as itself.  ``--loser`` scores a losing hand (no
winning tile).  The answer is every item that scored with its value and the
table row it came from, every item that applied but did not count with the
reason, the total, and the flags the ruleset does not read (ignored, not an
error) -- for any ruleset that has scoring tables, through its plugins' ``mahjong_score_hand``
hooks as a game scores it (:func:`mahjong_core.plugin.scoring.score_hand`).

Batch mode reads JSON Lines from standard input, one object a line::

    {"hand": "123m456p789s2233z +3z", "seat": "S", "flags": ["self_drawn"], "id": "anything"}

(``round``, ``loser``, ``wild`` -- the deal's wild kind, as ``--wild`` -- and
``context`` -- facts by the engine's names -- are optional too) and writes one
JSON line per input line: ``{"line": N, "id": ..., "hand": canonical, "score":
{...}}``, or ``{"line": N, "error": "..."}``
for a line that cannot be scored -- the stream goes on.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import IO, TYPE_CHECKING, Any

from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK
from mahjong_core.errors import MahjongError
from mahjong_core.hand import situation
from mahjong_core.hand.notation import format_hand, format_tiles, parse_hand
from mahjong_core.hand.score import Score
from mahjong_core.hand.situation import FLAGS, notation_flags, parse_wind
from mahjong_core.hand.tiles import KINDS, NUM_PLAYING_KINDS
from mahjong_core.hand.wild import with_wild
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.plugin.score_card import card_lines, card_maker
from mahjong_core.plugin.scoring import has_scoring, minimum_figures, score_hand
from mahjong_core.reading.strict_json import decode_error_text
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.jokers import joker_play

if TYPE_CHECKING:
    from mahjong_core.hand.jokers import JokerRule
    from mahjong_core.hand.melds import Hand
    from mahjong_core.hand.tiles import TileSet
    from mahjong_core.rules import Ruleset

#: A batch that went through, with some lines that could not be scored (each says why in its "error").
EXIT_SOME_FAILED = EXIT_FAILED_CHECK
_WIND_LETTERS = "ESWN"


@dataclass
class Given:
    """What the user said about the hand's situation: flag names, winds (tile kinds), loser, other facts."""

    flags: set[str] = field(default_factory=set)
    seat: int | None = None
    round: int | None = None
    loser: bool = False
    facts: dict[str, Any] = field(default_factory=dict)
    #: the deal's wild kind as written (``5p``), where the ruleset makes one wild at each deal; ``None`` for none
    wild: str | None = None


@dataclass
class Scored:
    """One scored hand with its situation: the context it was scored in, what was ignored, and notes."""

    hand: Hand
    score: Score
    context: dict[str, Any]
    flags: list[str]
    ignored: list[dict[str, str]]
    note: str | None
    #: the deal's wild kind the hand was scored with, by its code, or ``None``
    wild: str | None = None


def given_from_args(args: argparse.Namespace) -> Given:
    """The situation options of ``mahjong score`` as a :class:`Given`."""
    facts: dict[str, Any] = {}
    for text in args.fact or ():
        name, eq, value = text.partition("=")
        if not eq or not name:
            raise MahjongError(f"expected NAME=VALUE (VALUE as JSON, e.g. tiles_left=3), got {text!r}", place="--fact")
        try:
            facts[name] = json.loads(value)
        except json.JSONDecodeError:
            facts[name] = value
    for name in ("dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks", "pao"):  # riichi's, by option
        value = getattr(args, name, None)
        if value is not None:
            if name in facts:
                raise MahjongError(f"{_option(name)} and --fact {name}=... both give {name}; give it once",
                                   place=_option(name))
            facts[name] = value
    wild = getattr(args, "wild", None)
    if "wild" in facts:  # --fact wild=5p says what --wild says
        if wild is not None:
            raise MahjongError("--wild and --fact wild=... both name the wild kind; give it once", place="--wild")
        wild = str(facts.pop("wild"))
    return Given(flags={f.name for f in FLAGS if getattr(args, f"flag_{f.name}")},
                 seat=None if args.seat is None else parse_wind(args.seat, "--seat"),
                 round=None if args.round is None else parse_wind(args.round, "--round"),
                 loser=args.loser, facts=facts, wild=wild)


def run(ruleset_id: str, hand_text: str | None, *, as_json: bool, batch: bool, stdin: IO[str],
        stdout: IO[str], given: Given | None = None, native: bool = False) -> int:
    """Score ``hand_text`` (or, with ``batch``, every JSON line of ``stdin``) and print the result.

    :return: 0, or 1 when a batch line could not be scored.
    :raises MahjongError: for an unknown ruleset, one without scoring tables,
        or (single hand) a hand that cannot be scored -- the CLI prints it as
        ``source::place: message``.
    """
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
    scored = score_text(ruleset, hand_text, given or Given(), "<argument>")
    if as_json:
        stdout.write(json.dumps(_result(ruleset, scored), ensure_ascii=False, indent=2) + "\n")
    else:
        stdout.write(_text(ruleset, scored, native))
    return EXIT_OK


def marked_tiles(ruleset: Ruleset) -> TileSet | None:
    """The ruleset's tile set where it marks copies (red fives, ``0m 0p 0s``) or sets aside bonus kinds of its
    own (the animals ``1a``-``4a``), which a hand is then read and written in; ``None`` for every other set, whose
    hands read as they always have.

    Read from the ruleset's data, as a game's binding reads it, without binding the ruleset: binding imports
    every installed plugin, which a command scoring one hand would pay for at its start."""
    tiles = ruleset.tiles()
    return tiles if tiles.marked or any(kind >= len(KINDS) for kind in tiles.bonus) else None


def wild_kind(ruleset: Ruleset, text: str) -> tuple[int, JokerRule]:
    """The kind ``text`` names as the deal's wild kind under ``ruleset``, and where its copies may stand.

    :raises MahjongError: located at ``--wild``, where the ruleset makes no kind wild at a deal, or ``text`` names
        no kind of its tile set that a hand plays (a bonus kind, such as Fuzhou's honours, is never wild).
    """
    tiles = ruleset.tiles()
    play = joker_play(ruleset, tiles)
    if play is None or play.wild is None:
        raise MahjongError(f"ruleset {ruleset.id} makes no kind wild at a deal (no jokers.wild), so there is no "
                           f"wild kind to name; drop --wild", place="--wild")
    code = text.strip()
    kind = next((k for k in range(NUM_PLAYING_KINDS) if tiles.kinds[k] is not None and tiles.code(k) == code),
                None)
    if kind is None:
        raise MahjongError(f"the wild kind is one kind of {ruleset.id}'s tile set, as 5p; {text!r} is none",
                           place="--wild")
    if kind in tiles.bonus:
        raise MahjongError(f"{code} is a bonus tile under {ruleset.id}, set aside as drawn: it is never wild; "
                           "name a kind a hand plays, as 5p", place="--wild")
    return kind, play.rule


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


def score_text(ruleset: Ruleset, text: str, given: Given, source: str) -> Scored:
    """Score a hand written in the notation as ``mahjong score`` does: parse ``text``, build its situation from
    ``given`` and its ``!flags``, and score it.

    :raises MahjongError: for a bad hand, contradictory flags, or a fact the ruleset reads that nothing gives.
    """
    written = hand = parse_hand(text, source=source, tiles=marked_tiles(ruleset))
    try:
        if given.wild is not None:
            kind, rule = wild_kind(ruleset, given.wild)
            hand = with_wild(hand, kind, rule)
        flags, winds = situation.notation_flags(hand.situations, source)
        all_flags = given.flags | flags
        seat, round_wind = given.seat, given.round
        for key, option, value in (("seat", "--seat", seat), ("round", "--round", round_wind)):
            if key in winds and value is not None and winds[key] != value:
                raise MahjongError(f"the hand's !flag and {option} name different winds", place=option)
        seat = seat if seat is not None else winds.get("seat")
        round_wind = round_wind if round_wind is not None else winds.get("round")
        hand = replace(hand, situations=frozenset())
        winner = not given.loser
        if winner and hand.winning_tile is None:
            raise MahjongError("a winning hand names its winning tile with +TILE (e.g. \"... +5s\"); "
                               "for a losing hand give --loser", place="HAND")
        if not winner and hand.winning_tile is not None:
            raise MahjongError("a losing hand has no winning tile: drop the +TILE, or score it as the winner "
                               "without --loser", place="HAND")
        ctx = situation.win_context(all_flags, seat=situation.WINDS["E"] if seat is None else seat,
                                    round_wind=situation.WINDS["E"] if round_wind is None else round_wind,
                                    winner=winner, winning_tile=hand.winning_tile, facts=given.facts)
        family = bind(ruleset).family
        declared = ruleset_hooks(ruleset).mahjong_facts_read(ruleset=ruleset) if family is not None else None
        ignored: list[dict[str, str]] = []
        note = None
        if declared is None and family is not None and (all_flags or seat is not None or round_wind is not None):
            note = (f"the {family.name} family does not say which situation facts it reads (mahjong_facts_read), "
                    "so no flag is checked for being ignored")
        if declared is not None:
            read = declared.winner if winner else declared.loser
            if read is None:
                note = declared.loser_note or f"ruleset {ruleset.id} does not score losing hands"
                read = frozenset()
            named = sorted(all_flags) + [k for k, v in (("seat", seat), ("round", round_wind)) if v is not None]
            for name in situation.ignored(named, read):
                ignored.append({"flag": _option(name), "reason": f"ruleset {ruleset.id} reads none of "
                                f"{', '.join(_about(name))} for a {'winning' if winner else 'losing'} hand"})
            lacking = situation.missing(ctx, read)
            if lacking:
                raise MahjongError(f"scoring under {ruleset.id} needs the fact(s) {', '.join(lacking)}, which no "
                                   f"flag gives; give each with --fact NAME=VALUE (VALUE as JSON, e.g. "
                                   f"--fact {lacking[0]}=true)", place="situation")
        score = score_hand(ruleset, hand, ctx)
    except MahjongError as exc:
        raise exc.located(source=source) from None
    if score is None:
        raise MahjongError(f"ruleset {ruleset.id} gave no score", source=source)
    return Scored(written, score, ctx, sorted(all_flags), ignored, note,
                  None if given.wild is None else given.wild.strip())


def _about(name: str) -> tuple[str, ...]:
    return {"seat": ("seat_wind",), "round": ("prevalent_wind",), **{f.name: f.facts for f in FLAGS}}[name]


def _situation_json(scored: Scored) -> dict[str, Any]:
    ctx = scored.context
    out: dict[str, Any] = {"winner": ctx["winner"], "seat": _WIND_LETTERS[ctx["seat_wind"] - 27],
                           "round": _WIND_LETTERS[ctx["prevalent_wind"] - 27], "dealer": ctx["dealer"]}
    if ctx["winner"]:
        out["how"] = ctx["how"]
    out["flags"] = scored.flags
    out["ignored"] = scored.ignored
    if scored.note:
        out["note"] = scored.note
    if scored.wild is not None:
        out["wild"] = scored.wild
    return out


def _minimum(ruleset: Ruleset, score: Score) -> dict[str, Any] | None:
    """The ruleset's first minimum measure and whether the score meets it (000 line 347: points, fan, doublings)."""
    for key, excluding, need, have in minimum_figures(ruleset, score):
        return {"measure": key, "excluding_bonus_tiles": excluding, "needed": need, "have": have,
                "met": have is not None and have >= need}
    return None


def _result(ruleset: Ruleset, scored: Scored) -> dict[str, Any]:
    score = scored.score.to_json()
    out: dict[str, Any] = {"hand": format_hand(scored.hand, marked_tiles(ruleset)), "ruleset": ruleset.id,
                           "situation": _situation_json(scored), "score": score, "card": card_maker(ruleset)(score)}
    minimum = _minimum(ruleset, scored.score) if scored.context["winner"] else None
    if minimum is not None:
        out["minimum"] = minimum
    return out


def _situation_text(scored: Scored) -> list[str]:
    sit = _situation_json(scored)
    how = {"discard": "won on a discard", "self_drawn": "self-drawn", "replacement": "won on a loose tile",
           "robbing_kong": "won by robbing a kong"}
    what = how[sit["how"]] if sit["winner"] else "a losing hand"
    others = [_option(f) for f in sit["flags"] if f not in ("self_drawn", "replacement", "robbing_kong")]
    lines = [f"situation seat {sit['seat']}{' (dealer)' if sit['dealer'] else ''}, round {sit['round']}, {what}"
             + (f", {' '.join(others)}" if others else "") + (f", {sit['wild']} wild" if "wild" in sit else "")]
    for item in sit["ignored"]:
        lines.append(f"ignored  {item['flag']}: {item['reason']}")
    if scored.note:
        lines.append(f"note     {scored.note}")
    return lines


def _text(ruleset: Ruleset, scored: Scored, native: bool = False) -> str:
    score = scored.score
    lines = [f"hand     {format_hand(scored.hand, marked_tiles(ruleset))}",
             f"ruleset  {ruleset.id} ({ruleset.name}), scoring family {score.family}", *_situation_text(scored)]
    if score.arrangement is not None:
        groups = []
        for i, meld in enumerate(score.arrangement.melds):
            tiles = format_tiles(meld.tiles)
            mark = "*" if i == score.arrangement.winning_meld else ""
            groups.append(f"{meld.kind.value} {'[' + tiles + ']' if meld.exposed else tiles}{mark}")
        lines.append(f"reading  {score.arrangement.form.value}: {', '.join(groups)}")

    card = card_maker(ruleset)(score.to_json())
    lines.append("scored:" if card["lines"] else "scored:  nothing")
    lines += card_lines(card, native=native, total="total    ")
    minimum = _minimum(ruleset, score) if scored.context["winner"] else None
    if minimum is not None:
        what = f"{minimum['needed']} {minimum['measure']}" + (" without bonus tiles" if
                                                               minimum["excluding_bonus_tiles"] else "")
        verdict = "met" if minimum["met"] else f"NOT met ({minimum['have']}): not a valid mahjong"
        lines.append(f"minimum  {what}: {verdict}")
    return "\n".join(lines) + "\n"


def _given_from_request(request: Mapping[str, Any], where: str) -> Given:
    """A batch line's situation: ``seat``, ``round``, ``flags``, ``loser``, ``wild`` and ``context`` (facts by
    name; ``context.wild`` says what ``wild`` says)."""
    context = request.get("context", {})
    if not isinstance(context, dict):
        raise MahjongError('"context" must be an object', source="<stdin>", place=where)
    facts = dict(context)
    for key in ("seat_wind", "prevalent_wind"):  # the engine's names, as a wind letter or name
        if isinstance(facts.get(key), str):
            facts[key] = parse_wind(facts[key], f"context.{key}")
    flags = request.get("flags", [])
    if not isinstance(flags, list) or not all(isinstance(f, str) for f in flags):
        raise MahjongError('"flags" must be a list of flag names, e.g. ["self_drawn"]', source="<stdin>",
                           place=where)

    names, winds = notation_flags(flags, f"<stdin> {where}")
    seat = request.get("seat")
    round_wind = request.get("round")
    wild = request.get("wild", facts.pop("wild", None))
    if wild is not None and not isinstance(wild, str):
        raise MahjongError('"wild" names the deal\'s wild kind by its code, e.g. "5p"', source="<stdin>", place=where)
    return Given(flags=names,
                 seat=parse_wind(seat, "seat") if seat is not None else winds.get("seat", facts.pop("seat_wind", None)),
                 round=parse_wind(round_wind, "round") if round_wind is not None
                 else winds.get("round", facts.pop("prevalent_wind", None)),
                 loser=bool(request.get("loser", False)), facts=facts, wild=wild)


def _batch(ruleset: Ruleset, stdin: IO[str], stdout: IO[str]) -> int:
    failed = False
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        out: dict[str, Any] = {"line": number}
        where = f"line {number}"
        try:
            try:
                request = json.loads(line)
            except json.JSONDecodeError as exc:
                raise MahjongError(f"not a JSON object: {decode_error_text(exc)}", source="<stdin>",
                                   place=where) from None
            if not isinstance(request, dict) or not isinstance(request.get("hand"), str):
                raise MahjongError('expected an object with a "hand" string', source="<stdin>", place=where)
            if "id" in request:
                out["id"] = request["id"]
            try:
                given = _given_from_request(request, where)
            except MahjongError as exc:
                raise exc.located(source=f"<stdin> {where}") from None
            out.update(_result(ruleset, score_text(ruleset, request["hand"], given, f"<stdin> {where}")))
        except MahjongError as exc:
            failed = True
            out["error"] = str(exc)
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return EXIT_SOME_FAILED if failed else EXIT_OK
