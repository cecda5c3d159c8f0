"""Singapore mahjong (``singapore``): 148 tiles with the four animals, tai on the Hong Kong family's tables with a
5-tai limit and a 1-tai minimum, the bites paid the moment they are shown (bonus tiles: the ``bites`` mechanism;
kongs: ``kong_money``), a prey captured by its predator where a table plays it (``bites.animal_capture``) and the
seat that pays for all (``pays_for_all``), each watched as a unit and in seeded games of greedy and random bots.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.mechanisms import bites, pays_for_all
from mahjong_rulesets.rulesets.singapore import predicates

from mahjong_core import Given, check, load_ruleset, score_text, simulate
from mahjong_core.hand.melds import ClaimedFrom, MeldKind
from mahjong_core.hand.notation import parse_hand, parse_tiles
from mahjong_core.hand.situation import win_context
from mahjong_core.hand.tiles import DRAGONS, FLOWERS, SEASONS, WINDS
from mahjong_core.log.fold import fold
from mahjong_core.plugin import Ruleset
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.forms import recognised_forms
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.plugin.settlement import settle
from mahjong_core.table.state import Outcome, Payment, Table, meld_of

RULESET = "singapore"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Five seeded games of eight deals, greedy and random bots, each as its events."""
    folder = tmp_path_factory.mktemp("singapore")
    games = []
    for seed, bots in ((1, ["greedy"] * 4), (2, ["random", "greedy", "random", "greedy"]), (3, ["greedy"] * 4),
                       (4, ["greedy", "random"] * 2), (5, ["greedy"] * 4)):
        played = simulate(load_ruleset(RULESET), seed, 1, bots, folder, max_deals=8)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


# ---------------------------------------------------------------- the tiles


def test_the_set_is_148_tiles_with_the_four_animals_set_aside(ruleset: Ruleset) -> None:
    tiles = bind(ruleset).tiles
    assert len(tiles.tiles) == 148
    animals = [tiles.kind_of(code) for code in ("1a", "2a", "3a", "4a")]
    assert None not in animals
    assert tiles.bonus == frozenset((*FLOWERS, *SEASONS, *(a for a in animals if a is not None)))


# ---------------------------------------------------------------- tai, the limit and the minimum


def scored(text: str, *flags: str) -> tuple[int, int]:
    """A hand's points and tai, as ``mahjong score --ruleset singapore`` gives them (the East seat and round)."""
    result = score_text(load_ruleset(RULESET), " ".join((text, *(f"!{f}" for f in flags))), Given(), "<test>")
    return result.score.total, int(result.score.raw["fan"])


@pytest.mark.parametrize(("hand", "flags", "points", "tai"), [
    ("123m456m789m777z5s +5s", (), 1, 1),                     # a dragon pung
    ("123m456m789m23p55s +4p", (), 8, 4),                     # all chows, no bonus tile, a two-sided wait
    ("123m456m789m13p55s +2p", (), 1, 0),                     # the same on a closed wait: no all-chows hand
    ("123m456m789m13p55s +2p", ("self_drawn",), 8, 4),        # ... but drawn it is one
    ("123m456m789m23p55s 3f +4p", (), 1, 1),                  # all chows with a flower not the seat's: 1 tai
    ("123m456m789m23p55s 1f1y +4p", (), 4, 3),                # the seat's own flower and season: 1 each
    ("123m456m789m23p55s 12a +4p", (), 4, 3),                 # each animal 1 tai
    ("123m456m789m23p55s 1234a +4p", (), 16, 6),              # four animals and one more: 6 tai, paid as 5
    ("1122334499m555z +9m", (), 4, 3),                        # one suit and honours, a dragon pung
    ("111m222m9m777z111z +9m", (), 16, 7),                    # half flush, all pungs, dragon, East twice: as 5
])
def test_tai_double_the_points_up_to_the_limit_of_five(hand: str, flags: tuple[str, ...], points: int,
                                                       tai: int) -> None:
    assert scored(hand, *flags) == (points, tai)


def test_pungs_of_terminals_and_honours_are_two_tai_besides_all_pungs() -> None:
    assert scored("111m999p999s222z1s +1s") == (8, 4)          # all pungs 2, terminals and honours 2 (South: no wind)
    assert scored("111m999p789s222z1s +1s") == (1, 0)          # a chow: neither
    assert scored("111m999p999s111s1p +1p") == (16, 5)         # no honour: the terminals' limit hand instead
    result = score_text(load_ruleset(RULESET), "111m999p999s222z1s +1s", Given(), "<test>").score
    assert [i.name for i in result.items if i.kind == "fan"] == ["all_pungs", "half_terminals_pungs"]


def test_seven_pairs_is_no_winning_hand_as_no_source_values_it(ruleset: Ruleset) -> None:
    assert "seven_pairs" not in recognised_forms(ruleset)
    assert "seven_pairs" not in {row["predicate"] for row in (*ruleset.table("fans").values(),
                                                              *ruleset.table("limit_hands").values())}


def test_the_five_tai_limit_pays_every_hand_above_it_as_five(ruleset: Ruleset) -> None:
    five = scored("123m456m789m23p55s 12a1f1y +4p")           # all chows with bonus 1, the seat's two 2, animals 2
    seven = scored("123m456m789m23p55s 1234a1f1y +4p")        # four animals 4 and 1 more
    assert five == (16, 5) and seven == (16, 8)
    assert ruleset.value("usual_limit") == 16


def test_a_limit_hand_is_paid_the_limit() -> None:
    total, tai = scored("19m19p19s1234567z +1m")
    assert (total, tai) == (16, 5)


def test_a_hand_of_no_tai_is_refused_and_one_tai_is_a_win(ruleset: Ruleset) -> None:
    hooks = ruleset_hooks(ruleset)
    table = Table(players=4)
    table.new_deal()
    for text, refused in (("123m456m789m234p5s +5s", True), ("123m456m789m777z5s +5s", False)):
        hand = parse_hand(text)
        context = win_context(seat=WINDS[1], winning_tile=hand.winning_tile)
        objections = [o for o in hooks.mahjong_win_objections(ruleset=ruleset, table=table, seat=1, hand=hand,
                                                              context=context) if o]
        assert bool(objections) == refused, (text, objections)
        if refused:
            assert "below the minimum value: 0 fan, at least 1 needed" in objections


def test_every_win_in_play_reaches_one_tai(logs: list[list[dict[str, Any]]]) -> None:
    wins = [e for e in events(logs, "score") if e["value"] > 0]
    assert len(wins) >= 20
    assert all(e["raw"]["fan"] >= 1 for e in wins)


# ---------------------------------------------------------------- bites: bonus tiles


def table_of(ruleset: Ruleset, rows: dict[int, str], dealer: int = 0, phase: str = "turns") -> Table:
    """A four-seat table in a deal whose seats have set aside the bonus tiles written (``{1: "2f2y"}``)."""
    table = Table(players=4, dealer=dealer, scores=[0] * 4, tiles=bind(ruleset).tiles)
    table.new_deal()
    table.phase = phase
    for seat, text in rows.items():
        table.seats[seat].bonus.extend(parse_tiles(text, tiles=table.tiles))
    return table


def bonus_event(table: Table, seat: int, code: str) -> dict[str, Any]:
    return {"type": "bonus", "actor": "table", "seat": seat, "tile": code}


def paid(ruleset: Ruleset, table: Table, seat: int, code: str) -> list[tuple[int, int, int]]:
    replies = bites.mahjong_event_reactions(ruleset=ruleset, table=table, event=bonus_event(table, seat, code))
    assert all(r["reason"] == bites.REASON for r in replies or ())
    return [(r["payer"], r["payee"], r["amount"]) for r in replies or ()]


def test_the_seat_s_own_flower_and_season_are_a_bite_paid_by_every_other_seat(ruleset: Ruleset) -> None:
    table = table_of(ruleset, {1: "2f"})                 # South (dealer East at seat 0) holds its flower 2
    assert paid(ruleset, table, 1, "2f") == []
    table.seats[1].bonus.extend(parse_tiles("2y"))        # then shows its season 2
    assert paid(ruleset, table, 1, "2y") == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    assert paid(ruleset, table, 1, "2y") == []           # a bite is paid once a deal


def test_another_seat_s_flower_and_season_are_no_bite(ruleset: Ruleset) -> None:
    table = table_of(ruleset, {1: "3f3y"})
    assert paid(ruleset, table, 1, "3y") == []


def test_an_animal_pair_is_a_bite_and_two_animals_not_a_pair_are_not(ruleset: Ruleset) -> None:
    table = table_of(ruleset, {2: "1a3a"})
    assert paid(ruleset, table, 2, "3a") == []            # the cat and the rooster: no predator with its prey
    table.seats[2].bonus.extend(parse_tiles("2a", tiles=table.tiles))
    assert paid(ruleset, table, 2, "2a") == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]    # the mouse with the cat
    table.seats[2].bonus.extend(parse_tiles("4a", tiles=table.tiles))
    assert paid(ruleset, table, 2, "4a") == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]    # the centipede with the rooster


def test_all_four_flowers_are_paid_double(ruleset: Ruleset) -> None:
    table = table_of(ruleset, {3: "123f"})
    assert paid(ruleset, table, 3, "3f") == []
    table.seats[3].bonus.extend(parse_tiles("4f"))
    # North's own flower is 4f, but its season 4y is not held: only the group of four is paid
    assert paid(ruleset, table, 3, "4f") == [(0, 3, 2), (1, 3, 2), (2, 3, 2)]


def capturing(ruleset: Ruleset) -> Ruleset:
    """The ruleset with ``bites.animal_capture`` switched on, as a table that plays captures would."""
    tables = json.loads(json.dumps(ruleset.raw_tables))
    tables["parameters"]["bites"]["value"]["animal_capture"] = True
    return dataclasses.replace(ruleset, raw_tables=tables)


def test_a_predator_shown_after_another_seat_s_prey_captures_it_where_a_table_plays_captures(
        ruleset: Ruleset) -> None:
    assert ruleset.value("bites")["animal_capture"] is False
    table = table_of(ruleset, {1: "2a", 2: "1a"})            # South showed the mouse, West now the cat
    event = bonus_event(table, 2, "1a")
    assert bites.mahjong_event_reactions(ruleset=ruleset, table=table, event=event) is None   # off: nothing
    club = capturing(ruleset)
    dealt = table_of(ruleset, {1: "2a", 2: "1a"}, phase="bonus")   # the mouse dealt, not yet announced: not shown
    assert bites.mahjong_event_reactions(ruleset=club, table=dealt, event=bonus_event(dealt, 2, "1a")) is None
    assert bites.mahjong_event_reactions(ruleset=club, table=table, event=bonus_event(table, 1, "2a")) is None
    replies = bites.mahjong_event_reactions(ruleset=club, table=table, event=event)
    assert replies is not None
    assert replies[0] == {"type": "bonus_robbed", "seat": 2, "drawer": 1, "tile": "2a"}     # the mouse taken
    assert [(r["payer"], r["payee"], r["amount"]) for r in replies[1:]] == [(0, 2, 1), (1, 2, 1), (3, 2, 1)]


def test_a_prey_shown_after_its_predator_is_not_captured(ruleset: Ruleset) -> None:
    table = table_of(ruleset, {1: "3a", 2: "4a"})            # South showed the rooster, West now the centipede
    club = capturing(ruleset)
    assert bites.mahjong_event_reactions(ruleset=club, table=table, event=bonus_event(table, 1, "3a")) is None
    assert bites.mahjong_event_reactions(ruleset=club, table=table, event=bonus_event(table, 2, "4a")) is None


def test_captures_in_play_move_the_prey_and_its_tai_and_the_game_audits(ruleset: Ruleset, tmp_path: Path) -> None:
    house = tmp_path / "singapore_capture.yaml"
    document = yaml.safe_load(Path(ruleset.location).read_text(encoding="utf-8"))
    bites_leaf = document["parameters"]["bites"]
    bites_leaf["value"]["animal_capture"] = True
    house.write_text(yaml.safe_dump({"id": "singapore_capture", "version": "1.0.0", "name": "Singapore, captures",
                                     "extends": RULESET, "parameters": {"bites": bites_leaf}}), encoding="utf-8")
    club = load_ruleset(house)
    tiles = bind(club).tiles
    captures = 0
    for seed in range(1, 9):
        played = simulate(club, seed, 1, ["greedy"] * 4, tmp_path / str(seed), max_deals=8)
        replay = played[0].replay
        assert replay is not None and sum(played[0].result.scores) == 0
        log = [json.loads(line) for line in replay.read_text(encoding="utf-8").splitlines()]
        rows: dict[int, list[str]] = {}
        folded = fold(log[0], log[1:])
        for k, e in enumerate(log):
            at = next(folded) if k else None                 # the log's fold, after this event
            if e["type"] == "deal_start":
                rows = {seat: [] for seat in range(4)}
            elif e["type"] == "bonus":
                rows[e["seat"]].append(e["tile"])
            elif e["type"] == "bonus_robbed":
                predator = {"2a": "1a", "4a": "3a"}[e["tile"]]
                assert log[k - 1]["type"] == "bonus" and log[k - 1]["tile"] == predator   # right as it is shown
                assert log[k - 1]["seat"] == e["seat"] and e["tile"] in rows[e["drawer"]]
                rows[e["drawer"]].remove(e["tile"])
                rows[e["seat"]].append(e["tile"])
                assert at is not None and [at.seats[n].bonus for n in range(4)] == [rows[n] for n in range(4)]
                paid = log[k + 1:k + 4]                       # the pair so made, paid by the three others at once
                assert all(p["type"] == "payment" and p["payee"] == e["seat"] and p["reason"] == bites.REASON
                           for p in paid)
                captures += 1
            elif e["type"] == "score" and e["value"] and e.get("items") and not e.get("limit"):
                animals = sum(item.get("count", 1) for item in e["items"] if item["name"] == "animal")
                held = [code for code in rows[e["seat"]] if tiles.kind_of(code) in predicates.ANIMALS]
                assert animals == len(held), (seed, e, rows)          # tai for the animals the row holds now
        assert check(str(replay), "audit").ok
        if captures >= 2:
            break
    assert captures >= 2


def test_a_bite_dealt_whole_is_paid_double_once_at_the_first_of_its_tiles(ruleset: Ruleset) -> None:
    table = table_of(ruleset, {0: "1f1y"}, phase="bonus")
    assert paid(ruleset, table, 0, "1y") == [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    assert paid(ruleset, table, 0, "1f") == []
    table.deal_number += 1                                # a new deal pays again
    assert paid(ruleset, table, 0, "1f") == [(1, 0, 2), (2, 0, 2), (3, 0, 2)]


def test_each_bite_in_play_is_paid_once_right_after_a_bonus_tile_of_its_seat(
        ruleset: Ruleset, logs: list[list[dict[str, Any]]]) -> None:
    tiles = bind(ruleset).tiles
    counted = 0
    for log in logs:
        deals: list[tuple[Table, dict[int, int]]] = []
        last_bonus: int | None = None
        for e in log:
            if e["type"] == "deal_start":
                table = Table(players=4, dealer=e["dealer"], tiles=tiles)
                table.new_deal()
                deals.append((table, {seat: 0 for seat in range(4)}))
            elif e["type"] == "bonus":
                kind = tiles.kind_of(e["tile"])
                assert kind is not None
                deals[-1][0].seats[e["seat"]].bonus.append(kind)
                last_bonus = e["seat"]
            elif e["type"] == "payment" and e["reason"] == bites.REASON:
                assert e["payee"] == last_bonus, e      # paid in reply to the payee's bonus tile
                deals[-1][1][e["payee"]] += 1
            elif e["type"] != "payment":
                last_bonus = None
        for table, payments in deals:
            for seat in range(4):
                assert payments[seat] == 3 * len(bites.bites_held(table, seat)), (seat, table.seats[seat].bonus)
                counted += len(bites.bites_held(table, seat))
    assert counted >= 5


def test_a_drawn_deal_with_a_bite_or_a_kong_paid_passes_the_deal_and_one_without_keeps_it(ruleset: Ruleset) -> None:
    draw = Outcome("draw")
    quiet = table_of(ruleset, {1: "1a3a"}, dealer=3)
    assert bites.mahjong_next_deal(ruleset=ruleset, table=quiet, outcome=draw) is None   # the core's: 3 deals again
    bitten = table_of(ruleset, {1: "1a2a"}, dealer=3)
    assert bites.mahjong_next_deal(ruleset=ruleset, table=bitten, outcome=draw) == (0, 1, 1)   # round the table
    konged = table_of(ruleset, {}, dealer=1)
    kind = parse_tiles("5p")[0]
    konged.seats[2].melds.append(meld_of(MeldKind.KONG, (kind,) * 4, exposed=False))
    assert bites.mahjong_next_deal(ruleset=ruleset, table=konged, outcome=draw) == (2, 0, 0)
    assert bites.mahjong_next_deal(ruleset=ruleset, table=bitten, outcome=Outcome("win", winner=3)) is None


# ---------------------------------------------------------------- bites: kongs


def test_a_kong_is_paid_the_moment_it_stands(ruleset: Ruleset, logs: list[list[dict[str, Any]]]) -> None:
    money = ruleset.value("kong_money")
    kongs = 0
    for log in logs:
        for k, e in enumerate(log):
            if e["type"] == "claim" and e["kind"] == "kong":
                assert (log[k + 1]["type"], log[k + 1]["reason"]) == ("payment", "kong_money")
                assert (log[k + 1]["payer"], log[k + 1]["payee"]) == (e["discarder"], e["seat"])
                assert log[k + 1]["amount"] == money["from_discard"]
                kongs += 1
            elif e["type"] == "kong":
                replies = log[k + 1:k + 4]
                assert all(r["type"] == "payment" and r["payee"] == e["seat"] for r in replies)
                assert {r["payer"] for r in replies} == {0, 1, 2, 3} - {e["seat"]}
                assert all(r["amount"] == money["concealed" if e["way"] == "concealed" else "added"]
                           for r in replies)
                kongs += 1
    assert kongs >= 3


# ---------------------------------------------------------------- paying for all


def won_table(ruleset: Ruleset, winner: int, melds: list[tuple[str, int]]) -> Table:
    """A table whose winner has laid out pungs of the kinds written, each claimed from the seat given."""
    table = table_of(ruleset, {})
    for code, discarder in melds:
        kind = parse_tiles(code)[0]
        table.seats[winner].melds.append(
            meld_of(MeldKind.PUNG, (kind,) * 3, exposed=True, claimed_from=ClaimedFrom((discarder - winner) % 4)))
    return table


def test_the_discarder_of_the_third_dragon_set_pays_for_all(ruleset: Ruleset) -> None:
    table = won_table(ruleset, 0, [("5z", 1), ("6z", 2), ("7z", 3)])
    outcome = Outcome("win", winner=0, how="self_drawn")
    base = [Payment(seat, 0, 32, "16 points x2 (self drawn)") for seat in (1, 2, 3)]
    assert pays_for_all.liable_seat(ruleset, table, outcome) == (3, "third_dragon_set")
    shifted = pays_for_all.shifted(base, 0, 3, "third_dragon_set")
    assert [(p.payer, p.amount) for p in shifted] == [(3, 32)] * 3
    assert ["pays for all" in p.reason for p in shifted] == [True, True, False]   # seat 3's own is its own


def test_two_dragon_sets_or_a_concealed_third_make_no_seat_liable(ruleset: Ruleset) -> None:
    assert pays_for_all.liable_seat(ruleset, won_table(ruleset, 0, [("5z", 1), ("6z", 2)]),
                                    Outcome("win", winner=0, how="discard", discarder=2)) is None
    assert DRAGONS  # the three dragons are the kinds the case reads


def test_the_fourth_wind_set_and_a_robbed_kong_make_their_seat_pay_for_all(ruleset: Ruleset) -> None:
    winds = won_table(ruleset, 2, [("1z", 0), ("2z", 1), ("3z", 3), ("4z", 1)])
    assert pays_for_all.liable_seat(ruleset, winds, Outcome("win", winner=2, how="self_drawn")) == \
        (1, "fourth_wind_set")
    plain = table_of(ruleset, {})
    assert pays_for_all.liable_seat(ruleset, plain, Outcome("win", winner=2, how="robbing_kong", discarder=3)) == \
        (3, "robbed_kong")


def test_the_settlement_moves_every_other_loser_s_payment_and_points_still_balance(ruleset: Ruleset) -> None:
    table = won_table(ruleset, 0, [("5z", 1), ("6z", 2), ("7z", 1)])
    hand = parse_hand("123m9s [555z<] [666z^] [777z<] +9s")
    outcome = Outcome("win", winner=0, how="discard", discarder=3)
    outcome.scores[0] = score_text(ruleset, "123m9s [555z>] [666z^] [777z>] +9s", Given(), "<test>").score
    assert hand.winning_tile is not None and outcome.scores[0].total == 16   # big three dragons: the limit
    payments = settle(ruleset, table, outcome)
    assert sum(p.amount for p in payments) == 16 * 2 + 16 + 16
    assert {p.payer for p in payments} == {1}                # seat 1 gave the third dragon set: it pays all
    assert all(p.payee == 0 for p in payments)


# ---------------------------------------------------------------- whole games


def test_seeded_games_conserve_points_and_audit_clean(tmp_path: Path) -> None:
    for seed, bots in ((11, ["greedy", "random", "greedy", "random"]), (12, ["random"] * 4)):
        played = simulate(load_ruleset(RULESET), seed, 1, bots, tmp_path, max_deals=6)
        replay = played[0].replay
        assert replay is not None and sum(played[0].result.scores) == 0
        assert check(replay).ok
