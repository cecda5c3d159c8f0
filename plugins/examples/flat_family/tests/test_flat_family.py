"""The flat family: hands scored to hand-computed values, a zero-sum settlement, seeded games that audit clean,
and the mahjong-core conformance suite on ``flat_demo`` (about 10 s)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mahjong_flat_family import family, settlement
from mahjong_flat_family.predicates import VOCABULARY
from mahjong_flat_family.scoring import FAMILY, score
from mahjong_flat_family.settlement import SETTLEMENT, payments_for, settle

from mahjong_core import available, check, load_ruleset, play_game
from mahjong_core.plugin import (
    EAST,
    HandError,
    MahjongError,
    MeldKind,
    Outcome,
    Ruleset,
    RulesetError,
    Table,
    bind,
    installed,
    parse_hand,
    score_hand,
)

RULESET = "flat_demo"
INSTALL = "install this package first: pip install ./plugins/examples/flat_family"
#: What the engine's mahjong_win_context gives for a win on a discard by East in the East round.
DISCARD = {"winner": True, "how": "discard", "self_drawn": False, "seat_wind": EAST, "prevalent_wind": EAST}
SELF_DRAWN = {**DISCARD, "how": "self_drawn", "self_drawn": True}
#: What ``mahjong score`` gives: the hand's !flags say how it was won.
FROM_TEXT = {"winner": True, "seat_wind": EAST, "prevalent_wind": EAST}


@pytest.fixture(scope="module")
def ruleset() -> Any:
    assert RULESET in available(), INSTALL
    return load_ruleset(RULESET)


def points(ruleset: Ruleset, text: str, context: dict[str, Any] | None = None) -> int:
    return score(ruleset, parse_hand(text), DISCARD if context is None else context).total


def house_rule(tmp_path: Path, body: str) -> Any:
    """A club's file extending flat_demo, loaded as a house rule is."""
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nversion: 1.0.0\nname: House\nextends: {RULESET}\n{body}", encoding="utf-8")
    return load_ruleset(path)


# ---------------------------------------------------------------- installed like any family


def test_the_package_contributes_a_family_a_settlement_and_prefixed_predicates(ruleset: Ruleset) -> None:
    extensions = installed()
    assert extensions.families[FAMILY].plugin is family
    assert extensions.settlements[SETTLEMENT].plugin is settlement
    assert bind(ruleset).family is extensions.families[FAMILY]
    assert bind(ruleset).settlement is extensions.settlements[SETTLEMENT]
    # everything the family and its settlement do, they do through the hooks of those two modules
    hand = parse_hand("123m456m789m555p6p +6p")
    assert score_hand(ruleset, hand, DISCARD) == score(ruleset, hand, DISCARD)  # asked through the family's hook
    names = [p.name for p in VOCABULARY]
    assert names and all(name.startswith("flat_") for name in names)
    assert all(bind(ruleset).predicate(name) is VOCABULARY[name] for name in names)


def test_flat_demo_extends_chinese_classical_and_states_a_reason_for_every_value_it_sets(ruleset: Ruleset) -> None:
    parent = load_ruleset("chinese_classical")
    assert ruleset.ancestry == ("chinese_classical", RULESET)
    assert ruleset.value("tile_set") == parent.value("tile_set")  # the play is Chinese Classical's
    assert ruleset.source_of("calling_hand_rule.required").defined_in == "chinese_classical"
    assert not ruleset.table("doublings") and not ruleset.table("limit_hands")
    own = [("parameters", "settlement"), ("scoring", "family"), ("scoring", "payments", "discarder"),
           ("points", "pung"), ("points", "chow")]
    for path in own:
        provenance = ruleset.source_of(list(path))
        assert provenance.defined_in == RULESET and provenance.kind == "assumption" and provenance.text, path


# ---------------------------------------------------------------- scoring, by hand-computed values


def test_concealed_sets_count_double_and_going_out_pays(ruleset: Ruleset) -> None:
    # Three concealed chows 3 x (1 x 2), a concealed pung 2 x 2, going out 4; the discard completes the pair.
    assert points(ruleset, "123m456m789m555p6p +6p") == 6 + 4 + 4


def test_a_set_completed_by_a_discard_is_exposed_and_self_drawn_adds_two(ruleset: Ruleset) -> None:
    # The 5p completes the pung: from a discard it is exposed (2), drawn from the wall concealed (4) plus 2.
    assert points(ruleset, "123m456m789m55p66p +5p") == 6 + 2 + 4
    assert points(ruleset, "123m456m789m55p66p +5p", SELF_DRAWN) == 6 + 4 + 4 + 2
    assert points(ruleset, "123m456m789m55p66p +5p !self_drawn", FROM_TEXT) == 16


def test_exposed_melds_and_a_concealed_kong(ruleset: Ruleset) -> None:
    # Exposed chow 1, exposed pung 2, concealed kong 4 x 2, concealed chow 2, going out 4.
    result = score(ruleset, parse_hand("456m9m [123s<] [777p^] (1111z) +9m"), DISCARD)
    assert result.total == 1 + 2 + 8 + 2 + 4
    assert {(item.name, item.value, item.count) for item in result.items} == {
        ("chow", 1, 1), ("chow", 2, 1), ("pung", 2, 1), ("kong", 8, 1), ("mahjong", 4, 1)}
    # An exposed kong is worth half a concealed one.
    assert points(ruleset, "456m9m [123s<] [777p^] [1111z^] +9m") == 1 + 2 + 4 + 2 + 4


def test_of_two_readings_the_higher_counts(ruleset: Ruleset) -> None:
    # 111222333m reads as three concealed pungs (3 x 4) or three concealed chows (3 x 2); 789p is a chow (2).
    result = score(ruleset, parse_hand("111222333m789p5s +5s"), DISCARD)
    assert result.total == 12 + 2 + 4 and result.arrangement is not None
    assert sum(m.kind is MeldKind.PUNG for m in result.arrangement.melds) == 3


def test_losers_score_nothing(ruleset: Ruleset) -> None:
    assert score(ruleset, parse_hand("123m456m789m55p66p"), {"winner": False}).total == 0


def test_the_usual_limit_caps_the_total(tmp_path: Path) -> None:
    capped = house_rule(tmp_path, "parameters:\n  usual_limit: {value: 10, assumption: test}\n")
    result = score(capped, parse_hand("123m456m789m555p6p +6p"), DISCARD)
    assert (result.total, result.limit, result.raw["points_before_limit"]) == (10, "usual_limit", 14)


def test_a_hand_that_is_not_four_sets_and_a_pair_is_refused_in_one_line(ruleset: Ruleset) -> None:
    with pytest.raises(HandError, match="four sets and a pair"):
        score(ruleset, parse_hand("1122m3344p5566s7z +7z"), DISCARD)  # seven pairs
    with pytest.raises(MahjongError, match=r"unknown situation flag !tenhou") as error:
        score(ruleset, parse_hand("123m456m789m555p6p +6p !tenhou"), DISCARD)
    assert error.value.place == "situations"


def test_the_cli_scores_a_hand_and_refuses_a_bad_one_without_a_traceback() -> None:
    cli = [sys.executable, "-m", "mahjong_core", "score", "--ruleset", RULESET]
    good = subprocess.run([*cli, "123m456m789m555p6p +6p"], capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stderr
    assert "scoring family flat" in good.stdout and "total    14" in good.stdout
    bad = subprocess.run([*cli, "1122m3344p5566s7z +7z"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().count("\n") == 0 and "four sets and a pair" in bad.stderr


@pytest.mark.parametrize(("body", "message"), [
    ("doublings:\n  odd:\n    predicate: all_chows\n    value: 1\n    assumption: test\n",
     r"reads only the points table; doublings has rows odd"),
    ("points:\n  chow:\n    predicate: flat_chow\n    value: 1\n    per: meld\n    applies_to: everyone\n"
     "    assumption: test\n", r"scores only the winner's hand; row chow applies to everyone"),
    ("scoring:\n  losing_hands: {value: true, assumption: test}\n", r"losing_hands would be ignored"),
    ("scoring:\n  concealed_multiplier: {value: 0, assumption: test}\n", r"must be a whole number >= 1"),
    ("scoring:\n  concealed_multiplier: null\n", r"no scoring value 'concealed_multiplier', which the flat"),
])
def test_tables_the_engine_would_misread_are_refused_and_located(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message) as error:
        score(house_rule(tmp_path, body), parse_hand("123m456m789m555p6p +6p"), DISCARD)
    assert error.value.source and error.value.source.endswith("house.yaml") and error.value.place


# ---------------------------------------------------------------- the flat settlement


def test_the_discarder_pays_double_east_double_and_the_payments_sum_to_zero(ruleset: Ruleset) -> None:
    # East (seat 0) is the dealer and ruleset keeps east_pays_double on: payments to or from seat 0 double.
    paid = payments_for(ruleset, players=4, dealer=0, winner=1, points=10, how="discard", discarder=2)
    assert [(p.payer, p.payee, p.amount) for p in paid] == [(0, 1, 20), (2, 1, 20), (3, 1, 10)]
    robbed = payments_for(ruleset, players=4, dealer=0, winner=1, points=10, how="robbing_kong", discarder=3)
    assert [(p.payer, p.amount) for p in robbed] == [(0, 20), (2, 10), (3, 20)]
    drawn = payments_for(ruleset, players=4, dealer=2, winner=2, points=7, how="self_drawn", discarder=None)
    assert [(p.payer, p.payee, p.amount) for p in drawn] == [(0, 2, 14), (1, 2, 14), (3, 2, 14)]


def test_every_win_is_zero_sum(ruleset: Ruleset) -> None:
    for dealer in range(4):
        for winner in range(4):
            for how, discarder in [("self_drawn", None), ("replacement", None)] + [
                    (how, d) for how in ("discard", "robbing_kong") for d in range(4) if d != winner]:
                paid = payments_for(ruleset, players=4, dealer=dealer, winner=winner, points=9, how=how,
                                    discarder=discarder)
                balance = [0] * 4
                for p in paid:
                    assert p.payer != p.payee == winner and p.amount > 0
                    balance[p.payer] -= p.amount
                    balance[p.payee] += p.amount
                assert sum(balance) == 0 and balance[winner] >= 9 * 3


def test_a_draw_pays_nothing_and_a_win_without_its_giver_is_refused(ruleset: Ruleset) -> None:
    assert settle(ruleset, Table(players=4, scores=[0] * 4), Outcome("draw")) == []
    with pytest.raises(MahjongError, match="needs the seat that gave the tile"):
        payments_for(ruleset, players=4, dealer=0, winner=1, points=10, how="discard", discarder=None)


def test_a_settlement_naming_nothing_installed_is_a_located_error(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"unknown settlement 'flta'; installed: .*flat") as error:
        house_rule(tmp_path, "parameters:\n  settlement: {value: flta, assumption: test}\n")
    assert error.value.place == "$.parameters.settlement"


def test_a_classical_switch_is_refused_in_a_flat_ruleset(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match=r"'bank' is a parameter of the classical family, and this ruleset's "
                                           r"family is flat"):
        house_rule(tmp_path, "parameters:\n  bank:\n    enabled: {value: true, assumption: test}\n")


# ---------------------------------------------------------------- seeded games


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_seeded_game_audits_clean_and_pays_by_the_flat_rule(ruleset: Ruleset, seed: int, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = play_game(ruleset, seed, ["greedy", "random", "greedy", "greedy"], replay=path, max_deals=6)
    audited = check(str(path), "audit")
    assert audited.ok, audited.text()
    assert audited.scores == game.result.scores and sum(game.result.scores) == 0
    assert check(str(path), "replay").ok
    wins = 0
    dealer, win = 0, None
    scores: dict[int, int] = {}
    for event in events(path):
        if event["type"] == "deal_start":
            dealer, win, scores = event["dealer"], None, {}
        elif event["type"] == "mahjong":
            win = event
        elif event["type"] == "score":
            scores[event["seat"]] = event["value"]
        elif event["type"] == "settlement" and win is not None:
            wins += 1
            assert all(scores[s] == 0 for s in scores if s != win["seat"]) and scores[win["seat"]] > 0
            expected = payments_for(ruleset, players=4, dealer=dealer, winner=win["seat"],
                                    points=scores[win["seat"]], how=win["how"], discarder=win["discarder"])
            assert event["payments"] == [[p.payer, p.payee, p.amount, p.reason] for p in expected]
    assert wins > 0, f"seed {seed}: no deal was won in six deals"


def test_the_conformance_suite_passes(tmp_path: Path) -> None:
    """The same checks every bundled ruleset passes, run the way a plugin author runs them."""
    result = subprocess.run([sys.executable, "-m", "pytest", f"--mahjong-ruleset={RULESET}", "-p", "no:cacheprovider",
                             "-q"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout
