"""Swap-calling forbidden (riichi's kuikae, the ``swap_calling`` mechanism): right after a chow or pung, no discard
of the kind claimed nor of the claimed run's other end; a claim that would leave nothing else is itself refused.

The rule on tables set up by hand, then seeded games of the ``riichi_wrc`` preset, which forbids swap-calling: no
seat's discard after its chow or pung is of a refused kind, and the logs replay and audit clean.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import swap_calling

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.plugin import Action, MeldKind, Ruleset, Table, parse_tiles
from mahjong_core.table.state import meld_of

BOTH = {"same_kind": True, "other_end": True}
SAME_ONLY = {"same_kind": True, "other_end": False}


def kinds(text: str) -> list[int]:
    return list(parse_tiles(text))


def k(tile: str) -> int:
    (kind,) = kinds(tile)
    return kind


@pytest.fixture(scope="module")
def wrc() -> Ruleset:
    return load_ruleset("riichi_wrc")


def test_a_chow_claimed_at_an_end_refuses_its_kind_and_the_other_end() -> None:
    assert swap_calling.refused_kinds(BOTH, k("6s"), kinds("456s")) == {k("6s"), k("3s")}
    assert swap_calling.refused_kinds(BOTH, k("4s"), kinds("456s")) == {k("4s"), k("7s")}
    assert swap_calling.refused_kinds(SAME_ONLY, k("6s"), kinds("456s")) == {k("6s")}


def test_the_other_end_stays_in_its_suit_and_a_middle_claim_has_none() -> None:
    assert swap_calling.refused_kinds(BOTH, k("9m"), kinds("789m")) == {k("9m"), k("6m")}
    assert swap_calling.refused_kinds(BOTH, k("7m"), kinds("789m")) == {k("7m")}  # no 10m: not 1p
    assert swap_calling.refused_kinds(BOTH, k("1p"), kinds("123p")) == {k("1p"), k("4p")}
    assert swap_calling.refused_kinds(BOTH, k("3p"), kinds("123p")) == {k("3p")}  # no 0p: not 9m
    assert swap_calling.refused_kinds(BOTH, k("5p"), kinds("456p")) == {k("5p")}  # the middle tile


def test_a_pung_refuses_only_its_kind() -> None:
    assert swap_calling.refused_kinds(BOTH, k("5z"), kinds("555z")) == {k("5z")}
    assert swap_calling.refused_kinds(BOTH, k("3m"), kinds("333m")) == {k("3m")}


def after_claim(hand: str, meld: str, claimed: str, wrc: Ruleset) -> Table:
    """Seat 1's turn right after it claimed ``claimed`` from seat 0 into ``meld``, noted as the event is logged."""
    t = Table(players=4, scores=[30000] * 4)
    t.new_deal()
    t.tiles = wrc.tiles()
    s = t.seats[1]
    for kind in kinds(hand):
        s.counts[kind] += 1
    tiles = tuple(sorted(kinds(meld)))
    kind = MeldKind.PUNG if len(set(tiles)) == 1 else MeldKind.CHOW
    s.melds.append(meld_of(kind, tiles, exposed=True, claimed_from=3, seats=4))
    event: dict[str, Any] = {"type": "claim", "seat": 1, "kind": "pung" if kind is MeldKind.PUNG else "chow",
                             "tile": claimed, "discarder": 0, "tiles": [str(x) for x in meld_codes(meld)]}
    assert swap_calling.mahjong_event_reactions(ruleset=wrc, table=t, event=event) is None
    t.turn, t.last_discard, t.drawn_tile = 1, None, None
    return t


def meld_codes(meld: str) -> list[str]:
    suit = meld[-1]
    return [f"{d}{suit}" for d in meld[:-1]]


def refused(wrc: Ruleset, t: Table, seat: int, phase: str, options: list[Action]) -> set[Action]:
    return set(swap_calling.mahjong_refused_options(ruleset=wrc, table=t, seat=seat, phase=phase,
                                                    options=options) or ())


def test_after_a_chow_the_claimed_kind_and_the_other_end_may_not_be_discarded(wrc: Ruleset) -> None:
    t = after_claim("36s1122z789m1p", "456s", "6s", wrc)
    options = [Action("discard", kind) for kind, n in enumerate(t.seats[1].counts) if n]
    assert refused(wrc, t, 1, "turn", options) == {Action("discard", k("3s")), Action("discard", k("6s"))}


def test_a_later_turn_of_the_same_seat_refuses_nothing(wrc: Ruleset) -> None:
    t = after_claim("36s1122z789m1p", "456s", "6s", wrc)
    t.drawn_tile = k("1p")  # a tile drawn: this is no turn right after the claim
    options = [Action("discard", kind) for kind, n in enumerate(t.seats[1].counts) if n]
    assert refused(wrc, t, 1, "turn", options) == set()
    t.drawn_tile, t.last_discard = None, k("9p")  # the claimed discard replaced by another: a later turn too
    assert refused(wrc, t, 1, "turn", options) == set()


def test_a_claim_that_would_leave_only_refused_tiles_is_refused_in_the_claim_window(wrc: Ruleset) -> None:
    t = Table(players=4, scores=[30000] * 4)
    t.new_deal()
    for kind in kinds("4536s"):  # after a chow of 6s with 4s 5s, only 3s and 6s would be left
        t.seats[1].counts[kind] += 1
    chow = Action("chow", k("6s"), (k("4s"), k("5s")))
    other = Action("chow", k("6s"), (k("5s"), k("7s")))  # not held: never offered, but not refused either
    assert refused(wrc, t, 1, "claim", [chow, Action("pass")]) == {chow}
    t.seats[1].counts[k("1z")] += 1  # a tile that could be discarded: the chow stands
    assert refused(wrc, t, 1, "claim", [chow, other, Action("pass")]) == set()


def test_rulesets_without_the_rule_do_not_register_it() -> None:
    assert swap_calling.switched_on(load_ruleset("traditional")) is False
    # Tenhou's ranked game forbids it, and every riichi preset inherits it from there
    for preset in ("riichi_tenhou", "riichi_wrc", "riichi_mleague", "sanma_tenhou"):
        assert swap_calling.switched_on(load_ruleset(preset)) is True, preset


def test_no_seat_swap_calls_in_played_games_which_replay_and_audit_clean(wrc: Ruleset, tmp_path: Path) -> None:
    claims = 0
    for game in simulate(wrc, 11, 3, ["greedy"] * 4, tmp_path, max_deals=6):
        assert game.replay is not None
        lines = game.replay.read_text(encoding="utf-8").splitlines()
        claims += checked_discards([json.loads(line) for line in lines])
        for mode in ("replay", "audit"):
            verdict = check(str(game.replay), mode)
            assert verdict.ok, verdict.text()
    assert claims >= 3, claims


def checked_discards(events: list[dict[str, Any]]) -> int:
    """Assert the discard after each chow or pung is of no refused kind; return how many claims were checked."""
    rule = BOTH
    checked = 0
    for n, e in enumerate(events):
        if e.get("type") != "claim" or e.get("kind") not in ("chow", "pung"):
            continue
        after = next(x for x in events[n + 1:] if x.get("type") == "decision")
        assert after["actor"] == e["seat"] and after["action"] == "discard", after
        plain = [c.replace("0", "5") for c in e["tiles"]]
        bad = swap_calling.refused_kinds(rule, k(e["tile"].replace("0", "5")), [k(c) for c in plain])
        assert k(after["tile"].replace("0", "5")) not in bad, (e, after)
        checked += 1
    return checked
