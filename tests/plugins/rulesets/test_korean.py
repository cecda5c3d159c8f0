"""Korean 2-point mahjong (``korean``): its tile set, its claim rules (no chow but the winning tile), its sacred
discard, its scoring as classical points with a minimum of two basic points, and seeded games of every bot that
replay and audit clean.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import check, load_ruleset, load_ruleset_text, minimum_figures, simulate
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Ruleset, bind
from mahjong_core.plugin.scoring import score_hand

RULESET = "korean"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def play(ruleset: Ruleset, folder: Path, seeds: range, bots: list[str], deals: int) -> list[list[dict[str, Any]]]:
    games = []
    for seed in seeds:
        played = simulate(ruleset, seed, 1, bots, folder, max_deals=deals)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Eight seeded games of a full game's eight deals between greedy bots."""
    return play(ruleset, tmp_path_factory.mktemp("korean"), range(1, 9), ["greedy"] * 4, 8)


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


# ---------------------------------------------------------------- tiles and seats


def test_104_tiles_two_suits_the_honours_and_four_flowers(ruleset: Ruleset) -> None:
    tiles = ruleset.tile_set()
    assert len(tiles) == 104
    codes = Counter(bind(ruleset).tiles.code(t)[-1] for t in tiles)
    assert codes == {"m": 36, "p": 36, "z": 28, "f": 4}  # no bamboo (s), no seasons
    assert ruleset.value("players") == 4 and ruleset.value("hand_size") == 13


# ---------------------------------------------------------------- claims: pungs and kongs, a chow only to win


def test_no_chow_is_ever_claimed_but_pungs_and_kongs_are(logs: list[list[dict[str, Any]]]) -> None:
    kinds = Counter(e["kind"] for e in events(logs, "claim"))
    assert kinds["pung"] > 0 and "chow" not in kinds


def test_a_discard_that_completes_a_sequence_still_wins(logs: list[list[dict[str, Any]]]) -> None:
    """Wins on a discard happen, and some take the tile into a sequence: the chow is claimable for mahjong only."""
    on_discard = [e for e in events(logs, "mahjong") if e["how"] == "discard"]
    assert on_discard
    readings = [e for e in events(logs, "score") if e["value"] > 0]
    assert readings


def test_claim_rules_as_the_core_reads_them(ruleset: Ruleset) -> None:
    assert ruleset.value("chow_from") == "nobody"
    assert tuple(ruleset.value("claim_priority")) == ("mahjong", "pung_or_kong")
    assert ruleset.value("pung_claim_until_next_discard") is False


# ---------------------------------------------------------------- the sacred discard in play


def wins_on_own_discards(logs: list[list[dict[str, Any]]]) -> tuple[int, int]:
    """(wins on another seat's tile, of which on a kind the winner had discarded earlier in the deal)."""
    wins = sacred = 0
    for log in logs:
        discarded: dict[int, set[str]] = {}
        for e in log:
            if e["type"] == "deal_start":
                discarded = {}
            elif e["type"] == "decision" and e.get("action") == "discard":
                discarded.setdefault(e["actor"], set()).add(e["tile"])
            elif e["type"] == "mahjong" and e["how"] in ("discard", "robbing_kong"):
                wins += 1
                sacred += e["tile"] in discarded.get(e["seat"], set())
    return wins, sacred


def test_no_seat_wins_on_a_kind_it_discarded_that_deal(logs: list[list[dict[str, Any]]]) -> None:
    wins, sacred = wins_on_own_discards(logs)
    assert wins > 0 and sacred == 0


def test_without_the_rule_the_same_games_do_win_on_own_discards(tmp_path: Path) -> None:
    """The control: the same seeds with ``sacred_discard: null`` win on a kind the winner had discarded."""
    lifted = load_ruleset_text("id: korean_no_sacred\nversion: 1.0.0\nname: test\nextends: korean\nparameters:\n"
                               "  sacred_discard: {value: null, assumption: a test}\n", "test.yaml")
    wins, sacred = wins_on_own_discards(play(lifted, tmp_path, range(1, 9), ["greedy"] * 4, 8))
    assert wins > 0 and sacred > 0


# ---------------------------------------------------------------- scoring: points added, two basic points to win


def score(ruleset: Ruleset, hand: str, *flags: str) -> tuple[int, int]:
    parsed = parse_hand(hand)
    scored = score_hand(ruleset, parsed, win_context(flags, winning_tile=parsed.winning_tile))
    assert scored is not None
    return scored.total, int(scored.raw["basic_points"])


@pytest.mark.parametrize(("hand", "flags", "total", "basic"), [
    # a dragon pung alone on a discard: 1 basic point, too few to win (ante 5 + pung 1 + two 1p)
    ("123m456m789m1p [555z<] +1p", (), 8, 1),
    # concealed, on a discard: dragon pung and concealed hand, 2 basic; ante 5, three 5z
    ("234m456m789m22p55z +5z", (), 10, 2),
    # all sequences, concealed and self-drawn: 3 basic; ante 10; two 2p
    ("123m456m789m2p345p +2p", ("self_drawn",), 15, 3),
    # all sequences with a dragon pair is not the Korean all sequences: concealed on a discard, 1 basic
    ("12233m456789p77z +4m", (), 7, 1),
    # the worked hand of co_kr section 9.1, less its ready declaration: 3 basic, ante 10, kong 5, dora 3
    ("234m678p99p55z (1111m) +5z", ("self_drawn", "replacement"), 21, 3),
    # a flower adds a bonus point and no basic point
    ("234m456m789m22p55z 1f +5z", (), 11, 2),
    # one suit with honours, claimed: 2 basic on its own (South is neither the seat's nor the round's wind)
    ("123m456m11m22z [777m^] +2z", (), 10, 2),
])
def test_points_are_added_and_the_minimum_counts_basic_points(ruleset: Ruleset, hand: str, flags: tuple[str, ...],
                                                              total: int, basic: int) -> None:
    assert score(ruleset, hand, *flags) == (total, basic)


def test_bonus_points_never_make_up_the_minimum(ruleset: Ruleset) -> None:
    parsed = parse_hand("123m456m789m1p [555z<] 1f +1p")
    scored = score_hand(ruleset, parsed, win_context(("self_drawn", "replacement"), winning_tile=parsed.winning_tile))
    assert scored is not None and scored.total > 10
    [(measure, _excluding, need, have)] = minimum_figures(ruleset, scored)
    assert (measure, need, have) == ("basic_points", 2, 1)


def test_the_limit_is_80(ruleset: Ruleset) -> None:
    assert ruleset.value("usual_limit") == 80


# ---------------------------------------------------------------- seeded games


@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy"] * 4, ["greedy", "random", "greedy", "random"]])
def test_a_seeded_game_of_every_bot_replays_and_audits_clean(tmp_path: Path, bots: list[str]) -> None:
    played = simulate(load_ruleset(RULESET), 7, 1, bots, tmp_path, max_deals=4)
    assert played[0].replay is not None
    assert check(str(played[0].replay)).ok
    assert check(str(played[0].replay), "audit").ok


def test_greedy_bots_win_most_deals_and_a_win_is_paid_as_the_rules_say(logs: list[list[dict[str, Any]]]) -> None:
    deals = sum(1 for _ in events(logs, "deal_start"))
    wins = list(events(logs, "mahjong"))
    assert deals == 64 and len(wins) >= deals // 3
    for log in logs:
        for i, e in enumerate(log):
            if e["type"] != "mahjong":
                continue
            settlement = next(s for s in log[i:] if s["type"] == "settlement")
            payers = {p[0] for p in settlement["payments"]}
            if e["how"] == "discard":  # the discarder alone
                assert payers == {e["discarder"]}
            else:  # self-drawn: every other seat
                assert payers == {0, 1, 2, 3} - {e["seat"]}


@pytest.mark.parametrize(
    ("figure", "message"),
    [
        ("{points: {categories: [basic]}}", "point figure 'points' would replace the engine's own raw figure"),
        ("{basic_points: {categories: [nope]}}", "categories \\['nope'\\] that no points row has; the points rows' "
                                                 "categories: basic, bonus"),
        ("{basic_points: {categories: []}}", "non-empty list of categories"),
        ("[basic]", "scoring.point_figures must map raw figure names"),
    ],
)
def test_a_bad_point_figure_fails_with_its_place(tmp_path: Path, figure: str, message: str) -> None:
    from mahjong_rulesets.families.classical.tables import classical_tables

    from mahjong_core import RulesetError

    path = tmp_path / "korean_figures.yaml"
    path.write_text("id: korean_figures\nversion: 1.0.0\nname: x\nextends: korean\nscoring:\n"
                    f"  point_figures: {{value: {figure}, assumption: test}}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=message) as caught:
        classical_tables(load_ruleset(path))
    assert caught.value.place and caught.value.place.startswith("$.scoring.point_figures")
