"""An installed bot of ours played as an mjai program (``mahjong mjai-bot NAME``): mjai messages in, its moves out.

The program reads the messages of gimite's mjai protocol (the modern dialect, as
:class:`mahjong_formats.mjai.MjaiWriter` writes them and Mortal's libriichi
reads them), one JSON object a line on standard input, and writes exactly one
line on standard output for each: ``{"type":"none"}``, or, where the message
offers its seat a decision, the bot's move (``dahai`` with ``tsumogiri``,
``reach``, ``hora``, ``chi``/``pon``/``daiminkan`` with ``consumed``,
``ankan``, ``kakan``).

**How the seat's options are found.**  A seat is told only what it may see:
its own tiles, every seat's discards, calls, declarations and the dora
indicators, and ``?`` for the others' draws and dealt hands.  The options of
our bots come from the engine, and the engine plays from a complete table.
So at each message that may ask the seat something (its own draw, its own
declaration or call, another seat's discard or added kong) the deal so far
is played again through the engine itself, from its ``start_kyoku`` (the
dealer, the round, the points, the honba and the sticks as the message
gives them, :class:`mahjong_core.Game`'s ``opening``), every seat making the
moves the messages record (:class:`mahjong_core.MovesPlayer`, as an
imported game is played), until the engine asks this seat: those are its
legal options, found by the same code that offers them in a game of ours
(furiten, riichi's lock, the tiles left on the wall, every plugin of the
ruleset included).  Playing the deal again is the one way to give every
plugin the state it keeps from the events (furiten's record of the tiles
gone by, riichi's flags) without a second, hand-written copy of each
plugin's bookkeeping.

**The tiles the seat cannot see** must be something for the engine to play
at all.  Each hidden tile is a slot: a tile the seat later gives up (a
discard, a call's tiles, a kong) is written into a slot of its hand --
the drawn tile's slot for a ``tsumogiri`` discard -- so the hands the engine
plays hold what the moves need when they need it; the slots never shown
are filled, for each re-play only, from the tiles nobody has seen, simples
first (the filling must not deal a hand the rules would end a deal for).
These made-up tiles are never shown to the bot: before it is asked, every
other seat's concealed tiles are emptied from the table it is given, and
the wall it is given is the observed wall of the tiles already drawn
(nothing beyond them).  A bot that would read another seat's concealed
tiles sees none; a bot that reads only its options, its own hand and the
public table plays as it would in a game of ours.

**Decisions match our own seat's.**  The bot is built as a simulation seats
it (``factory(Rng.from_seed(seed).derive("bot", seat))``, ``--seed``), and is
handed one table object for the whole game (its state refreshed at each
decision, the deal number the messages count, the game's judge of hands
reached through a proxy), so a bot that keeps notes on its table from one
decision to the next (the greedy bot's record of the tiles let go by since a
riichi) keeps them as it would at our table.

**Errors.**  A line that is not an mjai message (not JSON, not an object with
a ``type``, a tile or seat out of range), a message out of order (a move
before ``start_kyoku``, a discard of a tile the seat's hand cannot hold) or
moves the rules refuse is written as one line on standard error, ``mjai-bot:
line N: ...`` with what was expected, and answered ``{"type":"none"}``; the
message is then left out of the seat's record of the deal.  The program
never ends on bad input: an mjai server waits for an answer to every line,
and one line it cannot read must not cost the rest of the game.  Input that
is not UTF-8 is read with each bad byte replaced, and so fails as a
malformed line.  It ends (status 0) when its input ends.

Given a server's address (``mjsonp://HOST:PORT/ROOM``, which gimite's mjai
server appends to the player commands it starts), the same lines go over a
TCP connection to that server instead, its ``hello`` answered by a ``join``
of the room.

**Three players.**  A game of three (sanma) is read in either of the two
layouts the mjai reader takes (:mod:`mahjong_formats.mjai`): RiichiEnv's three
seats (``tehais`` and ``scores`` of three) with a North set aside named
``kita``, or libriichi3p's four seats, the fourth empty (its ``tehais`` 13
``?`` or none, its points 0), with ``nukidora``.  The game's first
``start_kyoku`` says which; the seat then answers in that layout's word --
``{"type":"kita"}`` or ``{"type":"nukidora"}``, with ``actor`` and ``pai: "N"``
-- when its bot sets a North aside, takes the replacement as its next
``tsumo``, and may win (``hora``) on a North another seat sets aside.  Without
``--ruleset`` a game of four is played under ``riichi_tenhou`` and a game of
three under ``sanma_tenhou``; a ruleset named for the other number of seats is
named as such at that ``start_kyoku``.

The old dialect (``haipai`` messages, no ``tehais``) is not read: the
servers and bots in use send the modern one.
"""

from __future__ import annotations

import re
import socket
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from mahjong_core import (
    Action,
    Game,
    MahjongError,
    MovesPlayer,
    MovesScript,
    Rng,
    Table,
    action_text,
    bot_factory,
    canonical,
    load_ruleset,
    loads,
    shanten,
)

from .mjai import KITA, MAX_LINE, NUKIDORA, PRESET_3P, STICK, code_of, mjai_tile, read_deal

__all__ = ["DEFAULT_RULESET", "MjaiBot", "MjaiInputError", "run"]

DEFAULT_RULESET = "riichi_tenhou"
PLAYERS = 4
NONE: dict[str, Any] = {"type": "none"}
_TILES = frozenset([f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["5mr", "5pr", "5sr"] + list("ESWNPFC"))
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
#: The messages that may ask the seat a decision, and the engine's phase it is asked in: its own (``True``) or
#: another seat's (``False``).
_ASKS = {("tsumo", True): "turn", ("reach", True): "turn", ("chi", True): "turn", ("pon", True): "turn",
         ("dahai", False): "claim", ("kakan", False): "rob_kong", ("ankan", False): "rob_kong",
         (KITA, False): "rob_kong", (NUKIDORA, False): "rob_kong"}
_CALLS = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4}


class MjaiInputError(MahjongError):
    """A message the seat cannot take: malformed, out of order, or refused by the rules."""


class _Asked(Exception):  # noqa: N818 -- a signal, not an error: the engine asked the seat, and it chose
    """Raised through the engine from the seat's player once the bot has chosen: the re-play goes no further."""

    def __init__(self, action: Action | None, options: list[Action], phase: str, failure: str | None = None):
        super().__init__()
        self.action, self.options, self.phase, self.failure = action, options, phase, failure


@dataclass(eq=False)
class _Slot:
    """One tile of a hand: its code where known (seen, or written in when the seat gave it up), else ``None``."""

    code: str | None = None


@dataclass
class _Deal:
    """The seat's record of one deal: its messages (tiles as slots), each seat's hand of slots, the calls."""

    start: dict[str, Any]
    number: int
    messages: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    hands: list[list[_Slot]] = field(default_factory=list)
    slots: list[_Slot] = field(default_factory=list)
    drawn: list[_Slot | None] = field(default_factory=lambda: [None] * PLAYERS)
    pungs: list[dict[str, list[str]]] = field(default_factory=lambda: [{} for _ in range(PLAYERS)])
    indicators: list[str] = field(default_factory=list)
    last_discard: tuple[int, str] | None = None
    over: bool = False
    #: Per seat whose ``reach`` awaits its declaring discard: nothing yet; then the slots of its hand after it.
    declared: dict[int, list[_Slot]] = field(default_factory=dict)
    #: The slots each seat was dealt or drew, in order (the order hidden slots are filled in, a hand at a time).
    owned: list[list[_Slot]] = field(default_factory=lambda: [[] for _ in range(PLAYERS)])
    reaching: set[int] = field(default_factory=set)
    #: The slots of each concealed kong laid face down (another seat's, whose kind the seat is not shown).
    face_down: list[list[_Slot]] = field(default_factory=list)


class _Judge:
    """The judge of hands lent to the bot: the current re-play's game's (``Table.judge``), whichever that is."""

    def __init__(self) -> None:
        self.current: Any = None
        self.actions: frozenset[str] = frozenset()
        self.ruleset: Any = None  # the re-play's, as the game's judge lends it (a card player reads its card)

    def wins(self, seat: int, hand: Any, how: str) -> bool:
        return bool(self.current.wins(seat, hand, how))


class _Seat(MovesPlayer):
    """This seat in a re-play: its recorded moves, then, once the record is spent, the bot's choice."""

    def __init__(self, name: str, script: MovesScript, owner: MjaiBot, phase: str):
        super().__init__(name, script)
        self.owner = owner
        self.phase = phase

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        script = self.script
        if script.decisions or script.draws or phase != self.phase:
            return super().choose(table, seat, options, phase)
        offered = list(options)
        try:
            chosen = self.owner.ask(table, seat, offered, phase)
        except MjaiInputError as exc:  # the bot failed: said as such, not taken for the engine's refusal
            raise _Asked(None, offered, phase, exc.message) from None
        raise _Asked(chosen, offered, phase)


class MjaiBot:
    """One seat of an mjai game played by the installed bot ``bot`` (see the module docstring).

    :param bot: the installed bot's name (``greedy``).
    :param ruleset: the ruleset the game is played under; ``None``: ``riichi_tenhou`` for a game of four seats,
        ``sanma_tenhou`` for a game of three (as its first ``start_kyoku`` shows).
    :param seed: the seed the bot's generator is derived from, as a simulation seeded ``seed`` derives it.
    :param factory: builds the bot instead of the installed bot's own factory, called the same way (a program
        that embeds a bot of its own, and the tests).
    """

    def __init__(self, bot: str, ruleset: str | None = None, seed: int | str = 0, *,
                 factory: Callable[..., Any] | None = None):
        #: The ruleset named for every game (``None``: chosen by each game's seats).
        self.named = ruleset
        self._use(load_ruleset(ruleset or DEFAULT_RULESET))
        if self.n not in (3, PLAYERS):
            raise MahjongError(f"mjai seats {PLAYERS} players, or three; ruleset {ruleset} seats {self.n}",
                               place="--ruleset")
        #: The word of a North set aside in this game's layout (``kita``: three seats; ``nukidora``: four, the
        #: fourth empty), ``None`` in a game of four.
        self.kita: str | None = None
        self.factory = factory if factory is not None else bot_factory(bot, place="NAME")
        self.bot_name = bot
        self.seed = seed
        #: The name and room a TCP server's ``hello`` is answered with (``join``).
        self.name, self.room = bot, "default"
        self.seat: int | None = None
        self.bot: Any = None
        self.deal: _Deal | None = None
        self.deals = 0
        self.view = Table(players=self.n)
        self.judge = _Judge()
        self.replays = 0

    def _use(self, ruleset: Any) -> None:
        """Play under ``ruleset``: its seats, and the codes and copies of its tile set."""
        self.ruleset = ruleset
        #: The seats the game fills: three or four.
        self.n = int(ruleset.param("players"))
        if self.n not in (3, PLAYERS):
            return
        probe = Game(ruleset, [MovesPlayer(f"seat-{i}", MovesScript([], [], _never)) for i in range(self.n)],
                     None, tile_source_factory=_never_wall)
        #: Every kind's notation code by kind index, and the copies of each the tile set holds.
        self.codes = list(probe.codes)
        #: The playing kind of each plain code (``5m``; a red five is read as its plain five), for shanten.
        self.kinds = {code: k for k, code in enumerate(self.codes) if code[1:] in ("m", "p", "s", "z")
                      and code[0] != "0"}
        self.copies = Counter(probe.codes[k] for k in probe.tile_set)

    def _layout(self, message: dict[str, Any]) -> None:
        """The seats of the game whose first ``start_kyoku`` this is, its word for a North set aside, its ruleset.

        :raises MjaiInputError: where the ruleset named seats another number, or this seat is not one of three.
        """
        tehais, scores = message.get("tehais"), message.get("scores")
        seats, word = PLAYERS, None
        if (isinstance(tehais, list) and len(tehais) == 3) or (isinstance(scores, list) and len(scores) == 3):
            seats, word = 3, KITA
        elif isinstance(tehais, list) and len(tehais) == PLAYERS and isinstance(tehais[3], list) and (
                tehais[3] == [] or (all(p == "?" for p in tehais[3]) and isinstance(scores, list)
                                    and len(scores) == PLAYERS and scores[3] == 0
                                    and all(type(v) is int and v > 0 for v in scores[:3]))):
            seats, word = 3, NUKIDORA
        if self.named is not None and seats != self.n:
            raise MjaiInputError(f"start_kyoku: the game seats {seats} players; --ruleset {self.named} seats "
                                 f"{self.n} (name a ruleset of {seats}, or none)")
        if self.named is None and seats != self.n:
            self._use(load_ruleset(PRESET_3P if seats == 3 else DEFAULT_RULESET))
        if self.seat is not None and self.seat >= seats:
            raise MjaiInputError(f"start_game: \"id\" {self.seat} is not a seat of this game of {seats} (0 to "
                                 f"{seats - 1})")
        self.kita = word
        self.view = Table(players=self.n)

    # -- one message ---------------------------------------------------------------------------------------------

    def answer_line(self, line: str, number: int) -> tuple[dict[str, Any], str | None]:
        """The answer to one line, and the error to report (``None`` where the line was taken)."""
        try:
            return self.answer(_decode(line, number), number), None
        except MjaiInputError as exc:
            return NONE, f"mjai-bot: line {number}: {exc.message}"

    def answer(self, message: dict[str, Any], number: int) -> dict[str, Any]:
        """The answer to one message (``{"type":"none"}`` unless it asks the seat a decision).

        :raises MjaiInputError: for a message the seat cannot take (the message is then not recorded).
        """
        kind = message["type"]
        if kind == "hello":  # a TCP server's greeting (gimite's mjsonp): the seat asks to join the room
            return {"type": "join", "name": self.name, "room": self.room}
        if kind == "start_game":
            seat = message.get("id")
            if type(seat) is not int or not 0 <= seat < PLAYERS:
                raise MjaiInputError(f"start_game: \"id\" is this program's seat, 0 to {PLAYERS - 1}; found "
                                     f"{seat!r}")
            self.seat, self.deal, self.deals = seat, None, 0
            self.bot = self.factory(Rng.from_seed(self.seed).derive("bot", seat), name=f"{self.bot_name}-{seat}")
            self.kita = None
            return NONE
        if self.seat is None:
            raise MjaiInputError(f"{kind} before start_game (expected start_game first, with this seat's \"id\")")
        if kind in ("end_game", "none", "error"):
            self.deal = None if kind == "end_game" else self.deal
            return NONE
        if kind == "start_kyoku":
            if self.deals == 0:
                self._layout(message)
            self.deal = self._start(message, number)
            self.deals += 1
            return NONE
        deal = self.deal
        if kind in ("hora", "ryukyoku", "end_kyoku"):
            if deal is not None:
                deal.over = True
            return NONE
        if deal is None or deal.over:
            raise MjaiInputError(f"{kind} outside a deal (expected start_kyoku before the deal's moves)")
        actor = _seat(message, "actor", self.n) if "actor" in message else None
        self._record(deal, message, number)
        phase = _ASKS.get((kind, actor == self.seat))
        if phase is None:
            return NONE
        return self._decide(deal, number, phase)

    # -- the seat's record of the deal ---------------------------------------------------------------------------

    def _start(self, message: dict[str, Any], number: int) -> _Deal:
        n = self.n
        _seat(message, "oya", n)  # the dealer the re-play opens with
        bakaze = message.get("bakaze", "E")
        if bakaze not in _WINDS:
            raise MjaiInputError(f"start_kyoku: \"bakaze\" is E, S, W or N; found {str(bakaze)[:20]!r}")
        for key in ("honba", "kyotaku"):
            value = message.get(key, 0)
            if type(value) is not int or not 0 <= value <= 1000:
                raise MjaiInputError(f"start_kyoku: \"{key}\" is a whole number from 0; found {str(value)[:20]!r}")
        scores = message.get("scores")
        padded = self.kita == NUKIDORA  # mjai's four seats, the fourth empty
        if padded and isinstance(scores, list) and len(scores) == PLAYERS and scores[n:] == [0] * (PLAYERS - n):
            scores = scores[:n]
        if scores is not None and not (isinstance(scores, list) and len(scores) == n
                                       and all(type(s) is int and abs(s) < 10**7 for s in scores)):
            raise MjaiInputError(f"start_kyoku: \"scores\" is {n} whole numbers" + (
                f" (or {PLAYERS}, the fourth 0)" if padded else "") + f"; found {str(scores)[:60]}")
        _tile(message.get("dora_marker"), "dora_marker")
        tehais = message.get("tehais")
        if padded and isinstance(tehais, list) and len(tehais) == PLAYERS and isinstance(tehais[3], list) and all(
                p == "?" for p in tehais[3]):
            tehais = tehais[:n]
        if not isinstance(tehais, list) or len(tehais) != n or not all(
                isinstance(h, list) and len(h) == 13 for h in tehais):
            raise MjaiInputError(f"start_kyoku: \"tehais\" is the {n} dealt hands of 13 tiles each" + (
                f" (or {PLAYERS}, the fourth empty)" if padded else "") + " (the modern dialect; the old one's "
                "haipai messages are not read)")
        start = dict(message, tehais=tehais)
        if scores is not None:
            start["scores"] = scores
        deal = _Deal(start, number, indicators=[str(message["dora_marker"])])
        for seat, hand in enumerate(tehais):
            own = seat == self.seat
            slots = [self._slot(deal, _maybe_tile(p, "tehais", hidden=not own)) for p in hand]
            deal.hands.append(slots)
            deal.owned[seat] = list(slots)
        deal.start["tehais"] = [list(h) for h in deal.hands]
        return deal

    def _slot(self, deal: _Deal, code: str | None) -> _Slot:
        slot = _Slot(code)
        deal.slots.append(slot)
        return slot

    def _record(self, deal: _Deal, message: dict[str, Any], number: int) -> None:
        """Check one move and add it to the deal's record, each hidden tile a slot; nothing is kept if it fails."""
        kind = message["type"]
        own = message.get("actor") == self.seat
        if kind == "dora":
            deal.indicators.append(_tile(message.get("dora_marker"), "dora_marker"))
            deal.messages.append((number, dict(message)))
            return
        set_aside = kind in (KITA, NUKIDORA)
        if set_aside and self.kita is None:
            raise MjaiInputError(f"{kind}: a North set aside, a three-player game's move, in a game of four seats")
        if kind not in ("tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "reach_accepted") \
                and not set_aside:
            raise MjaiInputError(f"{kind!r} is not an mjai message of a game (start_game, start_kyoku, tsumo, dahai, "
                                 "chi, pon, daiminkan, ankan, kakan, reach, reach_accepted, dora, hora, ryukyoku, "
                                 "end_kyoku, end_game; kita or nukidora in a game of three)")
        actor = _seat(message, "actor", self.n)
        hands = [list(h) for h in deal.hands]  # changed only once the whole move is taken
        hand = hands[actor]
        record = dict(message)
        drawn = deal.drawn[actor]
        written: list[tuple[_Slot, str]] = []
        if kind == "tsumo":
            slot = self._slot(deal, _maybe_tile(message.get("pai"), "pai", hidden=not own))
            hand.append(slot)
            deal.owned[actor].append(slot)
            record["pai"] = slot
            drawn = slot
        elif kind == "dahai":
            pai = _tile(message.get("pai"), "pai")
            tsumogiri = message.get("tsumogiri", False)
            if not isinstance(tsumogiri, bool):
                raise MjaiInputError(f"dahai: \"tsumogiri\" is true or false; found {str(tsumogiri)[:20]!r}")
            _give(hand, pai, actor, drawn, written)
            deal.last_discard = (actor, pai)
            drawn = None
        elif kind in _CALLS:
            consumed = message.get("consumed")
            if not isinstance(consumed, list) or len(consumed) != _CALLS[kind]:
                raise MjaiInputError(f"{kind}: \"consumed\" is the {_CALLS[kind]} tiles from the hand; found "
                                     f"{str(consumed)[:60]}")
            if kind == "ankan" and not own and consumed == ["?"] * 4:  # laid face down: its kind is made up
                group = _give_hidden(hand, actor, drawn)
                deal.face_down.append(group)
                record["consumed"] = group
                codes = []
            else:
                codes = [_tile(p, "consumed") for p in consumed]
            if kind != "ankan":
                target = _seat(message, "target", self.n)
                pai = _tile(message.get("pai"), "pai")
                if deal.last_discard != (target, pai) or target == actor:
                    raise MjaiInputError(f"{kind}: a call of seat {target}'s discard {pai}, which is not the last "
                                         "discard (expected a call of the discard just made)")
            for code in codes:
                _give(hand, code, actor, None, written)
            if kind == "pon":  # its tiles by kind, for the kakan that may follow
                deal.pungs[actor][_plain(code_of(str(message["pai"])))] = [*codes, str(message["pai"])]
            drawn = None
        elif kind == "kakan":
            pai = _tile(message.get("pai"), "pai")
            _give(hand, pai, actor, drawn, written)
            deal.pungs[actor].pop(_plain(code_of(pai)), None)
            drawn = None
        elif set_aside:  # the North, set aside; its replacement is the seat's next tsumo
            if message.get("pai", "N") != "N":
                raise MjaiInputError(f"{kind}: the tile set aside is the North, N; found "
                                     f"{str(message.get('pai'))[:20]!r}")
            record["pai"] = "N"
            _give(hand, "N", actor, drawn, written)
            drawn = None
        for slot, pai in written:
            slot.code = pai
        if kind == "reach":
            deal.reaching.add(actor)
        elif kind == "dahai" and actor in deal.reaching:
            deal.reaching.discard(actor)
            deal.declared[actor] = list(hand)
        deal.hands = hands
        deal.drawn[actor] = drawn
        deal.messages.append((number, record))

    # -- a decision ----------------------------------------------------------------------------------------------

    def _decide(self, deal: _Deal, number: int, phase: str) -> dict[str, Any]:
        """Play the deal so far through the engine until it asks this seat; the bot's move, or ``none``."""
        messages = self._full(deal)
        source = "the mjai messages"
        from .common import FormatError

        try:
            imported = read_deal(messages, source)
        except FormatError as exc:
            raise MjaiInputError(f"the deal so far does not read as mjai ({exc.message}, {exc.place})") from None
        assert self.seat is not None

        def locate(message: str, place: str) -> MahjongError:
            return MjaiInputError(message, place=place)

        script = MovesScript([imported], [f"seat-{i}" for i in range(self.n)], locate)
        players: list[Any] = [_Seat(f"seat-{i}", script, self, phase) if i == self.seat
                              else MovesPlayer(f"seat-{i}", script) for i in range(self.n)]
        start = deal.start
        opening = {"dealer": start["oya"], "pot": STICK * int(start.get("kyotaku", 0)),
                   "counters": {"honba": int(start.get("honba", 0))} if start.get("honba") else {}}
        if start.get("scores") is not None:
            opening["scores"] = list(start["scores"])
        self.replays += 1
        try:
            game = Game(self.ruleset, players, None, emit=script.seen, max_deals=1,
                        tile_source_factory=script.wall, first_round=_WINDS[start.get("bakaze", "E")],
                        opening=opening)
            game.play()
        except _Asked as asked:
            if asked.failure is not None:
                raise MjaiInputError(asked.failure) from None
            return self._move(deal, asked.action, asked.options, asked.phase)
        except MahjongError as exc:
            if not script.decisions and not script.draws:
                return NONE  # the record is spent and the engine asked another seat, or the wall: not this seat's
            where = script.place(exc.place)
            raise MjaiInputError(f"the rules of {self.ruleset.id} refuse the deal as the messages give it, at "
                                 f"{where}: {exc.message}") from None
        return NONE

    def ask(self, table: Table, seat: int, options: list[Action], phase: str) -> Action:
        """The bot's choice among ``options``, on a table that holds nothing this seat may not see."""
        view = self.view
        for other, s in enumerate(table.seats):
            if other != seat:  # the made-up tiles of the others' hands are no one's to see
                s.counts = [0] * len(s.counts)
                s.marked, s.held_jokers, s.shanten_memo = [], [], None
        judge = table.judge
        view.__dict__.update(vars(table))
        self.judge.current, self.judge.actions = judge, frozenset(judge.actions) if judge is not None else frozenset()
        self.judge.ruleset = judge.ruleset if judge is not None else None
        view.judge = self.judge
        view.deal_number = self.deals - 1
        try:
            action: Action = self.bot.choose(view, seat, options, phase)
        except MahjongError as exc:
            raise MjaiInputError(f"the bot {self.bot_name!r} failed: {exc.message}") from None
        except Exception as exc:  # a third-party bot must not end the program in its own traceback
            raise MjaiInputError(f"the bot {self.bot_name!r} failed: {type(exc).__name__}: {exc}") from None
        return action

    def _move(self, deal: _Deal, action: Action | None, options: list[Action], phase: str) -> dict[str, Any]:
        """The bot's action as an mjai answer, the copies given up named as the rules give them up."""
        seat = self.seat
        assert seat is not None and action is not None
        if (action.marking(()) if action.marked else action) not in options:
            raise MjaiInputError(f"the bot {self.bot_name!r} chose {action_text(action)}, which the rules do not "
                                 f"offer here; offered: {', '.join(action_text(o) for o in options)}")
        kind = action.kind
        hand = [s.code for s in deal.hands[seat] if s.code is not None]
        codes = self.codes
        marked = [codes[k] for k in action.marked]
        tile = codes[action.tile] if action.tile is not None else None
        if kind == "pass":
            return NONE
        if kind == "riichi":
            return {"type": "reach", "actor": seat}
        if kind == "declare_bonus" and self.kita is not None:
            return {"type": self.kita, "actor": seat, "pai": "N"}
        last = deal.last_discard
        if kind == "win":
            if phase == "turn":
                drawn = deal.drawn[seat]
                pai = drawn.code if drawn is not None and drawn.code is not None else mjai_tile(tile or "")
                return {"type": "hora", "actor": seat, "target": seat, "pai": pai}
            target, pai = last if last is not None and phase == "claim" else self._kong_target(deal)
            return {"type": "hora", "actor": seat, "target": target, "pai": pai}
        if kind == "discard":
            assert tile is not None
            drawn = deal.drawn[seat]
            given = _copy(hand, tile, chosen=tile in marked or bool(marked))
            return {"type": "dahai", "actor": seat, "pai": given,
                    "tsumogiri": drawn is not None and drawn.code == given and phase == "turn"}
        if kind in ("pung", "chow") or (kind == "kong" and action.way == "from_discard"):
            assert last is not None
            held = list(hand)
            consumed = []
            for k in action.tiles:
                code = codes[k]
                chosen = code in marked
                if chosen:
                    marked.remove(code)
                given = _copy(held, code, chosen=chosen)
                held.remove(given)
                consumed.append(given)
            name = {"pung": "pon", "chow": "chi"}.get(kind, "daiminkan")
            return {"type": name, "actor": seat, "target": last[0], "pai": last[1], "consumed": consumed}
        if kind == "kong" and action.way == "concealed":
            assert tile is not None
            same = [c for c in hand if _plain(code_of(c)) == _plain(tile)]
            return {"type": "ankan", "actor": seat, "consumed": same[:4]}
        if kind == "kong" and action.way == "added":
            assert tile is not None
            given = _copy(hand, tile, chosen=False)
            return {"type": "kakan", "actor": seat, "pai": given,
                    "consumed": deal.pungs[seat].get(_plain(tile), [])}
        raise MjaiInputError(f"the bot {self.bot_name!r} chose {action_text(action)}, which mjai has no message "
                             "for; answered none")

    def _kong_target(self, deal: _Deal) -> tuple[int, str]:
        """The seat and tile of the kong (or the North set aside) a win robs: the last message's."""
        _, message = deal.messages[-1]
        pai = message.get("pai") or (message.get("consumed") or ["?"])[0]
        return int(message["actor"]), str(pai)

    # -- the deal with every tile shown --------------------------------------------------------------------------

    def _full(self, deal: _Deal) -> list[tuple[int, dict[str, Any]]]:
        """The deal's messages with every hidden tile made up (see the module docstring), for one re-play."""
        seen: Counter[str] = Counter(code_of(s.code) for s in deal.slots if s.code is not None)
        seen.update(code_of(t) for t in deal.indicators)
        made: dict[int, str] = {}
        own = deal.owned[self.seat] if self.seat is not None else []
        for suit in "mps":  # a hidden hand's red five may be written as a plain one: one of them was the red
            plain, red = "5" + suit, "0" + suit
            while seen[plain] > self.copies[plain] and seen[red] < self.copies[red]:
                slot = next((x for x in reversed(deal.slots) if x.code == plain and id(x) not in made
                             and not any(x is y for y in own)), None)
                if slot is None:
                    break
                made[id(slot)] = mjai_tile(red)
                seen[plain] -= 1
                seen[red] += 1
        pool = Counter(self.copies)
        pool.subtract(seen)
        for group in deal.face_down:  # four of one kind nobody has seen, simples first
            if group[0].code is None:
                code = next((c for c in sorted(pool, key=_simples_first) if pool[c] >= 4), None)
                if code is None:
                    raise MjaiInputError("a concealed kong laid face down, but no kind has four copies unseen")
                for slot in group:
                    made[id(slot)] = mjai_tile(code)
                pool[code] -= 4
        for snapshot in deal.declared.values():  # a riichi declarer's hand was ready when it declared
            hidden = [s for s in snapshot if s.code is None and id(s) not in made]
            fill = _ready_fill(pool, [code_of(made.get(id(s), s.code) or "") for s in snapshot if s not in hidden],
                               len(hidden), self.kinds)
            for slot, code in zip(hidden, fill or (), strict=False):
                made[id(slot)] = mjai_tile(code)
                pool[code] -= 1
        order = _filling(pool)
        for slot in _interleaved(deal):  # a hand at a time, so every made-up hand gets its share of simples
            if slot.code is None and id(slot) not in made:
                if not order:
                    raise MjaiInputError("more tiles in play than the tile set holds (the messages show a kind "
                                         "more often than it has copies)")
                made[id(slot)] = mjai_tile(order.pop())

        def shown(value: Any) -> Any:
            if isinstance(value, _Slot):
                return made.get(id(value), value.code)
            if isinstance(value, list):
                return [shown(v) for v in value]
            return value

        start = {k: shown(v) for k, v in deal.start.items()}
        return [(deal.number, start)] + [(n, {k: shown(v) for k, v in m.items()}) for n, m in deal.messages]


def _filling(pool: Counter[str]) -> list[str]:
    """The unseen tiles in the order hidden slots take them (from the end): simples first, a kind at a time, so a
    made-up hand is not the nine terminals a rule ends a deal for, nor four of a kind."""
    kinds = sorted((c for c, k in pool.items() if k > 0), key=_simples_first)
    out: list[str] = []
    left = dict(pool)
    while any(left[c] > 0 for c in kinds):
        for code in kinds:
            if left[code] > 0:
                out.append(code)
                left[code] -= 1
    out.reverse()
    return out


def _simples_first(code: str) -> tuple[bool, bool, str]:
    return (code[1] == "z" or code[0] in "19", code[0] in "05", code)


def _give_hidden(hand: list[_Slot], actor: int, drawn: _Slot | None) -> list[_Slot]:
    """Take four hidden slots out of ``hand`` for a kong laid face down (the drawn tile's first)."""
    hidden = [s for s in hand if s.code is None]
    if drawn is not None and any(s is drawn for s in hidden):
        hidden.remove(drawn)
        hidden.insert(0, drawn)
    if len(hidden) < 4:
        raise MjaiInputError(f"seat {actor} lays a concealed kong face down, but its hand holds fewer than four "
                             "tiles not shown (expected four of one kind)")
    for slot in hidden[:4]:
        hand.remove(slot)
    return hidden[:4]


def _interleaved(deal: _Deal) -> list[_Slot]:
    """Every slot the seats were dealt or drew, taking one from each seat in turn."""
    rows = deal.owned
    return [row[i] for i in range(max(len(r) for r in rows)) for row in rows if i < len(row)]


#: The runs a made-up ready hand is built of, most often simples.
_RUNS = tuple((f"{n}{s}", f"{n + 1}{s}", f"{n + 2}{s}") for n in (2, 5, 3, 4, 6, 1, 7) for s in "mps")


def _ready_fill(pool: Counter[str], known: list[str], need: int, kinds: dict[str, int]) -> list[str] | None:
    """``need`` unseen tiles (notation codes) that with ``known`` make a ready hand -- sets and a single tile, read
    back by shanten -- or ``None`` where the unseen tiles make none (the re-play then names the declaration)."""
    if need % 3 != 1:
        return None
    # Kinds within two of a known tile are kept out, so the known tiles (a kong's three) read one way only and a
    # kong made of them leaves the waits as they were (riichi's lock).
    near = {f"{int(c[0]) + d}{c[1]}" for c in known if c[1] != "z" for d in range(-2, 3)} | set(known)
    left = Counter({c: n for c, n in pool.items() if n > 0 and c[:1] != "0" and c not in near})
    chosen: list[str] = []
    for _ in range(need // 3):
        group = next((run for run in _RUNS if all(left[c] > 0 for c in run)), None) or next(
            ((c, c, c) for c in sorted(left) if left[c] >= 3), None)
        if group is None:
            return None
        left.subtract(group)
        chosen += group
    single = next((c for c in sorted(left, key=lambda c: (c[1] == "z" or c[0] in "19", c)) if left[c] > 0), None)
    if single is None:
        return None
    chosen.append(single)
    counts = [0] * 34  # the standard set's playing kinds: shanten's own vector
    for code in [*known, *chosen]:
        counts[kinds[_plain(code)]] += 1
    try:
        return chosen if shanten(counts) == 0 else None
    except MahjongError:
        return None


def _give(hand: list[_Slot], pai: str, actor: int, prefer: _Slot | None, written: list[tuple[_Slot, str]]) -> None:
    """Take the tile ``pai`` out of ``hand``: the slot that shows it, else a hidden slot to be written as it
    (``prefer``, the drawn tile's, for a tsumogiri discard), added to ``written`` (written once the move is taken)."""
    slot = next((s for s in hand if s.code == pai), None)
    if slot is None and prefer is not None and prefer.code is None and any(s is prefer for s in hand):
        slot = prefer
    if slot is None:
        slot = next((s for s in hand if s.code is None), None)
    if slot is None:
        held = " ".join(sorted(str(s.code) for s in hand))
        raise MjaiInputError(f"seat {actor} gives up {pai}, which its hand ({held}) does not hold (expected a tile "
                             "of the hand)")
    if slot.code is None:
        written.append((slot, pai))
    hand.remove(slot)


def _copy(hand: Sequence[str], code: str, *, chosen: bool) -> str:
    """The mjai name of the copy of ``code``'s kind the seat gives up: the red five where chosen, or where no
    plain copy is left; a plain one first (the engine's order)."""
    plain = mjai_tile(_plain(code))
    red = plain + "r" if plain[0] == "5" and plain[1] in "mps" else plain
    for choice in ((red, plain) if chosen or code[0] == "0" else (plain, red)):
        if choice in hand:
            return choice
    return mjai_tile(code)


def _plain(code: str) -> str:
    return "5" + code[1] if code[:1] == "0" else code


def _tile(pai: object, what: str) -> str:
    """A tile the message must show (``5mr`` as itself)."""
    if not isinstance(pai, str) or pai not in _TILES:
        raise MjaiInputError(f"\"{what}\": {str(pai)[:20]!r} is not an mjai tile (expected 1m-9m, 1p-9p, 1s-9s, "
                             "E S W N P F C, 5mr 5pr 5sr)")
    return pai


def _maybe_tile(pai: object, what: str, *, hidden: bool) -> str | None:
    """A tile, or ``None`` for ``?`` where the seat is not shown it (``hidden``)."""
    if hidden and pai == "?":
        return None
    if not isinstance(pai, str) or pai not in _TILES:
        raise MjaiInputError(f"\"{what}\": {str(pai)[:20]!r} is not an mjai tile (expected 1m-9m, 1p-9p, 1s-9s, "
                             "E S W N P F C, 5mr 5pr 5sr" + (", or ? for a tile not shown)" if hidden else ")"))
    return pai


def _seat(message: dict[str, Any], key: str, seats: int = PLAYERS) -> int:
    value = message.get(key)
    if type(value) is not int or not 0 <= value < seats:
        raise MjaiInputError(f"{message['type']}: \"{key}\" is a seat, 0 to {seats - 1}; found {value!r}")
    return value


def _decode(line: str, number: int) -> dict[str, Any]:
    if len(line) > MAX_LINE:
        raise MjaiInputError(f"a line of {len(line):,} characters; an mjai message has at most {MAX_LINE:,}")
    try:
        message = loads(line)
    except ValueError as exc:
        raise MjaiInputError(f"not a JSON message ({exc}); expected one JSON object a line") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise MjaiInputError(f"expected a JSON object with a \"type\"; found {line.strip()[:60]!r}")
    return message


def _never(message: str, place: str) -> MahjongError:
    return MahjongError(message, place=place)


def _never_wall(game: Game) -> Any:
    raise MahjongError("the probe game deals no tiles")


def run(bot: str, ruleset: str | None = None, seed: int | str = 0, stdin: IO[str] | None = None,
        stdout: IO[str] | None = None, stderr: IO[str] | None = None, *, url: str | None = None,
        name: str | None = None) -> int:
    """Answer every line of ``stdin`` on ``stdout``, one line each, flushed; errors on ``stderr``.  Returns 0.

    :param url: ``mjsonp://HOST:PORT/ROOM``: play at gimite's TCP server there instead (the URL it appends to the
        commands it starts), the lines going over the connection, ``hello`` answered by ``join`` to ``ROOM``.
    :param name: the name the seat joins a TCP server's room with (the bot's name by default).
    :raises MahjongError: for a URL that is not ``mjsonp://HOST:PORT/ROOM``, or a server that cannot be reached.
    """
    stderr = stderr if stderr is not None else sys.stderr
    player = MjaiBot(bot, ruleset, seed)
    player.name = name or bot
    if url is None:
        return _answer_all(player, stdin if stdin is not None else sys.stdin,
                           stdout if stdout is not None else sys.stdout, stderr)
    host, port, player.room = _address(url)
    try:
        connection = socket.create_connection((host, port), timeout=None)
    except OSError as exc:
        raise MahjongError(f"cannot connect to {host}:{port}: {exc.strerror or exc}", place="URL") from None
    with connection, connection.makefile("r", encoding="utf-8", errors="replace", newline="\n") as lines, \
            connection.makefile("w", encoding="utf-8", newline="\n") as answers:
        return _answer_all(player, lines, answers, stderr)


def _answer_all(player: MjaiBot, lines: IO[str], answers: IO[str], stderr: IO[str]) -> int:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        answer, error = player.answer_line(line, number)
        if error is not None:
            print(error, file=stderr, flush=True)
        answers.write(canonical(answer) + "\n")
        answers.flush()
    return 0


def _address(url: str) -> tuple[str, int, str]:
    """The host, port and room of ``mjsonp://HOST:PORT/ROOM``."""
    match = re.fullmatch(r"mjsonp://([^:/]+):(\d{1,5})/([^/]+)", url)
    if match is None:
        raise MahjongError(f"{url!r} is not a server's address; expected mjsonp://HOST:PORT/ROOM", place="URL")
    return match[1], int(match[2]), match[3]
