"""Standings per ruleset: players, games, cumulative scores, ratings, pairs, and the champions' tables.

"Таблицы игроков и чемпионов различны для разных правил" (000 line 304):
the tables of players and of champions are separate for each set of rules.
Here a set of rules is a ruleset's full identity -- id, version and the
SHA-256 of its tables -- so a house rule that changes one value keeps
standings of its own.

The champions' tables are the ones 000 line 289 describes: "Если Вы сыграли
Гейм и Ваш результат оказался в десятке лучших, то Ваше имя заносится в
таблицу лучших игроков. Все игроки, не сыгравшие Гейм, расположены в
предварительной таблице в порядке возрастания суммарного выигрыша. Последний
член клуба - кандидат на выбывание."  So:

* **best**: the ten best results of a Game (four rounds played, see
  :data:`~mahjong_records.extract.ROUNDS_IN_A_GAME`), one entry per result,
  so a name may stand there more than once;
* **preliminary**: every player who has not played a Game, in ascending order
  of cumulative winnings, as the seed says;
* **elimination candidate**: the club's last member, read as the player with
  the lowest cumulative winnings of all who played under these rules.

A player's cumulative score is what they won: each game's final points (after the payments at the game's end,
an uma say) less the points the game began with (``starting_points``, 0 unless a ruleset sets them), so that a
club playing from 25,000 points does not rank players by how many games they sat down to.  The payments at the
game's end are also shown apart (``game_end``), as the part of the score they made.

Ratings are openskill's Plackett-Luce model (Weng and Lin's Bayesian
approximation; mu 25, sigma 25/3), one update per game, each team ranked by
its final score.  The order of the updates must come from the logs, never
from when a game happened to be recorded, and a log carries no date (its
clock is the table's, from zero); so games are rated in the order of their
logs' SHA-256.  That order is arbitrary but fixed: the same logs give the same
ratings however and wherever they were recorded.  In pair play (a header whose
``teams`` group seats, Piter) each player is rated as a member of the pair,
and the pairs have a table of their own, each pair rated as one.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, func, select

from .db import Database, RecordsError
from .schema import deals, game_seats, games, players, point_moves, rulesets

#: Where the champions' tables come from.
CHAMPIONS_SOURCE = "000 line 289"
SEPARATE_TABLES_SOURCE = "000 line 304"
#: "в десятке лучших" (000 line 289).
BEST_RESULTS = 10
RATING_MODEL = "openskill PlackettLuce (mu 25, sigma 25/3), games in the order of their logs' SHA-256"


@dataclass
class PlayerStanding:
    name: str
    kinds: list[str]
    games: int = 0
    full_games: int = 0
    deals: int = 0
    deals_won: int = 0
    score: int = 0  # the sum of each game's final points less its starting points
    game_end: int = 0  # of the score, what the payments at the games' ends moved (an uma)
    mu: float = 0.0
    sigma: float = 0.0
    rating: float = 0.0


@dataclass
class PairStanding:
    pair: list[str]
    games: int = 0
    full_games: int = 0
    score: int = 0
    game_end: int = 0
    mu: float = 0.0
    sigma: float = 0.0
    rating: float = 0.0


@dataclass
class RulesetStandings:
    """The standings under one ruleset identity."""

    ruleset: dict[str, Any]
    games: int
    pair_play: bool
    players: list[PlayerStanding]
    pairs: list[PairStanding]
    champions: dict[str, Any] = field(default_factory=dict)
    #: The points each seat began a game with (the scores are what was won over them).
    starting_points: int = 0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        if not self.pair_play:
            del out["pairs"]
        return out


@dataclass
class _Game:
    sha256: str
    full: bool
    deals: int
    teams: list[list[int]]
    starting_points: int = 0
    seats: dict[int, tuple[str, str, int, int]] = field(default_factory=dict)  # seat: (name, kind, score, team score)
    won: dict[int, int] = field(default_factory=dict)
    game_end: dict[int, int] = field(default_factory=dict)  # seat: points the payments at the game's end moved

    def won_over_start(self, seat: int) -> int:
        """The seat's final points less those it began with."""
        return self.seats[seat][2] - self.starting_points


def recorded_rulesets(database: Database) -> list[dict[str, Any]]:
    """Every ruleset identity with games in the database, with its number of games."""
    with database.begin() as conn:
        rows = conn.execute(select(rulesets.c.ruleset_id, rulesets.c.version, rulesets.c.sha256,
                                   rulesets.c.document.is_not(None).label("house"), func.count(games.c.id))
                            .join(games, games.c.ruleset == rulesets.c.id)
                            .group_by(rulesets.c.id).order_by(rulesets.c.ruleset_id, rulesets.c.version,
                                                              rulesets.c.sha256)).all()
    return [{"id": r[0], "version": r[1], "sha256": r[2], "house_rule": bool(r[3]), "games": r[4]} for r in rows]


def standings(database: Database, ruleset_id: str) -> list[RulesetStandings]:
    """The standings of every identity of ruleset ``ruleset_id`` in the database (an empty list if none).

    :raises RecordsError: for an id that is neither installed nor recorded.
    """
    with database.snapshot() as conn:  # the games and their seats as of one moment, while servers may record
        identities = conn.execute(select(rulesets).where(rulesets.c.ruleset_id == ruleset_id)
                                  .order_by(rulesets.c.version, rulesets.c.sha256)).all()
        if not identities:
            _check_known(conn, ruleset_id)
        return [_standings(conn, row) for row in identities]


def _check_known(conn: Connection, ruleset_id: str) -> None:
    from mahjong_core import available

    installed = available()
    if ruleset_id in installed:
        return
    import difflib

    recorded = sorted(set(conn.execute(select(rulesets.c.ruleset_id)).scalars()))
    known = sorted({*installed, *recorded})
    close = difflib.get_close_matches(ruleset_id, known, n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise RecordsError(f"unknown ruleset {ruleset_id!r}{hint}; installed: {', '.join(sorted(installed))}"
                       + (f"; recorded: {', '.join(recorded)}" if recorded else ""), place="--ruleset")


def _load_games(conn: Connection, ruleset_key: int) -> list[_Game]:
    found: dict[int, _Game] = {}
    for g in conn.execute(select(games.c.id, games.c.log_sha256, games.c.full_game, games.c.deals, games.c.teams,
                                 games.c.starting_points).where(games.c.ruleset == ruleset_key)):
        found[g.id] = _Game(g.log_sha256, bool(g.full_game), g.deals, json.loads(g.teams), int(g.starting_points))
    seats = conn.execute(select(game_seats.c.game, game_seats.c.seat, players.c.name, game_seats.c.kind,
                                game_seats.c.score, game_seats.c.team_score)
                         .join(players, players.c.id == game_seats.c.player)
                         .join(games, games.c.id == game_seats.c.game).where(games.c.ruleset == ruleset_key))
    for s in seats:
        found[s.game].seats[s.seat] = (s.name, s.kind, s.score, s.team_score)
    wins = conn.execute(select(deals.c.game, deals.c.winner, func.count()).join(games, games.c.id == deals.c.game)
                        .where(games.c.ruleset == ruleset_key, deals.c.winner.is_not(None))
                        .group_by(deals.c.game, deals.c.winner))
    for game, winner, count in wins:
        found[game].won[winner] = count
    at_end = conn.execute(select(point_moves.c.game, point_moves.c.payer, point_moves.c.payee, point_moves.c.amount)
                          .join(games, games.c.id == point_moves.c.game)
                          .where(games.c.ruleset == ruleset_key, point_moves.c.deal.is_(None)))
    for game, payer, payee, amount in at_end:
        moved = found[game].game_end
        for seat, sign in ((payer, -1), (payee, 1)):
            if seat is not None:
                moved[seat] = moved.get(seat, 0) + sign * amount
    return sorted(found.values(), key=lambda g: g.sha256)


def _standings(conn: Connection, identity: Any) -> RulesetStandings:
    played = _load_games(conn, identity.id)
    model = PlackettLuce()
    table: dict[str, PlayerStanding] = {}
    pairs: dict[tuple[str, ...], PairStanding] = {}
    ratings: dict[str, Any] = {}
    pair_ratings: dict[tuple[str, ...], Any] = {}
    pair_play = any(len(team) > 1 for g in played for team in g.teams)
    entries: list[dict[str, Any]] = []
    for g in played:
        for seat, (name, kind, _, _) in sorted(g.seats.items()):
            row = table.setdefault(name, PlayerStanding(name, []))
            if kind not in row.kinds:
                row.kinds.append(kind)
            row.games += 1
            row.full_games += int(g.full)
            row.deals += g.deals
            row.deals_won += g.won.get(seat, 0)
            row.score += g.won_over_start(seat)
            row.game_end += g.game_end.get(seat, 0)
        teams = [[g.seats[seat][0] for seat in team] for team in g.teams]
        team_scores = [float(g.seats[team[0]][3]) for team in g.teams]
        rated = model.rate([[ratings.get(n) or model.rating(name=n) for n in team] for team in teams],
                           scores=team_scores)
        for team, new in zip(teams, rated, strict=True):
            for n, r in zip(team, new, strict=True):
                ratings[n] = r
        if pair_play:
            keys = [tuple(sorted(team)) for team in teams]
            for key, team_seats in zip(keys, g.teams, strict=True):
                pair = pairs.setdefault(key, PairStanding(list(key)))
                pair.games += 1
                pair.full_games += int(g.full)
                pair.score += sum(g.won_over_start(seat) for seat in team_seats)
                pair.game_end += sum(g.game_end.get(seat, 0) for seat in team_seats)
            rated_pairs = model.rate([[pair_ratings.get(k) or model.rating(name=" & ".join(k))] for k in keys],
                                     scores=team_scores)
            for key, new in zip(keys, rated_pairs, strict=True):
                pair_ratings[key] = new[0]
        if g.full:
            for team, points in zip(teams, team_scores, strict=True):
                entries.append({"name": " & ".join(team), "result": int(points), "log_sha256": g.sha256})
    for name, row in table.items():
        _set_rating(row, ratings[name])
    for key, pair in pairs.items():
        _set_rating(pair, pair_ratings[key])
    ranked = sorted(table.values(), key=lambda r: (-r.rating, -r.score, r.name))
    ranked_pairs = sorted(pairs.values(), key=lambda r: (-r.rating, -r.score, r.pair))
    return RulesetStandings(
        ruleset={"id": identity.ruleset_id, "version": identity.version, "sha256": identity.sha256,
                 "house_rule": identity.document is not None},
        games=len(played), pair_play=pair_play, players=ranked, pairs=ranked_pairs,
        champions=champions(list(table.values()), entries),
        starting_points=max((g.starting_points for g in played), default=0))


def _set_rating(row: PlayerStanding | PairStanding, rating: Any) -> None:
    row.mu, row.sigma, row.rating = round(rating.mu, 6), round(rating.sigma, 6), round(rating.ordinal(), 6)


def champions(table: list[PlayerStanding], entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The champions' tables of 000 line 289 (see the module's docstring for how each part is read)."""
    best = sorted(entries, key=lambda e: (-e["result"], e["name"], e["log_sha256"]))[:BEST_RESULTS]
    preliminary = sorted((r for r in table if r.full_games == 0), key=lambda r: (r.score, r.name))
    lowest = min((r.score for r in table), default=None)
    return {
        "source": CHAMPIONS_SOURCE,
        "best": [{"place": n + 1, **e} for n, e in enumerate(best)],
        "preliminary": [{"name": r.name, "score": r.score, "games": r.games} for r in preliminary],
        "elimination_candidates": sorted(r.name for r in table if r.score == lowest),
    }

