"""An audited log as the rows the database keeps: the game, its seats, its deals, their scores and payments.

Only a log that passes ``mahjong audit`` is turned into rows; a failing one
is refused with the audit's own message (file, line, what is wrong).  The
deals come from :func:`mahjong_core.deal_reports`, the same
reading of the log the audit report prints, so the database and the report
cannot disagree.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjong_core import MAX_LOG_BYTES, MahjongError, ReplayLog, canonical, check, deal_reports

from .db import RecordsError

#: Rounds (prevalent winds) that make a Game: "Для того, чтобы сыграть Гейм, нужно пройти четыре Круга" (000 line
#: 289).  A log cut short by ``max_deals`` or a live table's one-round or one-deal length is not a Game.
ROUNDS_IN_A_GAME = 4


class RefusedLog(RecordsError):
    """A log that fails the audit (or cannot be read): it is not recorded.  Its exit status is a verdict's (1)."""

    exit_code = 1


@dataclass
class SeatRow:
    seat: int
    name: str
    kind: str
    team: int
    score: int
    team_score: int
    place: int


@dataclass
class DealRow:
    deal: int
    round: int
    dealer: int
    prevalent_wind: int
    outcome: str
    winner: int | None
    tile: str | None
    how: str | None
    discarder: int | None
    #: per seat: ``(hand value or None, change, total)``
    seats: list[tuple[int | None, int, int]] = field(default_factory=list)
    payments: list[tuple[int, int, int, str]] = field(default_factory=list)


@dataclass
class PointMove:
    """A ``payment`` event: points moved outside a deal's settlement (``None`` for the pot; ``deal`` ``None`` at
    the game's end)."""

    event: int
    deal: int | None
    payer: int | None
    payee: int | None
    amount: int
    reason: str


@dataclass
class GameRecord:
    """What the database keeps of one finished, audited game."""

    log_path: str
    log_sha256: str
    ruleset_id: str
    ruleset_version: str
    ruleset_sha256: str
    ruleset_document: str | None
    seed: str | None
    physical: bool
    options: str
    teams: list[list[int]]
    signed_by: str | None
    events: int
    rounds: int
    seats: list[SeatRow]
    deals: list[DealRow]
    starting_points: int = 0
    moves: list[PointMove] = field(default_factory=list)

    @property
    def full_game(self) -> bool:
        return self.rounds >= ROUNDS_IN_A_GAME


def log_sha256(path: Path) -> str:
    """The SHA-256 of the log file's bytes (read up to the logs' bound, as the reader reads them)."""
    with open(path, "rb") as file:
        data = file.read(MAX_LOG_BYTES + 1)
    return hashlib.sha256(data).hexdigest()


def audited_record(path: str | Path) -> GameRecord:
    """Audit the log at ``path`` and return its rows.

    :raises RefusedLog: for a log that cannot be read or fails the audit, with the audit's message.
    """
    where = Path(path)
    if not where.is_file():
        raise RefusedLog("cannot read the log: no such file", source=str(path))
    try:
        digest = log_sha256(where)
    except OSError as exc:
        raise RefusedLog(f"cannot read the log: {exc.strerror}", source=str(path)) from None
    verdict = check(str(path), "audit")
    if not verdict.ok or verdict.log is None:
        place = f"line {verdict.line}" if verdict.line is not None else None
        if verdict.event is not None:
            place = f"line {verdict.line} (event {verdict.event})"
        raise RefusedLog(f"audit FAILED - {verdict.error}; a log that fails the audit is not recorded",
                         source=str(path), place=place)
    log = verdict.log
    audited = hashlib.sha256(("\n".join(log.lines) + "\n").encode("utf-8")).hexdigest()
    if audited != digest:
        raise RefusedLog("the file changed while it was audited; record it again", source=str(path))
    return game_record(log, str(where.resolve()), digest)


def game_record(log: ReplayLog, path: str, digest: str) -> GameRecord:
    """The rows of an audited log (whose events are decoded)."""
    head = log.header
    end = log.events[-1]
    if end.get("type") != "game_end":
        raise MahjongError("an audited log ends with its game_end", source=path)
    scores: list[int] = list(end["scores"])
    teams: list[list[int]] = [list(t) for t in head["teams"]]
    team_of = {seat: n for n, team in enumerate(teams) for seat in team}
    team_scores = [sum(scores[s] for s in team) for team in teams]
    names = unique_names(head["seats"])
    seats = [SeatRow(s["seat"], names[s["seat"]], s["kind"], team_of[s["seat"]], scores[s["seat"]],
                     team_scores[team_of[s["seat"]]], place(scores, scores[s["seat"]]))
             for s in head["seats"]]
    rounds = 0
    moves: list[PointMove] = []
    deal: int | None = None  # the deal being played, None between deals and at the game's end
    for event in log.events:
        kind = event.get("type")
        if kind == "rotation":
            rounds = int(event["round"])
        elif kind == "deal_start":
            deal = int(event["deal"])
        elif kind == "deal_end":
            deal = None
        elif kind == "payment":
            moves.append(PointMove(int(event["n"]), deal, event["payer"], event["payee"], int(event["amount"]),
                                   str(event["reason"])))
    deals = []
    # Each deal's change is from the points before it: the first deal's from those the game began with.
    previous = [int(head.get("starting_points", 0))] * len(scores)
    for report in deal_reports(log):
        totals = report.totals or previous
        values: dict[int, int] = {hand.seat: hand.value for hand in report.hands}
        row = DealRow(report.deal, report.round, report.dealer, report.prevalent_wind, report.outcome, report.winner,
                      report.tile, report.how, report.discarder,
                      seats=[(values.get(seat), totals[seat] - previous[seat], totals[seat])
                             for seat in range(len(scores))],
                      payments=[(int(p[0]), int(p[1]), int(p[2]), str(p[3])) for p in report.payments])
        deals.append(row)
        previous = list(totals)
    rng = head["rng"]
    ruleset: dict[str, Any] = head["ruleset"]
    return GameRecord(
        log_path=path, log_sha256=digest, ruleset_id=ruleset["id"], ruleset_version=ruleset["version"],
        ruleset_sha256=ruleset["sha256"], ruleset_document=ruleset.get("document"),
        seed=None if rng is None else str(rng["seed"]), physical=rng is None, options=canonical(head["options"]),
        teams=teams, signed_by=head.get("signed_by"), events=len(log.events), rounds=rounds, seats=seats,
        deals=deals, starting_points=int(head.get("starting_points", 0)), moves=moves)


def place(scores: list[int], score: int) -> int:
    """A final score's place in its game: 1 + the number of better scores (tied scores share a place)."""
    return 1 + sum(1 for s in scores if s > score)


def unique_names(seats: list[dict[str, Any]]) -> dict[int, str]:
    """Each seat's player name; a name several seats of one game share is told apart by the seat.

    A live table names its bots by their kind (three seats may be ``greedy``),
    and a name stands for one player, who cannot sit at two seats of one game:
    such seats are recorded as ``greedy (seat 1)``, ``greedy (seat 2)``...
    """
    counts: dict[str, int] = {}
    for s in seats:
        counts[s["name"]] = counts.get(s["name"], 0) + 1
    return {s["seat"]: s["name"] if counts[s["name"]] == 1 else f"{s['name']} (seat {s['seat']})" for s in seats}
