"""The player chooses which copy leaves the hand: a red five (a marked copy) or a plain five.

A seat gives up its plain copies first unless the player names the marked one (``Action.marked``): a discard is
then logged by the marked copy's own code (``0p``), a claim with ``marked``; the engine refuses a named copy the
hand does not hold, and the audit repeats the choice from the log.  The bots keep the default, so no golden
replay changes (``tests/core/audit/test_replay.py`` re-simulates them all).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, GreedyBot, load_ruleset
from mahjong_core.audit.check import check
from mahjong_core.log.fold import fold
from mahjong_core.log.format import ReplayWriter, header
from mahjong_core.plugin import Action, Rng, Table
from mahjong_core.table.rng import ALGORITHM

RULESET = "riichi_tenhou"
SEED = 7


class RedFirstBot(GreedyBot):
    """Greedy, but gives up a red five before a plain one wherever it holds both (the opposite of the default)."""

    kind = "red_first"
    PLAYS_RIICHI = False

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        action = super().choose(table, seat, options, phase)
        s = table.seats[seat]
        gives = (action.tile,) if action.kind == "discard" else action.tiles if action.kind in ("chow", "pung") \
            else ()
        reds = tuple(k for k in set(gives) if k is not None and k in s.marked and s.counts[k] > s.marked.count(k))
        return action.marking(reds) if reds else action


def game_events(seed: int = SEED, deals: int = 8) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    ruleset = load_ruleset(RULESET)
    players = [RedFirstBot(Rng.from_seed(seed).derive("bot", i), name=f"red-first-{i}") for i in range(4)]
    events: list[dict[str, Any]] = []
    game = Game(ruleset, players, seed, emit=events.append, max_deals=deals)
    seats = [{"seat": i, "name": p.name, "kind": "human"} for i, p in enumerate(players)]
    head = header(ruleset, seed, ALGORITHM, seats, game.table.teams, {"max_deals": deals})
    game.play()
    return head, events


def hands(head: dict[str, Any], events: list[dict[str, Any]]) -> list[list[list[str]]]:
    """Each seat's concealed tiles after each event, as the core's fold has them (copied: the fold goes on)."""
    return [[list(seat.concealed) for seat in table.seats] for table in fold(head, events)]


def write(path: Path, head: dict[str, Any], events: list[dict[str, Any]]) -> Path:
    with ReplayWriter(path) as writer:
        writer.write(head)
        for event in events:
            writer.write(event)
    return path


@pytest.fixture(scope="module")
def played() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return game_events()


def test_a_chosen_red_five_leaves_the_hand_while_a_plain_one_stays(played: Any, tmp_path: Path) -> None:
    head, events = played
    tables = hands(head, events)
    discards = claims = 0
    for k, e in enumerate(events):
        before = tables[k - 1][e["actor"]] if k and isinstance(e.get("actor"), int) else []
        if e["type"] == "decision" and e.get("action") == "discard" and e["tile"].startswith("0"):
            plain = "5" + e["tile"][1]
            if plain in before:  # chosen, not forced: a plain five was there to give up instead
                discards += 1
                assert plain in tables[k][e["actor"]] and e["tile"] not in tables[k][e["actor"]]
        if e["type"] == "claim" and e.get("marked"):
            claims += 1
            held, after = tables[k - 1][e["seat"]], tables[k][e["seat"]]
            for kind in set(e["marked"]):
                red, named = "0" + kind[1], e["marked"].count(kind)
                from_hand = e["tiles"].count(kind) - (e["tile"] in (kind, red))
                assert held.count(red) - after.count(red) == named  # the red copies named went into the meld
                assert held.count(kind) - after.count(kind) == from_hand - named  # plain ones only for the rest
    assert discards >= 1 and claims >= 1, (discards, claims)
    verdict = check(str(write(tmp_path / "red.jsonl", head, events)), "audit")
    assert verdict.ok, verdict.text()


def test_a_decision_naming_a_copy_the_hand_does_not_hold_is_refused_at_its_event(played: Any,
                                                                                  tmp_path: Path) -> None:
    head, events = played
    tables = hands(head, events)
    k = next(k for k, e in enumerate(events) if e["type"] == "decision" and e.get("action") == "discard"
             and e["tile"] == "5p" and "0p" not in tables[k - 1][e["actor"]])
    tampered = [*events[:k], {**events[k], "tile": "0p"}, *events[k + 1:]]
    verdict = check(str(write(tmp_path / "tampered.jsonl", head, tampered)), "audit")
    assert not verdict.ok
    assert verdict.event == events[k]["n"]
    assert "0p" in verdict.error and "does not hold" in verdict.error
