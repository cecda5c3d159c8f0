"""The player chooses which copy leaves the hand: a red five (a marked copy) or a plain five.

A seat gives up its plain copies first unless the player names the marked one (``Action.marked``): a discard is
then logged by the marked copy's own code (``0p``), a claim with ``marked``; the engine refuses a named copy the
hand does not hold, and the audit repeats the choice from the log.  The bots keep the default, so no golden
replay changes (``tests/core/audit/test_replay.py`` re-simulates them all).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from marked_play import game_events, hands, write

from mahjong_core.audit.check import check


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
