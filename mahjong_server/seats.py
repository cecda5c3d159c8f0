"""Who sits at a live table: a person, whose decisions come over the network, or an installed bot.

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
        if prompt.phase != "claim" or action.kind not in _CLAIMS or self.game is None:
            return None
        claim = Claim(prompt.seat, action.kind, action.tiles, delay)
        why = self.game.hook.mahjong_claim_refused(ruleset=self.game.ruleset, table=table, claim=claim)
        return f"prompt {prompt.id}: {why} ({delay} ms had passed). Choose again." if why else None

    def _timed_out(self, table: Table, prompt: Prompt) -> Action:
        assert self.game is not None and prompt.limit_ms is not None  # only a limited prompt times out
        what = "move" if prompt.phase in MOVE_PHASES else "claim"
        fallback: Action | None = self.game.hook.mahjong_timeout(ruleset=self.game.ruleset, table=table,
                                                                 seat=prompt.seat, what=what)
        if fallback is None:
            raise MahjongError("no plugin answers mahjong_timeout, which the core's defaults answer",
                               place="mahjong_timeout")
        prompt.extra["closed_by"] = "timeout"
        return Action(fallback.kind, fallback.tile, fallback.tiles, fallback.way,
                      max(prompt.limit_ms + 1, prompt.elapsed_ms()))


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
