"""The taiwanese family and the taiwanese_16 ruleset: worked hands, exclusions, payments, and a seeded game.

Worked hands are data (``tests/golden/taiwanese_16.yaml``): each is a hand in the notation with its situation,
the tai rows it must score (value, and count where a row counts more than once), the rows an exclusion removed,
its total, and the places in the cited documents the total was counted from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.families.taiwanese import scoring as tw
from mahjong_rulesets.families.taiwanese import settlement as tw_settle

from mahjong_core import check as replay_check
from mahjong_core import installed_bots
from mahjong_core.errors import HandError, MahjongError, RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.tiles import EAST
from mahjong_core.log.simulate import play_game, simulate
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.ruleset import Ruleset

GOLDEN = Path(__file__).resolve().parents[3] / "golden" / "taiwanese_16.yaml"
WIND = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
CASES: list[dict[str, Any]] = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))["hands"]
RULESET = "taiwanese_16"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def context(seat: str = "S", round_: str = "E", **facts: Any) -> dict[str, Any]:
    return {"seat_wind": WIND[seat], "prevalent_wind": WIND[round_], "dealer": seat == "E", **facts}


def score_text(ruleset: Ruleset, text: str, seat: str = "S", round_: str = "E", **facts: Any) -> Any:
    return tw.score(ruleset, parse_hand(text), context(seat, round_, **facts))


def test_there_are_at_least_25_worked_hands_each_with_its_places() -> None:
    assert len(CASES) >= 25
    assert all(case.get("places") for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_worked_hand(ruleset: Ruleset, case: dict[str, Any]) -> None:
    score = score_text(ruleset, case["hand"], case.get("seat", "S"), case.get("round", "E"), **case.get("facts", {}))
    assert score.total == case["tai"] == score.raw["tai"]
    if "limit" in case:
        assert score.limit == case["limit"] and [i.name for i in score.items] == [case["limit"]]
        return
    got = {item.name: item.value for item in score.items}
    assert got == case["rows"], score.items
    counts = {item.name: item.count for item in score.items if item.count != 1}
    assert counts == case.get("counts", {})
    assert sorted({item.name for item in score.excluded}) == sorted(case.get("excluded", []))
    assert sum(i.value * i.count for i in score.items) == score.total


def test_every_row_cites_a_source_or_states_an_assumption(ruleset: Ruleset) -> None:
    for table in ("points", "limit_hands"):
        for key, row in ruleset.table(table).items():
            assert row.get("source") or row.get("assumption"), (table, key)


def test_concealed_self_drawn_replaces_its_two_parts(ruleset: Ruleset) -> None:
    score = score_text(ruleset, "123m456m789m234p56p88s +7p !self_drawn")
    excluded = {item.name: item.detail for item in score.excluded}
    why = "excluded by concealed_self_drawn"
    assert excluded == {"concealed": why, "self_drawn": why}


def test_an_exclusion_naming_an_unknown_row_is_a_load_error(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("id: tw_house\nversion: 1.0.0\nname: house\nextends: taiwanese_16\npoints:\n"
                    "  all_pungs: {predicate: tw_all_pungs, value: 4, excludes: [no_such_row], "
                    "assumption: a test}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="no_such_row"):
        tw.check_tables(load_ruleset(path))


def test_a_hand_that_is_neither_complete_nor_eight_flowers_is_refused(ruleset: Ruleset) -> None:
    with pytest.raises(HandError, match="5 sets and a pair"):
        score_text(ruleset, "123m456m789m234p56p8s9s +1s")


def test_a_negative_dealer_repeat_count_is_refused(ruleset: Ruleset) -> None:
    with pytest.raises(MahjongError, match="dealer_repeats"):
        score_text(ruleset, "123m456m789m234p567p8s +8s", seat="E", dealer_repeats=-1)


def test_a_loser_scores_nothing(ruleset: Ruleset) -> None:
    assert score_text(ruleset, "123m456m789m234p567p8s", winner=False).total == 0


# --------------------------------------------------------------------------- settlement


def _pay(ruleset: Ruleset, **kw: Any) -> list[tuple[int, int, int]]:
    args: dict[str, Any] = {"players": 4, "dealer": 0, "repeats": 0, "discarder": None, **kw}
    return [(p.payer, p.payee, p.amount) for p in tw_settle.payments_for(ruleset, **args)]


def test_the_discarder_alone_pays_base_plus_tai(ruleset: Ruleset) -> None:
    # base 3, 1 a tai: a 5-tai win off seat 2's discard, the dealer (seat 0) not involved
    assert _pay(ruleset, winner=1, tai=5, how="discard", discarder=2) == [(2, 1, 8)]


def test_a_self_drawn_win_is_paid_by_every_loser_and_a_kept_dealer_pays_his_tai(ruleset: Ruleset) -> None:
    # the dealer has kept the deal twice: he pays 1 + 2 x 2 = 5 tai more (chh sections 1-3)
    assert _pay(ruleset, winner=1, tai=4, how="self_drawn", repeats=2) == [(0, 1, 12), (2, 1, 7), (3, 1, 7)]


def test_a_win_on_a_discard_must_name_the_discarder(ruleset: Ruleset) -> None:
    with pytest.raises(MahjongError, match="discarder"):
        _pay(ruleset, winner=1, tai=4, how="discard")


# --------------------------------------------------------------------------- a seeded game


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory, ruleset: Ruleset) -> list[Path]:
    out = tmp_path_factory.mktemp("taiwanese")
    played = simulate(ruleset, 3, 1, ["greedy"] * 4, out)
    return [game.replay for game in played if game.replay is not None]


def test_a_seeded_game_is_won_with_five_sets_and_a_pair_and_replays_and_audits(games: list[Path]) -> None:
    import json

    wins = 0
    for path in games:
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line)
            if event.get("type") == "score" and event.get("arrangement", {}).get("melds"):
                melds = event["arrangement"]["melds"]
                assert len(melds) == 6 and sum(m["kind"] == "pair" for m in melds) == 1
                wins += 1
        for mode in ("replay", "audit"):
            verdict = replay_check(str(path), mode)
            assert verdict.ok, verdict.text()
    assert wins >= 5


@pytest.mark.parametrize("bot", sorted(installed_bots()))
def test_every_installed_bot_plays_it_and_the_game_audits(ruleset: Ruleset, bot: str, tmp_path: Path) -> None:
    path = tmp_path / f"{bot}.jsonl"
    game = play_game(ruleset, 7, [bot, "greedy", bot, "greedy"], replay=path, max_deals=3)
    assert game.result.deals == 3 and sum(game.result.scores) == 0
    verdict = replay_check(str(path), "audit")
    assert verdict.ok, verdict.text()
