"""The Filipino game's payments the deal itself decides: a seat dealt no flower paid by the others once the dealt
flowers are replaced (``no_bonus_payment``), and a deal whose wall-breaking throw is a pair paid double
(``dice_pair_doubles``).  The first in a constructed deal (``tests/flower_deals.py``), the second in seeded games,
each audited.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flower_deals import play
from mahjong_rulesets.mechanisms import dice_pair, no_bonus_payment

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.plugin import Ruleset

RULESET = "filipino"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def test_a_seat_dealt_no_flower_is_paid_by_every_other_seat_at_the_first_decision(ruleset: Ruleset) -> None:
    flowers = sorted(ruleset.tiles().bonus)
    seen, _ = play(ruleset, [[flowers[0]], [flowers[1]], [flowers[2]], []], [], seed=1)
    dealer = next(e for e in seen if e["type"] == "deal_start")["dealer"]
    bare = (dealer + 3) % 4
    paid = [e for e in seen if e["type"] == "payment" and e["reason"] == no_bonus_payment.REASON]
    amount = ruleset.value("no_bonus_payment")["amount"]
    assert sorted((e["payer"], e["payee"], e["amount"]) for e in paid) == sorted(
        (other, bare, amount) for other in range(4) if other != bare)
    first_decision = next(i for i, e in enumerate(seen) if e["type"] == "decision")
    assert all(seen.index(e) > first_decision for e in paid)           # once the dealt flowers are replaced
    assert all(seen.index(e) < first_decision + 5 for e in paid)       # and right then, once


def test_no_seat_is_paid_when_every_seat_was_dealt_a_flower(ruleset: Ruleset) -> None:
    flowers = sorted(ruleset.tiles().bonus)
    seen, _ = play(ruleset, [[flowers[0]], [flowers[1]], [flowers[2]], [flowers[3]]], [], seed=1)
    assert not any(e["type"] == "payment" and e["reason"] == no_bonus_payment.REASON for e in seen)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Path, list[dict[str, Any]]]]:
    folder = tmp_path_factory.mktemp("filipino")
    out = []
    for seed in (20261130, 5):
        played = simulate(load_ruleset(RULESET), seed, 1, ["greedy"] * 4, folder, max_deals=4)
        replay = played[0].replay
        assert replay is not None
        out.append((replay, [json.loads(line) for line in replay.read_text(encoding="utf-8").splitlines()]))
    return out


def test_a_deal_broken_by_a_pair_pays_its_settlement_twice_and_no_other_deal_does(
        logs: list[tuple[Path, list[dict[str, Any]]]]) -> None:
    doubled = plain = 0
    for _, events in logs:
        throw: list[int] = []
        for i, event in enumerate(events):
            if event["type"] == "wall_dice":
                throw = event["values"]
            if event["type"] == "settlement" and event["payments"]:
                again = [(e["payer"], e["payee"], e["amount"]) for e in events[i + 1:i + 1 + len(event["payments"])]
                         if e["type"] == "payment" and e["reason"] == dice_pair.REASON]
                if throw[0] == throw[1]:
                    assert again == [(p[0], p[1], p[2]) for p in event["payments"]]
                    doubled += 1
                else:
                    assert again == []
                    plain += 1
    assert doubled and plain                                         # both kinds of deal were played


def test_the_doubled_games_audit_clean(logs: list[tuple[Path, list[dict[str, Any]]]]) -> None:
    for replay, _ in logs:
        verdict = check(replay)
        assert verdict.ok, verdict.text()
