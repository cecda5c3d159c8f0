"""A seat played by an external program that speaks mjai over its standard input and output (``--bots mjai:CMD``).

The program is started once per game.  It is told the game as its seat sees
it -- every event through :func:`mahjong_core.live_event_view` for that seat,
so never another seat's concealed tiles nor the wall -- written as mjai
messages by :class:`mahjong_formats.mjai.MjaiWriter`, one JSON object a line,
the first ``{"type":"start_game","id":SEAT}`` (:class:`SeatMessages`).  Each
``dahai`` carries its true ``tsumogiri`` flag, another seat's too: whether a
discard is the tile just drawn is seen by everyone at a table, though the tile
drawn is not, so the flag is taken from a second writer that reads the whole
events and whose messages are never sent.  As in gimite's mjai protocol,
it answers every message with one line: ``{"type":"none"}``, or, where the
message offers it a decision (its own ``tsumo``, its own ``reach``, another
seat's ``dahai`` or ``kakan``), its move: ``dahai`` (``pai``), ``reach``,
``hora``, ``chi``/``pon`` (``consumed``), ``daiminkan``, ``ankan``
(``consumed``), ``kakan`` (``pai``) or ``none`` (pass).

Each answer has a deadline: the ruleset's clock for the decision where it has
one (``seated_timing``: a move's or a claim's seconds), else
:data:`DEFAULT_SECONDS`; the answer to ``start_game`` at least :data:`STARTUP_SECONDS`, since it waits for
the program to start.  An answer that is not JSON, names no move the rules
offer, comes too late, or never comes because the program ended, is named on
standard error (the seat, the message, what came) and the seat plays the safe
move instead: the drawn tile discarded (tsumogiri) on its turn, a pass on
another's tile.  A program that was too late or ended is stopped and plays
safe moves for the rest of the game (its later lines would answer the wrong
messages).  The log records the moves played, safe ones included, under the
seat kind ``human`` -- a program outside the project cannot be seated again
from its name -- so the game re-plays and audits like a person's.

Reading with a deadline uses :func:`select.select` on the program's output
pipe: POSIX systems only.
"""

from __future__ import annotations

import os
import select
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from mahjong_core import (
    HIDE_MOST,
    Action,
    MahjongError,
    Table,
    Visibility,
    hookimpl,
    live_event_view,
    loads,
    refused_marking,
)

from .common import not_riichi
from .mjai import MjaiWriter, code_of, timeout_move

__all__ = ["DEFAULT_SECONDS", "STARTUP_SECONDS", "MjaiPlayer", "SeatMessages"]

#: The deadline of an answer where the ruleset sets no clock for the decision, in seconds.
DEFAULT_SECONDS = 5.0
#: The deadline of the answer to ``start_game``, in seconds: it includes the program's own start-up (an
#: interpreter importing its modules, a network loading its weights), which no clock of the rules is about.
STARTUP_SECONDS = 60.0
#: The longest answer line read (a move is under 200 characters).
MAX_ANSWER = 4096
#: The phases in which a seat decides on another seat's tile: the safe move there is a pass.
_ON_ANOTHERS = frozenset({"claim", "rob_kong", "declaration"})


class SeatMessages:
    """One seat's mjai messages made from our events as they happen: what its program is sent.

    The messages are written from each event as the seat may know it (:func:`mahjong_core.live_event_view`),
    so another seat's dealt hand and draws are ``?``.  One public fact that view cannot give is whether another
    seat's discard was the tile it had just drawn (mjai's ``tsumogiri``, which every mjai server sends for every
    seat): a second :class:`MjaiWriter` reads the whole events, as an export of the log would, and only that
    flag of its ``dahai`` is copied -- so a seat is told the flag the export writes, and nothing else of it.

    Where the ruleset keeps a clock, a decision that overran its limit does not stand: the ``timeout`` event that
    follows it says what the ruleset played instead, and that move is the one written.

    :param seat: the seat whose messages these are.
    :param visibility: the table's (:meth:`mahjong_core.Visibility.of`): its time limits and how a concealed
        kong lies; the default knows no limit and shows the least.
    """

    def __init__(self, seat: int, visibility: Visibility = HIDE_MOST):
        self.seat = seat
        self.visibility = visibility
        self.view = MjaiWriter(0)
        self.whole = MjaiWriter(0)  # every seat's tiles: its messages are never sent, only their flags read

    def feed(self, event: dict[str, Any], scores: Sequence[int] = ()) -> list[dict[str, Any]]:
        """The messages one event makes for the seat.

        :param scores: the table's points as the game's first deal starts (the writers' starting points).
        """
        kind = event.get("type")
        if kind == "deal_start" and self.view.number < 0 and scores:
            for writer in (self.view, self.whole):  # a three-player game: mjai's fourth seat written empty
                writer.resize(len(scores))
                writer.points = list(scores)
        if kind == "decision" and self.visibility.overran(event):
            return []  # replaced by the ruleset's timeout action, which the next event names
        event = timeout_move(event)  # the move the ruleset made for a seat whose time ran out, as its decision
        told = self.whole.feed(event)
        view = live_event_view(dict(event), self.seat, self.visibility)
        if view is None:
            return []
        out = self.view.feed(view)
        if event["type"] == "decision" and event.get("actor") != self.seat:
            flags = iter([m["tsumogiri"] for m in told if m["type"] == "dahai"])
            for message in out:  # the seat's own flags are its view's: it knows which tile it drew
                if message["type"] == "dahai":
                    message["tsumogiri"] = next(flags, message["tsumogiri"])
        return out

    def flush(self) -> list[dict[str, Any]]:
        """The deal's start, if it is still held back (:meth:`MjaiWriter.flush`)."""
        return self.view.flush()

    @property
    def started(self) -> bool:
        """Whether a deal has begun (the writers' points are set)."""
        return self.view.number >= 0


class MjaiPlayer:
    """One seat played by an mjai program (see the module docstring); a bot entry point taking a command.

    :param rng: unused: an external program's randomness is its own (the log records its moves).
    :param name: the seat's name in the log (``mjai-2``).
    :param argument: the command line that starts the program, split as a POSIX shell would.
    :param seat: the seat it plays.
    """

    kind = "human"

    def __init__(self, rng: Any = None, name: str = "mjai", *, argument: str = "", seat: int = 0):
        self.name = name
        self.seat = seat
        self.command = argument
        self.faults: list[str] = []
        self.queue: list[dict[str, Any]] = [{"type": "start_game", "id": seat}]
        self.messages = SeatMessages(seat)
        #: Where a fault is said (standard error; a live table's seat sends it to the server's log instead).
        self.report: Callable[[str], None] = _to_stderr
        self.buffer = b""
        words = shlex.split(argument)
        if not words:
            raise MahjongError("mjai: needs the command that starts the program (--bots mjai:COMMAND)")
        try:
            self.process: subprocess.Popen[bytes] | None = subprocess.Popen(
                words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        except OSError as exc:
            raise MahjongError(f"cannot start {argument!r}: {exc.strerror or exc}") from None
        self.observer = _Observer(self)

    def refuses(self, ruleset: Any) -> str | None:
        """Why this seat cannot play a game of ``ruleset`` (an mjai program plays riichi), or ``None``."""
        return not_riichi(ruleset, "an mjai program plays")

    # -- the game, as the seat sees it ---------------------------------------------------------------------------

    def seen(self, table: Table, event: dict[str, Any]) -> None:
        if not self.messages.started and event.get("type") == "deal_start":  # the table's clock, known by now
            limits = table.time_limits
            self.messages.visibility = Visibility(
                HIDE_MOST.meld_display, *(None if s is None else int(s * 1000)
                                          for s in (getattr(limits, "move", None), getattr(limits, "claim", None))))
        # the points the game began with are the table's, not a guess
        self.queue += self.messages.feed(event, () if self.messages.started else table.scores)
        if event.get("type") == "game_end":
            self._tell(self._take_queue(), None)
            self.close()

    def _take_queue(self) -> list[dict[str, Any]]:
        queue, self.queue = self.queue, []
        return queue

    # -- a decision ----------------------------------------------------------------------------------------------

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        """The program's move, or the safe move where it gave none (:meth:`answer`, :meth:`safe`)."""
        action = self.answer(table, options, phase)
        return action if action is not None else self.safe(table, options, phase)

    def answer(self, table: Table, options: Sequence[Action], phase: str) -> Action | None:
        """The program's move among ``options``, or ``None`` where it gave none the rules offer (the fault said).

        A live table asks this rather than :meth:`choose`: there a failed answer is timed out by the seat's clock.
        """
        limits = table.time_limits
        clock = getattr(limits, "claim" if phase in _ON_ANOTHERS else "move", None) if limits is not None else None
        seconds = float(clock) if clock else DEFAULT_SECONDS
        self.queue += self.messages.flush()  # a deal's start held back for its first move: the seat needs it now
        messages = self._take_queue()
        if not messages:  # asked again after the messages were answered (a second decision on one message)
            messages = [{"type": "none"}]
        answer = self._tell(messages, seconds)
        if answer is None:
            return None
        action = self._action(answer, table, options, phase)
        if action is None:
            self.fault(f"answered {_short(answer)} to {_short(messages[-1])}, which names no move the rules offer "
                       f"here ({phase})")
        return action

    def _tell(self, messages: list[dict[str, Any]], seconds: float | None) -> dict[str, Any] | None:
        """Send each message and read its answer; the last answer, or ``None`` where the program failed."""
        if self.process is None:
            return None
        from mahjong_core import canonical

        answer: dict[str, Any] | None = None
        for message in messages:
            try:
                assert self.process.stdin is not None
                self.process.stdin.write((canonical(message) + "\n").encode("utf-8"))
                self.process.stdin.flush()
            except OSError:
                self.fault("ended (its input is closed)", stop=True)
                return None
            if seconds is None:  # the game is over: nothing more is asked of it
                continue
            line = self._read(max(seconds, STARTUP_SECONDS) if message.get("type") == "start_game" else seconds)
            if line is None:
                return None
            try:
                value = loads(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                value = None
            if not isinstance(value, dict):
                self.fault(f"answered {line[:80]!r} to {_short(message)}: not an mjai message (a JSON object)")
                answer = None
                continue
            answer = value
        return answer

    def _read(self, seconds: float) -> bytes | None:
        process = self.process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        end = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            left = end - time.monotonic()
            ready = select.select([fd], [], [], max(0.0, left))[0] if left > 0 else []
            if not ready:
                self.fault(f"gave no answer within {seconds:g} s", stop=True)
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                try:
                    status: object = process.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    status = "unknown: its output is closed"
                self.fault(f"ended (exit status {status})", stop=True)
                return None
            self.buffer += chunk
            if len(self.buffer) > MAX_ANSWER and b"\n" not in self.buffer[:MAX_ANSWER]:
                self.fault(f"answered a line longer than {MAX_ANSWER:,} bytes", stop=True)
                return None
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _action(self, answer: dict[str, Any], table: Table, options: Sequence[Action], phase: str) -> Action | None:
        kind = answer.get("type")
        codes = table.tiles.codes() if table.tiles is not None else ()

        def plain(pai: object) -> str | None:
            if not isinstance(pai, str):
                return None
            code = code_of(pai)
            return "5" + code[1] if code[:1] == "0" else code

        def code(kind_index: int | None) -> str | None:
            return codes[kind_index] if kind_index is not None and kind_index < len(codes) else None

        wanted: dict[str, Any] = {"dahai": "discard", "reach": "riichi", "hora": "win", "none": "pass",
                                  "pon": "pung", "chi": "chow", "daiminkan": "kong", "ankan": "kong",
                                  "kakan": "kong", "nukidora": "declare_bonus", "kita": "declare_bonus"}
        verb = wanted.get(str(kind))
        for option in options:
            if option.kind != verb:
                continue
            if kind == "dahai" and code(option.tile) != plain(answer.get("pai")):
                continue
            if kind in ("pon", "daiminkan", "kakan") and answer.get("pai") is not None and \
                    code(option.tile) != plain(answer.get("pai")):
                continue
            if kind == "ankan":
                consumed = answer.get("consumed")
                if not isinstance(consumed, list) or not consumed or code(option.tile) != plain(consumed[0]):
                    continue
            if kind == "chi":
                consumed = answer.get("consumed")
                if not isinstance(consumed, list) or sorted(plain(p) or "" for p in consumed) != \
                        sorted(code(t) or "" for t in option.tiles):
                    continue
            return self._red(answer, option, table)
        return None

    def _red(self, answer: dict[str, Any], option: Action, table: Table) -> Action | None:
        """The option giving up the red copies the answer names (``5mr``: a discard's ``pai``, a call's
        ``consumed``), as a person's click on the red five does; ``None`` where the hand holds no such copy."""
        if option.kind not in ("discard", "chow", "pung", "kong") or table.tiles is None or not table.tiles.marked:
            return option
        named = [answer.get("pai")] if option.kind == "discard" else answer.get("consumed")
        codes = table.tiles.codes()
        reds = tuple(codes.index("5" + c[1]) for p in (named if isinstance(named, list) else [])
                     if isinstance(p, str) and (c := code_of(p))[:1] == "0" and "5" + c[1] in codes)
        if not reds:
            return option
        marked = option.marking(reds)
        why = refused_marking(table.seats[self.seat], marked, table.tiles)
        if why:
            self.fault(f"answered {_short(answer)}: {why}")
            return None
        return marked

    def safe(self, table: Table, options: Sequence[Action], phase: str) -> Action:
        """The safe move: a pass on another's tile; on the seat's turn its drawn tile discarded, else the first
        discard offered; else the first option."""
        if phase in _ON_ANOTHERS:
            return next((o for o in options if o.kind == "pass"), options[0])
        discards = [o for o in options if o.kind == "discard"]
        drawn = table.drawn_tile
        return next((o for o in discards if o.tile == drawn), discards[0] if discards else options[0])

    def fault(self, what: str, *, stop: bool = False) -> None:
        """Say what the program did wrong (:attr:`report`), and stop it where it can answer no more."""
        message = f"mjai seat {self.seat} ({self.command}): {what}; the seat plays the safe move" + (
            " from now on" if stop else "")
        self.faults.append(message)
        self.report(message)
        if stop:
            self.close()

    def close(self) -> None:
        """Stop the program (its input closed, then ended if it lingers)."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()


class _Observer:
    """The plugin through which the seat sees each event as the game records it."""

    def __init__(self, player: MjaiPlayer):
        self.player = player
        # A plugin is registered once by its name (a class's by the class's): each seat's observer has its own,
        # or a game seating two programs would tell only the first of them the game.
        self.__name__ = f"mjai_seat_{player.seat}"

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        self.player.seen(table, event)


def _to_stderr(message: str) -> None:
    print(message, file=sys.stderr)


def _short(message: dict[str, Any]) -> str:
    from mahjong_core import canonical

    return canonical(message)[:100]
