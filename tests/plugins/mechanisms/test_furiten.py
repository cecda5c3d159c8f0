"""Furiten (``plugins/mechanisms/furiten.py``): no win on another's tile when a wait is among one's own discards,
was let go by since one's own last discard, or, after riichi, at any time since -- on a table fed discards by hand,
and in seeded ``riichi_tenhou`` games.  A self-drawn win is never refused.

Source: riichi.wiki, "Furiten".
"""

from __future__ import annotations

import pytest
from mahjong_rulesets.mechanisms import furiten as mechanism
from riichi_play import deals, play

from mahjong_core import load_ruleset
from mahjong_core.plugin import Action, Ruleset, Table, parse_tiles

RULESET = "riichi_tenhou"
WIN, PASS = Action("win"), Action("pass")


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def table(ruleset: Ruleset) -> Table:
    """Seat 0 ready on 3s and 6s (``123m456p789s11z45s``), nothing discarded yet."""
    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    t.tiles = ruleset.tiles()
    for kind in parse_tiles("123m456p789s11z45s"):
        t.seats[0].counts[kind] += 1
    return t


def discard(ruleset: Ruleset, t: Table, seat: int, tile: str) -> None:
    event = {"type": "decision", "actor": seat, "phase": "turn", "action": "discard", "tile": tile}
    assert mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=event) is None


def may_win(ruleset: Ruleset, t: Table, phase: str = "claim") -> bool:
    refused = mechanism.mahjong_refused_options(ruleset=ruleset, table=t, seat=0, phase=phase, options=[WIN, PASS])
    return not refused


def test_a_wait_among_its_own_discards_refuses_every_win_on_another_s_tile(ruleset: Ruleset) -> None:
    t = table(ruleset)
    discard(ruleset, t, 0, "3s")
    discard(ruleset, t, 1, "6s")
    assert not may_win(ruleset, t)  # permanent: the 3s it let go, though the 6s is another wait
    assert not may_win(ruleset, t, "rob_kong")
    assert may_win(ruleset, t, "turn")  # its own draw is never refused


def test_the_tile_now_discarded_is_not_one_it_let_go_by(ruleset: Ruleset) -> None:
    t = table(ruleset)
    discard(ruleset, t, 3, "9m")
    discard(ruleset, t, 1, "6s")
    assert may_win(ruleset, t)


def test_a_wait_let_go_by_refuses_until_its_own_next_discard(ruleset: Ruleset) -> None:
    t = table(ruleset)
    discard(ruleset, t, 1, "6s")  # seat 0 lets it go
    discard(ruleset, t, 2, "3s")
    assert not may_win(ruleset, t)  # temporary furiten
    discard(ruleset, t, 3, "1p")
    assert not may_win(ruleset, t)
    discard(ruleset, t, 0, "9p")  # its own discard ends it (the hand is as it was: a test of the record only)
    discard(ruleset, t, 1, "6s")
    assert may_win(ruleset, t)


def test_after_riichi_a_wait_let_go_by_refuses_for_the_rest_of_the_deal(ruleset: Ruleset) -> None:
    t = table(ruleset)
    t.seats[0].flags[mechanism.DECLARED] = 0
    discard(ruleset, t, 1, "6s")
    discard(ruleset, t, 2, "9m")
    discard(ruleset, t, 3, "9m")
    discard(ruleset, t, 0, "9p")
    discard(ruleset, t, 1, "3s")
    assert not may_win(ruleset, t)  # riichi furiten outlives its own discard
    t = table(ruleset)  # the same without the declaration: temporary only
    discard(ruleset, t, 1, "6s")
    discard(ruleset, t, 2, "9m")
    discard(ruleset, t, 0, "9p")
    discard(ruleset, t, 1, "3s")
    assert may_win(ruleset, t)


def test_a_new_deal_begins_a_new_record(ruleset: Ruleset) -> None:
    t = table(ruleset)
    discard(ruleset, t, 0, "3s")
    t.deal_number += 1
    discard(ruleset, t, 1, "6s")
    assert may_win(ruleset, t)


def test_a_red_five_discarded_is_its_five(ruleset: Ruleset) -> None:
    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    t.tiles = ruleset.tiles()
    for kind in parse_tiles("123m456p789s11z46s"):  # waits on the 5s
        t.seats[0].counts[kind] += 1
    discard(ruleset, t, 0, "0s")
    discard(ruleset, t, 1, "5s")
    assert not may_win(ruleset, t)


def test_in_played_games_no_seat_wins_on_a_tile_it_discarded_and_furiten_refuses_some(
        ruleset: Ruleset, monkeypatch: pytest.MonkeyPatch) -> None:
    found: list[bool] = []
    real = mechanism.furiten

    def counted(ruleset: Ruleset, table: Table, seat: int) -> bool:
        found.append(real(ruleset, table, seat))
        return found[-1]

    monkeypatch.setattr(mechanism, "furiten", counted)
    red = {"0m": "5m", "0p": "5p", "0s": "5s"}
    wins = 0
    for seed in range(8):
        for deal in deals(play(ruleset, seed)):
            own: dict[int, set[str]] = {s: set() for s in range(4)}
            for e in deal:
                if e["type"] == "decision" and e["action"] == "discard":
                    own[e["actor"]].add(red.get(e["tile"], e["tile"]))
                elif e["type"] == "mahjong" and e["how"] == "discard":
                    wins += 1
                    assert red.get(e["tile"], e["tile"]) not in own[e["seat"]], e
    assert wins >= 20 and any(found) and not all(found), (wins, sum(found), len(found))
