"""A live table: one engine thread playing one game, its log written as play goes, each seat sent its own view.

The engine is synchronous, so each table runs it on a thread of its own.  A
person's seat blocks that thread on a queue the websocket handler feeds
(:class:`~mahjong_server.seats.HumanSeat`); every event the engine emits is
written to the log first and then handed to the server's event loop with
``call_soon_threadsafe``, which sends each connection the event as its seat may
know it (:func:`mahjong_core.live_event_view`) and the table as its
seat sees it (:func:`mahjong_core.redact_table_view`).  The engine thread never
touches a connection and the event loop never touches the engine's table:
what they share (the latest view, the open prompts) is built once, immutable,
and swapped under a lock.

Resuming: a table whose log has no ``game_end`` is played again from the
start with the same seed; the bots, seeded as before, make the same decisions,
each person's seat repeats its recorded ones and each deal takes the
commitment salt its ``deal_start`` line records.  Every event produced while
the log lasts must equal its line byte for byte (anything else stops the table
with a message saying where); after the last line the table plays on live and
the log grows as if the server had never stopped.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mahjong_core import (
    ALGORITHM,
    HIDE_MOST,
    Action,
    FoldedTable,
    Game,
    MahjongError,
    ReplayLog,
    Ruleset,
    Sealer,
    Signer,
    Visibility,
    family_words,
    full_table_view,
    header,
    header_words,
    live_event_view,
    load_ruleset,
    load_ruleset_text,
    make_bots,
    parse_log,
    redact_table_view,
    secret_salt,
    with_seat_notes,
)
from mahjong_core.plugin import KINDS, kind_code

from .protocol import encode_options
from .seats import MOVE_PHASES, BotSeat, HumanSeat, ProgramSeat, Prompt, TableStopped, limit_ms
from .store import SyncedWriter, TableFiles

log = logging.getLogger("mahjong_server")

HUMAN = "human"
LENGTHS: dict[str, dict[str, int]] = {"game": {}, "round": {"max_rounds": 1}, "deal": {"max_deals": 1}}
#: Events after which the hands are laid open (the deal's play is over), until the next deal starts.
_REVEALING = frozenset({"mahjong", "exhaustive_draw", "deal_abandoned", "abortive_draw"})

Viewer = int | None  # a seat, or None for a spectator


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "human", an installed bot's name, or the name of a program the server offers (``programs``)
    name: str


class ResumeError(MahjongError):
    """A table's log cannot be resumed: the engine does not produce what the log holds."""


class LiveTable:
    """One table: its ruleset, seats, length and seed, its engine thread, and what each seat may see now.

    :param files: the table's files in the data folder.
    :param ruleset: the loaded ruleset.
    :param seats: one :class:`SeatSpec` a seat.
    :param length: ``game``, ``round`` or ``deal``.
    :param seed: the game seed (never sent to a client: it would tell the wall); a new table's is
        :func:`~mahjong_core.secret_seed`'s 256 bits, a table of bots only may have been given one.
    :param salts: ``"logged"``: each deal's commitment salt is fresh OS randomness, written on its
        ``deal_start`` line (a new table's); ``"derived"``: from the seed, as a log begun before salts were
        logged has them.
    :param logged: the lines of the log to resume from (header first), or ``None`` for a new table.
    :param unseated: person seats whose person has not sat down yet (a table that seats people as they
        arrive, the first as East: 000 line 309); the table waits, its engine not started, until none is left.
    :param programs: the external programs the server's operator offers, by the seat kind that names them
        (``{"mjai": "mjai:COMMAND"}``): a seat of such a kind is played by the program, started for this table
        (:class:`~mahjong_server.seats.ProgramSeat`).  A client names a program by its kind only, never by
        its command.
    """

    def __init__(self, files: TableFiles, ruleset: Ruleset, seats: Sequence[SeatSpec], length: str,
                 seed: int | str, *, salts: str = "logged", logged: list[str] | None = None,
                 bot_pace_s: float = 0.0, deal_pause_s: float = 0.0,
                 stamp: bool = False, signer: Signer | None = None,
                 on_finished: Callable[[LiveTable], None] | None = None, unseated: Sequence[int] = (),
                 programs: Mapping[str, str] | None = None):
        self.files = files
        self.programs = dict(programs or {})
        #: Called on the engine thread once the game has ended and its log is closed (the games database's hook).
        self.on_finished = on_finished
        self.id = files.id
        self.ruleset = ruleset
        self.seats = list(seats)
        self.length = length
        self.seed = seed
        self.salts = salts
        self.bot_pace_s = bot_pace_s
        self.deal_pause_s = deal_pause_s
        #: Add to each event message the monotonic time (ns) of its emission, for the capacity benchmark.
        self.stamp = stamp
        #: Person seats still free at a table that seats people as they arrive, lowest (nearest East) first.
        self.unseated = sorted(unseated)
        self.status = "waiting" if self.unseated else "starting"
        #: ``arrival`` when people sit in the order they arrive (the table has an invitation), else ``fixed``.
        self.seating = "arrival" if files.seats_path.exists() and files.pending() is not None else "fixed"
        self.error: str | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.deliver: Callable[[LiveTable, str, Any], None] | None = None
        self._logged = logged or []
        self._replay_pos = 1  # the header line is checked, not produced by the engine
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._writer: SyncedWriter | None = None
        #: Seals each line as a ReplayWriter would (the hash chain at each checkpoint); while a table resumes,
        #: the lines it re-plays go through it too, so the chain runs on across the restart.
        self._sealer = Sealer(signer)
        self._prompt_ids = 0
        self._ready: set[int] = set()
        self._ready_event = threading.Event()
        # What the event loop reads (under the lock): the table's latest full view, the deal's events so far,
        # the open prompts and the seat whose turn it is.
        self.view: dict[str, Any] | None = None
        self.revealed = False
        #: The deal's events so far, each with the full view after it, whether the hands were open, when
        #: (monotonic seconds) and its number in the game (``seq``): what a (re)joining seat is sent, a delayed
        #: spectator only up to its delay.
        self.deal_events: list[tuple[dict[str, Any], dict[str, Any], bool, float, int]] = []
        #: The number of the last event emitted (1, 2, ... across the game's deals).  A joining connection is sent
        #: the events up to some number as its history and is then handed every event on the loop; the numbers
        #: let it skip those its history already held, since the engine thread may have added an event to the
        #: history whose delivery was still waiting on the loop when the connection joined.
        self.seq = 0
        self.prompts: dict[int, Prompt] = {}
        self.turn: dict[str, Any] | None = None
        self._make_card: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
        script = parse_log(("\n".join(self._logged) + "\n").encode(), source=str(files.log_path),
                           validate_events=False) if self._logged else None
        self.humans: dict[int, HumanSeat] = {}
        for n, spec in enumerate(self.seats):
            if spec.kind == HUMAN:
                decisions = list(script.decisions(n)) if script is not None else []
                self.humans[n] = HumanSeat(self, n, spec.name, decisions)
        self.program_seats: dict[int, ProgramSeat] = {}
        self.players = self._players(script)
        #: The salts the log records, deal by deal, taken again while resuming (see :meth:`_salt`).
        self._logged_salts = [bytes.fromhex(e["salt"]) for e in script.events
                              if e.get("type") == "deal_start" and isinstance(e.get("salt"), str)] if script else []
        self.game = Game(ruleset, self.players, seed, emit=self._emit, max_deals=LENGTHS[length].get("max_deals"),
                         max_rounds=LENGTHS[length].get("max_rounds"),
                         salts=self._salt if salts == "logged" else None,
                         observers=[o for p in self.program_seats.values() if (o := p.observer) is not None])
        #: What the ruleset lets each seat see of the others' concealed kongs and overrun choices.
        self.visibility = Visibility.of(ruleset, self.game.time_limits)
        for human in self.humans.values():
            human.game = self.game
        for program in self.program_seats.values():
            program.game = self.game

    # ------------------------------------------------------------------ building

    def _players(self, script: ReplayLog | None) -> list[Any]:
        kinds = [spec.kind for spec in self.seats]
        # Seat i's bot is seeded from (seed, i) exactly as in a simulation, so an audit can seat it again; a
        # person's seat gets a placeholder that is never seated (each seat's generator is its own).  A program's
        # seat is built from what the operator offers under its kind (``mjai:COMMAND``), which starts it.
        bot_kinds = [self.programs.get(k, k) if k != HUMAN else "random" for k in kinds]
        bots = make_bots(bot_kinds, self.seed)
        players: list[Any] = []
        for n, kind in enumerate(kinds):
            if kind == HUMAN:
                players.append(self.humans[n])
            elif kind in self.programs:
                decisions = list(script.decisions(n)) if script is not None else []
                bots[n].name = f"{kind}-{n}"  # named as the operator offers it: the records know it by this name
                seat = ProgramSeat(self, bots[n], decisions, report=self._program_fault)
                self.program_seats[n] = seat
                players.append(seat)
            else:
                players.append(BotSeat(self, bots[n], self.bot_pace_s, self._stop))
        return players

    def _program_fault(self, message: str) -> None:
        """A program seat's fault (an answer that is no move, lateness, its end): said in the server's log."""
        log.warning("table %s: %s", self.id, message)

    @property
    def replaying(self) -> bool:
        return self._replay_pos < len(self._logged)

    def _salt(self, game: Game) -> bytes:
        """A deal's commitment salt: the one its log records while resuming, else fresh OS randomness.

        Random rather than derived from the seed: a salt is in the log a client may read once the game is
        over, and a derived one would let anyone holding it test seeds offline (``docs/prng.md``).
        """
        deal = game.table.deal_number
        return self._logged_salts[deal] if deal < len(self._logged_salts) else secret_salt()

    def header(self, game: Game) -> dict[str, Any]:
        seats = [{"seat": n, "name": p.name, "kind": p.kind} for n, p in enumerate(self.players)]
        options = dict(LENGTHS[self.length])
        return header(self.ruleset, self.seed, ALGORITHM, seats, game.table.teams, options,
                      salts="logged" if self.salts == "logged" else None)

    @classmethod
    def from_log(cls, files: TableFiles, *, bot_pace_s: float = 0.0, deal_pause_s: float = 0.0,
                 stamp: bool = False, signer: Signer | None = None,
                 on_finished: Callable[[LiveTable], None] | None = None,
                 programs: Mapping[str, str] | None = None) -> LiveTable:
        """The table a log describes, to be resumed where its log ends.

        A seat its seats file says a program played (the log names it a ``human`` seat: the moves are the
        program's) is played on by the program the server offers under that kind now (``programs``).
        """
        lines = files.read_lines()
        if not lines:
            raise ResumeError("the log is empty", source=str(files.log_path), place="line 1")
        head: ReplayLog = parse_log((lines[0] + "\n").encode(), source=str(files.log_path), validate_events=False)
        h = head.header
        rng = h.get("rng") or {}
        seed = rng.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise ResumeError("a live table's log has a seed (rng.seed: a text or an integer)",
                              source=str(files.log_path), place="line 1")
        document = h["ruleset"].get("document")
        # A house rule's table resumes from the text its log carries, whatever the server was started with.
        ruleset = (load_ruleset_text(document, f"{files.log_path}::line 1 (the ruleset it embeds)")
                   if document is not None else load_ruleset(h["ruleset"]["id"]))
        seats = [SeatSpec(s["kind"], s["name"]) for s in h["seats"]]
        offered = dict(programs or {})
        for n, kind in files.programs().items():
            if kind not in offered:
                raise ResumeError(f"seat {n} is played by the program {kind!r}, which this server does not offer "
                                  f"(mahjong serve --program {kind}=mjai:COMMAND)", source=str(files.seats_path),
                                  place=f"programs.{n}")
            if 0 <= n < len(seats):
                seats[n] = SeatSpec(kind, seats[n].name)
        options = h.get("options", {})
        length = next((name for name, opts in LENGTHS.items() if opts == options), None)
        if length is None:
            raise ResumeError(f"options {options} are no live table's length (one of {LENGTHS})",
                              source=str(files.log_path), place="line 1")
        salts = "logged" if rng.get("salts") == "logged" else "derived"
        return cls(files, ruleset, seats, length, seed, salts=salts, logged=lines, bot_pace_s=bot_pace_s,
                   deal_pause_s=deal_pause_s, stamp=stamp, signer=signer, on_finished=on_finished, programs=offered)

    def seat_person(self, name: str) -> int:
        """Seat the next person to arrive at the lowest free person seat (East first) and return that seat.

        Called on the event loop before the engine starts (the header, which names the players, is written
        when it does), so nothing else reads the seats meanwhile.
        """
        seat = self.unseated.pop(0)
        self.seats[seat] = SeatSpec(HUMAN, name)
        self.humans[seat].name = name
        return seat

    # ------------------------------------------------------------------ the engine thread

    def start(self, loop: asyncio.AbstractEventLoop, deliver: Callable[[LiveTable, str, Any], None]) -> None:
        self.loop = loop
        self.deliver = deliver
        self._thread = threading.Thread(target=self._run, name=f"table-{self.id}", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._ready_event.set()
        for human in self.humans.values():
            human.stop()
        if self._thread is not None:
            self._thread.join(timeout)
        if self._thread is None:  # a table that never started (waiting for its people) has its programs running
            self.close_programs()

    def close_programs(self) -> None:
        """Stop the table's programs (its game's end has told them so already, where it came)."""
        for seat in self.program_seats.values():
            seat.close()

    def _run(self) -> None:
        try:
            game = self.game
            head = self._sealer.line(self.header(game))
            if self._logged:
                if head != self._logged[0]:
                    raise ResumeError("the log's header is not this table's: was the ruleset changed since, or is "
                                      "the server signing with another key (--sign) than the one that began it?",
                                      source=str(self.files.log_path), place="line 1")
                self._writer = self.files.open_writer(append=True)
            else:
                self._writer = self.files.open_writer(append=False)
                self._writer.write(head, "header", sync=True)
            self._set_status("playing")
            game.play()
            if self.replaying:
                raise ResumeError(f"the game is over, but the log goes on to line {len(self._logged)}",
                                  source=str(self.files.log_path), place=f"line {self._replay_pos + 1}")
            self._set_status("finished")
        except TableStopped:
            self._set_status("stopped")
        except MahjongError as exc:
            log.error("table %s: %s", self.id, exc)
            self._set_status("failed", str(exc))
        except Exception as exc:  # a bug must stop this table only, and say so, not take the server down
            log.exception("table %s failed", self.id)
            self._set_status("failed", f"{type(exc).__name__}: {exc}")
        finally:
            if self._writer is not None:
                self._writer.close()
            self.close_programs()
        if self.status == "finished" and self.on_finished is not None:
            self.on_finished(self)

    def _set_status(self, status: str, error: str | None = None) -> None:
        self.status, self.error = status, error
        self._post("status", {"type": "status", "status": status, "error": error})

    def _emit(self, event: dict[str, Any]) -> None:
        """Every event the engine makes: checked against the log while resuming, else written; then shown."""
        if self._stop.is_set():
            raise TableStopped
        if event["type"] == "deal_start" and event["deal"] > 0 and not self.replaying:
            # The next deal is about to start (so the game goes on): let people read the last one's scoring.
            self._pause_between_deals()
        line = self._sealer.line(event)
        if self.replaying:
            if line != self._logged[self._replay_pos]:
                raise ResumeError(f"resuming, the engine produces {line} where the log has "
                                  f"{self._logged[self._replay_pos]}", source=str(self.files.log_path),
                                  place=f"line {self._replay_pos + 1}")
            self._replay_pos += 1
        else:
            assert self._writer is not None  # opened before play
            self._writer.write(line, event["type"])
        kind = event["type"]
        view = self._view_after(event)
        if kind in ("score", "settlement"):
            # What the deal's end shows beside the logged event (the log keeps the engine's bytes): a score's
            # card, a settlement's note on each payment -- worked out here, so the page shows and never computes.
            event = {**event, "card": self._card(event)}
        with self._lock:
            if kind == "deal_start":
                self.deal_events = []
                self.revealed = False
                self.turn = None
            elif kind in _REVEALING and not event.get("play_on"):  # a win after which play goes on reveals nothing
                self.revealed = True
                self._ready.clear()  # only a "ready" sent once the deal's scoring can be read counts
            self.view = view
            revealed = self.revealed
            self.seq += 1
            seq = self.seq
            self.deal_events.append((event, view, revealed, time.monotonic(), seq))
        self._post("event", (event, view, revealed, time.monotonic_ns() if self.stamp else None, seq))

    def _card(self, event: dict[str, Any]) -> dict[str, Any]:
        """A score event's card, or a settlement's ``{"notes": [...]}`` (:func:`mahjong_core.card_maker`)."""
        from mahjong_core import card_maker, payment_notes

        if event["type"] == "settlement":
            return {"notes": payment_notes(self.ruleset, self.game.table.dealer, event.get("payments", []))}
        if self._make_card is None:
            self._make_card = card_maker(self.ruleset)
        return self._make_card(event)

    def _view_after(self, event: dict[str, Any]) -> dict[str, Any]:
        """The full table as it stands once ``event`` has taken effect.

        The engine emits most events once their change is made (a draw, a claim, a kong), but a decision
        before it is carried out; of the decisions, only a discard changes the table with no later event to
        say so (a kong, a claim or a mahjong has its own event).  So a discard's view is the table with that
        discard made, and a timeout's is the table with the timeout's discard made; a discard chosen after its
        clock ran out is not made (the timeout's action replaces it).
        """
        view = full_table_view(self.game.table)
        kind = event["type"]
        if kind in ("rotation", "game_end") and self.view is not None and self.revealed:
            # The next dealer and wind belong to the next deal, whose deal_start brings its own table: until then
            # the deal's end is on screen, and it shows the winds and dealer the deal was played with.
            return {**self.view, "scores": view["scores"], "clock_ms": view["clock_ms"]}
        if kind == "decision" and event.get("phase") == "turn" and event.get("action") == "discard":
            limit = limit_ms(self.game.table, "turn")
            if limit is None or event.get("after_ms", 0) <= limit:
                view = _with_discard(view, event["actor"], event["tile"], event.get("way"))
        elif kind == "timeout" and event.get("what") == "move" and event.get("action") == "discard":
            view = _with_discard(view, event["seat"], event["tile"], event.get("way"))
        # What each seat alone is told (its furiten), in its own object: redaction keeps it from every other viewer.
        return with_seat_notes(view, self.game)

    def _pause_between_deals(self) -> None:
        """Let people read the deal's scoring: wait until each person says ready, or ``deal_pause_s``."""
        if not self.humans or self.deal_pause_s <= 0:
            return
        deadline = time.monotonic() + self.deal_pause_s
        while not self._stop.is_set():
            with self._lock:
                if self._ready >= set(self.humans):
                    self._ready.clear()
                    return
            left = deadline - time.monotonic()
            if left <= 0:
                with self._lock:
                    self._ready.clear()
                return
            self._ready_event.wait(min(left, 0.5))
            self._ready_event.clear()

    def mark_ready(self, seat: int) -> None:
        with self._lock:
            self._ready.add(seat)
        self._ready_event.set()

    # ------------------------------------------------------------------ prompts and turns (engine thread)

    def announce(self, seat: int, phase: str, limit: int | None) -> None:
        """A seat's turn has come: public (everybody sees whose turn it is); other decisions are not announced."""
        if phase not in MOVE_PHASES:
            return
        turn = {"type": "turn", "seat": seat, "phase": phase, "limit_ms": limit, "started_ns": time.monotonic_ns()}
        # A claimed tile is on the claimer's meld before its turn's events.
        view = with_seat_notes(full_table_view(self.game.table), self.game)
        with self._lock:
            self.turn = turn
            self.view = view
            revealed = self.revealed
        self._post("turn", (turn, view, revealed))

    def open_prompt(self, seat: int, phase: str, options: Sequence[Action], limit: int | None,
                    drawn: int | None) -> Prompt:
        with self._lock:
            self._prompt_ids += 1
            prompt = Prompt(self._prompt_ids, seat, phase, list(options), limit, time.monotonic_ns(), drawn)
            prompt.extra["view"] = with_seat_notes(full_table_view(self.game.table), self.game)
            self.prompts[seat] = prompt
        self._post("prompt", prompt)
        return prompt

    def close_prompt(self, prompt: Prompt) -> None:
        with self._lock:
            prompt.closed = True
            if self.prompts.get(prompt.seat) is prompt:
                del self.prompts[prompt.seat]
        self._post("prompt_closed", prompt)

    def tell_seat(self, seat: int, message: dict[str, Any]) -> None:
        self._post("tell", (seat, message))

    def _post(self, what: str, payload: Any) -> None:
        loop, deliver = self.loop, self.deliver
        if loop is not None and deliver is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(deliver, self, what, payload)
            except RuntimeError:  # the loop closed between the check and the call: the server is stopping
                pass

    # ------------------------------------------------------------------ answers (event loop)

    def answer(self, seat: int, prompt_id: int, index: int, received_ns: int, marked: tuple[int, ...] = ()) -> None:
        """A person's answer to a prompt: the option's index, and the marked copies it names (a red five clicked)."""
        self.humans[seat].answers.put((prompt_id, index, received_ns, marked))

    def prompt_message(self, prompt: Prompt) -> dict[str, Any]:
        """The prompt as its seat is sent it, with the table as that seat sees it at the moment of asking."""
        view = prompt.extra.get("view")
        return {
            "type": "prompt", "id": prompt.id, "seat": prompt.seat, "phase": prompt.phase,
            "what": "move" if prompt.phase in MOVE_PHASES else "claim", "limit_ms": prompt.limit_ms,
            "elapsed_ms": prompt.elapsed_ms(), "options": encode_options(prompt.options, self.game.codes),
            "drawn": kind_code(prompt.drawn) if prompt.drawn is not None else None,
            "view": (redact_table_view(view, prompt.seat, reveal=False, visibility=self.visibility)
                     if view is not None else None),
        }

    def public_info(self) -> dict[str, Any]:
        """What anyone may know of the table: its ruleset, seats, length, limits and status (never the seed)."""
        limits = limits_ms(self.game.time_limits)
        return {
            "id": self.id, "status": self.status, "error": self.error, "length": self.length,
            "ruleset": {"id": self.ruleset.id, "name": self.ruleset.name, "native_name": self.ruleset.native_name,
                        "version": self.ruleset.version},
            # a program's seat by the name it is offered under (its log calls it a person's: its moves are its own)
            "seats": [{"seat": n, "name": None if n in self.unseated else p.name,
                       "kind": self.seats[n].kind if n in self.program_seats else p.kind}
                      for n, p in enumerate(self.players)],
            "seating": self.seating,
            "limits": limits,
            "tile_names": tile_names(self.ruleset),
            "item_names": _item_names(self.ruleset),
            **self._jokers,
            # The plugins' words the table may use, with their labels (only where it uses any): the client shows a
            # plugin's event by them.
            **({"words": self._words} if self._words else {}),
            # What the family's players call a win by the way it is made (riichi's tsumo and ron), where they do.
            **({"win_words": self._win_words} if self._win_words else {}),
        }

    @property
    def _win_words(self) -> dict[str, str]:
        """:func:`family_words` of the table's ruleset, read once."""
        words = self.__dict__.get("_win_words_found")
        if words is None:
            words = self.__dict__["_win_words_found"] = family_words(self.ruleset)
        return words

    @property
    def _jokers(self) -> dict[str, Any]:
        """:func:`joker_info` of the table's ruleset, read once (its tile set is built to read it)."""
        jokers = self.__dict__.get("_jokers_found")
        if jokers is None:
            jokers = self.__dict__["_jokers_found"] = joker_info(self.ruleset)
        return jokers

    @property
    def _words(self) -> dict[str, Any]:
        words = self.__dict__.get("_words_found")
        if words is None:
            words = self.__dict__["_words_found"] = header_words(self.header(self.game))
        return words

    def history_for(self, viewer: Viewer, delay_s: float = 0.0) -> tuple[list[dict[str, Any]], dict[str, Any] | None,
                                                                          bool, list[tuple[float, dict[str, Any]]],
                                                                          int]:
        """What a (re)joining ``viewer`` is sent: the deal's events so far as it may know them, the table after
        the last, and whether the hands are open.  With ``delay_s`` (a delayed spectator) only what happened at
        least that long ago; the rest is returned as ``(seconds from now, event message)`` to be sent when due.
        Last, the number (``seq``) of the last event these cover: the viewer must not be sent it, or any before
        it, again.
        """
        with self._lock:
            entries = list(self.deal_events)
            view, revealed = self.view, self.revealed
            upto = entries[-1][4] if entries else self.seq
        later: list[tuple[float, dict[str, Any]]] = []
        if delay_s > 0:
            now = time.monotonic()
            for event, after, open_, at, _ in entries:
                if at > now - delay_s:
                    message = event_message(event, after, open_, viewer, self.visibility)
                    if message is not None:
                        later.append((at + delay_s - now, message))
            entries = [e for e in entries if e[3] <= now - delay_s]
            view, revealed = (entries[-1][1], entries[-1][2]) if entries else (None, False)
        events = [v for v in (public_event(e[0], viewer, self.visibility) for e in entries) if v is not None]
        current = (redact_table_view(view, viewer, reveal=revealed, visibility=self.visibility)
                   if view is not None else None)
        return events, current, revealed, later, upto


def _with_discard(view: dict[str, Any], seat: int, tile: str, way: str | None) -> dict[str, Any]:
    """``view`` with ``seat``'s discard of ``tile`` made, as the engine makes it once the decision is logged: the
    one fold's discard (:func:`mahjong_core.fold`) on the referee's view."""
    table = FoldedTable.of_view(view)
    table.discard(table.seats[seat], {"tile": tile, "way": way})
    return table.view()


def limits_ms(tl: Any) -> dict[str, Any] | None:
    """The ruleset's time limits (a ``TimeLimits``, or ``None``) in milliseconds, as a page shows them."""
    if tl is None:
        return None
    pause = None if tl.chow_pause_min is None else \
        [int(tl.chow_pause_min * 1000), int((tl.chow_pause_max or tl.chow_pause_min) * 1000)]
    return {"move_ms": None if tl.move is None else int(tl.move * 1000),
            "claim_ms": None if tl.claim is None else int(tl.claim * 1000),
            "chow_pause_ms": pause, "game_ms": None if tl.game is None else int(tl.game * 1000)}


def tile_names(ruleset: Ruleset) -> dict[str, str]:
    """Every tile's English name by its code, the ruleset's own kinds (a red five, an animal, a joker) with the
    standard ones: the text alternative of each tile picture."""
    names = {k.code: k.name for k in KINDS}
    names.update({info.code: info.name for info in ruleset.tiles().kinds if info is not None})
    return names


def joker_info(ruleset: Ruleset) -> dict[str, Any]:
    """Where the ruleset's jokers are played (``jokers: {played: true}`` and a tile set holding them), what a page
    shows of them: whether a discarded joker is dead (``{"jokers": {"dead_when_discarded": true}}``); nothing
    elsewhere, so a table without played jokers is described as before.

    Where the set holds more than the one joker (typed jokers, ``1j``-``7j``) the page is told their codes
    (``codes``), so that it marks each of them discarded, not ``1j`` alone; and where a seat may still win on a
    discarded joker, taking it as another (``jokers.claimed_to_win_as``, the Vietnamese General), the kind it is
    taken as (``claimed_to_win_as``), so that the page does not call such a joker dead to every claim."""
    data = ruleset.get("jokers")
    tiles = ruleset.tiles()
    if not isinstance(data, Mapping) or not data.get("played", False) or not tiles.jokers:
        return {}
    info: dict[str, Any] = {"dead_when_discarded": bool(data.get("dead_when_discarded", True))}
    if len(tiles.jokers) > 1:
        info["codes"] = sorted(tiles.code(k) for k in tiles.jokers)
    won_as = data.get("claimed_to_win_as")
    if info["dead_when_discarded"] and isinstance(won_as, str) and tiles.kind_of(won_as) in tiles.jokers:
        info["claimed_to_win_as"] = won_as
    return {"jokers": info}


def _item_names(ruleset: Ruleset) -> dict[str, dict[str, str]]:
    """Each scoring row's English and native names by its key (:func:`mahjong_core.item_names`)."""
    from mahjong_core import item_names

    return item_names(ruleset)


def public_event(event: dict[str, Any], viewer: Viewer, visibility: Visibility = HIDE_MOST
                 ) -> dict[str, Any] | None:
    """An event as sent to ``viewer``: its live view without the running number (whose gaps would count the
    decisions the viewer may not see)."""
    view = live_event_view(event, viewer, visibility)
    if view is None:
        return None
    return {k: v for k, v in view.items() if k != "n"}


def event_message(event: dict[str, Any], view: dict[str, Any], revealed: bool, viewer: Viewer,
                  visibility: Visibility) -> dict[str, Any] | None:
    """The ``event`` message ``viewer`` is sent for an event and the full table after it, or ``None`` when the
    viewer is not to learn of the event: the one place a seat's or a spectator's event message is cut."""
    shown = public_event(event, viewer, visibility)
    if shown is None:
        return None
    return {"type": "event", "event": shown,
            "view": redact_table_view(view, viewer, reveal=revealed, visibility=visibility)}
