"""Games at two, three and four seats: every claim's source, the claim order, the winds, the wall, the tiles.

The four-seat games are the golden replays' (``tests/core/audit/test_replay.py``
re-plays them byte for byte); these play bundled rulesets at every seat count
the core supports -- at two and three as the house rule ``--players`` writes
(:mod:`mahjong_core.rules.seated`) -- and watch each game with observers: the
conformance suite's tile count after every event, and one that reads each
claimed meld off the table as it is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.conformance.invariants import TileConservation, ZeroSumPayments
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.hand.melds import MAX_SEATS, MIN_SEATS
from mahjong_core.plugin import hookimpl
from mahjong_core.plugin.defaults import claims_in_priority_order
from mahjong_core.rules import Ruleset, load_ruleset
from mahjong_core.rules.seated import at_seats, seated_text
from mahjong_core.table.state import Claim, Table

#: Rulesets of each family and settlement, and the Charleston (orsk) and seat walls (botzone_mcr).
RULESETS = ["harbin", "hongkong", "mcr", "traditional", "european_classical", "orsk", "botzone_mcr"]
SEATS = st.integers(MIN_SEATS, MAX_SEATS)
_SEATED: dict[tuple[str, int], Ruleset] = {}


def seated(rid: str, seats: int) -> Ruleset:
    if (rid, seats) not in _SEATED:
        _SEATED[rid, seats] = at_seats(load_ruleset(rid), seats)
    return _SEATED[rid, seats]


class ClaimedMelds:
    """Each meld made on a discard, as the claimer's seat holds it just after the claim."""

    def __init__(self) -> None:
        self.melds: list[tuple[str, int, int, Any]] = []
        self.seat_winds: set[int] = set()

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "claim":
            self.melds.append((event["kind"], event["seat"], event["discarder"],
                               table.seats[event["seat"]].melds[-1].claimed_from))
        elif event["type"] == "deal_start":
            self.seat_winds |= {table.seat_wind(s) for s in range(table.players)}


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEATS, st.integers(0, 2**32), st.data())
def test_claims_come_from_the_other_seats_and_tiles_are_conserved(seats: int, seed: int, data: st.DataObject) -> None:
    # Orsk's Charleston passes across the table, which three seats do not have (refused at load).
    rid = data.draw(st.sampled_from([r for r in RULESETS if not (r == "orsk" and seats % 2)]))
    ruleset = seated(rid, seats)
    claims, tiles, payments = ClaimedMelds(), TileConservation(ruleset.tile_set()), ZeroSumPayments(seats)
    Game(ruleset, make_bots(["greedy"] * seats, seed), seed, observers=(claims, tiles, payments),
         max_deals=2).play()
    assert tiles.checked > 0
    assert claims.seat_winds <= set(range(seats))  # East, South (, West (, North)): never a wind past the seats
    for kind, seat, discarder, source in claims.melds:
        assert source.seats == seats and 1 <= source.offset <= seats - 1
        assert source.offset == (discarder - seat) % seats
        if kind == "chow":
            assert source.is_left and discarder == (seat - 1) % seats


def test_at_three_seats_the_bots_chow_from_the_left_and_pung_from_both_sides() -> None:
    ruleset, offsets = seated("harbin", 3), set()
    for seed in range(3):
        claims = ClaimedMelds()
        Game(ruleset, make_bots(["greedy"] * 3, seed), seed, observers=(claims,), max_deals=3).play()
        offsets |= {(kind == "chow", source.offset) for kind, _, _, source in claims.melds}
    assert (True, 2) in offsets and (True, 1) not in offsets  # chows: the left only
    assert {(False, 1), (False, 2)} <= offsets  # pungs and kongs: from either other seat


@given(SEATS, st.data())
def test_the_claim_order_is_a_total_order_over_the_other_seats(seats: int, data: st.DataObject) -> None:
    ruleset = load_ruleset(data.draw(st.sampled_from(["harbin", "hongkong", "mcr"])))
    discarder = data.draw(st.integers(0, seats - 1))
    others = [(discarder + k) % seats for k in range(1, seats)]
    kinds = data.draw(st.lists(st.sampled_from(["win", "kong", "pung", "chow"]), min_size=seats - 1,
                               max_size=seats - 1))
    claims = [Claim(seat, kind, ()) for seat, kind in zip(others, kinds, strict=True)]
    table = Table(players=seats, scores=[0] * seats, last_discarder=discarder)
    ordered = claims_in_priority_order(ruleset, table, claims)
    shuffled = data.draw(st.permutations(claims))
    assert claims_in_priority_order(ruleset, table, shuffled) == ordered  # no two claims tie
    assert sorted(ordered, key=lambda c: c.seat) == sorted(claims, key=lambda c: c.seat)
    rank = {"win": 0, "kong": 1, "pung": 1, "chow": 2}
    farthest = ruleset.value("mahjong_tie_break") == "farthest_counterclockwise"
    for first, second in zip(ordered, ordered[1:], strict=False):
        assert rank[first.kind] <= rank[second.kind]
        if rank[first.kind] == rank[second.kind]:
            near = (first.seat - discarder) % seats < (second.seat - discarder) % seats
            assert near != (farthest and first.kind == "win")


@pytest.mark.parametrize("seats", [2, 3])
def test_a_round_is_one_deal_per_seat_and_the_next_round_has_the_next_wind(seats: int) -> None:
    ruleset = seated("harbin", seats)
    starts: list[tuple[int, int, int]] = []

    class Starts:
        @hookimpl
        def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
            if event["type"] == "deal_start":
                starts.append((event["dealer"], event["round"], event["prevalent_wind"]))

    Game(ruleset, make_bots(["greedy"] * seats, 5), 5, observers=(Starts(),)).play()
    assert {dealer for dealer, _, _ in starts} == set(range(seats))
    for (d0, r0, w0), (d1, r1, w1) in zip(starts, starts[1:], strict=False):
        new_round = d1 == 0 and d0 == seats - 1
        assert d1 in (d0, (d0 + 1) % seats) and (r1, w1) == (r0 + new_round, (w0 + new_round) % 4)
    assert starts[-1][1] == 3  # four rounds, as the ruleset's rounds_per_game says


def test_players_plays_an_installed_ruleset_at_three_seats_and_the_log_audits(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "hongkong", "--players", "3", "--seed", "4", "--max-deals", "3",
                 "--out", str(tmp_path)]) == 0
    (log,) = tmp_path.glob("*.jsonl")
    assert log.name == "hongkong_at_3-seed4.jsonl"
    assert check(str(log), "replay").ok and check(str(log), "audit").ok
    text = seated_text(load_ruleset("hongkong"), 3)
    assert "extends: hongkong" in text and "value: 3" in text and "hongkong seats 4 (000 line 308)" in text
    assert at_seats(load_ruleset("hongkong"), 4) is load_ruleset("hongkong")
    capsys.readouterr()


@pytest.mark.parametrize(("argv", "words"), [
    (["--ruleset", "harbin", "--players", "5"], "players is 5, but the core seats 2 to 4 players"),
    (["--ruleset", "piter", "--players", "3"], "pair play"),
    (["--ruleset", "harbin", "--players", "3", "--summary"], "--summary and --workers"),
])
def test_players_outside_what_the_ruleset_can_seat_is_one_line(
        argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *argv, "--seed", "1", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_a_house_rule_file_says_its_own_players(tmp_path: Path) -> None:
    path = tmp_path / "three.yaml"
    path.write_text('id: three\nversion: 1.0.0\nname: Three\nextends: harbin\nparameters:\n'
                    '  players: {value: 3, assumption: "x"}\n', encoding="utf-8")
    ruleset = load_ruleset(path)
    assert at_seats(ruleset, 3) is ruleset
    with pytest.raises(RulesetError, match="set players: 2 in the file itself"):
        at_seats(ruleset, 2)


def test_view_shows_the_three_seats_there_are(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "harbin", "--players", "3", "--seed", "2", "--max-deals", "1",
                 "--out", str(tmp_path)]) == 0
    (log,) = tmp_path.glob("*.jsonl")
    capsys.readouterr()
    assert main(["view", str(log), "--seat", "1", "--ascii"]) == 0
    last = capsys.readouterr().out.split("\ndeal ")[-1]
    rows = [line.lstrip("> ").split()[1:3] for line in last.splitlines() if line.lstrip("> ").startswith("seat ")]
    assert rows == [["0", "E"], ["1", "S"], ["2", "W"]], last
    assert main(["view", str(log), "--seat", "3"]) == 2
    assert "--seat must be 0 to 2" in capsys.readouterr().err
