"""The seat-walls mechanism (``seat_walls.draws``): each seat draws from its own share of the wall."""

from __future__ import annotations

from pathlib import Path

from mahjong_core.log.format import read_log
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset


def test_a_deal_ends_when_the_seat_due_to_draw_has_taken_its_share(tmp_path: Path) -> None:
    """Simulated botzone_mcr deals: no seat takes more than its 21 (the dealer 20 after its fourteenth dealt
    tile), and every exhaustive draw comes when the seat due to draw has none left, not when the wall is empty."""
    ruleset = load_ruleset("botzone_mcr")
    seen_draw = False
    for seed in range(1, 5):
        path = tmp_path / f"game{seed}.jsonl"
        play_game(ruleset, seed, ["greedy", "random", "random", "random"], replay=path, max_deals=4)
        taken = [0] * 4
        dealer = 0
        last_seat = None
        for event in read_log(path).events:
            kind = event["type"]
            if kind == "deal_start":
                taken, dealer = [0] * 4, event["dealer"]
            elif kind in ("draw", "replacement"):
                taken[event["seat"]] += 1
                assert taken[event["seat"]] <= (20 if event["seat"] == dealer else 21), event
            elif kind == "decision" and event["action"] == "discard":
                last_seat = event["actor"]
            elif kind == "exhaustive_draw":
                seen_draw = True
                due = (last_seat + 1) % 4
                assert taken[due] == (20 if due == dealer else 21)
                assert sum(taken) < 84 or all(t == (20 if s == dealer else 21) for s, t in enumerate(taken))
    assert seen_draw, "no simulated deal ended in an exhaustive draw: choose other seeds"


def test_without_the_parameter_the_mechanism_is_off() -> None:
    from mahjong_core.plugin.extensions import installed

    mechanism = next(m for m in installed().mechanisms if m.name == "seat_walls")
    assert mechanism.switched_on(load_ruleset("botzone_mcr"))
    assert not mechanism.switched_on(load_ruleset("mcr"))
