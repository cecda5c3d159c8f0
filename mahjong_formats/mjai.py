"""mjai logs (the JSON Lines protocol riichi bots speak), read into imported games.

mjai is the protocol of gimite's mjai server and of the bots built on it
(Mortal's libriichi, RiichiEnv); a game's log is its messages one JSON object
a line.  Two dialects are read:

* **modern** (libriichi, RiichiEnv): ``start_kyoku`` carries ``bakaze``,
  ``kyoku``, ``honba``, ``kyotaku``, ``oya``, ``scores``, ``dora_marker`` and
  every seat's 13 dealt tiles (``tehais``); ``hora`` and ``ryukyoku`` carry each
  seat's change of points (``deltas``, sticks and honba included) and ``hora``
  the ura-dora indicators (``ura_markers``);
* **old** (gimite/mjai's Tenhou converter): ``start_kyoku`` carries ``oya`` and
  ``dora_marker`` only, each dealt hand follows as a ``haipai`` event
  (``actor``, ``pais``), and a result names who won from whom, no figures.

The moves: ``tsumo`` (a draw; the dealer's first is its fourteenth dealt tile;
the draw after a kong by the same seat its replacement tile), ``dahai``,
``chi``/``pon``/``daiminkan`` (``target`` the discarder, ``pai`` the tile,
``consumed`` the caller's own), ``ankan``, ``kakan``, ``reach`` (the
declaration, before its discard), ``reach_accepted`` (its stick paid), ``dora``
(a kong's indicator), ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``.
Tiles: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N`` the winds,
``P F C`` the white, green and red dragons, ``5mr 5pr 5sr`` the red fives;
``?`` an unseen tile (a log written from one seat's view, which cannot be
re-played: refused).  The protocol is described in gimite/mjai's
``mjai_protocol.txt`` and Mortal's libriichi ``mjai::Event`` (the modern
fields); both were checked against the shared samples.

**Three players.**  mjai was written for four seats; the tools that play three
write a three-player game two ways, and both are read: RiichiEnv lists three
seats (``tehais``, ``scores``, ``deltas`` of three; its ``GameState3P``) and names
a North set aside ``kita``; the three-player builds of Mortal's libriichi
(``libriichi3p``) and the programs around them (Akagi) keep mjai's four seats, the
fourth empty (its ``tehais`` 13 ``?`` or none, its points and changes 0), and
name it ``nukidora`` (``actor``, ``pai: "N"``).  A game is three-player where its
first ``start_kyoku`` lists three seats, or four with the fourth empty and at
0 points.  The North set aside is the ``bonus_declaration`` action, its
replacement the seat's next ``tsumo``, and a ``hora`` may be won on it.

The tiles are taken as observed (mjai publishes no wall seed), the dora and
ura-dora indicators as the log shows them.  A four-player game is played under
``riichi_tenhou`` (red fives, open tanyao: the rules both samples were played
under; mjai names no ruleset), a three-player one under ``sanma_tenhou``, or
either under ``--ruleset``.  A game all of whose deals are in the East round
is an East-only game (a hanchan ends there only by a seat's bust, which ends an
East-only game too): it is played under the preset's East-only house rule
(:func:`mahjong_formats.tenhou6.east_only_text`).  A log is read strictly,
one JSON object a line: the board dumps gimite's converter interleaves in
its golden test files are not part of the protocol and are refused at their
line, not skipped (a reader that skipped what it cannot read would accept a
damaged log without a word).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from mahjong_core import MahjongError, Move, load_ruleset, loads, read_log

from .common import FormatError, ImportedDeal, ImportedGame, not_a_riichi_log, read_record, wrong_format

__all__ = ["MAX_BYTES", "MAX_LINE", "MAX_LINES", "PRESET", "code_of", "iter_file", "mjai_tile", "read_deal",
           "read_file", "read_text"]

#: A file is read up to this many bytes (a hanchan is about 80 KB in the modern dialect) ...
MAX_BYTES = 4 * 1024 * 1024
#: ... this many lines (a hanchan has about 1,500) ...
MAX_LINES = 100_000
#: ... each at most this long (a ``start_kyoku`` with its dealt hands is about 500 characters).
MAX_LINE = 4096
PRESET = "riichi_tenhou"
#: The preset of a three-player game.
PRESET_3P = "sanma_tenhou"
#: The seats mjai writes; a three-player game fills the first three (see the module docstring).
PLAYERS = 4
#: Each seat's stick for a declaration (``reach_accepted``): riichi_tenhou's, 1,000 points.
STICK = 1000
_HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
_MJAI_OF = {v: k for k, v in _HONOURS.items()} | {"0m": "5mr", "0p": "5pr", "0s": "5sr"}
_TILE = re.compile(r"[1-9][mps]|5[mps]r|[ESWNPFC]")
#: The reasons of an mjai ``ryukyoku`` (gimite's names) as the ``abortive_draws`` mechanism names the draw.
DRAWS = {"fanpai": "exhaustive_draw", "kyushukyuhai": "nine_terminals", "suufonrenta": "four_winds",
         "suuchariichi": "four_declarations", "suukaikan": "four_kongs", "sanchaho": "triple_ron",
         "nagashimangan": "exhaustive_draw"}
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_MOVES = {"tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "reach_accepted", "dora", "hora",
          "ryukyoku", "end_kyoku", "nukidora", "kita"}
#: A North set aside: libriichi3p's and Akagi's word (written), and RiichiEnv's (read too).
NUKIDORA, KITA = "nukidora", "kita"


def code_of(pai: str) -> str:
    """The project's notation code of an mjai tile (``5mr`` is ``0m``, ``P`` is ``5z``); the caller checks it."""
    if pai in _HONOURS:
        return _HONOURS[pai]
    if pai.endswith("r"):
        return "0" + pai[1]
    return pai


def mjai_tile(code: str) -> str:
    """The mjai name of a notation code (``0m`` is ``5mr``, ``5z`` is ``P``)."""
    return _MJAI_OF.get(code, code)


@cache
def _kinds(preset: str = PRESET) -> dict[str, int]:
    """A preset's kinds by code, loaded when the first tile is read."""
    return {info.code: info.index for info in load_ruleset(preset).tiles().kinds if info is not None}


def read_file(path: str, ruleset: str | None = None) -> list[ImportedGame]:
    """Every game of an mjai log, as imported games (not yet played), under ``ruleset`` where given.

    :raises FormatError: for the first line that breaks the format, as ``FILE::line N: ...``, a file too large
        or not text, or another format altogether (named as what it is).
    """
    return list(iter_file(path, ruleset))


def iter_file(path: str, ruleset: str | None = None) -> Iterator[ImportedGame]:
    """The games of an mjai log one at a time (a file may hold several, each from ``start_game`` on).

    :param ruleset: the ruleset to play them under (an installed id or a house-rule file) instead of the preset
        their seats name (``--ruleset``).
    """
    text = read_record(path, MAX_BYTES, "an mjai log", "an mjai log is JSON lines")
    yield from iter_text(text, path, ruleset)


def read_text(text: str, source: str, ruleset: str | None = None) -> list[ImportedGame]:
    """The games of an mjai log's text; ``source`` names it in messages."""
    return list(iter_text(text, source, ruleset))


def iter_text(text: str, source: str, ruleset: str | None = None) -> Iterator[ImportedGame]:
    """The games of an mjai log's text, one at a time."""
    other = wrong_format(text, "mjai")
    if other is not None:
        raise FormatError(other, source=source, place="line 1")
    if text.count("\n") >= MAX_LINES:
        raise FormatError(f"more than {MAX_LINES:,} lines; a game has about 1,500", source=source,
                          place=f"line {MAX_LINES + 1}")
    reader = _Reader(source, ruleset)
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            raise reader.fail(f"a line of {len(line):,} characters; an mjai message has at most {MAX_LINE:,}",
                              number)
        event = reader.decode(line, number)
        game = reader.event(event, number)
        if game is not None:
            yield game
    if reader.deals or reader.started is not None:
        raise reader.fail("the log stops inside a game (no end_game): a truncated file", reader.last)
    if not reader.games:
        raise FormatError("no game: an mjai log starts with a start_game message", source=source, place="line 1")


def read_deal(messages: Sequence[tuple[int, dict[str, Any]]], source: str) -> ImportedDeal:
    """One deal's messages (``start_kyoku``, then its moves, each with its line number), every tile shown, read as
    an imported deal that may stop anywhere (an mjai seat's game so far: ``mahjong_formats.mjai_bot``).

    :raises FormatError: for the first message that breaks the format, at its line.
    """
    reader = _Reader(source)
    reader.event({"type": "start_game"}, messages[0][0] if messages else 1)
    for number, message in messages:
        reader.event(message, number)
    if not reader.deals:
        raise FormatError("no deal: a deal starts with start_kyoku", source=source, place="line 1")
    d = reader.deals[-1]
    return ImportedDeal(f"line {d.line}", tuple(tuple(h) for h in d.dealt[:reader.n]), tuple(d.moves),
                        dealer=d.dealer, indicators=tuple(code_of(t) for t in d.indicators))


@dataclass
class _Deal:
    """One deal as it is read."""

    line: int
    dealer: int
    dealt: list[list[int]]
    moves: list[Move] = field(default_factory=list)
    indicators: list[str] = field(default_factory=list)
    ura: list[str] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)
    sticks: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    ended: bool = False
    closed: bool = False
    #: The round's wind (``bakaze``), where the log says it.
    wind: str | None = None


class _Reader:
    """The messages of one log read in order into games."""

    def __init__(self, source: str, ruleset: str | None = None):
        self.source = source
        self.ruleset = ruleset
        #: The seats the game being read fills (three or four: :meth:`seats_of`), and the preset of its tiles.
        self.n = PLAYERS
        self.preset = PRESET
        self.started: dict[str, Any] | None = None
        self.start_line = 0
        self.deals: list[_Deal] = []
        self.games = 0
        self.last = 1
        self.first_round = 0

    def fail(self, message: str, line: int) -> FormatError:
        return FormatError(message, source=self.source, place=f"line {line}")

    def decode(self, line: str, number: int) -> dict[str, Any]:
        try:
            event = loads(line)
        except ValueError as exc:  # the strict reader's refusal (StrictJSONError) says what is wrong
            raise self.fail(f"not a JSON message: {exc}", number) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise self.fail(f"an mjai message is a JSON object with a \"type\"; found {line[:60]!r}", number)
        return event

    # -- values ------------------------------------------------------------------------------------------------

    def seat(self, event: dict[str, Any], key: str, number: int) -> int:
        value = event.get(key)
        if type(value) is not int or not 0 <= value < self.n:
            raise self.fail(f"{event['type']}: \"{key}\" is a seat, 0 to {self.n - 1}; found {value!r}", number)
        return value

    def tile(self, pai: object, number: int, what: str = "pai") -> int:
        """The kind of an mjai tile as dealt or drawn (a red five as itself)."""
        if pai == "?":
            raise self.fail(f"{what}: '?', a tile the log does not show (a log from one seat's view); only a "
                            "full log, every tile shown, can be re-played", number)
        if not isinstance(pai, str) or not _TILE.fullmatch(pai):
            raise self.fail(f"{what}: {str(pai)[:20]!r} is not an mjai tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, "
                            "5mr 5pr 5sr)", number)
        kinds = _kinds(self.preset)
        if code_of(pai) not in kinds:
            raise self.fail(f"{what}: {pai} is not in the tile set of {self.preset}", number)
        return kinds[code_of(pai)]

    def plain(self, pai: object, number: int, what: str = "pai") -> int:
        """The kind a tile plays as (a red five as a five): a move names what is played, the rules which copy."""
        self.tile(pai, number, what)
        assert isinstance(pai, str)
        return _kinds(self.preset)[code_of(pai.rstrip("r"))]

    def red(self, pais: Sequence[object], number: int) -> tuple[int, ...]:
        """The playing kinds of the red fives among tiles a move gives up from the hand (``5sr``): the player
        chose those copies, and the move names them (the engine checks the hand holds them)."""
        return tuple(self.plain(p, number) for p in pais if isinstance(p, str) and p.endswith("r"))

    def tiles(self, event: dict[str, Any], key: str, count: int, number: int) -> list[str]:
        value = event.get(key)
        if not isinstance(value, list) or len(value) != count:
            raise self.fail(f"{event['type']}: \"{key}\" is a list of {count} tiles; found {str(value)[:60]}", number)
        for pai in value:
            self.tile(pai, number, key)
        return value

    def ints(self, event: dict[str, Any], key: str, count: int, number: int) -> list[int] | None:
        """A list of whole numbers a seat (``scores``, ``deltas``) for the ``count`` seats the game fills: a
        three-player game's list of mjai's four, the empty seat's 0 last, is read as its three."""
        value = event.get(key)
        if value is None:
            return None
        if isinstance(value, list) and len(value) == PLAYERS > count and value[count:] == [0] * (PLAYERS - count):
            value = value[:count]
        if not isinstance(value, list) or len(value) != count or any(type(v) is not int or abs(v) > 10**7
                                                                    for v in value):
            empty = f" (or {PLAYERS}, the empty seat's 0 last)" if count < PLAYERS else ""
            raise self.fail(f"{event['type']}: \"{key}\" is a list of {count} whole numbers{empty}; found "
                            f"{str(value)[:60]}", number)
        return value

    def seats_of(self, event: dict[str, Any]) -> int:
        """The seats a game fills, from its first ``start_kyoku`` (and its ``start_game``'s names): three where it
        lists three hands or points, or four with the fourth empty (no tile shown) and at 0 points."""
        tehais, scores = event.get("tehais"), event.get("scores")
        names = (self.started or {}).get("names")
        if (isinstance(tehais, list) and len(tehais) == 3) or (isinstance(scores, list) and len(scores) == 3):
            return 3
        empty_hand = isinstance(tehais, list) and len(tehais) == PLAYERS and isinstance(tehais[3], list) and all(
            p == "?" for p in tehais[3]) and not all(p == "?" for h in tehais[:3] if isinstance(h, list) for p in h)
        if isinstance(scores, list) and len(scores) == PLAYERS and scores[3] == 0 and all(
                isinstance(v, int) and v > 0 for v in scores[:3]) and (tehais is None or empty_hand):
            return 3
        if isinstance(names, list) and len(names) == 3:
            return 3
        return PLAYERS

    # -- the messages ------------------------------------------------------------------------------------------

    def event(self, event: dict[str, Any], number: int) -> ImportedGame | None:
        self.last = number
        kind = event["type"]
        if kind == "start_game":
            if self.started is not None:
                raise self.fail("start_game inside a game (no end_game before it)", number)
            names = event.get("names")
            if names is not None and (not isinstance(names, list) or len(names) not in (3, PLAYERS)):
                raise self.fail(f"start_game: \"names\" lists the players (four, or three); found "
                                f"{str(names)[:60]}", number)
            self.started = event
            self.start_line = number
            return None
        if self.started is None:
            raise self.fail(f"{kind} before start_game", number)
        if kind == "end_game":
            return self.finish(event, number)
        if kind == "start_kyoku":
            self.start_kyoku(event, number)
            return None
        if kind == "haipai":
            self.haipai(event, number)
            return None
        if kind not in _MOVES:
            raise self.fail(f"{kind!r} is not an mjai message of a game log (start_game, start_kyoku, haipai, "
                            f"{', '.join(sorted(_MOVES))}, end_game)", number)
        deal = self.deals[-1] if self.deals else None
        if deal is None or deal.closed:
            raise self.fail(f"{kind} outside a deal (before start_kyoku)", number)
        if any(len(h) < 13 for h in deal.dealt):
            raise self.fail(f"{kind} before every seat's dealt hand (haipai) is given", number)
        if kind == "end_kyoku":
            if not deal.ended:
                raise self.fail("end_kyoku before the deal's result (hora or ryukyoku)", number)
            deal.closed = True
        elif deal.ended and kind != "hora":
            raise self.fail(f"{kind} after the deal's result", number)
        else:
            self.move(deal, event, number)
        return None

    def start_kyoku(self, event: dict[str, Any], number: int) -> None:
        if self.deals and not self.deals[-1].closed:
            raise self.fail("start_kyoku before the deal before it ended (end_kyoku)", number)
        if not self.deals:  # the game's first deal says how many seats it fills, and so its preset
            self.n = self.seats_of(event)
            self.preset = self.ruleset or (PRESET_3P if self.n == 3 else PRESET)
            if self.ruleset is not None:
                try:
                    seats = int(load_ruleset(self.ruleset).param("players"))
                except MahjongError as exc:
                    raise self.fail(f"--ruleset {self.ruleset}: {exc.message}", number) from None
                if seats != self.n:
                    raise self.fail(f"the log seats {self.n} players; {self.ruleset} seats {seats}", number)
        dealer = self.seat(event, "oya", number)
        dealt: list[list[int]] = [[] for _ in range(self.n)]
        if "tehais" in event:
            value = event["tehais"]
            if isinstance(value, list) and len(value) == PLAYERS > self.n and all(
                    isinstance(h, list) and all(p == "?" for p in h) for h in value[self.n:]):
                value = value[:self.n]  # the empty fourth seat of a three-player game
            if not isinstance(value, list) or len(value) != self.n:
                raise self.fail(f"start_kyoku: \"tehais\" lists the {self.n} dealt hands" + (
                    f" (or {PLAYERS}, the fourth empty)" if self.n < PLAYERS else ""), number)
            for seat, hand in enumerate(value):
                if not isinstance(hand, list) or len(hand) != 13:
                    raise self.fail(f"start_kyoku: seat {seat}'s dealt hand is a list of 13 tiles", number)
                dealt[seat] = [self.tile(p, number, "tehais") for p in hand]
        deal = _Deal(number, dealer, dealt, sticks=[0] * self.n)
        deal.indicators.append(self.tiles({**event, "dora_marker": [event.get("dora_marker")]}, "dora_marker", 1,
                                          number)[0])
        bakaze = event.get("bakaze")
        if bakaze is not None and bakaze not in _WINDS:
            raise self.fail(f"start_kyoku: \"bakaze\" is E, S, W or N; found {str(bakaze)[:20]!r}", number)
        if not self.deals and bakaze is not None:
            self.first_round = _WINDS[bakaze]
        deal.wind = bakaze
        scores = self.ints(event, "scores", self.n, number)
        for key in ("kyoku", "honba", "kyotaku"):
            value = event.get(key)
            if value is not None and (type(value) is not int or not 0 <= value <= 1000):
                raise self.fail(f"start_kyoku: \"{key}\" is a whole number; found {str(value)[:20]!r}", number)
        if scores is not None:
            deal.record["start"] = list(scores)
        self.deals.append(deal)

    def haipai(self, event: dict[str, Any], number: int) -> None:
        deal = self.deals[-1] if self.deals else None
        if deal is None or deal.closed or deal.moves:
            raise self.fail("haipai outside the start of a deal", number)
        seat = self.seat(event, "actor", number)
        if deal.dealt[seat]:
            raise self.fail(f"a second dealt hand (haipai) for seat {seat}", number)
        deal.dealt[seat] = [self.tile(p, number, "pais") for p in self.tiles(event, "pais", 13, number)]

    def move(self, deal: _Deal, event: dict[str, Any], number: int) -> None:
        kind = event["type"]
        moves = deal.moves
        last = moves[-1] if moves else None
        place, text = f"line {number}", _said(event)
        if kind == "dora":
            deal.indicators.append(self.tiles({**event, "m": [event.get("dora_marker")]}, "m", 1, number)[0])
            return
        if kind == "ryukyoku":
            self.ryukyoku(deal, event, number)
            return
        actor = self.seat(event, "actor", number)
        if kind == "tsumo":
            tile = self.tile(event.get("pai"), number)
            if not moves and actor == deal.dealer and len(deal.dealt[actor]) == 13:
                deal.dealt[actor].append(tile)  # the dealer's first draw: its fourteenth dealt tile
                return
            verb = "replacement" if last is not None and last.seat == actor and (
                last.verb == "kong" or last.action == "declare_bonus") else "draw"
            moves.append(Move(actor, verb, (tile,), place, text))
        elif kind == "dahai":
            moves.append(Move(actor, "discard", (self.plain(event.get("pai"), number),), place, text,
                              marked=self.red((event.get("pai"),), number)))
        elif kind in ("chi", "pon", "daiminkan"):
            target = self.seat(event, "target", number)
            tile = self.plain(event.get("pai"), number)
            consumed = [self.plain(p, number, "consumed")
                        for p in self.tiles(event, "consumed", 3 if kind == "daiminkan" else 2, number)]
            if last is None or last.verb != "discard" or last.seat != target or last.tiles[0] != tile:
                raise self.fail(f"{kind}: a call of seat {target}'s discard of {event.get('pai')}, which is not the "
                                "last discard", number)
            if target == actor:
                raise self.fail(f"{kind}: a seat calls its own discard", number)
            verb = {"chi": "chow", "pon": "pung", "daiminkan": "kong"}[kind]
            moves.append(Move(actor, verb, tuple(sorted((*consumed, tile))) if verb == "chow" else (tile,), place,
                              text, marked=() if verb == "kong" else self.red(event.get("consumed") or (), number)))
        elif kind == "ankan":
            consumed = [self.plain(p, number, "consumed") for p in self.tiles(event, "consumed", 4, number)]
            moves.append(Move(actor, "kong", (consumed[0],), place, text))
        elif kind == "kakan":
            moves.append(Move(actor, "kong", (self.plain(event.get("pai"), number),), place, text))
        elif kind == "reach":
            moves.append(Move(actor, "plugin", (), place, text, action="riichi"))
        elif kind in (NUKIDORA, KITA):  # a North set aside: the bonus_declaration mechanism's action
            if self.n == PLAYERS:
                raise self.fail(f"{kind}: a North set aside, a three-player game's move, in a four-player game",
                                number)
            pai = event.get("pai", "N")
            if pai != "N":
                raise self.fail(f"{kind}: the tile set aside is the North, N; found {str(pai)[:20]!r}", number)
            moves.append(Move(actor, "plugin", (self.tile(pai, number),), place, text, action="declare_bonus"))
        elif kind == "reach_accepted":
            deal.sticks[actor] += 1
        elif kind == "hora":
            self.hora(deal, event, actor, number)

    def hora(self, deal: _Deal, event: dict[str, Any], actor: int, number: int) -> None:
        target = self.seat(event, "target", number)
        moves = deal.moves
        last = next((m for m in reversed(moves) if m.verb != "win"), None)
        if target == actor:
            if last is None and actor == deal.dealer:
                tile = deal.dealt[actor][-1]  # a win on the dealer's first draw
            elif last is None or last.seat != actor or last.verb not in ("draw", "replacement"):
                raise self.fail(f"hora: seat {actor} wins on its own draw, but did not draw last", number)
            else:
                tile = last.tiles[0]
        else:
            if last is None or last.seat != target or not (last.verb in ("discard", "kong")
                                                            or last.action == "declare_bonus"):
                raise self.fail(f"hora: seat {actor} wins on seat {target}'s tile, but seat {target} did not "
                                "discard, add a kong or set a North aside last", number)
            tile = last.tiles[0]
        if "pai" in event and self.plain(event["pai"], number) != _plays_as(tile, self.preset):
            raise self.fail(f"hora: the winning tile {event['pai']} is not the tile seat "
                            f"{actor} {'drew' if target == actor else 'won on'}", number)
        moves.append(Move(actor, "win", (_plays_as(tile, self.preset),), f"line {number}", _said(event)))
        ura = event.get("ura_markers")
        if ura is not None:
            if not isinstance(ura, list) or len(ura) > 5:
                raise self.fail("hora: \"ura_markers\" is a list of at most 5 tiles", number)
            for pai in ura:
                self.tile(pai, number, "ura_markers")
            if ura and not deal.ura:
                deal.ura = list(ura)
        wins = deal.record.setdefault("wins", [])
        wins.append({"winner": actor, "from": None if target == actor else target})
        deal.record["end"] = "win"
        self.deltas(deal, event, number)
        deal.ended = True

    def ryukyoku(self, deal: _Deal, event: dict[str, Any], number: int) -> None:
        reason = event.get("reason", "fanpai")
        if reason not in DRAWS:
            raise self.fail(f"ryukyoku: the reason {str(reason)[:30]!r} is none of mjai's ({', '.join(DRAWS)})",
                            number)
        deal.record["end"] = DRAWS[reason]
        deal.record["wins"] = []
        self.deltas(deal, event, number)
        deal.ended = True

    def deltas(self, deal: _Deal, event: dict[str, Any], number: int) -> None:
        deltas = self.ints(event, "deltas", self.n, number)
        if deltas is None:
            return
        if sum(deltas) + STICK * sum(deal.sticks) < 0 or sum(deltas) > STICK * 1000:
            raise self.fail(f"{event['type']}: the deltas {deltas} take more than the sticks on the table", number)
        before = deal.record.get("deltas", [0] * self.n)
        deal.record["deltas"] = [a + b for a, b in zip(before, deltas, strict=True)]

    def finish(self, event: dict[str, Any], number: int) -> ImportedGame:
        if not self.deals:
            raise self.fail("end_game with no deal played", number)
        if not self.deals[-1].closed:
            raise self.fail("end_game inside a deal (no end_kyoku before it)", number)
        started = self.started
        assert started is not None
        names = _names(started.get("names"), self.n)
        recorded = _recorded(self.deals)
        deals = [ImportedDeal(f"line {d.line}", tuple(tuple(h) for h in d.dealt), tuple(d.moves), dealer=d.dealer,
                          indicators=tuple(code_of(t) for t in d.indicators),
                              ura=tuple(code_of(t) for t in d.ura)) for d in self.deals]
        ident = _game_id(self.source) + (f"-{self.games + 1}" if self.games else "")
        game = ImportedGame("mjai", ident, self.preset, names, list(deals), recorded, self.source,
                            f"line {self.start_line}", self.first_round)
        if self.ruleset is None and all(d.wind == "E" for d in self.deals):
            from .tenhou6 import east_only_text  # an East-only game: the preset's house rule of one round

            game.ruleset_text = east_only_text(self.preset, load_ruleset(self.preset).version)
        self.games += 1
        self.started, self.deals, self.first_round = None, [], 0
        self.n, self.preset = PLAYERS, PRESET
        return game


def _plays_as(kind: int, preset: str = PRESET) -> int:
    """A red five's playing kind (the plain five); any other kind itself."""
    code = _codes(preset)[kind]
    return _kinds(preset)["5" + code[1]] if code[0] == "0" else kind


@cache
def _codes(preset: str = PRESET) -> dict[int, str]:
    return {kind: code for code, kind in _kinds(preset).items()}


def _said(event: dict[str, Any]) -> str:
    """A message as the log wrote it, shortened, for messages about it."""
    from mahjong_core import canonical

    return canonical(event)[:120]


def _names(names: object, seats: int = PLAYERS) -> list[str]:
    out: list[str] = []
    for seat in range(seats):
        raw = names[seat] if isinstance(names, list) and seat < len(names) and isinstance(names[seat], str) else ""
        name = raw.strip()[:60] or f"seat {seat}"
        while name in out:
            name += "'"
        out.append(name)
    return out


def _recorded(deals: Sequence[_Deal]) -> dict[str, Any]:
    """The log's own result: each deal's end and winners, and where the log gives them (the modern dialect),
    the points at its start and after it (the start, the deltas, less each declaration's stick)."""
    out = []
    for deal in deals:
        record: dict[str, Any] = {"end": deal.record.get("end"), "wins": deal.record.get("wins", [])}
        if "start" in deal.record and "deltas" in deal.record:
            record["start"] = deal.record["start"]
            record["deltas"] = deal.record["deltas"]
            record["scores"] = [s + d - STICK * n for s, d, n in
                                zip(deal.record["start"], deal.record["deltas"], deal.sticks, strict=True)]
        out.append(record)
    recorded: dict[str, Any] = {"deals": out}
    if out and "scores" in out[-1]:
        recorded["final"] = list(out[-1]["scores"])
        if "start" in out[0]:  # the game's result, where the log gives the points it began with
            recorded["deltas"] = [s - out[0]["start"][i] for i, s in enumerate(out[-1]["scores"])]
    return recorded


def _game_id(source: str) -> str:
    """The game's id: the file's name without its folder and its suffixes."""
    stem = source.replace("\\", "/").rsplit("/", 1)[-1]
    for suffix in (".jsonl", ".json", ".mjson", ".log", ".golden", ".mjlog"):
        stem = stem.removesuffix(suffix)
    stem = re.sub(r"[^0-9A-Za-z_.-]", "_", stem)[:100]
    return stem or "game"


# -- writing: any riichi game of ours as a modern mjai log ------------------------------------------------------------

#: Our abortive draws by mjai's (gimite's) reasons.
_REASONS = {ours: theirs for theirs, ours in DRAWS.items() if ours != "exhaustive_draw"}


def export_events(header: dict[str, Any], events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """A riichi game of ours (a log's header and events) as modern mjai messages (see :class:`MjaiWriter`).

    The figures are the platform's where the log is an imported game that records them (so import, export and
    import again give the same log), ours otherwise.
    """
    seats = len(header["seats"])
    if seats not in (3, PLAYERS):
        raise FormatError(f"mjai writes games of four seats, or three (the fourth empty); this game seats {seats}",
                          source="the log")
    recorded = (header.get("source") or {}).get("recorded") or {}
    writer = MjaiWriter(int(header.get("starting_points", 0)), recorded.get("deals") or [], seats)
    out: list[dict[str, Any]] = [{"type": "start_game", "names": writer.pad([s["name"] for s in header["seats"]], "")}]
    for n, event in enumerate(events):
        after = events[n + 1] if n + 1 < len(events) else {}
        if event.get("type") == "decision" and timed_out(event, after):
            continue  # overran its limit: the timeout that follows names the move made
        out += writer.feed(timeout_move(event))
    return out


def timed_out(decision: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether ``after`` is the ``timeout`` that replaces ``decision`` (the engine logs it right after)."""
    return after.get("type") == "timeout" and after.get("seat") == decision.get("actor") and \
        after.get("what") in ("move", "claim")


def timeout_move(event: dict[str, Any]) -> dict[str, Any]:
    """A move's or a claim's ``timeout`` as the decision the ruleset made for the seat; any other event as it is."""
    if event.get("type") != "timeout" or event.get("what") not in ("move", "claim"):
        return event
    return {"type": "decision", "actor": event["seat"], "phase": "turn" if event["what"] == "move" else "claim",
            **{k: event[k] for k in ("action", "tile", "tiles", "way") if k in event}}


class MjaiWriter:
    """Our events, one at a time, as mjai messages: the export's writer, and an mjai seat's view as it happens.

    Each deal is ``start_kyoku`` (the round, dealer, honba, sticks, points and the 13 tiles dealt each seat; the
    dealer's fourteenth is its first ``tsumo``), then the moves in order, the result (``hora`` per winner,
    ``ryukyoku``) and ``end_kyoku``.  The copy of a tile a move gives up (a red five or a plain one) is the one
    the rules give up: a plain copy first, as the engine does.  A seat's view hides the other seats' tiles
    (``?``): a hidden hand gives up the tile the event names.  A deal's ``deltas`` are each seat's change of
    points in it, a declaration's stick added back (mjai pays it at ``reach_accepted``, written once the
    declaring discard passed), or the platform's (``recorded``, an imported game's deals).  Where several seats
    win one discard, the first ``hora`` carries the deal's deltas and the others zeros.

    A three-player game is written as libriichi3p and Akagi write one (see the module docstring): mjai's four seats,
    the fourth empty (no name, 0 points and changes, 13 ``?`` dealt), and a North set aside as ``nukidora``.

    :param points: each seat's points as the game starts.
    :param recorded: the platform's deals, whose ``start`` and ``deltas`` are written where they are given.
    :param seats: the seats the game fills, four or three.
    """

    def __init__(self, points: int, recorded: Sequence[dict[str, Any]] = (), seats: int = PLAYERS):
        self.seats = seats
        self.points = [points] * seats
        self.recorded = recorded
        self.pot = 0
        self.honba = 0
        self.number = -1
        self.hands: list[list[str]] = [[] for _ in range(seats)]
        self.melds: list[dict[str, list[str]]] = [{} for _ in range(seats)]
        self.pending: dict[str, Any] | None = None
        self.start: list[int] = []
        self.accepted = [0] * seats
        self.declared: int | None = None
        self.last_drawn: list[str | None] = [None] * seats
        self.last_discard = ""
        self.wins: list[dict[str, Any]] = []
        self.ended: str | None = None

    def resize(self, seats: int) -> None:
        """Write a game of ``seats`` seats (an mjai seat's writer learns it from the table's first deal)."""
        self.seats = seats
        self.points = (self.points + [self.points[0]] * seats)[:seats] if self.points else [0] * seats
        self.hands, self.melds = [[] for _ in range(seats)], [{} for _ in range(seats)]
        self.accepted, self.last_drawn = [0] * seats, [None] * seats

    def pad(self, values: Sequence[Any], empty: Any) -> list[Any]:
        """A list by seat as mjai's four seats: a three-player game's with the empty fourth seat's ``empty``."""
        return list(values) + [empty] * (PLAYERS - len(values))

    def take(self, seat: int, code: str, *, chosen: bool = False) -> str:
        """The copy the rules give up for a tile of ``code``'s kind: a red five the log names as given up (the
        player's choice: a discard written ``0s``, a claim's ``marked``), else a plain one first, else the red one
        (a hidden hand gives up the tile named)."""
        hand = self.hands[seat]
        plain = _plain(code)
        red = "0" + plain[1] if plain[0] == "5" and plain[1] in "mps" else plain
        for choice in ((red, plain) if chosen or code[0] == "0" else (plain, red)):
            if choice in hand:
                hand.remove(choice)
                return choice
        if "?" in hand:
            hand.remove("?")
            return code
        raise FormatError(f"seat {seat} gives up {code}, which its hand does not hold", source="the log")

    def _accept(self, out: list[dict[str, Any]]) -> None:
        if self.declared is not None:
            out.append({"type": "reach_accepted", "actor": self.declared})
            self.accepted[self.declared] += 1
            self.declared = None

    def flush(self) -> list[dict[str, Any]]:
        """The deal's start, if it is still held back (a seat about to decide is told it first)."""
        out: list[dict[str, Any]] = []
        if self.pending is not None and self.pending["tehais"] is not None:
            self._start(out, None)
        return out

    def _start(self, out: list[dict[str, Any]], event: dict[str, Any] | None) -> None:
        """Write the held ``start_kyoku`` and the dealer's first ``tsumo``: the dealt tile it discards or wins
        with first where the next event says so (a heavenly hand's winning tile must be the drawn one), else
        the last of its fourteen."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        dealer = pending["oya"]
        tehais: list[list[str]] = [list(h) for h in self.hands]
        first: str | None = None
        if len(tehais[dealer]) > 13:
            wanted = None
            if event is not None and event.get("type") == "mahjong" and event.get("seat") == dealer:
                wanted = str(event.get("tile"))
            elif event is not None and event.get("type") == "decision" and event.get("actor") == dealer \
                    and event.get("action") in ("discard", "win"):
                wanted = str(event.get("tile"))
            hand = tehais[dealer]
            match = [c for c in hand if c == wanted] or [c for c in hand if wanted and _plain(c) == _plain(wanted)]
            first = match[0] if match else hand[-1]
            hand.remove(first)
        pending["tehais"] = self.pad([[mjai_tile(c) for c in h] for h in tehais], ["?"] * 13)
        out.append(pending)
        if first is not None:
            out.append({"type": "tsumo", "actor": dealer, "pai": mjai_tile(first)})
            self.last_drawn[dealer] = first

    def feed(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        """The mjai messages one of our events makes (none for most of the table's own bookkeeping)."""
        out: list[dict[str, Any]] = []
        kind = event.get("type")
        if self.pending is not None and self.pending["tehais"] is not None and kind not in (
                "hands", "dora_indicator_shown"):
            self._start(out, event)
        handler = getattr(self, f"_on_{kind}", None)
        if handler is not None:
            handler(event, out)
        return out

    def _on_deal_start(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        self.number += 1
        dealer = int(event["dealer"])
        n = self.seats
        self.hands, self.melds = [[] for _ in range(n)], [{} for _ in range(n)]
        self.accepted, self.declared, self.wins, self.ended = [0] * n, None, [], None
        self.last_drawn = [None] * n
        record = self.recorded[self.number] if self.number < len(self.recorded) else {}
        self.start = list(record.get("start", self.points))
        self.pending = {"type": "start_kyoku", "bakaze": "ESWN"[int(event.get("prevalent_wind", 0)) % 4],
                        "dora_marker": "", "kyoku": dealer % n + 1, "honba": self.honba,
                        "kyotaku": self.pot // STICK, "oya": dealer, "scores": self.pad(self.start, 0),
                        "tehais": None}

    def _on_hands(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        self.hands = [list(h) for h in event["hands"]]
        assert self.pending is not None
        self.pending["tehais"] = []  # written as the deal's first move is known (_start)

    def _on_dora_indicator_shown(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        if self.pending is not None and not self.pending["dora_marker"]:
            self.pending["dora_marker"] = mjai_tile(event["tile"])
        else:
            out.append({"type": "dora", "dora_marker": mjai_tile(event["tile"])})

    def _on_draw(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        self._accept(out)
        seat = int(event["seat"])
        self.hands[seat].append(event["tile"])
        self.last_drawn[seat] = event["tile"]
        out.append({"type": "tsumo", "actor": seat, "pai": mjai_tile(event["tile"])})

    _on_replacement = _on_draw

    def _on_decision(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        seat = int(event["actor"])
        if event.get("action") == "discard":
            given = self.take(seat, event["tile"])
            out.append({"type": "dahai", "actor": seat, "pai": mjai_tile(given),
                        "tsumogiri": given == self.last_drawn[seat]})  # set from a draw to its discard only
            self.last_drawn[seat] = None
            self.last_discard = given
        elif event.get("action") == "riichi":
            out.append({"type": "reach", "actor": seat})
            self.declared = seat
        elif event.get("action") == "declare_bonus":  # a North set aside; its replacement is the next tsumo
            self.take(seat, str(event.get("tile", "4z")))
            out.append({"type": NUKIDORA, "actor": seat, "pai": mjai_tile(str(event.get("tile", "4z")))})
            self.last_drawn[seat] = None
        elif event.get("action") == "kong" and event.get("phase") == "turn":
            # the decision, not the table's kong event: an added kong robbed by a win never stands
            self._kong(seat, str(event.get("tile", "?")), event.get("way") == "concealed", out)

    def _on_claim(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        self._accept(out)
        seat, verb = int(event["seat"]), event.get("kind")
        name = {"chow": "chi", "pung": "pon", "kong": "daiminkan"}.get(str(verb))
        if name is None:
            raise FormatError(f"a claim of kind {verb!r}, which mjai has no message for", source="the log",
                              place=f"event {event.get('n')}")
        tiles = list(event.get("tiles", ()))
        called = next((t for t in tiles if _plain(t) == _plain(self.last_discard)), None)
        if called is not None:
            tiles.remove(called)
        marked = list(event.get("marked", ()))  # the red copies the caller chose to give up
        consumed = []
        for t in tiles:
            chosen = t in marked
            if chosen:
                marked.remove(t)
            consumed.append(self.take(seat, t, chosen=chosen))
        out.append({"type": name, "actor": seat, "target": int(event["discarder"]),
                    "pai": mjai_tile(self.last_discard), "consumed": [mjai_tile(t) for t in consumed]})
        if name == "pon":
            self.melds[seat][_plain(self.last_discard)] = [*consumed, self.last_discard]

    def _kong(self, seat: int, code: str, concealed: bool, out: list[dict[str, Any]]) -> None:
        if concealed:
            consumed = [self.take(seat, code) for _ in range(4)]
            out.append({"type": "ankan", "actor": seat, "consumed": [mjai_tile(t) for t in consumed]})
        else:
            pung = self.melds[seat].pop(_plain(code), [])
            added = self.take(seat, code)
            out.append({"type": "kakan", "actor": seat, "pai": mjai_tile(added),
                        "consumed": [mjai_tile(t) for t in pung]})

    def _on_mahjong(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        seat = int(event["seat"])
        giver = event.get("discarder")
        self.wins.append({"type": "hora", "actor": seat, "target": seat if giver is None else int(giver),
                          "pai": mjai_tile(str(event["tile"])), "deltas": [], "ura_markers": []})
        self.declared = None  # a declaration won on is never accepted (the stick is the rules' to pay or void)

    def _on_ura_dora_shown(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        for win in self.wins:
            win["ura_markers"] = [mjai_tile(t) for t in event.get("tiles", ())]

    def _on_exhaustive_draw(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        self._accept(out)
        self.ended = "fanpai"

    def _on_abortive_draw(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        self._accept(out)
        self.ended = _REASONS.get(str(event.get("reason")), "fanpai")

    def _on_payment(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        amount = int(event["amount"])
        payer, payee = event.get("payer"), event.get("payee")
        if isinstance(payer, int):
            self.points[payer] -= amount
        else:
            self.pot -= amount
        if isinstance(payee, int):
            self.points[payee] += amount
        else:
            self.pot += amount

    def _on_settlement(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        for payer, payee, amount, _reason in event.get("payments", ()):
            self.points[payer] -= amount
            self.points[payee] += amount

    def _on_counter(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        if event.get("name") == "honba":
            self.honba = int(event.get("value", 0))

    def _on_deal_end(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        record = self.recorded[self.number] if self.number < len(self.recorded) else {}
        deltas = record.get("deltas") or [p - s + STICK * n for p, s, n in
                                          zip(self.points, self.start, self.accepted, strict=True)]
        if self.wins:
            for i, win in enumerate(self.wins):
                win["deltas"] = self.pad(deltas if i == 0 else [0] * self.seats, 0)
                out.append(win)
        else:
            draw: dict[str, Any] = {"type": "ryukyoku"}
            if self.ended not in (None, "fanpai"):
                draw["reason"] = self.ended
            draw["deltas"] = self.pad(deltas, 0)
            out.append(draw)
        out.append({"type": "end_kyoku"})

    def _on_game_end(self, event: dict[str, Any], out: list[dict[str, Any]]) -> None:
        out.append({"type": "end_game"})


def _plain(code: str) -> str:
    return "5" + code[1] if code[0] == "0" else code


def export_log(path: str) -> str:
    """The modern-dialect mjai of the log at ``path`` (read strictly: a corrupt log is refused at its line).

    :raises MahjongError: for a log that does not read, or a game mjai cannot hold, naming the log.
    """
    log = read_log(path)
    refused = not_a_riichi_log(log.header, "mjai holds")
    if refused is not None:
        raise MahjongError(f"cannot be written as mjai: {refused}", source=path, place="line 1")
    try:
        return export_text(log.header, list(log.events))
    except MahjongError as exc:
        raise MahjongError(f"cannot be written as mjai: {exc.message}", source=path, place=exc.place) from None


def export_text(header: dict[str, Any], events: Sequence[dict[str, Any]]) -> str:
    """:func:`export_events` as the text of an mjai log: one compact JSON object a line, keys in mjai's order."""
    import json

    return "".join(json.dumps(m, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for m in export_events(header, events))
