"""Replay and audit: re-run a logged game through the installed ruleset and compare.

Both re-run the engine with players that repeat the logged decisions, and
compare every event the engine produces with the logged one as it is produced:

* **replay** demands byte-identical lines (same seed, same ruleset, same
  decisions must give the same bytes) and names the first line that differs;
* **audit** validates every line against the schema, checks the tiles seen
  never exceed the set, and explains the first disagreement in the rules' own
  terms: an illegal decision, a tile the wall did not give, a score or a
  payment that does not add up.

A log without a seed (a game on a physical table) is audited against the
tiles it records: the wall's geometry is re-enacted with the recorded dice so
that the exhaustive draw and the replacement tiles come where the rules put
them, and each recorded tile is taken as drawn.  A score sheet's log
(:mod:`mahjong_core.sheets.record`) records no moves, only each deal's
revealed hands: it is re-enacted from them, and every score and payment must
come out the same.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import ENTRY_POINT_GROUP, HUMAN, ScriptedPlayer, installed_bots, make_bots
from mahjong_core.errors import MahjongError, ReplayError, RulesetError
from mahjong_core.log.chain import CHECKPOINTS, SEAL_FIELDS
from mahjong_core.log.fold import header_tile_set
from mahjong_core.log.format import ReplayLog, UndecodedEvents, dumps, parse_log, plugin_words_error, read_log
from mahjong_core.log.money import MOVES, money_problem
from mahjong_core.log.observed_wall import ObservedWall, deal_slices
from mahjong_core.log.platform_wall import PLATFORM_WALLS, PlatformWalls
from mahjong_core.log.recorded import READ_TYPES, differences
from mahjong_core.log.vocabulary import check_header as check_vocabulary
from mahjong_core.log.vocabulary import missing as missing_vocabulary
from mahjong_core.reading.strict_json import canonical, canonical_lines
from mahjong_core.rules import Ruleset, available, load_ruleset, load_ruleset_text
from mahjong_core.sheets.game import SheetGame
from mahjong_core.sheets.read import own_tiles
from mahjong_core.sheets.record import deals_of_log, has_revealed_deals
from mahjong_core.table.rng import ALGORITHM

if TYPE_CHECKING:
    from mahjong_core.engine.game import GameResult, Player
    from mahjong_core.table.wall import TileSource



@dataclass
class Verdict:
    """The result of a replay or an audit, printable and JSON-ready.

    :param line: the file's line where the first problem is (1 is the header), or ``None``.
    :param event: that line's event number, where it is an event.
    :param proof: what the check proved and what it took on trust (see :func:`_proof`): the wall, each
        seat's decisions, the hash chain and the signature.
    """

    mode: str
    source: str
    ok: bool
    events: int = 0
    deals: int = 0
    event: int | None = None
    error: str | None = None
    scores: list[int] = field(default_factory=list)
    ruleset: str = ""
    line: int | None = None
    proof: dict[str, Any] = field(default_factory=dict)
    #: The parsed log, for a report of its deals (:mod:`mahjong_core.audit.report`); ``None`` if unreadable.
    log: ReplayLog | None = field(default=None, repr=False, compare=False)
    #: ``"log"``, or ``"sheet"`` for a score sheet, whose lines hold no events.
    kind: str = "log"
    #: A score sheet's figures that the rules do not give (:meth:`mahjong_core.sheets.compare.Difference.to_json`).
    differences: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "source": self.source, "ok": self.ok, "events": self.events, "deals": self.deals,
            "line": self.line, "event": self.event, "error": self.error, "scores": self.scores,
            "ruleset": self.ruleset, "proof": self.proof,
            **({"kind": self.kind, "differences": self.differences} if self.kind != "log" else {}),
        }

    def fail(self, line: int | None, message: str) -> Verdict:
        self.ok, self.line, self.error = False, line, message
        self.event = line - 2 if line is not None and line >= 2 and self.kind == "log" else None
        return self

    def text(self) -> str:
        if self.ok:
            proven = "".join(f"\n  {k}: {v}" for k, v in self.proof.items() if k != "seats")
            by_status: dict[str, list[str]] = {}
            for seat in self.proof.get("seats", []):
                who, _, status = seat.partition(": ")
                by_status.setdefault(status, []).append(who)
            seats = "".join(f"\n  {', '.join(who)}: {status}" for status, who in by_status.items())
            return (f"{self.source}: {self.mode} OK - {self.events} events, {self.deals} deals, ruleset "
                    f"{self.ruleset}, final scores {', '.join(map(str, self.scores))}{proven}{seats}")
        if self.line is None:
            where = self.kind
        elif self.kind != "log":
            where = f"line {self.line}"
        elif self.event is None:
            where = f"line {self.line} (header)"
        else:
            where = f"line {self.line} (event {self.event})"
        return f"{self.source}::{where}: {self.mode} FAILED - {self.error}"


class Divergence(Exception):
    def __init__(self, n: int, message: str):
        super().__init__(message)
        self.n = n
        self.message = message


def _describe_difference(logged: dict[str, Any], produced: dict[str, Any], names: dict[int, str]) -> str:
    """What differs, in the terms of whoever decided it: the rules for the table's events, a bot for its own.

    A bot's decision that differs from the log is not a rule broken but a
    different choice: the re-played bot ``greedy-0`` would have made another
    one, and the message says which.
    """
    kind = produced.get("type")
    if logged.get("type") != kind:
        return (f"the log has a {logged.get('type')!r} event where the rules produce {kind!r} "
                f"({_short(produced)})")
    actor = produced.get("actor")
    who = names.get(actor) if kind == "decision" and type(actor) is int else None
    for key in sorted(set(logged) | set(produced)):
        have, want = logged.get(key, _MISSING), produced.get(key, _MISSING)
        if have is _MISSING or want is _MISSING or canonical(have) != canonical(want):
            if who is not None:
                return (f"decision event: field {key!r} is {_shown(have)} in the log, but the re-played bot "
                        f"{who} would have played {_shown(want)} ({_decision_text(produced)})")
            why = (" (SHA-256 of the deal's salt and the wall its seed gives: the salt, the wall or the "
                   "commitment is not the one committed to)") if key == "wall_commitment" else ""
            return (f"{kind} event: field {key!r} is {_shown(have)} in the log, but the rules give "
                    f"{_shown(want)}{why}")
    return f"{kind} event differs in its bytes (key order or spacing): it is not the canonical serialisation"


_MISSING = object()
#: A logged commitment salt: 1 to 64 bytes in lower-case hex (``schemas/replay.schema.json``).
_SALT = re.compile(r"(?:[0-9a-f]{2}){1,64}")


def _shown(value: Any) -> str:
    return "absent" if value is _MISSING else repr(value)


def _decision_text(event: dict[str, Any]) -> str:
    parts = [str(event.get("action"))]
    if "tile" in event:
        parts.append(str(event["tile"]))
    if event.get("tiles"):
        parts.append("+".join(map(str, event["tiles"])))
    if "after_ms" in event:
        parts.append(f"after {event['after_ms']} ms")
    return " ".join(parts)


def _short(event: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("n", "actor"))


class _Comparator:
    """Receives each produced event and checks it against the log, a deal at a time.

    Both checks compare serialised bytes, a deal at a time: one encoder call
    per deal (:func:`~mahjong_core.reading.strict_json.canonical_lines`)
    instead of one per event, and on any difference (or any error in between,
    which a difference may have caused) the first differing event is found
    and named.  The byte-for-byte replay holds every line to the bytes the
    rules produce; the audit accepts a line spelt otherwise whose value is the
    produced event's (a log written by another program), and explains a
    difference field by field.
    """

    def __init__(self, log: ReplayLog, byte_exact: bool, bots: dict[int, str] | None = None):
        self.log = log
        self.bots = bots or {}
        self.byte_exact = byte_exact
        self.k = 0
        self.total = len(log.events)
        self._pending: list[dict[str, Any]] = []
        self._start = 0

    def __call__(self, event: dict[str, Any]) -> None:
        k = self.k
        self.k += 1
        if k >= self.total:
            self.flush()
            raise Divergence(event["n"], f"the log ends before this {event['type']} event: it has only "
                                         f"{self.total} events")
        if event["type"] in CHECKPOINTS:
            self._pending.append(self._sealed(event, k))
            self.flush()
            return
        self._pending.append(event)

    def _sealed(self, event: dict[str, Any], k: int) -> dict[str, Any]:
        """The checkpoint with the logged line's seal fields: those are checked by the chain, not the rules."""
        logged = self.log.events[k]
        seal = {f: logged[f] for f in SEAL_FIELDS if f in logged}
        return {**event, **seal} if seal else event

    def flush(self) -> None:
        """Compare the events produced since the last flush with their lines in the log."""
        pending, start = self._pending, self._start
        if not pending:
            return
        self._pending, self._start = [], start + len(pending)
        lines = self.log.lines[start + 1: start + 1 + len(pending)]
        if canonical_lines(pending) == ("\n".join(lines) + "\n").encode("utf-8"):
            return
        for offset, event in enumerate(pending):
            k = start + offset
            line = dumps(event)
            # Compared as canonical JSON, not as Python values: 1 == 1.0 == True in Python, not in a log.
            if line != lines[offset] and (self.byte_exact or canonical(self.log.events[k]) != line):
                raise Divergence(k, _describe_difference(self.log.events[k], event, self.bots))


def check(path: str, mode: str = "replay", *, key: str | None = None) -> Verdict:
    """Replay (``mode="replay"``) or audit (``mode="audit"``) the log at ``path``; never raises for bad logs.

    :param key: the hex Ed25519 public key the log must be signed with (``audit --key``); without it a
        signed log's signatures are verified against the key its header names, and the verdict says so.

    Both first run with the events left undecoded but for the decisions
    (:class:`~mahjong_core.log.format.UndecodedEvents`), every line held to
    the bytes the rules produce; a log that fails that in any way is read
    again line by line, so that what is reported wrong with it is said as the
    strict reading says it (``_check`` says why an audit may do so).
    """
    if mode in ("replay", "audit"):
        try:
            verdict = _check(path, mode, key, decode_events=False)
        except Exception:  # noqa: BLE001 - whatever went wrong, the strict reading says it (or raises it again)
            verdict = Verdict(mode, str(path), ok=False)
        if verdict.ok:
            return verdict
        # The failed try's game is a web of cycles (a state and the players that refer back to it) that only the
        # cycle collector frees, and it holds the log's decisions: freed now, the second reading reuses that
        # memory instead of adding to it (replaying the largest log the reader accepts peaked at 99 MB without
        # this, at 83 MB with it).  Only for a log large enough to matter: a full collection costs in proportion
        # to everything the process holds, which in a long-lived process (a server, the test suite checking
        # thousands of small forged logs) is far more than a small log's re-reading.
        del verdict
        if _size(path) >= COLLECT_AFTER_BYTES:
            gc.collect()
    return _check(path, mode, key, decode_events=True)


#: A log at least this large has its failed fast try collected before it is read again (see :func:`check`).
COLLECT_AFTER_BYTES = 1 << 20


def _size(path: str) -> int:
    """The file's size, or 0 where it cannot be looked at (the strict reading then names what is wrong)."""
    try:
        return os.stat(path).st_size
    except (OSError, TypeError, ValueError):
        return 0


def _check(path: str, mode: str, key: str | None, *, decode_events: bool) -> Verdict:
    """One reading and re-run of the log; ``decode_events=False`` is the fast first try (see :func:`check`).

    An audit's fast try holds every line to the bytes the rules produce, as the replay does.  A line that equals
    the canonical serialisation of the event the engine produced there is valid by the schema and canonical by
    construction (the suite validates every ruleset's produced events against the schema), so the audit's strict
    line-by-line reading could only repeat what the comparison proves; any difference, error or line spelt
    otherwise sends the log to the strict reading, which then says what is wrong exactly as it always has.  Logs
    whose lines are input rather than output (a game of observed tiles, without a seed or walls in its header:
    its tiles; a score sheet's: its revealed hands) are read strictly at once.  An imported game whose walls the
    header gives (rebuilt from its platform's seed, or written out) has only its header as input, which both
    readings check alike; a log with a plugin's words has those lines checked against the schema its words
    extend once the comparison passes (:func:`~mahjong_core.log.format.plugin_words_error`).
    """
    verdict = Verdict(mode, str(path), ok=False)
    try:
        log = read_log(path, validate_events=(mode == "audit" and decode_events), decode_events=decode_events)
        if not decode_events and mode == "audit" and not _fast_audit_applies(log.header):
            return verdict  # not ok: read strictly
        if log.header["rng"] is None and mode == "replay":
            # A physical log's tiles are input to the re-run, not only output to compare: check them first.
            log = read_log(path, validate_events=True)
    except MahjongError as exc:
        return verdict.fail(_line_number(exc.place), exc.message)
    return check_parsed(log, mode, key, verdict)


def _fast_audit_applies(head: dict[str, Any]) -> bool:
    """Whether an audit may first try the byte-for-byte comparison (see :func:`_check`): every event line is the
    rules' output -- a seeded game's, or an imported game's whose walls its header gives (``source.wall``)."""
    source = head.get("source")
    if head["rng"] is not None:
        return source is None
    return isinstance(source, dict) and isinstance(source.get("wall"), dict)


def check_parsed(log: ReplayLog, mode: str, key: str | None = None, verdict: Verdict | None = None, *,
                 played: tuple[Game, GameResult] | None = None) -> Verdict:
    """Replay or audit a log already read (:func:`~mahjong_core.log.format.parse_log`); never raises for bad logs.

    :param played: the game the log was written from and its result, instead of a re-play (:func:`audit_played`).
    """
    if verdict is None:
        verdict = Verdict(mode, log.source, ok=False)
    verdict.events = len(log.events)
    verdict.log = log
    try:
        verdict = _run(log, mode, verdict, played)
    except ReplayError as exc:
        verdict.fail(_line_number(exc.place), exc.message)
    except MahjongError as exc:
        verdict.fail(None, str(exc))
    _incomplete(log, verdict)
    return _seal_verdict(log, verdict, key)


def audit_played(data: bytes, source: str, game: Game, result: GameResult) -> Verdict:
    """The audit's verdict on a log just written from a game the engine played to its end, without a second play.

    For ``mahjong import --audit``: the import plays each recorded game through the engine (every move one the
    rules offered there, every hand scored and every payment settled by them, every tile the one its wall gives)
    and writes the log ``data`` (to ``source``) from the very events that play produced.  The audit of that log
    would re-play its decisions and find each line to be the canonical text of the event the rules produce there
    -- the lines *are* those events' canonical text -- so that comparison is proven by construction, and what
    remains is everything else the audit does, done here by the same code on the same parsed log: the header
    against the installed ruleset, the seats and teams, the plugin words' schema, the points conserved event by
    event, the platform's recorded figures against ours, what the header's options did to the game, the seal,
    and the verdict's proof.  The verdict (its text, its JSON) is the one :func:`check` gives the written log.

    :param game: the game that produced the log's events, after its last deal; ``result`` what ``play()`` returned.
    """
    try:
        log = parse_log(data, source=source, validate_events=False, decode_events=False)
    except MahjongError as exc:
        return Verdict("audit", source, ok=False).fail(_line_number(exc.place), exc.message)
    return check_parsed(log, "audit", played=(game, result))


def _incomplete(log: ReplayLog, verdict: Verdict) -> None:
    """An imported log that says itself it stops short (``source.refused``) fails, with what it says first: the
    move its import refused, where and why; what the re-play found where the log ends follows."""
    source = log.header.get("source") if isinstance(log.header, dict) else None
    if not isinstance(source, dict) or not isinstance(source.get("refused"), dict):
        return
    refused = source["refused"]
    seat = refused.get("seat")
    who = f", seat {seat}" if seat is not None else ""
    at = f"the record's move {refused['move']!r} at " if refused.get("move") else ""
    said = (f"the log is incomplete: its import from {source.get('platform')} stopped in deal {refused.get('deal')}"
            f"{who}, {at}{refused.get('place')}: {refused.get('reason')}")
    if verdict.ok:
        verdict.fail(None, said)
    else:
        verdict.error = f"{said} (the re-play, where the log ends: {verdict.error})"


def _seal_verdict(log: ReplayLog, verdict: Verdict, key: str | None) -> Verdict:
    """Fold what the seal proves into the verdict.

    A broken chain is reported where it breaks unless the re-run found a
    wrong line before it: that line is the more exact place, since the chain
    can only say that something between two checkpoints changed.
    """
    integrity = log.integrity
    signer = integrity.signed_by
    # Whose log this is comes first: a log not signed by the given key is not the one asked about.
    if key is not None and signer is None:
        return verdict.fail(1, "the log is not signed, but a key to verify it with was given")
    if key is not None and signer != key:
        return verdict.fail(1, f"the log is signed by the key {signer}, not by the given key {key}")
    if integrity.broken is not None:
        line, message = integrity.broken
        if verdict.ok or verdict.line is None or verdict.line > line:
            return verdict.fail(line, message)
        verdict.error = f"{verdict.error} (the seal is broken too, at line {line}: {message})"
        return verdict
    verdict.proof["chain"] = integrity.describe_chain()
    if signer is None:
        verdict.proof["signature"] = "absent: the log is not signed"
    elif key is None:
        verdict.proof["signature"] = (f"valid at {integrity.chained} checkpoints for the key the header names, "
                                      f"{signer} (give --key to check whose key that is)")
    else:
        verdict.proof["signature"] = f"verified at {integrity.chained} checkpoints: signed by {signer}"
    return verdict


def _line_number(place: str | None) -> int | None:
    """The file line a place names: ``line N`` as is, ``event N`` as line N + 2."""
    if not place:
        return None
    word, _, rest = place.partition(" ")
    try:
        number = int(rest.split()[0])
    except (ValueError, IndexError):
        return None
    if word == "line":
        return number
    if word == "event":
        return number + 2
    return None


def _run(log: ReplayLog, mode: str, verdict: Verdict, played: tuple[Game, GameResult] | None = None) -> Verdict:
    """Check the header against the ruleset, re-play the log (or take ``played``: see :func:`audit_played`) and
    judge what the game came to."""
    head = log.header
    missing_vocabulary(head, log.source)  # before the ruleset: it may be the plugin's that is missing
    rid = head["ruleset"]["id"]
    document = head["ruleset"].get("document")
    if document is not None:
        try:
            ruleset = load_ruleset_text(document, f"{log.source}::line 1 (the ruleset it embeds)")
        except RulesetError as exc:
            raise ReplayError(f"the ruleset the log embeds does not load here: {exc}", source=log.source,
                              place="line 1") from None
        if ruleset.id != rid:
            raise ReplayError(f"the embedded ruleset is {ruleset.id!r}, but the header names {rid!r}",
                              source=log.source, place="line 1")
    elif rid not in available():
        raise ReplayError(f"the log's ruleset {rid!r} is not installed; installed: {', '.join(sorted(available()))}",
                          source=log.source, place="line 1")
    else:
        ruleset = load_ruleset(rid)
    verdict.ruleset = ruleset.identity
    what = "the ruleset it embeds" if document is not None else "the installed ruleset"
    for key, have in (("version", ruleset.version), ("sha256", ruleset.sha256)):
        if head["ruleset"][key] != have:
            named = "".join(f"; its hash covers the {name} file it names, {file['path']}, whose content may have "
                            f"changed" for name, file in sorted(ruleset.files.items()) if key == "sha256")
            raise ReplayError(f"the log was played under {rid} {key} {head['ruleset'][key]}, {what} has {have}"
                              f"{named}", source=log.source, place="line 1")
    check_vocabulary(head, ruleset, log.source)
    rng = head["rng"]
    if rng is not None and rng["algorithm"] != ALGORITHM:
        raise ReplayError(f"unknown generator {rng['algorithm']!r}; this version implements {ALGORITHM}",
                          source=log.source, place="line 1")
    check_seats(log, int(ruleset.param("players")))
    points = ruleset.starting_points()
    if head.get("starting_points", 0) != points:
        raise ReplayError(f"the header's starting_points {head.get('starting_points', 0)} are not the ruleset's, "
                          f"{points}", source=log.source, place="line 1")
    _check_tile_set(head, ruleset, log.source)
    players = _players(log, mode, replaying=played is None)
    if played is not None:  # the game the log was written from, played once: nothing to re-play
        game, result = played
        _check_teams(log, game)
        return _judged(log, mode, verdict, game, result, players, revealed=False)
    bots = {n: p.name for n, p in enumerate(players) if not isinstance(p, ScriptedPlayer)}
    comparator = _Comparator(log, byte_exact=(mode == "replay" or isinstance(log.events, UndecodedEvents)), bots=bots)
    options = head["options"]
    factory: Callable[[Game], TileSource] | None = None
    revealed = rng is None and has_revealed_deals(log.events)
    platform_wall = (head.get("source") or {}).get("wall") if rng is None else None
    if platform_wall is not None and not revealed:
        factory = PlatformWalls(platform_wall, log.source)  # each deal's wall rebuilt from the platform's seed
    elif rng is None and not revealed:
        slices = deal_slices(log)

        def observed(game: Game) -> ObservedWall:
            number = game.table.deal_number
            if number >= len(slices):
                raise ReplayError(f"the rules call for deal {number + 1}, but the log has {len(slices)} deals",
                                  source=log.source)
            return ObservedWall(game, slices[number], log.source)

        factory = observed

    salts = _logged_salts(log, comparator) if rng is not None and rng.get("salts") == "logged" else None
    try:
        if revealed:
            game = _sheet_game(log, ruleset, comparator)
        else:
            game = Game(ruleset, players, None if rng is None else rng["seed"], emit=comparator,
                        max_deals=options.get("max_deals"), max_rounds=options.get("max_rounds"),
                        tile_source_factory=factory, salts=salts, first_round=options.get("first_round", 0),
                        opening=options.get("opening"))
        _check_teams(log, game)
        result = game.play()
    except Divergence as div:
        return verdict.fail(div.n + 2, div.message)
    except MahjongError as exc:
        try:
            comparator.flush()  # an event before the error may already differ from the log: name it first
        except Divergence as div:
            return verdict.fail(div.n + 2, div.message)
        if isinstance(exc, ReplayError):
            if exc.place is None or not exc.place.startswith(("event", "line")):
                exc.place = f"event {comparator.k}"
            raise
        where = _line_number(exc.place)
        return verdict.fail(where if where is not None else comparator.k + 2,
                            f"the rules reject the log here: {exc.message}")
    except Exception:
        try:
            comparator.flush()  # a difference the deal's comparison has not reached yet is what to name, if any
        except Divergence as div:
            return verdict.fail(div.n + 2, div.message)
        raise
    try:
        comparator.flush()
    except Divergence as div:
        return verdict.fail(div.n + 2, div.message)
    if comparator.k != len(log.events):
        return verdict.fail(comparator.k + 2, f"the game is over after {comparator.k} events, but the log goes "
                                              f"on to {len(log.events)}")
    return _judged(log, mode, verdict, game, result, players, revealed)


def _check_teams(log: ReplayLog, game: Game) -> None:
    """The header's teams are the seating the ruleset gives the game."""
    if game.table.teams != log.header["teams"]:
        raise ReplayError(f"teams {canonical(log.header['teams'])} are not this ruleset's seating, which is "
                          f"{canonical(game.table.teams)}", source=log.source, place="line 1")


def _judged(log: ReplayLog, mode: str, verdict: Verdict, game: Game, result: GameResult, players: list[Player],
            revealed: bool) -> Verdict:
    """What a game whose every event is the log's line came to: the audit's checks of the points and of the
    recorded result, then the verdict with what it proved."""
    options = log.header["options"]
    recorded = None
    if mode == "audit":
        # Where every line is proven the canonical text of a produced event, only the lines that the checks below
        # read are decoded: the plugin's words, the money's, and the ones the recorded result is compared with.
        lines = isinstance(log.events, UndecodedEvents)
        if lines and "vocabulary" in log.header:
            problem = plugin_words_error(log)
            if problem is not None:
                return verdict.fail(_line_number(problem.place), problem.message)
        moves = log.events.of_types(MOVES) if isinstance(log.events, UndecodedEvents) else log.events
        error = money_problem(log.header, moves)
        if error:
            return verdict.fail(error[0] + 2, error[1])
        recorded = _recorded_result(log)
        if recorded and recorded[0] is not None:
            return verdict.fail(recorded[0], recorded[1])
    verdict.ok = True
    verdict.deals = result.deals
    verdict.scores = result.scores
    verdict.proof = _proof(log, mode, players, revealed)
    if not revealed:
        verdict.proof["options"] = _options_effect(game, options)
    if mode == "audit" and recorded:
        verdict.proof["recorded"] = recorded[1]
    return verdict


def _check_tile_set(head: dict[str, Any], ruleset: Ruleset, source: str) -> None:
    """The header's ``tile_set`` (written where a score sheet's revealed hands are in a set of the ruleset's own)
    against the ruleset's: a fold lays the hands' tiles by it, so one that disagrees would show them wrongly."""
    if "tile_set" not in head:
        return
    tiles = own_tiles(ruleset)
    want = header_tile_set(tiles) if tiles is not None else None
    if head["tile_set"] != want:
        raise ReplayError(f"the header's tile_set {canonical(head['tile_set'])} is not the ruleset's, "
                          f"{'none (its tiles are the standard set)' if want is None else canonical(want)}",
                          source=source, place="line 1")


def _recorded_result(log: ReplayLog) -> tuple[int | None, str] | None:
    """An imported log's recorded result against the rules': ``None`` for a log of ours, else ``(None, what
    agrees)`` or ``(line, every difference)`` at the line of the game's end."""
    source = log.header.get("source")
    if source is None:
        return None
    events = log.events.of_types(READ_TYPES) if isinstance(log.events, UndecodedEvents) else log.events
    found = differences(log.header, events)
    if not found:
        if "deals" in source["recorded"]:
            return None, f"agrees with {source['platform']}'s recorded result: {_what_is_recorded(source['recorded'])}"
        return None, f"agrees with {source['platform']}'s recorded result (winner, hand value, fans, scores)"
    end = next((k for k in range(len(log.events) - 1, -1, -1) if log.events[k].get("type") == "game_end"), 0)
    return end + 2, f"{len(found)} recorded figure(s) differ from the rules: " + "; ".join(found)


def _what_is_recorded(recorded: dict[str, Any]) -> str:
    """What a record of deals holds, so that an agreement claims no more than was compared (an mjai log of the
    old dialect records each deal's end and winners only)."""
    deals = recorded["deals"]
    wins = [w for d in deals for w in d.get("wins", ())]
    said = ["every deal's end"]
    said.append("every win's points, han, fu, limit and items" if any("points" in w for w in wins)
                else "every winner")
    if any("ready" in d for d in deals):
        said.append("the ready seats")
    if any("scores" in d for d in deals):
        said.append("every seat's points after each deal" + (" and at the end" if "final" in recorded else ""))
    return ", ".join(said)


def _logged_salts(log: ReplayLog, comparator: _Comparator) -> Callable[[Game], bytes]:
    """Each deal's commitment salt as its ``deal_start`` line records it, for a log whose salts are random.

    The salt is an input of such a log, read as a decision's timing is: the
    re-run commits to the wall the seed gives with the logged salt, so a salt
    or a wall that was changed gives another commitment than the logged one,
    and the comparison names that line.
    """
    starts = [k for k, event in enumerate(log.events) if event.get("type") == "deal_start"]
    taken = 0

    def salt(game: Game) -> bytes:
        nonlocal taken
        if taken >= len(starts):
            raise ReplayError(f"the rules start deal {taken + 1}, but the log has {len(starts)} deal_start lines",
                              source=log.source, place=f"line {comparator.k + 2}")
        k = starts[taken]
        taken += 1
        value = log.events[k].get("salt", _MISSING)
        if not (isinstance(value, str) and _SALT.fullmatch(value)):
            raise ReplayError(f"deal_start event: field 'salt' is {_shown(value)}; the header's rng.salts "
                              "'logged' says every deal_start holds its commitment's salt, 1 to 64 bytes in "
                              "lower-case hex", source=log.source, place=f"line {k + 2}")
        return bytes.fromhex(value)

    return salt


def _options_effect(game: Game, options: dict[str, Any]) -> str:
    """What the header's options did to the game, for the verdict.

    An option is checked by the re-run only where it binds: one that ends
    the game early must end it where the log ends, but one that never came
    into play (a ``max_rounds`` past the rules' own end, say) changes
    nothing the re-run could contradict.  Such an option is not refused --
    a simulation asked for at most 1,000 deals writes it honestly -- but the
    verdict says it had no effect, so that nothing in the header passes as
    proven that the re-run did not use.
    """
    table = game.table
    reached = {"max_deals": table.deal_number, "max_rounds": table.round_index}
    limits = sorted(key for key in options if key in reached)  # a format 1 log's bots: checked by check_seats
    if not limits:
        return "none: the game ended by the ruleset's own rule"
    rules_end = bool(game.hook.mahjong_game_over(ruleset=game.ruleset, table=table))
    said = []
    for key in limits:
        limit = options[key]
        if reached[key] < limit:
            said.append(f"{key} {limit} had no effect (the game ended by the ruleset's rule first)")
        elif rules_end:
            said.append(f"{key} {limit} had no effect (the ruleset's rule ends the game there too)")
        else:
            said.append(f"{key} {limit} ended the game (the ruleset's rule would have gone on)")
    return "; ".join(said)


def _sheet_game(log: ReplayLog, ruleset: Ruleset, emit: Callable[[dict[str, Any]], None]) -> Game:
    """The re-enactment of a score sheet's log: its deals as revealed, scored and settled again by the rules."""
    deals = deals_of_log(log, own_tiles(ruleset))
    others = sorted(set(log.header["options"]) - {"max_deals"})
    if others:
        raise ReplayError(f"a score sheet's log has no option but max_deals; options.{others[0]} would be taken on "
                          "trust (its deals are the sheet's, not played)", source=log.source, place="line 1")
    if log.header["options"].get("max_deals") != len(deals):
        raise ReplayError(f"a score sheet's log plays exactly its {len(deals)} revealed deals: options.max_deals "
                          f"must be {len(deals)}", source=log.source, place="line 1")

    def locate(message: str, place: str) -> MahjongError:
        return ReplayError(message, source=log.source, place=place.split(".", 1)[0])

    return SheetGame(ruleset, [s["name"] for s in log.header["seats"]], deals, locate=locate, emit=emit)


def _proof(log: ReplayLog, mode: str, players: list[Player], revealed: bool = False) -> dict[str, Any]:
    """What a passing check proved, and what it could only take on trust."""
    seeded = log.header["rng"] is not None
    if revealed:
        return {"wall": "not recorded: a score sheet gives each deal's hands as they were laid down, so the "
                        "draws and discards that led there are taken on trust, whose discard (or robbed kong) "
                        "the winning tile was and who had declared calling among them: checked only against the "
                        "rest of each deal",
                "seats": [f"seat {s['seat']} ({s['name']}, {s['kind']}): hands as revealed; every hand value and "
                          f"payment recomputed by the rules" for s in log.header["seats"]]}
    platform_wall = (log.header.get("source") or {}).get("wall")
    if not seeded and platform_wall is not None and platform_wall.get("algorithm") == "recorded":
        wall = "as recorded: each deal's wall laid out from the tiles the platform's record shows (dealt, drawn, " \
               "taken as replacements, turned as indicators), the tiles it never shows filled in by kind; every " \
               "tile taken and turned is the one that wall gives, and no seed verifies it"
    elif not seeded and platform_wall is not None:
        said = PLATFORM_WALLS.get(str(platform_wall.get("algorithm")), str(platform_wall.get("algorithm")))
        wall = f"verified from {said}: every tile dealt, drawn and taken as a replacement, and every indicator " \
               f"turned, is the one the wall rebuilt from the seed ({platform_wall.get('algorithm')}) gives"
    elif not seeded:
        wall = "tiles as observed: the log has no seed, so each recorded tile was taken as drawn (never more " \
               "copies than the set holds)"
    elif mode == "audit":
        wall = "verified: every tile dealt and drawn follows from the seed, and every deal's commitment opens"
        if log.header["rng"].get("salts") == "logged":
            wall += " with the salt its deal_start line records"
    elif log.header["rng"].get("salts") == "logged":
        wall = "from the seed and the logged salts: every line re-simulated byte for byte"
    else:
        wall = "from the seed: every line re-simulated byte for byte"
    seats = []
    for seat, player in zip(log.header["seats"], players, strict=True):
        who = f"seat {seat['seat']} ({seat['name']}, {seat['kind']})"
        if not isinstance(player, ScriptedPlayer):
            seats.append(f"{who}: re-played by the bot, every decision and its timing checked")
        elif mode == "replay":
            seats.append(f"{who}: decisions repeated from the log")
        else:
            seats.append(f"{who}: decisions checked for legality only (a person's, or a bot's without a seed)")
    return {"wall": wall, "seats": seats}


def check_seats(log: ReplayLog, players: int) -> None:
    """The header's seats are the ruleset's, in order, and a format 1 log's ``options.bots`` agrees with them.

    :raises ReplayError: at line 1, naming the field.
    """
    seats = log.header["seats"]
    if len(seats) != players:
        raise ReplayError(f"the header seats {len(seats)} players; this ruleset seats {players}",
                          source=log.source, place="line 1")
    for i, seat in enumerate(seats):
        if seat["seat"] != i:
            raise ReplayError(f"seats[{i}] is seat {seat['seat']}; seats are listed in order from 0",
                              source=log.source, place="line 1")
    bots = log.header["options"].get("bots")
    if bots is not None:
        kinds = [s["kind"] for s in seats]
        if len(bots) != len(kinds) or any(b is not None and b != k for b, k in zip(bots, kinds, strict=False)):
            raise ReplayError(f"options.bots {canonical(bots)} disagrees with the seats' kinds {canonical(kinds)}",
                              source=log.source, place="line 1")


def _players(log: ReplayLog, mode: str, *, replaying: bool = True) -> list[Player]:
    """Who makes the decisions in the re-run (``replaying``; otherwise who made them, for the verdict's proof,
    each seat's logged decisions left unread: the game that made them is judged, not re-played).

    For an audit, a seat the header names as an installed bot (bundled or
    third-party), in a seeded game, is played by that bot again: a seeded bot
    game is fully determined by its seed, so every recorded decision -- its
    timing included -- is checked, not merely repeated; and the bot's seat
    name must be the one the bot is given.  A seat named as a bot that is not
    installed here cannot be checked that way, and the audit says so rather
    than pass it unchecked -- in a game without a seed too, where no bot is
    re-played but a kind nobody can recognise would still reach the verdict
    as a claim about who played.  A ``"human"`` seat, every seat of a game
    without a seed, and every seat in the faster byte-for-byte replay repeat
    their recorded decisions; the verdict says which seats were which.  The
    replay takes the kinds as written (it needs no bots, and says each seat's
    decisions were repeated from the log).
    """
    players: list[Player] = []
    bots = installed_bots()
    rng = log.header["rng"] if mode == "audit" else None
    for seat in log.header["seats"]:
        kind, number = seat["kind"], seat["seat"]
        if mode == "audit" and rng is None and kind != HUMAN and kind not in bots:
            raise ReplayError(f"seats[{number}].kind is {kind!r}, which is neither {HUMAN!r} (a person) nor an "
                              f"installed bot (installed: {', '.join(bots) or 'none'}; a bot is installed through "
                              f"the {ENTRY_POINT_GROUP!r} entry-point group)", source=log.source, place="line 1")
        if rng is not None and kind in bots:
            try:
                bot = make_bots([kind] * (number + 1), rng["seed"])[number]
            except MahjongError as exc:  # an installed bot that cannot be imported or started
                raise ReplayError(f"seat {number}'s bot: {exc.message}", source=log.source, place="line 1") from None
            if seat["name"] != bot.name:
                raise ReplayError(f"seat {number} is named {seat['name']!r}, but the bot {kind!r} in that seat is "
                                  f"named {bot.name!r}", source=log.source, place="line 1")
            players.append(bot)
        elif rng is not None and kind != HUMAN:
            raise ReplayError(f"seat {number} was played by the bot {kind!r}, which is not installed here "
                              f"(installed: {', '.join(bots) or 'none'}; a bot is installed through "
                              f"the {ENTRY_POINT_GROUP!r} entry-point group), so its decisions cannot be checked; "
                              f"install it to audit this log, or re-play the log, which needs no bots; a person's "
                              f"seat has the kind {HUMAN!r}", source=log.source, place="line 1")
        else:
            decisions = log.decisions(seat["seat"]) if replaying else iter(())
            players.append(ScriptedPlayer(seat["name"], decisions, source=log.source))
    return players
