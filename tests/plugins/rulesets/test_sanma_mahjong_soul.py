"""``sanma_mahjong_soul``, three-player riichi as Mahjong Soul plays its ranked games, as its differences from
``sanma_tenhou``: installed and extending it, differing in exactly the values its file states (each citing a source),
those values as the sources give them (the Japanese Mahjong Wiki's "Majsoul", its three-player section and its
ladder's calculation), and playable: the bundled bots finish its games, which replay and audit clean.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mahjong_rulesets.mechanisms import placement
from test_riichi_presets import leaves  # the presets' own reading of a resolved table's entries

from mahjong_core import available, check, load_ruleset, simulate
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Ruleset, bind, score_hand

PRESET, PARENT = "sanma_mahjong_soul", "sanma_tenhou"



@pytest.fixture(scope="module")
def soul() -> Ruleset:
    return load_ruleset(PRESET)


@pytest.fixture(scope="module")
def tenhou() -> Ruleset:
    return load_ruleset(PARENT)


def test_it_is_installed_and_extends_tenhou_s_three_player_game(soul: Ruleset) -> None:
    assert str(available()[PRESET].module) == f"mahjong_rulesets.rulesets.{PRESET}"
    assert soul.ancestry == ("riichi_tenhou", PARENT, PRESET)


def test_it_differs_from_sanma_tenhou_in_exactly_the_values_it_states(soul: Ruleset, tenhou: Ruleset) -> None:
    ours, theirs = leaves(soul.raw_tables), leaves(tenhou.raw_tables)
    stated = {path for path in ours if soul.origins.get(path, ("", ""))[0] == PRESET}
    differing = {path for path in set(ours) | set(theirs)
                 if (ours.get(path) or {}).get("value") != (theirs.get(path) or {}).get("value")}
    assert stated == differing, (sorted(stated - differing), sorted(differing - stated))
    assert stated == {("parameters", "placement_payments"),
                      *{("scoring", "yaku", y) for y in ("kokushi_13_wait", "suuankou_tanki", "junsei_chuuren",
                                                         "daisuushii")}}
    for path in stated:
        assert ours[path].get("source") and soul.source_of(list(path)).text, path


def test_the_values_are_the_sources(soul: Ruleset, tenhou: Ruleset) -> None:
    # the three-player game as Tenhou's: 108 tiles, three seats, 35,000 points, no chow, the North set aside
    assert len(soul.tile_set()) == 108 and soul.value("players") == 3 and soul.starting_points() == 35000
    assert soul.value("chow_from") == "nobody" and soul.value("bonus_declaration") == tenhou.value("bonus_declaration")
    # measured from the start (no oka), an uma of 15 thousand either way
    scores, pot = [50000, 33000, 22000], 0
    paid = placement.settlement(soul.value("placement_payments"), 35000, scores, pot)
    assert [e for e in paid if e["reason"] == "oka"] == []
    assert sorted((e["payee"], e["amount"]) for e in paid if e["reason"] == "uma" and e["payee"] is not None) == [
        (0, 15000)]
    # the platform's no-ten payments (2,000 all told) and counters (200 each) are Tenhou's, and so inherited
    assert soul.value("ready_payments")["total"] == tenhou.value("ready_payments")["total"] == 2000
    assert soul.raw_tables["scoring"]["payments"]["honba"]["value"] == 200
    assert tenhou.raw_tables["scoring"]["payments"]["honba"]["value"] == 200
    assert "200 a counter" in soul.description and "jmw_majsoul section 3P" in soul.description


def test_thirteen_orphans_on_its_thirteen_sided_wait_is_a_double_yakuman(soul: Ruleset, tenhou: Ruleset) -> None:
    def value(ruleset: Ruleset) -> int:
        hand = parse_hand("19m19p19s1234567z +1m", tiles=bind(ruleset).tiles)
        score = score_hand(ruleset, hand, win_context((), seat=28, winning_tile=hand.winning_tile))
        assert score is not None
        return int(score.total)

    assert value(soul) == 2 * value(tenhou) == 64000


@pytest.mark.parametrize("bots", [["random"] * 3, ["greedy"] * 3])
def test_the_bundled_bots_finish_its_games_which_replay_and_audit_clean(bots: list[str], tmp_path: Path) -> None:
    played = simulate(load_ruleset(PRESET), 5, 1, bots, tmp_path, max_deals=5)
    wins = 0
    for game in played:
        assert game.replay is not None and game.result.deals >= 1
        wins += game.replay.read_text(encoding="utf-8").count('"type":"mahjong"')
        for mode in ("replay", "audit"):
            verdict = check(str(game.replay), mode)
            assert verdict.ok, verdict.text()
    if bots[0] == "greedy":
        assert wins >= 1  # the greedy bot wins under it
