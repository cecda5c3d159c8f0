"""Botzone's Chinese Standard Mahjong records (the human-game dataset's text format), read into imported games.

A round is ``Match <id>``, ``Wind <0-3>``, four ``Player N Deal`` lines of 13
tiles, then one move a line -- ``Player N Draw|Play|Chi|Peng|Gang|AnGang|
BuGang|Hu XX`` (``Chi`` names the middle tile of the run), optionally followed
by ``Ignore Player M ...`` for claims that lost on priority -- and the result:
``Fan F name*k+...`` and ``Score s0 s1 s2 s3``, or ``Huang`` and ``Score 0 0 0
0``.  Tiles: ``W`` characters, ``B`` dots, ``T`` bamboo, ``F1``-``F4`` the
winds East to North, ``J1``-``J3`` the red, green and white dragons (the
dataset's README, item 3).

Each round is a game of its own (one deal) under the ``botzone_mcr`` preset:
Player N is seat N, Player 0 the dealer and East, and play goes 0, 1, 2, 3
(every round of the sample starts with Player 0's draw, and each player draws
after the one before).  Botzone deals everyone 13 and the dealer draws first;
that first draw is the fourteenth tile our deal gives the dealer.  A kong's replacement is recorded as the next ``Draw``
of the player who made it.  An ``Ignore`` claim is read as a pass: it lost.
The records name no players, so seat N of match M is named ``botzone-M-pN``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from mahjong_core import Move, load_ruleset

from .common import FormatError, ImportedDeal, ImportedGame, read_record, wrong_format

__all__ = ["MAX_BYTES", "MAX_LINE", "MAX_LINES", "iter_file", "read_file", "read_text"]

#: A file is read up to this many bytes, about 2,000 rounds (the whole dataset's 98,209 rounds are split by
#: rounds into files of that size), so reading one stays well under 100 MB ...
MAX_BYTES = 4 * 1024 * 1024
#: ... this many lines (a round has about 100) ...
MAX_LINES = 400_000
#: ... each at most this long (a ``Fan`` line of 64 fans stays well under it).
MAX_LINE = 1024
PRESET = "botzone_mcr"
PLAYERS = 4
#: Botzone's ``Wind`` line, 0..3, as our prevalent wind (0 East .. 3 North).
WINDS = (0, 1, 2, 3)

_SUIT = {"W": "m", "B": "p", "T": "s"}
_HONOUR = {"F1": "1z", "F2": "2z", "F3": "3z", "F4": "4z", "J1": "7z", "J2": "6z", "J3": "5z"}
_TILE = re.compile(r"[WBT][1-9]|F[1-4]|J[1-3]")
_MOVE = re.compile(r"Player ([0-3]) (Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu) (\S+)"
                   r"((?: Ignore Player [0-3] \w+ \S+)*)")
_IGNORE = re.compile(r" Ignore Player ([0-3]) (CHI|PENG|GANG|HU|Chi|Peng|Gang|Hu) (\S+)")
_FAN = re.compile(r"Fan (\d{1,4}) (\S+)")
_SCORE = re.compile(r"Score (-?\d{1,6}) (-?\d{1,6}) (-?\d{1,6}) (-?\d{1,6})")
_VERB = {"Draw": "draw", "Play": "discard", "Chi": "chow", "Peng": "pung", "Gang": "kong", "AnGang": "kong",
         "BuGang": "kong", "Hu": "win"}


def read_file(path: str) -> list[ImportedGame]:
    """Every round of a Botzone file, as imported games (not yet played).

    :raises FormatError: for the first line that breaks the format, as ``FILE::line N: ...``, or a file that
        is too large, not text, or another format altogether (named as what it is).
    """
    return list(iter_file(path))


def iter_file(path: str) -> Iterator[ImportedGame]:
    """The rounds of a Botzone file one at a time, so that a file at the bounds is read in bounded memory.

    :raises FormatError: as :func:`read_file`, when the round that breaks the format is reached.
    """
    text = read_record(path, MAX_BYTES, "a Botzone file", "a Botzone record is plain text")
    yield from iter_text(text, path)


def read_text(text: str, source: str) -> list[ImportedGame]:
    """The rounds of a Botzone record's text (see the module docstring); ``source`` names it in messages."""
    return list(iter_text(text, source))


def iter_text(text: str, source: str) -> Iterator[ImportedGame]:
    """The rounds of a Botzone record's text, one at a time."""
    other = wrong_format(text, "botzone")
    if other is not None:
        raise FormatError(other, source=source, place="line 1")
    if text.count("\n") >= MAX_LINES:
        raise FormatError(f"more than {MAX_LINES:,} lines; split the file by rounds", source=source,
                          place=f"line {MAX_LINES + 1}")
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if len(line) > MAX_LINE:
            raise FormatError(f"a line of {len(line):,} characters; a Botzone line has at most {MAX_LINE}",
                              source=source, place=f"line {i + 1}")
    rounds = 0
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        game, i = _round(lines, i, source)
        rounds += 1
        yield game
    if not rounds:
        raise FormatError("no round: a Botzone record starts with `Match <id>`", source=source, place="line 1")


@cache
def _kinds(preset: str) -> dict[str, int]:
    """The kinds of the preset's tile set by code: a Botzone tile is read as the kind the preset's own set gives
    its code, not as an index of the 42 standard kinds (loaded once, when the first tile is read)."""
    return {info.code: info.index for info in load_ruleset(preset).tiles().kinds if info is not None}


def _tile(word: str, source: str, line: int) -> int:
    if not _TILE.fullmatch(word):
        raise FormatError(f"{word!r} is not a Botzone tile (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)", source=source,
                          place=f"line {line}")
    code = word[1] + _SUIT[word[0]] if word[0] in _SUIT else _HONOUR[word]
    kind = _kinds(PRESET).get(code)
    if kind is None:
        raise FormatError(f"{word} ({code}) is no tile of the set of {PRESET}, under which Botzone's rounds are "
                          "played", source=source, place=f"line {line}")
    return kind


def _round(lines: list[str], start: int, source: str) -> tuple[ImportedGame, int]:
    """One round from ``lines[start]`` on; returns it and the index after its ``Score`` line."""

    def at(i: int) -> str:
        return lines[i].rstrip("\r") if i < len(lines) else ""

    def fail(message: str, i: int) -> FormatError:
        return FormatError(message, source=source, place=f"line {i + 1}")

    i = start
    match = re.fullmatch(r"Match ([0-9A-Za-z]{1,64})", at(i))
    if match is None:
        raise fail(f"expected `Match <id>` to start a round, found {at(i)[:60]!r}", i)
    ident = match[1]
    wind = re.fullmatch(r"Wind ([0-3])", at(i + 1))
    if wind is None:
        raise fail(f"expected `Wind 0`..`Wind 3` after the Match line, found {at(i + 1)[:60]!r}", i + 1)
    i += 2
    dealt: list[tuple[int, ...]] = []
    for seat in range(PLAYERS):
        words = at(i).split(" ")
        if words[:3] != ["Player", str(seat), "Deal"] or len(words) != 16:
            raise fail(f"expected `Player {seat} Deal` and 13 tiles, found {at(i)[:60]!r}", i)
        dealt.append(tuple(_tile(w, source, i + 1) for w in words[3:]))
        i += 1
    moves: list[Move] = []
    last: Move | None = None
    winner: int | None = None
    kong_by: int | None = None
    while True:
        line = at(i)
        if i >= len(lines) or not line.strip():
            raise fail("the round ends before its result (`Fan` and `Score`, or `Huang` and `Score`)", i)
        if line.startswith("Fan ") or line == "Huang":
            break
        found = _MOVE.fullmatch(line)
        if found is None:
            raise fail(f"expected a move (`Player N Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu XX`), `Fan` or "
                       f"`Huang`, found {line[:60]!r}", i)
        if winner is not None:
            raise fail("a move after the `Hu` that won the round", i)
        seat, verb, word, ignored = int(found[1]), found[2], found[3], found[4]
        if ignored and len(_IGNORE.findall(ignored)) != ignored.count(" Ignore "):
            raise fail(f"an `Ignore` part that is not `Ignore Player N Chi|Peng|Gang|Hu XX`: {ignored[:60]!r}", i)
        for _, _, other in _IGNORE.findall(ignored):
            _tile(other, source, i + 1)
        tile = _tile(word, source, i + 1)
        kind = _VERB[verb]
        tiles: tuple[int, ...] = (tile,)
        if verb == "Chi":
            if word[0] not in _SUIT or word[1] in "19":
                raise fail(f"`Chi {word}` names the middle tile of a run: a suit tile from 2 to 8", i)
            tiles = (tile - 1, tile, tile + 1)
        if verb in ("Chi", "Peng", "Gang") or (verb == "Hu" and last is not None and last.verb == "discard"):
            offered = last.tiles[0] if last is not None and last.verb == "discard" else None
            if offered is None or offered not in tiles:
                raise fail(f"`{verb} {word}` claims a discard, but the move before it "
                           f"{'is ' + repr(last.text) if last is not None else 'is none'}", i)
        if verb == "Draw" and kong_by == seat:
            kind = "replacement"
        kong_by = seat if verb in ("Gang", "AnGang", "BuGang") else None
        if verb == "Hu":
            winner = seat
        last = Move(seat, kind, tiles, f"line {i + 1}", line)
        moves.append(last)
        i += 1
    recorded: dict[str, Any]
    if at(i) == "Huang":
        if winner is not None:
            raise fail("`Huang` (a drawn round) after a `Hu`", i)
        recorded = {"outcome": "draw", "winner": None, "value": None, "items": []}
    else:
        fan = _FAN.fullmatch(at(i))
        if fan is None:
            raise fail(f"expected `Fan F name*k+name*k...`, found {at(i)[:60]!r}", i)
        if winner is None:
            raise fail("a `Fan` line, but no player won (`Hu`)", i)
        items = []
        for part in fan[2].split("+"):
            item = re.fullmatch(r"([^*+]{1,64})\*(\d{1,2})", part)
            if item is None or not 1 <= int(item[2]) <= 16:
                raise fail(f"a fan written {part[:60]!r}; each is `name*k`, k from 1 to 16", i)
            items.append({"name": item[1], "count": int(item[2])})
        if len(items) > 64:
            raise fail(f"{len(items)} fans; a hand has at most 64", i)
        recorded = {"outcome": "win", "winner": winner, "value": int(fan[1]), "items": items}
    score = _SCORE.fullmatch(at(i + 1))
    if score is None:
        raise fail(f"expected `Score s0 s1 s2 s3`, found {at(i + 1)[:60]!r}", i + 1)
    recorded["deltas"] = [int(x) for x in score.groups()]
    if sum(recorded["deltas"]) != 0:
        raise fail(f"the scores {recorded['deltas']} do not add up to 0", i + 1)
    # The dealer's first draw is the fourteenth tile our deal gives the dealer (``wall_ceremony.dealer_extra``).
    first = moves[0] if moves else None
    if first is None or first.seat != 0 or first.verb != "draw":
        raise fail("a round's first move is the dealer's draw (`Player 0 Draw XX`)", start + 6)
    dealt[0] = (*dealt[0], first.tiles[0])
    deal = ImportedDeal(f"line {start + 1}", tuple(dealt), tuple(moves[1:]))
    names = [f"botzone-{ident}-p{n}" for n in range(PLAYERS)]
    return ImportedGame("botzone", ident, PRESET, names, [deal], recorded, source, f"line {start + 1}",
                        WINDS[int(wind[1])]), i + 2
