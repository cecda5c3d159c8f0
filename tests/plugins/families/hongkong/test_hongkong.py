"""Hong Kong and Hong Kong+: the fan table, the fan-laak payments, the 2-fan minimum, and games that play and audit.

Golden hands are data (``tests/golden/hongkong.yaml``): each is a hand in the notation with its
situation flags, the fan rows it must score, its fan and points, and the seed line it checks.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mahjong_rulesets.families.hongkong import scoring as hk
from mahjong_rulesets.families.hongkong import settlement as hk_settle
from shared_files import SEEDS

from mahjong_core.audit import check as replay_check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import HandError, MahjongError, RulesetError
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.tiles import BONUS, EAST, NUM_PLAYING_KINDS
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Outcome, Table

GOLDEN = Path(__file__).resolve().parents[3] / "golden" / "hongkong.yaml"
WIND = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
CASES: list[dict[str, Any]] = yaml.safe_load(GOLDEN.read_text(encoding="utf-8"))["hands"]


def context(seat: str = "S", round_: str = "E", **facts: Any) -> dict[str, Any]:
    return {"seat_wind": WIND[seat], "prevalent_wind": WIND[round_], **facts}


def score_text(ruleset_id: str, text: str, seat: str = "S", round_: str = "E", **facts: Any) -> Any:
    return hk.score(load_ruleset(ruleset_id), parse_hand(text), context(seat, round_, **facts))


def overlay(tmp_path: Path, body: str) -> Any:
    path = tmp_path / "house.yaml"
    path.write_text("id: hk_house\nversion: 1.0.0\nname: HK house rule\nextends: hongkong\n" + body, encoding="utf-8")
    return load_ruleset(path)


# --------------------------------------------------------------------------- golden hands


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_hand(case: dict[str, Any]) -> None:
    ruleset = load_ruleset(case["ruleset"])
    hand = parse_hand(case["hand"], source=case["id"])
    score = hk.score(ruleset, hand, context(case.get("seat", "S"), case.get("round", "E")))
    fans = {item.name: item.count for item in score.items if item.kind == "fan"}
    assert fans == case["fans"], case["seed"]
    assert (score.raw["fan"], score.total, score.raw["points"]) == (case["fan"], case["points"], case["points"])
    assert score.limit == case.get("limit")
    rows = {**ruleset.table("fans"), **ruleset.table("limit_hands"), **ruleset.raw_tables["scoring"]["fan_points"]}
    for item in score.items:  # every item explains itself with its row's citation
        row = rows[item.name]
        assert item.source == row.get("source", f"assumption: {row.get('assumption')}")
    if score.limit is None:
        assert score.raw["fan"] == sum(i.value * i.count for i in score.items if i.kind == "fan")
    self_drawn = "self_drawn" in hand.situations or "replacement" in hand.situations
    for key, how in (("discard_total", "discard"), ("self_drawn_total", "self_drawn")):
        if key in case:
            assert self_drawn == (how == "self_drawn"), f"{case['id']}: {key} does not match how the hand won"
            paid = hk_settle.payments_for(ruleset, players=4, dealer=0, winner=1, points=score.total, how=how,
                                          discarder=2 if how == "discard" else None)
            assert sum(p.amount for p in paid) == case[key]


def test_golden_hands_cover_both_rulesets_and_every_hong_kong_special_limit() -> None:
    assert len(CASES) >= 30
    assert {c["ruleset"] for c in CASES} == {"hongkong", "hongkong_plus"}
    assert len({c["id"] for c in CASES}) == len(CASES)
    limits = set(load_ruleset("hongkong").table("limit_hands"))
    assert limits == {
        "heavenly", "earthly", "thirteen_orphans", "seven_pairs", "all_honours", "all_terminals",
        "three_great_scholars", "big_four_winds", "four_kongs", "nine_gates", "hidden_treasure",
        "little_four_winds", "jade_dragon", "ruby_dragon", "pearl_dragon",
    }  # fmt: skip
    assert limits <= {c.get("limit") for c in CASES}
    fan_rows = set(load_ruleset("hongkong").table("fans"))
    assert fan_rows <= {row for c in CASES for row in c["fans"]}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents (../shared/seeds) are not beside the repository")
def test_golden_hands_cite_lines_of_seed_000() -> None:
    lines = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8").splitlines()
    for case in CASES:
        seed, what, numbers = case["seed"].split(" ", 2)
        assert seed == "000" and what in ("line", "lines"), case["id"]
        low, _, high = numbers.partition("-")
        for n in range(int(low), int(high or low) + 1):
            assert lines[n - 1].strip(), f"{case['id']} cites empty line {n}"


# --------------------------------------------------------------------------- the tables


def test_fan_table_is_000s_fourteen_rows_plus_the_three_the_program_skipped() -> None:
    ruleset = load_ruleset("hongkong")
    rows = ruleset.table("fans")
    got = {key: (row["value"], row.get("source") or row["assumption"][:12]) for key, row in rows.items()}
    assert got == {
        "dragon_pung": (1, "000 line 518"),
        "seat_wind_pung": (1, "000 line 519"),
        "prevalent_wind_pung": (1, "000 line 520"),
        "own_bonus_tile": (1, "000 line 521"),
        "all_flowers": (2, "000 line 522"),
        "all_seasons": (2, "000 line 523"),
        "no_bonus_tiles": (1, "000 line 524"),
        "all_chows": (1, "000 line 525"),
        "all_pungs": (3, "000 line 526"),
        "half_flush": (3, "000 line 527"),
        "pure_suit": (6, "000 line 528"),
        "self_drawn": (1, "000 line 529"),
        "last_tile": (1, "000 line 530"),
        "dead_wall_win": (1, "000 line 531"),
        "robbing_kong": (1, "000 line 540; 000 line 133"),
        "little_three_winds": (4, "000 line 539"),
    }
    assert rows["dragon_pung"]["per"] == "meld" and rows["own_bonus_tile"]["per"] == "bonus_tile"
    assert ruleset.table("limit_hands")["seven_pairs"]["value"] == 16
    assert load_ruleset("hongkong_plus").table("fans") == rows


def test_fan_laak_table() -> None:
    ruleset = load_ruleset("hongkong")
    expected = [1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 64]
    assert [hk.points_for_fan(ruleset, fan) for fan in range(14)] == expected
    assert hk.points_for_fan(ruleset, 200) == 64
    assert [b.source for b in hk.fan_bands(ruleset)] == [f"000 line {n}" for n in range(546, 553)]
    assert [hk.fan_for_points(ruleset, p) for p in (1, 2, 4, 8, 16, 32, 64)] == [0, 1, 2, 3, 4, 7, 10]
    with pytest.raises(MahjongError, match="whole number"):
        hk.points_for_fan(ruleset, -1)


@pytest.mark.parametrize(
    ("fan", "from_discard", "self_drawn"),
    [(0, 4, None), (1, 8, 12), (2, 16, 24), (3, 32, 48), (5, 64, 96), (8, 128, 192), (12, 256, 384)],
)
def test_worked_totals_of_000s_fan_laak_table(fan: int, from_discard: int, self_drawn: int | None) -> None:
    """000 lines 546-552: what the three losers pay together ("1+1+2=4", "4+4+4=12" ...)."""
    ruleset = load_ruleset("hongkong")
    points = hk.points_for_fan(ruleset, fan)
    paid = hk_settle.payments_for(ruleset, players=4, dealer=0, winner=0, points=points, how="discard", discarder=3)
    assert sorted(p.amount for p in paid) == [points, points, 2 * points]
    assert sum(p.amount for p in paid) == from_discard
    assert [p.payer for p in paid if p.amount == 2 * points] == [3]
    if self_drawn is not None:
        paid = hk_settle.payments_for(ruleset, players=4, dealer=0, winner=2, points=points, how="self_drawn",
                                      discarder=None)
        assert [p.amount for p in paid] == [2 * points] * 3 and sum(p.amount for p in paid) == self_drawn


def test_a_self_drawn_hand_always_has_a_fan() -> None:
    """000 line 546 has no self-drawn payment for 0 fan: self-drawn is itself a fan (line 529)."""
    score = score_text("hongkong", "123m456p789s555s2m 3f +2m !self_drawn")
    assert score.raw["fan"] >= 1


# --------------------------------------------------------------------------- the engine's contract


def test_a_loser_is_not_scored() -> None:
    hand = parse_hand("123m456p789s55z [777z<]")  # 13 tiles, no winning tile: a loser's hand
    score = hk.score(load_ruleset("hongkong"), hand, context(winner=False))
    assert (score.total, score.items, score.raw) == (0, (), {"fan": 0, "points": 0})


def test_a_limit_keeps_the_fans_it_replaced_as_excluded_items() -> None:
    score = score_text("hongkong", "123m456p789s555s2m 3f +2m !dealer !first_go_around !self_drawn", seat="E")
    assert [i.name for i in score.items] == ["heavenly"] and score.items[0].kind == "limit"
    assert {i.name for i in score.excluded} == {"self_drawn"}
    assert score.raw == {"fan": 10, "points": 64, "fan_counted": 1}
    # Two limits at once: the one worth more counts, the other is kept with the reason.
    score = score_text("hongkong", "1122z3344z5566z7z +7z")
    assert score.limit == "all_honours" and score.total == 64
    assert any(i.name == "seven_pairs" and "worth more" in i.detail for i in score.excluded)


def test_situation_flags_and_facts_are_checked() -> None:
    ruleset = load_ruleset("hongkong")
    hand = "123m456p789s555s2m 1f +2m"
    with pytest.raises(MahjongError, match=r"unknown situation flag !self_draw\b.*!self_drawn"):
        hk.score(ruleset, parse_hand(hand + " !self_draw"), context())
    with pytest.raises(MahjongError, match="needs seat_wind"):
        hk.score(ruleset, parse_hand(hand), {"prevalent_wind": EAST})
    with pytest.raises(MahjongError, match="prevalent_wind"):
        hk.score(ruleset, parse_hand(hand), {"seat_wind": EAST, "prevalent_wind": 3})
    with pytest.raises(MahjongError, match="robbed from a kong is not self-drawn"):
        hk.score(ruleset, parse_hand(hand + " !robbing_kong !self_drawn"), context())
    with pytest.raises(MahjongError, match="loose"):
        hk.score(ruleset, parse_hand(hand), context(replacement=True, self_drawn=False))
    with pytest.raises(HandError, match="four sets and a pair"):
        hk.score(ruleset, parse_hand("123m456p789s555s3m +2m"), context())
    # A fact in the context counts like the flag.
    assert hk.score(ruleset, parse_hand(hand), context(self_drawn=True)).raw["fan"] == 1


def test_the_engine_answers_for_the_family_through_the_core() -> None:
    ruleset = load_ruleset("hongkong")
    score = score_hand(ruleset, parse_hand("123m456p2s [555z<] [666z^] 1y +2s"), context(winner=True))
    assert score is not None and score.family == "hongkong" and score.total == 4


# --------------------------------------------------------------------------- overlays: the engine reads the data


def test_an_excluding_row_moves_the_row_it_names_to_excluded(tmp_path: Path) -> None:
    ruleset = overlay(tmp_path, """
fans:
  dead_wall_win:
    predicate: hk_replacement_tile
    value: 1
    excludes: [self_drawn]
    assumption: "a house rule paying a dead-wall win once"
""")
    score = hk.score(ruleset, parse_hand("123m456p789s2m (5555s) 1f +2m !replacement"), context())
    assert [i.name for i in score.items if i.kind == "fan"] == ["dead_wall_win"]
    assert [(i.name, i.detail) for i in score.excluded] == [("self_drawn", "excluded by dead_wall_win")]
    assert score.raw["fan"] == 1 and score.total == 2


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("fans:\n  x:\n    predicate: hk_dragon_pong\n    value: 1\n    per: match\n    assumption: \"t\"\n",
         "cannot count matches"),
        ("fans:\n  x:\n    predicate: hk_dragon_pong\n    value: 1\n    excludes: [nope]\n    assumption: \"t\"\n",
         "excludes unknown rows"),
        ("scoring:\n  fan_points:\n    fan_2: {value: {min: 3, max: 3, points: 4}, assumption: \"t\"}\n",
         "starts at 3, expected 2"),
        ("scoring:\n  fan_points:\n    fan_10_up: {value: {min: 10, max: 12, points: 64}, assumption: \"t\"}\n",
         "open band"),
        ("scoring:\n  fan_points:\n    fan_3: {value: {min: 3, max: 3, points: 3}, assumption: \"t\"}\n",
         "must not fall"),
        ("scoring:\n  fan_points:\n    fan_3: {value: [3, 8], assumption: \"t\"}\n", "min, max, points"),
    ],
)
def test_tables_the_engine_cannot_use_are_located_errors(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message) as info:  # read when the ruleset is loaded
        hk.score(overlay(tmp_path, body), parse_hand("123m456p789s555s2m +2m"), context())
    assert info.value.place and info.value.place.startswith(("$.fans", "$.scoring"))


def test_east_pays_double_as_a_house_rule(tmp_path: Path) -> None:
    ruleset = overlay(tmp_path, 'parameters:\n  east_pays_double: {value: true, assumption: "a house rule"}\n')
    paid = {p.payer: p.amount for p in hk_settle.payments_for(ruleset, players=4, dealer=0, winner=1, points=8,
                                                              how="discard", discarder=2)}
    assert paid == {0: 16, 2: 16, 3: 8}
    plain = {p.payer: p.amount for p in hk_settle.payments_for(load_ruleset("hongkong"), players=4, dealer=0,
                                                               winner=1, points=8, how="discard", discarder=2)}
    assert plain == {0: 8, 2: 16, 3: 8}


# --------------------------------------------------------------------------- settlement


def _outcome(points: int, **kw: Any) -> Outcome:
    score = hk.score(load_ruleset("hongkong"), parse_hand("123m456p789s555s2m 1f +2m"), context())
    score = type(score)(points, score.family)
    return Outcome("win", scores={kw["winner"]: score}, **kw)


def test_settlement_of_a_deal() -> None:
    ruleset = load_ruleset("hongkong")
    table = Table(players=4, dealer=1)
    assert hk_settle.settle(ruleset, table, Outcome("draw")) == []
    paid = hk_settle.settle(ruleset, table, _outcome(16, winner=0, how="robbing_kong", tile=5, discarder=3))
    assert {p.payer: p.amount for p in paid} == {1: 16, 2: 16, 3: 32}  # the robbed player pays as the discarder
    paid = hk_settle.settle(ruleset, table, _outcome(4, winner=2, how="replacement", tile=5))
    assert {p.payer: p.amount for p in paid} == {0: 8, 1: 8, 3: 8}
    assert all(p.payee == 2 and p.reason for p in paid)
    with pytest.raises(MahjongError, match="winner's score"):
        hk_settle.settle(ruleset, table, Outcome("win", winner=0, how="discard", discarder=1))
    with pytest.raises(MahjongError, match="needs the seat that gave the tile"):
        hk_settle.settle(ruleset, table, _outcome(4, winner=0, how="discard", tile=5, discarder=None))


@settings(max_examples=200, deadline=None)
@given(
    fan=st.integers(0, 20),
    winner=st.integers(0, 3),
    dealer=st.integers(0, 3),
    offset=st.integers(1, 3),
    how=st.sampled_from(["discard", "self_drawn", "replacement", "robbing_kong"]),
)
def test_payments_sum_to_zero_and_self_drawn_costs_double(fan: int, winner: int, dealer: int, offset: int,
                                                          how: str) -> None:
    ruleset = load_ruleset("hongkong")
    points = hk.points_for_fan(ruleset, fan)
    discarder = None if how in ("self_drawn", "replacement") else (winner + offset) % 4
    paid = hk_settle.payments_for(ruleset, players=4, dealer=dealer, winner=winner, points=points, how=how,
                                  discarder=discarder)
    balance = Counter[int]()
    for p in paid:
        balance[p.payer] -= p.amount
        balance[p.payee] += p.amount
    assert sum(balance.values()) == 0 and balance[winner] == sum(p.amount for p in paid) > 0
    assert sorted(p.payer for p in paid) == sorted(s for s in range(4) if s != winner)  # no loser pays a loser
    if discarder is None:
        assert [p.amount for p in paid] == [2 * points] * 3
    else:
        assert {p.payer: p.amount for p in paid} == {s: points * (2 if s == discarder else 1)
                                                     for s in range(4) if s != winner}


@settings(max_examples=60, deadline=None)
@given(fan=st.integers(0, 40))
def test_adding_a_fan_never_lowers_the_points(fan: int) -> None:
    ruleset = load_ruleset("hongkong")
    assert hk.points_for_fan(ruleset, fan + 1) >= hk.points_for_fan(ruleset, fan)


_CHOWS = st.builds(lambda suit, start: [suit * 9 + start + i for i in range(3)], st.integers(0, 2), st.integers(0, 6))
_PUNGS = st.builds(lambda kind: [kind] * 3, st.integers(0, NUM_PLAYING_KINDS - 1))


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[Hand, dict[str, Any]]:
    """A random complete hand of four concealed sets and a pair, with bonus tiles, flags and winds."""
    sets = draw(st.lists(st.one_of(_CHOWS, _PUNGS), min_size=4, max_size=4))
    pair = draw(st.integers(0, NUM_PLAYING_KINDS - 1))
    tiles = [t for group in sets for t in group] + [pair, pair]
    assume(max(Counter(tiles).values()) <= 4)
    winning = draw(st.sampled_from(tiles))
    rest = list(tiles)
    rest.remove(winning)
    bonus = tuple(sorted(draw(st.sets(st.sampled_from(BONUS), max_size=8))))
    flags = draw(st.sets(st.sampled_from(["self_drawn", "replacement", "dealer"])))
    hand = Hand(tuple(sorted(rest)), (), bonus, winning, frozenset(flags))
    return hand, context(draw(st.sampled_from("ESWN")), draw(st.sampled_from("ESWN")))


@settings(max_examples=150, deadline=None)
@given(complete_hands())
def test_a_further_fan_never_lowers_a_hands_points(case: tuple[Hand, dict[str, Any]]) -> None:
    hand, ctx = case
    ruleset = load_ruleset("hongkong")
    before = hk.score(ruleset, hand, ctx)
    after = hk.score(ruleset, Hand(hand.concealed, hand.melds, hand.bonus, hand.winning_tile,
                                   hand.situations | {"last_tile"}), ctx)
    assert after.total >= before.total and after.raw["fan"] >= before.raw["fan"]
    if before.limit is None and after.limit is None:
        assert after.raw["fan"] == before.raw["fan"] + 1
        assert before.total == hk.points_for_fan(ruleset, before.raw["fan"])
        assert before.raw["fan"] == sum(i.value * i.count for i in before.items if i.kind == "fan")


# --------------------------------------------------------------------------- Hong Kong+: the 2-fan minimum


def _objection(ruleset_id: str, text: str) -> str | None:
    table = Table(players=4)
    table.new_deal()
    ruleset = load_ruleset(ruleset_id)
    hooks = build_plugin_manager(bind(ruleset).plugins).hook  # the objections as a game of the ruleset asks them
    objections = hooks.mahjong_win_objections(ruleset=ruleset, table=table, seat=1, hand=parse_hand(text),
                                              context=context(winner=True))
    return objections[0] if objections else None


def test_hong_kong_plus_refuses_a_mahjong_under_two_fan() -> None:
    one_fan = "123m456p789s555s2m +2m"
    assert load_ruleset("hongkong_plus").value("minimum_value") == {"fan": 2}
    assert _objection("hongkong_plus", one_fan) == "below the minimum value: 1 fan, at least 2 needed"
    assert _objection("hongkong", one_fan) is None
    assert _objection("hongkong_plus", "123m456p789s555s2m +2m !self_drawn") is None  # 2 fan
    assert _objection("hongkong_plus", "1133m5577p99s112z 1f +2z") is None  # seven pairs: a limit, 16 points


def _events(ruleset_id: str, seed: int, max_deals: int, bots: list[str] | None = None) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    game = Game(load_ruleset(ruleset_id), make_bots(bots or ["greedy"] * 4, seed), seed, emit=events.append,
                max_deals=max_deals)
    game.play()
    return [json.loads(json.dumps(e)) for e in events]


def test_hong_kong_plus_games_only_pay_mahjongs_of_two_fan_or_more() -> None:
    wins = 0
    for seed in range(1, 7):
        events = _events("hongkong_plus", seed, 4)
        for i, event in enumerate(events):
            if event["type"] != "mahjong":
                continue
            score = next(e for e in events[i:] if e["type"] == "score" and e["seat"] == event["seat"])
            assert score["raw"]["fan"] >= 2, f"seed {seed}: a mahjong worth {score['raw']} was allowed"
            wins += 1
    assert wins >= 10


# --------------------------------------------------------------------------- seeded games: the deal and the payments


def test_east_keeps_the_deal_after_a_win_or_a_draw_and_pays_no_double() -> None:
    ruleset = load_ruleset("hongkong")
    seen = Counter[str]()
    for seed in range(1, 7):
        events = _events("hongkong", seed, 6, ["greedy", "random", "greedy", "random"])
        dealer = None
        ending: tuple[str, int | None] | None = None
        for event in events:
            if event["type"] == "deal_start":
                if ending is not None:
                    kind, winner = ending
                    keeps = kind == "draw" or winner == dealer
                    assert event["dealer"] == (dealer if keeps else (dealer + 1) % 4), (seed, ending)
                    seen["keep" if keeps else "pass"] += 1
                    seen[f"{kind}{'-east' if winner == dealer else ''}"] += 1
                dealer, ending = event["dealer"], None
            elif event["type"] == "mahjong":
                ending = ("win", event["seat"])
                win = event
            elif event["type"] == "exhaustive_draw":
                ending = ("draw", None)
            elif event["type"] == "settlement" and ending is not None:
                if ending[0] == "draw":
                    assert event["payments"] == []
                    continue
                points = next(e for e in events if e["type"] == "score" and e["n"] > win["n"]
                              and e["seat"] == win["seat"])["value"]
                expected = hk_settle.payments_for(ruleset, players=4, dealer=dealer, winner=win["seat"],
                                                  points=points, how=win["how"], discarder=win["discarder"])
                assert [p[:3] for p in event["payments"]] == [[p.payer, p.payee, p.amount] for p in expected]
                single = points
                for payer, _, amount, _ in event["payments"]:
                    want = 2 * single if win["how"] in ("self_drawn", "replacement") or payer == win["discarder"] \
                        else single
                    assert amount == want, "East pays and receives like anyone else in Hong Kong"
    assert seen["keep"] and seen["pass"] and seen["win-east"] and seen["draw"], seen


@pytest.mark.parametrize("ruleset_id", ["hongkong", "hongkong_plus"])
@pytest.mark.parametrize("seed", [3, 11])
def test_seeded_games_play_and_audit_clean(ruleset_id: str, seed: int, tmp_path: Path) -> None:
    path = tmp_path / f"{ruleset_id}-{seed}.jsonl"
    played = play_game(load_ruleset(ruleset_id), seed, ["greedy"] * 4, replay=path, max_deals=4)
    verdict = replay_check.check(str(path), "audit")
    assert verdict.ok, verdict.text()
    assert verdict.deals == played.result.deals == 4
    assert sum(played.result.scores) == 0
    scores = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert any(e.get("type") == "score" and e.get("family") == "hongkong" and e["value"] > 0 for e in scores)
