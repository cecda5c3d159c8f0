"""The riichi presets that extend ``riichi_tenhou`` -- ``riichi_mahjong_soul``, ``riichi_ema``, ``riichi_wrc`` and
``riichi_mleague``: installed, honest about what they change (each differs from Tenhou's preset in exactly the
values its own file states, each citing a source or saying why it assumes), and playable: every bundled bot finishes
its games, which replay byte for byte and audit clean, and the rules that set them apart show in play.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import placement, ready_payments
from riichi_play import deals, play

from mahjong_core import available, check, load_ruleset, simulate
from mahjong_core.cli import main
from mahjong_core.plugin import Claim, Ruleset, Table, claims_in_priority_order, parse_tiles

PRESETS = ("riichi_mahjong_soul", "riichi_ema", "riichi_wrc", "riichi_mleague")
PARENT = "riichi_tenhou"


def leaves(node: Any, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    """Every entry with a value (a parameter or a table's row), by its path, as the resolved tables hold it."""
    if isinstance(node, dict) and "value" in node:
        return {path: node}
    if isinstance(node, dict):
        out: dict[tuple[str, ...], Any] = {}
        for key, value in node.items():
            out.update(leaves(value, (*path, str(key))))
        return out
    return {}


@pytest.fixture(scope="module")
def parent() -> Ruleset:
    return load_ruleset(PARENT)


@pytest.mark.parametrize("preset", PRESETS)
def test_each_preset_is_installed_and_extends_tenhou(preset: str) -> None:
    assert str(available()[preset].module) == f"mahjong_rulesets.rulesets.{preset}"
    assert load_ruleset(preset).ancestry == (PARENT, preset)


@pytest.mark.parametrize("preset", PRESETS)
def test_each_preset_differs_from_tenhou_in_exactly_the_values_it_states(preset: str, parent: Ruleset) -> None:
    """``extends:`` stays honest: a value the preset states is one Tenhou's differs in, and every value that
    differs is one the preset states (none slips in through a shared group)."""
    child = load_ruleset(preset)
    ours, theirs = leaves(child.raw_tables), leaves(parent.raw_tables)
    stated = {path for path in ours if child.origins.get(path, ("", ""))[0] == preset}
    differing = {path for path in set(ours) | set(theirs)
                 if (ours.get(path) or {}).get("value") != (theirs.get(path) or {}).get("value")}
    assert stated, preset
    assert stated == differing, (sorted(stated - differing), sorted(differing - stated))
    for path in stated:
        entry = ours[path]
        assert entry.get("source") or entry.get("assumption"), path
        if entry.get("source"):
            assert child.source_of(list(path)).text, path


def test_the_presets_say_what_the_sources_say() -> None:
    soul, ema, wrc, ml = (load_ruleset(p) for p in PRESETS)
    # red fives: three on Mahjong Soul and the M.League, none at the EMA's and the WRC's tables
    assert len(soul.tile_set()) == len(ml.tile_set()) == 136 and len(ema.tile_set()) == len(wrc.tile_set()) == 136
    assert soul.tiles().marked and ml.tiles().marked and not ema.tiles().marked and not wrc.tiles().marked
    # several wins on a discard: Mahjong Soul and the EMA pay them, the WRC and the M.League head-bump
    assert [r.value("most_winners_on_one_discard") for r in (soul, ema, wrc, ml)] == [3, 3, 1, 1]
    assert soul.value("abortive_draws") and "triple_ron" not in soul.value("abortive_draws")
    assert ema.value("abortive_draws") is None and wrc.value("abortive_draws") is None
    assert ml.value("abortive_draws") is None
    # uma and oka
    assert soul.value("placement_payments")["return_points"] == 25000
    assert ema.starting_points() == wrc.starting_points() == 30000
    assert list(ml.value("placement_payments")["uma"]) == [30000, 10000, -10000, -30000]
    assert wrc.value("placement_payments")["pot_to_first"] is False
    # no busting and no extension at the EMA's and the M.League's; the WRC's ends below zero
    assert not ema.value("game_end")["below_zero_ends"] and not ml.value("game_end")["below_zero_ends"]
    assert wrc.value("game_end")["below_zero_ends"]
    assert all(r.value("game_end")["extension_rounds"] == 0 for r in (ema, wrc, ml))
    # swap-calling forbidden where the sources say so, and at the M.League, which inherits Tenhou's
    assert soul.get("swap_calling") and ema.get("swap_calling") and wrc.get("swap_calling")
    assert ml.value("swap_calling") == {"same_kind": True, "other_end": True}
    # nagashi mangan: Mahjong Soul plays it as Tenhou does; the EMA, the WRC and the M.League do not
    assert soul.value("ready_payments")["all_orphan_discards"] == {"dealer": 4000, "other": 2000}
    assert [r.value("ready_payments")["all_orphan_discards"] for r in (ema, wrc, ml)] == [None, None, None]


def exhaustive_draw(ruleset: Ruleset) -> list[int]:
    """Each seat's net at an exhaustive draw where seat 0 is ready and seat 1, not ready, discarded only terminals
    and honours, none claimed: Tenhou pays seat 1 a nagashi mangan, a table without it the ready-hand payments."""
    t = Table(players=4, scores=[25000] * 4, dealer=3)
    t.new_deal()
    for seat, hand in zip(t.seats, ("123m456p789s1122z", *["19m19p19s12345z5m5p"] * 3), strict=True):
        for kind in parse_tiles(hand):
            seat.counts[kind] += 1
    t.seats[1].discards.extend(parse_tiles("1m9p1z7z"))
    net = [0] * 4
    for e in ready_payments.mahjong_event_reactions(ruleset=ruleset, table=t, event={"type": "exhaustive_draw"}) or ():
        if e["type"] == "payment":
            net[e["payer"]] -= e["amount"]
            net[e["payee"]] += e["amount"]
    return net


def test_the_mleague_pays_no_nagashi_mangan_where_tenhou_does(parent: Ruleset) -> None:
    assert exhaustive_draw(parent) == [-2000, 8000, -2000, -4000]
    assert exhaustive_draw(load_ruleset("riichi_mleague")) == [3000, -1000, -1000, -1000]


def test_a_double_wind_pair_is_2_fu_at_the_mleague_and_4_on_tenhou(capsys: pytest.CaptureFixture[str]) -> None:
    """East's pair held by East in the East round, with a concealed pung of 1m, won by ron on a two-sided wait after
    riichi: 20 + 10 (closed ron) + 8 (the pung) + the pair's fu is 42, 50 fu, on Tenhou (4) and 40 at the M.League
    (2): 2,400 against 2,000 to the dealer."""
    hand = ("111m456p678s23s11z +4s", "--seat", "E", "--round", "E", "--riichi")
    assert scored(capsys, PARENT, *hand) == 2400
    assert scored(capsys, "riichi_mleague", *hand) == 2000


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy"] * 4])
def test_every_bundled_bot_finishes_its_games_which_replay_and_audit_clean(preset: str, bots: list[str],
                                                                           tmp_path: Path) -> None:
    played = simulate(load_ruleset(preset), 5, 1, bots, tmp_path, max_deals=5)
    for game in played:
        assert game.replay is not None and game.result.deals >= 1
        for mode in ("replay", "audit"):
            verdict = check(str(game.replay), mode)
            assert verdict.ok, verdict.text()


def winners_per_discard(events: list[dict[str, Any]]) -> list[int]:
    """How many seats won each won deal's discard or robbed kong (self-drawn wins count one)."""
    return [sum(e["type"] == "mahjong" for e in deal) for deal in deals(events)
            if any(e["type"] == "mahjong" for e in deal)]


@pytest.mark.parametrize("preset", ["riichi_wrc", "riichi_mleague"])
def test_head_bump_leaves_one_winner_to_a_deal(preset: str) -> None:
    ruleset = load_ruleset(preset)
    counts = [n for seed in range(8) for n in winners_per_discard(play(ruleset, seed))]
    assert counts and max(counts) == 1


@pytest.mark.parametrize("preset", ["riichi_wrc", "riichi_mleague"])
def test_head_bump_keeps_the_claimant_nearest_the_discarder_in_turn_order(preset: str) -> None:
    """With one winner a discard, the claims' order decides it: seat 1 discards, seats 3, 0 and 2 claim the win;
    seat 2, next in turn after the discarder, takes it (the engine plays the first claim of this order)."""
    ruleset = load_ruleset(preset)
    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    t.last_discard, t.last_discarder, t.turn = 0, 1, 1
    claims = [Claim(3, "win"), Claim(0, "win"), Claim(2, "win"), Claim(2, "pung", (0, 0))]
    ordered = claims_in_priority_order(ruleset, t, claims)
    assert [(c.seat, c.kind) for c in ordered] == [(2, "win"), (3, "win"), (0, "win"), (2, "pung")]
    assert ruleset.value("most_winners_on_one_discard") == 1


def test_the_wrc_leaves_the_sticks_left_at_the_end_out_of_play_where_the_ema_pays_them_to_first() -> None:
    """The game-end payments (``placement_payments``) on the same final points and pot under both presets."""
    scores, pot = [41000, 30000, 25000, 22000], 2000
    ema = placement.settlement(load_ruleset("riichi_ema").value("placement_payments"), 30000, scores, pot)
    wrc = placement.settlement(load_ruleset("riichi_wrc").value("placement_payments"), 30000, scores, pot)
    assert [(e["payer"], e["payee"], e["amount"]) for e in ema if e["reason"] == "pot_to_first"] == [(None, 0, 2000)]
    assert [e for e in wrc if e["reason"] == "pot_to_first"] == []
    assert [e for e in ema if e["reason"] == "uma"] == [e for e in wrc if e["reason"] == "uma"]
    assert not [e for e in wrc if e["reason"] == "oka"]  # no oka: the result is measured from the start


def test_tied_seats_share_the_uma_at_the_ema_and_the_mleague() -> None:
    for preset, uma in (("riichi_ema", [15000, 5000, -5000, -15000]), ("riichi_mleague", [30000, 10000, -10000,
                                                                                              -30000])):
        rule = load_ruleset(preset).value("placement_payments")
        assert placement.by_place([30000, 30000, 25000, 15000], str(rule["ties"]), uma) == [
            (uma[0] + uma[1]) // 2, (uma[0] + uma[1]) // 2, uma[2], uma[3]]


def test_a_log_records_the_presets_own_identity(tmp_path: Path) -> None:
    for preset in PRESETS:
        (game,) = simulate(load_ruleset(preset), 3, 1, ["greedy"] * 4, tmp_path / preset, max_deals=1)
        assert game.replay is not None
        first = json.loads(game.replay.read_text(encoding="utf-8").splitlines()[0])
        assert first["ruleset"]["id"] == preset


def scored(capsys: pytest.CaptureFixture[str], preset: str, *args: str) -> int:
    assert main(["score", "--json", "--ruleset", preset, *args]) == 0
    return int(json.loads(capsys.readouterr().out)["score"]["value"])


def test_the_presets_score_as_their_sources_say(capsys: pytest.CaptureFixture[str]) -> None:
    """Through ``mahjong score``: kiriage (WRC, M.League), the double yakuman (Mahjong Soul), kazoe (EMA)."""
    four_thirty = ("234m456p678s22s34s +5s", "--seat", "S", "--riichi", "--dora-indicators", "1m")  # 4 han 30 fu
    assert [scored(capsys, p, *four_thirty) for p in (PARENT, *PRESETS)] == [7700, 7700, 7700, 8000, 8000]
    kokushi_13 = ("19m19p19s1234567z +1m", "--seat", "S")  # thirteen orphans on its thirteen-sided wait
    assert [scored(capsys, p, *kokushi_13) for p in (PARENT, *PRESETS)] == [32000, 64000, 32000, 32000, 32000]
    # 14 han of ordinary yaku and dora: chinitsu, ittsu, iipeikou, pinfu, riichi, tsumo and two dora
    counted = ("123456789m11m78m +9m", "--seat", "S", "--self-drawn", "--riichi", "--dora-indicators", "8m")
    assert [scored(capsys, p, *counted) for p in (PARENT, *PRESETS)] == [32000, 32000, 24000, 24000, 24000]
