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
them, and each recorded tile is taken as drawn.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .engine import Game
from .errors import MahjongError, ReplayError
from .players import ENTRY_POINT_GROUP, ScriptedPlayer, installed_bots, make_bots
from .replay_log import ReplayLog, dumps, dumps_all, read_log
from .rng import ALGORITHM
from .tiles import KINDS

if TYPE_CHECKING:
    from .engine import Player

_CODE_TO_KIND = {k.code: k.index for k in KINDS}


@dataclass
class Verdict:
    """The result of a replay or an audit, printable and JSON-ready."""

    mode: str
    source: str
    ok: bool
    events: int = 0
    deals: int = 0
    event: int | None = None
    error: str | None = None
    scores: list[int] = field(default_factory=list)
    ruleset: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode, "source": self.source, "ok": self.ok, "events": self.events, "deals": self.deals,
            "event": self.event, "error": self.error, "scores": self.scores, "ruleset": self.ruleset,
        }

    def text(self) -> str:
        if self.ok:
            return (f"{self.source}: {self.mode} OK - {self.events} events, {self.deals} deals, ruleset "
                    f"{self.ruleset}, final scores {self.scores}")
        where = f"event {self.event}" if self.event is not None else "log"
        return f"{self.source}::{where}: {self.mode} FAILED - {self.error}"


class Divergence(Exception):
    def __init__(self, n: int, message: str):
        super().__init__(message)
        self.n = n
        self.message = message


def _describe_difference(logged: dict[str, Any], produced: dict[str, Any]) -> str:
    kind = produced.get("type")
    if logged.get("type") != kind:
        return (f"the log has a {logged.get('type')!r} event where the rules produce {kind!r} "
                f"({_short(produced)})")
    for key in sorted(set(logged) | set(produced)):
        if logged.get(key) != produced.get(key):
            return (f"{kind} event: field {key!r} is {logged.get(key)!r} in the log, but the rules give "
                    f"{produced.get(key)!r}")
    return f"{kind} event differs in its bytes (key order or spacing): it is not the canonical serialisation"


def _short(event: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("n", "actor"))


class _Comparator:
    """Receives each produced event and checks it against the log.

    The audit compares each event's fields as it comes.  The byte-for-byte
    replay compares serialised bytes, a deal at a time: one encoder call per
    deal instead of one per event, and on any difference (or any error in
    between, which a difference may have caused) the first differing event is
    found and named.
    """

    def __init__(self, log: ReplayLog, byte_exact: bool):
        self.log = log
        self.byte_exact = byte_exact
        self.k = 0
        self._pending: list[dict[str, Any]] = []
        self._start = 0

    def __call__(self, event: dict[str, Any]) -> None:
        k = self.k
        self.k += 1
        if k >= len(self.log.events):
            self.flush()
            raise Divergence(event["n"], f"the log ends before this {event['type']} event: it has only "
                                         f"{len(self.log.events)} events")
        if self.byte_exact:
            self._pending.append(event)
            if event["type"] in ("deal_end", "game_end"):
                self.flush()
            return
        logged = self.log.events[k]
        if logged != event:
            raise Divergence(k, _describe_difference(logged, event))

    def flush(self) -> None:
        """Compare the events produced since the last flush with their lines in the log."""
        pending, start = self._pending, self._start
        if not pending:
            return
        self._pending, self._start = [], start + len(pending)
        lines = self.log.lines[start + 1: start + 1 + len(pending)]
        if dumps_all(pending) == "[" + ",".join(lines) + "]":
            return
        for offset, event in enumerate(pending):
            k = start + offset
            if dumps(event) != self.log.lines[k + 1]:
                raise Divergence(k, _describe_difference(self.log.events[k], event))


class ObservedWall:
    """The tiles of a physical game, as its log records them.

    A shadow wall of blank tiles re-enacts the ceremony with the recorded dice
    and every take, so live counts, loose tiles and the exhaustive draw follow
    the rules, not the log's word; the tiles themselves come from the log, and
    no kind may be seen more often than the tile set holds it.
    """

    def __init__(self, game: Game, deal_events: list[dict[str, Any]], source: str):
        from .wall import Wall

        self.source = source
        throws = [e["values"] for e in deal_events if e.get("type") == "wall_dice"]
        ruleset = game.ruleset
        self._shadow = Wall.from_order(
            [0] * len(game.tile_set), ruleset.param("wall_ceremony"), dice=throws,
            players=game.table.players, exhaustive_draw_tiles_left=int(ruleset.param("exhaustive_draw_tiles_left")))
        self.events = self._shadow.events
        self.ceremony = self._shadow.ceremony
        self._copies = Counter(game.tile_set)
        self._seen: Counter[int] = Counter()
        self._dealer = game.table.dealer
        hands = next((e for e in deal_events if e.get("type") == "hands"), None)
        self._hands = hands
        self._draws = iter([e for e in deal_events if e.get("type") == "draw"])
        self._replacements = iter([e for e in deal_events if e.get("type") == "replacement"])
        self._last_draw = -1

    def _take(self, code: object, n: int) -> int:
        kind = _CODE_TO_KIND.get(code) if isinstance(code, str) else None
        if kind is None:
            raise ReplayError(f"not a tile: {code!r}", source=self.source, place=f"event {n}")
        self._seen[kind] += 1
        if self._seen[kind] > self._copies[kind]:
            raise ReplayError(f"tile {code} seen {self._seen[kind]} times; the tile set has "
                              f"{self._copies[kind]}", source=self.source, place=f"event {n}")
        return kind

    def deal(self, players: int) -> list[list[int]]:
        self._shadow.deal(players)
        if self._hands is None:
            raise ReplayError("the deal records no hands", source=self.source)
        hands = self._hands["hands"]
        return [[self._take(c, self._hands["n"]) for c in hands[(self._dealer + i) % players]]
                for i in range(players)]

    def draw(self) -> int:
        self._shadow.draw()
        event = next(self._draws, None)
        if event is None:
            raise ReplayError("the rules call for a draw here, but the log records no more draws",
                              source=self.source)
        self._last_draw = self._take(event.get("tile"), event["n"])
        return self._last_draw

    def undraw(self) -> int:
        """A late pung took the turn back: the drawn tile goes back on the wall, to be drawn again."""
        self._shadow.undraw()
        self._seen[self._last_draw] -= 1
        return self._last_draw

    def draw_replacement(self) -> int:
        self._shadow.draw_replacement()
        event = next(self._replacements, None)
        if event is None:
            raise ReplayError("the rules call for a replacement tile here, but the log records none",
                              source=self.source)
        return self._take(event.get("tile"), event["n"])

    def live_count(self) -> int:
        return self._shadow.live_count()

    def loose_count(self) -> int:
        return self._shadow.loose_count()

    def commitment(self, salt: bytes) -> str:
        raise ReplayError("a physical game has no wall commitment", source=self.source)


def _deal_slices(log: ReplayLog) -> list[list[dict[str, Any]]]:
    slices: list[list[dict[str, Any]]] = []
    for event in log.events:
        if event.get("type") == "deal_start":
            slices.append([])
        if slices:
            slices[-1].append(event)
    return slices


def check(path: str, mode: str = "replay") -> Verdict:
    """Replay (``mode="replay"``) or audit (``mode="audit"``) the log at ``path``; never raises for bad logs.

    The replay first runs with the events left undecoded but for the
    decisions (:class:`~mahjong_core.replay_log.UndecodedEvents`); a log that
    fails it is read again line by line, so that what is reported wrong with
    it is said the same way as in an audit.
    """
    if mode == "replay":
        verdict = _check(path, mode, decode_events=False)
        if verdict.ok:
            return verdict
    return _check(path, mode, decode_events=True)


def _check(path: str, mode: str, *, decode_events: bool) -> Verdict:
    verdict = Verdict(mode, str(path), ok=False)
    try:
        log = read_log(path, validate_events=(mode == "audit"), decode_events=decode_events)
        verdict.events = len(log.events)
        return _run(log, mode, verdict)
    except ReplayError as exc:
        verdict.error = exc.message
        verdict.event = _event_number(exc.place)
        return verdict
    except MahjongError as exc:
        verdict.error = str(exc)
        return verdict


def _event_number(place: str | None) -> int | None:
    if place and place.startswith("event "):
        try:
            return int(place.split()[1])
        except ValueError:
            return None
    if place and place.startswith("line "):
        try:
            return int(place.split()[1]) - 2
        except ValueError:
            return None
    return None


def _run(log: ReplayLog, mode: str, verdict: Verdict) -> Verdict:
    from .rules import available, load_ruleset

    head = log.header
    rid = head["ruleset"]["id"]
    if rid not in available():
        raise ReplayError(f"the log's ruleset {rid!r} is not installed; installed: {', '.join(sorted(available()))}",
                          source=log.source, place="line 1")
    ruleset = load_ruleset(rid)
    verdict.ruleset = ruleset.identity
    for key, have in (("version", ruleset.version), ("sha256", ruleset.sha256)):
        if head["ruleset"][key] != have:
            raise ReplayError(f"the log was played under {rid} {key} {head['ruleset'][key]}, the installed "
                              f"ruleset has {have}", source=log.source, place="line 1")
    rng = head["rng"]
    if rng is not None and rng["algorithm"] != ALGORITHM:
        raise ReplayError(f"unknown generator {rng['algorithm']!r}; this version implements {ALGORITHM}",
                          source=log.source, place="line 1")
    players = _players(log, rng if mode == "audit" else None)
    comparator = _Comparator(log, byte_exact=(mode == "replay"))
    options = head.get("options", {})
    factory = None
    if rng is None:
        slices = _deal_slices(log)

        def factory(game: Game) -> ObservedWall:
            number = game.table.deal_number
            if number >= len(slices):
                raise ReplayError(f"the rules call for deal {number}, but the log has {len(slices)} deals",
                                  source=log.source)
            return ObservedWall(game, slices[number], log.source)

    try:
        game = Game(ruleset, players, None if rng is None else rng["seed"], emit=comparator,
                    max_deals=options.get("max_deals"), max_rounds=options.get("max_rounds"),
                    tile_source_factory=factory)
        result = game.play()
    except Divergence as div:
        verdict.event, verdict.error = div.n, div.message
        return verdict
    except MahjongError as exc:
        try:
            comparator.flush()  # an event before the error may already differ from the log: name it first
        except Divergence as div:
            verdict.event, verdict.error = div.n, div.message
            return verdict
        if isinstance(exc, ReplayError):
            if exc.place is None or not exc.place.startswith("event"):
                exc.place = f"event {comparator.k}"
            raise
        where = _event_number(exc.place)
        verdict.event = where if where is not None else comparator.k
        verdict.error = f"the rules reject the log here: {exc.message}"
        return verdict
    try:
        comparator.flush()
    except Divergence as div:
        verdict.event, verdict.error = div.n, div.message
        return verdict
    if comparator.k != len(log.events):
        verdict.event = comparator.k
        verdict.error = f"the game is over after {comparator.k} events, but the log goes on to {len(log.events)}"
        return verdict
    if mode == "audit":
        error = _audit_totals(log)
        if error:
            verdict.event, verdict.error = error
            return verdict
    verdict.ok = True
    verdict.deals = result.deals
    verdict.scores = result.scores
    return verdict


def _players(log: ReplayLog, rng: dict[str, Any] | None) -> list[Player]:
    """Who makes the decisions in the re-run.

    For an audit, a seat the header names as an installed bot (bundled or
    third-party), in a seeded game, is played by that bot again: a seeded bot
    game is fully determined by its seed, so every recorded decision -- its
    timing included -- is checked, not merely repeated.  A seat the simulator
    recorded as a bot (``options.bots``) that is not installed here cannot be
    checked that way, and the audit says so rather than pass it unchecked.
    Otherwise (and for the faster byte-for-byte replay) every seat repeats its
    recorded decisions.
    """
    players: list[Player] = []
    seated = log.header.get("options", {}).get("bots")
    for seat in log.header["seats"]:
        kind, number = seat["kind"], seat["seat"]
        if rng is not None and kind in installed_bots():
            try:
                players.append(make_bots([kind] * (number + 1), rng["seed"])[number])
            except MahjongError as exc:  # an installed bot that cannot be imported or started
                raise ReplayError(f"seat {number}'s bot: {exc.message}", source=log.source, place="line 1") from None
        elif rng is not None and isinstance(seated, list) and number < len(seated) and seated[number] == kind:
            raise ReplayError(f"seat {number} was played by the bot {kind!r}, which is not installed here "
                              f"(installed: {', '.join(installed_bots()) or 'none'}; a bot is installed through "
                              f"the {ENTRY_POINT_GROUP!r} entry-point group), so its decisions cannot be checked; "
                              "install it to audit this log, or re-play the log, which needs no bots",
                              source=log.source, place="line 1")
        else:
            players.append(ScriptedPlayer(seat["name"], log.decisions(seat["seat"]), source=log.source))
    return players


def _audit_totals(log: ReplayLog) -> tuple[int, str] | None:
    """The running scores in every settlement are the sums of the payments so far.

    Payments move points from one seat to another, so this also proves the
    scores sum to zero whatever the log claims.
    """
    scores: list[int] | None = None
    for event in log.events:
        if event["type"] != "settlement":
            continue
        n = len(event["scores"])
        if scores is None:
            scores = [0] * n
        for payer, payee, amount, _reason in event["payments"]:
            scores[payer] -= amount
            scores[payee] += amount
        if scores != event["scores"]:
            return event["n"], f"the scores {event['scores']} are not the sum of the payments so far ({scores})"
    return None
