"""A seat played by an external program that speaks mjai over its standard input and output (``--bots mjai:CMD``).

The program is started once per game.  It is told the game as its seat sees
it -- every event through :func:`mahjong_core.live_event_view` for that seat,
so never another seat's concealed tiles nor the wall -- written as mjai
messages by :class:`mahjong_formats.mjai.MjaiWriter`, one JSON object a line,
the first ``{"type":"start_game","id":SEAT}``.  As in gimite's mjai protocol,
it answers every message with one line: ``{"type":"none"}``, or, where the
message offers it a decision (its own ``tsumo``, its own ``reach``, another
seat's ``dahai`` or ``kakan``), its move: ``dahai`` (``pai``), ``reach``,
``hora``, ``chi``/``pon`` (``consumed``), ``daiminkan``, ``ankan``
(``consumed``), ``kakan`` (``pai``) or ``none`` (pass).

Each answer has a deadline: the ruleset's clock for the decision where it has
one (``seated_timing``: a move's or a claim's seconds), else
:data:`DEFAULT_SECONDS`.  An answer that is not JSON, names no move the rules
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
from collections.abc import Sequence
from typing import Any

from mahjong_core import Action, MahjongError, Table, hookimpl, live_event_view, loads

from .mjai import MjaiWriter, code_of

__all__ = ["DEFAULT_SECONDS", "MjaiPlayer"]

#: The deadline of an answer where the ruleset sets no clock for the decision, in seconds.
DEFAULT_SECONDS = 5.0
#: The longest answer line read (a move is under 200 characters).
MAX_ANSWER = 4096
#: The phases in which a seat decides on another seat's tile: the safe move there is a pass.
_ON_ANOTHERS = frozenset({"claim", "rob_kong", "declaration"})


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
        self.writer = MjaiWriter(0)
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

    # -- the game, as the seat sees it ---------------------------------------------------------------------------

    def seen(self, table: Table, event: dict[str, Any]) -> None:
        view = live_event_view(dict(event), self.seat)
        if view is None:
            return
        if event.get("type") == "deal_start" and self.writer.number < 0:
            self.writer.resize(len(table.scores))  # a three-player game is written with mjai's fourth seat empty
            self.writer.points = list(table.scores)  # the points the game began with (the table's, not a guess)
        self.queue += self.writer.feed(view)
        if event.get("type") == "game_end":
            self._tell(self._take_queue(), None)
            self.close()

    def _take_queue(self) -> list[dict[str, Any]]:
        queue, self.queue = self.queue, []
        return queue

    # -- a decision ----------------------------------------------------------------------------------------------

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        limits = table.time_limits
        clock = getattr(limits, "claim" if phase in _ON_ANOTHERS else "move", None) if limits is not None else None
        seconds = float(clock) if clock else DEFAULT_SECONDS
        self.queue += self.writer.flush()  # a deal's start held back for its first move: the seat needs it now
        messages = self._take_queue()
        if not messages:  # asked again after the messages were answered (a second decision on one message)
            messages = [{"type": "none"}]
        answer = self._tell(messages, seconds)
        if answer is None:
            return self._safe(table, options, phase)
        action = self._action(answer, table, options, phase)
        if action is None:
            self._fault(f"answered {_short(answer)} to {_short(messages[-1])}, which names no move the rules offer "
                        f"here ({phase})")
            return self._safe(table, options, phase)
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
                self._fault("ended (its input is closed)", stop=True)
                return None
            if seconds is None:  # the game is over: nothing more is asked of it
                continue
            line = self._read(seconds)
            if line is None:
                return None
            try:
                value = loads(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                value = None
            if not isinstance(value, dict):
                self._fault(f"answered {line[:80]!r} to {_short(message)}: not an mjai message (a JSON object)")
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
                self._fault(f"gave no answer within {seconds:g} s", stop=True)
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                try:
                    status: object = process.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    status = "unknown: its output is closed"
                self._fault(f"ended (exit status {status})", stop=True)
                return None
            self.buffer += chunk
            if len(self.buffer) > MAX_ANSWER and b"\n" not in self.buffer[:MAX_ANSWER]:
                self._fault(f"answered a line longer than {MAX_ANSWER:,} bytes", stop=True)
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
            return option
        return None

    def _safe(self, table: Table, options: Sequence[Action], phase: str) -> Action:
        """The safe move: a pass on another's tile; on the seat's turn its drawn tile discarded, else the first
        discard offered; else the first option."""
        if phase in _ON_ANOTHERS:
            return next((o for o in options if o.kind == "pass"), options[0])
        discards = [o for o in options if o.kind == "discard"]
        drawn = table.drawn_tile
        return next((o for o in discards if o.tile == drawn), discards[0] if discards else options[0])

    def _fault(self, what: str, *, stop: bool = False) -> None:
        message = f"mjai seat {self.seat} ({self.command}): {what}; the seat plays the safe move" + (
            " from now on" if stop else "")
        self.faults.append(message)
        print(message, file=sys.stderr)
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

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        self.player.seen(table, event)


def _short(message: dict[str, Any]) -> str:
    from mahjong_core import canonical

    return canonical(message)[:100]
