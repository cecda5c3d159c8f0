"""Who sits at a live table: a person, whose decisions come over the network, an installed bot, or an external
program the server's operator offers (an mjai program: :class:`ProgramSeat`).

Both are engine :class:`~mahjong_core.Player` objects, so a live table
runs the very engine a simulation runs.  A person's seat blocks the table's
engine thread until the person answers the prompt, or until the ruleset's time
limit passes on the server's monotonic clock; the time taken is the decision's
``after_ms``, so the log (and an audit) judge it exactly as they judge a
simulated player's.  When time runs out the seat answers with what the
ruleset's timeout rule (the ``mahjong_timeout`` hook) says, taken after just
over the limit, and the engine logs the timeout as it would in a simulation.

Neither seat knows a rule: a person chooses among the engine's options by
index, and the one question about timing the engine would otherwise refuse
with an error (a claim made too early in a chow pause) is asked of the
ruleset's own hook before the answer is passed on.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core import Action, Claim, MahjongError, ScriptedPlayer, Table, action_text, refused_marking

if TYPE_CHECKING:
    from mahjong_core import Game, Player

    from .live import LiveTable

#: Decision phases the engine times as a move; every other phase (a claim window, a robbing, an exchange, a
#: declaration on the dealt hand) is timed as a claim (see ``Game.decide``: ``window`` or ``declaration``).
MOVE_PHASES = frozenset({"turn", "false_mahjong"})
#: Claim kinds whose timing the ruleset may judge (``mahjong_claim_refused``, with the claim's delay).
_CLAIMS = frozenset({"chow", "pung", "kong", "win"})


class TableStopped(Exception):
    """The server is stopping the table's engine thread; the log stays as written, to be resumed."""


def limit_ms(table: Table, phase: str) -> int | None:
    """The ruleset's time limit for a decision in ``phase``, in milliseconds, or ``None``."""
    limits = table.time_limits
    what = "move" if phase in MOVE_PHASES else "claim"
    seconds = getattr(limits, what, None) if limits is not None else None
    return None if seconds is None else int(seconds * 1000)


@dataclass
class Prompt:
    """One decision asked of a person: the engine's options, when it was asked, and its limit."""

    id: int
    seat: int
    phase: str
    options: Sequence[Action]
    limit_ms: int | None
    started_ns: int
    drawn: int | None = None
    closed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def elapsed_ms(self, now_ns: int | None = None) -> int:
        return ((now_ns if now_ns is not None else time.monotonic_ns()) - self.started_ns) // 1_000_000


#: What the network side puts on a person's queue: (prompt id, option index, monotonic ns when it arrived).
Answer = tuple[int, int, int, tuple[int, ...]]
_STOP = (-1, -1, -1, ())


class HumanSeat:
    """A person's seat: repeats the log's decisions while a table resumes, then asks the person."""

    kind = "human"

    def __init__(self, live: LiveTable, seat: int, name: str, script: list[tuple[int, dict[str, Any]]]):
        self.live = live
        self.seat = seat
        self.name = name
        self.answers: queue.Queue[Answer] = queue.Queue()
        self._script_left = len(script)
        self._scripted = ScriptedPlayer(name, iter(script), source=str(live.files.log_path))
        self.game: Game | None = None

    def stop(self) -> None:
        self.answers.put(_STOP)

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if self._script_left:
            self._script_left -= 1
            return self._scripted.choose(table, seat, options, phase)
        limit = limit_ms(table, phase)
        self.live.announce(seat, phase, limit)
        prompt = self.live.open_prompt(seat, phase, options, limit, table.drawn_tile if phase == "turn" else None)
        try:
            return self._wait(table, prompt)
        finally:
            self.live.close_prompt(prompt)

    def _wait(self, table: Table, prompt: Prompt) -> Action:
        while True:
            timeout = None
            if prompt.limit_ms is not None:
                deadline = prompt.started_ns + (prompt.limit_ms + 1) * 1_000_000
                timeout = max(0.0, (deadline - time.monotonic_ns()) / 1e9)
            try:
                answer = self.answers.get(timeout=timeout)
            except queue.Empty:
                return self._timed_out(table, prompt)
            if answer == _STOP:
                raise TableStopped
            pid, index, received_ns, marked = answer
            if pid != prompt.id:
                continue  # an answer to a prompt already closed (it crossed the timeout on the wire)
            action = prompt.options[index]
            delay = max(0, prompt.elapsed_ms(received_ns))
            if marked:  # the person chose the red copy: the engine would refuse one the hand does not hold
                action = action.marking(marked)
                why = refused_marking(table.seats[prompt.seat], action, table.tiles) if table.tiles else \
                    "this table's tile set has no marked copies"
                if why:
                    self.live.tell_seat(prompt.seat, {"type": "error", "message": f"prompt {prompt.id}: "
                                                      f"{action_text(action)}: {why}. Choose again."})
                    continue
            refusal = self._refusal(table, prompt, action, delay)
            if refusal:
                self.live.tell_seat(prompt.seat, {"type": "error", "message": refusal})
                continue
            prompt.extra["closed_by"] = "answer"
            return action.after(delay)

    def _refusal(self, table: Table, prompt: Prompt, action: Action, delay: int) -> str | None:
        """Why the engine would refuse this claim at this moment (the ruleset's own timing rule), or ``None``."""
        why = claim_refusal(self.game, table, prompt.seat, prompt.phase, action, delay)
        return f"prompt {prompt.id}: {why} ({delay} ms had passed). Choose again." if why else None

    def _timed_out(self, table: Table, prompt: Prompt) -> Action:
        assert self.game is not None and prompt.limit_ms is not None  # only a limited prompt times out
        prompt.extra["closed_by"] = "timeout"
        return timed_out(self.game, table, prompt.seat, prompt.phase, prompt.limit_ms, prompt.elapsed_ms())


def timed_out(game: Game, table: Table, seat: int, phase: str, limit: int, elapsed_ms: int) -> Action:
    """What a seat whose clock ran out answers: the ruleset's timeout action (``mahjong_timeout``), taken just
    over the limit, so that the engine logs the timeout and plays that action."""
    what = "move" if phase in MOVE_PHASES else "claim"
    fallback: Action | None = game.hook.mahjong_timeout(ruleset=game.ruleset, table=table, seat=seat, what=what)
    if fallback is None:
        raise MahjongError("no plugin answers mahjong_timeout, which the core's defaults answer",
                           place="mahjong_timeout")
    return Action(fallback.kind, fallback.tile, fallback.tiles, fallback.way, max(limit + 1, elapsed_ms))


def claim_refusal(game: Game | None, table: Table, seat: int, phase: str, action: Action, delay: int) -> str | None:
    """Why the ruleset's own timing rule refuses this claim at this moment (a chow pause), or ``None``."""
    if phase != "claim" or action.kind not in _CLAIMS or game is None:
        return None
    why: str | None = game.hook.mahjong_claim_refused(ruleset=game.ruleset, table=table,
                                                      claim=Claim(seat, action.kind, action.tiles, delay))
    return why


class BotSeat:
    """An installed bot at a live table, paced so that people can follow: its turn takes real time.

    The pause is ``min(the bot's own thinking time, pace_s)`` of real time and
    changes nothing in the game: the log records the bot's own time, which an
    audit checks by seating the same seeded bot again.
    """

    def __init__(self, live: LiveTable, bot: Player, pace_s: float, stop: threading.Event):
        self.live = live
        self.bot = bot
        self.name = bot.name
        self.kind = bot.kind
        self.pace_s = pace_s
        self._stop = stop

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if self._stop.is_set():
            raise TableStopped
        replaying = self.live.replaying
        if phase == "turn" and not replaying:
            self.live.announce(seat, phase, limit_ms(table, phase))
        action = self.bot.choose(table, seat, options, phase)
        if phase == "turn" and not replaying and self.pace_s > 0:
            if self._stop.wait(min(action.delay_ms / 1000, self.pace_s)):
                raise TableStopped
        return action


class ProgramSeat:
    """An external program's seat (``mjai:COMMAND``, offered by the server's operator), timed by the server.

    ``program`` is the seat :func:`mahjong_core.make_bots` built for the seat kind ``NAME:ARGUMENT`` (an mjai
    program: :class:`mahjong_formats.mjai_player.MjaiPlayer`); it is told the game through its own observer,
    as its seat may see it, and answers with :meth:`answer` (``None`` where it gave no move the rules offer: the
    fault is said in the server's log).  Its time is the server's: from the moment it is asked to the moment its
    answer is taken, on the monotonic clock, written as the decision's ``after_ms`` as a person's is.

    A program that gives no move is the seat's clock run out: where the ruleset keeps one, the seat answers what
    its timeout rule says (``mahjong_timeout``), taken just over the limit, so the engine logs the ``timeout``
    and an audit judges it as a person's; the table does not wait out a clock it knows no answer will beat (a
    program that answered nonsense, ended, or was stopped for its lateness).  Where the ruleset keeps no clock,
    the program's own deadline bounds the wait and its safe move is played (the tile just drawn let go, a
    claim passed).  Either way the table goes on.

    While a table resumes, the seat repeats its recorded decisions; the program, started again, is told the
    game from its start when it is first asked, each message answered, and only its answer to the last is taken.
    """

    def __init__(self, live: LiveTable, program: Any, script: list[tuple[int, dict[str, Any]]],
                 report: Any = None):
        self.live = live
        self.program = program
        self.name = program.name
        self.kind = program.kind
        self.game: Game | None = None
        self._script_left = len(script)
        self._scripted = ScriptedPlayer(self.name, iter(script), source=str(live.files.log_path))
        if report is not None:
            program.report = report

    @property
    def observer(self) -> object | None:
        """The plugin through which the program sees each event (registered by the table's game)."""
        return getattr(self.program, "observer", None)

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if self._script_left:
            self._script_left -= 1
            return self._scripted.choose(table, seat, options, phase)
        limit = limit_ms(table, phase)
        self.live.announce(seat, phase, limit)
        started = time.monotonic_ns()
        action = self.program.answer(table, options, phase)
        elapsed = (time.monotonic_ns() - started) // 1_000_000
        if action is not None:
            why = claim_refusal(self.game, table, seat, phase, action, elapsed)
            if why:
                self.program.fault(f"claimed {action_text(action)} after {elapsed} ms: {why}")
                action = None
        if action is not None:
            return action.after(elapsed)
        if limit is not None and self.game is not None:
            return timed_out(self.game, table, seat, phase, limit, elapsed)
        return self.program.safe(table, options, phase).after(elapsed)

    def close(self) -> None:
        """Stop the program (the table stopped or failed before its game's end told it so)."""
        close = getattr(self.program, "close", None)
        if close is not None:
            close()
