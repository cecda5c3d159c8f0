"""The riichi family: worked hands, the situation's checks, the tables' checks, and ``mahjong score``."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from mahjong_core.cli import main as cli_main
from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Ruleset, bind, score_hand, shanten
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.loader import load_ruleset_text

TENHOU = Path(__file__).resolve().parents[4] / "plugins" / "rulesets" / "riichi_tenhou" / "ruleset.yaml"


@pytest.fixture(scope="module")
def tenhou() -> Ruleset:
    return load_ruleset(str(TENHOU))


def _score(ruleset: Ruleset, text: str, flags: tuple[str, ...] = (), seat: str = "E", **facts: Any) -> Any:
    hand = parse_hand(text, tiles=bind(ruleset).tiles)
    ctx = win_context(flags, seat=27 + "ESWN".index(seat), winning_tile=hand.winning_tile, facts=facts)
    score = score_hand(ruleset, hand, ctx)
    assert score is not None
    return score


def _yaku(score: Any) -> dict[str, int]:
    return {i.name: i.value for i in score.items if i.kind in ("han", "yakuman")}


@pytest.mark.parametrize(("text", "flags", "seat", "facts", "han", "fu", "yaku", "payments"), [
    # riichi pinfu tsumo: 20 fu, 3 han, a non-dealer's tsumo of 700/1300 (the library's own worked example)
    ("234789m1234566p +6p", ("self_drawn", "riichi"), "S", {}, 3, 20,
     {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}, {"payment_from_east": 1300, "payment_from_west": 700}),
    # a closed ron with two concealed pungs and the winning pung open: 40 fu 1 han, 1,300 from a non-dealer
    ("22444m333567p44s +4s", (), "S", {}, 1, 40, {"tanyao": 1}, {"payment_from_discarder": 1300}),
    # seven pairs: 25 fu, never rounded
    ("1133m5577p22s336z +6z", (), "S", {}, 2, 25, {"chiitoitsu": 2}, {"payment_from_discarder": 1600}),
    # an open pinfu-shaped ron is 30 fu, not 20 (open pinfu fu)
    ("234m456p78s55z [123p<] +9s", (), "S", {}, 0, 0, {}, {}),
    # kokushi on a 13-sided wait is one yakuman under Tenhou (no double yakuman)
    ("19m19p19s1234567z +1m", (), "S", {}, 13, 0, {"kokushi_13_wait": 1}, {"payment_from_discarder": 32000}),
    # dora, red five and ura-dora with riichi, 2 honba and a stick on the table
    ("234m406p678p2377s +4s", ("riichi",), "S", {"dora_indicators": ["3p"], "ura_dora_indicators": ["6s"],
                                                 "honba": 2, "riichi_sticks": 1},
     7, 30, {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1, "aka_dora": 1, "ura_dora": 1},
     {"payment_from_discarder": 12600, "riichi_sticks_collected": 1000, "received": 13600}),
    # a concealed kong of terminals: 32 fu alone; rinshan, a dealer's tsumo paid by all alike
    ("234m567p234s1s (9999m) +1s", ("rinshan",), "E", {"dora_indicators": ["1z", "1m"]}, 3, 60,
     {"menzen_tsumo": 1, "rinshan": 1, "dora": 1}, {"payment_from_south": 3900}),
])
def test_worked_hands(tenhou: Ruleset, text: str, flags: tuple[str, ...], seat: str, facts: dict[str, Any], han: int,
                      fu: int, yaku: dict[str, int], payments: dict[str, int]) -> None:
    score = _score(tenhou, text, flags, seat, **facts)
    if not yaku:
        assert score.total == 0 and score.raw["fan"] == 0  # no yaku: not a win
        return
    assert score.raw["han"] == han
    assert score.raw["fu"] == fu
    got = _yaku(score)
    assert {k: v for k, v in got.items() if k != "dora"} == {k: v for k, v in yaku.items() if k != "dora"}
    for key, value in payments.items():
        assert score.raw[key] == value, key
    for item in score.items:
        assert item.source, item


def test_open_pinfu_shape_is_30_fu(tenhou: Ruleset) -> None:
    score = _score(tenhou, "234m456p67s22m [345p<] +8s", (), "S")
    assert score.raw["fu"] == 30 and {i.name for i in score.items if i.kind == "fu"} == {"fu_open_pinfu", "fu_base"}


def test_kiriage_is_data(tenhou: Ruleset) -> None:
    data = yaml.safe_load(TENHOU.read_text(encoding="utf-8"))
    data["scoring"]["options"]["kiriage"] = {"value": True, "assumption": "a test of the option"}
    kiriage = load_ruleset_text(yaml.safe_dump(data, allow_unicode=True), "<kiriage>")
    text = "234m406p678p2377s +4s"
    plain = _score(tenhou, text, ("riichi",), "S", dora_indicators=["3p"])
    cut = _score(kiriage, text, ("riichi",), "S", dora_indicators=["3p"])
    assert (plain.raw["han"], plain.raw["fu"], plain.raw["payment_from_discarder"]) == (5, 30, 8000)
    assert cut.raw["payment_from_discarder"] == 8000
    four_thirty = "234m456p678p2377s +4s"
    assert _score(tenhou, four_thirty, ("riichi",), "S", dora_indicators=["3p"]).raw["payment_from_discarder"] == 7700
    assert _score(kiriage, four_thirty, ("riichi",), "S",
                  dora_indicators=["3p"]).raw["payment_from_discarder"] == 8000


@pytest.mark.parametrize(("text", "flags", "facts", "place"), [
    ("234m456p678p4s [777s<] +4s", ("riichi",), {}, "riichi"),
    ("234m456p678p2377s +4s", ("ippatsu",), {}, "ippatsu"),
    ("234m456p678p2377s +4s", ("rinshan",), {}, "rinshan"),
    ("234m456p678p2377s +4s", ("chankan", "self_drawn"), {}, "robbing_kong"),
    ("234m456p678p2377s +4s", ("haitei",), {"self_drawn": False}, "haitei"),
    ("234m456p678p2377s +4s", ("houtei", "self_drawn"), {}, "houtei"),
    ("234m456p678p2377s +4s", ("chiihou",), {}, "chiihou"),
    ("234m456p678p2377s +4s", ("tenhou", "riichi"), {}, "tenhou"),
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["1m", "1m", "1m", "2m", "3m", "4m"]}, "dora_indicators"),
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["1m"], "ura_dora_indicators": ["1m", "2m"]},
     "ura_dora_indicators"),
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["1x"]}, "dora_indicators"),
    # more copies than the set holds, counted with the hand's own tiles
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["1m", "1m", "1m", "1m", "1m"]}, "dora_indicators"),
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["7s", "7s", "7s"]}, "dora_indicators"),
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["4s"], "ura_dora_indicators": ["4s", "4s"]},
     "ura_dora_indicators"),
    ("234m406p678p2377s +4s", (), {"dora_indicators": ["0p"]}, "dora_indicators"),
    ("234m456p678p2377s +4s", (), {"dora_indicators": ["0p", "1m"], "ura_dora_indicators": ["0p"]},
     "ura_dora_indicators"),
    ("234m456p678p2377s +4s", (), {"honba": -1}, "honba"),
    ("234m456p678p2377s +4s", (), {"riichi": "yes"}, "riichi"),
])
def test_impossible_situations_are_refused_at_their_place(tenhou: Ruleset, text: str, flags: tuple[str, ...],
                                                          facts: dict[str, Any], place: str) -> None:
    with pytest.raises(MahjongError) as caught:
        _score(tenhou, text, flags, "E", **facts)
    assert caught.value.place in (place, f"--{place.replace('_', '-')}"), caught.value


def test_an_indicator_outside_the_tile_set_is_refused_as_such() -> None:
    sanma = load_ruleset("sanma_tenhou")
    with pytest.raises(MahjongError) as caught:
        _score(sanma, "234p345p456s11m77z +7z", (), "E", dora_indicators=["5m"])
    assert caught.value.place == "dora_indicators" and "5m is not in this ruleset's tile set" in str(caught.value)


def test_a_games_supposed_hand_is_scored_with_its_own_indicators(tenhou: Ruleset) -> None:
    """A game asks whether a wait would win on hands it only supposes, whose winning tile may be one in sight (the
    greedy bot's open hand waiting on 7p, the fourth 7p turned as the indicator): its indicators come as kinds, the
    game's own tiles, and are not held to the copies; the same indicator written as a tile is refused."""
    text = "777p89p666z11m [345s<] +7p"
    assert _score(tenhou, text, (), "E", dora_indicators=[15]).total > 0
    with pytest.raises(MahjongError) as caught:
        _score(tenhou, text, (), "E", dora_indicators=["7p"])
    assert caught.value.place == "dora_indicators"


def test_indicators_a_set_can_show_are_scored(tenhou: Ruleset) -> None:
    """The copy check counts each tile once: four 1m shown beside a hand of none, a red five shown beside a hand
    of plain fives, an indicator of the hand's own kind while a copy is left."""
    assert _score(tenhou, "234m456p678p2377s +4s", ("riichi",), "E", dora_indicators=["1m", "1m", "1m", "1m"],
                  ura_dora_indicators=["0p", "6s", "7s"]).total > 0
    assert _score(tenhou, "234m456p678p2377s +4s", ("riichi",), "E", dora_indicators=["0p"]).raw["han"] >= 1


def test_a_fifth_five_counting_the_red_one_is_refused(tenhou: Ruleset) -> None:
    with pytest.raises(MahjongError) as caught:
        parse_hand("55550m234p678p7s +7s", tiles=bind(tenhou).tiles)
    assert "5m" in str(caught.value)


def test_a_hand_without_yaku_scores_nothing_and_says_why(tenhou: Ruleset) -> None:
    score = _score(tenhou, "234m456p78s22m [123p<] +9s", (), "S")
    assert score.total == 0 and score.raw["fan"] == 0
    assert score.items[0].name == "no_yaku"


@pytest.mark.parametrize(("path", "value", "place"), [
    (("scoring", "yaku", "tanyao", "value"), {"closed": 0, "open": 1}, "$.scoring.yaku.tanyao.value.closed"),
    (("scoring", "yaku", "pinfuu"), {"value": {"closed": 1}, "source": "ema_2016 section 4.2.1"},
     "$.scoring.yaku.pinfuu"),
    (("scoring", "options", "kazoe", "value"), "always", "$.scoring.options.kazoe.value"),
    (("scoring", "limits", "haneman", "value"), {"han": 5, "base": 3000}, "$.scoring.limits.haneman.value"),
    (("scoring", "fu", "rounding", "value"), 0, "$.scoring.fu.rounding.value"),
])
def test_bad_tables_are_refused_at_their_place(path: tuple[str, ...], value: Any, place: str) -> None:
    data = yaml.safe_load(TENHOU.read_text(encoding="utf-8"))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(yaml.safe_dump(data, allow_unicode=True), "<bad>")
    assert caught.value.place == place, caught.value


def test_every_value_of_the_preset_cites_its_source(tenhou: Ruleset) -> None:
    data = yaml.safe_load(TENHOU.read_text(encoding="utf-8"))

    def leaves(node: Any, where: str) -> Any:
        if isinstance(node, dict) and "value" in node:
            yield where, node
        elif isinstance(node, dict):
            for key, child in node.items():
                yield from leaves(child, f"{where}.{key}")

    for where, leaf in leaves(data["scoring"], "scoring"):
        assert leaf.get("source") or leaf.get("assumption"), where


def test_shanten_agrees_with_the_library_on_5000_riichi_hands() -> None:
    from mahjong.shanten import Shanten

    rng = random.Random(31)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(5000):
        counts = [0] * 34
        for k in rng.sample(wall, 13):
            counts[k] += 1
        assert shanten(counts, seven_pairs_allow_four=False) == Shanten.calculate_shanten(counts), counts


def _cli(*args: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    import contextlib
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = cli_main(list(args))
    finally:
        sys.stdin = old
    return code, out.getvalue()


def test_mahjong_score_takes_the_communitys_names() -> None:
    code, text = _cli("score", "--ruleset", str(TENHOU), "234m406p678p2377s +4s", "--riichi", "--seat", "S",
                      "--dora-indicators", "3p", "--ura-dora-indicators", "6s", "--honba", "2", "--riichi-sticks",
                      "1", "--json")
    assert code == 0, text
    result = json.loads(text)
    raw = result["score"]["raw"]
    assert (raw["han"], raw["fu"], raw["payment_from_discarder"], raw["received"]) == (7, 30, 12600, 13600)
    assert result["score"]["limit"] == "haneman"
    assert result["hand"] == "234m406678p2377s +4s"
    assert {i["name"] for i in result["score"]["items"] if i["kind"] == "fu"} == {"fu_base", "fu_closed_ron"}
    assert any("discarder pays 12600" in step for step in result["card"]["steps"])


def test_mahjong_score_batch_context_and_refusals() -> None:
    lines = "\n".join(json.dumps(x) for x in (
        {"hand": "234m406p678p2377s +4s", "flags": ["riichi", "self_drawn"], "seat": "W",
         "context": {"dora_indicators": ["3p"], "honba": 1}},
        {"hand": "234m406p678p2377s +4s", "context": {"ippatsu": True}},
        {"hand": "234m456p678p4s [777s<] +4s", "flags": ["riichi"]},
    )) + "\n"
    code, text = _cli("score", "--ruleset", str(TENHOU), "--batch", stdin=lines)
    out = [json.loads(line) for line in text.splitlines()]
    assert code == 1
    assert out[0]["score"]["raw"]["payment_from_east"] == 6100
    assert out[1]["error"].endswith("ippatsu: ippatsu is won within a go-around of a riichi; no riichi was declared")
    assert "::riichi: riichi is declared on a concealed hand" in out[2]["error"]


def test_pao_the_liable_player_pays_a_self_drawn_big_three_dragons(tenhou: Ruleset) -> None:
    score = _score(tenhou, "234m55p77z [555z] [666z] +7z", ("self_drawn",), "S", pao="W", honba=1)
    raw = score.raw
    assert raw["payment_from_pao_west"] == 32300  # the whole yakuman, as on a discard, and the honba
    assert not any(key.startswith("payment_from_") and key != "payment_from_pao_west" for key in raw)


def test_pao_shares_a_big_three_dragons_won_on_another_players_discard(tenhou: Ruleset) -> None:
    raw = _score(tenhou, "234m55p77z [555z] [666z] +7z", (), "S", pao="W", honba=1).raw
    assert (raw["payment_from_discarder"], raw["payment_from_pao_west"]) == (16300, 16000)
    assert raw["received"] == 32300


@pytest.mark.parametrize(("text", "pao", "message"), [
    ("234m406p678p2377s +4s", "W", "no yakuman that carries liability"),
    ("234m55p77z [555z] [666z] +7z", "S", "the winner's own seat"),
    ("234m55p77z [555z] [666z] +7z", "X", "seat wind"),
])
def test_pao_that_cannot_be_is_refused(tenhou: Ruleset, text: str, pao: str, message: str) -> None:
    with pytest.raises(MahjongError) as caught:
        _score(tenhou, text, (), "S", pao=pao)
    assert caught.value.place == "pao" and message in str(caught.value)


# -- one reading scored alone (the conformance suite's mahjong_score_reading), and the core's words read ---------


def test_each_reading_scored_alone_pays_no_more_than_the_hand_and_the_hand_names_a_reading(tenhou: Ruleset) -> None:
    """111222333m reads as three pungs or three chows: a hand scores its best reading, one of the core's readings
    (declared melds as declared, a hand without a yaku too), and each reading scored alone pays no more."""
    from mahjong_rulesets.families.riichi.scoring import score_reading

    from mahjong_core.plugin import arrangements

    for text in ("111222333m44p55s +5s", "123m123m234m234m1p +1p", "234m456p78s55z [123p<] +9s",
                 "19m19p19s1234567z +1m"):
        hand = parse_hand(text, tiles=bind(tenhou).tiles)
        ctx = win_context(("self_drawn",), seat=28, winning_tile=hand.winning_tile, facts={})
        best = score_hand(tenhou, hand, ctx)
        assert best is not None
        readings = arrangements(hand)
        assert best.arrangement in readings, text
        totals = [score_reading(tenhou, hand, ctx, reading).total for reading in readings]
        assert max(totals) == best.total, (text, totals)
    hand = parse_hand("111222333m44p55s +5s", tiles=bind(tenhou).tiles)
    ctx = win_context(("self_drawn",), seat=28, winning_tile=hand.winning_tile, facts={})
    totals = {score_reading(tenhou, hand, ctx, r).total for r in arrangements(hand)}
    assert len(totals) == 2  # three concealed pungs (sanankou) pay more than three chows read the other way


def test_a_bonus_tile_s_replacement_is_no_rinshan_and_a_robbed_kong_is_no_houtei(tenhou: Ruleset) -> None:
    """The core's ``replacement`` is rinshan only where the hand holds a kong; its ``last_tile`` with a robbed kong
    is chankan alone (the last discard is not a robbed kong's tile)."""
    score = _score(tenhou, "234m456p678s2277z +7z", ("replacement",), "S")
    assert "rinshan" not in _yaku(score) and "menzen_tsumo" in _yaku(score)
    score = _score(tenhou, "234m456p678s22z77z +7z", ("robbing_kong", "last_tile"), "S")
    assert "chankan" in _yaku(score) and "houtei" not in _yaku(score)


def test_the_minimum_figures_are_the_scores_own(tenhou: Ruleset) -> None:
    """The figures the family reckons for the minimum alone (``mahjong_minimum_figures``) are the explained
    score's own, on 3,000 winning situations and on the same hands with every situation fact taken away (most of
    them then hold no yaku); and a situation the score refuses, the figures refuse with the same message."""
    from mahjong_rulesets.families.riichi import reference as ref
    from mahjong_rulesets.families.riichi import samples
    from mahjong_rulesets.families.riichi.scoring import minimum_figures

    from mahjong_core.plugin.manager import ruleset_hooks

    hooks = ruleset_hooks(tenhou)
    compared = without_yaku = 0
    for situation in samples.situations(47, 3000):
        hand = ref.hand_of(situation)
        full = ref.context_of(situation)
        bare = {k: full[k] for k in ("winner", "seat_wind", "prevalent_wind", "dora_indicators")}
        for context in (full, bare):
            score = score_hand(tenhou, hand, context)
            figures = hooks.mahjong_minimum_figures(ruleset=tenhou, hand=hand, context=context)
            assert score is not None and figures, situation
            assert {k: score.raw[k] for k in figures} == figures, situation
            assert {"han", "fu", "fan"} <= figures.keys()
            compared += 1
            without_yaku += figures["fan"] == 0
    assert compared == 6000 and without_yaku > 500, without_yaku  # 857 of them
    for text, flags, facts in (("234m456p678p2377s +4s", ("tenhou", "riichi"), {}),
                               ("234m456p678p2377s +4s", (), {"honba": -1}),
                               ("234m456p678p2378s +4s", (), {})):
        hand = parse_hand(text, tiles=bind(tenhou).tiles)
        ctx = win_context(flags, seat=27, winning_tile=hand.winning_tile, facts=facts)
        with pytest.raises(MahjongError) as scored:
            score_hand(tenhou, hand, ctx)
        with pytest.raises(MahjongError) as reckoned:
            minimum_figures(tenhou, hand, dict(ctx, winner=True))
        assert str(reckoned.value) == str(scored.value)
