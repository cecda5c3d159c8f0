"""``riichi_tenhou``, an installed ruleset that plays: every bundled bot finishes its games, whose logs replay byte
for byte and audit clean; a game of declarations (the lock, furiten, ura-dora) audits clean too; a double ron pays
both winners and the pot to the one nearest the discarder.

Tenhou's rules as the Japanese Mahjong Wiki's "Tenhou.net" page gives them (Rules): double ron paid, triple ron an
abortive draw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from riichi_play import deals, play, write

from mahjong_core import available, check, load_ruleset, simulate
from mahjong_core.plugin import Ruleset

RULESET = "riichi_tenhou"
#: Seeds of declaring games whose deals hold a double ron (found by playing seeds 0 to 59).
DOUBLE_RON_SEEDS = (9, 37, 48, 52, 54, 60)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def test_it_is_an_installed_ruleset_with_the_riichi_mechanisms_switched_on(ruleset: Ruleset) -> None:
    assert str(available()[RULESET].module) == "mahjong_rulesets.rulesets.riichi_tenhou"
    for name in ("riichi_declaration", "furiten", "dora_indicators", "abortive_draws", "starting_points",
                 "most_winners_on_one_discard"):
        assert ruleset.source_of(name).text, name
    assert ruleset.value("abortive_draw_declaration_flag") == "riichi"
    assert "triple_ron" in ruleset.value("abortive_draws") and ruleset.value("most_winners_on_one_discard") == 2


@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy"] * 4, ["random", "greedy", "greedy", "random"]])
def test_every_bundled_bot_finishes_its_games_which_replay_and_audit_clean(ruleset: Ruleset, bots: list[str],
                                                                           tmp_path: Path) -> None:
    played = simulate(ruleset, 7, 2, bots, tmp_path, max_deals=6)
    for game in played:
        assert game.replay is not None and game.result.deals >= 1
        for mode in ("replay", "audit"):
            verdict = check(str(game.replay), mode)
            assert verdict.ok, verdict.text()


def test_a_game_of_declarations_replays_and_audits_clean(ruleset: Ruleset, tmp_path: Path) -> None:
    """Every decision of the declaring seats is checked legal again (the lock, furiten), every reply re-made (the
    sticks, the indicators, the ura-dora)."""
    path = write(ruleset, 3, tmp_path / "declarations.jsonl")
    text = path.read_text(encoding="utf-8")
    assert text.count('"type":"riichi_declaration"') >= 3 and '"type":"ura_dora_shown"' in text
    for mode in ("replay", "audit"):
        verdict = check(str(path), mode)
        assert verdict.ok, verdict.text()


def test_a_double_ron_pays_both_winners_and_the_pot_to_the_nearest(ruleset: Ruleset) -> None:
    doubles = with_pot = 0
    for seed in DOUBLE_RON_SEEDS:
        for deal in deals(play(ruleset, seed)):
            wins = [k for k, e in enumerate(deal) if e["type"] == "mahjong"]
            if len(wins) < 2:
                continue
            doubles += 1
            first, second = (deal[k] for k in wins)
            discarder = first["discarder"]
            assert second["discarder"] == discarder
            assert (first["seat"] - discarder) % 4 < (second["seat"] - discarder) % 4  # the nearest first
            pot: list[dict[str, Any]] = [e for e in deal[wins[0]:] if e["type"] == "payment" and e["payer"] is None]
            assert all(p["payee"] == first["seat"] for p in pot)
            with_pot += bool(pot)
            (settlement,) = [e for e in deal if e["type"] == "settlement"]
            assert {(payer, payee) for payer, payee, _, _ in settlement["payments"]} == {
                (discarder, first["seat"]), (discarder, second["seat"])}
    assert doubles >= len(DOUBLE_RON_SEEDS) and with_pot >= 1, (doubles, with_pot)
